/**
 * The SdI transmissions' SQL (issue 28): the studio's sending lock and progressives, the files
 * written in one statement, their claim by a worker, the outcome and the events recorded once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { SdiError, SdiNotification } from './channel.js';

/** first key of the studio's sending lock: one 'Invia a SdI' at a time per studio (its progressives) */
const SEND_LOCK = 7_500_000;
export async function lockSending(exec: Exec, studioId: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(${SEND_LOCK + studioId})`);
}

export interface SendableRow {
  id: number;
  number: string;
  date: string;
  status: string;
  trashed: boolean;
  /** the last rejection (NS) of the invoice: when, and the number and date its file carried */
  rejected_at: string | null;
  rejected_number: string | null;
  rejected_date: string | null;
  /** what its file is made of, as last changed: the invoice, its customer, the studio */
  version: string;
}

/** The studio's documents among `ids` with their status and last rejection (another studio's are left out). */
export async function sendable(exec: Exec, studioId: number, ids: number[]): Promise<SendableRow[]> {
  const rows = await exec(sql`SELECT d."id", d."number", to_char(d."date", 'YYYY-MM-DD') AS "date",
      coalesce(d."sdi_status", 'bozza') AS "status", d."deleted_at" IS NOT NULL AS "trashed",
      to_char(ns."at", 'YYYY-MM-DD') AS "rejected_at", ns."number" AS "rejected_number",
      to_char(ns."document_date", 'YYYY-MM-DD') AS "rejected_date",
      greatest(d."updated_at", c."updated_at", s."updated_at")::text AS "version"
    FROM "e_documents" d
    JOIN "customers" c ON c."id" = d."customer_id"
    JOIN "studios" s ON s."id" = d."studio_id"
    LEFT JOIN LATERAL (SELECT e."at", t."number", t."document_date" FROM "sdi_events" e
      JOIN "sdi_transmissions" t ON t."id" = e."transmission_id"
      WHERE e."e_document_id" = d."id" AND e."kind" = 'NS' ORDER BY e."at" DESC, e."id" DESC LIMIT 1) ns ON TRUE
    WHERE d."id" = ANY(${idArray(ids)}) AND d."studio_id" = ${studioId}`);
  return rows.map((r) => ({
    id: Number(r.id),
    number: String(r.number),
    date: String(r.date),
    status: String(r.status),
    trashed: Boolean(r.trashed),
    rejected_at: r.rejected_at == null ? null : String(r.rejected_at),
    rejected_number: r.rejected_number == null ? null : String(r.rejected_number),
    rejected_date: r.rejected_date == null ? null : String(r.rejected_date),
    version: String(r.version),
  }));
}

/** the studio's last progressive (under the sending lock) */
export async function lastProgressive(exec: Exec, studioId: number): Promise<number> {
  const [r] = await exec(
    sql`SELECT coalesce(max("progressive"), 0) AS "n" FROM "sdi_transmissions" WHERE "studio_id" = ${studioId}`,
  );
  return Number(r?.n ?? 0);
}

export interface NewTransmission {
  e_document_id: number;
  file_name: string;
  progressive: number;
  xml: string;
  number: string;
  document_date: string;
}

/** The files queued (one statement) and their invoices set 'in_invio'; answers the transmissions' ids. */
export async function insertTransmissions(
  exec: Exec,
  studioId: number,
  channel: string,
  userId: number | null,
  rows: NewTransmission[],
): Promise<number[]> {
  if (!rows.length) return [];
  const ids =
    await exec(sql`INSERT INTO "sdi_transmissions" ("studio_id", "e_document_id", "file_name", "progressive", "xml",
      "number", "document_date", "channel", "created_by")
    SELECT ${studioId}::int, x."e_document_id", x."file_name", x."progressive", x."xml", x."number", x."document_date"::date,
      ${channel}, ${userId}::int
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x("e_document_id" int, "file_name" text, "progressive" int, "xml" text, "number" text, "document_date" text)
    RETURNING "id"`);
  await exec(sql`UPDATE "e_documents" SET "sdi_status" = 'in_invio'
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(rows.map((r) => r.e_document_id))})`);
  return ids.map((r) => Number(r.id));
}

export interface Transmission {
  id: number;
  studio_id: number;
  e_document_id: number;
  file_name: string;
  xml: string;
  number: string;
  document_date: string;
  channel: string;
  channel_id: string | null;
  status: string;
  outcome: string | null;
  /** the status before the claim: 'sending' means an earlier attempt's outcome is unknown */
  was: string;
}

const asTransmission = (r: Record<string, unknown>): Transmission => ({
  id: Number(r.id),
  studio_id: Number(r.studio_id),
  e_document_id: Number(r.e_document_id),
  file_name: String(r.file_name),
  xml: String(r.xml),
  number: String(r.number),
  document_date: String(r.document_date),
  channel: String(r.channel),
  channel_id: r.channel_id == null ? null : String(r.channel_id),
  status: String(r.status),
  outcome: r.outcome == null ? null : String(r.outcome),
  was: String(r.was ?? r.status),
});

/**
 * Claims a file for an attempt (queued or sending → sending, one more try), under its delivery
 * lock; null when there is nothing to send (sent, failed, gone).
 */
export async function claimTransmission(exec: Exec, id: number): Promise<Transmission | null> {
  const [r] = await exec(sql`WITH prev AS (SELECT "id", "status" FROM "sdi_transmissions" WHERE "id" = ${id})
    UPDATE "sdi_transmissions" t SET "status" = 'sending', "tries" = t."tries" + 1, "updated_at" = LOCALTIMESTAMP
    FROM prev WHERE t."id" = prev."id" AND t."status" IN ('queued', 'sending')
    RETURNING t."id", t."studio_id", t."e_document_id", t."file_name", t."xml", t."number",
      to_char(t."document_date", 'YYYY-MM-DD') AS "document_date", t."channel", t."channel_id", t."status", t."outcome",
      prev."status" AS "was"`);
  return r ? asTransmission(r) : null;
}

export async function transmissionById(exec: Exec, id: number): Promise<Transmission | null> {
  const [r] = await exec(sql`SELECT "id", "studio_id", "e_document_id", "file_name", "xml", "number",
      to_char("document_date", 'YYYY-MM-DD') AS "document_date", "channel", "channel_id", "status", "outcome"
    FROM "sdi_transmissions" WHERE "id" = ${id}`);
  return r ? asTransmission(r) : null;
}

/**
 * How a file went, as the timeline says it under 'File inviato a SdI' (the channel's own id of the
 * file stays in sdi_transmissions.channel_id: a person has no use for it; issue 45 item 17).
 */
export const sentThrough = (channel: string) =>
  channel === 'simulator'
    ? 'Tramite il simulatore SdI (prova: nessun invio reale)'
    : channel === 'acube'
      ? "Tramite l'intermediario A-Cube"
      : `Tramite ${channel}`;

/** The channel has the file: its id, the invoice 'inviata', the event of the sending with the file. */
export async function markTransmitted(exec: Exec, t: Transmission, channelId: string) {
  const [r] = await exec(sql`UPDATE "sdi_transmissions" SET "status" = 'sent', "channel_id" = ${channelId},
      "sent_at" = LOCALTIMESTAMP, "last_error" = NULL, "updated_at" = LOCALTIMESTAMP
    WHERE "id" = ${t.id} AND "status" = 'sending' RETURNING "id"`);
  if (!r) return false;
  await exec(
    sql`UPDATE "e_documents" SET "sdi_status" = 'inviata' WHERE "id" = ${t.e_document_id} AND "sdi_status" = 'in_invio'`,
  );
  await exec(sql`INSERT INTO "sdi_events" ("studio_id", "e_document_id", "transmission_id", "kind", "notification_id", "description", "file_name", "xml")
    VALUES (${t.studio_id}, ${t.e_document_id}, ${t.id}, 'invio', 'invio', ${sentThrough(t.channel)},
      ${t.file_name}, ${t.xml})`);
  return true;
}

/** An attempt that failed for now: the error is kept, the file stays 'sending' (asked for before the next attempt). */
export async function noteAttemptError(exec: Exec, id: number, error: string) {
  await exec(
    sql`UPDATE "sdi_transmissions" SET "last_error" = ${error}, "updated_at" = LOCALTIMESTAMP WHERE "id" = ${id}`,
  );
}

/** The intermediary refused the file for good: failed, the invoice back to draft, the reason as an event. */
export async function markRefused(exec: Exec, t: Transmission, error: string) {
  await exec(sql`UPDATE "sdi_transmissions" SET "status" = 'failed', "last_error" = ${error}, "updated_at" = LOCALTIMESTAMP
    WHERE "id" = ${t.id} AND "status" IN ('queued', 'sending')`);
  await exec(
    sql`UPDATE "e_documents" SET "sdi_status" = 'bozza' WHERE "id" = ${t.e_document_id} AND "sdi_status" = 'in_invio'`,
  );
  await exec(sql`INSERT INTO "sdi_events" ("studio_id", "e_document_id", "transmission_id", "kind", "notification_id", "description", "file_name")
    VALUES (${t.studio_id}, ${t.e_document_id}, ${t.id}, 'errore', 'errore', ${error}, ${t.file_name})
    ON CONFLICT ("transmission_id", "notification_id") DO NOTHING`);
}

/** what each final notification makes of the invoice */
export const STATUS_OF: Partial<Record<SdiNotification['type'], string>> = {
  RC: 'consegnata',
  NS: 'scartata',
  MC: 'mancata_consegna',
  AT: 'mancata_consegna',
};

/**
 * Records the notifications not recorded yet (each once, by its id) and, for a final one, the
 * invoice's status; answers the final types newly recorded (RC, NS, MC, AT).
 */
export async function recordNotifications(exec: Exec, t: Transmission, list: SdiNotification[]): Promise<string[]> {
  if (!list.length) return [];
  const rows = list.map((n) => ({
    kind: n.type,
    notification_id: n.id.slice(0, 100),
    at: n.at,
    description: n.description ?? null,
    errors: n.errors.length ? n.errors : null,
    file_name: n.fileName?.slice(0, 120) ?? null,
    xml: n.xml ?? null,
  }));
  const added = await exec(sql`INSERT INTO "sdi_events" ("studio_id", "e_document_id", "transmission_id", "kind",
      "notification_id", "at", "description", "errors", "file_name", "xml")
    SELECT ${t.studio_id}::int, ${t.e_document_id}::int, ${t.id}::int, x."kind", x."notification_id",
      coalesce((x."at"::timestamptz AT TIME ZONE 'Europe/Rome'), LOCALTIMESTAMP), x."description", x."errors", x."file_name", x."xml"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x("kind" text, "notification_id" text, "at" text, "description" text, "errors" jsonb, "file_name" text, "xml" text)
    ON CONFLICT ("transmission_id", "notification_id") DO NOTHING
    RETURNING "kind"`);
  const finals = added.map((r) => String(r.kind)).filter((k) => STATUS_OF[k as SdiNotification['type']]);
  const last = finals.at(-1);
  if (last) {
    await exec(
      sql`UPDATE "sdi_transmissions" SET "outcome" = ${last}, "updated_at" = LOCALTIMESTAMP WHERE "id" = ${t.id}`,
    );
    await exec(sql`UPDATE "e_documents" SET "sdi_status" = ${STATUS_OF[last as SdiNotification['type']]!}
      WHERE "id" = ${t.e_document_id} AND "sdi_status" IN ('inviata', 'in_invio')`);
  }
  return finals;
}

/** the transmissions of a channel's file (a webhook names it by the channel's id) */
export async function transmissionsByChannelId(exec: Exec, channel: string, channelIds: string[]): Promise<number[]> {
  if (!channelIds.length) return [];
  const rows = await exec(sql`SELECT "id" FROM "sdi_transmissions" WHERE "channel" = ${channel}
    AND "channel_id" = ANY(${`{${channelIds.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`);
  return rows.map((r) => Number(r.id));
}

/** The files waiting for a job (queued, or sending with nobody holding them) and those waiting for SdI's outcome without a poll. */
export async function unqueuedFiles(
  exec: Exec,
  schema: string,
  sendQueue: string,
  pollQueue: string,
  orphan: SQL,
  limit = 1000,
) {
  const job = sql`${sql.identifier(schema)}."job"`;
  const sendOf = sql`j."name" = ${sendQueue} AND j."singleton_key" = 'sdi-' || o."id"::text`;
  const pollOf = sql`j."name" = ${pollQueue} AND j."singleton_key" IN ('sdi-poll-' || o."id"::text, 'sdi-now-' || o."id"::text)`;
  const rows = await exec(sql`SELECT o."id", o."status" FROM "sdi_transmissions" o
    WHERE ((o."status" = 'queued' OR (o."status" = 'sending' AND ${orphan}))
        AND NOT EXISTS (SELECT 1 FROM ${job} j WHERE ${sendOf} AND j."state" IN ('created', 'retry')))
      OR (o."status" = 'sent' AND o."outcome" IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${job} j WHERE ${pollOf} AND j."state" IN ('created', 'retry', 'active')))
    ORDER BY o."id" LIMIT ${limit}::int`);
  return {
    toSend: rows.filter((r) => r.status !== 'sent').map((r) => Number(r.id)),
    toPoll: rows.filter((r) => r.status === 'sent').map((r) => Number(r.id)),
  };
}

export interface TimelineEvent {
  id: number;
  kind: string;
  at: string;
  description: string | null;
  errors: SdiError[];
  file_name: string | null;
  has_xml: boolean;
}

/** An invoice's events: each file sent, then what came of it in time order (a channel's clock may put a
 * notification's time before our record of the hand-over). */
export async function timelineOf(exec: Exec, studioId: number, documentId: number): Promise<TimelineEvent[]> {
  const rows =
    await exec(sql`SELECT "id", "kind", to_char("at", 'YYYY-MM-DD"T"HH24:MI:SS') AS "at", "description", "errors",
      "file_name", "xml" IS NOT NULL AS "has_xml"
    FROM "sdi_events" WHERE "studio_id" = ${studioId} AND "e_document_id" = ${documentId}
    ORDER BY "transmission_id" NULLS LAST, "kind" <> 'invio', "at", "id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    at: String(r.at),
    description: r.description == null ? null : String(r.description),
    errors: (r.errors as SdiError[] | null) ?? [],
    file_name: r.file_name == null ? null : String(r.file_name),
    has_xml: Boolean(r.has_xml),
  }));
}

/** One event's XML (the file sent or a receipt), of this studio. */
export async function eventXml(exec: Exec, studioId: number, eventId: number) {
  const [r] = await exec(sql`SELECT "file_name", "xml" FROM "sdi_events"
    WHERE "id" = ${eventId} AND "studio_id" = ${studioId} AND "xml" IS NOT NULL`);
  return r ? { fileName: String(r.file_name ?? `evento_${eventId}.xml`), xml: String(r.xml) } : null;
}

/** when the studio sends the courtesy copy: 'consegna' (default), 'invio' or 'no' */
export async function courtesyMoment(exec: Exec, studioId: number): Promise<string> {
  const [s] = await exec(
    sql`SELECT coalesce("sdi_courtesy_copy", 'consegna') AS "when" FROM "studios" WHERE "id" = ${studioId}`,
  );
  return String(s?.when ?? 'consegna');
}

/** whether the file's courtesy copy was already dealt with */
export async function copyDone(exec: Exec, transmissionId: number): Promise<boolean> {
  const [r] = await exec(
    sql`SELECT 1 AS "x" FROM "sdi_events" WHERE "transmission_id" = ${transmissionId} AND "notification_id" = 'copia'`,
  );
  return Boolean(r);
}

export async function customerEmail(exec: Exec, customerId: number): Promise<string> {
  const [c] = await exec(sql`SELECT "email" FROM "customers" WHERE "id" = ${customerId}`);
  return typeof c?.email === 'string' ? c.email.trim() : '';
}

/** the courtesy copy's event, once per file: false when it was already there */
export async function insertCopyEvent(exec: Exec, t: Transmission, description: string): Promise<boolean> {
  const [first] =
    await exec(sql`INSERT INTO "sdi_events" ("studio_id", "e_document_id", "transmission_id", "kind", "notification_id", "description")
    VALUES (${t.studio_id}, ${t.e_document_id}, ${t.id}, 'copia', 'copia', ${description})
    ON CONFLICT ("transmission_id", "notification_id") DO NOTHING RETURNING "id"`);
  return Boolean(first);
}

/**
 * The place of each file in its studio's queue (0: the first waiting): the send jobs' priority
 * falls every FAIR_SHARE files of a studio, so another studio's first files do not wait behind a
 * studio's thousand (pg-boss takes the highest priority first, then the oldest).
 */
export async function queuePlaces(exec: Exec, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT x."id", x."ahead" FROM (
      SELECT t."id", row_number() OVER (PARTITION BY t."studio_id" ORDER BY t."id") - 1 AS "ahead"
      FROM "sdi_transmissions" t
      WHERE t."status" IN ('queued', 'sending')
        AND t."studio_id" IN (SELECT u."studio_id" FROM "sdi_transmissions" u WHERE u."id" = ANY(${idArray(ids)}))
    ) x WHERE x."id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.ahead)]));
}

/** whether any file waits to be sent or for SdI's outcome (the worker starts at once) */
export async function anyPending(exec: Exec): Promise<boolean> {
  const [r] = await exec(sql`SELECT 1 AS "x" FROM "sdi_transmissions"
    WHERE "status" IN ('queued', 'sending') OR ("status" = 'sent' AND "outcome" IS NULL) LIMIT 1`);
  return Boolean(r);
}
