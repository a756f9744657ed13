/**
 * Subscription and payments (C66–C71). Errors stay ApiError (their body has errorMessage).
 */
import { apiFetch } from '../api/client';
import type {
  OfflinePayment,
  OfflinePaymentInput,
  PaymentFinalized,
  PaymentFinalizeInput,
  PaymentInitInput,
  PaymentIntent,
  PaymentIntentConfirmInput,
  PaymentIntentQuery,
  PaymentProviderInfo,
  PaymentStarted,
  SubscriptionPrice,
} from '../../model/api/payments';
import { queryOf } from './common';

export type { PaymentProviderInfo };

export const paymentCalls = {
  /** C66 GET /api/subscription_price: euro per month and the providers one may pay with. */
  async subscriptionPrice(params: { signal?: AbortSignal } = {}) {
    return apiFetch<SubscriptionPrice>('/api/subscription_price', {
      signal: params.signal,
    });
  },
  /** C70 GET /api/{card_provider}/create_payment_intent: a card payment of `quantity` months, `amount` in cents (seed B §9, and so is the answer's); its client secret. */
  async createPaymentIntent(provider: string, query: { quantity: number; amount: number }) {
    const q = queryOf({
      quantity: String(query.quantity),
      amount: String(query.amount),
      purchasing_item_id: 'subscription',
      charge_type: 'subscription',
    } satisfies PaymentIntentQuery);
    return apiFetch<PaymentIntent>(`/api/${encodeURIComponent(provider)}/create_payment_intent?${q}`);
  },
  /** C71 POST /api/{card_provider}/process_confirmed_payment_intent: COMPLETED once paid (a replay moves nothing). */
  async processConfirmedPaymentIntent(provider: string, paymentIntentId: string) {
    return apiFetch<PaymentFinalized>(`/api/${encodeURIComponent(provider)}/process_confirmed_payment_intent`, {
      method: 'POST',
      json: { payment_intent_id: paymentIntentId } satisfies PaymentIntentConfirmInput,
    });
  },
  /** C67 POST /api/{provider}/actions/init: where the customer approves the payment. */
  async initPayment(provider: string, body: PaymentInitInput) {
    return apiFetch<PaymentStarted>(`/api/${encodeURIComponent(provider)}/actions/init`, {
      method: 'POST',
      json: body,
    });
  },
  /** C68 POST /api/{provider}/actions/finalize: COMPLETED once paid (a replay moves nothing). */
  async finalizePayment(provider: string, token: string) {
    return apiFetch<PaymentFinalized>(`/api/${encodeURIComponent(provider)}/actions/finalize`, {
      method: 'POST',
      json: { token } satisfies PaymentFinalizeInput,
    });
  },
  /** C69 POST /api/payment: an offline payment recorded by the SuperAdmin. */
  async offlinePayment(body: OfflinePaymentInput) {
    return (
      await apiFetch<{ data: OfflinePayment }>('/api/payment', {
        method: 'POST',
        json: body,
      })
    ).data;
  },
};
