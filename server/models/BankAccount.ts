/**
 * Behaviour of the studio's bank accounts (issue 47 item 1): ABI and CAB are read from an Italian
 * IBAN (positions 6–10 and 11–15: country, check digits, CIN, ABI, CAB, account), never typed; the
 * direct debits' format defaults to CBI 00.01.01 for an Italian IBAN and to pain.008 otherwise,
 * and a CBI format needs an Italian IBAN (the file names the bank by its ABI).
 */
import type { ModelHooks } from './hooks.js';
import { italianBankCoordinates } from '../../model/iban.js';

export const BANK_ACCOUNT_MESSAGES = {
  cbiNeedsItalianIban:
    "Il formato CBI è dei conti presso una banca italiana: serve un IBAN italiano (IT…), altrimenti scegli 'SEPA ISO pain.008.001.02'",
} as const;

export const BankAccountHooks: ModelHooks = {
  beforeChange({ values, existing, errors }) {
    const iban = 'iban' in values ? values.iban : existing?.iban;
    const normalised = typeof iban === 'string' ? iban.replace(/\s+/g, '').toUpperCase() : iban;
    if ('iban' in values) values.iban = normalised || null;
    for (const k of ['bic', 'cuc', 'sia'] as const)
      if (typeof values[k] === 'string') values[k] = (values[k] as string).replace(/\s+/g, '').toUpperCase() || null;
    const bank = italianBankCoordinates(typeof normalised === 'string' ? normalised : null);
    const abi = bank?.abi ?? null;
    const cab = bank?.cab ?? null;
    values.abi = abi;
    values.cab = cab;
    let format = 'sdd_format' in values ? values.sdd_format : existing?.sdd_format;
    if (!format && normalised) {
      format = abi ? 'cbi_00_01_01' : 'sepa';
      values.sdd_format = format;
    }
    if (String(format).startsWith('cbi') && !abi && normalised)
      (errors.sdd_format ??= []).push(BANK_ACCOUNT_MESSAGES.cbiNeedsItalianIban);
  },
};
