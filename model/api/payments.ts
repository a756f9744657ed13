/**
 * The requests and answers of the subscription and its payments (server/areas/payments, C66–C71):
 * one source for the server's schemas, its service's input and the app's types (imported as types
 * only by the app).
 */
import { z } from 'zod';
import { Scalar } from './records.js';

/** A payment provider of C66: a wallet (approval page) or a card form; `config` is what its browser part needs. */
export const PaymentProviderInfo = z.object({
  value: z.string(),
  text: z.string(),
  kind: z.enum(['wallet', 'card']),
  config: z.record(z.string(), z.string()).optional(),
});
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>;

/** C66: euro per month and the providers one may pay with. */
export const SubscriptionPrice = z.object({ data: z.number(), providers: z.array(PaymentProviderInfo) });
export type SubscriptionPrice = z.infer<typeof SubscriptionPrice>;

/** C67: where the customer approves the payment. */
export const PaymentStarted = z.object({ approveUrl: z.string(), paymentId: z.number().int() });
export type PaymentStarted = z.infer<typeof PaymentStarted>;

/** C70: a card payment's client secret; `amount` in cents (seed B §9). */
export const PaymentIntent = z.object({
  client_secret: z.string(),
  paymentId: z.number().int(),
  amount: z.number().int().describe('importo in centesimi'),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/** C68, C71: COMPLETED once paid; a replay moves nothing. */
export const PaymentFinalized = z.object({
  status: z.string(),
  new_expiry: z.string().nullable(),
  replayed: z.boolean(),
});
export type PaymentFinalized = z.infer<typeof PaymentFinalized>;

/** C69: the offline payment recorded and the studio's expiry before and after. */
export const OfflinePayment = z.object({
  id: z.number().int(),
  previous_expiry: z.string().nullable(),
  new_expiry: z.string(),
});
export type OfflinePayment = z.infer<typeof OfflinePayment>;

/** The errors of C67–C71: the seeds' `errorMessage` beside the usual message. */
export const PaymentError = z.object({
  message: z.string(),
  errorMessage: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

// ---------------------------------------------------------------------------------------------
// Requests: each value is checked by the service, with its Italian message (`errorMessage`)

/** the item a card payment buys (C70 purchasing_item_id / charge_type): the subscription only */
export const SUBSCRIPTION_ITEM = 'subscription';

/** C67 POST /api/{provider}/actions/init */
export const PaymentInitInput = z.looseObject({
  numberOfSubscriptionMonth: Scalar.optional().describe('mesi, da 1 a 36'),
  returnUrl: Scalar.optional().describe(
    "dove torna il cliente: un percorso (es. /pay_return) o un indirizzo assoluto dello stesso sito (SERVER_BASEURL o l'host chiamato); altri siti sono rifiutati",
  ),
  cancelUrl: Scalar.optional().describe('dove torna se annulla (come returnUrl)'),
});
export type PaymentInitInput = z.infer<typeof PaymentInitInput>;

/** C68 POST /api/{provider}/actions/finalize */
export const PaymentFinalizeInput = z.looseObject({ token: Scalar.optional().describe('il token del pagamento') });
export type PaymentFinalizeInput = z.infer<typeof PaymentFinalizeInput>;

/** C70 GET /api/{card_provider}/create_payment_intent */
export const PaymentIntentQuery = z.looseObject({
  amount: z
    .string()
    .optional()
    .describe('totale atteso in centesimi di euro (deve essere prezzo × mesi, es. 5970 per 59,70 €)'),
  quantity: z.string().optional().describe('mesi, da 1 a 36'),
  purchasing_item_id: z.string().optional().describe(`articolo: ${SUBSCRIPTION_ITEM}`),
  charge_type: z.string().optional().describe(`tipo di addebito: ${SUBSCRIPTION_ITEM}`),
  purchase_additional_data: z.string().optional().describe('nota libera, al massimo 500 caratteri'),
});
export type PaymentIntentQuery = z.infer<typeof PaymentIntentQuery>;

/** C71 POST /api/{card_provider}/process_confirmed_payment_intent */
export const PaymentIntentConfirmInput = z.looseObject({
  payment_intent_id: Scalar.optional().describe('id del PaymentIntent (pi_…)'),
  payment_intent: Scalar.optional().describe('lo stesso, come lo rimanda Stripe'),
});
export type PaymentIntentConfirmInput = z.infer<typeof PaymentIntentConfirmInput>;

/** C69 POST /api/payment (SuperAdmin) */
export const OfflinePaymentInput = z.looseObject({
  studioId: Scalar.optional().describe('id dello studio'),
  numberOfSubscriptionMonth: Scalar.optional().describe('mesi, da 1 a 36'),
});
export type OfflinePaymentInput = z.infer<typeof OfflinePaymentInput>;

/** The sandbox provider's approval page: the payment's token in the address… */
export const SandboxParams = z.object({ token: z.string() });
/** …and where it sends the customer back. */
export const SandboxBack = z.looseObject({ return: z.string().optional(), cancel: z.string().optional() });
