/**
 * The requests and answers of the accounts area (server/areas/accounts), one source for the
 * server's schemas, its services' input and the app's types (src/dataProvider/accounts.ts imports
 * the types only: zod stays out of the app's bundle).
 */
import { z } from 'zod';
import { IdsInput, Scalar, listOf } from './records.js';

const id = z.number().int();

/** One transaction made by C38: its customer, date and amount (seed A §7). */
export const InstallmentMade = z.object({
  id,
  customer_id: id,
  customer: z.object({ id, business_name: z.string() }),
  date: z.string(),
  amount: z.number(),
  is_yearly_installment: z.literal(true),
  transaction_note: z.string(),
});
export type InstallmentMade = z.infer<typeof InstallmentMade>;

/** A customer C38 left out, with the reason. */
export const InstallmentSkipped = z.object({ customer_id: id, business_name: z.string(), reason: z.string() });
export type InstallmentSkipped = z.infer<typeof InstallmentSkipped>;

/** C38's answer: `data` the transactions made (seed A §7 / B §7), `skipped` beside it. */
export const InstallmentsAnswer = z.object({
  data: z.array(InstallmentMade).describe('i movimenti creati'),
  skipped: z.array(InstallmentSkipped).describe('i clienti esclusi, con il motivo'),
});

/** C26 (and its preview): how many customers changed, each with its old and new amount. */
export const YearlyAmountResult = z.object({
  updated: z.number().int(),
  customers: z.array(z.object({ id, business_name: z.string(), old_amount: z.number(), new_amount: z.number() })),
});
export type YearlyAmountResult = z.infer<typeof YearlyAmountResult>;

/** C34: the adjustment of one customer and year (0 when nothing was owed either way). */
export const BalancerRow = z.object({
  id,
  business_name: z.string(),
  year: z.number().int(),
  balanced_amount: z.number(),
});
export type BalancerRow = z.infer<typeof BalancerRow>;

/** The studio's receivables on the home page. */
export const Receivables = z.object({
  total_owed: z.number(),
  overdue_customers: z.number(),
  overdue_amount: z.number(),
  top_debtors: z.array(z.object({ id: z.number(), business_name: z.string(), balance: z.number() })),
  monthly: z.array(z.object({ month: z.string(), charges: z.number(), payments: z.number() })),
  /** what is open by days past due, as the 'Scadenzario' (issue 30) totals it */
  aging: z.object({
    not_due: z.number(),
    d1_30: z.number(),
    d31_60: z.number(),
    d61_90: z.number(),
    over_90: z.number(),
    total: z.number(),
  }),
});
export type Receivables = z.infer<typeof Receivables>;

const money = z.number();
/** A customer's account statement between two days: the interval's balances and each movement's running balance. */
export const Statement = z.object({
  customer: z.object({ id: z.number(), business_name: z.string() }),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: money,
  charges: money,
  payments: money,
  adjustments: money,
  closing: money,
  /** running balance after each movement of the interval, by transaction id */
  running: z.record(z.string(), money),
  /** today, by the open-items rule: open, past due, credit */
  open: money,
  overdue: money,
  credit: money,
  /** each charge of the interval: its due date and what is still open of it */
  items: z.record(
    z.string(),
    z.object({ due: z.string(), open: money, amount: money.describe('quanto chiede: il netto a pagare') }),
  ),
});
export type Statement = z.infer<typeof Statement>;

// ---------------------------------------------------------------------------------------------
// Requests: each value is checked by the service, with the seeds' Italian message for its field

/** C38 POST /api/generate_credit_transactions */
export const InstallmentsInput = z.looseObject({
  customer_ids: IdsInput.optional().describe('id dei clienti (elenco o testo JSON)'),
  year: z.union([z.number(), z.string()]).optional().describe('anno (predefinito: quello corrente)'),
});
export type InstallmentsInput = z.infer<typeof InstallmentsInput>;

/** C26 POST /api/update_yearly_accounting_amount (and its preview) */
export const YearlyAmountInput = z.looseObject({
  customers_ids: IdsInput.optional().describe('id dei clienti (elenco o testo JSON)'),
  yearly_accounting_amount: Scalar.optional().describe('nuova tariffa annuale (≥ 0), oppure…'),
  yearly_accounting_amount_change_percentage: Scalar.optional().describe(
    '…variazione percentuale (es. 5 o -10), arrotondata al centesimo',
  ),
});
export type YearlyAmountInput = z.infer<typeof YearlyAmountInput>;

/** C34 POST /api/annual_balancer/actions/do */
export const BalancerInput = z.looseObject({
  customersData: listOf(z.record(z.string(), Scalar)).optional().describe('[{id, year}] (elenco o testo JSON)'),
});
export type BalancerInput = z.infer<typeof BalancerInput>;

/** GET /api/customer/:id/statement: the interval (either end may be left out). */
export const StatementQuery = z.looseObject({
  from: z.string().optional().describe('YYYY-MM-DD'),
  to: z.string().optional().describe('YYYY-MM-DD'),
});
export type StatementQuery = z.infer<typeof StatementQuery>;
