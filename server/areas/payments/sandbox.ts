/**
 * The sandbox provider (PRODUCT.md §7, the default): no money moves. Its approval page is served
 * by this server (`/api/sandbox/checkout/{token}`); approving marks the payment APPROVED and sends
 * the customer back with the token, where finalize completes it.
 */
import { randomUUID } from 'node:crypto';
import type { FinalStatus, PaymentProvider } from './provider.js';

export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    kind: 'wallet',
    async init(p) {
      const token = `SBX-${randomUUID()}`;
      const q = new URLSearchParams({ return: p.returnUrl, cancel: p.cancelUrl });
      // on this server: a path of the app's own origin (the session stays in the browser)
      return { token, approveUrl: `/api/sandbox/checkout/${token}?${q}` };
    },
    async finalize(_token, current): Promise<FinalStatus> {
      if (current.status === 'APPROVED') return 'COMPLETED';
      if (current.status === 'FAILED') return 'FAILED';
      return 'PENDING';
    },
  };
}
