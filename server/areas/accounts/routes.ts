/**
 * The customers' accounts: the bulk actions of the customers' table (seed A §2, §7: C38 generate
 * installments, C26 yearly amount and its preview, C34 annual balancer; the work in service.ts),
 * the kinds of movement (C12), a customer's account statement and the studio's receivables (the
 * rule in statement.ts).
 */
import type { Api, AppDeps } from '../../deps.js';
import { z } from 'zod';
import {
  BalancerInput,
  BalancerRow,
  InstallmentsAnswer,
  InstallmentsInput,
  Receivables,
  Statement,
  StatementQuery,
  YearlyAmountInput,
  YearlyAmountResult,
} from '../../../model/api/accounts.js';
import { Choice } from '../../../model/api/records.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { forbidden, notFound } from '../../errors.js';
import { can } from '../../auth/context.js';
import { TRANSACTION_TYPES } from '../../../model/models/Transaction.js';
import { modelByName } from '../../../model/registry.js';
import { statementPeriod } from './service.js';
import { annualBalancer, generateInstallments, updateYearlyAmount } from './service.js';
import { customerStatement, receivables } from './statementQueries.js';

const YearlyAnswer = z.object({ data: YearlyAmountResult });

export async function accountRoutes(api: Api, deps: AppDeps) {
  const tags = ['Azioni sui clienti'];

  api.post(
    '/generate_credit_transactions',
    {
      schema: {
        tags,
        summary:
          'C38 Genera le rate annuali dei clienti selezionati → data: i movimenti creati (cliente, data, importo); skipped: i clienti esclusi',
        body: InstallmentsInput,
        response: {
          // seed A §7 / B §7: 'returns a list of transactions with customer, date and amount'
          200: InstallmentsAnswer,
          ...ERRORS,
        },
      },
    },
    async (req) => {
      const { created, skipped } = await generateInstallments(deps.tx, req.ctx, req.body);
      return { data: created, skipped };
    },
  );

  // the same work, saved or only previewed
  for (const [path, summary, write] of [
    [
      '/update_yearly_accounting_amount',
      'C26 Imposta la tariffa annuale dei clienti selezionati (valore fisso o percentuale)',
      true,
    ],
    ['/update_yearly_accounting_amount/preview', 'C26 Anteprima della nuova tariffa annuale (non salva nulla)', false],
  ] as const)
    api.post(
      path,
      { schema: { tags, summary, body: YearlyAmountInput, response: { 200: YearlyAnswer, ...ERRORS } } },
      async (req) => ({ data: await updateYearlyAmount(deps.tx, req.ctx, req.body, write) }),
    );

  api.post(
    '/annual_balancer/actions/do',
    {
      schema: {
        tags,
        summary: 'C34 Conguaglio annuale per cliente e anno',
        body: BalancerInput,
        response: {
          200: z.object({ data: z.array(BalancerRow) }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({ data: await annualBalancer(deps.tx, req.ctx, req.body) }),
  );
}

/** The kinds of movement, a customer's account statement and the receivables of the home page. */
export async function statementRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;

  // C12: the three kinds of movement (PRODUCT.md §5), {data: [{value, text}]}
  api.get(
    '/transaction_types',
    {
      schema: {
        tags: ['Movimenti'],
        summary: 'C12 Tipi di movimento',
        response: { 200: z.object({ data: z.array(Choice) }), ...ERRORS },
      },
    },
    async (req) => {
      if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
      return { data: TRANSACTION_TYPES.map((t) => ({ ...t })) };
    },
  );

  // the receivables overview of the home page
  api.get(
    '/receivables',
    {
      schema: {
        tags: ['Movimenti'],
        summary:
          'Crediti dello studio: totale da incassare, clienti in ritardo, dieci maggiori debitori, addebiti e incassi degli ultimi dodici mesi',
        response: {
          200: z.object({ data: Receivables }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
      return { data: await receivables(exec, req.ctx) };
    },
  );

  // the account statement of one customer: balances of the interval and the running balance of each movement
  api.get(
    '/customer/:id/statement',
    {
      schema: {
        tags: ['Movimenti'],
        summary:
          'Estratto conto di un cliente: saldo iniziale, addebiti, incassi, conguagli, saldo finale, saldo progressivo',
        params: IdParams,
        querystring: StatementQuery,
        response: {
          200: z.object({ data: Statement }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      if (!can(req.ctx, modelByName.get('Transaction')!, 'view')) throw forbidden();
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
      const { from, to } = statementPeriod(req.query);
      const data = await customerStatement(exec, req.ctx, id, from, to);
      if (!data) throw notFound();
      return { data };
    },
  );
}
