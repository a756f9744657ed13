/**
 * The messages of the customers' area (issue 50 item 5): one thread per customer between its people
 * and the studio's staff, with files (checked, scanned and stored as the documents' files are). A new
 * message is notified by e-mail through the outbox — to the customer's people when the studio writes,
 * to the customer's collaborators (else the studio's address) when a person writes — and the e-mail
 * never carries the message's text, only that there is one and where to read it. Each side's reading
 * is remembered (the last message read): the studio's list of unread threads and its home page count,
 * the area's badge.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Exec } from '../../records/exec.js';
import { HttpError } from '../../errors.js';
import {
  MESSAGE_FILES_MAX,
  MESSAGE_MAX_CHARS,
  MESSAGE_MESSAGES as M,
  UPLOAD_CUSTOMER_MAX_BYTES,
  UPLOAD_FILE_MAX_BYTES,
  REQUEST_MESSAGES,
} from '../../../model/portal.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { checkFile, scanFile, type CheckedFile } from './files.js';
import { insertFile } from './requestQueries.js';
import { portalUrl } from './access.js';

export interface MessageRow {
  id: number;
  side: 'cliente' | 'studio';
  author_name: string;
  body: string;
  created_at: string;
  files: Array<{ id: number; filename: string; size: number; scan: string }>;
}

const invalid = (field: string, message: string, status = 422) =>
  new HttpError(status, message, { [field]: [message] });

/** The message's text checked: not empty, at most MESSAGE_MAX_CHARS (never cut). */
export function messageText(raw: unknown): string {
  const body = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (!body) throw invalid('body', M.empty);
  if (body.length > MESSAGE_MAX_CHARS) throw invalid('body', M.tooLong);
  return body;
}

/** The thread of a customer, oldest first (the latest `limit`), with each message's files. */
export async function threadOf(exec: Exec, studioId: number, customerId: number, limit = 200): Promise<MessageRow[]> {
  const rows =
    await exec(sql`SELECT * FROM (SELECT "id", "side", "author_name", "body", "created_at" FROM "portal_messages"
      WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} ORDER BY "id" DESC LIMIT ${limit}) m ORDER BY "id"`);
  const ids = rows.map((r) => Number(r.id));
  const files = ids.length
    ? await exec(sql`SELECT "id", "message_id", "filename", "size", "scan" FROM "portal_files"
        WHERE "studio_id" = ${studioId} AND "message_id" = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY "id"`)
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

/**
 * Writes a message (and its files) and notifies the other side by e-mail, in one transaction; files
 * are checked and scanned before (an infected one refuses the message: nothing written).
 */
export async function postMessage(
  deps: AppDeps,
  m: {
    studioId: number;
    customerId: number;
    side: 'cliente' | 'studio';
    personId: number | null;
    userId: number | null;
    authorName: string;
    body: unknown;
    files: Array<{ name: string; bytes: Buffer }>;
  },
): Promise<number> {
  const body = messageText(m.body);
  if (m.files.length > MESSAGE_FILES_MAX) throw invalid('file', M.tooManyFiles);
  for (const f of m.files)
    if (f.bytes.length > UPLOAD_FILE_MAX_BYTES) throw invalid('file', REQUEST_MESSAGES.fileTooLarge, 413);
  const checked: CheckedFile[] = [];
  for (const f of m.files) checked.push(await checkFile(f.name, f.bytes));
  const scanned: Array<CheckedFile & Awaited<ReturnType<typeof scanFile>>> = [];
  for (const c of checked) scanned.push({ ...c, ...(await scanFile(deps.settings, c.bytes)) });
  if (scanned.some((s) => s.scan === 'quarantena')) throw invalid('file', REQUEST_MESSAGES.infected);
  const keys: string[] = [];
  let mailIds: number[] = [];
  let id = 0;
  try {
    for (const s of scanned) keys.push(await deps.storage.put(s.bytes, 'portal'));
    await deps.tx(async (exec) => {
      if (scanned.length) {
        const [u] = await exec(sql`SELECT COALESCE(sum("size"), 0)::bigint AS "bytes" FROM "portal_files"
          WHERE "studio_id" = ${m.studioId} AND "customer_id" = ${m.customerId} AND "rejected" = 0`);
        const adding = scanned.reduce((n, s) => n + s.bytes.length, 0);
        if (Number(u?.bytes ?? 0) + adding > UPLOAD_CUSTOMER_MAX_BYTES)
          throw invalid('file', REQUEST_MESSAGES.customerFull, 413);
      }
      const [row] =
        await exec(sql`INSERT INTO "portal_messages" ("studio_id", "customer_id", "side", "person_id", "user_id", "author_name", "body")
        VALUES (${m.studioId}, ${m.customerId}, ${m.side}, ${m.personId}, ${m.userId}, ${m.authorName.slice(0, 254)}, ${body})
        RETURNING "id"`);
      id = Number(row!.id);
      for (const [i, s] of scanned.entries()) {
        const fileId = await insertFile(exec, {
          studioId: m.studioId,
          customerId: m.customerId,
          itemId: null,
          origin: m.side,
          filename: s.filename,
          contentType: s.contentType,
          kind: s.kind,
          size: s.bytes.length,
          sha256: createHash('sha256').update(s.bytes).digest('hex'),
          key: keys[i]!,
          scan: s.scan,
          scanResult: s.result,
          personId: m.personId,
          byName: m.authorName,
        });
        await exec(sql`UPDATE "portal_files" SET "message_id" = ${id} WHERE "id" = ${fileId}`);
      }
      // the writer has read his own thread up to his message
      const readCol = m.side === 'studio' ? sql`"studio_read_id"` : sql`"customer_read_id"`;
      await exec(sql`INSERT INTO "portal_threads" ("studio_id", "customer_id", "last_message_id", "last_at", "last_side", ${readCol})
        VALUES (${m.studioId}, ${m.customerId}, ${id}, LOCALTIMESTAMP, ${m.side}, ${id})
        ON CONFLICT ("customer_id") DO UPDATE SET "last_message_id" = EXCLUDED."last_message_id", "last_at" = EXCLUDED."last_at",
          "last_side" = EXCLUDED."last_side", ${readCol} = EXCLUDED.${readCol}`);
      mailIds = await notify(exec, deps, m.studioId, m.customerId, m.side);
    });
  } catch (e) {
    await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return id;
}

/** The e-mails that tell the other side there is a new message (never its text). */
async function notify(exec: Exec, deps: AppDeps, studioId: number, customerId: number, from: 'cliente' | 'studio') {
  const studio = await studioMailData(exec, studioId);
  const [c] =
    await exec(sql`SELECT "business_name", "collaborator_accounting_id", "collaborator_studio_jobs_id" FROM "customers"
    WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`);
  const customerName = String(c?.business_name ?? '');
  let to: string[];
  let paragraphs: string[];
  if (from === 'studio') {
    const people =
      await exec(sql`SELECT p."email" FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id"
      WHERE a."studio_id" = ${studioId} AND a."customer_id" = ${customerId} AND a."revoked_at" IS NULL ORDER BY p."email"`);
    to = people.map((p) => String(p.email));
    paragraphs = [
      `${studio.name ?? 'Lo studio'} le ha scritto un messaggio nell'area clienti di ${customerName}.`,
      'Per leggerlo e rispondere entri nell’area clienti:',
      portalUrl(deps.settings.serverBaseUrl),
    ];
  } else {
    const staff = await exec(sql`SELECT DISTINCT u."email" FROM "users" u
      WHERE u."studio_id" = ${studioId} AND u."active" = true AND u."id" IN
        (${Number(c?.collaborator_accounting_id ?? 0)}, ${Number(c?.collaborator_studio_jobs_id ?? 0)})`);
    to = staff.length ? staff.map((s) => String(s.email)) : studio.email ? [studio.email] : [];
    paragraphs = [
      `${customerName} ha scritto un messaggio nell'area clienti.`,
      'Per leggerlo apra la scheda del cliente, sezione Area clienti, o l’elenco dei messaggi:',
      new URL('/messaggi_clienti', deps.settings.serverBaseUrl).toString(),
    ];
  }
  if (!to.length) return [];
  return enqueueMails(
    exec,
    to.map((addr) => {
      const text = mailLetter(
        studio,
        studio.name ?? 'Lo studio',
        addr,
        `Nuovo messaggio nell'area clienti – ${customerName}`,
        paragraphs,
      );
      return {
        studioId,
        kind: 'portal_message',
        to: [addr],
        subject: text.subject,
        text: text.text,
        html: text.html,
      };
    }),
  );
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
      ${f.search ? sql`AND c."business_name" ILIKE ${`%${f.search}%`}` : sql``}
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
