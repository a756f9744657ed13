/**
 * 'Fattura addebiti' (issue 28 item 1; PRODUCT.md §9 'Invoicing'): a period's charges not yet
 * invoiced become one TD01 per customer, one line per charge (its amount the line's taxable
 * price, the VAT of the studio's regime), numbered after the year's last number in the order of
 * the customers' names. First a preview (the invoices, what is skipped and why, a fingerprint of
 * the charges it read); then the run, all or nothing, refused when the charges changed since the
 * preview. A charge is invoiced once: its line keeps the link, and an invoice in the trash frees
 * it (the check runs under the studio's invoicing lock, which the run and a restore both take).
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  INVOICING_MAX_CUSTOMERS as MAX_CUSTOMERS,
  INVOICING_MAX_PERIOD_DAYS as MAX_PERIOD_DAYS,
  type InvoicingInput,
  type InvoicingPlan,
  type InvoicingRunInput,
} from '../../../model/api/invoicing.js';
import { FINGERPRINT_LENGTH } from '../../../model/api/records.js';
import { getModel } from '../../../model/registry.js';
import { defaultVat, eDocumentTotals, MAX_ROWS, payableShares } from '../../../model/eDocument.js';
import { isoDate, today } from '../../../model/dates.js';
import { fromCents } from '../../../model/money.js';
import { idList } from '../../records/ids.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden } from '../../errors.js';
import type { Tx } from '../../records/crud.js';
import { auditMany } from '../../records/audit.js';
import type { Exec } from '../../records/exec.js';
import { eDocumentProblems, lastNumber, lockNumbering, studioParty, unreachableBuyer } from '../eDocuments/index.js';
import { insertInvoices, latestOfYear, lockInvoicing, openCharges, type NewInvoice } from './queries.js';

export const INVOICING_MESSAGES = {
  period: 'Indica il periodo degli addebiti: dal giorno … al giorno … (GG/MM/AAAA)',
  periodOrder: 'La data iniziale del periodo è dopo quella finale',
  periodLength: `Il periodo può durare al più ${MAX_PERIOD_DAYS} giorni`,
  date: 'Data delle fatture non valida (GG/MM/AAAA)',
  futureDate: "La data delle fatture non può essere futura: SdI scarta le fatture con data successiva all'invio",
  customers: `Scegli da 1 a ${MAX_CUSTOMERS} clienti`,
  fingerprint: "Manca l'anteprima: prepara l'anteprima delle fatture e conferma quella",
  changed:
    "Gli addebiti da fatturare sono cambiati dopo l'anteprima (un addebito aggiunto, modificato o già fatturato): controlla la nuova anteprima e conferma di nuovo",
  nothing: 'Nessuna fattura da emettere: nel periodo non ci sono addebiti da fatturare per i clienti scelti',
  noSdi: "manca il codice destinatario SDI o la PEC (un'azienda la riceve da SdI solo così)",
  tooManyLines: `più di ${MAX_ROWS} addebiti nel periodo: una fattura ne porta al più ${MAX_ROWS}, scegli un periodo più breve`,
} as const;

/** The request as checked: the period, the invoices' date, the customers (null: all of them). */
interface InvoicingRequest {
  from: string;
  to: string;
  date: string;
  customerIds: number[] | null;
}

const fail = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/** The request checked: the period (at most a year, in order), the invoices' date (not future), the customers. */
export function invoicingRequest(body: InvoicingInput, now = new Date()): InvoicingRequest {
  const from = isoDate(body.from);
  const to = isoDate(body.to);
  if (!from) throw fail('from', INVOICING_MESSAGES.period);
  if (!to) throw fail('to', INVOICING_MESSAGES.period);
  if (from > to) throw fail('to', INVOICING_MESSAGES.periodOrder);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_PERIOD_DAYS)
    throw fail('to', INVOICING_MESSAGES.periodLength);
  const day = today(now);
  const date = body.date === undefined || body.date === null || body.date === '' ? day : isoDate(body.date);
  if (!date) throw fail('date', INVOICING_MESSAGES.date);
  if (date > day) throw fail('date', INVOICING_MESSAGES.futureDate);
  let customerIds: number[] | null = null;
  if (body.customer_ids !== undefined && body.customer_ids !== null) {
    const ids =
      Array.isArray(body.customer_ids) || typeof body.customer_ids === 'string' ? idList(body.customer_ids) : null;
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_CUSTOMERS)
      throw fail('customer_ids', INVOICING_MESSAGES.customers);
    customerIds = ids;
  }
  return { from, to, date, customerIds };
}

const euro = (v: string | number) => new Decimal(v).toNumber();

/** The plan of a request: read in `exec` (the run reads it again under its locks). */
async function plan(exec: Exec, ctx: Ctx, q: InvoicingRequest): Promise<InvoicingPlan & { rows: NewInvoice[] }> {
  const studio = await studioParty(exec, ctx.studioId);
  // the studio's own problems, by the same rules as every invoice's (on a placeholder customer and row)
  const studioProblems = eDocumentProblems({
    id: 0,
    type: 'TD01',
    number: '1',
    date: q.date,
    studio,
    customer: {
      name: 'x',
      vat: null,
      fiscal_code: '00000000000',
      address: 'x',
      postal_code: '00000',
      city: 'x',
      withholdingAgent: false,
    },
    rows: [{ description: 'x', quantity: 1, price: '1', vat: 22 }],
  }).filter((p) => p.startsWith('Studio'));
  if (studioProblems.length)
    throw new HttpError(422, `Completa i dati dello studio prima di fatturare: ${studioProblems.join('; ')}`);
  const year = Number(q.date.slice(0, 4));
  const latest = await latestOfYear(exec, ctx.studioId, year);
  if (latest && latest.date > q.date)
    throw fail(
      'date',
      `La data delle fatture è precedente all'ultima fattura del ${year} (n. ${latest.number} del ${latest.date.split('-').reverse().join('/')}): i numeri devono seguire le date`,
    );
  const { charges, customers } = await openCharges(exec, ctx.studioId, q);
  const byCustomer = new Map<number, typeof charges>();
  for (const c of charges) {
    const list = byCustomer.get(c.customer_id);
    if (list) list.push(c);
    else byCustomer.set(c.customer_id, [c]);
  }
  const vat = defaultVat(studio.regime);
  let next = (await lastNumber(exec, ctx.studioId, year)) + 1;
  const invoices: InvoicingPlan['invoices'] = [];
  const skipped: InvoicingPlan['skipped'] = [];
  const rows: NewInvoice[] = [];
  for (const [customerId, list] of byCustomer) {
    const c = customers.get(customerId)!;
    const lines = list.map((ch) => ({ transaction_id: ch.id, description: ch.description, price: ch.amount, ...vat }));
    const reasons = eDocumentProblems({
      id: 0,
      type: 'TD01',
      number: String(next),
      date: q.date,
      studio,
      customer: c,
      rows: lines.map((l) => ({ ...l, quantity: 1 })),
    })
      .filter((p) => !p.startsWith('Studio'))
      .map((p) => p.replace(/^Cliente: /, ''));
    if (unreachableBuyer(c)) reasons.push(INVOICING_MESSAGES.noSdi);
    if (lines.length > MAX_ROWS) reasons.push(INVOICING_MESSAGES.tooManyLines);
    const amount = list.reduce((s, ch) => s.plus(ch.amount), new Decimal(0)).toNumber();
    if (reasons.length) {
      skipped.push({ customer_id: customerId, business_name: c.name, charges: list.length, amount, reasons });
      continue;
    }
    const t = eDocumentTotals({ rows: lines.map((l) => ({ ...l, quantity: 1 })), studio, customer: c });
    const shares = payableShares(t);
    const number = String(next++);
    invoices.push({
      customer_id: customerId,
      business_name: c.name,
      number,
      lines: list.map((ch) => ({
        transaction_id: ch.id,
        date: ch.date,
        description: ch.description,
        amount: euro(ch.amount),
      })),
      fee: fromCents(t.taxable),
      cassa: fromCents(t.cassa),
      taxable: fromCents(t.taxable + t.cassa),
      tax: fromCents(t.tax),
      stamp_duty: fromCents(t.stampCharged),
      total: fromCents(t.total),
      withholding: fromCents(t.withholding),
      payable: fromCents(t.payable),
    });
    rows.push({
      customer_id: customerId,
      number,
      taxable: String(fromCents(t.taxable + t.cassa)),
      tax: String(fromCents(t.tax)),
      total: String(fromCents(t.total)),
      payable: String(fromCents(t.payable)),
      lines: t.lines.map((l, i) => ({
        transaction_id: list[i]!.id,
        description: list[i]!.description,
        price: list[i]!.amount,
        vat: l.vat,
        nature: l.nature,
        payable: String(fromCents(shares[i]!)),
      })),
    });
  }
  // what the run must find again: the invoices' date, each charge's customer and amount, the skipped customers
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        q.date,
        charges.map((c) => [c.id, c.customer_id, c.amount, c.description]),
        skipped.map((s) => s.customer_id),
        invoices[0]?.number ?? null,
      ]),
    )
    .digest('hex')
    .slice(0, FINGERPRINT_LENGTH);
  return {
    from: q.from,
    to: q.to,
    date: q.date,
    invoices,
    skipped,
    totals: {
      invoices: invoices.length,
      lines: invoices.reduce((s, i) => s + i.lines.length, 0),
      taxable: invoices.reduce((s, i) => s.plus(i.taxable), new Decimal(0)).toNumber(),
      total: invoices.reduce((s, i) => s.plus(i.total), new Decimal(0)).toNumber(),
      payable: invoices.reduce((s, i) => s.plus(i.payable), new Decimal(0)).toNumber(),
    },
    fingerprint,
    rows,
  };
}

const model = () => getModel('EDocument');

/** The preview: the invoices the period's charges would make, and the customers skipped with their reasons. */
export async function previewInvoicing(exec: Exec, ctx: Ctx, body: InvoicingInput): Promise<InvoicingPlan> {
  if (!can(ctx, model(), 'create')) throw forbidden();
  const { rows: _rows, ...out } = await plan(exec, ctx, invoicingRequest(body));
  return out;
}

/**
 * The run: under the studio's invoicing lock and the year's numbering lock, the plan read again
 * and compared with the preview's fingerprint (409 when the charges changed), then every invoice
 * and line written, and audited, in one transaction.
 */
export async function runInvoicing(tx: Tx, ctx: Ctx, body: InvoicingRunInput): Promise<InvoicingPlan> {
  if (!can(ctx, model(), 'create')) throw forbidden();
  const q = invoicingRequest(body);
  const expected = body.fingerprint ?? '';
  if (!expected) throw fail('fingerprint', INVOICING_MESSAGES.fingerprint);
  return tx(async (exec) => {
    await lockInvoicing(exec, ctx.studioId);
    await lockNumbering(exec, ctx.studioId, Number(q.date.slice(0, 4)));
    const { rows, ...out } = await plan(exec, ctx, q);
    if (out.fingerprint !== expected) throw new HttpError(409, INVOICING_MESSAGES.changed);
    if (!rows.length) throw new HttpError(422, INVOICING_MESSAGES.nothing);
    const ids = await insertInvoices(exec, ctx.studioId, q.date, rows);
    await auditMany(exec, ctx, model(), ids, 'create');
    return { ...out, invoices: out.invoices.map((inv, i) => ({ ...inv, id: ids[i]! })) };
  });
}
