/**
 * 'Redditività' (issue 49 item 5): what each customer, studio service or collaborator earns the
 * studio in a period. The Admin's only (403 to anyone else: costs, margins and rates are never
 * shown to a Collaboratore). The figures, exactly:
 *
 * - **Compensi addebitati** (`charged`): Σ `amount` of the movements of type CHARGE not in the
 *   trash dated in the period — the fee, net of VAT and cassa: what the studio earns. Per customer;
 *   per studio service (the charge's `studio_service_id`; none → 'Senza servizio'); per
 *   collaborator, the customer's 'Collaboratore contabilità' (`collaborator_accounting_id`; none →
 *   'Senza collaboratore').
 * - **Dovuto** (`payable`): what those charges ask of the customer by the open-items rule
 *   (server/areas/accounts/openItemsQueries.ts): fee + cassa + VAT + stamp − withholding, or the
 *   invoice's share once invoiced. Per customer it is the 'Addebiti' of the account statement of
 *   the same period.
 * - **Incassato** (`collected`):
 *   - per customer and per collaborator (`collected_basis` 'payments'): Σ of the customer's
 *     movements of type PAYMENT dated in the period — to the cent the 'Pagamenti' of the customer's
 *     account statement (GET /api/customer/{id}/statement?from&to) for the same period, whatever
 *     charges they paid;
 *   - per service, and whenever a service is filtered (`collected_basis` 'settled'): a payment names
 *     no service, so what of each charge of the period is no longer open today by the open-items
 *     rule (its payable − its open part): the rule's own allocation (named settlements first, then
 *     oldest due first).
 * - **Da incassare** (`open`): Σ of what is open today of the period's charges by the same rule
 *   (for a customer: the 'open' of the statement's items that are charges). With the 'settled'
 *   basis, collected + open = payable on every row.
 * - **Ore** (`minutes`, `hours`): Σ minutes of the time entries (not in the trash) dated in the
 *   period; per customer, per the entry's service, per the entry's collaborator.
 * - **Costo delle ore** (`cost`): each entry's minutes × the hourly cost of its collaborator in force
 *   on its day (hourly_costs: the latest `valid_from` not after the day), summed exactly and rounded
 *   to the cent (half up) once per customer, service and collaborator, so that every grouping adds
 *   up exactly (10 h 30 min at 32,50 €/h = 341,25 €).
 *   Minutes with no cost in force count 0 and are shown as 'costo non indicato'
 *   (`uncosted_minutes`).
 * - **Valore a tariffa** (`value`): the same at the service's hourly rate in force (service_rates);
 *   minutes with no rate in force: `unrated_minutes`.
 * - **Margine** (`margin`) = charged − cost; **margine per ora** = margin / hours, to the cent (null
 *   without hours).
 * - **Sotto-remunerato** (`under_paying`): hours worked and fees below the value of those hours at
 *   the services' rates, or a negative margin.
 * - **Aggiornamento X %** (`update_percent`): for each under-paying customer (always reckoned per
 *   customer, whatever the grouping) its fees × X %, rounded to the cent (half up); the total is
 *   the sum of those.
 *
 * Customers in the trash take no part. Every sum is made in integer cents (model/money.ts) from
 * the SQL's exact decimals; the totals are the sums of the rows.
 */
import { stringify } from 'csv-stringify/sync';
import { atLeast } from '../../../model/define.js';
import {
  currentPeriod,
  currentYear,
  displayDate,
  inYearRange,
  isoDate,
  YEAR_MAX,
  YEAR_MIN,
} from '../../../model/dates.js';
import { centsText, fromCents, toCents } from '../../../model/money.js';
import {
  MAX_PERIOD_YEARS,
  NO_COLLABORATOR,
  NO_SERVICE,
  PROFITABILITY_GROUPS,
  PROFITABILITY_SORTS,
  type Profitability,
  type ProfitabilityFigures,
  type ProfitabilityGroup,
  type ProfitabilityQuery,
  type ProfitabilityRow,
  type ProfitabilitySort,
  type ProfitabilitySummary,
} from '../../../model/api/profitability.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import { safeCell } from '../../records/export.js';
import {
  chargeAtoms,
  customerNames,
  filterNames,
  paymentAtoms,
  serviceNames,
  timeAtoms,
  trashedCustomers,
  userNames,
  type ChargeAtom,
  type PaymentAtom,
  type ProfitabilityScope,
  type TimeAtom,
} from './queries.js';

export const PROFITABILITY_MESSAGES = {
  date: 'Data non valida: usa il formato AAAA-MM-GG',
  from: 'Indica anche la data di inizio del periodo',
  to: 'Indica anche la data di fine del periodo',
  order: 'La data di fine del periodo è precedente alla data di inizio',
  tooLong: `Il periodo può essere al massimo di ${MAX_PERIOD_YEARS} anni`,
  group: 'Raggruppa per cliente, servizio o collaboratore',
  customer: 'Cliente non valido',
  user: 'Collaboratore non valido',
  service: 'Servizio non valido',
  percent: "Indica la percentuale dell'aggiornamento, da 0,01 a 100 con al massimo due decimali",
  sort: 'Ordinamento non valido',
  sortOrder: "Ordine non valido: 'asc' o 'desc'",
  year: `Anno non valido: da ${YEAR_MIN} a ${YEAR_MAX}`,
} as const;

const fail = (errors: Record<string, string[]>) => new HttpError(422, Object.values(errors)[0]![0]!, errors);

/** The Admin's only. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Admin')) throw forbidden();
}

export interface ProfitabilityRequest {
  scope: ProfitabilityScope;
  group: ProfitabilityGroup;
  /** the update to simulate, in hundredths of a per cent (1000 = 10 %) */
  percentBp?: number;
  sort: ProfitabilitySort;
  order: 'asc' | 'desc';
}

const posInt = (s: string) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : undefined);

/** Checks the query (422: every field's Italian message at once); without a period, this year. */
export function profitabilityRequest(q: ProfitabilityQuery, now = new Date()): ProfitabilityRequest {
  const errors: Record<string, string[]> = {};
  const s = (k: string) => (q[k] == null || q[k] === '' ? undefined : String(q[k]));
  const day = (k: 'from' | 'to') => {
    const raw = s(k);
    if (raw === undefined) return undefined;
    const d = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? isoDate(raw) : undefined;
    if (!d || !inYearRange(d)) {
      errors[k] = [PROFITABILITY_MESSAGES.date];
      return null;
    }
    return d;
  };
  let from = day('from');
  let to = day('to');
  if (from === undefined && to === undefined) ({ from, to } = currentPeriod('year', now));
  else if (from === undefined) errors.from = [PROFITABILITY_MESSAGES.from];
  else if (to === undefined) errors.to = [PROFITABILITY_MESSAGES.to];
  if (from && to) {
    if (from > to) errors.to = [PROFITABILITY_MESSAGES.order];
    else if (to >= `${Number(from.slice(0, 4)) + MAX_PERIOD_YEARS}${from.slice(4)}`)
      errors.to = [PROFITABILITY_MESSAGES.tooLong];
  }
  const g = s('group') ?? 'customer';
  if (!PROFITABILITY_GROUPS.some((x) => x.value === g)) errors.group = [PROFITABILITY_MESSAGES.group];
  const scope: Partial<ProfitabilityScope> = {};
  const c = s('customer_id');
  if (c !== undefined) {
    if (posInt(c)) scope.customerId = posInt(c);
    else errors.customer_id = [PROFITABILITY_MESSAGES.customer];
  }
  const u = s('user_id');
  if (u !== undefined) {
    if (posInt(u)) scope.userId = posInt(u);
    else errors.user_id = [PROFITABILITY_MESSAGES.user];
  }
  const sv = s('studio_service_id');
  if (sv !== undefined) {
    if (sv === 'none') scope.serviceId = 'none';
    else if (posInt(sv)) scope.serviceId = posInt(sv);
    else errors.studio_service_id = [PROFITABILITY_MESSAGES.service];
  }
  let percentBp: number | undefined;
  const p = s('update_percent');
  if (p !== undefined) {
    const bp = /^\d{1,3}([.,]\d{1,2})?$/.test(p.trim()) ? toCents(p) : NaN;
    if (Number.isInteger(bp) && bp >= 1 && bp <= 10_000) percentBp = bp;
    else errors.update_percent = [PROFITABILITY_MESSAGES.percent];
  }
  const sort = s('sort') ?? 'margin';
  if (!(PROFITABILITY_SORTS as readonly string[]).includes(sort)) errors.sort = [PROFITABILITY_MESSAGES.sort];
  const order = s('order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') errors.order = [PROFITABILITY_MESSAGES.sortOrder];
  if (Object.keys(errors).length) throw fail(errors);
  return {
    scope: { ...scope, from: from!, to: to! },
    group: g as ProfitabilityGroup,
    percentBp,
    sort: sort as ProfitabilitySort,
    order: order as 'asc' | 'desc',
  };
}

// ---------------------------------------------------------------------------------------------
// The arithmetic, in integer cents and minutes

interface Sums {
  charged: number;
  payable: number;
  collected: number;
  open: number;
  minutes: number;
  cost: number;
  value: number;
  uncosted: number;
  unrated: number;
}
const zero = (): Sums => ({
  charged: 0,
  payable: 0,
  collected: 0,
  open: 0,
  minutes: 0,
  cost: 0,
  value: 0,
  uncosted: 0,
  unrated: 0,
});
const add = (a: Sums, b: Sums) => {
  for (const k of Object.keys(a) as Array<keyof Sums>) a[k] += b[k];
};
const cents = (text: string) => {
  const c = toCents(text);
  if (!Number.isSafeInteger(c)) throw new Error(`not an amount: ${text}`);
  return c;
};
/** a / b rounded half away from zero, as an integer */
const divRound = (a: number, b: number) => Math.sign(a) * Math.round(Math.abs(a) / b);

const marginOf = (s: Sums) => s.charged - s.cost;
/** hours worked and fees below their value at the services' rates, or a negative margin */
const underPaying = (s: Sums) => (s.minutes > 0 && s.charged < s.value) || marginOf(s) < 0;

function figures(s: Sums): ProfitabilityFigures {
  const margin = marginOf(s);
  return {
    charged: fromCents(s.charged),
    payable: fromCents(s.payable),
    collected: fromCents(s.collected),
    open: fromCents(s.open),
    minutes: s.minutes,
    hours: divRound(s.minutes * 100, 60) / 100,
    cost: fromCents(s.cost),
    value: fromCents(s.value),
    margin: fromCents(margin),
    margin_per_hour: s.minutes > 0 ? fromCents(divRound(margin * 60, s.minutes)) : null,
    uncosted_minutes: s.uncosted,
    unrated_minutes: s.unrated,
  };
}

type Basis = 'payments' | 'settled';
interface Atoms {
  charges: ChargeAtom[];
  payments: PaymentAtom[];
  times: TimeAtom[];
}

/** The atoms' sums per customer, service or collaborator (the key: the id, or null). */
function groupSums(group: ProfitabilityGroup, basis: Basis, atoms: Atoms): Map<number | null, Sums> {
  const out = new Map<number | null, Sums>();
  const at = (key: number | null) => {
    let s = out.get(key);
    if (!s) out.set(key, (s = zero()));
    return s;
  };
  for (const c of atoms.charges) {
    const key = group === 'customer' ? c.customer_id : group === 'service' ? c.service_id : c.collaborator_id;
    const payable = cents(c.payable);
    const open = cents(c.open);
    add(at(key), {
      ...zero(),
      charged: cents(c.charged),
      payable,
      open,
      collected: basis === 'settled' ? payable - open : 0,
    });
  }
  if (basis === 'payments')
    for (const p of atoms.payments) {
      const key = group === 'collaborator' ? p.collaborator_id : p.customer_id;
      at(key).collected += cents(p.paid);
    }
  for (const t of atoms.times) {
    const key = group === 'customer' ? t.customer_id : group === 'service' ? t.service_id : t.user_id;
    add(at(key), {
      ...zero(),
      minutes: t.minutes,
      cost: t.cost,
      value: t.value,
      uncosted: t.uncosted,
      unrated: t.unrated,
    });
  }
  return out;
}

/** The rows in the order asked: the name settles ties; a margin per hour of no hours last either way. */
function sortRows(rows: ProfitabilityRow[], sort: ProfitabilitySort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const byName = (a: ProfitabilityRow, b: ProfitabilityRow) =>
    a.name.localeCompare(b.name, 'it', { sensitivity: 'base' }) || (a.id ?? 0) - (b.id ?? 0);
  return rows.sort((a, b) => {
    if (sort === 'name') return sign * byName(a, b);
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/**
 * The three reads (at once: on PostgreSQL each on its own connection; the embedded database runs
 * them one after the other). `margins`: only what the margins need (no open items, no payments).
 */
async function readAtoms(
  exec: Exec,
  studioId: number,
  scope: ProfitabilityScope,
  basis: Basis,
  margins = false,
): Promise<Atoms> {
  const [charges, payments, times, trashed] = await Promise.all([
    chargeAtoms(exec, studioId, scope, !margins),
    basis === 'payments' && !margins ? paymentAtoms(exec, studioId, scope) : Promise.resolve([]),
    timeAtoms(exec, studioId, scope),
    trashedCustomers(exec, studioId),
  ]);
  return { charges, payments, times: trashed.size ? times.filter((t) => !trashed.has(t.customer_id)) : times };
}

/** The figures of a period for the caller's studio (the checks done): rows, totals, the simulation. */
export async function profitabilityOf(
  exec: Exec,
  studioId: number,
  r: ProfitabilityRequest,
  margins = false,
): Promise<Profitability> {
  const basis: Basis = r.group === 'service' || r.scope.serviceId !== undefined ? 'settled' : 'payments';
  const atoms = await readAtoms(exec, studioId, r.scope, basis, margins);
  const sums = groupSums(r.group, basis, atoms);
  const byCustomer = r.group === 'customer' ? sums : groupSums('customer', basis, atoms);

  // the simulation: the under-paying customers' fees × X %, each rounded to the cent
  const updates = new Map<number, number>();
  if (r.percentBp !== undefined)
    for (const [id, s] of byCustomer)
      if (id !== null && underPaying(s)) updates.set(id, divRound(s.charged * r.percentBp, 10_000));

  const ids = [...sums.keys()].filter((k): k is number => k !== null);
  const names = new Map<number | null, { name: string; collaborator: string | null }>();
  if (r.group === 'customer') for (const c of await customerNames(exec, studioId, ids)) names.set(c.id, c);
  else {
    const found =
      r.group === 'service' ? await serviceNames(exec, studioId, ids) : await userNames(exec, studioId, ids);
    for (const id of ids) names.set(id, { name: found.get(id) ?? `#${id}`, collaborator: null });
    names.set(null, { name: r.group === 'service' ? NO_SERVICE : NO_COLLABORATOR, collaborator: null });
  }

  const rows: ProfitabilityRow[] = [];
  const total = zero();
  let under = 0;
  for (const [id, s] of sums) {
    add(total, s);
    const u = underPaying(s);
    if (u) under++;
    const n = names.get(id);
    rows.push({
      id,
      name: n?.name ?? `#${id}`,
      collaborator: r.group === 'customer' ? (n?.collaborator ?? null) : null,
      ...figures(s),
      under_paying: u,
      update_amount: r.group === 'customer' && id !== null && updates.has(id) ? fromCents(updates.get(id)!) : null,
    });
  }
  let simulation: Profitability['simulation'] = null;
  if (r.percentBp !== undefined) {
    let charged = 0;
    let amount = 0;
    for (const [id, a] of updates) {
      charged += byCustomer.get(id)!.charged;
      amount += a;
    }
    simulation = {
      percent: r.percentBp / 100,
      customers: updates.size,
      charged: fromCents(charged),
      amount: fromCents(amount),
    };
  }
  return {
    from: r.scope.from,
    to: r.scope.to,
    group: r.group,
    collected_basis: basis,
    rows: sortRows(rows, r.sort, r.order),
    totals: { ...figures(total), rows: rows.length, under_paying: under },
    simulation,
  };
}

/** GET /api/profitability */
export async function profitability(exec: Exec, ctx: Ctx, q: ProfitabilityQuery, now = new Date()) {
  allow(ctx);
  return profitabilityOf(exec, ctx.studioId, profitabilityRequest(q, now));
}

/**
 * GET /api/profitability/summary?year=: the customers' margins of a year (by the figures of GET
 * /api/profitability for the whole year), the five best and the five worst.
 */
export async function profitabilitySummary(
  exec: Exec,
  ctx: Ctx,
  q: { year?: unknown },
  now = new Date(),
): Promise<ProfitabilitySummary> {
  allow(ctx);
  const raw = q.year == null || q.year === '' ? String(currentYear(now)) : String(q.year);
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= YEAR_MIN && year <= YEAR_MAX)) throw fail({ year: [PROFITABILITY_MESSAGES.year] });
  // the margins only: no open items, no payments
  const data = await profitabilityOf(
    exec,
    ctx.studioId,
    { scope: { from: `${year}-01-01`, to: `${year}-12-31` }, group: 'customer', sort: 'margin', order: 'desc' },
    true,
  );
  const rows = data.rows
    .filter((r) => r.id !== null)
    .map((r) => ({ customer_id: r.id!, business_name: r.name, charged: r.charged, cost: r.cost, margin: r.margin }));
  // five and five; fewer than ten customers: the better half, the rest (no customer in both)
  const best = rows.slice(0, Math.min(5, Math.ceil(rows.length / 2)));
  const worst = rows.slice(best.length).reverse().slice(0, 5);
  return { year, best, worst, customers: rows.length, margin: data.totals.margin };
}

// ---------------------------------------------------------------------------------------------
// The documents

const GROUP_TEXT: Record<ProfitabilityGroup, string> = {
  customer: 'cliente',
  service: 'servizio',
  collaborator: 'collaboratore',
};
/** The first column's heading. */
export const GROUP_HEADING: Record<ProfitabilityGroup, string> = {
  customer: 'Cliente',
  service: 'Servizio',
  collaborator: 'Collaboratore',
};

/** What the documents print above the table: the period, the grouping, the filters, what 'Incassato' is. */
export async function profitabilityFilterText(
  exec: Exec,
  studioId: number,
  r: ProfitabilityRequest,
  data: Profitability,
) {
  const names = await filterNames(exec, studioId, r.scope);
  const parts = [`Dal ${displayDate(data.from)} al ${displayDate(data.to)}`, `per ${GROUP_TEXT[data.group]}`];
  if (r.scope.customerId !== undefined) parts.push(`cliente ${names.customer ?? `#${r.scope.customerId}`}`);
  if (r.scope.userId !== undefined) parts.push(`collaboratore ${names.user ?? `#${r.scope.userId}`}`);
  if (r.scope.serviceId === 'none') parts.push(NO_SERVICE.toLowerCase());
  else if (r.scope.serviceId !== undefined) parts.push(`servizio ${names.service ?? `#${r.scope.serviceId}`}`);
  return parts.join(' · ');
}

/** 'Incassato' as this answer reckons it, for the documents' note. */
export const collectedText = (data: Profitability) =>
  data.collected_basis === 'payments'
    ? "Incassato: i pagamenti del periodo, come nell'estratto conto del cliente."
    : 'Incassato: la parte degli addebiti del periodo già pagata (regola delle partite aperte).';

/** an amount as Italian Excel reads it: '1234,50' (by its digits) */
export const csvAmount = (n: number) => safeCell(centsText(toCents(n)).replace('.', ','), true);
/** hours with two decimals, a decimal comma: '10,50' */
export const csvHours = (minutes: number) => centsText(divRound(minutes * 100, 60)).replace('.', ',');
/** a percentage as printed: '10', '2,5' */
export const percentText = (p: number) => String(p).replace('.', ',');

/** The CSV's columns for a grouping (and the update's column when one is simulated). */
export function profitabilityCsvHeader(group: ProfitabilityGroup, percent?: number): string[] {
  return [
    GROUP_HEADING[group],
    ...(group === 'customer' ? ['Collaboratore'] : []),
    'Compensi addebitati',
    'Dovuto (IVA e cassa incluse)',
    'Incassato',
    'Da incassare',
    'Ore',
    'Costo delle ore',
    'Valore a tariffa',
    'Margine',
    'Margine per ora',
    'Sotto-remunerato',
    'Ore senza costo orario',
    ...(percent !== undefined ? [`Aggiornamento ${percentText(percent)} %`] : []),
  ];
}

/**
 * The figures as CSV, as the product's CSVs are (semicolons, CRLF, UTF-8 with BOM, amounts with a
 * decimal comma and no grouping, cells a spreadsheet would run as formulas neutralised): the
 * header, a row each in the answer's order, 'Totale' last.
 */
export function profitabilityCsv(data: Profitability): string {
  const percent = data.simulation?.percent;
  const line = (name: string, collaborator: string | null, f: ProfitabilityFigures, under: string, update: string) => [
    safeCell(name),
    ...(data.group === 'customer' ? [safeCell(collaborator ?? '')] : []),
    csvAmount(f.charged),
    csvAmount(f.payable),
    csvAmount(f.collected),
    csvAmount(f.open),
    csvHours(f.minutes),
    csvAmount(f.cost),
    csvAmount(f.value),
    csvAmount(f.margin),
    f.margin_per_hour === null ? '' : csvAmount(f.margin_per_hour),
    under,
    f.uncosted_minutes ? csvHours(f.uncosted_minutes) : '',
    ...(percent !== undefined ? [update] : []),
  ];
  const rows = data.rows.map((r) =>
    line(
      r.name,
      r.collaborator,
      r,
      r.under_paying ? 'Sì' : 'No',
      r.update_amount === null ? '' : csvAmount(r.update_amount),
    ),
  );
  const total = line(
    'Totale',
    '',
    data.totals,
    String(data.totals.under_paying),
    data.simulation ? csvAmount(data.simulation.amount) : '',
  );
  return stringify([profitabilityCsvHeader(data.group, percent), ...rows, total], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: true,
    quoted_match: [/^\s|\s$/, /[\r\n]/],
  });
}

/** The name of the files: 'Redditività per cliente 2026-01-01 2026-12-31.csv' */
export const profitabilityFileName = (data: Profitability, ext: 'csv' | 'pdf') =>
  `Redditività per ${GROUP_TEXT[data.group]} ${data.from} ${data.to}.${ext}`;

/** GET /api/profitability.csv and .pdf: the figures and what the documents print above them. */
export async function profitabilityForDocument(exec: Exec, ctx: Ctx, q: ProfitabilityQuery, now = new Date()) {
  allow(ctx);
  const r = profitabilityRequest(q, now);
  const data = await profitabilityOf(exec, ctx.studioId, r);
  return { data, filterText: await profitabilityFilterText(exec, ctx.studioId, r, data) };
}
