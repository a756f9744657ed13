/**
 * The transmissions of e-invoices to SdI (issue 28), beside the EDocument model (whose status
 * column, `sdi_status`, the model declares): one row per file handed to the channel, one row per
 * event of an invoice's life (the file sent, each of SdI's notifications with its XML), and the
 * built-in simulator's own store (what "SdI" received and will answer).
 */
import { pgTable, serial, integer, text, varchar, jsonb, index, uniqueIndex, check, date } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  cascadeRef,
  parentRef,
  registerModelTable,
  registerTables,
  studioRowKeys,
  ts,
  tsNow,
} from '../../db/tables.js';

/**
 * A file handed (or to be handed) to the channel. queued → sending → sent (the channel's id
 * known), or failed (refused by the intermediary). 'sending' with nobody holding its lock is an
 * attempt whose outcome is unknown: the channel is asked (`find`) before the file goes again.
 */
export const sdiTransmissions = pgTable(
  'sdi_transmissions',
  {
    ...studioRowKeys(),
    e_document_id: cascadeRef('e_document_id', 'EDocument').notNull(),
    /** IT{IdCodice}_{progressivo}.xml */
    file_name: varchar('file_name', { length: 60 }).notNull(),
    /** the studio's progressive of the file name (base 36 in the name) */
    progressive: integer('progressive').notNull(),
    xml: text('xml').notNull(),
    /** the invoice's number and date in the file (SdI's rules for sending a rejected invoice again) */
    number: varchar('number', { length: 20 }).notNull(),
    document_date: date('document_date', { mode: 'string' }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    channel_id: varchar('channel_id', { length: 100 }),
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    /** the last outcome of SdI (RC, NS, MC…), once known: polling stops at a final one */
    outcome: varchar('outcome', { length: 4 }),
    tries: integer('tries').notNull().default(0),
    last_error: text('last_error'),
    created_by: integer('created_by'),
    created_at: tsNow('created_at'),
    sent_at: ts('sent_at'),
    updated_at: tsNow('updated_at'),
  },
  (t) => [
    uniqueIndex('sdi_transmissions_studio_progressive').on(t.studio_id, t.progressive),
    uniqueIndex('sdi_transmissions_file_name').on(t.studio_id, t.file_name),
    // one file of an invoice in flight or waiting for SdI's outcome at a time
    uniqueIndex('sdi_transmissions_document_open')
      .on(t.e_document_id)
      .where(sql`${t.status} IN ('queued', 'sending') OR (${t.status} = 'sent' AND ${t.outcome} IS NULL)`),
    index('sdi_transmissions_document_idx').on(t.e_document_id),
    index('sdi_transmissions_pending_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('queued', 'sending') OR (${t.status} = 'sent' AND ${t.outcome} IS NULL)`),
    check('sdi_transmissions_status', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** An event of an invoice's life: the file sent, an intermediary's refusal, each SdI notification. */
export const sdiEvents = pgTable(
  'sdi_events',
  {
    ...studioRowKeys(),
    e_document_id: cascadeRef('e_document_id', 'EDocument').notNull(),
    transmission_id: parentRef('transmission_id', sdiTransmissions),
    /** 'invio' (the file handed over), 'errore' (refused by the intermediary), or SdI's type: RC, NS, MC, NE, DT, AT */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** the channel's id of the notification: recorded once */
    notification_id: varchar('notification_id', { length: 100 }),
    at: tsNow('at'),
    description: text('description'),
    /** SdI's errors [{code, description}] */
    errors: jsonb('errors'),
    file_name: varchar('file_name', { length: 120 }),
    xml: text('xml'),
  },
  (t) => [
    index('sdi_events_document_idx').on(t.e_document_id, t.at),
    uniqueIndex('sdi_events_notification').on(t.transmission_id, t.notification_id),
  ],
);

/** The built-in simulator's store: the files "SdI" received and the notification it will give. */
export const sdiSimulatorFiles = pgTable(
  'sdi_simulator_files',
  {
    id: serial('id').primaryKey(),
    channel_id: varchar('channel_id', { length: 40 }).notNull(),
    sdi_id: varchar('sdi_id', { length: 20 }).notNull(),
    file_name: varchar('file_name', { length: 60 }).notNull(),
    sender_vat: varchar('sender_vat', { length: 28 }).notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    year: integer('year').notNull(),
    document_type: varchar('document_type', { length: 4 }).notNull(),
    received_at: tsNow('received_at'),
    /** RC, NS or MC, given once `ready_at` has passed */
    outcome: varchar('outcome', { length: 4 }).notNull(),
    errors: jsonb('errors'),
    ready_at: ts('ready_at').notNull(),
    xml: text('xml').notNull(),
  },
  (t) => [
    uniqueIndex('sdi_simulator_files_channel').on(t.channel_id),
    index('sdi_simulator_files_name').on(t.file_name),
    index('sdi_simulator_files_invoice').on(t.sender_vat, t.year, t.number),
  ],
);

// the model served over the events' table (model/models/SdiEvent.ts)
registerModelTable('SdiEvent', sdiEvents);
registerTables({ sdiTransmissions, sdiEvents, sdiSimulatorFiles });
