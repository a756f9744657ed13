/**
 * The tables of collecting the fees (issue 29) beyond the models (SddMandate is a model):
 * - settlements: which charge a payment settles when it names one (the bank's end-to-end id, an
 *   invoice number, a choice in the reconciliation screen); the rest settles oldest first (the
 *   open-items rule in ../accounts/openItemsQueries.ts);
 * - payment_reversals: a payment the bank returned (an SDD R-transaction) and the movement that
 *   reverses it: together they count for nothing, so what the payment settled is open again;
 * - SDD batches ('distinte') and their debits, one per charge, each with its end-to-end id;
 * - bank statements and their lines, with what each line was matched to and the payment posted;
 * - the studio's last column mapping of a home-banking CSV/XLSX.
 * The batches, the statements and their lines are read as models too (SddBatch, BankStatement,
 * BankStatementLine: `areaTable`), over these same tables.
 */
import { pgTable, integer, text, varchar, jsonb, date, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  cascadeRef,
  money,
  parentRef,
  registerModelTable,
  registerTables,
  setNullRef,
  studioRef,
  studioRowKeys,
  ts,
  tsNow,
} from '../../db/tables.js';

const movement = (name: string) => cascadeRef(name, 'Transaction');

/** A part of a payment that settles a named charge (amount > 0, never more than the charge left open). */
export const settlements = pgTable(
  'settlements',
  {
    ...studioRowKeys(),
    payment_id: movement('payment_id').notNull(),
    charge_id: movement('charge_id').notNull(),
    amount: money('amount').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [
    uniqueIndex('settlements_pair').on(t.payment_id, t.charge_id),
    index('settlements_charge_idx').on(t.charge_id),
    check('settlements_amount', sql`${t.amount} > 0`),
  ],
);

/** A returned payment and the movement (an ADJUSTMENT of the same amount) that reverses it. */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    payment_id: movement('payment_id').primaryKey(),
    studio_id: studioRef('studio_id').notNull(),
    reversal_id: movement('reversal_id').notNull(),
    /** the bank's reason code (ISO 20022, e.g. AM04 insufficient funds, MD06 refund) */
    reason: varchar('reason', { length: 8 }),
    created_at: tsNow('created_at'),
  },
  (t) => [
    uniqueIndex('payment_reversals_reversal').on(t.reversal_id),
    index('payment_reversals_studio_idx').on(t.studio_id),
  ],
);

/**
 * A batch of direct debits presented to the bank (a 'distinta'): one pain.008 file.
 * presented → paid (every debit settled or returned) | cancelled (before it is paid).
 */
export const sddBatches = pgTable(
  'sdd_batches',
  {
    ...studioRowKeys(),
    /** the file's message id (GrpHdr/MsgId), unique per studio */
    message_id: varchar('message_id', { length: 35 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('presented'),
    /** requested collection date (ReqdColltnDt) */
    collection_date: date('collection_date', { mode: 'string' }).notNull(),
    due_from: date('due_from', { mode: 'string' }).notNull(),
    due_to: date('due_to', { mode: 'string' }).notNull(),
    /** the creditor's data as written in the file (studio's name, IBAN, CID) */
    creditor: jsonb('creditor').notNull(),
    /** 'sepa' (ISO pain.008.001.02), 'cbi_00_01_01' or 'cbi_00_01_00' (the CBI envelope: the account's format, issue 47) */
    format: varchar('format', { length: 16 }).notNull().default('sepa'),
    /** the studio's account the debits credit (its IBAN, ABI and CUC are in `creditor` as written) */
    bank_account_id: setNullRef('bank_account_id', 'BankAccount'),
    debits: integer('debits').notNull(),
    total: money('total').notNull(),
    /** the file as written: the pain.008, or the CBI physical message of the CORE debits (or of the only scheme) */
    xml: text('xml').notNull(),
    /** a CBI batch with CORE and B2B debits: the B2B physical message (INC-SDDB-01), kept as written */
    xml_b2b: text('xml_b2b'),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name'),
    created_at: tsNow('created_at'),
    cancelled_at: ts('cancelled_at'),
    cancelled_by_name: text('cancelled_by_name'),
  },
  (t) => [
    uniqueIndex('sdd_batches_message').on(t.studio_id, t.message_id),
    index('sdd_batches_studio_idx').on(t.studio_id, t.created_at),
    check('sdd_batches_status', sql`${t.status} IN ('presented', 'paid', 'cancelled')`),
  ],
);

/**
 * A charge in a batch. A customer's charges in one batch travel as ONE debit under its mandate
 * (a first debit, FRST, must be one per mandate), so the rows of one debit share its end-to-end
 * id and the debit's amount is the sum of theirs. presented → paid (a statement line confirmed
 * it) | returned (R-transaction) | cancelled.
 */
export const sddBatchItems = pgTable(
  'sdd_batch_items',
  {
    ...studioRowKeys(),
    batch_id: parentRef('batch_id', sddBatches).notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    mandate_id: cascadeRef('mandate_id', 'SddMandate').notNull(),
    charge_id: movement('charge_id').notNull(),
    amount: money('amount').notNull(),
    /** the debit's EndToEndId (unique per studio and debit), comes back in the bank's statement */
    end_to_end_id: varchar('end_to_end_id', { length: 35 }).notNull(),
    sequence_type: varchar('sequence_type', { length: 4 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('presented'),
    /** the payment posted when the debit was collected */
    payment_id: setNullRef('payment_id', 'Transaction'),
    /** the mandate's reference and debtor IBAN as the file carried them: a later change is an amendment (issue 47) */
    mandate_reference: varchar('mandate_reference', { length: 35 }),
    debtor_iban: varchar('debtor_iban', { length: 34 }),
  },
  (t) => [
    uniqueIndex('sdd_batch_items_e2e').on(t.studio_id, t.end_to_end_id, t.charge_id),
    index('sdd_batch_items_batch_idx').on(t.batch_id),
    index('sdd_batch_items_charge_idx').on(t.charge_id),
    check('sdd_batch_items_status', sql`${t.status} IN ('presented', 'paid', 'returned', 'cancelled')`),
  ],
);

/**
 * The bank's answer to a batch ('esito', issue 47 item 3): a CBI status report or a pain.002, as
 * received, once per report (its MsgId) while not undone; its rejected debits in sdd_outcome_items.
 */
export const sddOutcomes = pgTable(
  'sdd_outcomes',
  {
    ...studioRowKeys(),
    batch_id: parentRef('batch_id', sddBatches).notNull(),
    /** the report's own MsgId */
    message_id: varchar('message_id', { length: 35 }).notNull(),
    /** 'cbi' or 'pain002' */
    format: varchar('format', { length: 8 }).notNull(),
    file_name: text('file_name').notNull(),
    /** the report as received */
    content: text('content').notNull(),
    /** the bank's fee charged to each customer whose debit was rejected (null: none) */
    fee: money('fee'),
    rejected: integer('rejected').notNull(),
    created_by_name: text('created_by_name'),
    created_at: tsNow('created_at'),
    undone_at: ts('undone_at'),
    undone_by_name: text('undone_by_name'),
  },
  (t) => [
    uniqueIndex('sdd_outcomes_live')
      .on(t.studio_id, t.message_id)
      .where(sql`${t.undone_at} IS NULL`),
    index('sdd_outcomes_batch_idx').on(t.batch_id),
  ],
);

/** A debit an outcome rejected: its reason, and what the outcome did (to undo it). */
export const sddOutcomeItems = pgTable(
  'sdd_outcome_items',
  {
    ...studioRowKeys(),
    outcome_id: parentRef('outcome_id', sddOutcomes).notNull(),
    end_to_end_id: varchar('end_to_end_id', { length: 35 }).notNull(),
    /** the ISO reason code (AM04, MD01…) */
    reason: varchar('reason', { length: 8 }),
    reason_text: text('reason_text'),
    /** false: the debit was already collected or returned (a statement said so): nothing changed */
    applied: boolean('applied').notNull(),
    /** the bank's fee charged to the customer (a positive adjustment) */
    fee_id: setNullRef('fee_id', 'Transaction'),
    mandate_id: setNullRef('mandate_id', 'SddMandate'),
    /** the mandate's 'Da verificare' before the outcome flagged it (restored on undo); null: not flagged */
    mandate_attention_before: text('mandate_attention_before'),
    mandate_flagged: boolean('mandate_flagged').notNull().default(false),
  },
  (t) => [index('sdd_outcome_items_outcome_idx').on(t.outcome_id)],
);

/** An imported bank statement: the file once (its hash), the account and the period it covers. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    ...studioRowKeys(),
    file_name: text('file_name').notNull(),
    /** 'camt053', 'csv' or 'xlsx' */
    format: varchar('format', { length: 8 }).notNull(),
    /** sha-256 of the file: the same file twice is refused */
    file_hash: varchar('file_hash', { length: 64 }).notNull(),
    iban: varchar('iban', { length: 34 }),
    statement_ref: text('statement_ref'),
    from_date: date('from_date', { mode: 'string' }),
    to_date: date('to_date', { mode: 'string' }),
    opening_balance: money('opening_balance'),
    closing_balance: money('closing_balance'),
    lines: integer('lines').notNull().default(0),
    /** lines already known from another statement (overlapping periods): not posted again */
    duplicates: integer('duplicates').notNull().default(0),
    imported_by: integer('imported_by'),
    imported_by_name: text('imported_by_name'),
    created_at: tsNow('created_at'),
  },
  (t) => [
    uniqueIndex('bank_statements_file').on(t.studio_id, t.file_hash),
    index('bank_statements_studio_idx').on(t.studio_id, t.created_at),
  ],
);

/**
 * A line of a statement. Credits are matched to a customer and its open charges; an SDD return
 * (a debit with the end-to-end id of a collected debit) reopens what it paid. `fingerprint`
 * (account, booking date, amount, the bank's reference or text, occurrence) makes a line known
 * once per studio, whatever file it came in.
 * status: unmatched | proposed (a match to confirm) | matched (a sure match, confirmable in bulk)
 *         | confirmed (posted) | ignored (not a customer's payment: a fee, a debit).
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    ...studioRowKeys(),
    statement_id: parentRef('statement_id', bankStatements).notNull(),
    line_no: integer('line_no').notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    booking_date: date('booking_date', { mode: 'string' }).notNull(),
    value_date: date('value_date', { mode: 'string' }),
    /** signed: > 0 a credit, < 0 a debit */
    amount: money('amount').notNull(),
    counterparty: text('counterparty'),
    counterparty_iban: varchar('counterparty_iban', { length: 34 }),
    remittance: text('remittance'),
    end_to_end_id: varchar('end_to_end_id', { length: 35 }),
    bank_ref: text('bank_ref'),
    /** the bank's CBI transaction code of an RH statement's movement ('48' bonifico, '50' SDD…) */
    cbi_code: varchar('cbi_code', { length: 4 }),
    /** an SDD return: the reason code (AM04, MD06…) */
    return_reason: varchar('return_reason', { length: 8 }),
    is_return: boolean('is_return').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('unmatched'),
    customer_id: setNullRef('customer_id', 'Customer'),
    /** the charges the line pays: [{charge_id, amount}] */
    charges: jsonb('charges'),
    /** why it was matched: 'sdd' | 'invoice' | 'name' | 'iban' | 'amount' (and the text shown) */
    reason: varchar('reason', { length: 12 }),
    reason_text: text('reason_text'),
    /** the payment (or the reversal of a return) posted when confirmed */
    transaction_id: setNullRef('transaction_id', 'Transaction'),
    confirmed_at: ts('confirmed_at'),
    confirmed_by_name: text('confirmed_by_name'),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_fingerprint').on(t.studio_id, t.fingerprint),
    index('bank_statement_lines_statement_idx').on(t.statement_id, t.line_no),
    index('bank_statement_lines_status_idx').on(t.studio_id, t.status),
    check(
      'bank_statement_lines_status',
      sql`${t.status} IN ('unmatched', 'proposed', 'matched', 'confirmed', 'ignored')`,
    ),
  ],
);

/** The studio's last mapping of a home-banking CSV/XLSX's columns (remembered for the next import). */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  studio_id: studioRef('studio_id').primaryKey(),
  mapping: jsonb('mapping').notNull(),
  updated_at: tsNow('updated_at'),
});

/**
 * A RiBa presentation (issue 47 item 5): the receipts ('ricevute bancarie') of a due range presented
 * to the bank in one CBI file, kept as written. presented → closed (no receipt left presented) |
 * cancelled (before any receipt is paid or unpaid).
 */
export const ribaPresentations = pgTable(
  'riba_presentations',
  {
    ...studioRowKeys(),
    /** the file's support name (IB and EF records), unique per studio */
    support_name: varchar('support_name', { length: 20 }).notNull(),
    /** 'sbf' (salvo buon fine) or 'dopo_incasso' */
    kind: varchar('kind', { length: 12 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('presented'),
    due_from: date('due_from', { mode: 'string' }).notNull(),
    due_to: date('due_to', { mode: 'string' }).notNull(),
    bank_account_id: setNullRef('bank_account_id', 'BankAccount'),
    receipts: integer('receipts').notNull(),
    total: money('total').notNull(),
    /** the CBI file as written (records of 120 characters, CR LF) */
    content: text('content').notNull(),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name'),
    created_at: tsNow('created_at'),
    cancelled_at: ts('cancelled_at'),
    cancelled_by_name: text('cancelled_by_name'),
  },
  (t) => [
    uniqueIndex('riba_presentations_support').on(t.studio_id, t.support_name),
    index('riba_presentations_studio_idx').on(t.studio_id, t.created_at),
    check('riba_presentations_status', sql`${t.status} IN ('presented', 'closed', 'cancelled')`),
    check('riba_presentations_kind', sql`${t.kind} IN ('sbf', 'dopo_incasso')`),
  ],
);

/**
 * A charge on a receipt of a presentation. A customer's charges of one due date travel as ONE
 * receipt (its number, unique per studio, is record 51's); the receipt's amount is the sum of its
 * rows. presented → paid (the bank credited it: a payment posted) → unpaid (insoluto: the payment
 * reversed) | presented → unpaid | cancelled.
 */
export const ribaItems = pgTable(
  'riba_items',
  {
    ...studioRowKeys(),
    presentation_id: parentRef('presentation_id', ribaPresentations).notNull(),
    receipt_no: integer('receipt_no').notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    charge_id: movement('charge_id').notNull(),
    amount: money('amount').notNull(),
    due: date('due', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('presented'),
    /** the payment posted for the receipt when the bank credited it (on the receipt's first row) */
    payment_id: setNullRef('payment_id', 'Transaction'),
    paid_on: date('paid_on', { mode: 'string' }),
    unpaid_on: date('unpaid_on', { mode: 'string' }),
    unpaid_reason: text('unpaid_reason'),
    /** the bank's costs charged to the customer for the unpaid receipt (on the receipt's first row) */
    fee_id: setNullRef('fee_id', 'Transaction'),
  },
  (t) => [
    uniqueIndex('riba_items_receipt_charge').on(t.studio_id, t.receipt_no, t.charge_id),
    index('riba_items_presentation_idx').on(t.presentation_id),
    index('riba_items_charge_idx').on(t.charge_id),
    check('riba_items_status', sql`${t.status} IN ('presented', 'paid', 'unpaid', 'cancelled')`),
  ],
);

// the models served over these tables (model/models/SddBatch.ts, BankStatement.ts, BankStatementLine.ts)
registerModelTable('SddBatch', sddBatches);
registerModelTable('BankStatement', bankStatements);
registerModelTable('BankStatementLine', bankStatementLines);
registerModelTable('RibaPresentation', ribaPresentations);
registerTables({
  settlements,
  paymentReversals,
  sddBatches,
  sddBatchItems,
  sddOutcomes,
  sddOutcomeItems,
  bankStatements,
  bankStatementLines,
  bankCsvMappings,
  ribaPresentations,
  ribaItems,
});
