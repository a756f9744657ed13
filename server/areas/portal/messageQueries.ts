/**
 * The SQL of the customers' messages (issue 50 item 5): a customer's thread, each side's reading,
 * the studio's list of threads, and the writes of a message, its files and its thread's state.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { containing } from './requestQueries.js';

export interface MessageRow {
  id: number;
  side: 'cliente' | 'studio';
  author_name: string;
  body: string;
  created_at: string;
  files: Array<{ id: number; filename: string; size: number; scan: string }>;
}

/** The thread of a customer, oldest first (the latest `limit`), with each message's files. */
export async function threadOf(exec: Exec, studioId: number, customerId: number, limit = 200): Promise<MessageRow[]> {
  const rows =
    await exec(sql`SELECT * FROM (SELECT "id", "side", "author_name", "body", "created_at" FROM "portal_messages"
      WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} ORDER BY "id" DESC LIMIT ${limit}) m ORDER BY "id"`);
  const ids = rows.map((r) => Number(r.id));
  const files = ids.length
    ? await exec(sql`SELECT "id", "message_id", "filename", "size", "scan" FROM "portal_files"
        WHERE "studio_id" = ${studioId} AND "message_id" = ANY(${idArray(ids)}) ORDER BY "id"`)
    : [];
  return rows.map((r) => ({
    id: Number(r.id),
    side: r.side === 'studio' ? 'studio' : 'cliente',
    author_name: String(r.author_name),
    body: String(r.body),
    created_at: String(r.created_at).slice(0, 19),
    files: files
      .filter((f) => Number(f.message_id) === Number(r.id))
      .map((f) => ({ id: Number(f.id), filename: String(f.filename), size: Number(f.size), scan: String(f.scan) })),
  }));
}

/** Marks the thread read up to its last message by one side. */
export async function markRead(exec: Exec, studioId: number, customerId: number, side: 'cliente' | 'studio') {
  const col = side === 'studio' ? sql`"studio_read_id"` : sql`"customer_read_id"`;
  await exec(sql`UPDATE "portal_threads" SET ${col} = COALESCE("last_message_id", 0)
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND ${col} < COALESCE("last_message_id", 0)`);
}

/** Messages of the other side not read yet by `side` in a customer's thread. */
export async function unreadIn(exec: Exec, studioId: number, customerId: number, side: 'cliente' | 'studio') {
  const read = side === 'studio' ? sql`t."studio_read_id"` : sql`t."customer_read_id"`;
  const [r] = await exec(sql`SELECT count(*)::int AS "n" FROM "portal_messages" m
    LEFT JOIN "portal_threads" t ON t."customer_id" = m."customer_id"
    WHERE m."studio_id" = ${studioId} AND m."customer_id" = ${customerId} AND m."side" <> ${side} AND m."id" > COALESCE(${read}, 0)`);
  return Number(r?.n ?? 0);
}

/** The studio's threads, the unread first then by last message, with the unread count and the last message's start. */
export async function threadList(
  exec: Exec,
  studioId: number,
  f: { unread: boolean; search: string | null; limit: number; offset: number },
) {
  const rows = await exec(sql`SELECT t."customer_id", c."business_name", t."last_at", t."last_side",
      (SELECT count(*) FROM "portal_messages" m WHERE m."customer_id" = t."customer_id" AND m."side" = 'cliente' AND m."id" > t."studio_read_id")::int AS "unread",
      (SELECT left(m."body", 140) FROM "portal_messages" m WHERE m."id" = t."last_message_id") AS "last_body",
      (SELECT m."author_name" FROM "portal_messages" m WHERE m."id" = t."last_message_id") AS "last_author",
      count(*) OVER () AS "total"
    FROM "portal_threads" t JOIN "customers" c ON c."id" = t."customer_id" AND c."deleted_at" IS NULL
    WHERE t."studio_id" = ${studioId}
      ${f.unread ? sql`AND EXISTS (SELECT 1 FROM "portal_messages" m WHERE m."customer_id" = t."customer_id" AND m."side" = 'cliente' AND m."id" > t."studio_read_id")` : sql``}
      ${f.search ? sql`AND c."business_name" ILIKE ${containing(f.search)}` : sql``}
    ORDER BY ("last_side" = 'cliente' AND t."last_message_id" > t."studio_read_id") DESC, t."last_at" DESC
    LIMIT ${f.limit} OFFSET ${f.offset}`);
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    data: rows.map((r) => ({
      customer_id: Number(r.customer_id),
      customer_name: String(r.business_name ?? ''),
      last_at: String(r.last_at).slice(0, 19),
      last_side: (r.last_side === 'studio' ? 'studio' : 'cliente') as 'studio' | 'cliente',
      last_author: String(r.last_author ?? ''),
      last_body: String(r.last_body ?? ''),
      unread: Number(r.unread),
    })),
  };
}

/** Threads of the studio with messages of customers not read (the home page's count). */
export async function unreadThreads(exec: Exec, studioId: number): Promise<number> {
  const [r] =
    await exec(sql`SELECT count(*)::int AS "n" FROM "portal_threads" t JOIN "customers" c ON c."id" = t."customer_id" AND c."deleted_at" IS NULL
    WHERE t."studio_id" = ${studioId} AND EXISTS (SELECT 1 FROM "portal_messages" m
      WHERE m."customer_id" = t."customer_id" AND m."side" = 'cliente' AND m."id" > t."studio_read_id")`);
  return Number(r?.n ?? 0);
}

/** Bytes the customer keeps in the area (rejected files apart). */
export async function customerBytes(exec: Exec, studioId: number, customerId: number): Promise<number> {
  const [u] = await exec(sql`SELECT COALESCE(sum("size"), 0)::bigint AS "bytes" FROM "portal_files"
    WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "rejected" = 0`);
  return Number(u?.bytes ?? 0);
}

export async function insertMessage(
  exec: Exec,
  m: {
    studioId: number;
    customerId: number;
    side: 'cliente' | 'studio';
    personId: number | null;
    userId: number | null;
    authorName: string;
    body: string;
  },
): Promise<number> {
  const [row] =
    await exec(sql`INSERT INTO "portal_messages" ("studio_id", "customer_id", "side", "person_id", "user_id", "author_name", "body")
    VALUES (${m.studioId}, ${m.customerId}, ${m.side}, ${m.personId}, ${m.userId}, ${m.authorName.slice(0, 254)}, ${m.body})
    RETURNING "id"`);
  return Number(row!.id);
}

export async function attachToMessage(exec: Exec, fileId: number, messageId: number) {
  await exec(sql`UPDATE "portal_files" SET "message_id" = ${messageId} WHERE "id" = ${fileId}`);
}

/** The thread's last message is `id`, from `side`, who has read it (he wrote it). */
export async function touchThread(
  exec: Exec,
  studioId: number,
  customerId: number,
  side: 'cliente' | 'studio',
  id: number,
) {
  const readCol = side === 'studio' ? sql`"studio_read_id"` : sql`"customer_read_id"`;
  await exec(sql`INSERT INTO "portal_threads" ("studio_id", "customer_id", "last_message_id", "last_at", "last_side", ${readCol})
    VALUES (${studioId}, ${customerId}, ${id}, LOCALTIMESTAMP, ${side}, ${id})
    ON CONFLICT ("customer_id") DO UPDATE SET "last_message_id" = EXCLUDED."last_message_id", "last_at" = EXCLUDED."last_at",
      "last_side" = EXCLUDED."last_side", ${readCol} = EXCLUDED.${readCol}`);
}

/** Who is told of a customer's message: the customer's name and his collaborators' e-mails (active users of the studio). */
export async function customerStaff(exec: Exec, studioId: number, customerId: number) {
  const [c] =
    await exec(sql`SELECT "business_name", "collaborator_accounting_id", "collaborator_studio_jobs_id" FROM "customers"
    WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`);
  const staff = await exec(sql`SELECT DISTINCT u."email" FROM "users" u
    WHERE u."studio_id" = ${studioId} AND u."active" = true AND u."id" IN
      (${Number(c?.collaborator_accounting_id ?? 0)}, ${Number(c?.collaborator_studio_jobs_id ?? 0)})`);
  return { customerName: String(c?.business_name ?? ''), emails: staff.map((s) => String(s.email)) };
}
