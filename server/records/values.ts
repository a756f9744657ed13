/** Converts validated input values to what the database stores. */
import Decimal from 'decimal.js';
import type { FieldDef } from '../../model/fields.js';
import { isDecimalField } from '../db/fieldTypes.js';

export { exactDecimal, toDbValue } from '../db/fieldTypes.js';

/**
 * Decimal fields arrive from the database as exact text; the API answers JSON numbers made from
 * that text (the nearest double of an at-most-5-decimal amount prints back exactly).
 */
const decimalNames = new WeakMap<Record<string, FieldDef>, string[]>();
export function numbersFromDb(row: Record<string, unknown>, fields: Record<string, FieldDef>): Record<string, unknown> {
  let names = decimalNames.get(fields);
  if (!names)
    decimalNames.set(
      fields,
      (names = Object.entries(fields)
        .filter(([, fd]) => isDecimalField(fd))
        .map(([n]) => n)),
    );
  for (const name of names) if (typeof row[name] === 'string') row[name] = Number(row[name]);
  return row;
}

/** Same value for the audit comparison (numbers vs numeric strings, dates). */
const numericText = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
export const sameValue = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) ||
  (a != null &&
    b != null &&
    (String(a) === String(b) || (numericText(a) && numericText(b) && new Decimal(String(a)).equals(String(b)))));
