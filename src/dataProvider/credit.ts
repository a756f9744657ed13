/**
 * The users' credit (C80).
 */
import { apiFetch } from '../api/client';
import type { CreditInput, CreditMoved } from '../../model/api/credit';

export const creditCalls = {
  /** C80 POST /api/user/update_user_credit/{id}: a credit (amount > 0) or a debit (< 0) of a user; the new balance. */
  async updateUserCredit(id: string | number, body: CreditInput) {
    return (
      await apiFetch<{ data: CreditMoved }>(`/api/user/update_user_credit/${encodeURIComponent(String(id))}`, {
        method: 'POST',
        json: body,
      })
    ).data;
  },
};
