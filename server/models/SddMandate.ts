/**
 * Behaviour of SDD mandates (issue 47 item 3): a mandate the bank flagged in an outcome ('Da
 * verificare': no mandate, account closed, debtor deceased…) is clear again once what the bank
 * objected to is changed — its IBAN, its reference or its signature date (a new signed mandate).
 */
import type { ModelHooks } from './hooks.js';

const RENEWED = ['iban', 'reference', 'signature_date'] as const;

export const SddMandateHooks: ModelHooks = {
  beforeChange({ mode, values, existing }) {
    if (mode !== 'update' || !existing?.attention) return;
    const same = (a: unknown, b: unknown) =>
      String(a ?? '').replace(/\s+/g, '') === String(b ?? '').replace(/\s+/g, '');
    if (RENEWED.some((k) => k in values && !same(values[k], existing[k]))) values.attention = null;
  },
};
