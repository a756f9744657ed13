/**
 * Money in integer cents, exactly: an amount as a number or as decimal text becomes cents by its
 * digits (half-up at the third decimal), never by multiplying a float (1.005 × 100 is 100.49…).
 */

/** Integer cents of `value` ('1234.5', '1234,50', 1234.5), half-up; NaN when it is not a plain decimal. */
export function toCents(value: number | string): number {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(',', '.');
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return NaN;
  const frac = `${m[3] ?? ''}000`;
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? -cents : cents;
}

/** The amount of integer cents, as a number of euro. */
export const fromCents = (cents: number) => cents / 100;

/** The amount of integer cents as decimal text with two decimals ('89.70'), by its digits. */
export function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
