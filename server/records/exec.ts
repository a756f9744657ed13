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

/** Runs `fn` in one database transaction. */
export function inTransaction<T>(d: Database, fn: (exec: Exec) => Promise<T>): Promise<T> {
  return d.db.transaction(async (tx) => fn(execOn(tx as unknown as Db)));
}
