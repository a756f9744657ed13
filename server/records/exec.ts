import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/connection.js';

export type Row = Record<string, unknown>;
/**
 * Runs a statement and answers its rows; `exec<T>(q)` names the rows' shape where the query's
 * columns make it known (the SQL is the one place that knows it).
 */
export type Exec = <T extends Row = Row>(q: SQL) => Promise<T[]>;

export const execOn =
  (db: Db): Exec =>
  async <T extends Row = Row>(q: SQL) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** How many times a transaction PostgreSQL chose as a deadlock's victim is run (issue 45 item 24). */
export const TRANSACTION_TRIES = 4;

/** A deadlock (40P01) or a serialization failure (40001): the transaction was rolled back whole and may run again. */
export function isRetryable(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `fn` in one database transaction. When PostgreSQL ends it as a deadlock's victim (or a
 * serialization failure) nothing of it was kept: it runs again, after a short random pause, up to
 * TRANSACTION_TRIES times — a caller never sees a 500 for a conflict the database resolved.
 */
export async function inTransaction<T>(d: Database, fn: (exec: Exec) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await d.db.transaction(async (tx) => fn(execOn(tx as unknown as Db)));
    } catch (e) {
      if (attempt >= TRANSACTION_TRIES || !isRetryable(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
