/** Issue 8 #6: money and decimals travel as exact decimals (no binary float arithmetic). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sourceFiles } from '../helpers/sourceFiles';
import { exactDecimal, numbersFromDb, sameValue, toDbValue } from '../../server/records/values';
import { f } from '../../model/fields';

describe('exact decimals', () => {
  it('rounds half-up on the decimal digits, not on a binary float', () => {
    // binary floats: Math.round(1.005 * 100) / 100 === 1 and Math.round(8.345 * 100) / 100 === 8.34
    expect(exactDecimal('1.005', 2)).toBe('1.01');
    expect(exactDecimal(1.005, 2)).toBe('1.01');
    expect(exactDecimal(8.345, 2)).toBe('8.35');
    expect(exactDecimal('0,125', 2)).toBe('0.13');
    expect(exactDecimal('-2.5', 0)).toBe('-3');
    expect(exactDecimal('99999999.99', 2)).toBe('99999999.99');
    expect(exactDecimal('1.000005', 5)).toBe('1.00001');
  });

  it('toDbValue sends the numeric columns exact text at their scale', () => {
    expect(toDbValue(f.money('Importo'), 1234.5)).toBe('1234.50');
    expect(toDbValue(f.money('Importo'), '1234,56')).toBe('1234.56');
    expect(toDbValue(f.decimal('Tasso'), '0.00005')).toBe('0.0001');
    expect(toDbValue(f.credit('Credito'), 0.1 + 0.2)).toBe('0.30000');
    expect(toDbValue(f.money('Importo'), '')).toBeNull();
  });

  it('numbersFromDb makes JSON numbers from the exact text, leaving other fields alone', () => {
    const row = numbersFromDb(
      { a: '1234.50', b: '0.10000', c: 'testo', d: null },
      { a: f.money('A'), b: f.credit('B'), c: f.text('C'), d: f.money('D') },
    );
    expect(row).toEqual({ a: 1234.5, b: 0.1, c: 'testo', d: null });
  });

  it('sameValue compares amounts by value', () => {
    expect(sameValue(1234.5, '1234.50')).toBe(true);
    expect(sameValue('0.10', 0.1)).toBe(true);
    expect(sameValue(1234.5, '1234.51')).toBe(false);
  });

  it('no float8 cast nor float rounding of money in the server', () => {
    const files = sourceFiles('server');
    const found = files.filter((p) =>
      /::float8|Math\.round\([^)]*\* ?100\)/.test(readFileSync(join(PROJECT_ROOT, p), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});

describe('toCents / fromCents (model/money.ts)', () => {
  it('takes the digits, half-up at the third decimal, never a float product', async () => {
    const { toCents, fromCents } = await import('../../model/money');
    expect(1.005 * 100).not.toBe(100.5); // why: the float product is 100.49999…
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.004')).toBe(100);
    expect(toCents('1234,5')).toBe(123450);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents('-10.25')).toBe(-1025);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('abc')).toBeNaN();
    expect(toCents(Number.NaN)).toBeNaN();
    expect(fromCents(123450)).toBe(1234.5);
  });
});

describe('centsText (model/money.ts)', () => {
  it('writes cents as decimal text with two decimals, by the digits', async () => {
    const { centsText, toCents } = await import('../../model/money');
    expect(centsText(8970)).toBe('89.70');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-1025)).toBe('-10.25');
    expect(centsText(100)).toBe('1.00');
    // every amount of a 36-month subscription at 29.90 round-trips
    for (let m = 1; m <= 36; m++) expect(toCents(centsText(2990 * m))).toBe(2990 * m);
    expect(() => centsText(1.5)).toThrow(RangeError);
  });
});
