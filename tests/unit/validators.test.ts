import { describe, it, expect } from 'vitest';
import {
  MESSAGES,
  creditorId,
  sepaId,
  compose,
  required,
  accept,
  maxLength,
  minLength,
  minCount,
  lettersOnly,
  positive,
  integer,
  decimal,
  phone,
  iban,
  email,
  date,
  vatNumber,
  fiscalCode,
  checkVatNumber,
  checkFiscalCode,
  vatCheckDigit,
  fiscalCodeCheckChar,
  type Validator,
} from '../../model/validators.js';

const EMPTY = [undefined, null, ''];

/** Every value must pass. */
const ok = (v: Validator, values: unknown[]) => {
  for (const value of values) expect(v(value), JSON.stringify(value) ?? String(value)).toBeUndefined();
};
/** Every value must fail with `msg`. */
const ko = (v: Validator, msg: string, values: unknown[]) => {
  for (const value of values) expect(v(value), JSON.stringify(value) ?? String(value)).toBe(msg);
};

// Hand-verified examples:
//  VAT 12345678903: odd 1+3+5+7+9=25, even 2→4,4→8,6→3,8→7,0→0 = 22, sum 47 → (10-7)%10 = 3
//  VAT 01234567897: odd 0+2+4+6+8=20, even 1→2,3→6,5→1,7→5,9→9 = 23, sum 43 → (10-3)%10 = 7
//  CF RSSMRA85T10A562S: well-known valid example.
//  CF RSSMRA85T10A56NH: omocodic variant (last digit 2→N at an odd position: value 5→20,
//  sum +15, check (18+15)%26 = 7 → H).
const VALID_VAT = ['12345678903', '01234567897'];
const VALID_CF = 'RSSMRA85T10A562S';
const VALID_CF_OMOCODIC = 'RSSMRA85T10A56NH';
const VALID_IBAN = 'IT60X0542811101000000123456';

describe('MESSAGES', () => {
  it('has the Italian texts', () => {
    expect(MESSAGES.required).toBe('Campo Obbligatorio');
    expect(MESSAGES.minLength(3)).toBe('Digita almeno 3 caratteri');
    expect(MESSAGES.minCount(2)).toBe('Seleziona almeno 2 elementi');
    expect(MESSAGES.date).toBe('formato corretto DD-MM-YYYY');
    expect(MESSAGES.vatChars).toBe('Uno o più caratteri non validi');
  });
});

describe('required', () => {
  it('accepts filled values', () => ok(required(), ['a', 0, false, 'Mario', [1], 12.5]));
  it('rejects empty values', () => ko(required(), MESSAGES.required, [undefined, null, '', '   ', []]));
});

describe('accept', () => {
  it('accepts true, 1 and "1"', () => ok(accept(), [true, 1, '1']));
  it('rejects anything else', () => ko(accept(), MESSAGES.accept, [false, 0, '0', '', null, undefined, 'true', 2]));
});

describe('maxLength', () => {
  it('accepts short or empty values', () => ok(maxLength(5), [...EMPTY, 'abc', 'abcde', 12345, ['a']]));
  it('rejects long values', () => ko(maxLength(5), MESSAGES.maxLength, ['abcdef', 123456, [1, 2, 3, 4, 5, 6]]));
});

describe('minLength', () => {
  it('accepts long or empty values', () => ok(minLength(3), [...EMPTY, 'abc', 'abcdef', 1234]));
  it('rejects short values', () => {
    ko(minLength(3), MESSAGES.minLength(3), ['a', 'ab', 12]);
    expect(minLength(8)('abc')).toBe('Digita almeno 8 caratteri');
  });
});

describe('minCount', () => {
  it('accepts enough elements', () =>
    ok(minCount(2), [
      [1, 2],
      ['a', 'b', 'c'],
    ]));
  it('rejects too few elements, empty included', () =>
    ko(minCount(2), MESSAGES.minCount(2), [[], [1], undefined, null, '']));
  it('minCount(0) accepts anything', () => ok(minCount(0), [[], undefined]));
});

describe('lettersOnly', () => {
  it('accepts letters, accented letters, spaces and apostrophes', () =>
    ok(lettersOnly(), [...EMPTY, 'Mario', 'Niccolò', "D'Annunzio", 'De Santis', 'Perché è così', 'Citt’à', 'ÀÈÉÌÒÙ']));
  it('rejects digits and symbols', () =>
    ko(lettersOnly(), MESSAGES.lettersOnly, ['Mario1', 'a-b', 'mario@x', 'x.y', 42]));
});

describe('positive', () => {
  it('accepts numbers greater than zero', () => ok(positive(), [...EMPTY, 1, 0.01, '3', '2,5', '2.5', '+4']));
  it('rejects zero, negatives and non-numbers', () =>
    ko(positive(), MESSAGES.positive, [0, -1, '0', '-2,5', 'abc', NaN, Infinity]));
});

describe('integer', () => {
  it('accepts integers', () => ok(integer(), [...EMPTY, 0, 42, -7, '42', '-7', '+3', ' 12 ']));
  it('rejects non-integers', () =>
    ko(integer(), MESSAGES.integer, [1.5, '1.5', '1,5', 'abc', '1e3', NaN, Infinity, '--1', true]));
});

describe('decimal', () => {
  it('accepts numbers and decimal strings', () =>
    ok(decimal(), [...EMPTY, 0, 1.25, -3, '10', '10.50', '10,50', '-2,5']));
  it('rejects anything else', () =>
    ko(decimal(), MESSAGES.decimal, ['1.2.3', '1,2,3', '1.', ',5', 'abc', '1 000', '1e3', NaN, Infinity]));
});

describe('phone', () => {
  it('accepts 5 to 15 digits with optional +, spaces ignored', () =>
    ok(phone(), [...EMPTY, '06 1234567', '+39 333 1234567', '12345', '123456789012345', 3331234567]));
  it('rejects wrong numbers', () =>
    ko(phone(), MESSAGES.phone, ['1234', '1234567890123456', '333-1234567', '++39333', '39+333', 'abcde']));
});

describe('SEPA creditor identifier (issue 29)', () => {
  it('accepts CIDs whose check digits are ISO 7064 MOD 97-10 of the national id + country (business code ignored)', () =>
    ok(creditorId(), [
      ...EMPTY,
      'IT66ZZZA1B2C3D4E5F6G7H8',
      'it66zzza1b2c3d4e5f6g7h8',
      'IT66001A1B2C3D4E5F6G7H8',
      'DE98ZZZ09999999999',
    ]));
  it('rejects wrong check digits, an Italian national id that is neither a fiscal code nor a VAT number, other shapes', () =>
    ko(creditorId(), MESSAGES.creditorId, [
      'IT67ZZZA1B2C3D4E5F6G7H8',
      'IT66ZZZA1B2C3D4E5F6G7H',
      'DE99ZZZ09999999999',
      'ZZZA1B2C3D4E5F6G7H8',
      'IT66-ZZZ-A1B2C3D4E5F6G7H8',
      42,
    ]));
});

describe('SEPA identifier (a mandate reference)', () => {
  it("accepts the EPC's Latin subset", () => ok(sepaId(), [...EMPTY, 'MANDATO-2026/001', "ROSSI (1) + 2 ? : . , '"]));
  it("rejects accents, '//', a '/' at either end, other symbols", () =>
    ko(sepaId(), MESSAGES.sepaId, ['MANDATO-À', 'A//B', '/A', 'A/', 'A_B', 'A&B', 'A#1']));
});

describe('iban', () => {
  it('accepts valid IBANs, spaces and lowercase allowed', () =>
    ok(iban(), [
      ...EMPTY,
      VALID_IBAN,
      'IT60 X054 2811 1010 0000 0123 456',
      'it60x0542811101000000123456',
      'GB82WEST12345698765432',
      'DE89370400440532013000',
    ]));
  it('rejects wrong checksum, length or country', () =>
    ko(iban(), MESSAGES.iban, [
      'IT61X0542811101000000123456',
      'IT60X054281110100000012345',
      'XX60X0542811101000000123456',
      'IT60-X054-2811-1010-0000-0123-456',
      'abc',
      123,
    ]));
});

describe('email', () => {
  it('accepts sensible addresses', () =>
    ok(email(), [...EMPTY, 'mario.rossi@example.it', 'info+studio@studio-rossi.com', ' a@b.co ']));
  it('rejects malformed addresses', () =>
    ko(email(), MESSAGES.email, [
      'mario',
      'mario@',
      '@example.it',
      'mario@example',
      'mario rossi@example.it',
      'mario@@example.it',
      'mario..rossi@example.it',
      '.mario@example.it',
      'mario@-example.it',
      42,
    ]));
});

describe('date', () => {
  it('accepts YYYY-MM-DD and DD-MM-YYYY real dates', () =>
    ok(date(), [...EMPTY, '2026-01-31', '2024-02-29', '2000-02-29', '31-12-2025', '29-02-2024', new Date(2026, 0, 1)]));
  it('rejects wrong formats and impossible dates', () =>
    ko(date(), MESSAGES.date, [
      '2026-02-30',
      '2025-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '31-04-2026',
      '2026/01/01',
      '01/01/2026',
      '1-1-2026',
      '2026-1-1',
      'abc',
      20260101,
      new Date('x'),
    ]));
});

describe('checkVatNumber / vatNumber', () => {
  it('accepts valid partite IVA', () => {
    for (const v of VALID_VAT) expect(checkVatNumber(v)).toBeUndefined();
    ok(vatNumber(), [...EMPTY, ...VALID_VAT]);
    ok(vatNumber({ required: true }), VALID_VAT);
  });
  it('reports each error', () => {
    expect(checkVatNumber('')).toBe(MESSAGES.vatEmpty);
    expect(checkVatNumber('1234567890')).toBe(MESSAGES.vatLength);
    expect(checkVatNumber('123456789031')).toBe(MESSAGES.vatLength);
    expect(checkVatNumber('1234567890A')).toBe(MESSAGES.vatChars);
    expect(checkVatNumber('12345678904')).toBe(MESSAGES.vatInvalid);
    expect(checkVatNumber('01234567890')).toBe(MESSAGES.vatInvalid);
  });
  it('required option', () => {
    ko(vatNumber({ required: true }), MESSAGES.vatEmpty, EMPTY);
    ok(vatNumber({ required: false }), EMPTY);
    expect(vatNumber()('12345678904')).toBe(MESSAGES.vatInvalid);
  });
  it('vatCheckDigit computes the 11th digit', () => {
    expect(vatCheckDigit('1234567890')).toBe('3');
    expect(vatCheckDigit('0123456789')).toBe('7');
    expect(vatCheckDigit('0000000000')).toBe('0');
    expect(() => vatCheckDigit('123')).toThrow();
    // generated numbers are accepted
    for (const first10 of ['9876543210', '0000000001', '5555555555']) {
      expect(checkVatNumber(first10 + vatCheckDigit(first10))).toBeUndefined();
    }
  });
});

describe('checkFiscalCode / fiscalCode', () => {
  it('accepts valid codes, omocodic and numeric ones, trimmed and case-insensitive', () => {
    for (const cf of [VALID_CF, VALID_CF_OMOCODIC, 'rssmra85t10a562s', `  ${VALID_CF} `, ...VALID_VAT]) {
      expect(checkFiscalCode(cf), cf).toBeUndefined();
    }
    ok(fiscalCode(), [...EMPTY, VALID_CF]);
    ok(fiscalCode({ required: true }), [VALID_CF, '12345678903']);
  });
  it('reports each error', () => {
    expect(checkFiscalCode('')).toBe(MESSAGES.cfEmpty);
    expect(checkFiscalCode('   ')).toBe(MESSAGES.cfEmpty);
    expect(checkFiscalCode('RSSMRA85T10A562')).toBe(MESSAGES.cfLength);
    expect(checkFiscalCode('RSSMRA85T10A562SX')).toBe(MESSAGES.cfLength);
    expect(checkFiscalCode('1234567890')).toBe(MESSAGES.cfLength);
    // structure: digit in the surname/name part, wrong month letter, letter not allowed by omocodia
    expect(checkFiscalCode('RSSMR185T10A562S')).toBe(MESSAGES.cfChars);
    expect(checkFiscalCode('RSSMRA85Z10A562S')).toBe(MESSAGES.cfChars);
    expect(checkFiscalCode('RSSMRA8AT10A562S')).toBe(MESSAGES.cfChars);
    expect(checkFiscalCode('RSSMRA85T10A5625')).toBe(MESSAGES.cfChars);
    expect(checkFiscalCode('RSSMRA85T10A56-S')).toBe(MESSAGES.cfChars);
    expect(checkFiscalCode('1234567890A')).toBe(MESSAGES.cfChars);
    // wrong check character / check digit
    expect(checkFiscalCode('RSSMRA85T10A562T')).toBe(MESSAGES.cfInvalid);
    expect(checkFiscalCode('RSSMRA85T10A56NS')).toBe(MESSAGES.cfInvalid);
    expect(checkFiscalCode('12345678904')).toBe(MESSAGES.cfInvalid);
  });
  it('required option', () => {
    ko(fiscalCode({ required: true }), MESSAGES.cfEmpty, EMPTY);
    ok(fiscalCode({ required: false }), EMPTY);
    expect(fiscalCode()('RSSMRA85T10A562T')).toBe(MESSAGES.cfInvalid);
  });
  it('fiscalCodeCheckChar computes the 16th character', () => {
    expect(fiscalCodeCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(fiscalCodeCheckChar('rssmra85t10a562')).toBe('S');
    expect(fiscalCodeCheckChar('RSSMRA85T10A56N')).toBe('H');
    expect(() => fiscalCodeCheckChar('RSSMRA')).toThrow();
    for (const first15 of ['BNCGPP70A41F205', 'VRDLGU99E15H501', 'FRRLCU01P60L219']) {
      expect(checkFiscalCode(first15 + fiscalCodeCheckChar(first15)), first15).toBeUndefined();
    }
  });
});

describe('compose', () => {
  it('returns the first message', () => {
    const v = compose(required(), minLength(3), lettersOnly());
    expect(v('')).toBe(MESSAGES.required);
    expect(v('a1')).toBe(MESSAGES.minLength(3));
    expect(v('abc1')).toBe(MESSAGES.lettersOnly);
    expect(v('Mario')).toBeUndefined();
  });
  it('optional chain lets empty values through and skips falsy entries', () => {
    const v = compose(false, undefined, email(), maxLength(20));
    expect(v('')).toBeUndefined();
    expect(v('x')).toBe(MESSAGES.email);
    expect(v('averyveryverylong@example.it')).toBe(MESSAGES.maxLength);
  });
});

describe('currentYear / currentMonth (the studio clock, Rome)', () => {
  it('a New Year’s Eve evening in UTC is already January of the next year in Rome', async () => {
    const { currentYear, currentMonth } = await import('../../model/dates');
    const eve = new Date('2026-12-31T23:30:00Z');
    expect(currentYear(eve)).toBe(2027);
    expect(currentMonth(eve)).toBe(1);
    expect(currentYear(new Date('2026-06-15T12:00:00Z'))).toBe(2026);
    expect(currentMonth(new Date('2026-06-30T22:30:00Z'))).toBe(7);
  });
});
