/**
 * Stripe (a card provider, PRODUCT.md §7) through its official server SDK (stripe): init creates
 * a PaymentIntent in euro with the payment log id in its metadata and answers its client secret
 * (C70); the app's card form (Stripe.js) confirms it in the browser and comes back to
 * `/pay_return?payment_intent=…`; finalize (C71) reads the PaymentIntent and checks status,
 * amount, currency and the log id.
 */
import type Stripe from 'stripe';
import type { FinalStatus, PaymentProvider, PaymentState } from './provider.js';
import { PaymentError } from './provider.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
}

const MESSAGES = {
  unavailable: 'Stripe non è raggiungibile in questo momento: riprova tra qualche minuto.',
  refused: 'Stripe ha rifiutato il pagamento',
} as const;

function refusal(StripeSdk: typeof Stripe | undefined, e: unknown): PaymentError {
  if (StripeSdk && e instanceof StripeSdk.errors.StripeError) {
    if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || (e.statusCode ?? 0) >= 500)
      return new PaymentError(MESSAGES.unavailable);
    return new PaymentError(`${MESSAGES.refused}: ${e.message}`);
  }
  return new PaymentError(MESSAGES.unavailable);
}

/** What a PaymentIntent says about our payment. */
export function intentOutcome(
  pi: Pick<Stripe.PaymentIntent, 'status' | 'amount' | 'amount_received' | 'currency' | 'metadata'>,
  expected: PaymentState,
): FinalStatus {
  if (pi.metadata?.payment_log_id !== String(expected.id)) return 'FAILED';
  if (pi.status === 'canceled') return 'FAILED';
  if (pi.status !== 'succeeded') return 'PENDING';
  return pi.currency === 'eur' && pi.amount_received === expected.amountCents ? 'COMPLETED' : 'FAILED';
}

export function stripeProvider(o: StripeOptions): PaymentProvider {
  // the SDK is loaded with the first payment, not with the server (issue 27: the start's modules)
  let StripeSdk: typeof Stripe | undefined;
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then((m) => {
      StripeSdk = m.default;
      return new m.default(o.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
    }));
  return {
    name: 'stripe',
    kind: 'card',
    publicConfig: { publishableKey: o.publishableKey },
    async init(p) {
      try {
        const pi = await (
          await stripe()
        ).paymentIntents.create(
          {
            amount: p.amountCents,
            currency: 'eur',
            description: p.description,
            automatic_payment_methods: { enabled: true },
            metadata: {
              payment_log_id: String(p.paymentId),
              months: String(p.months),
              ...(p.note ? { note: p.note.slice(0, 500) } : {}),
            },
          },
          { idempotencyKey: `payment-log-${p.paymentId}` },
        );
        if (!pi.client_secret) throw new PaymentError(MESSAGES.unavailable);
        return { token: pi.id, clientSecret: pi.client_secret };
      } catch (e) {
        if (e instanceof PaymentError) throw e;
        throw refusal(StripeSdk, e);
      }
    },
    async finalize(token, current) {
      try {
        return intentOutcome(await (await stripe()).paymentIntents.retrieve(token), current);
      } catch (e) {
        throw refusal(StripeSdk, e);
      }
    },
  };
}
