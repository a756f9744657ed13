/**
 * The answers of the electronic invoices (server/areas/eDocuments, C51–C55): one source for the
 * server's answer schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

/** The studio as the invoice editor needs it: regime, withholding, cassa (the live totals). */
export const EDocumentStudio = z.object({
  id: z.number().int(),
  name: z.string(),
  fiscal_regime: z.string(),
  withholding_tax: z.boolean(),
  cassa_previdenza: z.boolean(),
  stamp_duty_charged: z.boolean(),
});
export type EDocumentStudio = z.infer<typeof EDocumentStudio>;

/** A row of an invoice as C51 answers it. */
export const EDocumentRowAnswer = z.object({
  id: z.number().int(),
  studio_service_id: z.number().int().nullable(),
  description: z.string(),
  quantity: z.number(),
  price: z.union([z.number(), z.string()]),
  vat: z.number(),
  nature: z.string().nullable(),
});

const money = z.number();
/** C51: a document with its rows and totals, in the editor's names. */
export const EDocumentData = z.object({
  id: z.number().int(),
  studioId: z.number().int(),
  customerId: z.number().int(),
  customer: z.object({ id: z.number().int(), business_name: z.string() }),
  documentType: z.enum(['TD01', 'TD04']),
  documentDate: z.string(),
  documentNumber: z.string(),
  correctsId: z.number().int().nullable(),
  corrects: z.object({ number: z.string(), date: z.string() }).nullable(),
  serviceRows: z.array(EDocumentRowAnswer),
  totals: z.object({
    taxable: money,
    cassa: money,
    tax: money,
    withholding: money,
    stampDuty: money,
    total: money,
    payable: money,
  }),
  trashed: z.boolean(),
  updated_at: z.string(),
});
export type EDocumentData = z.infer<typeof EDocumentData>;

/** C52, C53: the document saved, and what the server took but wants said. */
export const EDocumentSaved = z.object({
  data: z.object({ eDocumentId: z.number().int(), updated_at: z.string() }),
  warnings: z
    .array(z.string())
    .describe('avvisi che non impediscono il salvataggio (es. nota di credito senza fattura collegata)'),
});
export type EDocumentSaved = z.infer<typeof EDocumentSaved>;

/** C55: the check's answer (200 valid, 400 with the problems). */
export const EDocumentCheck = z.object({
  message: z.string(),
  details: z.array(z.string()),
  warnings: z.array(z.string()).optional().describe('avvisi che non rendono la fattura non valida'),
});
