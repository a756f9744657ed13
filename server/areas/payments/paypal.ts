/**
 * PayPal (a wallet provider, PRODUCT.md §7) through its official server SDK
 * (@paypal/paypal-server-sdk, Orders v2): init creates an order to capture in euro, with the
 * payment log id as custom_id and the app's return and cancel addresses; the customer approves it
 * on PayPal's page, which sends them back to `/pay_return?token={order id}`; finalize captures
 * the order and checks what was captured (status and amount). A replayed capture
 * (ORDER_ALREADY_CAPTURED) reads the order instead of failing.
 */
import type { Order, OrdersController } from '@paypal/paypal-server-sdk';
import { centsText, toCents } from '../../../model/money.js';
import type { FinalStatus, PaymentProvider, PaymentState } from './provider.js';
import { PaymentError } from './provider.js';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** where the customer comes back to: SERVER_BASEURL (PayPal needs absolute addresses) */
  baseUrl: string;
  brandName: string;
}

// the SDK (with its HTTP client) is loaded with the first payment, not with the server (issue 27:
// the start's modules and the idle heap)
type Sdk = typeof import('@paypal/paypal-server-sdk');
let sdk: Sdk | undefined;
const loadSdk = async () => (sdk ??= await import('@paypal/paypal-server-sdk'));

const MESSAGES = {
  unavailable: 'PayPal non è raggiungibile in questo momento: riprova tra qualche minuto.',
  refused: 'PayPal ha rifiutato il pagamento',
  noApproval: 'PayPal non ha indicato la pagina di approvazione del pagamento',
} as const;

/** PayPal's own words for a refusal (name and message of its error body), else ours */
function refusal(e: unknown): PaymentError {
  if (sdk && e instanceof sdk.ApiError) {
    const body = e.result as
      { name?: string; message?: string; details?: Array<{ issue?: string; description?: string }> } | undefined;
    const issue = body?.details?.[0];
    if (e.statusCode >= 500) return new PaymentError(MESSAGES.unavailable);
    return new PaymentError(`${MESSAGES.refused}: ${issue?.description ?? body?.message ?? `errore ${e.statusCode}`}`);
  }
  return new PaymentError(MESSAGES.unavailable);
}

const issueOf = (e: unknown) =>
  sdk && e instanceof sdk.ApiError
    ? ((e.result as { details?: Array<{ issue?: string }> } | undefined)?.details?.[0]?.issue ?? '')
    : '';

/** What an order says about our payment: paid (the full amount, in euro), pending or failed. */
export function orderOutcome(order: Order, expected: PaymentState): FinalStatus {
  const captures = (order.purchaseUnits ?? []).flatMap((u) => u.payments?.captures ?? []);
  if (order.status === 'VOIDED') return 'FAILED';
  if (captures.some((c) => c.status === 'DECLINED' || c.status === 'FAILED')) return 'FAILED';
  const done = captures.filter((c) => c.status === 'COMPLETED');
  if (order.status !== 'COMPLETED' || !done.length) return 'PENDING';
  // what PayPal captured must be what the log row asks (an order of another amount pays nothing)
  const paid = done.reduce(
    (sum, c) => sum + (c.amount?.currencyCode === 'EUR' ? toCents(c.amount.value) : Number.NaN),
    0,
  );
  const ours = (order.purchaseUnits ?? []).some((u) => u.customId === String(expected.id));
  return ours && paid === expected.amountCents ? 'COMPLETED' : 'FAILED';
}

export function paypalProvider(o: PaypalOptions): PaymentProvider {
  let controller: Promise<OrdersController> | undefined;
  const ordersApi = () =>
    (controller ??= loadSdk().then(
      ({ Client, Environment, OrdersController }) =>
        new OrdersController(
          new Client({
            clientCredentialsAuthCredentials: { oAuthClientId: o.clientId, oAuthClientSecret: o.clientSecret },
            environment: o.environment === 'production' ? Environment.Production : Environment.Sandbox,
            timeout: 20_000,
          }),
        ),
    ));
  const absolute = (path: string) => new URL(path, o.baseUrl).toString();
  return {
    name: 'paypal',
    kind: 'wallet',
    async init(p) {
      let order: Order;
      try {
        const orders = await ordersApi();
        const { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } = sdk!;
        order = (
          await orders.createOrder({
            // one order per log row, even when the call is repeated after a timeout
            paypalRequestId: `payment-log-${p.paymentId}`,
            prefer: 'return=minimal',
            body: {
              intent: CheckoutPaymentIntent.Capture,
              purchaseUnits: [
                {
                  referenceId: `payment-${p.paymentId}`,
                  customId: String(p.paymentId),
                  description: p.description.slice(0, 127),
                  amount: { currencyCode: 'EUR', value: centsText(p.amountCents) },
                },
              ],
              paymentSource: {
                paypal: {
                  experienceContext: {
                    brandName: o.brandName.slice(0, 127),
                    locale: 'it-IT',
                    shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                    userAction: PaypalExperienceUserAction.PayNow,
                    returnUrl: absolute(p.returnUrl),
                    cancelUrl: absolute(`${p.cancelUrl}${p.cancelUrl.includes('?') ? '&' : '?'}cancelled=1`),
                  },
                },
              },
            },
          })
        ).result;
      } catch (e) {
        throw refusal(e);
      }
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!order.id || !approve) throw new PaymentError(MESSAGES.noApproval);
      return { token: order.id, approveUrl: approve.href };
    },
    async finalize(token, current) {
      let order: Order;
      const orders = await ordersApi().catch((e: unknown) => {
        throw refusal(e);
      });
      try {
        order = (
          await orders.captureOrder({
            id: token,
            paypalRequestId: `capture-${current.id}`,
            prefer: 'return=representation',
          })
        ).result;
      } catch (e) {
        // already captured (a second tab, a replay after a timeout): the order says how it went
        if (issueOf(e) === 'ORDER_ALREADY_CAPTURED') {
          try {
            order = (await orders.getOrder({ id: token })).result;
          } catch (e2) {
            throw refusal(e2);
          }
        } else if (issueOf(e) === 'ORDER_NOT_APPROVED' || issueOf(e) === 'PAYER_ACTION_REQUIRED') {
          return 'PENDING';
        } else if (issueOf(e) === 'INSTRUMENT_DECLINED' || issueOf(e) === 'TRANSACTION_REFUSED') {
          return 'FAILED';
        } else {
          throw refusal(e);
        }
      }
      return orderOutcome(order, current);
    },
  };
}
