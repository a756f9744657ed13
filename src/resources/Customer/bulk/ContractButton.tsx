/**
 * Bulk action 'Contratto' (seed A §2, C27, C28): the engagement letter of exactly one customer
 * (else 'Attenzione scegli solo un cliente') as PDF or Word document. A failure asks to check
 * the customer's mandatory data and its legal representative, and names what the server found
 * missing. 'Invia contratti via email' (C32): the letter of each selected customer sent to it,
 * queued in the outbox ('inserito nella coda'); a failure is 'Errore di invio...' with what the
 * server found missing, customer by customer.
 */
import { useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { saveAs } from 'file-saver';
import { useAppDataProvider } from '../../../dataProvider';
import { AppDialog } from '../../../layout/ErrorDialog';
import { BulkErrorDialog, TITLES, useQueuedSend } from '../../../bulk/common';
import { MESSAGES } from '../../../../model/types';
import { BulkTrigger } from './groups';

export const CONTRACT_ERROR =
  'Errore durante il download del contratto: controlla i dati obbligatori del cliente e che sia presente un legale rappresentante.';

export function ContractButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'pdf' | 'html') => {
    setBusy(true);
    try {
      const { blob, filename } = await dp.downloadContract(format, Number(selectedIds[0]));
      saveAs(blob, filename);
      setOpen(false);
    } catch (e) {
      const detail = (e as Error).message;
      setError(detail?.startsWith('Dati mancanti') ? `${CONTRACT_ERROR} ${detail}.` : CONTRACT_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <BulkTrigger
        onClick={() => (selectedIds.length === 1 ? setOpen(true) : setError(MESSAGES.oneCustomer))}
        disabled={!selectedIds.length}
      >
        Contratto
      </BulkTrigger>
      <AppDialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={TITLES.info}
        text={
          <Box>
            <Typography>
              La lettera di incarico professionale del cliente selezionato, con i dati dello studio, del cliente e del
              suo legale rappresentante.
            </Typography>
            {busy && <LinearProgress aria-label="Preparazione del contratto" sx={{ mt: 2 }} />}
          </Box>
        }
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Annulla
            </Button>
            <Button onClick={() => download('html')} disabled={busy}>
              Scarica DOC
            </Button>
            <Button onClick={() => download('pdf')} variant="contained" disabled={busy}>
              Scarica PDF
            </Button>
          </>
        }
      />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}

/** 'Invia contratti via email' (C32): any selection; after a confirmation, one message per customer is queued. */
export function ContractEmailButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const { busy, error, setError, send: queue } = useQueuedSend();
  const send = () =>
    queue(
      () => dp.emailContracts(selectedIds.map(Number)),
      () => setOpen(false),
    );
  const n = selectedIds.length;
  return (
    <>
      <BulkTrigger onClick={() => setOpen(true)} disabled={!n}>
        Invia contratti via email
      </BulkTrigger>
      <AppDialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={TITLES.info}
        text={
          <Box>
            <Typography>
              {n === 1
                ? 'La lettera di incarico del cliente selezionato sarà inviata'
                : `La lettera di incarico di ciascuno dei ${n} clienti selezionati sarà inviata`}{' '}
              in PDF al suo indirizzo email, in copia all&apos;indirizzo per i contratti dello studio.
            </Typography>
            {busy && <LinearProgress aria-label="Preparazione dei contratti" sx={{ mt: 2 }} />}
          </Box>
        }
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Annulla
            </Button>
            <Button onClick={send} variant="contained" disabled={busy}>
              Invia
            </Button>
          </>
        }
      />
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
