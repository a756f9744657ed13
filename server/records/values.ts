/** Converts validated input values to what the database stores. */
import Decimal from 'decimal.js';
import { DECIMAL_SCALE, isDecimalType, type FieldDef } from '../../model/fields.js';
import { isEmpty } from '../../model/validators.js';

/**
 * An amount as the exact decimal text the numeric column stores, rounded half-up to `scale`
 * places: '1.005' is 1.01 (binary float arithmetic gives 1.00). Accepts numbers and decimal text
 * with a dot or a comma.
 */
export function exactDecimal(value: unknown, scale: number): string {
  return new Decimal(String(value).trim().replace(',', '.')).toFixed(scale, Decimal.ROUND_HALF_UP);
}

/**
 * Decimal fields arrive from the database as exact text; the API answers JSON numbers made from
 * that text (the nearest double of an at-most-5-decimal amount prints back exactly).
 */
const decimalNames = new WeakMap<Record<string, FieldDef>, string[]>();
export function numbersFromDb(row: Record<string, unknown>, fields: Record<string, FieldDef>): Record<string, unknown> {
  let names = decimalNames.get(fields);
  if (!names) decimalNames.set(fields, names = Object.entries(fields).filter(([, fd]) => isDecimalType(fd.type)).map(([n]) => n));
  for (const name of names) if (typeof row[name] === 'string') row[name] = Number(row[name]);
  return row;
}

export function toDbValue(fd: FieldDef, value: unknown): unknown {
  if (fd.type === 'flag') return value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0;
  if (fd.type === 'boolean') return value === true || value === 1 || value === '1' || value === 'true';
  if (isEmpty(value)) return null;
  switch (fd.type) {
    case 'text': case 'longtext': case 'password': return String(value).trim();
    case 'integer': case 'relation': return Number(value);
    case 'money': case 'decimal': case 'credit': return exactDecimal(value, DECIMAL_SCALE[fd.type]);
    case 'date': {
      const s = String(value);
      const it = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
      return it ? `${it[3]}-${it[2]}-${it[1]}` : s.slice(0, 10);
    }
    case 'datetime': {
      const d = new Date(String(value));
      if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(String(value)) && !Number.isNaN(d.getTime())) {
        // an instant: store Europe/Rome wall-clock time
        return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' }).format(d);
      }
      return String(value).replace('T', ' ').slice(0, 19);
    }
    case 'choice': return typeof fd.choices?.[0]?.value === 'number' ? Number(value) : String(value);
    default: return value;
  }
}

/** Same value for the audit comparison (numbers vs numeric strings, dates). */
const numericText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
export const sameValue = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && (String(a) === String(b)
    || (numericText(a) && numericText(b) && new Decimal(String(a)).equals(String(b)))));
