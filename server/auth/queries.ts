/**
 * Identity queries, before there is a caller to scope by: the user behind a login, the user and
 * permissions behind a token, revoked tokens. With `scoped.ts` and the records engine, the only
 * raw SQL of the server.
 */
import { sql } from 'drizzle-orm';
import type { Exec, Row } from '../records/exec.js';
import { idArray } from '../db/sql.js';

/**
 * The not-trashed user with this e-mail (trimmed, lowercased), with role, studio and session
 * epoch; or undefined. E-mails are unique across the product (index `users_email_uq` on the same
 * expression), so there is at most one; a row another studio added with an e-mail that was
 * already this one's (`email_elsewhere`) is outside the index and never logs in.
 */
export async function userForLogin(exec: Exec, email: string): Promise<Row | undefined> {
  const rows =
    await exec(sql`SELECT u."id", u."name", u."email", u."password", u."active", u."credit"::text AS "credit", u."avatar",
      u."studio_id", r."name" AS "role", s."name" AS "studio_name", to_char(s."subscription_expire_date", 'YYYY-MM-DD') AS "subscription_expire_date",
      coalesce(e."epoch", 0) AS "session_epoch"
    FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id"
      LEFT JOIN "session_epochs" e ON e."user_id" = u."id"
    WHERE lower(trim(u."email")) = ${email.trim().toLowerCase()} AND u."email_elsewhere" IS NOT TRUE AND u."deleted_at" IS NULL AND s."deleted_at" IS NULL
    ORDER BY u."id" LIMIT 1`);
  return rows[0];
}

/**
 * A password change or reset: the user's tokens issued before it stop working, except the one
 * given (the session that changed its own password; null when someone else reset it).
 */
export async function endOtherSessions(exec: Exec, userId: number, keptJti: string | null) {
  await exec(sql`INSERT INTO "session_epochs" ("user_id", "epoch", "kept_jti") VALUES (${userId}, 1, ${keptJti})
    ON CONFLICT ("user_id") DO UPDATE SET "epoch" = "session_epochs"."epoch" + 1, "kept_jti" = EXCLUDED."kept_jti"`);
}

/** Revokes a token until it expires (`expires`: 'YYYY-MM-DD HH:MM:SS'); drops long-expired revocations. */
export async function revokeToken(exec: Exec, jti: string, expires: string) {
  await exec(
    sql`INSERT INTO "revoked_tokens" ("jti", "expires_at") VALUES (${jti}, ${expires}::timestamp) ON CONFLICT DO NOTHING`,
  );
  await exec(sql`DELETE FROM "revoked_tokens" WHERE "expires_at" < LOCALTIMESTAMP - interval '1 day'`);
}

/**
 * The active user of a token that is not revoked nor from an earlier session epoch (`epoch`: the
 * token's `sv`), with role and studio (and whether its subscription expired).
 */
export async function sessionUser(exec: Exec, id: number, jti: string, epoch: number): Promise<Row | undefined> {
  const rows =
    await exec(sql`SELECT u."id", u."name", u."email", u."studio_id", u."role_id", r."name" AS "role", s."name" AS "studio_name",
      (s."subscription_expire_date" IS NOT NULL AND s."subscription_expire_date" < (now() AT TIME ZONE 'Europe/Rome')::date) AS "expired"
    FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id"
      LEFT JOIN "session_epochs" e ON e."user_id" = u."id"
    WHERE u."id" = ${id} AND u."active" AND u."deleted_at" IS NULL AND s."deleted_at" IS NULL
      AND (e."user_id" IS NULL OR e."epoch" <= ${epoch} OR e."kept_jti" = ${jti})
      AND NOT EXISTS (SELECT 1 FROM "revoked_tokens" x WHERE x."jti" = ${jti})`);
  return rows[0];
}

/** The permission names granted to a role. */
export async function rolePermissions(exec: Exec, roleId: number): Promise<Set<string>> {
  const rows = await exec(
    sql`SELECT p."name" FROM "role_permissions" rp JOIN "permissions" p ON p."id" = rp."permission_id" WHERE rp."role_id" = ${roleId}`,
  );
  return new Set(rows.map((r) => String(r.name)));
}

/** The names of some roles or permissions (the built-in ones are protected: server/models/Role.ts). */
export async function namesByIds(exec: Exec, table: 'roles' | 'permissions', ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await exec(sql`SELECT "name" FROM ${sql.identifier(table)} WHERE "id" = ANY(${idArray(ids)})`)).map((r) =>
    String(r.name),
  );
}

/** A studio's name ('' when there is none). */
export async function studioName(exec: Exec, studioId: number): Promise<string> {
  const [studio] = await exec(sql`SELECT "name" FROM "studios" WHERE "id" = ${studioId}`);
  return String(studio?.name ?? '');
}
