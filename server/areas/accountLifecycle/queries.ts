/**
 * The account lifecycle's statements (PRODUCT.md §7): a registered studio with its inactive
 * Admin, the one-time links (activation, password reset: only their SHA-256 is stored), their use
 * (once, before they expire), the activation and the new password.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';

export type AccountTokenKind = 'activation' | 'reset';

/**
 * A studio on a trial until `expiry` and its Admin, not active until the activation link is
 * followed; `userId` null when the e-mail already has an account (the unique index on it
 * decides, also against a registration committed meanwhile: the caller rolls the studio back).
 */
export async function insertRegisteredStudio(
  exec: Exec,
  r: {
    studioName: string;
    email: string;
    mobile: string | null;
    userName: string;
    passwordHash: string;
    adminRoleId: number;
    expiry: string;
  },
): Promise<{ studioId: number; userId: number | null }> {
  const [s] =
    await exec(sql`INSERT INTO "studios" ("name", "email", "mobile_number", "status", "subscription_expire_date")
    VALUES (${r.studioName}, ${r.email}, ${r.mobile}, 1, ${r.expiry}) RETURNING "id"`);
  const studioId = Number(s!.id);
  const [u] = await exec(sql`INSERT INTO "users" ("studio_id", "role_id", "name", "email", "password", "active")
    VALUES (${studioId}, ${r.adminRoleId}, ${r.userName}, ${r.email}, ${r.passwordHash}, FALSE) ON CONFLICT DO NOTHING RETURNING "id"`);
  return { studioId, userId: u ? Number(u.id) : null };
}

export async function roleId(exec: Exec, name: string): Promise<number> {
  const [r] = await exec(sql`SELECT "id" FROM "roles" WHERE "name" = ${name}`);
  if (!r) throw new Error(`no role ${name}`);
  return Number(r.id);
}

/** A new link of `kind` for the user, valid `hours`; earlier unused links of that kind stop working. */
export async function insertAccountToken(
  exec: Exec,
  userId: number,
  kind: AccountTokenKind,
  tokenHash: string,
  hours: number,
) {
  await exec(
    sql`UPDATE "account_tokens" SET "used_at" = LOCALTIMESTAMP(0) WHERE "user_id" = ${userId} AND "kind" = ${kind} AND "used_at" IS NULL`,
  );
  await exec(sql`INSERT INTO "account_tokens" ("user_id", "kind", "token_hash", "expires_at", "created_at")
    VALUES (${userId}, ${kind}, ${tokenHash}, LOCALTIMESTAMP(0) + make_interval(hours => ${hours}::int), LOCALTIMESTAMP(0))`);
}

export type TokenUse =
  { ok: true; userId: number; email: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Uses a link once: the user it belongs to, or why not (unknown, already used, expired); with
 * `email`, only that user's link. The link's row is locked, so two requests with one link cannot
 * both use it.
 */
export async function useAccountToken(
  exec: Exec,
  kind: AccountTokenKind,
  tokenHash: string,
  email?: string,
): Promise<TokenUse> {
  const [t] =
    await exec(sql`SELECT t."id", t."user_id", t."used_at" IS NOT NULL AS "used", t."expires_at" <= LOCALTIMESTAMP AS "expired", u."email"
    FROM "account_tokens" t JOIN "users" u ON u."id" = t."user_id"
    WHERE t."token_hash" = ${tokenHash} AND t."kind" = ${kind} AND u."deleted_at" IS NULL FOR UPDATE OF t`);
  // a link of another account is no link for this one (and is not spent by the attempt)
  if (!t || (email !== undefined && String(t.email).trim().toLowerCase() !== email))
    return { ok: false, reason: 'unknown' };
  if (t.used) return { ok: false, reason: 'used' };
  if (t.expired) return { ok: false, reason: 'expired' };
  await exec(sql`UPDATE "account_tokens" SET "used_at" = LOCALTIMESTAMP(0) WHERE "id" = ${t.id}`);
  return { ok: true, userId: Number(t.user_id), email: String(t.email) };
}

export async function activateUser(exec: Exec, userId: number) {
  await exec(
    sql`UPDATE "users" SET "active" = TRUE, "updated_at" = clock_timestamp()::timestamp WHERE "id" = ${userId}`,
  );
}

export async function setUserPassword(exec: Exec, userId: number, passwordHash: string) {
  await exec(
    sql`UPDATE "users" SET "password" = ${passwordHash}, "updated_at" = clock_timestamp()::timestamp WHERE "id" = ${userId}`,
  );
}
