/**
 * `/scheda_payment_log` (seed B §2, §5; C69): the SuperAdmin records a payment received offline —
 * the studio (required) and the months (1–36) —, and the studio's expiry moves at once; the new
 * expiry is shown and the payment history opens.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, useNotify } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { f } from '../../../model/fields';
import { displayDate } from '../../../model/dates';
import { SUBSCRIPTION_MONTHS } from '../../../model/models/PaymentLog';
import { FieldInput } from '../../form/FieldInput';
import { ScreenTitle } from '../../layout/PageTitle';
import { CloseHeader } from '../../layout/CloseHeader';
import { AcknowledgeDialog } from '../../layout/ErrorDialog';
import { useAppDataProvider } from '../../dataProvider';

const STUDIO = f.relation('Studio', 'Studio', { required: true });
const MONTHS = f.integer('Mesi di abbonamento', {
  required: true,
  min: SUBSCRIPTION_MONTHS.min,
  max: SUBSCRIPTION_MONTHS.max,
  default: 12,
});

export default function OfflinePayment() {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const save = async (values: Record<string, unknown>) => {
    try {
      const res = await dp.offlinePayment({
        studioId: Number(values.studio_id),
        numberOfSubscriptionMonth: Number(values.months),
      });
      notify(`Pagamento registrato: nuova scadenza ${displayDate(res.new_expiry)}`, { type: 'info' });
      navigate('/table/PaymentLog');
    } catch (e) {
      setError(
        `Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema. ${(e as Error).message}`,
      );
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <ScreenTitle title="Pagamento offline" />
      <CloseHeader
        crumbs={[
          { label: 'Home', to: '/Menu' },
          { label: 'Gestione Pagamenti', to: '/table/PaymentLog' },
          { label: 'Pagamento offline' },
        ]}
        fallback="/table/PaymentLog"
      />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Registra un pagamento offline
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            La scadenza dello studio si sposta subito di tanti mesi quanti quelli pagati, a partire dalla scadenza
            attuale o da oggi se è già passata.
          </Typography>
          <Form defaultValues={{ studio_id: null, months: 12 }} onSubmit={save} noValidate>
            <FieldInput name="studio_id" fd={STUDIO} mode="create" />
            <FieldInput name="months" fd={MONTHS} mode="create" />
            <Button type="submit" variant="contained">
              Registra il pagamento
            </Button>
          </Form>
        </CardContent>
      </Card>
      <AcknowledgeDialog open={!!error} onClose={() => setError(null)} title="Errore!!" text={error ?? ''} />
    </Box>
  );
}
