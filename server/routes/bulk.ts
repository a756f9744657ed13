/**
 * Bulk actions of the customers' table (seed A §2, §7): C38 generate installments, C26 yearly
 * amount (and its preview), C34 annual balancer. The work is in server/services/accounts.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { z } from 'zod';
import { ERRORS } from './schemas.js';
import { annualBalancer, generateInstallments, updateYearlyAmount } from '../services/accounts.js';

const ids = z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()]).optional();
const YearlyBody = z.looseObject({
  customers_ids: ids.describe('id dei clienti (elenco o testo JSON)'),
  yearly_accounting_amount: z.unknown().optional().describe('nuova tariffa annuale (≥ 0), oppure…'),
  yearly_accounting_amount_change_percentage: z.unknown().optional().describe('…variazione percentuale (es. 5 o -10), arrotondata al centesimo'),
});
const YearlyAnswer = z.object({ data: z.object({
  updated: z.number().int(),
  customers: z.array(z.object({ id: z.number().int(), business_name: z.string(), old_amount: z.number(), new_amount: z.number() })),
}) });

export async function bulkRoutes(api: FastifyInstance, deps: AppDeps) {
  const tags = ['Azioni sui clienti'];

  api.post('/generate_credit_transactions', {
    schema: {
      tags, summary: 'C38 Genera le rate annuali dei clienti selezionati → data: i movimenti creati (cliente, data, importo); skipped: i clienti esclusi',
      body: z.looseObject({ customer_ids: ids.describe('id dei clienti (elenco o testo JSON)'), year: z.union([z.number(), z.string()]).optional().describe('anno (predefinito: quello corrente)') }),
      response: { 200: z.object({
        // seed A §7 / B §7: 'returns a list of transactions with customer, date and amount'
        data: z.array(z.object({
          id: z.number().int(), customer_id: z.number().int(), customer: z.object({ id: z.number().int(), business_name: z.string() }),
          date: z.string(), amount: z.number(), is_yearly_installment: z.literal(true), transaction_note: z.string(),
        })).describe('i movimenti creati'),
        skipped: z.array(z.object({ customer_id: z.number().int(), business_name: z.string(), reason: z.string() })).describe('i clienti esclusi, con il motivo'),
      }), ...ERRORS },
    },
  }, async (req) => {
    const { created, skipped } = await generateInstallments(deps.tx, req.ctx, req.body as Record<string, unknown>);
    return { data: created, skipped };
  });

  api.post('/update_yearly_accounting_amount', {
    schema: { tags, summary: 'C26 Imposta la tariffa annuale dei clienti selezionati (valore fisso o percentuale)', body: YearlyBody, response: { 200: YearlyAnswer, ...ERRORS } },
  }, async (req) => ({ data: await updateYearlyAmount(deps.tx, req.ctx, req.body as Record<string, unknown>, true) }));

  api.post('/update_yearly_accounting_amount/preview', {
    schema: { tags, summary: 'C26 Anteprima della nuova tariffa annuale (non salva nulla)', body: YearlyBody, response: { 200: YearlyAnswer, ...ERRORS } },
  }, async (req) => ({ data: await updateYearlyAmount(deps.tx, req.ctx, req.body as Record<string, unknown>, false) }));

  api.post('/annual_balancer/actions/do', {
    schema: {
      tags, summary: 'C34 Conguaglio annuale per cliente e anno',
      body: z.looseObject({ customersData: z.union([z.array(z.unknown()), z.string()]).optional().describe('[{id, year}] (elenco o testo JSON)') }),
      response: { 200: z.object({ data: z.array(z.looseObject({ id: z.number().int(), business_name: z.string(), balanced_amount: z.number() })) }), ...ERRORS },
    },
  }, async (req) => ({ data: await annualBalancer(deps.tx, req.ctx, req.body as Record<string, unknown>) }));
}
