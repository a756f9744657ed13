/**
 * One-time links of the account lifecycle (PRODUCT.md §7): an activation link (24 h) after a
 * registration and a password-reset link (1 h). Only a hash of the token is stored (the link in
 * the e-mail is the secret); each link is used once.
 */
import { pgTable, serial, varchar, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, registerTables, ts } from '../../db/tables.js';

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: cascadeRef('user_id', 'User').notNull(),
    /** 'activation' | 'reset' */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** SHA-256 of the token, hex */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: ts('expires_at', 0).notNull(),
    used_at: ts('used_at', 0),
    created_at: ts('created_at', 0).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.token_hash),
    index('account_tokens_user_idx').on(t.user_id, t.kind),
  ],
);

registerTables({ accountTokens });
