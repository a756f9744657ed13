/**
 * The requests and answers of the electronic invoices (server/areas/eDocuments, C51–C58): one
 * source for the server's schemas, its service's input and the app's types (imported as types only
 * by the app).
 */
import { z } from 'zod';
import { Scalar } from './records.js';

// ---------------------------------------------------------------------------------------------
// Requests: each value is checked by the service, with the editor's Italian message for its field

/** A row of the invoice as the editor sends it. */
export const EDocumentRowInput = z.looseObject({
  description: Scalar.optional().describe('descrizione (obbligatoria)'),
  quantity: Scalar.optional().describe('quantità: intero > 0'),
  price: Scalar.optional().describe('prezzo unitario > 0 (es. 120,50)'),
  vat: Scalar.optional().describe(
    'aliquota IVA: 22, 10, 5, 4 o 0; senza, quella del regime dello studio (22, o 0 con natura N2.2 nel forfettario RF19)',
  ),
  nature: Scalar.optional().describe('con IVA 0: natura N1, N2.2 o N4'),
  studio_service_id: Scalar.optional().describe('il servizio dello studio da cui è stata presa (facoltativo)'),
});

/** C52 POST /api/edocument, C53 PUT /api/edocument/:id */
export const EDocumentSaveInput = z.looseObject({
  studioId: Scalar.optional().describe("id dello studio (quello dell'utente)"),
  customerId: Scalar.optional().describe('id del cliente'),
  documentType: Scalar.optional().describe('TD01 (Fattura) o TD04 (Nota di Credito)'),
  documentDate: Scalar.optional().describe('data YYYY-MM-DD'),
  documentNumber: Scalar.optional().describe("numero, unico nell'anno dello studio"),
  correctsId: Scalar.optional().describe(
    'TD04: id della fattura che corregge (facoltativo: senza, la nota è salvata con un avviso)',
  ),
  serviceRows: z.array(EDocumentRowInput).optional().describe('righe (almeno una)'),
  updated_at: Scalar.optional().describe('PUT: la versione letta'),
});
export type EDocumentSaveInput = z.infer<typeof EDocumentSaveInput>;

/** C54 GET /api/edocuments_suggested_number */
export const SuggestedNumberQuery = z.looseObject({
  date: z.string().optional().describe('data del documento (il suo anno)'),
  year: z.string().optional().describe("oppure l'anno"),
});
export type SuggestedNumberQuery = z.infer<typeof SuggestedNumberQuery>;

// ---------------------------------------------------------------------------------------------
// Answers

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
