/**
 * The option lists of engagements (issue 49), without the rules' arithmetic: what the model
 * declaration and the first load need (model/engagements.ts re-exports them with the rules).
 */

/** The states of an engagement: made (draft) → letter sent → signed (billed) → ended. */
export const ENGAGEMENT_STATUSES = [
  { value: 'draft', text: 'Bozza' },
  { value: 'sent', text: 'Inviato' },
  { value: 'signed', text: 'Firmato' },
  { value: 'ended', text: 'Cessato' },
] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number]['value'];

/**
 * How a service of an engagement is billed. Periodic rules bill in advance, one charge per
 * calendar period (the year, its halves, quarters or months) on the billing day of the period's
 * first month; per-unit and by-time services bill a month in arrears, on the billing day of the
 * month after (the count and the hours are known only then); one-off once, on the first billing
 * day from the start.
 */
export const BILLING_RULES = [
  { value: 'yearly', text: 'Annuale', months: 12 },
  { value: 'half_yearly', text: 'Semestrale', months: 6 },
  { value: 'quarterly', text: 'Trimestrale', months: 3 },
  { value: 'monthly', text: 'Mensile', months: 1 },
  { value: 'one_off', text: 'Una tantum', months: 0 },
  { value: 'per_unit', text: 'A quantità (numero × prezzo)', months: 1 },
  { value: 'by_time', text: 'A tempo (ore × tariffa oraria)', months: 1 },
] as const;
export type BillingRule = (typeof BILLING_RULES)[number]['value'];
export const billingRuleText = (rule: string) => BILLING_RULES.find((r) => r.value === rule)?.text ?? rule;

/** Where a per-unit service takes its count from. */
export const UNIT_SOURCES = [
  { value: 'payslips', text: 'Cedolini del mese (dal gestionale)' },
  { value: 'manual', text: 'Numero inserito a mano' },
] as const;
export type UnitSource = (typeof UNIT_SOURCES)[number]['value'];

/** The yearly update of the fees, on each anniversary of the start. */
export const UPDATE_KINDS = [
  { value: 'none', text: 'Nessun aggiornamento' },
  { value: 'istat', text: 'Indice ISTAT FOI (variazione annua)' },
  { value: 'fixed', text: 'Percentuale fissa' },
] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number]['value'];
