/**
 * Master-data calls that are not a model's CRUD: the collaborators select list (C23), the
 * transaction types (C12) and a customer's account statement.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { atLeast } from '../../model/define.js';
import { forbidden } from '../errors.js';
import { scoped } from '../db/scoped.js';
import { z } from 'zod';
import { ERRORS, IdParams } from './schemas.js';
import { TRANSACTION_TYPES } from '../../model/models/Transaction.js';
import { modelByName } from '../../model/registry.js';
import { can } from '../auth/context.js';
import { customerStatement, receivables } from '../db/statement.js';
import { isoDate } from '../../model/dates.js';
import { HttpError, notFound } from '../errors.js';

export async function masterDataRoutes(api: FastifyInstance, deps: AppDeps) {
  const { exec } = deps;

  // C23: {data: [{id, name}]}, the caller's studio only; any role from Collaboratore up
  api.get('/collaborators', {
    schema: { tags: ['Anagrafiche'], summary: 'C23 Collaboratori dello studio (select)', response: { 200: z.object({ data: z.array(z.looseObject({ id: z.number(), name: z.string() })) }), ...ERRORS } },
  }, async (req) => {
    if (!atLeast(req.ctx.role, 'Collaboratore')) throw forbidden();
    return { data: await scoped(exec, req.ctx).collaborators() };
  });

  // C12: the three kinds of movement (PRODUCT.md §5), {data: [{value, text}]}
  api.get('/transaction_types', {
    schema: { tags: ['Movimenti'], summary: 'C12 Tipi di movimento', response: { 200: z.object({ data: z.array(z.object({ value: z.string(), text: z.string() })) }), ...ERRORS } },
  }, async (req) => {
    if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
    return { data: TRANSACTION_TYPES.map((t) => ({ ...t })) };
  });

  // the receivables overview of the home page
  api.get('/receivables', {
    schema: {
      tags: ['Movimenti'], summary: 'Crediti dello studio: totale da incassare, clienti in ritardo, dieci maggiori debitori, addebiti e incassi degli ultimi dodici mesi',
      response: {
        200: z.object({ data: z.object({
          total_owed: z.number(), overdue_customers: z.number(), overdue_amount: z.number(),
          top_debtors: z.array(z.object({ id: z.number(), business_name: z.string(), balance: z.number() })),
          monthly: z.array(z.object({ month: z.string(), charges: z.number(), payments: z.number() })),
        }) }),
        ...ERRORS,
      },
    },
  }, async (req) => {
    if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
    return { data: await receivables(exec, req.ctx) };
  });

  // the account statement of one customer: balances of the interval and the running balance of each movement
  const money = z.number();
  api.get('/customer/:id/statement', {
    schema: {
      tags: ['Movimenti'], summary: 'Estratto conto di un cliente: saldo iniziale, addebiti, incassi, conguagli, saldo finale, saldo progressivo',
      params: IdParams, querystring: z.looseObject({ from: z.string().optional().describe('YYYY-MM-DD'), to: z.string().optional().describe('YYYY-MM-DD') }),
      response: {
        200: z.object({ data: z.object({
          customer: z.object({ id: z.number(), business_name: z.string() }), from: z.string().nullable(), to: z.string().nullable(),
          opening: money, charges: money, payments: money, adjustments: money, closing: money, running: z.record(z.string(), money),
        }) }),
        ...ERRORS,
      },
    },
  }, async (req) => {
    if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
    const id = Number((req.params as { id: string }).id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    const q = req.query as { from?: string; to?: string };
    const day = (v: string | undefined, name: string) => {
      if (v === undefined || v === '') return null;
      const d = isoDate(v);
      if (!d) throw new HttpError(422, 'Dati non validi: controlla i campi evidenziati', { [name]: ['formato corretto DD-MM-YYYY'] });
      return d;
    };
    const from = day(q.from, 'from');
    const to = day(q.to, 'to');
    if (from && to && from > to) throw new HttpError(422, 'Dati non validi: controlla i campi evidenziati', { from: ['La data di inizio intervallo è maggiore di quella di fine'] });
    const data = await customerStatement(exec, req.ctx, id, from, to);
    if (!data) throw notFound();
    return { data };
  });
}
