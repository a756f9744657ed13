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
import { pgTable, integer, text, varchar, serial, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
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
