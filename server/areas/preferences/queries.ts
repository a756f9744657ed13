/**
 * A user's own preferences kept on the server (issue 16: each list's saved views and chosen
 * columns), one JSON value per key in `user_preferences`. Every statement is scoped to one user.
 */
import { sql } from 'drizzle-orm';
import type { JSONType } from 'zod';
import type { Exec } from '../../records/exec.js';

/** Every preference of the user, by key. */
export async function preferencesOf(exec: Exec, userId: number): Promise<Record<string, JSONType>> {
  const rows = await exec<{ key: string; value: JSONType }>(
    sql`SELECT "key", "value" FROM "user_preferences" WHERE "user_id" = ${userId} ORDER BY "key"`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** How many keys the user keeps besides `key`. */
export async function otherPreferenceCount(exec: Exec, userId: number, key: string): Promise<number> {
  const [r] = await exec(
    sql`SELECT COUNT(*)::int AS "n" FROM "user_preferences" WHERE "user_id" = ${userId} AND "key" <> ${key}`,
  );
  return Number(r?.n ?? 0);
}

/** Writes one preference (`json`: the value already serialized), created or replaced; answers when it was saved. */
export async function savePreference(exec: Exec, userId: number, key: string, json: string): Promise<string> {
  const [r] = await exec(sql`INSERT INTO "user_preferences" ("user_id", "key", "value", "updated_at")
    VALUES (${userId}, ${key}, ${json}::jsonb, LOCALTIMESTAMP)
    ON CONFLICT ("user_id", "key") DO UPDATE SET "value" = EXCLUDED."value", "updated_at" = EXCLUDED."updated_at"
    RETURNING "updated_at"::text AS "updated_at"`);
  return String(r?.updated_at ?? '');
}

/** Removes one preference; answers whether there was one. */
export async function deletePreference(exec: Exec, userId: number, key: string): Promise<boolean> {
  const rows = await exec(
    sql`DELETE FROM "user_preferences" WHERE "user_id" = ${userId} AND "key" = ${key} RETURNING 1 AS "gone"`,
  );
  return rows.length > 0;
}
