/**
 * Payslips (cedolini, seed B §3, PRODUCT.md §5): C48 saves the monthly quantity of each
 * customer given and posts (or replaces, or removes) its CHARGE; C49 reads a customer's year.
 * C48: permissions, validation with Italian messages, then one transaction that takes the
 * studio's payslip lock (two identical requests run one after the other, the second finds the
 * first's rows), checks the ids are the studio's customers (else 404, nothing written) and does
 * the work in a few set-based statements (server/areas/payslips/queries.ts).
 */
import type { Ctx } from '../../auth/context.js';
import { can } from '../../auth/context.js';
import type { Tx } from '../../records/crud.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { INT_MAX, MESSAGES } from '../../../model/types.js';
import { payslips, type PayslipEntry } from './queries.js';
import { currentYear } from '../../../model/dates.js';
import type { PayslipsInput, PayslipsQuery } from '../../../model/api/payslips.js';
import { fromJsonText } from '../../routes/jsonText.js';

const invalid = (errors: Record<string, string[]>) => new HttpError(422, MSG.validation, errors);
const MAX_ENTRIES = 100_000;
/** the years a payslip may have: the current one ± 50 (seed B constants) */
export const PAYSLIP_YEARS = 50;
export const QUANTITY_MAX = 100_000;

function allow(ctx: Ctx, action: 'create' | 'view') {
  if (!can(ctx, getModel('Payslip'), action)) throw forbidden();
  if (action === 'create' && !can(ctx, getModel('Transaction'), 'create')) throw forbidden();
}

const intOf = (raw: unknown): number | undefined => {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\s*[+-]?\d{1,10}\s*$/.test(raw)) return Number(raw);
  return undefined;
};

function yearMessage(now: Date) {
  const y = currentYear(now);
  return `L'anno deve essere tra ${y - PAYSLIP_YEARS} e ${y + PAYSLIP_YEARS}`;
}

function checkYear(raw: unknown, field: string, now: Date): number {
  const y = intOf(raw);
  const cur = currentYear(now);
  if (y === undefined || y < cur - PAYSLIP_YEARS || y > cur + PAYSLIP_YEARS)
    throw invalid({ [field]: [yearMessage(now)] });
  return y;
}

/** `customerData`: `[{customerId, business_name, cedoliniQuantity, month, year}]`, as a list or its JSON text. */
export function payslipEntries(raw: unknown, now = new Date()): PayslipEntry[] {
  const list = fromJsonText(raw);
  if (!Array.isArray(list) || !list.length || list.length > MAX_ENTRIES) {
    throw invalid({
      customerData: [Array.isArray(list) && !list.length ? 'Seleziona almeno un cliente' : MESSAGES.list],
    });
  }
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    if (!errors[field]) errors[field] = [message];
  };
  const byKey = new Map<string, PayslipEntry>();
  list.forEach((item, index) => {
    if (!item || typeof item !== 'object') {
      add('customerData', MESSAGES.list);
      return;
    }
    const r = item as Record<string, unknown>;
    const customerId = intOf(r.customerId);
    const quantity = intOf(r.cedoliniQuantity);
    const month = intOf(r.month);
    const year = intOf(r.year);
    const cur = currentYear(now);
    let ok = true;
    if (customerId === undefined || customerId < 1 || customerId > INT_MAX) {
      add('customerId', `Cliente non valido (riga ${index + 1})`);
      ok = false;
    }
    if (quantity === undefined || quantity < 0 || quantity > QUANTITY_MAX) {
      add(
        'cedoliniQuantity',
        `La quantità deve essere un numero intero tra 0 e ${QUANTITY_MAX.toLocaleString('it-IT')}`,
      );
      ok = false;
    }
    if (month === undefined || month < 1 || month > 12) {
      add('month', 'Il mese deve essere tra 1 e 12');
      ok = false;
    }
    if (year === undefined || year < cur - PAYSLIP_YEARS || year > cur + PAYSLIP_YEARS) {
      add('year', yearMessage(now));
      ok = false;
    }
    // the same customer, year and month twice: the last one counts
    if (ok)
      byKey.set(`${customerId}:${year}:${month}`, {
        customerId: customerId!,
        year: year!,
        month: month!,
        quantity: quantity!,
      });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return [...byKey.values()];
}

export interface PayslipsAnswer {
  saved: number;
  removed: number;
}

/** C48: upsert each entry's quantity and its charge; quantity 0 removes both. */
export async function savePayslips(tx: Tx, ctx: Ctx, body: PayslipsInput, now = new Date()): Promise<PayslipsAnswer> {
  allow(ctx, 'create');
  const list = payslipEntries(body.customerData, now);
  const ids = [...new Set(list.map((e) => e.customerId))];
  return tx(async (exec) => {
    const db = payslips(exec, ctx);
    await db.lock();
    if ((await db.countCustomers(ids)) !== ids.length) throw notFound();
    const removed = list.filter((e) => e.quantity === 0);
    const saved = await db.upsert(list);
    await db.deleteCharges(removed, saved);
    const gone = await db.remove(removed);
    await db.postCharges(saved);
    return { saved: saved.length, removed: gone };
  });
}

export type PayslipYear = Record<string, number>;

/** C49: `{1: q, …, 12: q}` of a customer's year (0 where there is no entry). */
export async function payslipYear(tx: Tx, ctx: Ctx, query: PayslipsQuery, now = new Date()): Promise<PayslipYear> {
  allow(ctx, 'view');
  const id = intOf(query.customer_id);
  if (id === undefined || id < 1 || id > INT_MAX) throw invalid({ customer_id: ['Cliente non valido'] });
  const year = query.year === undefined || query.year === '' ? currentYear(now) : checkYear(query.year, 'year', now);
  return tx(async (exec) => {
    const db = payslips(exec, ctx);
    if ((await db.countCustomers([id])) !== 1) throw notFound();
    const out: PayslipYear = {};
    for (let m = 1; m <= 12; m++) out[String(m)] = 0;
    for (const r of await db.year(id, year)) out[String(Number(r.month))] = Number(r.quantity);
    return out;
  });
}
