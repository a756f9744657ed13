/**
 * One interface for the payment providers (PRODUCT.md §7): a payment is opened with the provider
 * (init: its token, and where the customer approves it — a page for a wallet, a client secret for
 * a card form) and, when the customer is back, finalised (the provider says whether it was paid).
 * The service keeps the log row, the idempotency and the expiry; a provider only talks to its
 * service.
 */
export interface PaymentInit {
  /** the payment log row (its id goes with the payment as a reference) */
  paymentId: number;
  amountCents: number;
  months: number;
  description: string;
  /** paths of the app the customer comes back to (a provider elsewhere makes them absolute) */
  returnUrl: string;
  cancelUrl: string;
  /** free text the app sent with a card payment (C70 purchase_additional_data) */
  note?: string;
}

export type FinalStatus = 'COMPLETED' | 'PENDING' | 'FAILED';

/** What the provider is asked about: the log row's status, id and amount (a provider checks the amount paid). */
export interface PaymentState {
  status: string;
  id: number;
  amountCents: number;
}

export interface PaymentProvider {
  name: string;
  /** wallet: the customer approves on the provider's page (C67/C68); card: a card form in the app (C70/C71) */
  kind: 'wallet' | 'card';
  /** opens the payment: its token (unique, the idempotency key) and where the customer approves it */
  init(p: PaymentInit): Promise<{ token: string; approveUrl?: string; clientSecret?: string }>;
  /** asks whether the approved payment is paid (capturing it when the provider needs that) */
  finalize(token: string, current: PaymentState): Promise<FinalStatus>;
  /** what the browser needs to show the provider's form (Stripe's publishable key) */
  publicConfig?: Record<string, string>;
}

/** A provider's refusal, with a message for the customer. */
export class PaymentError extends Error {}

/** the provider's error details for the log, never with credentials */
export const describeFailure = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
