/**
 * The card form of a Stripe payment (C70 → C71), loaded only when a studio chooses to pay by card:
 * Stripe.js (from js.stripe.com, as Stripe requires; the server's CSP allows it only with Stripe
 * on) shows its Payment Element for the PaymentIntent the server opened; confirming sends the
 * customer through the card's checks (3-D Secure) and back to `/pay_return?payment_intent=…`,
 * where the server completes the payment.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  /** the total, already written in euro */
  amountText: string;
  months: number;
  onClose: () => void;
}

function CardForm({ amountText, months, onClose }: Omit<StripeCheckoutProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const { error: failed } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/pay_return?provider=stripe` },
    });
    // only reached when the confirmation failed (otherwise the browser is on its way to /pay_return)
    setError(failed?.message ?? 'Il pagamento con carta non è andato a buon fine.');
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Pagamento con carta">
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Abbonamento di {months} {months === 1 ? 'mese' : 'mesi'}: <strong>{amountText}</strong>
        </Typography>
        {!ready ? <LinearProgress aria-label="Caricamento del modulo di pagamento" sx={{ mb: 2 }} /> : null}
        <PaymentElement onReady={() => setReady(true)} onLoadError={() => setError(LOAD_FAILED)} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Annulla
        </Button>
        <Button type="submit" variant="contained" disabled={!stripe || !ready || busy}>
          Paga {amountText}
        </Button>
      </DialogActions>
    </form>
  );
}

const LOAD_FAILED = 'Impossibile caricare il modulo di pagamento di Stripe: controlla la connessione e riprova.';

export default function StripeCheckout({ publishableKey, clientSecret, ...rest }: StripeCheckoutProps) {
  const [failed, setFailed] = useState(false);
  const stripe = useMemo(() => {
    // Stripe.js comes from js.stripe.com: without it the form cannot be shown
    return loadStripe(publishableKey).then(
      (s) => {
        if (!s) setFailed(true);
        return s;
      },
      () => {
        setFailed(true);
        return null;
      },
    );
  }, [publishableKey]);
  return (
    <Dialog open onClose={rest.onClose} maxWidth="sm" fullWidth aria-labelledby="stripe-checkout-title">
      <DialogTitle id="stripe-checkout-title">Pagamento con carta</DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error" role="alert">
              {LOAD_FAILED}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={rest.onClose} autoFocus>
              Chiudi
            </Button>
          </DialogActions>
        </>
      ) : (
        <Elements stripe={stripe} options={{ clientSecret, locale: 'it' }}>
          <CardForm {...rest} />
        </Elements>
      )}
    </Dialog>
  );
}
