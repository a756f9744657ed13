/**
 * The tables of the anti-money-laundering file (issue 48; D.Lgs. 231/2007, CNDCEC Regole Tecniche):
 * - aml_assessments: each risk assessment of a customer (Regola Tecnica 2), as made, with who and
 *   when: the services, the factors' scores, the flags, the risks computed, the level due and the
 *   level chosen (with the Admin's reason when lower), the next check's date.
 * Append-only (Regola Tecnica 3): a trigger of the migration refuses any UPDATE, and a DELETE but
 * the cascade of the customer's or the studio's removal, which the application allows only past the
 * retention (server/models/Customer.ts).
 */
import { pgTable, integer, text, varchar, jsonb, date, boolean, numeric, index, check } from 'drizzle-orm/pg-core';
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

registerTables({ amlAssessments });
