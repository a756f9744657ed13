/**
 * The SQL of the AML declaration to read and accept in the customers' area (issue 50 item 3), in
 * portal_acceptances (kind 'dichiarazione_aml'): a declaration stored as sent (the PDF's bytes and
 * SHA-256), the earlier ones not accepted marked withdrawn, the list with the first opening
 * (portal_openings, kind 'dichiarazione'), and the acceptance written once — only on a declaration
 * neither accepted nor withdrawn, so that a second acceptance or one of a replaced declaration
 * changes nothing. Always scoped to the studio and the customer.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import type { DeclarationState, PortalDeclaration } from '../../../model/api/portalDeclarations.js';

export const DECLARATION_KIND = 'dichiarazione_aml';

const str = (v: unknown) => (v == null ? null : String(v));
const stamp = (column: string) => sql.raw(`to_char(a."${column}", 'YYYY-MM-DD HH24:MI:SS') AS "${column}"`);

const stateOf = (r: Record<string, unknown>): DeclarationState =>
  r.accepted_at != null ? 'accettata' : r.withdrawn_at != null ? 'sostituita' : 'da_accettare';

/** Locks the customer's row: two declarations sent at once leave one of them in force. */
export async function lockCustomer(exec: Exec, studioId: number, customerId: number) {
  await exec(sql`SELECT "id" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId} FOR UPDATE`);
}

/** Marks withdrawn the customer's declarations neither accepted nor withdrawn yet. */
export async function withdrawPending(exec: Exec, studioId: number, customerId: number) {
  await exec(sql`UPDATE "portal_acceptances" SET "withdrawn_at" = LOCALTIMESTAMP
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "kind" = ${DECLARATION_KIND}
      AND "accepted_at" IS NULL AND "withdrawn_at" IS NULL`);
}

/** Stores a declaration as sent; answers its id. */
export async function insertDeclaration(
  exec: Exec,
  d: {
    studioId: number;
    customerId: number;
    title: string;
    filename: string;
    pdf: Buffer;
    sha256: string;
    by: number | null;
    byName: string | null;
    sentAt?: string;
  },
): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "portal_acceptances" ("studio_id", "customer_id", "kind", "title", "filename",
      "pdf", "sha256", "sent_by", "sent_by_name", "sent_at")
    VALUES (${d.studioId}, ${d.customerId}, ${DECLARATION_KIND}, ${d.title}, ${d.filename}, ${d.pdf}, ${d.sha256},
      ${d.by}, ${d.byName}, coalesce(${d.sentAt ?? null}::timestamp, LOCALTIMESTAMP))
    RETURNING "id"`);
  return Number(r!.id);
}

/** The customer's declarations, newest first, without their bytes; `pendingOnly`: the ones not withdrawn. */
export async function declarationRows(
  exec: Exec,
  studioId: number,
  customerId: number,
  pendingOnly = false,
): Promise<PortalDeclaration[]> {
  const rows = await exec(sql`SELECT a."id", a."title", a."filename", octet_length(a."pdf") AS "size", a."sha256",
      a."sent_by_name", ${stamp('sent_at')}, ${stamp('withdrawn_at')}, ${stamp('accepted_at')},
      a."accepted_name", a."accepted_email", a."accepted_ip", a."accepted_user_agent",
      to_char(o."first_opened_at", 'YYYY-MM-DD HH24:MI:SS') AS "first_opened_at", coalesce(o."times", 0) AS "opened_times"
    FROM "portal_acceptances" a
    LEFT JOIN "portal_openings" o ON o."customer_id" = a."customer_id" AND o."kind" = 'dichiarazione' AND o."ref_id" = a."id"
    WHERE a."studio_id" = ${studioId} AND a."customer_id" = ${customerId} AND a."kind" = ${DECLARATION_KIND}
      ${pendingOnly ? sql`AND a."withdrawn_at" IS NULL` : sql``}
    ORDER BY a."sent_at" DESC, a."id" DESC LIMIT 200`);
  return rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    filename: String(r.filename),
    size: Number(r.size),
    sha256: String(r.sha256),
    state: stateOf(r),
    sent_at: String(r.sent_at),
    sent_by_name: str(r.sent_by_name),
    withdrawn_at: str(r.withdrawn_at),
    first_opened_at: str(r.first_opened_at),
    opened_times: Number(r.opened_times),
    accepted_at: str(r.accepted_at),
    accepted_name: str(r.accepted_name),
    accepted_email: str(r.accepted_email),
    accepted_ip: str(r.accepted_ip),
    accepted_user_agent: str(r.accepted_user_agent),
  }));
}

/** How many of the customer's declarations wait to be accepted (the area's tile). */
export async function declarationsToAccept(exec: Exec, studioId: number, customerId: number): Promise<number> {
  const [r] = await exec(sql`SELECT count(*)::int AS "n" FROM "portal_acceptances"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "kind" = ${DECLARATION_KIND}
      AND "accepted_at" IS NULL AND "withdrawn_at" IS NULL`);
  return Number(r?.n ?? 0);
}

/** One declaration of the customer with its bytes, or null (another customer's, another studio's). */
export async function declarationOf(exec: Exec, studioId: number, customerId: number, id: number) {
  const [r] = await exec(sql`SELECT a."id", a."filename", a."pdf", a."sha256", a."sent_by_name", ${stamp('sent_at')},
      ${stamp('withdrawn_at')}, ${stamp('accepted_at')}, a."accepted_name", a."accepted_email", a."accepted_ip"
    FROM "portal_acceptances" a
    WHERE a."id" = ${id} AND a."studio_id" = ${studioId} AND a."customer_id" = ${customerId} AND a."kind" = ${DECLARATION_KIND}`);
  if (!r) return null;
  const pdf = r.pdf as Uint8Array | Buffer;
  return {
    id: Number(r.id),
    filename: String(r.filename),
    pdf: Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf),
    sha256: String(r.sha256),
    sent_at: String(r.sent_at),
    sent_by_name: str(r.sent_by_name),
    withdrawn_at: str(r.withdrawn_at),
    accepted_at: str(r.accepted_at),
    accepted_name: str(r.accepted_name),
    accepted_email: str(r.accepted_email),
    accepted_ip: str(r.accepted_ip),
  };
}
export type DeclarationRow = NonNullable<Awaited<ReturnType<typeof declarationOf>>>;

/** Records the acceptance, only of a declaration still to accept; answers whether it did. */
export async function markDeclarationAccepted(
  exec: Exec,
  id: number,
  a: { at: string; personId: number; name: string; email: string; ip: string | null; agent: string | null },
): Promise<boolean> {
  const rows = await exec(sql`UPDATE "portal_acceptances" SET "accepted_at" = ${a.at}::timestamp,
      "accepted_person_id" = ${a.personId}, "accepted_name" = ${a.name}, "accepted_email" = ${a.email},
      "accepted_ip" = ${a.ip}, "accepted_user_agent" = ${a.agent}
    WHERE "id" = ${id} AND "accepted_at" IS NULL AND "withdrawn_at" IS NULL RETURNING "id"`);
  return rows.length > 0;
}
