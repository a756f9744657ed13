/**
 * Field validators: the ONE implementation shared by the browser (react-admin inputs)
 * and the server (request validation). Pure TypeScript, no Node or DOM APIs.
 *
 * A Validator returns the (Italian) error message, or undefined when the value is valid.
 * Every validator except required/accept/minCount (and vatNumber/fiscalCode with
 * `required: true`) treats empty values (undefined, null, '' or blanks) as valid.
 */
import * as ibanNs from 'iban';
import { today as romeToday } from './dates.js';

export const MESSAGES = {
  required: 'Campo Obbligatorio',
  accept: 'Accettazione obbligatoria',
  maxLength: 'Numero massimo di caratteri superato',
  minLength: (n: number) => `Digita almeno ${n} caratteri`,
  minCount: (n: number) => `Seleziona almeno ${n} elementi`,
  lettersOnly: 'Inserisci solo lettere',
  positive: 'Il numero deve essere positivo',
  signatureDate: 'La data di firma non può essere futura',
  integer: 'Inserisci un Numero Intero',
  decimal: 'Inserisci un Numero Decimale',
  phone: 'Inserisci un Numero di Telefono Corretto',
  iban: 'Inserisci IBAN valido',
  creditorId: 'Identificativo creditore SEPA non valido (es. IT66ZZZA1B2C3D4E5F6G7H8)',
  bic: 'BIC non valido: 8 o 11 caratteri (es. BPMOIT22 o BPMOIT22XXX)',
  cuc: 'Codice CUC non valido: 8 tra lettere e cifre (lo rilascia la banca per il CBI)',
  sia: 'Codice SIA non valido: 5 tra lettere e cifre (lo rilascia la banca)',
  sepaId: "Usa solo lettere senza accenti, cifre e + ? / - : ( ) . , ' (senza // e senza / iniziale o finale)",
  email: 'Email Non Valida',
  date: 'formato corretto DD-MM-YYYY',
  vatEmpty: 'Partita iva non immessa',
  vatLength: 'Lunghezza Partita Iva non valida',
  vatChars: 'Uno o più caratteri non validi',
  vatInvalid: 'Partita Iva Non Valida',
  cfEmpty: 'Codice Fiscale Vuoto',
  cfLength: 'Lunghezza Codice Fiscale non valida',
  cfChars: 'Caratteri non validi',
  cfInvalid: 'Codice Fiscale Non Valido',
} as const;

/** undefined = valid, otherwise the error message. */
export type Validator = (value: unknown) => string | undefined;

// ---------------------------------------------------------------------------
// iban library interop: a CommonJS module. Node (and Vitest) expose module.exports
// as `default` of the namespace; Vite's pre-bundling does the same, some bundlers
// put the functions on the namespace itself. Accept both.
// ---------------------------------------------------------------------------
interface IbanLib {
  isValid(iban: string): boolean;
}
const ibanLib: IbanLib = (() => {
  const ns = ibanNs as unknown as IbanLib & { default?: IbanLib };
  return ns.default && typeof ns.default.isValid === 'function' ? ns.default : ns;
})();

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

/** undefined, null, '' (or only blanks) and empty arrays. */
export const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';

const lengthOf = (value: unknown): number =>
  Array.isArray(value) ? value.length : typeof value === 'string' ? value.length : asText(value).length;

/** Runs the validators in order and returns the first message. */
export function compose(...validators: Array<Validator | null | undefined | false>): Validator {
  return (value) => {
    for (const v of validators) {
      if (!v) continue;
      const msg = v(value);
      if (msg) return msg;
    }
    return undefined;
  };
}

// ---------------------------------------------------------------------------
// generic validators
// ---------------------------------------------------------------------------

export const required = (): Validator => (value) => (isEmpty(value) ? MESSAGES.required : undefined);

/** Checkbox that must be ticked: true, 1 or '1'. */
export const accept = (): Validator => (value) =>
  value === true || value === 1 || value === '1' ? undefined : MESSAGES.accept;

export const maxLength =
  (n: number): Validator =>
  (value) =>
    isEmpty(value) || lengthOf(value) <= n ? undefined : MESSAGES.maxLength;

export const minLength =
  (n: number): Validator =>
  (value) =>
    isEmpty(value) || lengthOf(value) >= n ? undefined : MESSAGES.minLength(n);

/** Arrays (multi selects): at least n elements; a missing value counts as none. */
export const minCount =
  (n: number): Validator =>
  (value) => {
    const count = Array.isArray(value) ? value.length : isEmpty(value) ? 0 : 1;
    return count >= n ? undefined : MESSAGES.minCount(n);
  };

/** Letters (any script, Italian accented letters included), spaces and apostrophes. */
const LETTERS_RE = /^[\p{L}\p{M}\s'’]+$/u;
export const lettersOnly = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && LETTERS_RE.test(value) ? undefined : MESSAGES.lettersOnly;
};

/** An integer / a decimal (dot or comma) as typed. */
export const INTEGER_RE = /^[+-]?\d+$/;
export const DECIMAL_RE = /^[+-]?\d+(?:[.,]\d+)?$/;

/** Number from a number or a decimal string ('.' or ',' as separator); NaN otherwise. */
const toNumber = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const s = value.trim();
    return DECIMAL_RE.test(s) ? Number(s.replace(',', '.')) : NaN;
  }
  return NaN;
};

/** Strictly greater than zero. */
/** A day (YYYY-MM-DD) not after today in Rome. */
export const signatureDate = (): Validator => (value) =>
  isEmpty(value) || String(value).slice(0, 10) <= romeToday() ? undefined : MESSAGES.signatureDate;

export const positive = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  const n = toNumber(value);
  return Number.isFinite(n) && n > 0 ? undefined : MESSAGES.positive;
};

export const integer = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) ? undefined : MESSAGES.integer;
  if (typeof value === 'bigint') return undefined;
  return typeof value === 'string' && INTEGER_RE.test(value.trim()) ? undefined : MESSAGES.integer;
};

export const decimal = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : MESSAGES.decimal;
  if (typeof value === 'bigint') return undefined;
  return typeof value === 'string' && DECIMAL_RE.test(value.trim()) ? undefined : MESSAGES.decimal;
};

/** Optional '+', then 5 to 15 digits; spaces are ignored. */
const PHONE_RE = /^\+?\d{5,15}$/;
export const phone = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return PHONE_RE.test(asText(value).replace(/\s+/g, '')) ? undefined : MESSAGES.phone;
};

/** IBAN without blanks, uppercased: country pattern and checksum. */
export const isValidIban = (value: string): boolean => {
  const s = value.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s) && ibanLib.isValid(s);
};
export const iban = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isValidIban(value) ? undefined : MESSAGES.iban;
};

/**
 * The SEPA creditor identifier (EPC262-08): country, two check digits, a three-character business
 * code (not checked), the national identifier (in Italy the creditor's fiscal code or VAT number).
 * The check digits are ISO 7064 MOD 97-10 of national id + country + '00', as for an IBAN.
 */
export const isValidCreditorId = (value: string): boolean => {
  const s = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(s)) return false;
  if (s.startsWith('IT') && !/^(\d{11}|[A-Z0-9]{16})$/.test(s.slice(7))) return false;
  const digits = (s.slice(7) + s.slice(0, 2) + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let mod = 0;
  for (const ch of digits) mod = (mod * 10 + Number(ch)) % 97;
  return String(98 - mod).padStart(2, '0') === s.slice(2, 4);
};
export const creditorId = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isValidCreditorId(value) ? undefined : MESSAGES.creditorId;
};

/** A BIC (ISO 9362): bank code, country, location (its second character not '0'… as the EPC admits), optional branch. */
export const isValidBic = (value: string): boolean =>
  /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
export const bic = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isValidBic(value) ? undefined : MESSAGES.bic;
};
/** The CBI company code (Codice Unico CBI, CUC): 8 letters or digits. */
export const isValidCuc = (value: string): boolean => /^[A-Z0-9]{8}$/.test(value.trim().toUpperCase());
export const cuc = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isValidCuc(value) ? undefined : MESSAGES.cuc;
};
/** The SIA code of a company: 5 letters or digits. */
export const isValidSia = (value: string): boolean => /^[A-Z0-9]{5}$/.test(value.trim().toUpperCase());
export const sia = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isValidSia(value) ? undefined : MESSAGES.sia;
};

/** An identifier that travels in a SEPA file (a mandate reference): the EPC's Latin subset, no '//', no '/' at either end. */
export const isSepaId = (s: string) => /^[A-Za-z0-9+?/\-:().,' ]+$/.test(s) && !s.includes('//') && !/^\/|\/$/.test(s);
export const sepaId = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  return typeof value === 'string' && isSepaId(value.trim()) ? undefined : MESSAGES.sepaId;
};

/** local@domain.tld: the HTML5 e-mail pattern, with at least one dot in the domain. */
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;
export const email = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'string') return MESSAGES.email;
  const s = value.trim();
  return s.length <= 254 && EMAIL_RE.test(s) && !s.split('@')[0]!.startsWith('.') && !s.includes('..')
    ? undefined
    : MESSAGES.email;
};

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * Parses 'YYYY-MM-DD' (model format) or 'DD-MM-YYYY' into a real calendar date;
 * undefined when the format or the date is wrong (e.g. 2026-02-30).
 */
export const parseDate = (value: string): { year: number; month: number; day: number } | undefined => {
  const s = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  let year: number, month: number, day: number;
  if (m) {
    year = +m[1]!;
    month = +m[2]!;
    day = +m[3]!;
  } else {
    m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
    if (!m) return undefined;
    day = +m[1]!;
    month = +m[2]!;
    year = +m[3]!;
  }
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
};

export const date = (): Validator => (value) => {
  if (isEmpty(value)) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? MESSAGES.date : undefined;
  return typeof value === 'string' && parseDate(value) ? undefined : MESSAGES.date;
};

// ---------------------------------------------------------------------------
// Partita IVA and Codice Fiscale
// ---------------------------------------------------------------------------

/** Sum of the Italian VAT check algorithm over digits (odd positions as is, even doubled). */
const vatSum = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += d;
    else {
      const x = d * 2;
      sum += x > 9 ? x - 9 : x;
    }
  }
  return sum;
};

/** Check digit (11th) of an Italian partita IVA / numeric codice fiscale from its first 10 digits. */
export function vatCheckDigit(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new RangeError('vatCheckDigit: 10 digits expected');
  return String((10 - (vatSum(first10) % 10)) % 10);
}

const vatCheckOk = (s: string): boolean => vatCheckDigit(s.slice(0, 10)) === s[10];

/** Italian partita IVA (11 digits): the message, or undefined when valid. */
export function checkVatNumber(value: string): string | undefined {
  const s = (value ?? '').toString().trim();
  if (s === '') return MESSAGES.vatEmpty;
  if (s.length !== 11) return MESSAGES.vatLength;
  if (!/^\d{11}$/.test(s)) return MESSAGES.vatChars;
  return vatCheckOk(s) ? undefined : MESSAGES.vatInvalid;
}

// Values of the characters in odd positions (1st, 3rd, …) for A–Z; digits 0–9 have the
// same values as A–J.
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** Letters replacing digits 0–9 in omocodic fiscal codes. */
const OMOCODIA = 'LMNPQRSTUV';
const D = `[0-9${OMOCODIA}]`;
const CF_RE = new RegExp(`^[A-Z]{6}${D}{2}[ABCDEHLMPRST]${D}{2}[A-Z]${D}{3}[A-Z]$`);

/** Check letter (16th) of a personal codice fiscale from its first 15 characters. */
export function fiscalCodeCheckChar(first15: string): string {
  const s = first15.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(s)) throw new RangeError('fiscalCodeCheckChar: 15 letters or digits expected');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = s.charCodeAt(i);
    const v = c <= 57 ? c - 48 : c - 65; // digit → 0–9, letter → 0–25
    sum += i % 2 === 0 ? CF_ODD[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * Codice fiscale: 16 characters (persons, omocodia allowed) or 11 digits (companies,
 * same check digit as the partita IVA). The message, or undefined when valid.
 */
export function checkFiscalCode(value: string): string | undefined {
  const s = (value ?? '').toString().trim().toUpperCase();
  if (s === '') return MESSAGES.cfEmpty;
  if (s.length === 16) {
    if (!CF_RE.test(s)) return MESSAGES.cfChars;
    return fiscalCodeCheckChar(s.slice(0, 15)) === s[15] ? undefined : MESSAGES.cfInvalid;
  }
  if (s.length === 11) {
    if (!/^\d{11}$/.test(s)) return MESSAGES.cfChars;
    return vatCheckOk(s) ? undefined : MESSAGES.cfInvalid;
  }
  return MESSAGES.cfLength;
}

export interface RequiredOption {
  required?: boolean;
}

/** Partita IVA; when not required an empty value is valid. */
export const vatNumber =
  ({ required: req = false }: RequiredOption = {}): Validator =>
  (value) => {
    if (isEmpty(value)) return req ? MESSAGES.vatEmpty : undefined;
    return checkVatNumber(asText(value));
  };

/** Codice fiscale; when not required an empty value is valid. */
export const fiscalCode =
  ({ required: req = false }: RequiredOption = {}): Validator =>
  (value) => {
    if (isEmpty(value)) return req ? MESSAGES.cfEmpty : undefined;
    return checkFiscalCode(asText(value));
  };
