/**
 * The tables of the customers' own area (issue 50):
 * - portal_people: a person who may log in to the area, once per e-mail address across every studio
 *   (one person may be a person of several customers, of one studio or of several);
 * - portal_passwords: the password a person chose for the area of one studio (per studio: what one
 *   studio's staff could learn — a link in its outbox — never opens another studio's area);
 * - portal_access: a person's access to one customer's area, given by the studio (the invitation)
 *   and revocable by it; what the studio sees of the person (name, last login);
 * - portal_links: the one-time links that let a person in (an invitation's, or one asked from the
 *   login page): only their SHA-256 is kept, used once, until they expire;
 * - portal_sessions: a person's sessions (the cookie's value kept as its SHA-256), short (idle and
 *   absolute limits) and ended by the studio's revocation, the person's logout or a new password;
 *   the studios it may enter (a link's studio; the studios whose password was given) and the
 *   customer's area chosen among them (a person of several customers chooses one).
 */
import {
  pgTable,
  integer,
  text,
  varchar,
  serial,
  date,
  index,
  uniqueIndex,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  bytea,
  cascadeRef,
  parentRef,
  registerTables,
  setNullRef,
  studioRef,
  studioRowKeys,
  ts,
  tsNow,
} from '../../db/tables.js';

export const portalPeople = pgTable(
  'portal_people',
  {
    id: serial('id').primaryKey(),
    /** lowercase, trimmed */
    email: varchar('email', { length: 254 }).notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [uniqueIndex('portal_people_email_uq').on(t.email)],
);

export const portalPasswords = pgTable(
  'portal_passwords',
  {
    person_id: parentRef('person_id', portalPeople).notNull(),
    studio_id: studioRef('studio_id').notNull(),
    password_hash: text('password_hash').notNull(),
    updated_at: tsNow('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.person_id, t.studio_id] })],
);

export const portalAccess = pgTable(
  'portal_access',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    person_id: parentRef('person_id', portalPeople).notNull(),
    /** the person's name as the studio wrote it (optional) */
    name: varchar('name', { length: 120 }),
    invited_at: tsNow('invited_at'),
    invited_by: setNullRef('invited_by', 'User'),
    invited_by_name: text('invited_by_name'),
    last_login_at: ts('last_login_at'),
    revoked_at: ts('revoked_at'),
    revoked_by_name: text('revoked_by_name'),
  },
  (t) => [
    uniqueIndex('portal_access_person_uq').on(t.customer_id, t.person_id),
    index('portal_access_customer_idx').on(t.studio_id, t.customer_id),
    index('portal_access_person_idx').on(t.person_id),
  ],
);

export const portalLinks = pgTable(
  'portal_links',
  {
    id: serial('id').primaryKey(),
    person_id: parentRef('person_id', portalPeople).notNull(),
    /** the studio whose e-mail carries the link: the only one its session may enter */
    studio_id: studioRef('studio_id').notNull(),
    /** the access an invitation's link opens at once (null: the person chooses, or has one) */
    access_id: parentRef('access_id', portalAccess),
    /** 'invito' | 'accesso' */
    purpose: varchar('purpose', { length: 8 }).notNull(),
    /** hex SHA-256 of the link's secret */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: tsNow('created_at'),
  },
  (t) => [uniqueIndex('portal_links_token_uq').on(t.token_hash), index('portal_links_person_idx').on(t.person_id)],
);

export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: serial('id').primaryKey(),
    person_id: parentRef('person_id', portalPeople).notNull(),
    /** the customer's area chosen (null until the person of several customers chooses) */
    access_id: parentRef('access_id', portalAccess),
    /** hex SHA-256 of the cookie's value */
    sid_hash: varchar('sid_hash', { length: 64 }).notNull(),
    /** the studios whose areas the session may enter */
    studios: integer('studios').array().notNull(),
    created_at: tsNow('created_at'),
    last_seen_at: tsNow('last_seen_at'),
    expires_at: ts('expires_at').notNull(),
    ended_at: ts('ended_at'),
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 300 }),
  },
  (t) => [
    uniqueIndex('portal_sessions_sid_uq').on(t.sid_hash),
    index('portal_sessions_person_idx').on(t.person_id),
    index('portal_sessions_access_idx')
      .on(t.access_id)
      .where(sql`${t.access_id} IS NOT NULL`),
  ],
);

registerTables({ portalPeople, portalPasswords, portalAccess, portalLinks, portalSessions });

/**
 * Issue 50 item 2, the studio's requests of documents:
 * - portal_requests: a request to a customer (title, deadline, message), from a checklist or typed,
 *   perhaps for a compliance job's sub-task and year (done when the request is complete); open,
 *   complete (every item accepted) or cancelled; the reminders sent to late customers;
 * - portal_request_items: each document asked, its state (requested, sent, missing — 'non ho
 *   questo documento' with the customer's note —, accepted, asked again with the studio's reason);
 * - portal_files: a file of the area — uploaded by a customer's person for an item, or shared by the
 *   studio — stored under a key the server makes, with its SHA-256, size, kind recognised by content
 *   and the antivirus' verdict (quarantined files are never served); when it was first opened;
 * - portal_uploads / portal_upload_chunks: an upload in progress, sent in chunks that a bad
 *   connection resumes from the last one received (kept in the database: any process takes the next).
 */
export const portalRequests = pgTable(
  'portal_requests',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    title: varchar('title', { length: 160 }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    message: text('message'),
    checklist_id: setNullRef('checklist_id', 'DocumentChecklist'),
    studio_job_id: setNullRef('studio_job_id', 'StudioJob'),
    task_id: setNullRef('task_id', 'Task'),
    year: integer('year'),
    /** 'aperta' | 'completata' | 'annullata' */
    status: varchar('status', { length: 10 }).notNull().default('aperta'),
    created_at: tsNow('created_at'),
    created_by: setNullRef('created_by', 'User'),
    created_by_name: text('created_by_name'),
    closed_at: ts('closed_at'),
    reminders_sent: integer('reminders_sent').notNull().default(0),
    last_reminded_on: date('last_reminded_on', { mode: 'string' }),
  },
  (t) => [
    index('portal_requests_customer_idx').on(t.studio_id, t.customer_id),
    index('portal_requests_open_idx')
      .on(t.studio_id, t.due_date)
      .where(sql`${t.status} = 'aperta'`),
  ],
);

export const portalRequestItems = pgTable(
  'portal_request_items',
  {
    ...studioRowKeys(),
    request_id: parentRef('request_id', portalRequests).notNull(),
    position: integer('position').notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    /** 'richiesto' | 'inviato' | 'mancante' | 'accettato' | 'da_rifare' */
    status: varchar('status', { length: 10 }).notNull().default('richiesto'),
    /** the customer's note ('non ho questo documento', or with the files) */
    customer_note: text('customer_note'),
    /** the studio's reason when it asks again */
    review_reason: text('review_reason'),
    reviewed_by_name: text('reviewed_by_name'),
    reviewed_at: ts('reviewed_at'),
    updated_at: tsNow('updated_at'),
  },
  (t) => [uniqueIndex('portal_request_items_pos_uq').on(t.request_id, t.position)],
);

export const portalFiles = pgTable(
  'portal_files',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    item_id: parentRef('item_id', portalRequestItems),
    /** the message it is attached to (issue 50 item 5) */
    message_id: integer('message_id').references((): AnyPgColumn => portalMessages.id, { onDelete: 'cascade' }),
    /** 'cliente' (a person uploaded it) | 'studio' (the studio shared it) */
    origin: varchar('origin', { length: 8 }).notNull(),
    filename: varchar('filename', { length: 200 }).notNull(),
    content_type: varchar('content_type', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_path: text('storage_path').notNull(),
    /** 'ok' | 'quarantena' (the antivirus found something: never served) | 'non_verificato' (no antivirus configured) */
    scan: varchar('scan', { length: 14 }).notNull(),
    scan_result: text('scan_result'),
    uploaded_by_person: parentRef('uploaded_by_person', portalPeople),
    uploaded_by_name: text('uploaded_by_name'),
    created_at: tsNow('created_at'),
    first_opened_at: ts('first_opened_at'),
    /** a file the studio rejected (asked again): kept, no longer counted */
    rejected: integer('rejected').notNull().default(0),
  },
  (t) => [
    index('portal_files_customer_idx').on(t.studio_id, t.customer_id),
    index('portal_files_item_idx')
      .on(t.item_id)
      .where(sql`${t.item_id} IS NOT NULL`),
  ],
);

export const portalUploads = pgTable(
  'portal_uploads',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    studio_id: studioRef('studio_id').notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    item_id: parentRef('item_id', portalRequestItems).notNull(),
    person_id: parentRef('person_id', portalPeople).notNull(),
    filename: varchar('filename', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    received: integer('received').notNull().default(0),
    created_at: tsNow('created_at'),
    updated_at: tsNow('updated_at'),
  },
  (t) => [index('portal_uploads_person_idx').on(t.person_id)],
);

export const portalUploadChunks = pgTable(
  'portal_upload_chunks',
  {
    upload_id: varchar('upload_id', { length: 36 })
      .notNull()
      .references((): AnyPgColumn => portalUploads.id, { onDelete: 'cascade' }),
    offset: integer('offset').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.offset] })],
);

registerTables({ portalRequests, portalRequestItems, portalFiles, portalUploads, portalUploadChunks });

/**
 * Issue 50 item 5, the messages: one thread per customer between its people and the studio's staff.
 * - portal_messages: each message (its author: a person of the customer or a user of the studio), its
 *   text as written (shown as text, never as HTML), its files in portal_files (message_id);
 * - portal_threads: per customer, when the last message came and from which side, and up to when
 *   each side has read (the studio's list of unread threads, the area's badge).
 */
export const portalMessages = pgTable(
  'portal_messages',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    /** 'cliente' | 'studio' */
    side: varchar('side', { length: 8 }).notNull(),
    person_id: parentRef('person_id', portalPeople),
    user_id: setNullRef('user_id', 'User'),
    author_name: varchar('author_name', { length: 254 }).notNull(),
    body: text('body').notNull(),
    created_at: tsNow('created_at'),
  },
  (t) => [index('portal_messages_thread_idx').on(t.studio_id, t.customer_id, t.id)],
);

export const portalThreads = pgTable(
  'portal_threads',
  {
    studio_id: studioRef('studio_id').notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull().primaryKey(),
    last_message_id: integer('last_message_id'),
    last_at: ts('last_at'),
    last_side: varchar('last_side', { length: 8 }),
    /** the last message each side has read (its id) */
    studio_read_id: integer('studio_read_id').notNull().default(0),
    customer_read_id: integer('customer_read_id').notNull().default(0),
  },
  (t) => [index('portal_threads_studio_idx').on(t.studio_id, t.last_at)],
);

registerTables({ portalMessages, portalThreads });

/**
 * Issue 50 item 3, what the studio sends:
 * - portal_openings: what a customer's people opened of what the studio sends in the area (an
 *   invoice's PDF or XML, the statement, a payment notice, a declaration, a signed mandate): the first
 *   and the last time and how many times, for the studio to see on the customer card;
 * - portal_acceptances: a document the studio sends to be read and accepted in the area (the AML
 *   declaration, art. 22 D.Lgs. 231/2007), kept byte for byte as sent with its SHA-256, and who
 *   accepted it, when, from which address and with which browser. A newer one sent replaces the
 *   earlier one not yet accepted (`withdrawn_at`).
 */
export const portalOpenings = pgTable(
  'portal_openings',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    /** 'fattura_pdf' | 'fattura_xml' (ref: the e-document) | 'estratto' (ref 0) | 'avviso' (ref: the movement) | 'dichiarazione' (ref: the acceptance) | 'mandato' (ref: the signature) */
    kind: varchar('kind', { length: 16 }).notNull(),
    ref_id: integer('ref_id').notNull().default(0),
    first_person_id: integer('first_person_id').references((): AnyPgColumn => portalPeople.id, {
      onDelete: 'set null',
    }),
    first_opened_at: tsNow('first_opened_at'),
    last_opened_at: tsNow('last_opened_at'),
    times: integer('times').notNull().default(1),
  },
  (t) => [uniqueIndex('portal_openings_uq').on(t.customer_id, t.kind, t.ref_id)],
);

export const portalAcceptances = pgTable(
  'portal_acceptances',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    /** 'dichiarazione_aml' */
    kind: varchar('kind', { length: 24 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    filename: varchar('filename', { length: 200 }).notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    sent_by: setNullRef('sent_by', 'User'),
    sent_by_name: text('sent_by_name'),
    sent_at: tsNow('sent_at'),
    withdrawn_at: ts('withdrawn_at'),
    accepted_at: ts('accepted_at'),
    accepted_person_id: integer('accepted_person_id').references((): AnyPgColumn => portalPeople.id, {
      onDelete: 'set null',
    }),
    accepted_name: text('accepted_name'),
    accepted_email: text('accepted_email'),
    accepted_ip: varchar('accepted_ip', { length: 64 }),
    accepted_user_agent: text('accepted_user_agent'),
  },
  (t) => [index('portal_acceptances_customer_idx').on(t.studio_id, t.customer_id)],
);

/**
 * Issue 50 item 4: a SEPA Direct Debit mandate signed online in the area — the evidence of the
 * signature beside the SddMandate it created: who signed (the person logged in and the name he
 * typed), when, from which address and browser, and the mandate's PDF as signed with its SHA-256.
 */
export const portalMandateSignatures = pgTable(
  'portal_mandate_signatures',
  {
    ...studioRowKeys(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    mandate_id: cascadeRef('mandate_id', 'SddMandate').notNull(),
    person_id: integer('person_id').references((): AnyPgColumn => portalPeople.id, { onDelete: 'set null' }),
    signer_name: text('signer_name').notNull(),
    signer_email: text('signer_email').notNull(),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    signed_at: tsNow('signed_at'),
    pdf: bytea('pdf').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('portal_mandate_signatures_mandate_uq').on(t.mandate_id),
    index('portal_mandate_signatures_customer_idx').on(t.studio_id, t.customer_id),
  ],
);

registerTables({ portalOpenings, portalAcceptances, portalMandateSignatures });
