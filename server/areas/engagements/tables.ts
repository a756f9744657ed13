/**
 * The tables of engagements, their billing and time (issue 49), beside the declared models
 * (Engagement, TimeEntry, IstatIndex, HourlyCost, ServiceRate):
 * - engagement_services: an engagement's services, each with its billing rule and its fee as agreed
 *   (per period, per unit or per hour), in the letter's order;
 * - engagement_fee_changes: each yearly update of a service's fee, with the old and new fee and how
 *   it was computed (the ISTAT months and values, or the fixed percentage); the fee of a period is
 *   the latest change on or before its billing date, else the agreed one;
 * - engagement_units: the count typed for a per-unit service's month (when not from the payslips);
 * - engagement_runs: each billing run (the daily one at most once per studio and day: its unique
 *   index is the claim, whichever process gets it), with what it made and the problems it met;
 * - engagement_charges: the charge made for a service's period: unique per service and period, so
 *   a period is never billed twice, whatever runs;
 * - engagement_letters: each letter sent (the PDF kept as sent, its SHA-256, the signed link's
 *   nonce) and its acceptance on the customer's page (who, when, IP), or the signed scan attached;
 * - engagement_letter_templates: the studio's own Word template of the letter (else the built-in one);
 * - time_timers: the running timer of a collaborator (one at most).
 */
import {
  pgTable,
  integer,
  text,
  varchar,
  jsonb,
  date,
  numeric,
  index,
  uniqueIndex,
  check,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  cascadeRef,
  money,
  parentRef,
  registerTables,
  setNullRef,
  studioRef,
  studioRowKeys,
  ts,
  tsNow,
} from '../../db/tables.js';

const engagementRef = (name: string) => cascadeRef(name, 'Engagement');

export const engagementServices = pgTable(
  'engagement_services',
  {
    ...studioRowKeys(),
    engagement_id: engagementRef('engagement_id').notNull(),
    position: integer('position').notNull(),
    studio_service_id: setNullRef('studio_service_id', 'StudioService'),
    /** the service's description as agreed (the studio service's, unless changed) */
    description: text('description').notNull(),
    rule: varchar('rule', { length: 12 }).notNull(),
    /** the agreed fee: per period, per unit (per_unit) or per hour (by_time) */
    fee: money('fee').notNull(),
    /** per_unit: 'payslips' | 'manual' */
    unit_source: varchar('unit_source', { length: 10 }),
  },
  (t) => [
    index('engagement_services_engagement_idx').on(t.engagement_id, t.position),
    index('engagement_services_studio_idx').on(t.studio_id, t.studio_service_id),
    check(
      'engagement_services_rule',
      sql`${t.rule} IN ('yearly', 'half_yearly', 'quarterly', 'monthly', 'one_off', 'per_unit', 'by_time')`,
    ),
    check('engagement_services_fee', sql`${t.fee} > 0`),
  ],
);

export const engagementRuns = pgTable(
  'engagement_runs',
  {
    ...studioRowKeys(),
    /** the day billed up to (included) */
    day: date('day', { mode: 'string' }).notNull(),
    /** 'scheduled' (the daily run) | 'manual' ('Esegui ora') */
    kind: varchar('kind', { length: 12 }).notNull(),
    user_id: integer('user_id'),
    started_at: tsNow('started_at'),
    finished_at: ts('finished_at'),
    charges: integer('charges').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    updates: integer('updates').notNull().default(0),
    /** [{engagement_id, customer, message}] the engagements left out and why */
    problems: jsonb('problems')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('engagement_runs_daily')
      .on(t.studio_id, t.day)
      .where(sql`${t.kind} = 'scheduled'`),
    index('engagement_runs_studio_idx').on(t.studio_id, t.id),
  ],
);

export const engagementFeeChanges = pgTable(
  'engagement_fee_changes',
  {
    ...studioRowKeys(),
    engagement_service_id: parentRef('engagement_service_id', engagementServices).notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    percent: numeric('percent', { precision: 7, scale: 3 }).notNull(),
    old_fee: money('old_fee').notNull(),
    new_fee: money('new_fee').notNull(),
    /** istat: the months compared ('YYYY-MM') and their index values */
    index_month: varchar('index_month', { length: 7 }),
    index_base: numeric('index_base', { precision: 8, scale: 2 }),
    index_current: numeric('index_current', { precision: 8, scale: 2 }),
    run_id: integer('run_id').references((): AnyPgColumn => engagementRuns.id, { onDelete: 'set null' }),
    created_at: tsNow('created_at'),
  },
  (t) => [
    uniqueIndex('engagement_fee_changes_once').on(t.engagement_service_id, t.effective_date),
    index('engagement_fee_changes_studio_idx').on(t.studio_id),
    check('engagement_fee_changes_kind', sql`${t.kind} IN ('istat', 'fixed')`),
  ],
);

export const engagementUnits = pgTable(
  'engagement_units',
  {
    engagement_service_id: parentRef('engagement_service_id', engagementServices).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    studio_id: studioRef('studio_id').notNull(),
    units: numeric('units', { precision: 10, scale: 2 }).notNull(),
    updated_by: integer('updated_by'),
    updated_at: tsNow('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.engagement_service_id, t.period_start] }),
    index('engagement_units_studio_idx').on(t.studio_id),
    check('engagement_units_units', sql`${t.units} >= 0 AND ${t.units} <= 100000`),
  ],
);

export const engagementCharges = pgTable(
  'engagement_charges',
  {
    ...studioRowKeys(),
    engagement_id: engagementRef('engagement_id').notNull(),
    engagement_service_id: parentRef('engagement_service_id', engagementServices).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    billing_date: date('billing_date', { mode: 'string' }).notNull(),
    /** the charge made (emptied if the movement is deleted forever: the period stays billed) */
    charge_id: setNullRef('charge_id', 'Transaction'),
    /** the fee applied (per period, unit or hour), the units or hours (per_unit, by_time), the amount */
    fee: money('fee').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2 }),
    amount: money('amount').notNull(),
    run_id: integer('run_id').references((): AnyPgColumn => engagementRuns.id, { onDelete: 'set null' }),
    created_at: tsNow('created_at'),
  },
  (t) => [
    uniqueIndex('engagement_charges_once').on(t.engagement_service_id, t.period_start),
    index('engagement_charges_engagement_idx').on(t.engagement_id, t.billing_date),
    index('engagement_charges_studio_idx').on(t.studio_id, t.billing_date),
    index('engagement_charges_charge_idx').on(t.charge_id),
  ],
);

export const engagementLetters = pgTable(
  'engagement_letters',
  {
    ...studioRowKeys(),
    engagement_id: engagementRef('engagement_id').notNull(),
    /** 'mail' (sent with the customer's link) | 'scan' (the signed paper letter attached) */
    kind: varchar('kind', { length: 6 }).notNull(),
    /** the document as sent (PDF) or the scan, in the storage, with its SHA-256 */
    storage_path: text('storage_path').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    mail_id: integer('mail_id'),
    recipient: text('recipient'),
    /** the random part of the customer's link (the link is signed with the server's secret) */
    nonce: varchar('nonce', { length: 32 }),
    link_expires: date('link_expires', { mode: 'string' }),
    opened_at: ts('opened_at'),
    accepted_at: ts('accepted_at'),
    accepted_name: text('accepted_name'),
    accepted_ip: text('accepted_ip'),
    accepted_agent: text('accepted_agent'),
    created_by: integer('created_by'),
    created_by_name: text('created_by_name').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [
    index('engagement_letters_engagement_idx').on(t.engagement_id, t.id),
    index('engagement_letters_studio_idx').on(t.studio_id),
    check('engagement_letters_kind', sql`${t.kind} IN ('mail', 'scan')`),
  ],
);

/** The studio's own Word template of the engagement letter (else the built-in one), checked when uploaded. */
export const engagementLetterTemplates = pgTable('engagement_letter_templates', {
  studio_id: studioRef('studio_id').primaryKey(),
  storage_path: text('storage_path').notNull(),
  filename: text('filename').notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  uploaded_by: integer('uploaded_by'),
  uploaded_by_name: text('uploaded_by_name').notNull(),
  uploaded_at: tsNow('uploaded_at'),
});

export const timeTimers = pgTable('time_timers', {
  user_id: cascadeRef('user_id', 'User').primaryKey(),
  studio_id: studioRef('studio_id').notNull(),
  customer_id: cascadeRef('customer_id', 'Customer').notNull(),
  studio_service_id: cascadeRef('studio_service_id', 'StudioService').notNull(),
  note: text('note'),
  started_at: tsNow('started_at'),
});

registerTables({
  engagementServices,
  engagementRuns,
  engagementFeeChanges,
  engagementUnits,
  engagementCharges,
  engagementLetters,
  engagementLetterTemplates,
  timeTimers,
});
