/**
 * Bulk action 'Estratto conto' (seed A §2, C29, C30): the account statements of the selected
 * customers for a period (default the current year; the last one used is remembered in local
 * storage), as PDF or Word document; one customer gives a file, several EstrattiConto.zip. A
 * progress bar shows while the files are made.
 */
import { useState } from 'react';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useListContext, useNotify, useStore } from 'react-admin';
import { saveAs } from 'file-saver';
import { currentPeriod } from '../../model/dates';
import { useAppDataProvider } from '../dataProvider';
import { AppDialog } from '../layout/ErrorDialog';
import { BulkErrorDialog, TEXTS, TITLES } from './common';

/** local storage key of the last period used */
export const PERIOD_STORE = 'documents.accountBalancePeriod';
const RANGE_ERROR = 'La data di inizio intervallo è maggiore di quella di fine';

export function AccountBalanceButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [period, setPeriod] = useStore<{ from: string; to: string }>(PERIOD_STORE, currentPeriod('year'));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reversed = !!(period.from && period.to && period.from > period.to);
  const download = async (format: 'pdf' | 'html') => {
    setBusy(true);
    try {
      const { blob, filename } = await dp.downloadAccountBalances(format, { customer_ids: selectedIds.map(Number), from: period.from || null, to: period.to || null });
      saveAs(blob, filename);
      notify(selectedIds.length > 1 ? `${selectedIds.length} estratti conto scaricati` : 'Estratto conto scaricato', { type: 'info' });
      setOpen(false);
    } catch { setError(TEXTS.load); } finally { setBusy(false); }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} disabled={!selectedIds.length}>Estratto conto</Button>
      <AppDialog open={open} onClose={() => !busy && setOpen(false)} title={TITLES.info}
        text={(
          <Box>
            <Typography>Estratto conto dei {selectedIds.length} clienti selezionati per il periodo:</Typography>
            <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
              <TextField label="Dal" type="date" size="small" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })}
                error={reversed} helperText={reversed ? RANGE_ERROR : ' '} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField label="Al" type="date" size="small" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })}
                helperText=" " slotProps={{ inputLabel: { shrink: true } }} />
            </Box>
            {busy && <LinearProgress aria-label="Preparazione degli estratti conto" />}
          </Box>
        )}
        actions={(
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>Annulla</Button>
            <Button onClick={() => download('html')} disabled={busy || reversed}>Scarica DOC</Button>
            <Button onClick={() => download('pdf')} variant="contained" disabled={busy || reversed}>Scarica PDF</Button>
          </>
        )} />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
