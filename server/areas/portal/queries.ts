/**
 * The SQL of the customers' own area's access (issue 50): people, their accesses to customers'
 * areas, the one-time links and the sessions. The studio's side is always scoped to its studio; the
 * area's side to the session's person and chosen access. Times are compared in the database
 * (LOCALTIMESTAMP, the tables' Rome wall clock), so every process agrees.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { PortalPerson } from '../../../model/api/portal.js';
import { SESSION_IDLE_MINUTES } from '../../../model/portal.js';

const num = (v: unknown) => Number(v);
const str = (v: unknown) => (v == null ? null : String(v));
const stamp = (v: unknown) => (v == null ? null : String(v).slice(0, 19));

/** A customer of the studio, not trashed, with its name; null when it is not the studio's. */
export async function portalCustomer(exec: Exec, studioId: number, customerId: number) {
  const [r] = await exec(sql`SELECT "id", "business_name", "deleted_at" IS NOT NULL AS "trashed"
    FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`);
  return r ? { id: num(r.id), name: String(r.business_name ?? ''), trashed: r.trashed === true } : null;
}

/** The sessions still open of an access (not ended, not idle too long, not past their end). */
const openSessions = sql`SELECT count(*) FROM "portal_sessions" s
  WHERE s."access_id" = a."id" AND s."ended_at" IS NULL AND s."expires_at" > LOCALTIMESTAMP
    AND s."last_seen_at" > LOCALTIMESTAMP - make_interval(mins => ${SESSION_IDLE_MINUTES})`;

/** The people of a customer's area, the active first, then by e-mail. */
export async function peopleOf(exec: Exec, studioId: number, customerId: number): Promise<PortalPerson[]> {
  const rows = await exec(sql`SELECT a."id" AS "access_id", p."id" AS "person_id", p."email", a."name",
      a."invited_at", a."invited_by_name", a."last_login_at", a."revoked_at",
      (${openSessions})::int AS "sessions",
      EXISTS (SELECT 1 FROM "portal_passwords" pw WHERE pw."person_id" = p."id" AND pw."studio_id" = a."studio_id") AS "has_password"
    FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id"
    WHERE a."studio_id" = ${studioId} AND a."customer_id" = ${customerId}
    ORDER BY a."revoked_at" IS NOT NULL, p."email"`);
  return rows.map((r) => ({
    access_id: num(r.access_id),
    person_id: num(r.person_id),
    email: String(r.email),
    name: str(r.name),
    status: r.revoked_at ? 'revocato' : r.last_login_at ? 'attivo' : 'invitato',
    invited_at: stamp(r.invited_at)!,
    invited_by_name: str(r.invited_by_name),
    last_login_at: stamp(r.last_login_at),
    revoked_at: stamp(r.revoked_at),
    sessions: num(r.sessions),
    has_password: r.has_password === true,
  }));
}

/** How many people (not revoked) a customer's area has. */
export async function activePeopleCount(exec: Exec, studioId: number, customerId: number): Promise<number> {
  const [r] = await exec(sql`SELECT count(*)::int AS "n" FROM "portal_access"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "revoked_at" IS NULL`);
  return num(r?.n ?? 0);
}

/** The person of an e-mail address, made when new; answers his id. */
export async function personOf(exec: Exec, email: string): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "portal_people" ("email") VALUES (${email})
    ON CONFLICT ("email") DO UPDATE SET "email" = EXCLUDED."email" RETURNING "id"`);
  return num(r!.id);
}

/**
 * The person's access to the customer's area: made when new, given again when it was revoked (the
 * name kept unless a new one is given). Answers its id.
 */
export async function grantAccess(
  exec: Exec,
  a: { studioId: number; customerId: number; personId: number; name: string | null; by: number; byName: string },
): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "portal_access"
      ("studio_id", "customer_id", "person_id", "name", "invited_by", "invited_by_name")
    VALUES (${a.studioId}, ${a.customerId}, ${a.personId}, ${a.name}, ${a.by}, ${a.byName})
    ON CONFLICT ("customer_id", "person_id") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "portal_access"."name"),
      "invited_at" = LOCALTIMESTAMP, "invited_by" = EXCLUDED."invited_by",
      "invited_by_name" = EXCLUDED."invited_by_name", "revoked_at" = NULL, "revoked_by_name" = NULL
    RETURNING "id"`);
  return num(r!.id);
}

/** An access of the studio's customer, with its person's e-mail. */
export async function accessOf(exec: Exec, studioId: number, customerId: number, accessId: number) {
  const [r] = await exec(sql`SELECT a."id", a."person_id", a."revoked_at", a."name", p."email"
    FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id"
    WHERE a."id" = ${accessId} AND a."studio_id" = ${studioId} AND a."customer_id" = ${customerId}`);
  return r
    ? {
        id: num(r.id),
        personId: num(r.person_id),
        revoked: r.revoked_at != null,
        name: str(r.name),
        email: String(r.email),
      }
    : null;
}

/** Revokes an access and ends its sessions (answers whether it was active). */
export async function revokeAccess(exec: Exec, accessId: number, byName: string): Promise<boolean> {
  const rows = await exec(sql`UPDATE "portal_access" SET "revoked_at" = LOCALTIMESTAMP, "revoked_by_name" = ${byName}
    WHERE "id" = ${accessId} AND "revoked_at" IS NULL RETURNING "id"`);
  await endAccessSessions(exec, accessId);
  // links not used yet of this access are spent too
  await exec(sql`UPDATE "portal_links" SET "used_at" = LOCALTIMESTAMP
    WHERE "access_id" = ${accessId} AND "used_at" IS NULL`);
  return rows.length > 0;
}

/** Ends the open sessions in an access's area; answers how many. */
export async function endAccessSessions(exec: Exec, accessId: number): Promise<number> {
  const rows = await exec(sql`UPDATE "portal_sessions" SET "ended_at" = LOCALTIMESTAMP
    WHERE "access_id" = ${accessId} AND "ended_at" IS NULL RETURNING "id"`);
  return rows.length;
}

/** A one-time link of a person (only its hash is kept), valid for `minutes`. */
export async function insertLink(
  exec: Exec,
  l: {
    personId: number;
    studioId: number;
    accessId: number | null;
    purpose: 'invito' | 'accesso';
    hash: string;
    minutes: number;
  },
) {
  await exec(sql`INSERT INTO "portal_links" ("person_id", "studio_id", "access_id", "purpose", "token_hash", "expires_at")
    VALUES (${l.personId}, ${l.studioId}, ${l.accessId}, ${l.purpose}, ${l.hash},
      LOCALTIMESTAMP + make_interval(mins => ${l.minutes}))`);
}

/** A link's state by its hash: not found, used, expired, or valid (with its person and access). */
export async function linkState(exec: Exec, hash: string) {
  const [r] = await exec(sql`SELECT "id", "person_id", "studio_id", "access_id", "used_at" IS NOT NULL AS "used",
      "expires_at" <= LOCALTIMESTAMP AS "expired"
    FROM "portal_links" WHERE "token_hash" = ${hash}`);
  if (!r) return { state: 'invalid' as const };
  if (r.used === true) return { state: 'used' as const };
  if (r.expired === true) return { state: 'expired' as const };
  return {
    state: 'valid' as const,
    id: num(r.id),
    personId: num(r.person_id),
    studioId: num(r.studio_id),
    accessId: r.access_id == null ? null : num(r.access_id),
  };
}

/** Spends a link, once: answers false when another request spent it first or it expired meanwhile. */
export async function spendLink(exec: Exec, id: number): Promise<boolean> {
  const rows = await exec(sql`UPDATE "portal_links" SET "used_at" = LOCALTIMESTAMP
    WHERE "id" = ${id} AND "used_at" IS NULL AND "expires_at" > LOCALTIMESTAMP RETURNING "id"`);
  return rows.length > 0;
}

/** The areas a person may enter now in the studios given: his accesses not revoked, to customers not trashed. */
export async function activeAccesses(exec: Exec, personId: number, studios: number[]) {
  const rows =
    await exec(sql`SELECT a."id", a."studio_id", a."customer_id", c."business_name", s."name" AS "studio_name"
    FROM "portal_access" a
      JOIN "customers" c ON c."id" = a."customer_id" AND c."deleted_at" IS NULL
      JOIN "studios" s ON s."id" = a."studio_id"
    WHERE a."person_id" = ${personId} AND a."revoked_at" IS NULL AND a."studio_id" = ANY(${idArray(studios)})
    ORDER BY s."name", c."business_name", a."id"`);
  return rows.map((r) => ({
    id: num(r.id),
    studioId: num(r.studio_id),
    customerId: num(r.customer_id),
    customerName: String(r.business_name ?? ''),
    studioName: String(r.studio_name ?? ''),
  }));
}

/** A person by e-mail (lowercase). */
export async function personByEmail(exec: Exec, email: string) {
  const [r] = await exec(sql`SELECT "id" FROM "portal_people" WHERE "email" = ${email}`);
  return r ? { id: num(r.id) } : null;
}

/** The studios where a person has an active access, each with the password he chose there (null if none). */
export async function personStudios(exec: Exec, personId: number) {
  const rows = await exec(sql`SELECT DISTINCT a."studio_id", pw."password_hash" FROM "portal_access" a
      LEFT JOIN "portal_passwords" pw ON pw."person_id" = a."person_id" AND pw."studio_id" = a."studio_id"
    WHERE a."person_id" = ${personId} AND a."revoked_at" IS NULL ORDER BY a."studio_id"`);
  return rows.map((r) => ({ studioId: num(r.studio_id), passwordHash: str(r.password_hash) }));
}

/** A new session of a person (in the access when known), for `hours` at most. */
export async function insertSession(
  exec: Exec,
  s: {
    personId: number;
    accessId: number | null;
    hash: string;
    studios: number[];
    hours: number;
    ip: string | null;
    agent: string | null;
  },
) {
  await exec(sql`INSERT INTO "portal_sessions" ("person_id", "access_id", "sid_hash", "studios", "expires_at", "ip", "user_agent")
    VALUES (${s.personId}, ${s.accessId}, ${s.hash}, ${idArray(s.studios)}, LOCALTIMESTAMP + make_interval(hours => ${s.hours}),
      ${s.ip?.slice(0, 64) ?? null}, ${s.agent?.slice(0, 300) ?? null})`);
}

/** The access's last login: now. */
export async function touchLogin(exec: Exec, accessId: number) {
  await exec(sql`UPDATE "portal_access" SET "last_login_at" = LOCALTIMESTAMP WHERE "id" = ${accessId}`);
}

/**
 * The session of a cookie's hash when it is open: not ended, not past its end, not idle too long,
 * within the studios it may enter; with its chosen access when that access is still active (else
 * `access` null). Marks it seen (at most once a minute).
 */
export async function openSession(exec: Exec, hash: string) {
  const [r] = await exec(sql`SELECT s."id", s."person_id", s."access_id", s."studios", p."email",
      s."last_seen_at" < LOCALTIMESTAMP - interval '1 minute' AS "stale",
      a."id" AS "live_access", a."studio_id", a."customer_id", a."name" AS "person_name", c."business_name", st."name" AS "studio_name"
    FROM "portal_sessions" s
      JOIN "portal_people" p ON p."id" = s."person_id"
      LEFT JOIN "portal_access" a ON a."id" = s."access_id" AND a."revoked_at" IS NULL
        AND a."studio_id" = ANY(s."studios")
      LEFT JOIN "customers" c ON c."id" = a."customer_id" AND c."deleted_at" IS NULL
      LEFT JOIN "studios" st ON st."id" = a."studio_id"
    WHERE s."sid_hash" = ${hash} AND s."ended_at" IS NULL AND s."expires_at" > LOCALTIMESTAMP
      AND s."last_seen_at" > LOCALTIMESTAMP - make_interval(mins => ${SESSION_IDLE_MINUTES})`);
  if (!r) return null;
  if (r.stale === true)
    await exec(sql`UPDATE "portal_sessions" SET "last_seen_at" = LOCALTIMESTAMP WHERE "id" = ${r.id}`);
  const chosen = r.access_id != null;
  const live = r.live_access != null && r.business_name != null;
  return {
    id: num(r.id),
    personId: num(r.person_id),
    email: String(r.email),
    studios: (r.studios as unknown[]).map(num),
    /** an access was chosen and it is no longer active: the session is over */
    lost: chosen && !live,
    access: live
      ? {
          id: num(r.live_access),
          studioId: num(r.studio_id),
          customerId: num(r.customer_id),
          customerName: String(r.business_name ?? ''),
          studioName: String(r.studio_name ?? ''),
          personName: str(r.person_name),
        }
      : null,
  };
}

export async function chooseAccess(exec: Exec, sessionId: number, accessId: number) {
  await exec(sql`UPDATE "portal_sessions" SET "access_id" = ${accessId} WHERE "id" = ${sessionId}`);
}

export async function endSession(exec: Exec, sessionId: number) {
  await exec(
    sql`UPDATE "portal_sessions" SET "ended_at" = LOCALTIMESTAMP WHERE "id" = ${sessionId} AND "ended_at" IS NULL`,
  );
}

/** A new password of a person for a studio's area: the person's other sessions that may enter that studio end. */
export async function setPassword(exec: Exec, personId: number, studioId: number, hash: string, keepSession: number) {
  await exec(sql`INSERT INTO "portal_passwords" ("person_id", "studio_id", "password_hash") VALUES (${personId}, ${studioId}, ${hash})
    ON CONFLICT ("person_id", "studio_id") DO UPDATE SET "password_hash" = EXCLUDED."password_hash", "updated_at" = LOCALTIMESTAMP`);
  await exec(sql`UPDATE "portal_sessions" SET "ended_at" = LOCALTIMESTAMP
    WHERE "person_id" = ${personId} AND ${studioId} = ANY("studios") AND "id" <> ${keepSession} AND "ended_at" IS NULL`);
}
