/**
 * One-time links of the account lifecycle (PRODUCT.md §7): an activation link (24 h) after a
 * registration and a password-reset link (1 h). Only a hash of the token is stored (the link in
 * the e-mail is the secret); each link is used once.
 */
import {
  pgTable,
  serial,
  integer,
  varchar,
  timestamp,
  index,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { registerTables, tableOf } from '../../db/tables.js';

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => tableOf('User').id, { onDelete: 'cascade' }),
    /** 'activation' | 'reset' */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** SHA-256 of the token, hex */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { precision: 0 }).notNull(),
    used_at: timestamp('used_at', { precision: 0 }),
    created_at: timestamp('created_at', { precision: 0 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.token_hash),
    index('account_tokens_user_idx').on(t.user_id, t.kind),
  ],
);

registerTables({ accountTokens });
