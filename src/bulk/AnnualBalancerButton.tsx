/**
 * Bulk action 'Conguaglio annuale' (C34): one year for every selected customer, two clicks (the
 * first turns the button into 'Sicuro?' in warning colour), then the result table; the result
 * resets when the selection changes.
 */
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useListContext, useRefresh } from 'react-admin';
import { useAppDataProvider, type BalancerRow } from '../dataProvider';
import { AppDialog } from '../layout/ErrorDialog';
import { BulkErrorDialog, ResultTable, TEXTS, TITLES, YearField, currentYear, euro, validYear } from './common';

export function AnnualBalancerButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(String(currentYear()));
  // the pending 'Sicuro?' and the result belong to the selection they were made on
  const selection = selectedIds.join(',');
  const [armedFor, setArmedFor] = useState<string | null>(null);
  const armed = armedFor === selection;
  const setArmed = (on: boolean) => setArmedFor(on ? selection : null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ selection: string; rows: BalancerRow[] } | null>(null);
  // another selection: the result of the previous one is not shown
  const result = done?.selection === selection ? done.rows : null;
  const [error, setError] = useState<string | null>(null);
  const close = () => { setOpen(false); setArmed(false); };
  const click = async () => {
    if (!armed) { setArmed(true); return; }
    setArmed(false);
    setBusy(true);
    try {
      setDone({ selection, rows: await dp.annualBalancer(selectedIds, Number(year)) });
      refresh();
    } catch { setError(TEXTS.save); } finally { setBusy(false); }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>Conguaglio annuale</Button>
      <AppDialog open={open} onClose={close} title={TITLES.warning}
        text={(
          <Box>
            <Typography>Conguaglio annuale dei {selectedIds.length} clienti selezionati: tariffa annuale meno le rate dell&apos;anno.</Typography>
            <YearField value={year} onChange={(v) => { setYear(v); setArmed(false); }} />
            {result && <ResultTable caption="Risultato del conguaglio" head={['Id', 'Ragione Sociale', 'Importo conguagliato']}
              rows={result.map((r) => [r.id, r.business_name, euro(r.balanced_amount)])} />}
          </Box>
        )}
        actions={(
          <>
            <Button onClick={close}>Chiudi</Button>
            <Button onClick={click} variant="contained" color={armed ? 'warning' : 'primary'} disabled={busy || !validYear(year) || !selectedIds.length}>
              {armed ? 'Sicuro?' : 'Esegui conguaglio'}
            </Button>
          </>
        )} />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
