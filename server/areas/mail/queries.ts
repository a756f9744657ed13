/**
 * SQL of the mail outbox (PRODUCT.md §6, server/areas/mail): writing messages in the caller's
 * transaction, the worker's claim and outcome of each delivery, the sweep of messages that no
 * queued job carries, and the reads of the 'Posta in uscita' page scoped to a studio.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Exec, Row } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { MailStatus } from '../../../model/mail.js';

/** A message's studio, addresses and texts: what is written to the outbox and what is sent. */
interface MailContent {
  studioId: number | null;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** One message as it is written to the outbox. */
export interface OutboxInsert extends MailContent {
  kind: string;
  createdBy: number | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** attachments per INSERT statement, at most about this many bytes (base64 in one JSON parameter) */
const ATTACHMENT_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Writes the messages and their attachments (three statements for any number: ids, messages,
 * attachments in batches) and answers their ids in the order given.
 */
export async function insertOutbox(exec: Exec, mails: OutboxInsert[]): Promise<number[]> {
  if (!mails.length) return [];
  const idRows = await exec(
    sql`SELECT nextval(pg_get_serial_sequence('mail_outbox', 'id'))::int AS "id" FROM generate_series(1, ${mails.length}::int)`,
  );
  const ids = idRows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const rows = mails.map((m, i) => ({
    id: ids[i],
    studio_id: m.studioId,
    kind: m.kind,
    from_address: m.from,
    to_addresses: m.to,
    cc_addresses: m.cc,
    subject: m.subject,
    body_text: m.text,
    body_html: m.html,
    created_by: m.createdBy,
  }));
  await exec(sql`INSERT INTO "mail_outbox" ("id", "studio_id", "kind", "status", "from_address", "to_addresses", "cc_addresses", "subject", "body_text", "body_html", "created_by")
    SELECT x."id", x."studio_id", x."kind", 'queued', x."from_address", x."to_addresses", x."cc_addresses", x."subject", x."body_text", x."body_html", x."created_by"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x("id" int, "studio_id" int, "kind" text, "from_address" text, "to_addresses" jsonb,
      "cc_addresses" jsonb, "subject" text, "body_text" text, "body_html" text, "created_by" int)`);
  let batch: Array<{ mail_id: number; filename: string; content_type: string; size: number; content: string }> = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await exec(sql`INSERT INTO "mail_attachments" ("mail_id", "filename", "content_type", "size", "content")
      SELECT x."mail_id", x."filename", x."content_type", x."size", decode(x."content", 'base64')
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x("mail_id" int, "filename" text, "content_type" text, "size" int, "content" text)`);
    batch = [];
    bytes = 0;
  };
  for (const [i, m] of mails.entries()) {
    for (const a of m.attachments) {
      batch.push({
        mail_id: ids[i]!,
        filename: a.filename,
        content_type: a.contentType,
        size: a.content.length,
        content: a.content.toString('base64'),
      });
      bytes += a.content.length;
      if (bytes >= ATTACHMENT_BATCH_BYTES) await flush();
    }
  }
  await flush();
  return ids;
}

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array) */
const bytes = (v: unknown) =>
  Buffer.isBuffer(v)
    ? v
    : v instanceof Uint8Array
      ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
      : Buffer.from(String(v ?? ''));
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? (JSON.parse(v) as unknown[]).map(String) : [];
const text = (v: unknown) => (v == null ? null : String(v));
/** a wall-clock timestamp of Europe/Rome as an instant (ms), for the message's Date */
const epochMs = (column: SQL) =>
  sql`round(extract(epoch FROM (${column} AT TIME ZONE 'Europe/Rome')) * 1000)::bigint::text`;
const wire = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A message with its attachments, as the worker sends it and as its `.eml` is written. */
export interface OutboxMessage extends MailContent {
  id: number;
  status: MailStatus;
  messageId: string | null;
  tries: number;
  createdMs: number;
  sentMs: number | null;
  attachments: Array<{ id: number; filename: string; contentType: string; content: Buffer }>;
}

const MESSAGE_COLUMNS = sql`o."id", o."studio_id", o."status", o."from_address", o."to_addresses", o."cc_addresses", o."subject", o."body_text", o."body_html",
  o."message_id", o."tries", ${epochMs(sql`o."created_at"`)} AS "created_ms", ${epochMs(sql`o."sent_at"`)} AS "sent_ms"`;

async function withAttachments(exec: Exec, r: Row): Promise<OutboxMessage> {
  const files = await exec(
    sql`SELECT "id", "filename", "content_type", "content" FROM "mail_attachments" WHERE "mail_id" = ${Number(r.id)} ORDER BY "id"`,
  );
  return {
    id: Number(r.id),
    studioId: r.studio_id == null ? null : Number(r.studio_id),
    status: String(r.status) as MailStatus,
    from: String(r.from_address),
    to: list(r.to_addresses),
    cc: list(r.cc_addresses),
    subject: String(r.subject),
    text: String(r.body_text ?? ''),
    html: text(r.body_html),
    messageId: text(r.message_id),
    tries: Number(r.tries ?? 0),
    createdMs: Number(r.created_ms),
    sentMs: r.sent_ms == null ? null : Number(r.sent_ms),
    attachments: files.map((f) => ({
      id: Number(f.id),
      filename: String(f.filename),
      contentType: String(f.content_type),
      content: bytes(f.content),
    })),
  };
}

/**
 * Without a mail server (SMTP_URL unset) a 'sending' message untouched for this long was left by
 * a process that stopped mid-send: it is kept like a queued one.
 */
export const SENDING_LEASE_MINUTES = 10;
const stale = sql`o."updated_at" < LOCALTIMESTAMP - make_interval(mins => ${SENDING_LEASE_MINUTES}::int)`;

/**
 * The worker takes a message for one delivery attempt: queued (or left 'sending' by a process
 * that died mid-send) becomes 'sending' and counts a try, in one statement. The caller holds the
 * message's delivery lock (`mailLocks`): nobody else is sending it, so a 'sending' row is an
 * orphan. Null when it is not there to be sent (already sent, failed, kept).
 */
export async function claimMail(exec: Exec, id: number): Promise<OutboxMessage | null> {
  const [r] =
    await exec(sql`UPDATE "mail_outbox" o SET "status" = 'sending', "tries" = o."tries" + 1, "updated_at" = LOCALTIMESTAMP
    WHERE o."id" = ${id} AND o."status" IN ('queued', 'sending')
    RETURNING ${MESSAGE_COLUMNS}`);
  return r ? withAttachments(exec, r) : null;
}

/** first key of the delivery locks ('mail' in ASCII); the second is the message's id */
const LOCK_CLASS = 0x6d61696c;

/**
 * Delivery locks: a worker holds a message's lock from before its claim until its outcome is
 * written. On PostgreSQL a session-level advisory lock on a connection of its own, so the lock
 * ends with the process (kill -9 included) and a 'sending' row nobody holds is known at once to
 * be an orphan (`unqueuedMails`). On the embedded database (one process) a set in memory.
 */
export interface MailLocks {
  /** false when another worker holds it */
  acquire(id: number): Promise<boolean>;
  release(id: number): Promise<void>;
  /** how `unqueuedMails` tells an orphan: PostgreSQL's lock table, or the ids held in this process */
  orphanTest(): SQL;
  close(): Promise<void>;
}

/** the embedded database's locks: one set per database, shared by the workers of the process */
const localLocks = new WeakMap<object, Map<number, Set<number>>>();

/**
 * The delivery locks of a worker: on PostgreSQL (`databaseUrl`) its own connection's advisory
 * locks; on the embedded database the set shared by every worker on `database` in this process.
 */
export function mailLocks(
  database: object,
  databaseUrl: string | undefined,
  onLost: (err: Error) => void,
  /** another kind of delivery's locks (the SdI files'): its own first key, connection name and set */
  kind: { lockClass: number; name: string } = { lockClass: LOCK_CLASS, name: 'gestionale-mail-locks' },
): MailLocks {
  const LOCK_CLASS = kind.lockClass;
  if (!databaseUrl) {
    const byKind = localLocks.get(database) ?? new Map<number, Set<number>>();
    localLocks.set(database, byKind);
    const shared = byKind.get(LOCK_CLASS) ?? new Set<number>();
    byKind.set(LOCK_CLASS, shared);
    const mine = new Set<number>();
    return {
      async acquire(id) {
        if (shared.has(id)) return false;
        shared.add(id);
        mine.add(id);
        return true;
      },
      async release(id) {
        if (mine.delete(id)) shared.delete(id);
      },
      orphanTest: () => (shared.size ? sql`NOT (o."id" = ANY(${idArray([...shared])}))` : sql`TRUE`),
      async close() {
        for (const id of mine) shared.delete(id);
        mine.clear();
      },
    };
  }
  const held = new Set<number>();
  // one statement at a time on the connection (workers of the process take and release locks
  // concurrently; pg deprecates overlapping queries on one client)
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl, application_name: kind.name });
      // the connection lost: so are its locks (a send in progress finishes unguarded)
      c.on('error', (err) => {
        if (client === c) {
          client = null;
          held.clear();
          onLost(err);
        }
      });
      c.on('end', () => {
        if (client === c) {
          client = null;
          held.clear();
        }
      });
      try {
        await c.connect();
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    async acquire(id) {
      const c = await connection();
      const { rows } = await serial(() =>
        c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS "ok"', [LOCK_CLASS, id]),
      );
      if (rows[0]?.ok) held.add(id);
      return Boolean(rows[0]?.ok);
    },
    async release(id) {
      const c = client;
      if (!held.delete(id) || !c) return;
      await serial(() => c.query('SELECT pg_advisory_unlock($1::int, $2::int)', [LOCK_CLASS, id])).catch(
        () => undefined,
      );
    },
    orphanTest: () => sql`NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l."locktype" = 'advisory' AND l."granted"
      AND l."database" = (SELECT d."oid" FROM pg_database d WHERE d."datname" = current_database())
      AND l."classid" = ${LOCK_CLASS}::int::oid AND l."objid" = o."id"::oid AND l."objsubid" = 2)`,
    async close() {
      const c = client;
      client = null;
      held.clear();
      await c?.end().catch(() => undefined);
    },
  };
}

/** Delivered: its Message-ID and the instant given as its Date. */
export async function markSent(exec: Exec, id: number, messageId: string, sentMs: number, note: string | null) {
  await exec(sql`UPDATE "mail_outbox" SET "status" = 'sent', "message_id" = ${messageId}, "last_error" = COALESCE(${note}, "last_error"),
    "sent_at" = (to_timestamp(${String(sentMs)}::numeric / 1000) AT TIME ZONE 'Europe/Rome'), "updated_at" = LOCALTIMESTAMP
    WHERE "id" = ${id} AND "status" = 'sending'`);
}

/** A temporary failure: queued again (its job retries after a delay), with the error. */
export async function markRetrying(exec: Exec, id: number, error: string) {
  await exec(
    sql`UPDATE "mail_outbox" SET "status" = 'queued', "last_error" = ${error}, "updated_at" = LOCALTIMESTAMP WHERE "id" = ${id} AND "status" = 'sending'`,
  );
}

/** A permanent failure, or the last retry failed. */
export async function markFailed(exec: Exec, id: number, error: string) {
  await exec(
    sql`UPDATE "mail_outbox" SET "status" = 'failed', "last_error" = ${error}, "updated_at" = LOCALTIMESTAMP WHERE "id" = ${id} AND "status" IN ('queued', 'sending')`,
  );
}

/** Without SMTP_URL: the queued messages (these, or all) are kept, not sent. Answers how many. */
export async function keepQueued(exec: Exec, ids?: number[]): Promise<number> {
  const only = ids ? sql`AND o."id" = ANY(${idArray(ids)})` : sql``;
  const rows = await exec(sql`UPDATE "mail_outbox" o SET "status" = 'kept', "updated_at" = LOCALTIMESTAMP
    WHERE (o."status" = 'queued' OR (o."status" = 'sending' AND ${stale})) ${only} RETURNING o."id"`);
  return rows.length;
}

/**
 * The messages waiting for a delivery that no job of the queue carries: committed while no
 * worker ran, or whose hand-off to the queue was lost (the process stopped between commit and
 * hand-off), or left 'sending' (or queued, waiting for the mail server) by a process that died
 * mid-send (`orphan`: nobody holds its delivery lock). `jobKey` is the job's singleton key prefix. An orphan's job may still be
 * 'active' (its process is gone): `activeJob` names it, to be ended before a new one can run.
 */
export async function unqueuedMails(
  exec: Exec,
  schema: string,
  queue: string,
  jobKey: string,
  orphan: SQL,
  limit = 1000,
): Promise<Array<{ id: number; activeJob: string | null }>> {
  const job = sql`${sql.identifier(schema)}."job"`;
  const ofRow = sql`j."name" = ${queue} AND j."singleton_key" = ${jobKey} || o."id"::text`;
  const rows =
    await exec(sql`SELECT o."id", (SELECT j."id"::text FROM ${job} j WHERE ${ofRow} AND j."state" = 'active' LIMIT 1) AS "active_job"
    FROM "mail_outbox" o
    WHERE NOT EXISTS (SELECT 1 FROM ${job} j WHERE ${ofRow} AND j."state" IN ('created', 'retry'))
      AND ((o."status" = 'queued' AND (${orphan} OR NOT EXISTS (SELECT 1 FROM ${job} j WHERE ${ofRow} AND j."state" = 'active')))
        OR (o."status" = 'sending' AND ${orphan}))
    ORDER BY o."id" LIMIT ${limit}::int`);
  return rows.map((r) => ({ id: Number(r.id), activeJob: r.active_job == null ? null : String(r.active_job) }));
}

// ---- the 'Posta in uscita' page: every read and write is scoped (null: every studio and the vendor's mail) ----

const scoped = (studioId: number | null) => (studioId === null ? sql`TRUE` : sql`o."studio_id" = ${studioId}`);

/** The studio's messages, newest first, a page at a time, with the count of each state. */
export async function listMails(
  exec: Exec,
  studioId: number | null,
  status: MailStatus | null,
  limit: number,
  offset: number,
) {
  const where = sql`${scoped(studioId)}${status ? sql` AND o."status" = ${status}` : sql``}`;
  const rows =
    await exec(sql`SELECT o."id", o."studio_id", s."name" AS "studio_name", o."kind", o."status", o."tries", o."last_error", o."from_address",
      o."to_addresses", o."cc_addresses", o."subject", ${wire(sql`o."created_at"`)} AS "created_at", ${wire(sql`o."updated_at"`)} AS "updated_at",
      ${wire(sql`o."sent_at"`)} AS "sent_at", (SELECT count(*) FROM "mail_attachments" a WHERE a."mail_id" = o."id")::int AS "attachments"
    FROM "mail_outbox" o LEFT JOIN "studios" s ON s."id" = o."studio_id"
    WHERE ${where} ORDER BY o."id" DESC LIMIT ${limit}::int OFFSET ${offset}::int`);
  const counts = await exec(
    sql`SELECT o."status", count(*)::int AS "n" FROM "mail_outbox" o WHERE ${scoped(studioId)} GROUP BY o."status"`,
  );
  const byStatus = Object.fromEntries(counts.map((c) => [String(c.status), Number(c.n)])) as Partial<
    Record<MailStatus, number>
  >;
  const total = status ? (byStatus[status] ?? 0) : Object.values(byStatus).reduce((a, b) => a + (b ?? 0), 0);
  return { rows: rows.map(listRow), total, counts: byStatus };
}

const listRow = (r: Row) => ({
  id: Number(r.id),
  studio_id: r.studio_id == null ? null : Number(r.studio_id),
  studio_name: text(r.studio_name),
  kind: String(r.kind),
  status: String(r.status) as MailStatus,
  tries: Number(r.tries ?? 0),
  last_error: text(r.last_error),
  from: String(r.from_address),
  to: list(r.to_addresses),
  cc: list(r.cc_addresses),
  subject: String(r.subject),
  created_at: String(r.created_at),
  updated_at: String(r.updated_at),
  sent_at: text(r.sent_at),
  attachments: Number(r.attachments ?? 0),
});
export type MailListRow = ReturnType<typeof listRow>;

/** One message of the studio with its text and its attachments' names and sizes; null when it is not the studio's. */
export async function mailDetail(exec: Exec, studioId: number | null, id: number) {
  const [r] =
    await exec(sql`SELECT o."id", o."studio_id", s."name" AS "studio_name", o."kind", o."status", o."tries", o."last_error", o."from_address",
      o."to_addresses", o."cc_addresses", o."subject", o."body_text", o."body_html", o."message_id", ${wire(sql`o."created_at"`)} AS "created_at",
      ${wire(sql`o."updated_at"`)} AS "updated_at", ${wire(sql`o."sent_at"`)} AS "sent_at", u."name" AS "created_by_name",
      (SELECT count(*) FROM "mail_attachments" a WHERE a."mail_id" = o."id")::int AS "attachments"
    FROM "mail_outbox" o LEFT JOIN "studios" s ON s."id" = o."studio_id" LEFT JOIN "users" u ON u."id" = o."created_by"
    WHERE o."id" = ${id} AND ${scoped(studioId)}`);
  if (!r) return null;
  const files = await exec(
    sql`SELECT "id", "filename", "content_type", "size" FROM "mail_attachments" WHERE "mail_id" = ${id} ORDER BY "id"`,
  );
  return {
    ...listRow(r),
    body_text: String(r.body_text ?? ''),
    body_html: text(r.body_html),
    message_id: text(r.message_id),
    created_by_name: text(r.created_by_name),
    files: files.map((f) => ({
      id: Number(f.id),
      filename: String(f.filename),
      content_type: String(f.content_type),
      size: Number(f.size),
    })),
  };
}

/** A whole message of the studio, attachments included (its `.eml`); null when it is not the studio's. */
export async function mailMessage(exec: Exec, studioId: number | null, id: number): Promise<OutboxMessage | null> {
  const [r] = await exec(
    sql`SELECT ${MESSAGE_COLUMNS} FROM "mail_outbox" o WHERE o."id" = ${id} AND ${scoped(studioId)}`,
  );
  return r ? withAttachments(exec, r) : null;
}

/** One attachment of a message of the studio; null when either is not there. */
export async function mailAttachment(exec: Exec, studioId: number | null, mailId: number, attachmentId: number) {
  const [r] =
    await exec(sql`SELECT a."filename", a."content_type", a."content" FROM "mail_attachments" a JOIN "mail_outbox" o ON o."id" = a."mail_id"
    WHERE a."id" = ${attachmentId} AND a."mail_id" = ${mailId} AND ${scoped(studioId)}`);
  return r ? { filename: String(r.filename), contentType: String(r.content_type), content: bytes(r.content) } : null;
}

/**
 * 'Riprova': a failed or kept message of the studio is queued again. Answers 'queued', or the
 * state that does not allow it, or null when the message is not the studio's.
 */
export async function requeueMail(
  exec: Exec,
  studioId: number | null,
  id: number,
): Promise<MailStatus | 'queued' | null> {
  const [done] = await exec(sql`UPDATE "mail_outbox" o SET "status" = 'queued', "updated_at" = LOCALTIMESTAMP
    WHERE o."id" = ${id} AND ${scoped(studioId)} AND o."status" IN ('failed', 'kept') RETURNING o."id"`);
  if (done) return 'queued';
  const [r] = await exec(sql`SELECT o."status" FROM "mail_outbox" o WHERE o."id" = ${id} AND ${scoped(studioId)}`);
  return r ? (String(r.status) as MailStatus) : null;
}

/** What a studio's messages carry: its name and contacts (the signature) and the copy addresses of each kind. */
export async function studioMailData(exec: Exec, studioId: number) {
  const [s] =
    await exec(sql`SELECT "name", "email", "address", "tel_number", "website", "cc_contract", "cc_account_balance", "cc_bollettino"
    FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: text(s?.name),
    email: text(s?.email),
    address: text(s?.address),
    tel: text(s?.tel_number),
    website: text(s?.website),
    cc: {
      contract: text(s?.cc_contract),
      account_balance: text(s?.cc_account_balance),
      bollettino: text(s?.cc_bollettino),
    },
  };
}
export type StudioMailData = Awaited<ReturnType<typeof studioMailData>>;
