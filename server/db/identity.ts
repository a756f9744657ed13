/**
 * Identity queries, before there is a caller to scope by: the user behind a login, the user and
 * permissions behind a token, revoked tokens. With `scoped.ts` and the records engine, the only
 * raw SQL of the server.
 */
import { sql } from 'drizzle-orm';
import type { Exec, Row } from '../records/exec.js';

/** The not-trashed user with this e-mail (trimmed, lowercased), with role and studio; or undefined. */
export async function userForLogin(exec: Exec, email: string): Promise<Row | undefined> {
  const rows = await exec(sql`SELECT u."id", u."name", u."email", u."password", u."active", u."credit"::text AS "credit", u."avatar",
      u."studio_id", r."name" AS "role", s."name" AS "studio_name", to_char(s."subscription_expire_date", 'YYYY-MM-DD') AS "subscription_expire_date"
    FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id"
    WHERE lower(u."email") = ${email} AND u."deleted_at" IS NULL AND s."deleted_at" IS NULL LIMIT 1`);
  return rows[0];
}

/** Revokes a token until it expires (`expires`: 'YYYY-MM-DD HH:MM:SS'); drops long-expired revocations. */
export async function revokeToken(exec: Exec, jti: string, expires: string) {
  await exec(sql`INSERT INTO "revoked_tokens" ("jti", "expires_at") VALUES (${jti}, ${expires}::timestamp) ON CONFLICT DO NOTHING`);
  await exec(sql`DELETE FROM "revoked_tokens" WHERE "expires_at" < LOCALTIMESTAMP - interval '1 day'`);
}

/** The active user of a token that is not revoked, with role and studio (and whether its subscription expired). */
export async function sessionUser(exec: Exec, id: number, jti: string): Promise<Row | undefined> {
  const rows = await exec(sql`SELECT u."id", u."name", u."email", u."studio_id", u."role_id", r."name" AS "role", s."name" AS "studio_name",
      (s."subscription_expire_date" IS NOT NULL AND s."subscription_expire_date" < (now() AT TIME ZONE 'Europe/Rome')::date) AS "expired"
    FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id"
    WHERE u."id" = ${id} AND u."active" AND u."deleted_at" IS NULL AND s."deleted_at" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "revoked_tokens" x WHERE x."jti" = ${jti})`);
  return rows[0];
}

/** The permission names granted to a role. */
export async function rolePermissions(exec: Exec, roleId: number): Promise<Set<string>> {
  const rows = await exec(sql`SELECT p."name" FROM "role_permissions" rp JOIN "permissions" p ON p."id" = rp."permission_id" WHERE rp."role_id" = ${roleId}`);
  return new Set(rows.map((r) => String(r.name)));
}
