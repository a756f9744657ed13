/**
 * A user's preferences kept on the server (issue 16: the saved views and chosen columns of each
 * list, the last import mapping), beyond the models. Registered with the schema for migrations.
 */
import { pgTable, integer, text, jsonb, primaryKey, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { registerTables, tableOf, ts } from '../../db/tables.js';

/** One preference of one user (a JSON value under a key such as `list.Customer.savedQueries`). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => tableOf('User').id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updated_at: ts('updated_at')
      .notNull()
      .default(sql`LOCALTIMESTAMP`),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

registerTables({ userPreferences });
