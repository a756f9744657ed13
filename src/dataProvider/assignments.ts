/**
 * Assignments' fees (C72, C73).
 */
import { apiFetch } from '../api/client';
import type { AssignmentFee } from '../../model/api/assignments';

export type { AssignmentFee };

export const assignmentCalls = {
  /** C72 GET /api/assignments/{id}/transactions: the assignment's fee transactions (errors as ApiError, with their status). */
  async assignmentTransactions(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: AssignmentFee[] }>(`/api/assignments/${encodeURIComponent(String(id))}/transactions`, {
        signal: params.signal,
      })
    ).data;
  },
  /** C73 POST /api/assignments/{id}/make_transactions: 'Genera compensi' / 'Aggiorna' (replaces the existing fees). */
  async makeAssignmentTransactions(id: string | number) {
    return (
      await apiFetch<{ data: AssignmentFee[] }>(
        `/api/assignments/${encodeURIComponent(String(id))}/make_transactions`,
        { method: 'POST', json: {} },
      )
    ).data;
  },
};
