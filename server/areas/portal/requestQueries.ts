/**
 * The SQL of document requests and the area's files (issue 50 items 2, 6): always scoped to a studio,
 * and on the area's side to the session's customer too (another customer's ids find nothing).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import type { ItemStatus, RequestStatus } from '../../../model/portal.js';

const num = (v: unknown) => Number(v);
/** `%text%` for ILIKE, the text's own %, _ and \\ taken literally (a search for '50%' finds '50%') */
export const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const str = (v: unknown) => (v == null ? null : String(v));
const stamp = (v: unknown) => (v == null ? null : String(v).slice(0, 19));
const day = (v: unknown) => (v == null ? null : String(v).slice(0, 10));

export async function checklistOf(exec: Exec, studioId: number, id: number) {
  const [r] = await exec(sql`SELECT "id", "name", "items", "message", "studio_job_id", "task_id"
    FROM "document_checklists" WHERE "id" = ${id} AND "studio_id" = ${studioId} AND "deleted_at" IS NULL`);
  return r
    ? {
        id: num(r.id),
        name: String(r.name),
        items: String(r.items ?? ''),
        message: str(r.message),
        jobId: r.studio_job_id == null ? null : num(r.studio_job_id),
        taskId: r.task_id == null ? null : num(r.task_id),
      }
    : null;
}

export async function jobExists(exec: Exec, studioId: number, jobId: number) {
  const [r] = await exec(
    sql`SELECT 1 FROM "studio_jobs" WHERE "id" = ${jobId} AND "studio_id" = ${studioId} AND "deleted_at" IS NULL`,
  );
  return !!r;
}

/** The active customers a job applies to: not trashed, not ceased, of one of its legal statuses. */
export async function jobCustomers(exec: Exec, studioId: number, jobId: number): Promise<number[]> {
  const rows = await exec(sql`SELECT c."id" FROM "customers" c
    WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."ceased" = 0
      AND c."legal_status_id" IN (SELECT "legal_status_id" FROM "studio_job_legal_statuses" WHERE "studio_job_id" = ${jobId})
    ORDER BY c."id"`);
  return rows.map((r) => num(r.id));
}

/** Of `ids`, the studio's customers not trashed. */
export async function liveCustomers(exec: Exec, studioId: number, ids: number[]): Promise<number[]> {
  const rows = await exec(sql`SELECT "id" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL AND "id" = ANY(${idArray(ids)}) ORDER BY "id"`);
  return rows.map((r) => num(r.id));
}

/** Makes the requests of `customers`, each with the same items: answers their ids. */
export async function insertRequests(
  exec: Exec,
  r: {
    studioId: number;
    customers: number[];
    title: string;
    due: string;
    message: string | null;
    checklistId: number | null;
    jobId: number | null;
    taskId: number | null;
    year: number | null;
    by: number;
    byName: string;
    items: string[];
  },
): Promise<number[]> {
  const rows = await exec(sql`INSERT INTO "portal_requests"
      ("studio_id", "customer_id", "title", "due_date", "message", "checklist_id", "studio_job_id", "task_id", "year", "created_by", "created_by_name")
    SELECT ${r.studioId}, c, ${r.title}, ${r.due}::date, ${r.message}, ${r.checklistId}, ${r.jobId}, ${r.taskId}, ${r.year}, ${r.by}, ${r.byName}
    FROM unnest(${idArray(r.customers)}) AS c RETURNING "id"`);
  const ids = rows.map((x) => num(x.id));
  await exec(sql`INSERT INTO "portal_request_items" ("studio_id", "request_id", "position", "label")
    SELECT ${r.studioId}, q, i.ord::int, i.label
    FROM unnest(${idArray(ids)}) AS q,
      jsonb_array_elements_text(${JSON.stringify(r.items)}::jsonb) WITH ORDINALITY AS i(label, ord)`);
  return ids;
}

/** The active people's e-mails of customers (for the notices), by customer. */
export async function peopleEmails(exec: Exec, studioId: number, customers: number[]): Promise<Map<number, string[]>> {
  const rows =
    await exec(sql`SELECT a."customer_id", p."email" FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id"
    WHERE a."studio_id" = ${studioId} AND a."revoked_at" IS NULL AND a."customer_id" = ANY(${idArray(customers)})
    ORDER BY a."customer_id", p."email"`);
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const c = num(r.customer_id);
    out.set(c, [...(out.get(c) ?? []), String(r.email)]);
  }
  return out;
}

export interface RequestRow {
  id: number;
  customer_id: number;
  customer_name: string;
  title: string;
  due_date: string;
  message: string | null;
  status: RequestStatus;
  created_at: string;
  created_by_name: string | null;
  closed_at: string | null;
  studio_job_id: number | null;
  task_id: number | null;
  year: number | null;
  items: number;
  accepted: number;
  to_review: number;
  customer_turn: number;
  reminders_sent: number;
}

const requestCols = sql`r."id", r."customer_id", c."business_name" AS "customer_name", r."title", r."due_date", r."message",
  r."status", r."created_at", r."created_by_name", r."closed_at", r."studio_job_id", r."task_id", r."year", r."reminders_sent",
  (SELECT count(*) FROM "portal_request_items" i WHERE i."request_id" = r."id")::int AS "items",
  (SELECT count(*) FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" = 'accettato')::int AS "accepted",
  (SELECT count(*) FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" IN ('inviato', 'mancante'))::int AS "to_review",
  (SELECT count(*) FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" IN ('richiesto', 'da_rifare'))::int AS "customer_turn"`;

const requestRow = (r: Record<string, unknown>): RequestRow => ({
  id: num(r.id),
  customer_id: num(r.customer_id),
  customer_name: String(r.customer_name ?? ''),
  title: String(r.title),
  due_date: day(r.due_date)!,
  message: str(r.message),
  status: String(r.status) as RequestStatus,
  created_at: stamp(r.created_at)!,
  created_by_name: str(r.created_by_name),
  closed_at: stamp(r.closed_at),
  studio_job_id: r.studio_job_id == null ? null : num(r.studio_job_id),
  task_id: r.task_id == null ? null : num(r.task_id),
  year: r.year == null ? null : num(r.year),
  items: num(r.items),
  accepted: num(r.accepted),
  to_review: num(r.to_review),
  customer_turn: num(r.customer_turn),
  reminders_sent: num(r.reminders_sent),
});

/** The studio's requests, newest first, filtered; with the total. */
export async function listRequests(
  exec: Exec,
  studioId: number,
  f: {
    status?: RequestStatus | null;
    customerId?: number | null;
    toReview?: boolean;
    late?: string | null;
    search?: string | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: RequestRow[]; total: number }> {
  const where = sql.join(
    [
      sql`r."studio_id" = ${studioId}`,
      f.status ? sql`r."status" = ${f.status}` : sql`TRUE`,
      f.customerId ? sql`r."customer_id" = ${f.customerId}` : sql`TRUE`,
      f.toReview
        ? sql`EXISTS (SELECT 1 FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" IN ('inviato', 'mancante'))`
        : sql`TRUE`,
      f.late ? sql`r."status" = 'aperta' AND r."due_date" < ${f.late}::date` : sql`TRUE`,
      f.search
        ? sql`(c."business_name" ILIKE ${containing(f.search)} OR r."title" ILIKE ${containing(f.search)})`
        : sql`TRUE`,
    ],
    sql` AND `,
  );
  const rows = await exec(sql`SELECT ${requestCols}, count(*) OVER () AS "total"
    FROM "portal_requests" r JOIN "customers" c ON c."id" = r."customer_id"
    WHERE ${where}
    ORDER BY (r."status" = 'aperta') DESC, r."due_date", r."id" DESC
    LIMIT ${f.limit} OFFSET ${f.offset}`);
  return { rows: rows.map(requestRow), total: rows.length ? num(rows[0]!.total) : 0 };
}

/** One request of the studio (and of the customer, on the area's side). */
export async function requestOf(exec: Exec, studioId: number, id: number, customerId?: number) {
  const [r] =
    await exec(sql`SELECT ${requestCols} FROM "portal_requests" r JOIN "customers" c ON c."id" = r."customer_id"
    WHERE r."id" = ${id} AND r."studio_id" = ${studioId} ${customerId ? sql`AND r."customer_id" = ${customerId}` : sql``}`);
  return r ? requestRow(r) : null;
}

export interface ItemRow {
  id: number;
  request_id: number;
  position: number;
  label: string;
  status: ItemStatus;
  customer_note: string | null;
  review_reason: string | null;
  reviewed_by_name: string | null;
  reviewed_at: string | null;
  updated_at: string;
}

export interface FileRow {
  id: number;
  item_id: number | null;
  origin: 'cliente' | 'studio';
  filename: string;
  content_type: string;
  kind: string;
  size: number;
  sha256: string;
  scan: 'ok' | 'quarantena' | 'non_verificato';
  scan_result: string | null;
  uploaded_by_name: string | null;
  created_at: string;
  first_opened_at: string | null;
  rejected: boolean;
}

const fileRow = (r: Record<string, unknown>): FileRow => ({
  id: num(r.id),
  item_id: r.item_id == null ? null : num(r.item_id),
  origin: String(r.origin) as FileRow['origin'],
  filename: String(r.filename),
  content_type: String(r.content_type),
  kind: String(r.kind),
  size: num(r.size),
  sha256: String(r.sha256),
  scan: String(r.scan) as FileRow['scan'],
  scan_result: str(r.scan_result),
  uploaded_by_name: str(r.uploaded_by_name),
  created_at: stamp(r.created_at)!,
  first_opened_at: stamp(r.first_opened_at),
  rejected: num(r.rejected) === 1,
});

/** A request's items, in order, each with its files (the rejected ones too, marked). */
export async function itemsOf(exec: Exec, studioId: number, requestId: number) {
  const items =
    await exec(sql`SELECT "id", "request_id", "position", "label", "status", "customer_note", "review_reason",
      "reviewed_by_name", "reviewed_at", "updated_at"
    FROM "portal_request_items" WHERE "studio_id" = ${studioId} AND "request_id" = ${requestId} ORDER BY "position"`);
  const files = await exec(sql`SELECT f.* FROM "portal_files" f JOIN "portal_request_items" i ON i."id" = f."item_id"
    WHERE f."studio_id" = ${studioId} AND i."request_id" = ${requestId} ORDER BY f."id"`);
  const byItem = new Map<number, FileRow[]>();
  for (const f of files.map(fileRow)) byItem.set(f.item_id!, [...(byItem.get(f.item_id!) ?? []), f]);
  return items.map((r) => ({
    id: num(r.id),
    request_id: num(r.request_id),
    position: num(r.position),
    label: String(r.label),
    status: String(r.status) as ItemStatus,
    customer_note: str(r.customer_note),
    review_reason: str(r.review_reason),
    reviewed_by_name: str(r.reviewed_by_name),
    reviewed_at: stamp(r.reviewed_at),
    updated_at: stamp(r.updated_at)!,
    files: byItem.get(num(r.id)) ?? [],
  }));
}

/** An item of a request of the studio (and of the customer, on the area's side), locked for the change. */
export async function itemForUpdate(exec: Exec, studioId: number, itemId: number, customerId?: number) {
  const [r] =
    await exec(sql`SELECT i."id", i."request_id", i."status", i."label", r."status" AS "request_status", r."customer_id"
    FROM "portal_request_items" i JOIN "portal_requests" r ON r."id" = i."request_id"
    WHERE i."id" = ${itemId} AND i."studio_id" = ${studioId} ${customerId ? sql`AND r."customer_id" = ${customerId}` : sql``}
    FOR UPDATE OF i`);
  return r
    ? {
        id: num(r.id),
        requestId: num(r.request_id),
        status: String(r.status) as ItemStatus,
        label: String(r.label),
        requestStatus: String(r.request_status) as RequestStatus,
        customerId: num(r.customer_id),
      }
    : null;
}

export async function setItem(
  exec: Exec,
  itemId: number,
  v: { status: ItemStatus; customerNote?: string | null; reason?: string | null; reviewer?: string | null },
) {
  await exec(sql`UPDATE "portal_request_items" SET "status" = ${v.status}, "updated_at" = LOCALTIMESTAMP
    ${v.customerNote !== undefined ? sql`, "customer_note" = ${v.customerNote}` : sql``}
    ${v.reason !== undefined ? sql`, "review_reason" = ${v.reason}` : sql``}
    ${v.reviewer !== undefined ? sql`, "reviewed_by_name" = ${v.reviewer}, "reviewed_at" = LOCALTIMESTAMP` : sql``}
    WHERE "id" = ${itemId}`);
}

/** The item's files not rejected: rejected (the studio asked it again). */
export async function rejectItemFiles(exec: Exec, itemId: number) {
  await exec(sql`UPDATE "portal_files" SET "rejected" = 1 WHERE "item_id" = ${itemId} AND "rejected" = 0`);
}

/** When every item of an open request is accepted: the request complete (answers it, else null). */
export async function completeIfDone(exec: Exec, requestId: number) {
  const [r] = await exec(sql`UPDATE "portal_requests" SET "status" = 'completata', "closed_at" = LOCALTIMESTAMP
    WHERE "id" = ${requestId} AND "status" = 'aperta'
      AND NOT EXISTS (SELECT 1 FROM "portal_request_items" i WHERE i."request_id" = ${requestId} AND i."status" <> 'accettato')
    RETURNING "id", "studio_id", "customer_id", "studio_job_id", "task_id", "year"`);
  return r
    ? {
        customerId: num(r.customer_id),
        jobId: r.studio_job_id == null ? null : num(r.studio_job_id),
        taskId: r.task_id == null ? null : num(r.task_id),
        year: r.year == null ? null : num(r.year),
      }
    : null;
}

export async function cancelRequest(exec: Exec, studioId: number, id: number) {
  const rows = await exec(sql`UPDATE "portal_requests" SET "status" = 'annullata', "closed_at" = LOCALTIMESTAMP
    WHERE "id" = ${id} AND "studio_id" = ${studioId} AND "status" = 'aperta' RETURNING "id"`);
  return rows.length > 0;
}

/** Bytes the customer keeps in the area (rejected files apart) and files of an item (not rejected). */
export async function usage(exec: Exec, studioId: number, customerId: number, itemId: number) {
  const [r] = await exec(sql`SELECT
      COALESCE((SELECT sum("size") FROM "portal_files" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId} AND "rejected" = 0), 0)::bigint AS "bytes",
      (SELECT count(*) FROM "portal_files" WHERE "item_id" = ${itemId} AND "rejected" = 0)::int AS "files"`);
  return { bytes: num(r?.bytes ?? 0), files: num(r?.files ?? 0) };
}

export async function insertFile(
  exec: Exec,
  f: {
    studioId: number;
    customerId: number;
    itemId: number | null;
    origin: 'cliente' | 'studio';
    filename: string;
    contentType: string;
    kind: string;
    size: number;
    sha256: string;
    key: string;
    scan: string;
    scanResult: string | null;
    personId: number | null;
    byName: string | null;
  },
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "portal_files" ("studio_id", "customer_id", "item_id", "origin", "filename", "content_type", "kind",
      "size", "sha256", "storage_path", "scan", "scan_result", "uploaded_by_person", "uploaded_by_name")
    VALUES (${f.studioId}, ${f.customerId}, ${f.itemId}, ${f.origin}, ${f.filename}, ${f.contentType}, ${f.kind}, ${f.size}, ${f.sha256},
      ${f.key}, ${f.scan}, ${f.scanResult}, ${f.personId}, ${f.byName}) RETURNING "id"`);
  return num(r!.id);
}

/** A file of the studio (and of the customer, on the area's side), with where it is stored. */
export async function fileOf(exec: Exec, studioId: number, id: number, customerId?: number) {
  const [r] = await exec(sql`SELECT * FROM "portal_files"
    WHERE "id" = ${id} AND "studio_id" = ${studioId} ${customerId ? sql`AND "customer_id" = ${customerId}` : sql``}`);
  return r ? { ...fileRow(r), customer_id: num(r.customer_id), storage_path: String(r.storage_path) } : null;
}

/** The studio opened a customer's file (or the customer the studio's) for the first time: when. */
export async function markOpened(exec: Exec, id: number) {
  await exec(
    sql`UPDATE "portal_files" SET "first_opened_at" = LOCALTIMESTAMP WHERE "id" = ${id} AND "first_opened_at" IS NULL`,
  );
}

/** The customer's requests for the area: the open ones by deadline, then the closed of the last 90 days. */
export async function customerRequests(exec: Exec, studioId: number, customerId: number) {
  const rows =
    await exec(sql`SELECT ${requestCols} FROM "portal_requests" r JOIN "customers" c ON c."id" = r."customer_id"
    WHERE r."studio_id" = ${studioId} AND r."customer_id" = ${customerId}
      AND (r."status" = 'aperta' OR (r."status" = 'completata' AND r."closed_at" > LOCALTIMESTAMP - interval '90 days'))
    ORDER BY (r."status" = 'aperta') DESC, r."due_date", r."id"`);
  return rows.map(requestRow);
}

/**
 * The open requests of a studio past their deadline on `day` with documents still to send and
 * someone in the area, whose next reminder is due (none sent since `again`, fewer than `max`).
 */
export async function lateRequests(
  exec: Exec,
  studioId: number,
  day: string,
  again: string,
  max: number,
  limit: number,
) {
  const rows = await exec(sql`SELECT r."id", r."customer_id", r."title", r."due_date"::text AS "due_date",
      (SELECT count(*) FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" IN ('richiesto', 'da_rifare'))::int AS "missing"
    FROM "portal_requests" r JOIN "customers" c ON c."id" = r."customer_id" AND c."deleted_at" IS NULL
    WHERE r."studio_id" = ${studioId} AND r."status" = 'aperta' AND r."due_date" < ${day}::date
      AND r."reminders_sent" < ${max} AND (r."last_reminded_on" IS NULL OR r."last_reminded_on" <= ${again}::date)
      AND EXISTS (SELECT 1 FROM "portal_request_items" i WHERE i."request_id" = r."id" AND i."status" IN ('richiesto', 'da_rifare'))
      AND EXISTS (SELECT 1 FROM "portal_access" a WHERE a."customer_id" = r."customer_id" AND a."revoked_at" IS NULL)
    ORDER BY r."due_date", r."id" LIMIT ${limit}`);
  return rows.map((r) => ({
    id: num(r.id),
    customerId: num(r.customer_id),
    title: String(r.title),
    due: day_(r.due_date),
    missing: num(r.missing),
  }));
}
const day_ = (v: unknown) => String(v).slice(0, 10);

/** Claims a request's reminder of `day`: false when another run made it first, or it is no longer due. */
export async function claimReminder(exec: Exec, id: number, day: string, again: string, max: number): Promise<boolean> {
  const rows =
    await exec(sql`UPDATE "portal_requests" SET "reminders_sent" = "reminders_sent" + 1, "last_reminded_on" = ${day}::date
    WHERE "id" = ${id} AND "status" = 'aperta' AND "reminders_sent" < ${max}
      AND ("last_reminded_on" IS NULL OR "last_reminded_on" <= ${again}::date) RETURNING "id"`);
  return rows.length > 0;
}
