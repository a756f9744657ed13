/**
 * Limits shared by every process on the database (issue 27 item 5): two processes behind a
 * balancer give an attacker no more tries than one, and a restart forgets nothing.
 *
 * - `dbLimiters`: rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres) over the
 *   server's own connection — PGlite or PostgreSQL alike — on the `rate_limits` table the
 *   migrations make (server/auth/tables.ts); the login guard and the public forms' per-e-mail
 *   limit count there.
 * - `dbRateLimitStore`: the same table as the store of @fastify/rate-limit, so that the per-route
 *   limits (login per address and e-mail, the public forms per address) are shared too: one
 *   atomic upsert per request.
 * - `dbSpentChallenges`: the captcha's solved challenges, each accepted once by one process.
 *
 * Keys longer than a bound are hashed: a key is made of what a caller sends (an e-mail).
 */
import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/connection.js';
import './tables.js';

export interface LimiterOptions {
  keyPrefix: string;
  /** how many within the window */
  points: number;
  /** the window, in seconds */
  duration: number;
}
/** makes the limiters of a guard: in the database (the server) or in memory (unit tests) */
export type LimiterOf = (o: LimiterOptions) => RateLimiterAbstract | RateLimiterStoreAbstract;

/** a key of bounded length: what a caller sent, hashed when long */
export const boundedKey = (key: string) =>
  key.length <= 160 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * rate-limiter-flexible's PostgreSQL store speaks to a client with `query({ text, values })`
 * answering `{ rows, rowCount }`; this one runs it on the server's connection (numbers for the
 * bigint column, which node-postgres answers as text and PGlite as bigint).
 */
function storeClient(database: Database) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = (await database.query<{ points?: unknown; expire?: unknown }>(q.text, q.values ?? [])).map((r) => ({
        ...r,
        points: num(r.points),
        expire: num(r.expire),
      }));
      return { rows, rowCount: rows.length };
    },
  };
}

export const dbLimiters =
  (database: Database): LimiterOf =>
  (o) =>
    new RateLimiterPostgres({
      ...o,
      storeClient: storeClient(database),
      storeType: 'client',
      tableName: 'rate_limits',
      // made by the migrations; expired rows are deleted by sweepLimits
      tableCreated: true,
      clearExpiredByTimeout: false,
    });

export const memoryLimiters: LimiterOf = (o) => new RateLimiterMemory(o);

interface RouteLimitParams {
  routeInfo?: { method?: string | string[]; url?: string };
}
type Incr = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (its `store` option: a class made with the plugin's options,
 * a child per route) counting in `rate_limits`. One statement: the window starts again once
 * expired, else the counter goes up by one — atomic on both databases.
 */
export function dbRateLimitStore(database: Database) {
  return class DbRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = 'route',
    ) {}

    incr(key: string, cb: Incr, timeWindow: number) {
      const now = Date.now();
      database
        .query<{ points: unknown; expire: unknown }>(
          `INSERT INTO "rate_limits" AS r ("key", "points", "expire") VALUES ($1, 1, $3)
           ON CONFLICT ("key") DO UPDATE SET
             "points" = CASE WHEN r."expire" <= $2 THEN 1 ELSE r."points" + 1 END,
             "expire" = CASE WHEN r."expire" <= $2 THEN $3 ELSE r."expire" END
           RETURNING "points", "expire"`,
          [boundedKey(`${this.route}:${key}`), now, now + timeWindow],
        )
        .then(([row]) => cb(null, { current: Number(row!.points), ttl: Math.max(0, Number(row!.expire) - now) }))
        .catch((err: Error) => cb(err));
    }

    // the plugin passes the route's merged limit options, its route under `routeInfo` (its
    // typings say the route itself)
    child(params: object) {
      const r = (params as RouteLimitParams).routeInfo ?? {};
      return new DbRateLimitStore(undefined, `${[r.method].flat().join(',')} ${r.url ?? ''}`);
    }
  };
}

/** The captcha's solved challenges: each signature is accepted once, whichever process sees it. */
export interface SpentChallenges {
  has(signature: string): Promise<boolean>;
  /** true for the first caller with this signature, false for every later one */
  spend(signature: string, until: number): Promise<boolean>;
}

export function dbSpentChallenges(database: Database): SpentChallenges {
  return {
    async has(signature) {
      const rows = await database.query(`SELECT 1 FROM "captcha_spent" WHERE "signature" = $1`, [
        boundedKey(signature),
      ]);
      return rows.length > 0;
    },
    async spend(signature, until) {
      const rows = await database.query(
        `INSERT INTO "captcha_spent" ("signature", "expire") VALUES ($1, $2)
         ON CONFLICT ("signature") DO NOTHING RETURNING 1`,
        [boundedKey(signature), until],
      );
      return rows.length === 1;
    },
  };
}

/** Deletes the counters and spent challenges that no longer count (every hour, server/app.ts). */
export async function sweepLimits(database: Database, now = Date.now()) {
  await database.query(`DELETE FROM "rate_limits" WHERE "expire" < $1`, [now]);
  await database.query(`DELETE FROM "captcha_spent" WHERE "expire" < $1`, [now]);
}
