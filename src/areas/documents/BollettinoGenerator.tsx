/**
 * `/NewSchedaBollettino` (seed A §5): the payment notice generator, create only — customers (at
 * least one), service, amount — then the notices as PDF (C21) or as a Word document (C22): one
 * customer gives a file, several a zip; or each notice e-mailed to its customer (C20: 'Info!!'
 * 'Invio email in coda..'). Picking a service fills the amount with its cost while the amount is
 * empty. Opened from the customers' toolbar, it starts with the selected customers.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Grid, LinearProgress, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import DescriptionIcon from '@mui/icons-material/Description';
import SendIcon from '@mui/icons-material/Send';
import { Form, useDataProvider, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { saveAs } from 'file-saver';
import type { FieldDef } from '../../../model/fields';
import { FieldInput } from '../../form/FieldInput';
import { ScreenTitle } from '../../layout/PageTitle';
import { CloseHeader } from '../../layout/CloseHeader';
import { useAppDataProvider } from '../../dataProvider';
import { BulkErrorDialog } from '../../bulk/common';
import { AppDialog } from '../../layout/ErrorDialog';
import { BOLLETTINO_QUEUED } from '../../../model/mail';

/** the request of seed A §3: customers (at least 1), service, amount */
export const BOLLETTINO_FIELDS: Record<string, FieldDef> = {
  customers_ids: { type: 'manyToMany', label: 'Clienti', ref: 'Customer', required: true, min: 1 },
  studio_service_id: { type: 'relation', label: 'Servizio', ref: 'StudioService', required: true },
  amount: { type: 'money', label: 'Importo', required: true, rules: ['positive'] },
};
/** seed A §8: the download failure text */
export const BOLLETTINO_DOWNLOAD_ERROR = 'Si è verificato un errore durante il download del pdf bollettino.';
/** seed A §8: the e-mail send queued ('Info!!'), and its failure (the text of a failed save, with the server's message) */

export const BOLLETTINO_EMAIL_ERROR = 'Errore nel Salvataggio dati';

/** Picking a service fills the amount with its cost, while the amount is still empty. */
function CostFromService() {
  const serviceId = useWatch({ name: 'studio_service_id' });
  const { getValues, setValue } = useFormContext();
  const dp = useDataProvider();
  useEffect(() => {
    if (!serviceId) return;
    let live = true;
    dp.getOne('StudioService', { id: serviceId })
      .then(({ data }) => {
        const amount = getValues('amount');
        if (live && (amount === undefined || amount === null || amount === '') && Number(data.cost) > 0) {
          setValue('amount', Number(data.cost), { shouldDirty: true, shouldValidate: true });
        }
      })
      .catch(() => {
        /* the amount stays to be typed */
      });
    return () => {
      live = false;
    };
  }, [serviceId, dp, getValues, setValue]);
  return null;
}

function Actions({
  busy,
  onDownload,
  onEmail,
}: {
  busy: boolean;
  onDownload: (format: 'pdf' | 'html', values: Record<string, unknown>) => void;
  onEmail: (values: Record<string, unknown>) => void;
}) {
  const { handleSubmit } = useFormContext();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <Button
        variant="contained"
        startIcon={<PictureAsPdfIcon />}
        disabled={busy}
        onClick={handleSubmit((v) => onDownload('pdf', v))}
      >
        Scarica PDF
      </Button>
      <Button
        variant="outlined"
        startIcon={<DescriptionIcon />}
        disabled={busy}
        onClick={handleSubmit((v) => onDownload('html', v))}
      >
        Scarica DOC
      </Button>
      <Button variant="outlined" startIcon={<SendIcon />} disabled={busy} onClick={handleSubmit(onEmail)}>
        Invia via email
      </Button>
    </Box>
  );
}

export function BollettinoGenerator() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const preset = (location.state as { customers_ids?: unknown[] } | null)?.customers_ids;
  const download = async (format: 'pdf' | 'html', values: Record<string, unknown>) => {
    const ids = (values.customers_ids as unknown[]).map(Number);
    setBusy(true);
    try {
      const { blob, filename } = await dp.downloadBollettini(format, {
        customers_ids: ids,
        studio_service_id: Number(values.studio_service_id),
        amount: Number(values.amount),
      });
      saveAs(blob, filename);
      notify(ids.length > 1 ? `${ids.length} bollettini scaricati` : 'Bollettino scaricato', { type: 'info' });
    } catch (e) {
      setError(`${BOLLETTINO_DOWNLOAD_ERROR}${(e as Error).message ? ` ${(e as Error).message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };
  const email = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await dp.emailBollettini({
        customers_ids: (values.customers_ids as unknown[]).map(Number),
        studio_service_id: Number(values.studio_service_id),
        amount: Number(values.amount),
      });
      setQueued(true);
    } catch (e) {
      setError(`${BOLLETTINO_EMAIL_ERROR}${(e as Error).message ? ` ${(e as Error).message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ScreenTitle title="Bollettini" />
      <CloseHeader fallback="/Menu" crumbs={[{ label: 'Home', to: '/Menu' }, { label: 'Nuovo: Bollettino' }]} />
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Un avviso di pagamento per ciascun cliente scelto, con l&apos;IBAN del conto del servizio (o dello studio) e
            il codice QR per il bonifico: da scaricare, oppure da inviare via email a ciascun cliente (in copia
            all&apos;indirizzo per i bollettini dello studio).
          </Typography>
          <Form
            defaultValues={{ customers_ids: preset ?? [], studio_service_id: null, amount: null }}
            mode="onSubmit"
            reValidateMode="onChange"
          >
            <CostFromService />
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12 }}>
                <FieldInput name="customers_ids" fd={BOLLETTINO_FIELDS.customers_ids!} mode="create" />
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <FieldInput name="studio_service_id" fd={BOLLETTINO_FIELDS.studio_service_id!} mode="create" />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <FieldInput name="amount" fd={BOLLETTINO_FIELDS.amount!} mode="create" />
              </Grid>
            </Grid>
            {busy && <LinearProgress aria-label="Preparazione dei bollettini" sx={{ mt: 2 }} />}
            <Actions busy={busy} onDownload={download} onEmail={email} />
          </Form>
        </CardContent>
      </Card>
      <BulkErrorDialog text={error} onClose={() => setError(null)} />
      <AppDialog
        open={queued}
        onClose={() => setQueued(false)}
        title="Info!!"
        text={BOLLETTINO_QUEUED}
        actions={
          <Button onClick={() => setQueued(false)} variant="contained" autoFocus>
            Ho Capito
          </Button>
        }
      />
    </>
  );
}
