/**
 * The tables of the anti-money-laundering file (issue 48; D.Lgs. 231/2007, CNDCEC Regole Tecniche):
 * - aml_assessments: each risk assessment of a customer (Regola Tecnica 2), as made, with who and
 *   when: the services, the factors' scores, the flags, the risks computed, the level due and the
 *   level chosen (with the Admin's reason when lower), the next check's date.
 * Append-only (Regola Tecnica 3): a trigger of the migration refuses any UPDATE, and a DELETE but
 * the cascade of the customer's or the studio's removal, which the application allows only past the
 * retention (server/models/Customer.ts).
 */
import {
  pgTable,
  integer,
  text,
  varchar,
  jsonb,
  date,
  boolean,
  numeric,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, registerTables, studioRowKeys, tsNow } from '../../db/tables.js';

export const amlAssessments = pgTable(
  'aml_assessments',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    /** the codes of model/aml.ts AML_SERVICES given to the customer */
    services: jsonb('services').notNull(),
    /** Tabella A and B scores (1–4) and the flags, as entered */
    customer_scores: jsonb('customer_scores').notNull(),
    operation_scores: jsonb('operation_scores'),
    flags: jsonb('flags').notNull(),
    inherent: integer('inherent').notNull(),
    specific: numeric('specific', { precision: 4, scale: 2 }).notNull(),
    effective: numeric('effective', { precision: 4, scale: 2 }).notNull(),
    /** the level the risk calls for, and the one applied (lower only with the Admin's reason) */
    computed_level: varchar('computed_level', { length: 12 }).notNull(),
    level: varchar('level', { length: 12 }).notNull(),
    level_reason: text('level_reason'),
    /** the steps of the computation, in Italian, as shown when it was made */
    reasons: jsonb('reasons').notNull(),
    next_check: date('next_check', { mode: 'string' }).notNull(),
    /** the purpose and nature of the relationship (scopo e natura), as declared */
    purpose: text('purpose'),
    pep: boolean('pep').notNull().default(false),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [
    index('aml_assessments_customer_idx').on(t.studio_id, t.customer_id, t.created_at),
    index('aml_assessments_due_idx').on(t.studio_id, t.next_check),
    check('aml_assessments_level', sql`${t.level} IN ('semplificata', 'ordinaria', 'rafforzata')`),
    check('aml_assessments_computed', sql`${t.computed_level} IN ('semplificata', 'ordinaria', 'rafforzata')`),
    check('aml_assessments_inherent', sql`${t.inherent} BETWEEN 1 AND 4`),
  ],
);

/**
 * The identification of the customer (Regola Tecnica 2, art. 18–19 D.Lgs. 231/2007), each version as
 * saved: who the customer is, who acts for it (esecutore), the identity documents, how and when
 * identified, the beneficial owners and how they were found, PEP and sanctions answers, purpose and
 * nature of the relationship, the services (model/api/aml.ts AmlIdentificationInput, as JSON). A
 * change is a new version; the latest is the one in force. Append-only.
 */
export const amlIdentifications = pgTable(
  'aml_identifications',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    data: jsonb('data').notNull(),
    identified_on: date('identified_on', { mode: 'string' }).notNull(),
    /** the first expiry among the identity documents (the due list reads it) */
    documents_expire_on: date('documents_expire_on', { mode: 'string' }),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [index('aml_identifications_customer_idx').on(t.studio_id, t.customer_id, t.created_at)],
);

/**
 * The files of a customer's AML file (the scans of identity documents, the signed declaration, a
 * register extract), stored under keys the server makes (server/storage), with their SHA-256.
 * Append-only.
 */
export const amlFiles = pgTable(
  'aml_files',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    description: text('description'),
    original_filename: text('original_filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_path: text('storage_path').notNull(),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [
    index('aml_files_customer_idx').on(t.studio_id, t.customer_id),
    check('aml_files_kind', sql`${t.kind} IN ('documento', 'dichiarazione', 'visura', 'altro')`),
  ],
);

/**
 * The Admin's notes on a customer's file: the assessment whether to abstain (art. 42) or to report
 * a suspicious operation (art. 35), or any other note. Only the Admin reads them. Append-only.
 */
export const amlNotes = pgTable(
  'aml_notes',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** for an abstention or a report: what was decided */
    outcome: varchar('outcome', { length: 30 }),
    body: text('body').notNull(),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [
    index('aml_notes_customer_idx').on(t.studio_id, t.customer_id),
    check('aml_notes_kind', sql`${t.kind} IN ('astensione', 'segnalazione', 'nota')`),
  ],
);

/**
 * The studio's self-assessment of its risk (Regola Tecnica 1), each as made: the factors' scores,
 * the inherent, vulnerability and residual risk, the band, the mitigation notes, when it is due
 * again. Append-only.
 */
export const amlSelfAssessments = pgTable(
  'aml_self_assessments',
  {
    ...studioRowKeys(),
    inherent_scores: jsonb('inherent_scores').notNull(),
    vulnerability_scores: jsonb('vulnerability_scores').notNull(),
    inherent: numeric('inherent', { precision: 4, scale: 2 }).notNull(),
    vulnerability: numeric('vulnerability', { precision: 4, scale: 2 }).notNull(),
    residual: numeric('residual', { precision: 4, scale: 2 }).notNull(),
    band: varchar('band', { length: 30 }).notNull(),
    mitigation: text('mitigation'),
    assessed_on: date('assessed_on', { mode: 'string' }).notNull(),
    next_due: date('next_due', { mode: 'string' }).notNull(),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [index('aml_self_assessments_studio_idx').on(t.studio_id, t.assessed_on)],
);

/** The staff's anti-money-laundering training (art. 16 c. 3): who, when, what, how long. Append-only. */
export const amlTrainings = pgTable(
  'aml_trainings',
  {
    ...studioRowKeys(),
    /** the member of the staff, when a user of the product (no reference: the log outlives the account) */
    user_id: integer('user_id'),
    person_name: text('person_name').notNull(),
    held_on: date('held_on', { mode: 'string' }).notNull(),
    topic: text('topic').notNull(),
    provider: text('provider'),
    hours: numeric('hours', { precision: 5, scale: 2 }).notNull(),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [index('aml_trainings_studio_idx').on(t.studio_id, t.held_on)],
);

/**
 * The declarations e-mailed for renewal by the reminders' daily run (issue 48 item 3): one per
 * customer and due date of his check, claimed before the e-mail is written (two processes, one
 * e-mail), with the outbox row it became.
 */
export const amlRenewalMails = pgTable(
  'aml_renewal_mails',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    mail_id: integer('mail_id'),
    created_at: tsNow('created_at'),
  },
  (t) => [uniqueIndex('aml_renewal_mails_once').on(t.studio_id, t.customer_id, t.due_on)],
);

registerTables({
  amlRenewalMails,
  amlAssessments,
  amlIdentifications,
  amlFiles,
  amlNotes,
  amlSelfAssessments,
  amlTrainings,
});
