/**
 * Behaviour of the credit ledger (PRODUCT.md §7): the sign of a row follows its type (a credit
 * adds, a debit takes away: the amount is made so), and every row written, trashed, restored or deleted moves its user's
 * balance in the same transaction.
 */
import type { ModelHooks } from './hooks.js';
import { addCredit, withdrawRows } from '../areas/credit/queries.js';

export const CREDIT_ZERO_MESSAGE = "L'importo deve essere diverso da 0";

/** what a row adds to its user's balance: nothing while it is in the trash */
const share = (row: Record<string, unknown> | undefined) =>
  row && !row.deleted_at && row.trashed !== true ? String(row.amount ?? 0) : '0';

export const CreditTransactionLogHooks: ModelHooks = {
  // seed B §5: a debit forces a negative amount, a credit a positive one
  beforeChange({ values, errors, existing }) {
    if (errors.amount || errors.type) return;
    const type = String(values.type ?? existing?.type ?? '');
    const raw = values.amount ?? existing?.amount;
    if (raw === undefined || raw === null) return;
    const digits = String(raw).trim().replace(/^[+-]/, '');
    if (!(Number(digits) > 0)) {
      errors.amount = [CREDIT_ZERO_MESSAGE];
      return;
    }
    const signed = type === 'DEBIT' ? `-${digits}` : digits;
    if (signed !== String(raw).trim() || values.type !== undefined) values.amount = signed;
  },
  async afterChange({ exec, row, before }) {
    if (before) await addCredit(exec, Number(before.users_id), share(before), -1);
    await addCredit(exec, Number(row.users_id), share(row));
  },
  async beforeDelete({ exec, trash, forever }) {
    await withdrawRows(exec, [...trash, ...forever]);
  },
};
