/**
 * The tables of following up (issue 30):
 * - reminder_settings: the studio's rules ('Solleciti': up to three levels, each with its days
 *   after the due date, subject, text or Word letter, minimum overdue, automatic or reviewed),
 *   whether the daily run is on and at what time;
 * - reminder_runs: one row per run (the scheduled one at most once a day per studio: its unique
 *   index is the daily run's claim, whichever process gets it);
 * - reminders: one per customer and level, with the overdue items it asks for (reminder_items),
 *   its status (proposed → queued → sent; withdrawn when paid, disputed or superseded;
 *   discarded by hand), its e-mail in the outbox and the opening of the customer's page;
 * - customer_disputes: a customer marked 'contestato' (no reminder goes to it).
 */
import {
  pgTable,
  integer,
  text,
  varchar,
  jsonb,
  date,
  boolean,
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
  registerModelTable,
  registerTables,
  studioRef,
  studioRowKeys,
  ts,
  tsNow,
} from '../../db/tables.js';

const customerRef = (name: string) => cascadeRef(name, 'Customer');

export const reminderSettings = pgTable('reminder_settings', {
  studio_id: studioRef('studio_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** HH:MM, the studio's (Rome) time */
  run_time: varchar('run_time', { length: 5 }).notNull().default('08:00'),
  link_days: integer('link_days').notNull().default(60),
  /** issue 48: e-mail the AML declaration to renew this many days before the check falls due (0: never) */
  aml_renewal_days: integer('aml_renewal_days').notNull().default(0),
  /** [{level, days, subject, text, word_template_id, min_amount, auto}], checked by the service */
  levels: jsonb('levels')
    .notNull()
    .default(sql`'[]'::jsonb`),
  updated_at: tsNow('updated_at'),
  updated_by: integer('updated_by'),
});

export const reminderRuns = pgTable(
  'reminder_runs',
  {
    ...studioRowKeys(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'scheduled' (the daily run) | 'manual' ('Esegui ora') */
    kind: varchar('kind', { length: 12 }).notNull(),
    user_id: integer('user_id'),
    started_at: tsNow('started_at'),
    proposed: integer('proposed').notNull().default(0),
    queued: integer('queued').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
  },
  (t) => [
    uniqueIndex('reminder_runs_daily')
      .on(t.studio_id, t.day)
      .where(sql`${t.kind} = 'scheduled'`),
    index('reminder_runs_studio_idx').on(t.studio_id, t.id),
  ],
);

export const reminders = pgTable(
  'reminders',
  {
    ...studioRowKeys(),
    customer_id: customerRef('customer_id').notNull(),
    run_id: integer('run_id').references((): AnyPgColumn => reminderRuns.id, { onDelete: 'set null' }),
    level: integer('level').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    /** the overdue amount asked for when it was proposed (the letter shows what is open when sent) */
    amount: money('amount').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    created_at: tsNow('created_at'),
    queued_at: ts('queued_at'),
    sent_at: ts('sent_at'),
    mail_id: integer('mail_id'),
    /** the random part of the customer's link (the link is signed: see ./link.ts) */
    nonce: varchar('nonce', { length: 32 }).notNull(),
    link_expires: date('link_expires', { mode: 'string' }),
    opened_at: ts('opened_at'),
    last_opened_at: ts('last_opened_at'),
    opened_count: integer('opened_count').notNull().default(0),
    withdrawn_at: ts('withdrawn_at'),
    /** why it was withdrawn or discarded, or why it could not be sent */
    reason: text('reason'),
    created_by: integer('created_by'),
  },
  (t) => [
    index('reminders_studio_status_idx').on(t.studio_id, t.status),
    index('reminders_customer_idx').on(t.customer_id, t.id),
    check('reminders_level', sql`${t.level} BETWEEN 1 AND 3`),
    check('reminders_status', sql`${t.status} IN ('proposed', 'queued', 'sent', 'withdrawn', 'discarded')`),
  ],
);

/** The overdue items a reminder asks for, with what was open of each then. */
export const reminderItems = pgTable(
  'reminder_items',
  {
    reminder_id: parentRef('reminder_id', reminders).notNull(),
    charge_id: cascadeRef('charge_id', 'Transaction').notNull(),
    studio_id: studioRef('studio_id').notNull(),
    level: integer('level').notNull(),
    open: money('open').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reminder_id, t.charge_id] }),
    index('reminder_items_charge_idx').on(t.charge_id),
    index('reminder_items_studio_idx').on(t.studio_id),
  ],
);

export const customerDisputes = pgTable('customer_disputes', {
  customer_id: customerRef('customer_id').primaryKey(),
  studio_id: studioRef('studio_id').notNull(),
  note: text('note'),
  created_at: tsNow('created_at'),
  created_by: integer('created_by'),
});

// the model served over the reminders' table (model/models/Reminder.ts)
registerModelTable('Reminder', reminders);
registerTables({ reminderSettings, reminderRuns, reminders, reminderItems, customerDisputes });
