/**
 * `/pay_return?token=…` (seed B §2, §4; issue 14): back from the provider, the payment is
 * finalised (C68; a card payment comes back with `?payment_intent=…`: C71); COMPLETED shows the new expiry and the logged user's data is read again (the
 * banner, the menu). A replayed token says the same without extending anything; a refusal shows
 * the provider's errorMessage.
 */
import { useSearchParams, Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack } from '@mui/material';
import { useEffect } from 'react';
import { displayDate } from '../../../model/dates';
import { ScreenTitle } from '../../layout/PageTitle';
import { useAppDataProvider } from '../../dataProvider';
import { PROVIDER_KEY } from './PayInit';

export function PayReturn() {
  const dp = useAppDataProvider();
  const [params] = useSearchParams();
  // a wallet comes back with ?token= (C68), a card form with ?payment_intent= (C71)
  const paymentIntent = params.get('payment_intent') ?? '';
  const token = paymentIntent || (params.get('token') ?? '');
  const provider = params.get('provider') ?? sessionStorage.getItem(PROVIDER_KEY) ?? 'sandbox';
  const cardFailed = !!paymentIntent && params.get('redirect_status') === 'failed';
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['payments', 'finalize', provider, token],
    enabled: !!token && !cardFailed,
    retry: false,
    staleTime: Infinity,
    queryFn: () =>
      paymentIntent ? dp.processConfirmedPaymentIntent(provider, paymentIntent) : dp.finalizePayment(provider, token),
  });
  useEffect(() => {
    if (result.data?.status !== 'COMPLETED') return;
    // everything read again (the logged user's studio and its expiry, the lists) but this
    // payment's own answer: asking the provider twice would be a second finalisation
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'payments' });
  }, [result.data?.status, queryClient]);
  // only COMPLETED is a payment made: any other status of a 2xx answer is a refusal with its errorMessage (seed B §4, §8)
  const completed = result.data?.status === 'COMPLETED' ? result.data : null;
  const refused =
    result.data && !completed
      ? (result.data as { errorMessage?: string }).errorMessage ||
        `Il pagamento non è stato completato (stato: ${result.data.status || 'sconosciuto'}): l'abbonamento non è cambiato.`
      : null;
  const err = result.error as (Error & { body?: { errorMessage?: string } }) | null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <ScreenTitle title="Esito del pagamento" />
      {!token ? <Alert severity="error">Pagamento non trovato: manca il riferimento del pagamento.</Alert> : null}
      {cardFailed ? (
        <Alert severity="error">
          <AlertTitle>Errore!!</AlertTitle>Il pagamento con carta non è andato a buon fine: l&apos;abbonamento non è
          cambiato. Riprova, anche con un&apos;altra carta.
        </Alert>
      ) : null}
      {result.isPending && token && !cardFailed ? (
        <>
          <LinearProgress aria-label="Conferma del pagamento" />
          <p>Conferma del pagamento in corso…</p>
        </>
      ) : null}
      {completed ? (
        <Alert severity="success" role="status">
          <AlertTitle>Pagamento completato</AlertTitle>
          {completed.new_expiry
            ? `Il tuo abbonamento ora scade il ${displayDate(completed.new_expiry)}.`
            : 'Il tuo abbonamento è stato rinnovato.'}
        </Alert>
      ) : null}
      {refused ? (
        <Alert severity="error">
          <AlertTitle>Errore!!</AlertTitle>
          {refused}
        </Alert>
      ) : null}
      {err ? (
        <Alert severity="error">
          <AlertTitle>Errore!!</AlertTitle>
          {err.body?.errorMessage ?? err.message}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button component={RouterLink} to="/Menu" variant="contained">
          Torna alla Home
        </Button>
        {err || refused || cardFailed ? (
          <Button component={RouterLink} to="/pay_init">
            Riprova
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
