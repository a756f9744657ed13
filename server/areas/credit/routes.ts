/**
 * The users' credit (seed B §3, §5, §6; PRODUCT.md §7), behind CREDIT_ENABLED: the kinds of
 * movement, and C80 — the credit dialog of the users list, which writes one ledger row (a credit
 * for an amount above 0, a debit below) and moves the user's balance in the same transaction. The
 * ledger itself is the model CreditTransactionLog (generic list and form).
 */
import { z } from 'zod';
import { CreditInput, CreditMoved } from '../../../model/api/credit.js';
import { Choice } from '../../../model/api/records.js';
import type { Api, AppDeps } from '../../deps.js';
import { getModel } from '../../../model/registry.js';
import { CREDIT_TRANSACTION_TYPES } from '../../../model/models/CreditTransactionLog.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { createRecord, getRecord, type Tx } from '../../records/crud.js';
import { creditOf } from './queries.js';
import { oneId } from '../../records/ids.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';

export const CREDIT_DISABLED = 'Funzione credito non attiva';

/** the calls of the credit feature: answered 404 while it is off */
const CREDIT_PATHS = [
  /^\/api\/credit_transaction_log/,
  /^\/api\/list\/CreditTransactionLog\b/,
  /^\/api\/user\/update_user_credit\//,
  /^\/api\/credit_transaction_types\b/,
];
export const isCreditCall = (url: string) => CREDIT_PATHS.some((re) => re.test(url));

/** C80: one ledger row for the user; answers the row's id and the user's new balance. */
async function updateUserCredit(tx: Tx, ctx: Ctx, rawId: string, given: CreditInput | undefined) {
  const ledger = getModel('CreditTransactionLog');
  if (!can(ctx, ledger, 'create')) throw forbidden();
  const userId = oneId(rawId);
  if (userId === null) throw notFound();
  const body = given ?? {};
  const raw = typeof body.amount === 'string' ? body.amount.trim() : body.amount;
  // seed B §5: the dialog's amount is a whole number; its sign says credit or debit
  if (raw === undefined || raw === null || raw === '')
    throw new HttpError(422, MSG.validation, { amount: ['Campo Obbligatorio'] });
  if (!/^[+-]?\d{1,10}$/.test(String(raw)) || Number(raw) === 0)
    throw new HttpError(422, MSG.validation, { amount: ['Inserisci un numero intero diverso da 0'] });
  const amount = Number(raw);
  return tx(async (exec) => {
    const within: Tx = (fn) => fn(exec);
    // the user must be the caller's to see (another studio's: 404)
    await getRecord(exec, ctx, getModel('User'), userId);
    const row = await createRecord(within, ctx, ledger, {
      users_id: userId,
      type: amount > 0 ? 'CREDIT' : 'DEBIT',
      amount,
      description: body.description ?? null,
      note: body.note ?? null,
    });
    return { id: Number(row.id), credit: Number(await creditOf(exec, userId)) };
  });
}

export async function creditRoutes(api: Api, deps: AppDeps) {
  const tags = ['Credito'];
  api.get(
    '/credit_transaction_types',
    {
      schema: {
        tags,
        summary: 'Tipi di movimento di credito',
        response: { 200: z.object({ data: z.array(Choice) }), ...ERRORS },
      },
    },
    async (req) => {
      if (!can(req.ctx, getModel('CreditTransactionLog'), 'view')) throw forbidden();
      return { data: CREDIT_TRANSACTION_TYPES.map((t) => ({ ...t })) };
    },
  );

  api.post(
    '/user/update_user_credit/:id',
    {
      schema: {
        tags,
        summary:
          'C80 Accredito o addebito del credito di un utente (una riga del registro, il saldo nella stessa transazione)',
        params: IdParams,
        body: CreditInput,
        response: { 201: z.object({ data: CreditMoved }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await updateUserCredit(deps.tx, req.ctx, req.params.id, req.body) }),
  );
}
