/**
 * The rules of engagements (issue 49), the same in the browser and on the server: how each service
 * is billed (its periods and the day each is charged), the yearly update of the fees (ISTAT FOI or a
 * fixed percentage), and the checks of an engagement's services. Pure functions on wire dates
 * ('YYYY-MM-DD') and integer cents; the server's billing run and the screens' previews use them both.
 * See docs/decisions.md 'Engagements: periods, billing day, yearly update'.
 */
import Decimal from 'decimal.js';
import { toCents } from './money.js';

export {
  ENGAGEMENT_STATUSES,
  BILLING_RULES,
  billingRuleText,
  UNIT_SOURCES,
  UPDATE_KINDS,
  type EngagementStatus,
  type BillingRule,
  type UnitSource,
  type UpdateKind,
} from './engagementOptions.js';
import { BILLING_RULES, UNIT_SOURCES, type BillingRule } from './engagementOptions.js';

/** Limits that tell a typing slip from a fee (cents): per period, per unit, per hour. */
export const FEE_LIMITS: Record<'period' | 'unit' | 'hour', number> = {
  period: 50_000_000,
  unit: 1_000_000,
  hour: 100_000,
};
export const MAX_SERVICES = 30;

export const ENGAGEMENT_MESSAGES = {
  endBeforeStart: 'La data di fine è precedente alla data di inizio',
  noServices: "Indica almeno un servizio dell'incarico",
  tooManyServices: `Al massimo ${MAX_SERVICES} servizi per incarico`,
  service: 'Scegli il servizio dello studio',
  duplicateService: "Lo stesso servizio compare due volte nell'incarico",
  rule: 'Scegli come si fattura il servizio',
  fee: 'Indica un compenso maggiore di zero, con al massimo due decimali',
  unitSource: 'Indica da dove si prende il numero (cedolini o inserito a mano)',
  unitsOnlyPerUnit: 'Il conteggio si indica solo per i servizi a quantità',
  updatePercent: "Indica la percentuale fissa dell'aggiornamento annuo (da 0,01 a 20)",
  notDraft: "L'incarico non è in bozza: per cambiarlo riportalo in bozza (se inviato) o fanne uno nuovo (se firmato)",
} as const;

/** '2026-05-31' → [2026, 5, 31] */
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** The date of `day` in a month, the last day of the month when it has fewer days (31 → 30 or 28/29). */
export const clampDay = (y: number, m: number, day: number) => `${y}-${pad(m)}-${pad(Math.min(day, lastDay(y, m)))}`;
/** year and month `n` months after (y, m) */
const addMonths = (y: number, m: number, n: number): [number, number] => {
  const k = y * 12 + (m - 1) + n;
  return [Math.floor(k / 12), (k % 12) + 1];
};
const monthEnd = (y: number, m: number) => `${y}-${pad(m)}-${pad(lastDay(y, m))}`;

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
export const monthName = (m: number) => MONTHS[m - 1]!;
/** 'novembre 2026' of '2026-11' or of (2026, 11) */
export const monthText = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `${monthName(m)} ${y}`;
};

/** A period of a service: what one charge covers, and the day it is made. */
export interface BillingPeriod {
  /** first and last day covered (a one-off: the start, twice) */
  start: string;
  end: string;
  /** the day its charge is made */
  billing_date: string;
  /** how the charge's note names it ('2° trimestre 2026', 'maggio 2026', 'anno 2026') */
  label: string;
}

export interface EngagementDates {
  start_date: string;
  end_date?: string | null;
  billing_day: number;
}

function periodLabel(rule: BillingRule, y: number, m: number): string {
  switch (rule) {
    case 'yearly':
      return `anno ${y}`;
    case 'half_yearly':
      return `${m <= 6 ? 1 : 2}° semestre ${y}`;
    case 'quarterly':
      return `${Math.floor((m - 1) / 3) + 1}° trimestre ${y}`;
    default:
      return `${monthName(m)} ${y}`;
  }
}

/**
 * The periods of a service whose billing date is on or before `until`, from the engagement's start
 * to its end (the periods that overlap [start, end]; no pro rata: a period begun is billed whole).
 * At most `limit` periods from the start (a hundred years of months: a bound no real engagement reaches).
 */
export function billingPeriods(e: EngagementDates, rule: BillingRule, until: string, limit = 1200): BillingPeriod[] {
  const [sy, sm] = parts(e.start_date);
  const day = Math.min(Math.max(1, Math.trunc(e.billing_day) || 1), 31);
  const end = e.end_date || null;
  const out: BillingPeriod[] = [];
  if (rule === 'one_off') {
    let billing = clampDay(sy, sm, day);
    if (billing < e.start_date) billing = clampDay(...addMonths(sy, sm, 1), day);
    if (billing <= until)
      out.push({ start: e.start_date, end: e.start_date, billing_date: billing, label: 'una tantum' });
    return out;
  }
  const months = BILLING_RULES.find((r) => r.value === rule)!.months;
  const arrears = rule === 'per_unit' || rule === 'by_time';
  // the first period: the calendar period that holds the start
  let [y, m] = [sy, sm - ((sm - 1) % months)];
  for (;;) {
    const start = `${y}-${pad(m)}-01`;
    if (end && start > end) break;
    const [ly, lm] = addMonths(y, m, months - 1);
    const periodEnd = monthEnd(ly, lm);
    const billing = arrears
      ? clampDay(...addMonths(y, m, months), day)
      : (() => {
          const d = clampDay(y, m, day);
          return d < e.start_date ? e.start_date : d;
        })();
    if (billing > until || out.length >= limit) break;
    out.push({ start, end: periodEnd, billing_date: billing, label: periodLabel(rule, y, m) });
    [y, m] = addMonths(y, m, months);
  }
  return out;
}

/** The anniversaries of the start on or before `until` (and on or before the end): the yearly updates' dates. */
export function updateDates(e: EngagementDates, until: string): string[] {
  const [sy, sm, sd] = parts(e.start_date);
  const out: string[] = [];
  for (let k = 1; k <= 100; k++) {
    const d = clampDay(sy + k, sm, sd);
    if (d > until || (e.end_date && d > e.end_date)) break;
    out.push(d);
  }
  return out;
}

/** The month whose index an ISTAT update on `date` compares with the same month a year before: the month before it. */
export function istatMonths(date: string): { current: string; base: string } {
  const [y, m] = parts(date);
  const [py, pm] = addMonths(y, m, -1);
  return { current: `${py}-${pad(pm)}`, base: `${py - 1}-${pad(pm)}` };
}

/**
 * The percentage of an ISTAT update: the index's yearly variation as ISTAT publishes it (rounded to
 * one decimal), times the share of it the engagement applies (100 % or e.g. 75 %), to three
 * decimals; an update only raises the fee (a fall of the index leaves it as it is, 0 %).
 */
export function istatPercent(base: number | string, current: number | string, share: number | string): number {
  const variation = new Decimal(current).minus(base).div(base).mul(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  if (variation.lte(0)) return 0;
  return variation.mul(share).div(100).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toNumber();
}

/** A fee (cents) raised by `percent` %, to the cent (half up). */
export const raisedFee = (cents: number, percent: number) =>
  new Decimal(cents).mul(new Decimal(100).plus(percent)).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** The limit a service's fee is checked against, by its rule. */
export const feeKind = (rule: string): 'period' | 'unit' | 'hour' =>
  rule === 'per_unit' ? 'unit' : rule === 'by_time' ? 'hour' : 'period';

const euroText = (cents: number) =>
  new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(
    cents / 100,
  );

export interface EngagementServiceInput {
  studio_service_id?: unknown;
  description?: unknown;
  rule?: unknown;
  fee?: unknown;
  unit_source?: unknown;
}

/**
 * The problems of an engagement's services by field path (`services.0.fee`), and of its dates and
 * update: the same checks in the form and on the server (which adds those that need the database:
 * the service exists, no overlap with another engagement).
 */
export function engagementProblems(e: {
  start_date?: unknown;
  end_date?: unknown;
  update_kind?: unknown;
  update_percent?: unknown;
  services: EngagementServiceInput[];
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof e.start_date === 'string' && typeof e.end_date === 'string' && e.end_date && e.end_date < e.start_date)
    out.end_date = ENGAGEMENT_MESSAGES.endBeforeStart;
  if (e.update_kind === 'fixed') {
    const p = Number(String(e.update_percent ?? '').replace(',', '.'));
    if (!(p >= 0.01 && p <= 20)) out.update_percent = ENGAGEMENT_MESSAGES.updatePercent;
  }
  if (!e.services.length) out.services = ENGAGEMENT_MESSAGES.noServices;
  if (e.services.length > MAX_SERVICES) out.services = ENGAGEMENT_MESSAGES.tooManyServices;
  const seen = new Set<number>();
  e.services.forEach((s, i) => {
    const at = (f: string) => `services.${i}.${f}`;
    const sid = Number(s.studio_service_id);
    if (!Number.isInteger(sid) || sid <= 0) out[at('studio_service_id')] = ENGAGEMENT_MESSAGES.service;
    else if (seen.has(sid)) out[at('studio_service_id')] = ENGAGEMENT_MESSAGES.duplicateService;
    else seen.add(sid);
    const rule = BILLING_RULES.find((r) => r.value === s.rule);
    if (!rule) out[at('rule')] = ENGAGEMENT_MESSAGES.rule;
    if (typeof s.description === 'string' && s.description.length > 500)
      out[at('description')] = 'Al massimo 500 caratteri';
    const cents = typeof s.fee === 'number' || typeof s.fee === 'string' ? toCents(s.fee) : NaN;
    const twoDecimals = /^\s*\d+(?:[.,]\d{1,2})?\s*$/.test(String(s.fee ?? ''));
    if (!Number.isSafeInteger(cents) || cents <= 0 || !twoDecimals) out[at('fee')] = ENGAGEMENT_MESSAGES.fee;
    else if (rule) {
      const kind = feeKind(rule.value);
      const max = FEE_LIMITS[kind];
      if (cents > max)
        out[at('fee')] = `Il compenso di ${euroText(cents)} € è fuori misura: al massimo ${euroText(max)} € ${
          kind === 'unit' ? 'per unità' : kind === 'hour' ? "all'ora" : 'per periodo'
        }`;
    }
    if (rule?.value === 'per_unit') {
      if (!UNIT_SOURCES.some((u) => u.value === s.unit_source)) out[at('unit_source')] = ENGAGEMENT_MESSAGES.unitSource;
    }
  });
  return out;
}

/** Two date ranges (an open end: null) overlap. */
export const rangesOverlap = (a: { start: string; end: string | null }, b: { start: string; end: string | null }) =>
  (a.end === null || b.start <= a.end) && (b.end === null || a.start <= b.end);

/** Minutes as 'h:mm' ('1:05'). */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
