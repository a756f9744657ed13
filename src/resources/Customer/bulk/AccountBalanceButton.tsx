/**
 * Bulk action 'Estratto conto' (seed A §2, C29, C30): the account statements of the selected
 * customers for a period (default the current year; the last one used is remembered in local
 * storage), as PDF or Word document; one customer gives a file, several EstrattiConto.zip. A
 * progress bar shows while the files are made. 'Invia estratti conto via email' (C31): the same
 * period dialog, then each customer's statement is queued in the outbox ('inserito nella coda').
 */
import { useState } from 'react';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useListContext, useNotify, useStore } from 'react-admin';
import { currentPeriod } from '../../../../model/dates';
import { useAppDataProvider } from '../../../dataProvider';
import {
  BulkDialog,
  BulkErrorDialog,
  DocPdfButtons,
  TEXTS,
  saveFile,
  useBulkRequest,
  useQueuedSend,
} from '../../../bulk/common';
import { BulkTrigger } from './groups';

/** local storage key of the last period used */
export const PERIOD_STORE = 'documents.accountBalancePeriod';
const RANGE_ERROR = 'La data di inizio intervallo è maggiore di quella di fine';

type Period = { from: string; to: string };

/** The statement's period (shared by the download and the e-mail, remembered in local storage). */
function usePeriod() {
  const [period, setPeriod] = useStore<Period>(PERIOD_STORE, currentPeriod('year'));
  return { period, setPeriod, reversed: !!(period.from && period.to && period.from > period.to) };
}

/** 'Dal' and 'Al' of the statement's period. */
function PeriodFields({ period, setPeriod, reversed }: ReturnType<typeof usePeriod>) {
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
      <TextField
        label="Dal"
        type="date"
        size="small"
        value={period.from}
        onChange={(e) => setPeriod({ ...period, from: e.target.value })}
        error={reversed}
        helperText={reversed ? RANGE_ERROR : ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Al"
        type="date"
        size="small"
        value={period.to}
        onChange={(e) => setPeriod({ ...period, to: e.target.value })}
        helperText=" "
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}

export function AccountBalanceButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const periodState = usePeriod();
  const { period, reversed } = periodState;
  const [open, setOpen] = useState(false);
  const { busy, error, setError, run } = useBulkRequest();
  const download = (format: 'pdf' | 'html') =>
    run(async () => {
      await saveFile(
        dp.downloadAccountBalances(format, {
          customer_ids: selectedIds.map(Number),
          from: period.from || null,
          to: period.to || null,
        }),
      );
      notify(selectedIds.length > 1 ? `${selectedIds.length} estratti conto scaricati` : 'Estratto conto scaricato', {
        type: 'info',
      });
      setOpen(false);
    }, TEXTS.load);
  return (
    <>
      <BulkTrigger onClick={() => setOpen(true)} disabled={!selectedIds.length}>
        Estratto conto
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={<DocPdfButtons onDownload={download} disabled={busy || reversed} />}
      >
        <Typography>Estratto conto dei {selectedIds.length} clienti selezionati per il periodo:</Typography>
        <PeriodFields {...periodState} />
        {busy && <LinearProgress aria-label="Preparazione degli estratti conto" />}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}

/** 'Invia estratti conto via email' (C31): any selection; the period, then one message per customer is queued. */
export function AccountBalanceEmailButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const periodState = usePeriod();
  const { period, reversed } = periodState;
  const [open, setOpen] = useState(false);
  const { busy, error, setError, send: queue } = useQueuedSend();
  const send = () =>
    queue(
      () =>
        dp.emailAccountBalances({
          customer_ids: selectedIds.map(Number),
          from: period.from || null,
          to: period.to || null,
        }),
      () => setOpen(false),
    );
  return (
    <>
      <BulkTrigger onClick={() => setOpen(true)} disabled={!selectedIds.length}>
        Invia estratti conto via email
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={
          <Button onClick={send} variant="contained" disabled={busy || reversed}>
            Invia
          </Button>
        }
      >
        <Typography>
          L&apos;estratto conto di ciascuno dei {selectedIds.length} clienti selezionati, in PDF, sarà inviato al suo
          indirizzo email (in copia all&apos;indirizzo per gli estratti conto dello studio). Periodo:
        </Typography>
        <PeriodFields {...periodState} />
        {busy && <LinearProgress aria-label="Preparazione degli estratti conto" />}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
