/**
 * Bulk action 'Contratto' (seed A §2, C27, C28): the engagement letter of exactly one customer
 * (else 'Attenzione scegli solo un cliente') as PDF or Word document. A failure asks to check
 * the customer's mandatory data and its legal representative, and names what the server found
 * missing. 'Invia contratti via email' (C32): the letter of each selected customer sent to it,
 * queued in the outbox ('inserito nella coda'); a failure is 'Errore di invio...' with what the
 * server found missing, customer by customer.
 */
import { useState } from 'react';
import { Button, LinearProgress, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useAppDataProvider } from '../../../dataProvider';
import {
  BulkDialog,
  BulkErrorDialog,
  DocPdfButtons,
  saveFile,
  useBulkRequest,
  useQueuedSend,
} from '../../../bulk/common';
import { MESSAGES } from '../../../../model/types';
import { BulkTrigger } from './groups';

export const CONTRACT_ERROR =
  'Errore durante il download del contratto: controlla i dati obbligatori del cliente e che sia presente un legale rappresentante.';

export function ContractButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const { busy, error, setError, run } = useBulkRequest();
  const download = (format: 'pdf' | 'html') =>
    run(
      async () => {
        await saveFile(dp.downloadContract(format, Number(selectedIds[0])));
        setOpen(false);
      },
      (e) => {
        const detail = (e as Error).message;
        return detail?.startsWith('Dati mancanti') ? `${CONTRACT_ERROR} ${detail}.` : CONTRACT_ERROR;
      },
    );
  return (
    <>
      <BulkTrigger
        onClick={() => (selectedIds.length === 1 ? setOpen(true) : setError(MESSAGES.oneCustomer))}
        disabled={!selectedIds.length}
      >
        Contratto
      </BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={<DocPdfButtons onDownload={download} disabled={busy} />}
      >
        <Typography>
          La lettera di incarico professionale del cliente selezionato, con i dati dello studio, del cliente e del suo
          legale rappresentante.
        </Typography>
        {busy && <LinearProgress aria-label="Preparazione del contratto" sx={{ mt: 2 }} />}
      </BulkDialog>
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
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        actions={
          <Button onClick={send} variant="contained" disabled={busy}>
            Invia
          </Button>
        }
      >
        <Typography>
          {n === 1
            ? 'La lettera di incarico del cliente selezionato sarà inviata'
            : `La lettera di incarico di ciascuno dei ${n} clienti selezionati sarà inviata`}{' '}
          in PDF al suo indirizzo email, in copia all&apos;indirizzo per i contratti dello studio.
        </Typography>
        {busy && <LinearProgress aria-label="Preparazione dei contratti" sx={{ mt: 2 }} />}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
