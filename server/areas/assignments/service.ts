/**
 * Fee assignments (seed B §3, PRODUCT.md §5): the fee transactions of an assignment (C72) and
 * 'Genera compensi' / 'Aggiorna' (C73). An assignment of another studio, missing or trashed is a
 * 404. C73 runs in one transaction that first locks the assignment's row (FOR UPDATE): two
 * clicks at once run one after the other, and the second replaces the first's rows, so there is
 * never a duplicate year. The SQL is in server/areas/assignments/queries.ts.
 */
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import type { Tx } from '../../records/crud.js';
import type { Row } from '../../records/exec.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { INT_MAX } from '../../../model/types.js';
import { assignments } from './queries.js';

export interface Fee {
  id: number;
  customer_id: number;
  assignment_id: number;
  type: string;
  amount: number;
  date: string;
  transaction_note: string | null;
  is_yearly_installment: boolean;
}

const fee = (r: Row): Fee => ({
  id: Number(r.id),
  customer_id: Number(r.customer_id),
  assignment_id: Number(r.assignment_id),
  type: String(r.type),
  amount: Number(r.amount),
  date: String(r.date),
  transaction_note: r.transaction_note == null ? null : String(r.transaction_note),
  is_yearly_installment: Boolean(r.is_yearly_installment),
});

export const ZERO_FEE = 'Il compenso annuo deve essere maggiore di zero per generare i compensi';

/** an id of the address: a positive integer, else no such assignment */
function assignmentId(raw: unknown): number {
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isInteger(n) || n < 1 || n > INT_MAX) throw notFound();
  return n;
}

/** C72: the not-trashed transactions linked to the assignment (none: []). */
export async function assignmentTransactions(tx: Tx, ctx: Ctx, rawId: unknown): Promise<Fee[]> {
  if (!can(ctx, getModel('Assignment'), 'view') || !can(ctx, getModel('Transaction'), 'view')) throw forbidden();
  const id = assignmentId(rawId);
  return tx(async (exec) => {
    const db = assignments(exec, ctx);
    if (!(await db.find(id))) throw notFound();
    return (await db.fees(id)).map(fee);
  });
}

/**
 * C73: posts the assignment's yearly fees, replacing the ones it already has (hard delete of
 * the generated rows, in the same transaction as the insert). Collaboratore and above.
 */
export async function makeAssignmentTransactions(tx: Tx, ctx: Ctx, rawId: unknown): Promise<Fee[]> {
  if (!can(ctx, getModel('Assignment'), 'update') || !can(ctx, getModel('Transaction'), 'create')) throw forbidden();
  const id = assignmentId(rawId);
  return tx(async (exec) => {
    const db = assignments(exec, ctx);
    const assignment = await db.find(id, true);
    if (!assignment) throw notFound();
    // a charge is a positive amount (as the transaction form asks): a zero fee posts nothing and
    // keeps the fees there are
    if (!(Number(assignment.year_amount) > 0)) throw new HttpError(422, MSG.validation, { year_amount: [ZERO_FEE] });
    return (await db.regenerate(id)).map(fee);
  });
}
