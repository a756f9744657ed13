/**
 * Quick find (Ctrl+K).
 */
import { apiFetch } from '../api/client';
import { wrap } from './common';

/** A record found by the quick find; `path` is the app's route that opens it. */
export interface QuickFindHit {
  kind: 'customer' | 'legal_representative' | 'einvoice';
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

export const quickFindCalls = {
  /** Quick find (Ctrl+K): GET /api/quick_find?q= — customers, legal representatives, e-invoices, grouped by kind. */
  async quickFind(q: string, params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: QuickFindHit[] }>(`/api/quick_find?${new URLSearchParams({ q })}`, { signal: params.signal }),
      )
    ).data;
  },
};
