import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/connection.js';

export type Row = Record<string, unknown>;
export type Exec = (q: SQL) => Promise<Row[]>;

export const execOn =
  (db: Db): Exec =>
  async (q) =>
    ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/** Runs `fn` in one database transaction. */
export function inTransaction<T>(d: Database, fn: (exec: Exec) => Promise<T>): Promise<T> {
  return d.db.transaction(async (tx) => fn(execOn(tx as unknown as Db)));
}
