/**
 * Validation of a record against its model declaration. The same functions run in the
 * browser (react-admin `validate` props) and on the server (422 answers).
 */
import type { FieldDef } from './fields.js';
import type { ModelDef } from './define.js';
import * as v from './validators.js';

export const IMAGE_MESSAGE = 'Tipo di file non supportato';
const image = (): v.Validator => (value) =>
  v.isEmpty(value) || /^data:image\/(png|gif|jpeg|bmp);base64,/i.test(String(value)) ? undefined : IMAGE_MESSAGE;

/**
 * Money (seed A §5, §9): at most 8 significant digits (integer digits without leading zeros
 * plus decimals without trailing zeros), of which at most 2 decimals — the limit of the
 * browser's MoneyInput, and within the numeric(12,2) columns (so never a database overflow).
 */
export const MONEY_MESSAGE = 'Importo non valido: massimo 8 cifre e 2 decimali';
export const MONEY_MAX_DIGITS = 8;
export const MONEY_MAX_DECIMALS = 2;
const moneyLimit = (): v.Validator => (value) => {
  if (v.isEmpty(value)) return undefined;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MONEY_MESSAGE;
    text = String(value);
    if (/e/i.test(text)) return MONEY_MESSAGE; // below 1e-6 or at least 1e21
  } else if (typeof value === 'string' || typeof value === 'bigint') {
    text = String(value).trim();
  } else return undefined; // not a number at all: the decimal rule answers
  const m = /^[+-]?(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!m) return undefined;
  const int = m[1]!.replace(/^0+/, '');
  const dec = (m[2] ?? '').replace(/0+$/, ''); // 1234.50 has the digits of 1234.5
  return dec.length > MONEY_MAX_DECIMALS || int.length + dec.length > MONEY_MAX_DIGITS ? MONEY_MESSAGE : undefined;
};

export type Mode = 'create' | 'update';

/** The validators of one field, in the order their messages should win. */
export function fieldValidators(fd: FieldDef, mode: Mode = 'create'): v.Validator[] {
  const out: v.Validator[] = [];
  const rules = fd.rules ?? [];
  const isRequired = fd.required || (fd.requiredOnCreate && mode === 'create');
  if (isRequired && !rules.includes('vat') && !rules.includes('fiscalCode')) out.push(v.required());
  if (fd.type === 'manyToMany' && fd.min) out.push(v.minCount(fd.min));
  // a text of digits (a CAP): anything else gets the integer rule's message, before its length
  if (rules.includes('digits')) out.push((value) => (v.isEmpty(value) || /^\d+$/.test(String(value).trim()) ? undefined : v.MESSAGES.integer));
  if (['text', 'longtext', 'password'].includes(fd.type)) {
    if (fd.max) out.push(v.maxLength(fd.max));
    if (fd.min) out.push(v.minLength(fd.min));
  }
  if (fd.type === 'integer') {
    out.push(v.integer());
    // the column is a 32-bit integer
    out.push((value) => (v.isEmpty(value) || Math.abs(Number(value)) <= 2_147_483_647 ? undefined : v.MESSAGES.integer));
  }
  if (fd.type === 'money' || fd.type === 'decimal' || fd.type === 'credit') out.push(v.decimal());
  if (fd.type === 'money') out.push(moneyLimit());
  if (fd.type === 'date') out.push(v.date());
  for (const r of rules) {
    switch (r) {
      case 'email': out.push(v.email()); break;
      case 'phone': out.push(v.phone()); break;
      case 'iban': out.push(v.iban()); break;
      case 'vat': out.push(v.vatNumber({ required: !!isRequired })); break;
      case 'fiscalCode': out.push(v.fiscalCode({ required: !!isRequired })); break;
      case 'lettersOnly': out.push(v.lettersOnly()); break;
      case 'positive': out.push(v.positive()); break;
      case 'image': out.push(image()); break;
      case 'digits': break; // checked first, above
    }
  }
  if (fd.type === 'choice' && fd.choices) {
    const allowed = new Set(fd.choices.map((c) => String(c.value)));
    out.push((value) => (v.isEmpty(value) || allowed.has(String(value)) ? undefined : 'Valore non ammesso'));
  }
  return out;
}

export type FieldErrors = Record<string, string[]>;

/**
 * Validates the writable fields of `input`. On create every field is checked (missing = empty);
 * on update only the fields present in the input.
 */
export function validateRecord(model: ModelDef, input: Record<string, unknown>, mode: Mode): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, fd] of Object.entries(model.fields)) {
    if (fd.readOnly) continue;
    if (mode === 'update' && !(name in input)) continue;
    if (mode === 'update' && fd.type === 'password' && v.isEmpty(input[name])) continue;
    for (const check of fieldValidators(fd, mode)) {
      const msg = check(input[name]);
      if (msg) { (errors[name] ??= []).push(msg); break; }
    }
  }
  return errors;
}

/** Default value of a field for a new record. */
export function defaultOf(fd: FieldDef): unknown {
  return typeof fd.default === 'function' ? (fd.default as () => unknown)() : fd.default;
}
