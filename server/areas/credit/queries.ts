/**
 * Users' credit balances (PRODUCT.md §7): moved by the ledger's rows in their own transaction,
 * exactly (numeric arithmetic in the database, never a float sum).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';

/** Adds `amount` (decimal text or number, may be negative) to a user's balance, or takes it away (`sign` -1). */
export async function addCredit(exec: Exec, userId: number, amount: string | number, sign: 1 | -1 = 1): Promise<void> {
  await exec(
    sql`UPDATE "users" SET "credit" = COALESCE("credit", 0) + ${sign}::int * ${String(amount)}::numeric WHERE "id" = ${userId}`,
  );
}

/** Takes the active (not trashed) ledger rows among `ids` out of their users' balances. */
export async function withdrawRows(exec: Exec, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await exec(sql`UPDATE "users" u SET "credit" = COALESCE(u."credit", 0) - s."total"
    FROM (SELECT "users_id", SUM("amount") AS "total" FROM "credit_transaction_logs"
      WHERE "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL GROUP BY "users_id") s
    WHERE u."id" = s."users_id"`);
}

/** A user's balance as exact decimal text. */
export async function creditOf(exec: Exec, userId: number): Promise<string> {
  const [r] = await exec(sql`SELECT COALESCE("credit", 0)::text AS "credit" FROM "users" WHERE "id" = ${userId}`);
  return String(r?.credit ?? '0');
}
