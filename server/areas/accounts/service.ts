/**
 * Bulk actions on the selected customers (seed A §2, §7): generate the yearly installments
 * (C38), set the yearly amount (C26) and the annual balancer (C34). Each call: permissions,
 * validation with Italian messages, then one transaction that (C38, C34) takes the studio's
 * account lock, so that two identical requests run one after the other and the second finds the
 * first's rows, checks the ids are the studio's customers (else 404, nothing written) and does
 * the work in one set-based statement (server/areas/accounts/queries.ts).
 */
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import type { Tx } from '../../records/crud.js';
import { HttpError, MSG, fieldChecks, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { fieldValidators } from '../../../model/validate.js';
import { MESSAGES, INT_MAX } from '../../../model/types.js';
import { YEAR_MAX, YEAR_MIN, currentYear, isoDate } from '../../../model/dates.js';
import { MESSAGES as DATE_MESSAGES } from '../../../model/validators.js';
import { accounts } from './queries.js';
import type {
  BalancerInput,
  BalancerRow,
  InstallmentMade,
  InstallmentSkipped,
  InstallmentsInput,
  YearlyAmountInput,
  YearlyAmountResult,
} from '../../../model/api/accounts.js';
import { MAX_IDS, idList } from '../../records/ids.js';
import { fromJsonText } from '../../routes/jsonText.js';

const invalid = (errors: Record<string, string[]>) => new HttpError(422, MSG.validation, errors);

/** A list of customer ids, as an array or its JSON text: distinct positive integers. */
export function customerIds(raw: unknown, field: string): number[] {
  const ids = idList(raw);
  if (!Array.isArray(ids))
    throw invalid({ [field]: [ids === 'empty' ? 'Seleziona almeno un cliente' : MESSAGES.list] });
  return ids;
}

function yearOf(raw: unknown, field: string, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const y = Number(raw);
  if (!Number.isInteger(y) || y < YEAR_MIN || y > YEAR_MAX || (typeof raw !== 'number' && typeof raw !== 'string'))
    throw invalid({ [field]: [MESSAGES.yearRange] });
  return y;
}

/** Collaboratore and above: update customers (and create transactions when the action posts some). */
function allow(ctx: Ctx, postsTransactions: boolean) {
  if (!can(ctx, getModel('Customer'), 'update')) throw forbidden();
  if (postsTransactions && !can(ctx, getModel('Transaction'), 'create')) throw forbidden();
}

const num = (v: unknown) => Number(v);

/** C38's work: the transactions made (the answer's `data`) and the customers skipped, with the reason */
interface Installments {
  created: InstallmentMade[];
  skipped: InstallmentSkipped[];
}

/** C38: the yearly installments of the selected active customers that have none in `year`. */
export async function generateInstallments(
  tx: Tx,
  ctx: Ctx,
  body: InstallmentsInput,
  now = new Date(),
): Promise<Installments> {
  allow(ctx, true);
  const ids = customerIds(body.customer_ids, 'customer_ids');
  const year = yearOf(body.year, 'year', currentYear(now));
  return tx(async (exec) => {
    const acc = accounts(exec, ctx);
    await acc.lockStudioAccounts();
    if ((await acc.countCustomers(ids)) !== ids.length) throw notFound();
    const candidates = await acc.installmentCandidates(ids, year);
    const REASONS: Record<string, string> = {
      ceased: 'Cliente cessato',
      done: `Rate già generate per il ${year}`,
      zero: 'Tariffa annuale pari a zero',
    };
    const skipped = candidates
      .filter((c) => c.reason != null)
      .map((c) => ({
        customer_id: num(c.id),
        business_name: String(c.business_name ?? ''),
        reason: REASONS[String(c.reason)] ?? String(c.reason),
      }));
    const created = (
      await acc.insertInstallments(
        candidates.filter((c) => c.reason == null).map((c) => num(c.id)),
        year,
      )
    ).map((r) => ({
      id: num(r.id),
      customer_id: num(r.customer_id),
      customer: { id: num(r.customer_id), business_name: String(r.business_name ?? '') },
      date: String(r.date),
      amount: num(r.amount),
      is_yearly_installment: true as const,
      transaction_note: String(r.transaction_note),
    }));
    return { created, skipped };
  });
}

const FIXED = 'yearly_accounting_amount';
const PERCENT = 'yearly_accounting_amount_change_percentage';
const MONEY_LIMIT = 99_999_999.99;

/** The change asked: a fixed amount or a percentage, exactly one of them, valid. */
function yearlyChange(body: YearlyAmountInput): { amount: string } | { percentage: string } {
  const has = (k: string) => body[k] !== undefined && body[k] !== null && body[k] !== '';
  if (has(FIXED) && has(PERCENT)) {
    const both = 'Indica la nuova tariffa oppure la variazione percentuale, non entrambe';
    throw invalid({ [FIXED]: [both], [PERCENT]: [both] });
  }
  if (!has(FIXED) && !has(PERCENT)) {
    const none = 'Indica la nuova tariffa oppure la variazione percentuale';
    throw invalid({ [FIXED]: [none], [PERCENT]: [none] });
  }
  if (has(FIXED)) {
    const value = body[FIXED];
    const message = fieldValidators(getModel('Customer').fields[FIXED]!, 'update')
      .map((check) => check(value))
      .find(Boolean);
    if (message || !Number.isFinite(Number(value))) throw invalid({ [FIXED]: [message ?? MESSAGES.money] });
    return { amount: Number(value).toFixed(2) };
  }
  const value = body[PERCENT];
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^[+-]?\d{1,3}(\.\d{1,2})?$/.test(text)) throw invalid({ [PERCENT]: [MESSAGES.percentage] });
  return { percentage: text };
}

/** C26: the selected customers' yearly amount set (`write`) or previewed, old → new. */
export async function updateYearlyAmount(
  tx: Tx,
  ctx: Ctx,
  body: YearlyAmountInput,
  write: boolean,
): Promise<YearlyAmountResult> {
  allow(ctx, false);
  const ids = customerIds(body.customers_ids, 'customers_ids');
  const change = yearlyChange(body);
  return tx(async (exec) => {
    const acc = accounts(exec, ctx);
    // one statement: the rows it found (the caller's studio) must be all of them, else 404 and
    // the transaction rolls back
    const rows = (await acc.yearlyAmount(ids, change, write)).map((r) => ({
      id: num(r.id),
      business_name: String(r.business_name ?? ''),
      old_amount: num(r.old_amount ?? 0),
      new_amount: num(r.new_amount),
    }));
    if (rows.length !== ids.length) throw notFound();
    // a percentage past the money limit: nothing is kept (the transaction rolls back)
    if (rows.some((r) => r.new_amount > MONEY_LIMIT)) throw invalid({ [PERCENT]: [MESSAGES.money] });
    return { updated: write ? rows.length : 0, customers: rows };
  });
}

/** `customersData`: `[{id, year}]`, as a list or its JSON text. */
function balancerPairs(raw: unknown, now: Date): Array<{ id: number; year: number }> {
  const list = fromJsonText(raw);
  const bad = () => invalid({ customersData: [MESSAGES.list] });
  if (!Array.isArray(list) || !list.length || list.length > MAX_IDS) throw bad();
  const thisYear = currentYear(now);
  return list.map((item) => {
    if (!item || typeof item !== 'object') throw bad();
    const { id, year } = item as Record<string, unknown>;
    const n = Number(id);
    if (!(typeof id === 'number' || typeof id === 'string') || !Number.isInteger(n) || n < 1 || n > INT_MAX)
      throw bad();
    return { id: n, year: yearOf(year, 'customersData', thisYear) };
  });
}

/** C34: the annual balancer of each (customer, year). */
export async function annualBalancer(tx: Tx, ctx: Ctx, body: BalancerInput, now = new Date()) {
  allow(ctx, true);
  const pairs = balancerPairs(body.customersData, now);
  const ids = [...new Set(pairs.map((p) => p.id))];
  return tx(async (exec) => {
    const acc = accounts(exec, ctx);
    await acc.lockStudioAccounts();
    if ((await acc.countCustomers(ids)) !== ids.length) throw notFound();
    const rows = await acc.balance(pairs);
    const byKey = new Map(rows.map((r) => [`${num(r.id)}:${num(r.year)}`, r]));
    const seen = new Set<string>();
    const out: BalancerRow[] = [];
    for (const p of pairs) {
      const key = `${p.id}:${p.year}`;
      const r = byKey.get(key);
      if (!r || seen.has(key)) continue;
      seen.add(key);
      out.push({
        id: p.id,
        business_name: String(r.business_name ?? ''),
        year: p.year,
        balanced_amount: num(r.balanced_amount),
      });
    }
    return out;
  });
}

/**
 * A statement's period from `from` and `to` (YYYY-MM-DD or DD-MM-YYYY, either may be empty: no
 * bound): 422 on each malformed day, and on `from` when it comes after `to`.
 */
export function statementPeriod(q: { from?: unknown; to?: unknown }): { from: string | null; to: string | null } {
  const checks = fieldChecks();
  const day = (raw: unknown, field: string) =>
    checks.take(() => {
      if (raw === undefined || raw === null || raw === '') return null;
      const d = isoDate(raw);
      if (!d) throw invalid({ [field]: [DATE_MESSAGES.date] });
      return d;
    }) ?? null;
  const from = day(q.from, 'from');
  const to = day(q.to, 'to');
  if (from && to && from > to) checks.add('from', 'La data di inizio intervallo è maggiore di quella di fine');
  checks.done();
  return { from, to };
}
