/**
 * The answers of the subscription and its payments (server/areas/payments, C66–C71): one source
 * for the server's answer schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

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
