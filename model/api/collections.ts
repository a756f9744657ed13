/**
 * The calls of collecting the fees (server/areas/collections; issue 29): what is open of a
 * customer, 'Incassa con SDD' (preview, batch, file, cancel), and the bank statements with their
 * reconciliation. One source for the server's schemas, its services' input and the app's types.
 */
import { z } from 'zod';
import { INT_MAX } from '../types.js';
import { Fingerprint, Scalar, listOf } from './records.js';

const day = z.string().describe('YYYY-MM-DD');
/** A record id in a request: a positive 32-bit integer, as its column (issue 45 item 25: a larger one was a 500). */
const recordId = z.number().int().positive().max(INT_MAX);
/** An amount in a request: positive euros within the money columns (8 digits before the comma). */
const inputEuro = z.number().positive().max(99_999_999.99);
const euro = z.number().describe('euro');

/** One charge (or positive adjustment) of a customer with what is still open of it. */
export const OpenItem = z.object({
  id: z.number().int(),
  date: z.string(),
  due: day,
  type: z.string(),
  note: z.string().nullable(),
  amount: euro.describe('quanto chiede: il netto a pagare (compenso, cassa, IVA, bollo, meno la ritenuta)'),
  fee: euro.describe('il compenso del movimento'),
  open: euro,
  days_overdue: z.number().int(),
  invoice: z.string().nullable().describe('numero/anno della fattura che lo comprende'),
  presented: z.boolean().describe('in una distinta SDD o in una presentazione RiBa non ancora pagata'),
});
export type OpenItem = z.infer<typeof OpenItem>;

export const OpenSummary = z.object({
  balance: euro,
  open: euro,
  overdue: euro,
  credit: euro,
  oldest_overdue: day.nullable(),
});
export type OpenSummary = z.infer<typeof OpenSummary>;

/** GET /api/customer/:id/open_items */
export const CustomerOpenItems = z.object({ summary: OpenSummary, items: z.array(OpenItem) });
export type CustomerOpenItems = z.infer<typeof CustomerOpenItems>;

// ---------------------------------------------------------------------------------------------
// SDD

/** The longest due range of one SDD batch (days). */
export const SDD_MAX_RANGE_DAYS = 366;
/** The most customers one SDD request may name. */
export const SDD_MAX_CUSTOMERS = 100_000;

/**
 * POST /api/sdd/preview. Each value is checked by the service, with its Italian message on the
 * field (a date as YYYY-MM-DD or GG/MM/AAAA, the ids as a list or its JSON text).
 */
export const SddPreviewInput = z.looseObject({
  due_from: Scalar.optional().describe('prima scadenza da incassare (YYYY-MM-DD o GG/MM/AAAA)'),
  due_to: Scalar.optional().describe(`ultima scadenza (al più ${SDD_MAX_RANGE_DAYS} giorni dalla prima)`),
  collection_date: Scalar.optional().describe(
    'data di addebito richiesta alla banca (ReqdColltnDt: da domani a un anno)',
  ),
  customer_ids: listOf(Scalar).optional().describe(`solo questi clienti (al più ${SDD_MAX_CUSTOMERS})`),
  bank_account_id: Scalar.optional().describe(
    "il conto dello studio da accreditare (Conti bancari): il suo formato decide il file (CBI o pain.008); senza, il conto con l'IBAN dello studio",
  ),
});
export type SddPreviewInput = z.infer<typeof SddPreviewInput>;

/** POST /api/sdd/batches: the preview's request and the fingerprint it answered. */
export const SddRunInput = SddPreviewInput.extend({ fingerprint: Fingerprint.optional() });
export type SddRunInput = z.infer<typeof SddRunInput>;

export const SddPlanCharge = z.object({ charge_id: z.number().int(), due: day, note: z.string(), open: euro });

/** One debit: a customer's open charges of the range under its active mandate. */
export const SddPlanDebit = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  mandate_id: z.number().int(),
  mandate_reference: z.string(),
  iban: z.string(),
  scheme: z.enum(['CORE', 'B2B']),
  sequence_type: z.enum(['FRST', 'RCUR']),
  amount: euro,
  remittance: z.string(),
  amendment: z
    .string()
    .nullable()
    .describe('il mandato è cambiato dopo l’ultimo incasso: cosa il file comunica alla banca'),
  charges: z.array(SddPlanCharge),
});
export type SddPlanDebit = z.infer<typeof SddPlanDebit>;

export const SddLeftOut = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  amount: euro,
  reasons: z.array(z.string()),
});
export type SddLeftOut = z.infer<typeof SddLeftOut>;

export const SddPlan = z.object({
  due_from: day,
  due_to: day,
  collection_date: day,
  collection_note: z
    .string()
    .nullable()
    .describe('perché la data di addebito è stata spostata (non era un giorno lavorativo TARGET2)'),
  creditor: z.object({ name: z.string(), iban: z.string(), creditor_id: z.string() }),
  account: z
    .object({ id: z.number().int(), name: z.string(), iban: z.string(), cuc: z.string().nullable() })
    .nullable()
    .describe("il conto accreditato (null: l'IBAN di 'Il mio studio', senza un conto in 'Conti bancari')"),
  format: z.enum(['sepa', 'cbi_00_01_00', 'cbi_00_01_01']).describe('il formato del file per la banca'),
  format_label: z.string(),
  debits: z.array(SddPlanDebit),
  left_out: z
    .array(SddLeftOut)
    .describe('clienti da sistemare (mandato revocato, IBAN non valido, firmato dopo la data)'),
  not_sdd: z.array(SddLeftOut).describe('clienti senza mandato SDD: pagano con altri mezzi'),
  totals: z.object({ debits: z.number().int(), charges: z.number().int(), amount: euro }),
  fingerprint: z.string(),
});
export type SddPlan = z.infer<typeof SddPlan>;

export const SDD_BATCH_STATUS = { presented: 'Presentata', paid: 'Pagata', cancelled: 'Annullata' } as const;

export const SddBatch = z.object({
  id: z.number().int(),
  message_id: z.string(),
  status: z.enum(['presented', 'paid', 'cancelled']),
  collection_date: day,
  due_from: day,
  due_to: day,
  debits: z.number().int(),
  total: euro,
  paid: z.number().int().describe('addebiti incassati (riconciliati)'),
  returned: z.number().int().describe('addebiti stornati (insoluti)'),
  file_name: z.string(),
  format: z.string().describe("'sepa' (pain.008.001.02), 'cbi_00_01_01' o 'cbi_00_01_00'"),
  bank_account_name: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type SddBatch = z.infer<typeof SddBatch>;

export const SddBatchDebit = z.object({
  end_to_end_id: z.string(),
  customer_id: z.number().int(),
  business_name: z.string(),
  mandate_reference: z.string(),
  sequence_type: z.string(),
  amount: euro,
  charges: z.number().int(),
  status: z.enum(['presented', 'paid', 'returned', 'cancelled']),
  reason: z.string().nullable().describe('perché la banca lo ha respinto (esito) o stornato: codice e motivo'),
});
export type SddBatchDebit = z.infer<typeof SddBatchDebit>;

/** One debit an outcome rejected. */
export const SddOutcomeItem = z.object({
  end_to_end_id: z.string(),
  business_name: z.string().nullable(),
  amount: euro.nullable(),
  reason: z.string().nullable(),
  reason_text: z.string().describe('il motivo in italiano'),
  applied: z.boolean().describe('false: era già incassato o stornato, nulla è cambiato'),
  fee: euro.nullable().describe('la commissione addebitata al cliente'),
  mandate_flagged: z.boolean().describe('il mandato è segnato da verificare'),
});
export type SddOutcomeItem = z.infer<typeof SddOutcomeItem>;

/** The bank's answer to a batch (issue 47 item 3), as imported. */
export const SddOutcome = z.object({
  id: z.number().int(),
  message_id: z.string(),
  format: z.enum(['cbi', 'pain002']),
  file_name: z.string(),
  rejected: z.number().int(),
  fee: euro.nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  undone_at: z.string().nullable(),
  items: z.array(SddOutcomeItem),
});
export type SddOutcome = z.infer<typeof SddOutcome>;

/** POST /api/sdd_batch/:id/actions/undo_outcome */
export const SddOutcomeUndoInput = z.object({ outcome_id: z.number().int().positive().max(INT_MAX) });
export type SddOutcomeUndoInput = z.infer<typeof SddOutcomeUndoInput>;

export const SddBatchDetail = SddBatch.extend({ debit_list: z.array(SddBatchDebit), outcomes: z.array(SddOutcome) });
export type SddBatchDetail = z.infer<typeof SddBatchDetail>;

// ---------------------------------------------------------------------------------------------
// RiBa (issue 47 item 5)

/** How the bank credits a RiBa presentation (the model's choices, kept where the first load can read them without zod). */
export { RIBA_KINDS } from '../models/RibaPresentation.js';
export const RibaKind = z.enum(['sbf', 'dopo_incasso']);

/** POST /api/riba/preview: as the SDD preview, without a collection date (each receipt falls due on its charges' due date). */
export const RibaPreviewInput = z.looseObject({
  due_from: Scalar.optional().describe('prima scadenza da presentare (YYYY-MM-DD o GG/MM/AAAA)'),
  due_to: Scalar.optional().describe(`ultima scadenza (al più ${SDD_MAX_RANGE_DAYS} giorni dalla prima)`),
  kind: Scalar.optional().describe("'sbf' (salvo buon fine, predefinito) o 'dopo_incasso'"),
  customer_ids: listOf(Scalar).optional().describe(`solo questi clienti (al più ${SDD_MAX_CUSTOMERS})`),
  bank_account_id: Scalar.optional().describe(
    "il conto dello studio a cui si presentano le ricevute (serve il codice SIA); senza, il conto con l'IBAN dello studio",
  ),
});
export type RibaPreviewInput = z.infer<typeof RibaPreviewInput>;

/** POST /api/riba/presentations: the preview's request and the fingerprint it answered. */
export const RibaRunInput = RibaPreviewInput.extend({ fingerprint: Fingerprint.optional() });
export type RibaRunInput = z.infer<typeof RibaRunInput>;

/** One receipt: a customer's open charges falling due on one day. */
export const RibaPlanReceipt = z.object({
  customer_id: z.number().int(),
  business_name: z.string(),
  due: day,
  amount: euro,
  iban: z.string().describe("l'IBAN della banca del cliente (domiciliataria)"),
  abi: z.string(),
  cab: z.string(),
  description: z.string().describe('il riferimento scritto sulla ricevuta (record 50)'),
  charges: z.array(SddPlanCharge),
});
export type RibaPlanReceipt = z.infer<typeof RibaPlanReceipt>;

export const RibaPlan = z.object({
  due_from: day,
  due_to: day,
  kind: RibaKind,
  account: z.object({ id: z.number().int(), name: z.string(), iban: z.string(), sia: z.string() }),
  receipts: z.array(RibaPlanReceipt),
  left_out: z
    .array(SddLeftOut)
    .describe(
      'clienti RiBa da sistemare (IBAN della banca mancante o non italiano, dati fiscali o indirizzo mancanti)',
    ),
  not_riba: z.array(SddLeftOut).describe('clienti che non pagano con RiBa'),
  totals: z.object({ receipts: z.number().int(), charges: z.number().int(), amount: euro }),
  fingerprint: z.string(),
});
export type RibaPlan = z.infer<typeof RibaPlan>;

export const RIBA_PRESENTATION_STATUS = { presented: 'Presentata', closed: 'Chiusa', cancelled: 'Annullata' } as const;
export const RIBA_RECEIPT_STATUS = {
  presented: 'Presentata',
  paid: 'Incassata',
  unpaid: 'Insoluta',
  cancelled: 'Annullata',
} as const;

export const RibaPresentation = z.object({
  id: z.number().int(),
  support_name: z.string().describe('il nome del supporto (record IB ed EF)'),
  kind: RibaKind,
  status: z.enum(['presented', 'closed', 'cancelled']),
  due_from: day,
  due_to: day,
  receipts: z.number().int(),
  total: euro,
  paid: z.number().int().describe('ricevute incassate'),
  unpaid: z.number().int().describe('ricevute insolute'),
  file_name: z.string(),
  bank_account_name: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type RibaPresentation = z.infer<typeof RibaPresentation>;

export const RibaReceiptRow = z.object({
  number: z.number().int().describe('il numero della ricevuta (record 51), unico nello studio'),
  customer_id: z.number().int(),
  business_name: z.string(),
  due: day,
  amount: euro,
  charges: z.number().int(),
  status: z.enum(['presented', 'paid', 'unpaid', 'cancelled']),
  paid_on: day.nullable(),
  unpaid_on: day.nullable(),
  unpaid_reason: z.string().nullable(),
  fee: euro.nullable().describe('le spese della banca addebitate al cliente per l’insoluto'),
});
export type RibaReceiptRow = z.infer<typeof RibaReceiptRow>;

export const RibaPresentationDetail = RibaPresentation.extend({ receipt_list: z.array(RibaReceiptRow) });
export type RibaPresentationDetail = z.infer<typeof RibaPresentationDetail>;

/** POST /api/riba_presentation/:id/actions/collected: the bank credited the receipts (salvo buon fine: all; al dopo incasso: those due by the date). */
export const RibaCollectedInput = z.object({ date: z.string().max(10).describe('data dell’accredito (YYYY-MM-DD)') });
export type RibaCollectedInput = z.infer<typeof RibaCollectedInput>;

/** POST /api/riba_presentation/:id/actions/unpaid: receipts marked unpaid by hand. */
export const RibaUnpaidInput = z.object({
  numbers: z.array(z.number().int().positive().max(INT_MAX)).min(1).max(10_000),
  date: z.string().max(10).optional().describe('data dell’insoluto (predefinita: oggi)'),
  reason: z.string().max(200).optional(),
  fee: z
    .union([z.string().max(16), z.number()])
    .optional()
    .describe('spese della banca per ricevuta, da addebitare al cliente'),
});
export type RibaUnpaidInput = z.infer<typeof RibaUnpaidInput>;

// ---------------------------------------------------------------------------------------------
// Bank statements

/** The target fields of a home-banking CSV/XLSX's columns. */
export const BankMapping = z.record(z.string(), z.string().nullable());
export type BankMapping = z.infer<typeof BankMapping>;

/** POST /api/bank/statements/columns: what the file is; for CSV/XLSX its columns and a mapping to confirm. */
export const BankColumns = z.object({
  format: z.enum(['camt053', 'cbi_rh', 'csv', 'xlsx']),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  title_rows: z.number().int().describe('righe di titolo sopra le intestazioni (saltate)'),
  /** the studio's last mapping when its columns are all in this file, else the guess from the headers */
  mapping: BankMapping,
  fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
});
export type BankColumns = z.infer<typeof BankColumns>;

export const BANK_LINE_STATUS = {
  unmatched: 'Da abbinare',
  proposed: 'Proposto',
  matched: 'Abbinato',
  confirmed: 'Registrato',
  ignored: 'Ignorato',
} as const;
export type BankLineStatus = keyof typeof BANK_LINE_STATUS;

export const BankStatementSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.string(),
  iban: z.string().nullable(),
  from_date: day.nullable(),
  to_date: day.nullable(),
  lines: z.number().int(),
  duplicates: z.number().int().describe('righe già importate con un altro estratto'),
  counts: z.object({
    unmatched: z.number().int(),
    proposed: z.number().int(),
    matched: z.number().int(),
    confirmed: z.number().int(),
    ignored: z.number().int(),
  }),
  created_at: z.string(),
  imported_by_name: z.string().nullable(),
});
export type BankStatementSummary = z.infer<typeof BankStatementSummary>;

export const BankLineCharge = z.object({
  charge_id: z.number().int(),
  amount: euro,
  due: day.nullable(),
  note: z.string().nullable(),
});

export const BankLineView = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  booking_date: day,
  value_date: day.nullable(),
  amount: euro.describe('> 0 accredito, < 0 addebito'),
  counterparty: z.string().nullable(),
  counterparty_iban: z.string().nullable(),
  remittance: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
  is_return: z.boolean(),
  return_reason: z.string().nullable(),
  cbi_code: z.string().nullable().describe("la causale CBI del movimento (estratto CBI RH): '48' bonifico, '50' SDD…"),
  cbi_code_text: z.string().nullable(),
  status: z.enum(['unmatched', 'proposed', 'matched', 'confirmed', 'ignored']),
  customer_id: z.number().int().nullable(),
  business_name: z.string().nullable(),
  charges: z.array(BankLineCharge),
  reason: z.string().nullable(),
  reason_text: z.string().nullable(),
  transaction_id: z.number().int().nullable(),
});
export type BankLineView = z.infer<typeof BankLineView>;

export const BankStatementDetail = z.object({ statement: BankStatementSummary, lines: z.array(BankLineView) });
export type BankStatementDetail = z.infer<typeof BankStatementDetail>;

/** POST /api/bank/lines/:id/confirm: the customer and (optionally) the charges it pays; none → oldest first. */
export const BankConfirmInput = z.object({
  customer_id: recordId.optional(),
  charges: z
    .array(z.object({ charge_id: recordId, amount: inputEuro }))
    .max(500)
    .optional(),
});
export type BankConfirmInput = z.infer<typeof BankConfirmInput>;

/** POST /api/bank/statements/:id/confirm_all: how many lines were posted. */
export const BankConfirmedAll = z.object({ confirmed: z.number().int() });
export type BankConfirmedAll = z.infer<typeof BankConfirmedAll>;
