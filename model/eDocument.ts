/**
 * The e-invoice editor's rules (seed B §5 'E-document save', issue 13), the same in the browser
 * and on the server: a service row needs a non-empty description, an integer quantity above 0 and
 * a price above 0 in euro format (comma decimal, at most 2 decimals, 8 significant digits); at
 * 0 % VAT it says why (Natura). The figures of the XML are server/areas/eDocuments/fatturapa.ts.
 */
import Decimal from 'decimal.js';
import { MESSAGES as V } from './validators.js';
import { toCents } from './money.js';
import { FIELD_TYPES } from './types.js';
import { f } from './fields.js';

export const VAT_RATES = [22, 10, 5, 4, 0] as const;
/** The Natura codes the editor offers for a 0 % row, with their Italian text. */
export const NATURES = [
  { value: 'N1', text: 'N1 - Escluse ex art. 15 (spese anticipate)' },
  { value: 'N2.2', text: 'N2.2 - Non soggette' },
  { value: 'N4', text: 'N4 - Esenti' },
] as const;

export { EDOCUMENT_MESSAGES } from './eDocumentMessages.js';
import { EDOCUMENT_MESSAGES } from './eDocumentMessages.js';

export const MAX_ROWS = 200;
const moneyChecks = FIELD_TYPES.money.checks(f.money('Prezzo'));

export interface RowInput {
  description?: unknown;
  quantity?: unknown;
  price?: unknown;
  vat?: unknown;
  nature?: unknown;
}

/** The first problem of each field of a row (empty when the row is valid). */
export function rowErrors(
  row: RowInput,
): Partial<Record<'description' | 'quantity' | 'price' | 'vat' | 'nature', string>> {
  const out: Partial<Record<'description' | 'quantity' | 'price' | 'vat' | 'nature', string>> = {};
  if (typeof row.description !== 'string' || !row.description.trim()) out.description = EDOCUMENT_MESSAGES.description;
  else if (row.description.length > 1000) out.description = V.maxLength;
  const q = String(row.quantity ?? '').trim();
  if (!/^\d{1,6}$/.test(q) || Number(q) <= 0) out.quantity = EDOCUMENT_MESSAGES.quantity;
  const p = row.price;
  if (p === undefined || p === null || String(p).trim() === '') out.price = EDOCUMENT_MESSAGES.price;
  else {
    const bad = moneyChecks.map((c) => c(typeof p === 'string' ? p.trim() : p)).find(Boolean);
    if (bad) out.price = bad;
    else if (!(Number(String(p).replace(',', '.')) > 0)) out.price = EDOCUMENT_MESSAGES.price;
  }
  const vat = Number(row.vat);
  if (row.vat === undefined || row.vat === null || row.vat === '' || !VAT_RATES.includes(vat as never))
    out.vat = EDOCUMENT_MESSAGES.vat;
  else if (vat === 0 && !NATURES.some((n) => n.value === row.nature)) out.nature = EDOCUMENT_MESSAGES.nature;
  return out;
}

/**
 * A service row: VAT rate in percent; at 0 % the Natura says why (N1 the expenses paid in the
 * customer's name, art. 15, outside the fee: no cassa, no withholding; N2.2 not subject; N4
 * exempt). Under RF19 every row is 0 % N2.2 whatever it says.
 */
export interface EDocumentRowInput {
  description: string;
  quantity: number;
  price: number | string;
  vat: number;
  nature?: string | null;
}

export const WITHHOLDING_RATE = 20;
/** the VAT of a charge invoiced under the ordinary regime (the invoicing's default) */
export const DEFAULT_VAT = 22;

/** A row's VAT by default under the studio's regime: 0 % N2.2 under the flat rate, else DEFAULT_VAT. */
export function defaultVat(regime: string | null | undefined): { vat: number; nature: string | null } {
  return regime === 'RF19' ? { vat: 0, nature: 'N2.2' } : { vat: DEFAULT_VAT, nature: null };
}
export const CASSA_RATE = 4;
export const STAMP_DUTY_CENTS = 200;
/** the stamp duty applies above 77.47 € of operations without VAT */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;

/** whole cents of `cents × percent / 100`, half up */
const percentOf = (cents: number, percent: number) =>
  new Decimal(cents).mul(percent).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

export interface EDocumentTotals {
  lines: Array<{ total: number; vat: number; nature: string | null; fee: boolean }>;
  /** per VAT rate (and Natura at 0 %): taxable (lines and cassa, and the stamp duty charged) and tax, in cents */
  summary: Array<{ vat: number; nature: string | null; taxable: number; tax: number }>;
  /** the rate and Natura of the cassa's contribution (that of the largest share of the fee) */
  cassaVat: { vat: number; nature: string | null } | null;
  /** the lines' sum, and the part of it that is the fee (cassa and withholding are on it) */
  taxable: number;
  fee: number;
  cassa: number;
  tax: number;
  withholding: number;
  /** the stamp duty due on the invoice (DatiBollo), and the part of it charged to the customer (a line of its own) */
  stampDuty: number;
  stampCharged: number;
  /** ImportoTotaleDocumento */
  total: number;
  /** what the customer pays (total less the withholding): ImportoPagamento */
  payable: number;
}

/** How the studio invoices: its regime and what it applies (the studio card's settings). */
export interface InvoicingTreatment {
  regime?: string | null;
  /** the studio applies the 20 % ritenuta d'acconto (to customers who are withholding agents) */
  withholding?: boolean;
  /** the studio applies the 4 % contributo integrativo (also under the flat-rate regime) */
  cassa?: boolean;
  /** the 2 € stamp duty, when due, is charged to the customer (else the studio bears it) */
  stampCharged?: boolean;
}

/**
 * Whether a customer withholds the 20 % on a professional's fee: a 'sostituto d'imposta' (art. 23
 * DPR 600/73 — companies, entities, professionals and firms acting in their business) does; a
 * private person never. The customer card's 'Sostituto d'imposta': 'si' or 'no' as set, else
 * ('auto') derived: a customer with a VAT number is one.
 */
export function isWithholdingAgent(c: { withholding_agent?: string | null; vat_id?: string | null }): boolean {
  if (c.withholding_agent === 'si') return true;
  if (c.withholding_agent === 'no') return false;
  return !!c.vat_id && String(c.vat_id).trim() !== '';
}

/**
 * The invoice's figures in cents (the editor shows the same ones live), by the Italian rules
 * (docs/decisions.md, 'The payable'):
 * - the cassa (4 % contributo integrativo, TC04) on the fee, also under the flat-rate regime (0 %
 *   VAT, N2.2 there); it takes the VAT of the largest share of the fee;
 * - the withholding (20 %, RT01) on the fee, only from a customer who is a withholding agent and
 *   never under the flat-rate regime;
 * - the stamp duty (2 €) on any invoice whose amounts without VAT (N1 art. 15 expenses, N2.2, N4,
 *   the cassa at 0 %) exceed 77,47 € (DPR 642/72, tariff art. 13; tab. B art. 6), charged to the
 *   customer when the studio says so;
 * - the payable (ImportoPagamento): total less the withholding.
 */
export function eDocumentTotals(d: {
  rows: EDocumentRowInput[];
  studio: InvoicingTreatment;
  customer: { withholdingAgent: boolean };
}): EDocumentTotals {
  const forfettario = d.studio.regime === 'RF19';
  const lines = d.rows.map((r) => {
    const vat = forfettario ? 0 : Number(r.vat);
    const nature = forfettario ? 'N2.2' : vat === 0 ? r.nature || 'N2.2' : null;
    return { total: new Decimal(toCents(r.price)).mul(r.quantity).toNumber(), vat, nature, fee: nature !== 'N1' };
  });
  const taxable = lines.reduce((s, l) => s + l.total, 0);
  // the fee: what the cassa and the withholding are computed on (not the expenses of art. 15)
  const fee = lines.filter((l) => l.fee).reduce((s, l) => s + l.total, 0);
  const cassa = d.studio.cassa ? percentOf(fee, CASSA_RATE) : 0;
  const key = (l: { vat: number; nature: string | null }) => `${l.vat}|${l.nature ?? ''}`;
  const byRate = new Map<string, { vat: number; nature: string | null; base: number }>();
  const add = (l: { vat: number; nature: string | null }, amount: number) => {
    const k = key(l);
    byRate.set(k, { vat: l.vat, nature: l.nature, base: (byRate.get(k)?.base ?? 0) + amount });
  };
  const feeShares = new Map<string, { vat: number; nature: string | null; base: number }>();
  for (const l of lines) {
    add(l, l.total);
    if (l.fee)
      feeShares.set(key(l), { vat: l.vat, nature: l.nature, base: (feeShares.get(key(l))?.base ?? 0) + l.total });
  }
  // the cassa takes the VAT rate of the largest share of the fee
  const largest = [...feeShares.values()].sort((x, y) => y.base - x.base || y.vat - x.vat)[0];
  const cassaVat = cassa
    ? forfettario
      ? { vat: 0, nature: 'N2.2' }
      : { vat: largest?.vat ?? 22, nature: largest?.nature ?? null }
    : null;
  if (cassa && cassaVat) add(cassaVat, cassa);
  // the amounts without VAT, before the stamp duty's own line
  const withoutVat = [...byRate.values()].filter((r) => r.vat === 0).reduce((s, r) => s + r.base, 0);
  const stampDuty = withoutVat > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;
  // charged to the customer: a line of its own, excluded from VAT (art. 15)
  const stampCharged = d.studio.stampCharged ? stampDuty : 0;
  if (stampCharged) add({ vat: 0, nature: 'N1' }, stampCharged);
  const summary = [...byRate.values()]
    .sort((x, y) => y.vat - x.vat || (x.nature ?? '').localeCompare(y.nature ?? ''))
    .map((r) => ({ vat: r.vat, nature: r.nature, taxable: r.base, tax: percentOf(r.base, r.vat) }));
  const tax = summary.reduce((s, r) => s + r.tax, 0);
  const withholding =
    d.studio.withholding && !forfettario && d.customer.withholdingAgent ? percentOf(fee, WITHHOLDING_RATE) : 0;
  const total = taxable + cassa + tax + stampCharged;
  return {
    lines,
    summary,
    cassaVat,
    taxable,
    fee,
    cassa,
    tax,
    withholding,
    stampDuty,
    stampCharged,
    total,
    payable: total - withholding,
  };
}

/** The description of the stamp duty's line when it is charged to the customer. */
export const STAMP_DUTY_LINE = 'Imposta di bollo assolta in modo virtuale';

/**
 * What the customer pays for one charge (a fee of `feeCents`) invoiced alone at the studio's
 * default VAT: the payable of a one-line invoice, with how it is made up. The open-items rule in
 * SQL computes the same (server/areas/accounts/openItemsQueries.ts, tested equal).
 */
export function chargePayable(
  feeCents: number,
  studio: InvoicingTreatment,
  customer: { withholdingAgent: boolean },
): EDocumentTotals {
  return eDocumentTotals({
    rows: [
      { description: '-', quantity: 1, price: new Decimal(feeCents).div(100).toFixed(2), ...defaultVat(studio.regime) },
    ],
    studio,
    customer,
  });
}

/**
 * The invoice's payable shared among its rows in proportion to their totals, to the cent (the
 * largest remainders take the odd cents): what each charge invoiced by a row leaves to pay.
 */
export function payableShares(t: EDocumentTotals): number[] {
  const base = t.lines.reduce((s, l) => s + l.total, 0);
  if (!base) return t.lines.map(() => 0);
  const exact = t.lines.map((l) => new Decimal(t.payable).mul(l.total).div(base));
  const shares = exact.map((x) => x.floor().toNumber());
  let rest = t.payable - shares.reduce((s, x) => s + x, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x.minus(x.floor()).toNumber() }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) shares[order[k]!.i]! += 1;
  return shares;
}
