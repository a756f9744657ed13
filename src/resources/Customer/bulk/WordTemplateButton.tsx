/**
 * Bulk action 'Modelli Word' (seed B §5, §7: C35, C36, C37): choose a template, then download
 * it filled for the selected customers (a .docx for one, a zip for several) or e-mail it to
 * each of them (queued: 'inserito nella coda'). At least one customer ('Attenzione scegli almeno
 * un cliente'). A failure tells what to check (the template's format, the customer's and the
 * studio's data) with the server's reason.
 */
import { useState } from 'react';
import { Alert, Button, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { useListContext, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../../dataProvider';
import { BulkDialog, BulkErrorDialog, saveFile, useQueuedSend, withReason } from '../../../bulk/common';
import { BulkTrigger } from './groups';

export const AT_LEAST_ONE = 'Attenzione scegli almeno un cliente';
export const WORD_ERROR =
  'Errore durante la preparazione del modello: controlla che il modello sia un documento Word valido e che i dati del cliente e dello studio siano completi.';

export function WordTemplateButton() {
  const { selectedIds } = useListContext();
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<number | ''>('');
  // the download and the send share the busy state and the error; this tells the one running
  const [running, setRunning] = useState<'download' | 'email'>('download');
  const { busy, error, setError, run, send } = useQueuedSend();
  const templates = useQuery({
    queryKey: ['wordTemplates'],
    queryFn: ({ signal }) => dp.wordTemplates({ signal }),
    enabled: open,
  });
  const chosen = templates.data?.find((t) => t.id === templateId);
  const ids = selectedIds.map(Number);
  const download = () => {
    setRunning('download');
    return run(
      async () => {
        await saveFile(dp.downloadWordTemplate(Number(templateId), ids));
        notify(ids.length > 1 ? `${ids.length} documenti scaricati` : 'Documento scaricato', { type: 'info' });
        setOpen(false);
      },
      (e) => withReason(WORD_ERROR, e),
    );
  };
  const email = () => {
    setRunning('email');
    return send(
      () => dp.emailWordTemplate(Number(templateId), ids),
      () => setOpen(false),
      true,
    );
  };
  return (
    <>
      <BulkTrigger onClick={() => (ids.length ? setOpen(true) : setError(AT_LEAST_ONE))}>Modelli Word</BulkTrigger>
      <BulkDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={busy}
        sx={{ minWidth: { sm: 420 } }}
        actions={
          <>
            <Button onClick={email} disabled={busy || templateId === ''}>
              Invia via email
            </Button>
            <Button onClick={download} variant="contained" disabled={busy || templateId === ''}>
              {ids.length > 1 ? 'Scarica zip' : 'Scarica'}
            </Button>
          </>
        }
      >
        <Typography>
          Un documento Word compilato con i dati di ciascuno dei {ids.length} clienti selezionati.
        </Typography>
        {templates.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Errore di caricamento...
          </Alert>
        )}
        <TextField
          select
          fullWidth
          label="Modello"
          value={templateId}
          onChange={(e) => setTemplateId(Number(e.target.value))}
          sx={{ mt: 2 }}
          disabled={busy || templates.isPending}
          helperText={
            chosen?.description ?? (templates.data && !templates.data.length ? 'Nessun modello disponibile' : ' ')
          }
        >
          {(templates.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.title}
            </MenuItem>
          ))}
        </TextField>
        {busy && (
          <LinearProgress
            aria-label={running === 'download' ? 'Preparazione dei documenti' : 'Invio in coda'}
            sx={{ mt: 1 }}
          />
        )}
      </BulkDialog>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
    </>
  );
}
