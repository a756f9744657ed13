/**
 * The server's full check of a person's codice fiscale, beyond the shared check character
 * (model/validators.ts): the birthplace code must be an Italian municipality or a foreign state
 * and the birth day a real day, omocodic codes included (codice-fiscale-js, server only: it
 * carries every municipality).
 */
import * as cfLib from 'codice-fiscale-js';
import type { ModelDef } from '../../model/define.js';
import type { FieldErrors } from '../../model/validate.js';
import { MESSAGES, isEmpty } from '../../model/validators.js';

// its types claim a default export; the runtime export is named (STACK.md)
const { CodiceFiscale } = cfLib as unknown as { CodiceFiscale: new (code: string) => { birthday: Date } };
const OMOCODIA = 'LMNPQRSTUV';
const digitOf = (c: string) => (/\d/.test(c) ? Number(c) : OMOCODIA.indexOf(c));

/** True when a 16-character code (already past the shared check) is a real person's code. */
export function isRealPersonCode(code: string): boolean {
  const s = code.trim().toUpperCase();
  if (s.length !== 16) return true;
  let birthday: Date;
  try {
    birthday = new CodiceFiscale(s).birthday;
  } catch {
    return false;
  }
  const day = (digitOf(s[9]!) * 10 + digitOf(s[10]!)) % 40;
  return day >= 1 && birthday.getUTCDate() === day;
}

/** Adds the message to fiscal-code fields that pass the shared check but are no real code. */
export function checkFiscalCodes(model: ModelDef, input: Record<string, unknown>, errors: FieldErrors) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (!fd.rules?.includes('fiscalCode') || errors[name] || !(name in input) || isEmpty(input[name])) continue;
    if (!isRealPersonCode(String(input[name]))) errors[name] = [MESSAGES.cfInvalid];
  }
}
