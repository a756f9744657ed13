/**
 * `/pay_init` (seed B §2, §4; issue 14): buy subscription months — 1 to 36 (default 1), the total
 * (price per month from C66 × months), the current and the new expiry (DD-MM-YYYY) shown before
 * paying; a button per provider opens the payment (C67) and goes to its approval page. The
 * provider's refusal is shown as it is (errorMessage, 'Errore!!').
 */
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PaymentIcon from '@mui/icons-material/Payment';
import { displayDate, today } from '../../../model/dates';
import { formatEuro } from '../../../model/types';
import { SUBSCRIPTION_MONTHS } from '../../../model/models/PaymentLog';
import { newExpiry, totalCents } from '../../../model/subscription';
import { BulkScreenHeader } from '../../bulk/PreviewRun';
import { AppDialog } from '../../layout/ErrorDialog';
import { useAppDataProvider, type PaymentProviderInfo } from '../../dataProvider';
import { useLoggedStudio } from '../../layout/shell/data';

// the card form (Stripe.js) only when a studio pays by card
const StripeCheckout = lazy(() => import('./StripeCheckout'));

/** where the payment page remembers the provider for /pay_return */
export const PROVIDER_KEY = 'gestionale.payment_provider';
const MONTHS = Array.from(
  { length: SUBSCRIPTION_MONTHS.max - SUBSCRIPTION_MONTHS.min + 1 },
  (_x, i) => SUBSCRIPTION_MONTHS.min + i,
);

export function PayInit() {
  const dp = useAppDataProvider();
  const [params] = useSearchParams();
  const price = useQuery({
    queryKey: ['payments', 'price'],
    queryFn: ({ signal }) => dp.subscriptionPrice({ signal }),
  });
  const studio = useLoggedStudio();
  const [months, setMonths] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<{
    provider: PaymentProviderInfo;
    clientSecret: string;
    amountText: string;
    months: number;
  } | null>(null);
  const current =
    (studio.data as { subscription_expire_date?: string | null } | null | undefined)?.subscription_expire_date ?? null;
  const next = newExpiry(current, today(), months);
  const total = price.data ? totalCents(price.data.data, months) / 100 : null;
  const pay = async (provider: PaymentProviderInfo) => {
    setBusy(true);
    try {
      sessionStorage.setItem(PROVIDER_KEY, provider.value);
      if (provider.kind === 'card') {
        // C70: the server prices the months; the amount shown here must match it (in cents, seed B §9)
        const res = await dp.createPaymentIntent(provider.value, {
          quantity: months,
          amount: totalCents(price.data!.data, months),
        });
        setCard({ provider, clientSecret: res.client_secret, amountText: formatEuro(res.amount / 100), months });
        setBusy(false);
        return;
      }
      const res = await dp.initPayment(provider.value, {
        numberOfSubscriptionMonth: months,
        returnUrl: '/pay_return',
        cancelUrl: '/pay_init',
      });
      // C67 answers approveUrl or errorMessage: without an approval page there is nowhere to go
      if (!res.approveUrl) {
        setError(
          (res as { errorMessage?: string }).errorMessage || 'Il pagamento non può essere avviato: riprova più tardi.',
        );
        setBusy(false);
        return;
      }
      window.location.assign(res.approveUrl);
    } catch (e) {
      const err = e as Error & { body?: { errorMessage?: string } };
      setError(err.body?.errorMessage ?? err.message);
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <BulkScreenHeader title="Abbonamento" />
      {params.get('cancelled') ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Pagamento annullato: l&apos;abbonamento non è cambiato.
        </Alert>
      ) : null}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Rinnova l&apos;abbonamento
          </Typography>
          {price.isError ? (
            <Alert severity="error">Errore di caricamento... {(price.error as Error).message}</Alert>
          ) : null}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label="Mesi di abbonamento"
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
              sx={{ maxWidth: 240 }}
            >
              {MONTHS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m} {m === 1 ? 'mese' : 'mesi'}
                </MenuItem>
              ))}
            </TextField>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 3,
                rowGap: 1,
                m: 0,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, fontWeight: 500 },
              }}
            >
              <dt>Prezzo al mese</dt>
              <dd>{price.data ? formatEuro(price.data.data) : '…'}</dd>
              <dt>Totale</dt>
              <dd data-testid="pay-total">{total === null ? '…' : formatEuro(total)}</dd>
              <dt>Scadenza attuale</dt>
              <dd>{current ? displayDate(current) : 'nessuna'}</dd>
              <dt>Nuova scadenza</dt>
              <dd data-testid="pay-new-expiry">{displayDate(next)}</dd>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(price.data?.providers ?? []).map((p) => (
                <Button
                  key={p.value}
                  variant="contained"
                  startIcon={<PaymentIcon />}
                  disabled={busy || !price.data}
                  onClick={() => void pay(p)}
                >
                  Paga con {p.text}
                </Button>
              ))}
            </Stack>
            {price.data && !price.data.providers.length ? (
              <Alert severity="warning">Nessun metodo di pagamento attivo: contatta il fornitore.</Alert>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {card?.provider.config?.publishableKey ? (
        <Suspense fallback={null}>
          <StripeCheckout
            publishableKey={card.provider.config.publishableKey}
            clientSecret={card.clientSecret}
            amountText={card.amountText}
            months={card.months}
            onClose={() => setCard(null)}
          />
        </Suspense>
      ) : null}
      <AppDialog
        open={!!error}
        onClose={() => setError(null)}
        title="Errore!!"
        text={error ?? ''}
        actions={
          <Button onClick={() => setError(null)} autoFocus>
            Ho Capito
          </Button>
        }
      />
    </Box>
  );
}
