/**
 * Validation of a record against its model declaration. The same functions run in the
 * browser (react-admin `validate` props) and on the server (422 answers).
 */
import type { FieldDef } from './fields.js';
import type { ModelDef } from './define.js';
import * as v from './validators.js';
import { FIELD_TYPES, MESSAGES } from './types.js';

export const IMAGE_MESSAGE = 'Tipo di file non supportato';
/** the server decodes each image once, when it is written (server/records/images.ts): what it answers */
export const IMAGE_UNREADABLE_MESSAGE = 'Immagine danneggiata: il file non si legge come immagine';
export const IMAGE_TOO_LARGE_MESSAGE = 'Immagine troppo grande: al massimo 8000 pixel per lato e 25 milioni di pixel';
export const IMAGE_BMP_MESSAGE = "Questo tipo di BMP non è supportato: salva l'immagine come PNG o JPEG";
const image = (): v.Validator => (value) =>
  v.isEmpty(value) || /^data:image\/(png|gif|jpeg|bmp);base64,/i.test(String(value)) ? undefined : IMAGE_MESSAGE;

/** The money rule (seed A §5, §9), kept under its old names for the browser's MoneyInput. */
export const MONEY_MESSAGE = MESSAGES.money;
export const MONEY_MAX_DIGITS = 8;
export const MONEY_MAX_DECIMALS = 2;

export type Mode = 'create' | 'update';

/** The validators of one field, in the order their messages should win. */
export function fieldValidators(fd: FieldDef, mode: Mode = 'create'): v.Validator[] {
  const out: v.Validator[] = [];
  const rules = fd.rules ?? [];
  const isRequired = fd.required || (fd.requiredOnCreate && mode === 'create');
  if (isRequired && !rules.includes('vat') && !rules.includes('fiscalCode')) out.push(v.required());
  // a text of digits (a CAP): anything else gets the integer rule's message, before its length
  if (rules.includes('digits'))
    out.push((value) => (v.isEmpty(value) || /^\d+$/.test(String(value).trim()) ? undefined : v.MESSAGES.integer));
  out.push(...FIELD_TYPES[fd.type].checks(fd));
  for (const r of rules) {
    switch (r) {
      case 'email':
        out.push(v.email());
        break;
      case 'phone':
        out.push(v.phone());
        break;
      case 'iban':
        out.push(v.iban());
        break;
      case 'creditorId':
        out.push(v.creditorId());
        break;
      case 'sepaId':
        out.push(v.sepaId());
        break;
      case 'bic':
        out.push(v.bic());
        break;
      case 'cuc':
        out.push(v.cuc());
        break;
      case 'sia':
        out.push(v.sia());
        break;
      case 'vat':
        out.push(v.vatNumber({ required: !!isRequired }));
        break;
      case 'fiscalCode':
        out.push(v.fiscalCode({ required: !!isRequired }));
        break;
      case 'lettersOnly':
        out.push(v.lettersOnly());
        break;
      case 'positive':
        out.push(v.positive());
        break;
      case 'image':
        out.push(image());
        break;
      case 'signatureDate':
        out.push(v.signatureDate());
        break;
      case 'digits':
        break; // checked first, above
    }
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
      if (msg) {
        (errors[name] ??= []).push(msg);
        break;
      }
    }
  }
  return errors;
}

/** Default value of a field for a new record. */
export function defaultOf(fd: FieldDef): unknown {
  return typeof fd.default === 'function' ? (fd.default as () => unknown)() : fd.default;
}
