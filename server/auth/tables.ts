/**
 * What the limits of the public calls remember, in the database so that every process behind a
 * balancer counts on the same figures (issue 27 item 5, server/auth/sharedLimits.ts): the
 * counters of the login and public-form limits, and the captcha challenges already solved.
 */
import { pgTable, text, integer, bigint, index } from 'drizzle-orm/pg-core';
import { registerTables } from '../db/tables.js';

/** rate-limiter-flexible's PostgreSQL table: a counter per key, until `expire` (epoch ms) */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/** signatures of the ALTCHA challenges already accepted, until they could no longer be sent */
export const captchaSpent = pgTable(
  'captcha_spent',
  {
    signature: text('signature').primaryKey(),
    expire: bigint('expire', { mode: 'number' }).notNull(),
  },
  (t) => [index('captcha_spent_expire_idx').on(t.expire)],
);

registerTables({ rateLimits, captchaSpent });
