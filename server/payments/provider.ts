/**
 * One interface for the payment providers (PRODUCT.md §7): a payment is opened with the provider
 * (init: a token and the page where the customer approves it) and, when the customer is back,
 * finalised (the provider says whether it was paid). The service keeps the log row, the
 * idempotency and the expiry; a provider only talks to its service.
 */
export interface PaymentInit {
  /** the payment log row (its id goes with the payment as a reference) */
  paymentId: number;
  amountCents: number;
  months: number;
  description: string;
  /** paths of the app the customer comes back to (a provider elsewhere makes them absolute with SERVER_BASEURL) */
  returnUrl: string;
  cancelUrl: string;
}

export type FinalStatus = 'COMPLETED' | 'PENDING' | 'FAILED';

export interface PaymentProvider {
  name: string;
  /** opens the payment: its token (unique, the idempotency key) and where the customer approves it */
  init(p: PaymentInit): Promise<{ token: string; approveUrl: string }>;
  /** asks whether the approved payment is paid (capturing it when the provider needs that) */
  finalize(token: string, current: { status: string }): Promise<FinalStatus>;
}

/** A provider's refusal, with a message for the customer. */
export class PaymentError extends Error {}
