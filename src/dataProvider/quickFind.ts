/**
 * Quick find (Ctrl+K).
 */
import { apiFetch } from '../api/client';
import { wrap } from './common';
import type { QuickFindHit, QuickFindQuery } from '../../model/api/quickFind';

export type { QuickFindHit };

export const quickFindCalls = {
  /** Quick find (Ctrl+K): GET /api/quick_find?q= — customers, legal representatives, e-invoices, grouped by kind. */
  async quickFind(q: string, params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: QuickFindHit[] }>(`/api/quick_find?${new URLSearchParams({ q } satisfies QuickFindQuery)}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
};
