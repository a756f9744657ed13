/**
 * Every date, date-time and time parse and format of the product, in one module (browser and
 * server): dayjs in strict mode, wall-clock time of Europe/Rome.
 *
 * Wire formats: date 'YYYY-MM-DD', date-time 'YYYY-MM-DD HH:mm:ss' (Rome wall clock), time 'HH:mm'.
 * Display formats (seed A §9): 'DD-MM-YYYY', 'DD-MM-YYYY HH:mm', 'HH:mm'.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

export const TIME_ZONE = 'Europe/Rome';
/** The years a date of the product may have (both included). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;
/** Whether a wire date or date-time ('YYYY-…') falls in YEAR_MIN–YEAR_MAX. */
export const inYearRange = (iso: string) => {
  const y = Number(iso.slice(0, 4));
  return y >= YEAR_MIN && y <= YEAR_MAX;
};
/**
 * The wire date ('YYYY-MM-DD') of a year, month and day read from a file (a bank's statement),
 * or null when they make no real calendar day ('2026-02-30') or one outside YEAR_MIN–YEAR_MAX.
 */
export function realDay(y: number, mo: number, d: number): string | null {
  if (mo < 1 || mo > 12 || d < 1) return null;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (d > days[mo - 1]!) return null;
  const iso = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return inYearRange(iso) ? iso : null;
}
export const ISO_DATE = 'YYYY-MM-DD';
export const ISO_DATETIME = 'YYYY-MM-DD HH:mm:ss';

const strict = (text: string, formats: string[]) => {
  for (const f of formats) {
    const d = dayjs(text, f, true);
    if (d.isValid()) return d;
  }
  return undefined;
};

/**
 * A calendar date from 'YYYY-MM-DD' or 'DD-MM-YYYY' (also 'DD/MM/YYYY', 'DD.MM.YYYY', 'DDMMYYYY'
 * and one-digit day or month as typed): 'YYYY-MM-DD', or undefined when it is no real date
 * ('2026-02-30').
 */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  const d = strict(s, ['YYYY-MM-DD', 'DD-MM-YYYY', 'D-M-YYYY', 'DD/MM/YYYY', 'D/M/YYYY', 'DD.MM.YYYY', 'DDMMYYYY']);
  return d && d.year() >= 1 ? d.format(ISO_DATE) : undefined;
}

/**
 * A date-time: 'YYYY-MM-DD HH:mm[:ss]' or with 'T' is Rome wall-clock time as written; with 'Z'
 * or an offset it is an instant, turned into Rome wall-clock time. 'YYYY-MM-DD HH:mm:ss', or
 * undefined when it is no real date and time.
 */
export function isoDateTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) return undefined;
  const wall = strict(`${m[1]} ${m[2]}`, ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm']);
  if (!wall) return undefined;
  if (!m[4]) return wall.format(ISO_DATETIME);
  const instant = dayjs(s);
  return instant.isValid() ? instant.tz(TIME_ZONE).format(ISO_DATETIME) : undefined;
}

/** A time of day 'HH:mm' (or 'HH:mm:ss', 'H:mm'): 'HH:mm', or undefined. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const d = strict(value.trim(), ['HH:mm', 'H:mm', 'HH:mm:ss']);
  return d ? d.format('HH:mm') : undefined;
}

/** 'DD-MM-YYYY' (with ' HH:mm' when asked and present) from a wire date or date-time. */
export function displayDate(value: unknown, withTime = false): string {
  const s = typeof value === 'string' ? value : '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(s);
  if (!m) return '';
  return `${m[3]}-${m[2]}-${m[1]}${withTime && m[4] ? ` ${m[4]}` : ''}`;
}

/** 'DD-MM-YYYY HH:mm' from a wire date-time. */
export const displayDateTime = (value: unknown) => displayDate(value, true);

/** Today in Rome, 'YYYY-MM-DD'. */
export const today = (now: Date = new Date()) => dayjs(now).tz(TIME_ZONE).format(ISO_DATE);

/** Now in Rome, 'YYYY-MM-DD HH:mm:ss'. */
export const nowDateTime = (now: Date = new Date()) => dayjs(now).tz(TIME_ZONE).format(ISO_DATETIME);

/** Today at midnight in Rome, 'YYYY-MM-DD 00:00:00' (seed A §9: a time defaults to midnight). */
export const todayMidnight = (now: Date = new Date()) => `${today(now)} 00:00:00`;

const YEAR_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric' });
const yearMonth = (now: Date) => {
  const parts = YEAR_MONTH.formatToParts(now);
  return {
    year: Number(parts.find((p) => p.type === 'year')!.value),
    month: Number(parts.find((p) => p.type === 'month')!.value),
  };
};
/** The current year on the studio's clock (Rome). */
export const currentYear = (now: Date = new Date()) => yearMonth(now).year;
/** The current month on the studio's clock (Rome), 1–12. */
export const currentMonth = (now: Date = new Date()) => yearMonth(now).month;

/** First and last day of the current month or year in Rome. */
export function currentPeriod(kind: 'month' | 'year', now: Date = new Date()): { from: string; to: string } {
  const d = dayjs(now).tz(TIME_ZONE);
  return { from: d.startOf(kind).format(ISO_DATE), to: d.endOf(kind).format(ISO_DATE) };
}

/** True when `day` ('YYYY-MM-DD') is before today in Rome (an expiry that has passed). */
export const isPast = (day: string | null | undefined, now: Date = new Date()) =>
  !!day && !!isoDate(day) && isoDate(day)! < today(now);

// ---------------------------------------------------------------------------
// TARGET2: the days SEPA debits settle (issue 45 item 8: a collection date on a holiday)
// ---------------------------------------------------------------------------

/** Easter Sunday of a year (the Gregorian computus), as [month, day]. */
function easter(y: number): [number, number] {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

/** A TARGET2 business day (when SEPA debits settle): not a weekend, 1 January, Good Friday, Easter Monday, 1 May, 25–26 December. */
function isBankDate(d: Date): boolean {
  const wd = d.getUTCDay();
  if (wd === 0 || wd === 6) return false;
  const y = d.getUTCFullYear();
  const md = `${d.getUTCMonth() + 1}-${d.getUTCDate()}`;
  if (['1-1', '5-1', '12-25', '12-26'].includes(md)) return false;
  const [em, ed] = easter(y);
  const sunday = Date.UTC(y, em - 1, ed);
  const day = 86_400_000;
  return d.getTime() !== sunday - 2 * day && d.getTime() !== sunday + day;
}

/** A day as Italian prose writes it: '2026-11-30' → '30/11/2026' (the seeds' fields show 30-11-2026). */
export const slashDate = (iso: string | null | undefined): string =>
  iso ? iso.slice(0, 10).split('-').reverse().join('/') : '';

/** The day `n` calendar days after `from` ('YYYY-MM-DD'; `n` may be negative). */
export function addDays(from: string, n: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The day `n` bank days after `from` ('YYYY-MM-DD'). */
export function addBankDays(from: string, n: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  let left = n;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isBankDate(date)) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** Whether a day ('YYYY-MM-DD') is a TARGET2 business day. */
export function isTarget2Day(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isBankDate(new Date(Date.UTC(y, m - 1, d)));
}

/** The day itself when it is a TARGET2 business day, else the next one (a debit's collection date). */
export function nextTarget2Day(day: string): string {
  return isTarget2Day(day) ? day : addBankDays(day, 1);
}
