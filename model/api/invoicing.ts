/**
 * The calls of 'Fattura addebiti' (server/areas/invoicing; issue 28 item 1): the preview of the
 * invoices a period's charges make, and the run that issues them. One source for the server's
 * schemas, its service's input and the app's types.
 */
import { z } from 'zod';
import { Fingerprint, Scalar, listOf } from './records.js';

/** The longest period one run invoices (days). */
export const INVOICING_MAX_PERIOD_DAYS = 366;
/** The most customers one request may name. */
export const INVOICING_MAX_CUSTOMERS = 10_000;

/**
 * POST /api/invoicing/preview. Each value is checked by the service, with its Italian message on
 * the field (a date as YYYY-MM-DD or GG/MM/AAAA, the ids as a list or its JSON text).
 */
export const InvoicingInput = z.looseObject({
  from: Scalar.optional().describe('primo giorno del periodo degli addebiti (YYYY-MM-DD o GG/MM/AAAA)'),
  to: Scalar.optional().describe(`ultimo giorno del periodo (al più ${INVOICING_MAX_PERIOD_DAYS} giorni dal primo)`),
  date: Scalar.optional().describe(
    "data delle fatture (oggi se manca; non futura, non prima dell'ultima fattura dell'anno)",
  ),
  customer_ids: listOf(Scalar)
    .optional()
    .describe(`solo questi clienti (al più ${INVOICING_MAX_CUSTOMERS}); senza, tutti quelli con addebiti nel periodo`),
});
export type InvoicingInput = z.infer<typeof InvoicingInput>;

/** POST /api/invoicing/run: the preview's request and the fingerprint it answered. */
export const InvoicingRunInput = InvoicingInput.extend({ fingerprint: Fingerprint.optional() });
export type InvoicingRunInput = z.infer<typeof InvoicingRunInput>;

/** A line of a planned invoice: one charge. */
export const InvoicingLine = z.object({
  transaction_id: z.number().int(),
  date: z.string().describe("data dell'addebito, YYYY-MM-DD"),
  description: z.string(),
  amount: z.number().describe("importo dell'addebito (imponibile della riga), euro"),
});

/** The invoice a customer gets (preview), or got (run: with its id and number). */
export const InvoicingInvoice = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  number: z.string().describe('il numero che avrà (anteprima) o ha (emissione)'),
  id: z.number().int().optional().describe('la fattura emessa (solo emissione)'),
  lines: z.array(InvoicingLine),
  fee: z.number().describe('compenso: la somma delle righe'),
  cassa: z.number().describe('contributo integrativo 4%'),
  taxable: z.number().describe('imponibile: compenso e cassa'),
  tax: z.number(),
  stamp_duty: z.number().describe('imposta di bollo addebitata al cliente'),
  total: z.number(),
  withholding: z.number().describe("ritenuta d'acconto"),
  payable: z.number().describe('netto a pagare (totale meno ritenuta)'),
});

/** A customer with charges in the period that gets no invoice, and why. */
export const InvoicingSkipped = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  charges: z.number().int(),
  amount: z.number(),
  reasons: z.array(z.string()),
});

export const InvoicingPlan = z.object({
  from: z.string(),
  to: z.string(),
  date: z.string().describe('data delle fatture'),
  invoices: z.array(InvoicingInvoice),
  skipped: z.array(InvoicingSkipped),
  totals: z.object({
    invoices: z.number().int(),
    lines: z.number().int(),
    taxable: z.number(),
    total: z.number(),
    payable: z.number(),
  }),
  fingerprint: z
    .string()
    .describe("da rimandare all'emissione: se gli addebiti cambiano, l'emissione è rifiutata (409)"),
});
export type InvoicingPlan = z.infer<typeof InvoicingPlan>;
