/**
 * Following up (issue 30), its reads and writes in a few statements scoped to one studio: the
 * aging of what is open (the open-items rule of ../accounts/openItemsQueries.ts in buckets), the
 * studio's rules and runs, the overdue items with the level each has been asked for, the pending
 * reminders, the reminders' inserts in one statement each, their sending and their history.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { bucketSums, openItems } from '../accounts/index.js';

const day = (d: string) => sql`${d}::date`;

export interface AgingQueryFilter {
  collaboratorId?: number | 'none';
  legalStatusId?: number;
  bucket?: 'not_due' | 'd1_30' | 'd31_60' | 'd61_90' | 'over_90';
  mandate?: 'with' | 'without';
  q?: string;
}

/**
 * The aging: per customer with anything open, its open amount in each bucket as of `asOf`, its
 * accounting collaborator, legal status, whether it has an active SDD mandate and whether it is
 * marked 'contestato'; largest total first.
 */
export async function agingRows(exec: Exec, studioId: number, asOf: string, f: AgingQueryFilter) {
  const where: SQL[] = [sql`c."deleted_at" IS NULL`];
  if (f.collaboratorId === 'none') where.push(sql`c."collaborator_accounting_id" IS NULL`);
  else if (f.collaboratorId) where.push(sql`c."collaborator_accounting_id" = ${f.collaboratorId}`);
  if (f.legalStatusId) where.push(sql`c."legal_status_id" = ${f.legalStatusId}`);
  if (f.mandate === 'with') where.push(sql`m."customer_id" IS NOT NULL`);
  if (f.mandate === 'without') where.push(sql`m."customer_id" IS NULL`);
  if (f.q) where.push(sql`c."business_name" ILIKE ${`%${f.q.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.bucket) where.push(sql`a.${sql.raw(`"${f.bucket}"`)}::numeric > 0`);
  return exec(sql`SELECT c."id", c."business_name", c."collaborator_accounting_id" AS "collaborator_id",
      NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "collaborator", ls."description" AS "legal_status", ls."cod" AS "legal_status_cod",
      (m."customer_id" IS NOT NULL) AS "has_mandate", (d."customer_id" IS NOT NULL) AS "contested",
      a."not_due", a."d1_30", a."d31_60", a."d61_90", a."over_90", a."total", to_char(a."oldest", 'YYYY-MM-DD') AS "oldest"
    FROM (SELECT o."customer_id", ${bucketSums(asOf)}, min(o."due") FILTER (WHERE o."due" < ${day(asOf)}) AS "oldest"
      FROM (${openItems(studioId)}) o WHERE o."open" > 0 GROUP BY o."customer_id") a
    JOIN "customers" c ON c."id" = a."customer_id"
    LEFT JOIN "users" u ON u."id" = c."collaborator_accounting_id"
    LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id"
    LEFT JOIN (SELECT DISTINCT x."customer_id" FROM "sdd_mandates" x
      WHERE x."studio_id" = ${studioId} AND x."deleted_at" IS NULL AND x."status" = 'active') m ON m."customer_id" = c."id"
    LEFT JOIN "customer_disputes" d ON d."customer_id" = c."id"
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY a."total"::numeric DESC, c."business_name", c."id"`);
}

// ---------------------------------------------------------------------------------------------
// Rules and runs

export async function settingsRow(exec: Exec, studioId: number) {
  const [r] = await exec(
    sql`SELECT "enabled", "run_time", "link_days", "aml_renewal_days", "levels" FROM "reminder_settings" WHERE "studio_id" = ${studioId}`,
  );
  return r;
}

export async function saveSettings(
  exec: Exec,
  studioId: number,
  userId: number | null,
  s: { enabled: boolean; run_time: string; link_days: number; aml_renewal_days: number; levels: unknown[] },
) {
  await exec(sql`INSERT INTO "reminder_settings" ("studio_id", "enabled", "run_time", "link_days", "aml_renewal_days", "levels", "updated_by", "updated_at")
    VALUES (${studioId}, ${s.enabled}, ${s.run_time}, ${s.link_days}, ${s.aml_renewal_days}, ${JSON.stringify(s.levels)}::jsonb, ${userId}, LOCALTIMESTAMP)
    ON CONFLICT ("studio_id") DO UPDATE SET "enabled" = EXCLUDED."enabled", "run_time" = EXCLUDED."run_time",
      "link_days" = EXCLUDED."link_days", "aml_renewal_days" = EXCLUDED."aml_renewal_days", "levels" = EXCLUDED."levels", "updated_by" = EXCLUDED."updated_by", "updated_at" = EXCLUDED."updated_at"`);
}

/**
 * The studio's reminders one run (or one sending decision) at a time: its settings row locked
 * (made if missing) until the transaction ends. A second process's run waits here and then sees
 * what the first one wrote.
 */
export async function lockStudio(exec: Exec, studioId: number) {
  await exec(sql`INSERT INTO "reminder_settings" ("studio_id") VALUES (${studioId}) ON CONFLICT DO NOTHING`);
  await exec(sql`SELECT 1 FROM "reminder_settings" WHERE "studio_id" = ${studioId} FOR UPDATE`);
}

/** A run's row; the scheduled one at most once a day (null: another process has it). */
export async function insertRun(
  exec: Exec,
  studioId: number,
  runDay: string,
  kind: 'scheduled' | 'manual',
  userId: number | null,
): Promise<number | null> {
  const rows = await exec(sql`INSERT INTO "reminder_runs" ("studio_id", "day", "kind", "user_id")
    VALUES (${studioId}, ${runDay}, ${kind}, ${userId})
    ON CONFLICT ("studio_id", "day") WHERE "kind" = 'scheduled' DO NOTHING RETURNING "id"`);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function finishRun(
  exec: Exec,
  runId: number,
  counts: { proposed: number; queued: number; withdrawn: number },
) {
  await exec(sql`UPDATE "reminder_runs" SET "proposed" = ${counts.proposed}, "queued" = ${counts.queued}, "withdrawn" = ${counts.withdrawn}
    WHERE "id" = ${runId}`);
}

export async function lastRun(exec: Exec, studioId: number) {
  const [r] =
    await exec(sql`SELECT to_char("day", 'YYYY-MM-DD') AS "day", to_char("started_at", 'YYYY-MM-DD HH24:MI:SS') AS "at",
      "kind", "proposed", "queued", "withdrawn"
    FROM "reminder_runs" WHERE "studio_id" = ${studioId} ORDER BY "id" DESC LIMIT 1`);
  return r;
}

/**
 * The studios whose daily run is due: rules on, with at least one level, the time passed
 * (`now`: the studio's HH:MM) and no scheduled run today.
 */
export async function dueStudios(exec: Exec, today: string, now: string): Promise<number[]> {
  return (
    await exec(sql`SELECT s."studio_id" FROM "reminder_settings" s
      WHERE s."enabled" AND jsonb_array_length(s."levels") > 0 AND s."run_time" <= ${now}
        AND NOT EXISTS (SELECT 1 FROM "reminder_runs" r WHERE r."studio_id" = s."studio_id" AND r."day" = ${day(today)} AND r."kind" = 'scheduled')`)
  ).map((r) => Number(r.studio_id));
}

// ---------------------------------------------------------------------------------------------
// The run

/**
 * The studio's overdue open items as of `asOf`: each with its customer, due day, what is open,
 * the days past due and the highest level it was already asked for (by a reminder proposed,
 * queued, sent or discarded: a withdrawn one asked for nothing). Two reads joined here: the
 * embedded database keeps no statistics, and a correlated lookup per item went through every
 * dead row a deleted reminder left in the index.
 */
export async function overdueItems(exec: Exec, studioId: number, asOf: string, customers?: number[]) {
  const items =
    await exec(sql`SELECT o."id", o."customer_id", to_char(o."due", 'YYYY-MM-DD') AS "due", o."open"::text AS "open",
      (${day(asOf)} - o."due") AS "days"
    FROM (${openItems(studioId, customers ?? null)}) o
    WHERE o."open" > 0 AND o."due" < ${day(asOf)}
    ORDER BY o."customer_id", o."due", o."id"`);
  if (!items.length) return [];
  const reached = new Map(
    (
      await exec(sql`SELECT ri."charge_id", max(ri."level") AS "level" FROM "reminder_items" ri
        JOIN "reminders" r ON r."id" = ri."reminder_id" AND r."status" IN ('proposed', 'queued', 'sent', 'discarded')
        WHERE ri."studio_id" = ${studioId} AND ri."charge_id" = ANY(${idArray(items.map((i) => Number(i.id)))})
        GROUP BY ri."charge_id"`)
    ).map((r) => [Number(r.charge_id), Number(r.level)]),
  );
  return items.map((i) => ({
    id: Number(i.id),
    customer_id: Number(i.customer_id),
    due: String(i.due),
    open: String(i.open),
    days: Number(i.days),
    reached: reached.get(Number(i.id)) ?? 0,
  }));
}

/** The studio's customers marked 'contestato', and those with a debit in an SDD batch or a RiBa receipt not yet settled. */
export async function blockedCustomers(exec: Exec, studioId: number) {
  const contested = await exec(sql`SELECT "customer_id" FROM "customer_disputes" WHERE "studio_id" = ${studioId}`);
  const presented = await exec(
    sql`SELECT "customer_id" FROM "sdd_batch_items" WHERE "studio_id" = ${studioId} AND "status" = 'presented'
      UNION SELECT "customer_id" FROM "riba_items" WHERE "studio_id" = ${studioId} AND "status" = 'presented'`,
  );
  return {
    contested: new Set(contested.map((r) => Number(r.customer_id))),
    presented: new Set(presented.map((r) => Number(r.customer_id))),
  };
}

/** The customers (not in the trash) among `ids`: their name and e-mail. */
export async function customerContacts(exec: Exec, studioId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { business_name: string; email: string | null }>();
  const rows = await exec(sql`SELECT "id", "business_name", "email" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { business_name: String(r.business_name), email: r.email ? String(r.email).trim() : null },
    ]),
  );
}

/** The studio's reminders not yet sent (proposed or queued), with their items. */
export async function pendingReminders(exec: Exec, studioId: number, ids?: number[]) {
  const rows = await exec(sql`SELECT r."id", r."customer_id", r."level", r."status",
      coalesce((SELECT array_agg(i."charge_id") FROM "reminder_items" i WHERE i."reminder_id" = r."id"), '{}') AS "charges"
    FROM "reminders" r WHERE r."studio_id" = ${studioId} AND r."status" IN ('proposed', 'queued')
      ${ids ? sql`AND r."id" = ANY(${idArray(ids)})` : sql``}
    ORDER BY r."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    level: Number(r.level),
    status: String(r.status),
    charges: ((r.charges as unknown[]) ?? []).map(Number),
  }));
}

export async function withdraw(exec: Exec, ids: number[], reason: string) {
  if (!ids.length) return 0;
  const rows =
    await exec(sql`UPDATE "reminders" SET "status" = 'withdrawn', "withdrawn_at" = LOCALTIMESTAMP, "reason" = ${reason}
    WHERE "id" = ANY(${idArray(ids)}) AND "status" IN ('proposed', 'queued') RETURNING "id"`);
  return rows.length;
}

export interface NewReminder {
  customer_id: number;
  level: number;
  status: 'proposed' | 'queued';
  amount: string;
  nonce: string;
  reason: string | null;
  items: Array<{ charge_id: number; open: string }>;
}

/** The run's reminders and their items, in two statements. */
export async function insertReminders(
  exec: Exec,
  studioId: number,
  runId: number | null,
  runDay: string,
  userId: number | null,
  list: NewReminder[],
): Promise<number[]> {
  if (!list.length) return [];
  const rows =
    await exec(sql`INSERT INTO "reminders" ("studio_id", "customer_id", "run_id", "level", "status", "amount", "day", "nonce", "reason", "created_by", "queued_at")
    SELECT ${studioId}, x."customer_id", ${runId}, x."level", x."status", x."amount", ${day(runDay)}, x."nonce", x."reason", ${userId},
      CASE WHEN x."status" = 'queued' THEN LOCALTIMESTAMP END
    FROM json_to_recordset(${JSON.stringify(list.map((r, i) => ({ ...r, i, items: undefined })))}::json)
      AS x("i" int, "customer_id" int, "level" int, "status" text, "amount" numeric, "nonce" text, "reason" text)
    ORDER BY x."i"
    RETURNING "id", "customer_id"`);
  const idOf = new Map(rows.map((r) => [Number(r.customer_id), Number(r.id)]));
  const items = list.flatMap((r) =>
    r.items.map((it) => ({ r: idOf.get(r.customer_id)!, c: it.charge_id, o: it.open, l: r.level })),
  );
  await exec(sql`INSERT INTO "reminder_items" ("reminder_id", "charge_id", "studio_id", "level", "open")
    SELECT x."r", x."c", ${studioId}, x."l", x."o" FROM json_to_recordset(${JSON.stringify(items)}::json)
      AS x("r" int, "c" int, "o" numeric, "l" int)`);
  return list.map((r) => idOf.get(r.customer_id)!);
}

// ---------------------------------------------------------------------------------------------
// Review, sending, history

const REMINDER_COLUMNS = sql`r."id", r."customer_id", c."business_name", c."email", r."level", r."status", r."amount"::text AS "amount",
  (SELECT count(*)::int FROM "reminder_items" i WHERE i."reminder_id" = r."id") AS "items",
  (SELECT to_char(min(x."due_date"), 'YYYY-MM-DD') FROM "reminder_items" i JOIN "transactions" x ON x."id" = i."charge_id" WHERE i."reminder_id" = r."id") AS "oldest_due_set",
  (SELECT to_char(min(coalesce(x."due_date", x."date"::date)), 'YYYY-MM-DD') FROM "reminder_items" i JOIN "transactions" x ON x."id" = i."charge_id" WHERE i."reminder_id" = r."id") AS "oldest_due",
  to_char(r."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", to_char(r."sent_at", 'YYYY-MM-DD HH24:MI:SS') AS "sent_at",
  to_char(r."opened_at", 'YYYY-MM-DD HH24:MI:SS') AS "opened_at", r."opened_count",
  to_char(r."withdrawn_at", 'YYYY-MM-DD HH24:MI:SS') AS "withdrawn_at", r."reason", r."mail_id",
  o."status" AS "mail_status", o."last_error" AS "mail_error"`;

export async function listReminders(
  exec: Exec,
  studioId: number,
  f: { statuses?: string[]; customerId?: number; q?: string; limit?: number },
) {
  return exec(sql`SELECT ${REMINDER_COLUMNS}
    FROM "reminders" r JOIN "customers" c ON c."id" = r."customer_id"
      LEFT JOIN "mail_outbox" o ON o."id" = r."mail_id"
    WHERE r."studio_id" = ${studioId}
      ${
        f.statuses?.length
          ? sql`AND r."status" IN (${sql.join(
              f.statuses.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }
      ${f.customerId ? sql`AND r."customer_id" = ${f.customerId}` : sql``}
      ${f.q ? sql`AND c."business_name" ILIKE ${`%${f.q.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
    ORDER BY r."id" DESC LIMIT ${f.limit ?? 5000}`);
}

/** Proposals chosen for sending: queued (answers the ids that were proposed). */
export async function queueReminders(exec: Exec, studioId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await exec(sql`UPDATE "reminders" SET "status" = 'queued', "queued_at" = LOCALTIMESTAMP, "reason" = NULL
      WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "status" = 'proposed' RETURNING "id"`)
  ).map((r) => Number(r.id));
}

export async function discardReminders(exec: Exec, studioId: number, ids: number[], reason: string) {
  if (!ids.length) return 0;
  return (
    await exec(sql`UPDATE "reminders" SET "status" = 'discarded', "withdrawn_at" = LOCALTIMESTAMP, "reason" = ${reason}
      WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "status" = 'proposed' RETURNING "id"`)
  ).length;
}

/** The queued reminders of a studio (or of every studio), oldest first. */
export async function queuedReminders(exec: Exec, studioId: number | null, limit = 500) {
  return (
    await exec(sql`SELECT "id", "studio_id" FROM "reminders" WHERE "status" = 'queued'
      ${studioId ? sql`AND "studio_id" = ${studioId}` : sql``} ORDER BY "id" LIMIT ${limit}`)
  ).map((r) => ({ id: Number(r.id), studioId: Number(r.studio_id) }));
}

export async function reminderRow(exec: Exec, id: number, lock = false) {
  const [r] = await exec(sql`SELECT r."id", r."studio_id", r."customer_id", r."level", r."status", r."nonce",
      to_char(r."link_expires", 'YYYY-MM-DD') AS "link_expires", r."mail_id", to_char(r."day", 'YYYY-MM-DD') AS "day",
      to_char(r."sent_at", 'YYYY-MM-DD') AS "sent_day"
    FROM "reminders" r WHERE r."id" = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return r;
}

export async function markSent(exec: Exec, id: number, mailId: number, linkExpires: string) {
  await exec(sql`UPDATE "reminders" SET "status" = 'sent', "sent_at" = LOCALTIMESTAMP, "mail_id" = ${mailId},
      "link_expires" = ${day(linkExpires)}, "reason" = NULL WHERE "id" = ${id}`);
}

/** Back to review, with why it could not go (no e-mail). */
export async function backToReview(exec: Exec, id: number, reason: string) {
  await exec(
    sql`UPDATE "reminders" SET "status" = 'proposed', "reason" = ${reason} WHERE "id" = ${id} AND "status" = 'queued'`,
  );
}

export async function recordOpening(exec: Exec, id: number) {
  await exec(sql`UPDATE "reminders" SET "opened_count" = "opened_count" + 1, "last_opened_at" = LOCALTIMESTAMP,
      "opened_at" = coalesce("opened_at", LOCALTIMESTAMP) WHERE "id" = ${id}`);
}

/** The letter attached to a sent reminder ('Sollecito.pdf' of its e-mail). */
export async function sentLetter(exec: Exec, mailId: number): Promise<Buffer | null> {
  const [r] = await exec(
    sql`SELECT "content" FROM "mail_attachments" WHERE "mail_id" = ${mailId} AND "filename" = 'Sollecito.pdf' LIMIT 1`,
  );
  if (!r) return null;
  const c = r.content as Uint8Array | Buffer;
  return Buffer.isBuffer(c) ? c : Buffer.from(c);
}

export async function disputeOf(exec: Exec, studioId: number, customerId: number) {
  const [r] = await exec(sql`SELECT d."note", to_char(d."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "since",
      NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "by"
    FROM "customer_disputes" d LEFT JOIN "users" u ON u."id" = d."created_by"
    WHERE d."customer_id" = ${customerId} AND d."studio_id" = ${studioId}`);
  return r;
}

export async function setDispute(
  exec: Exec,
  studioId: number,
  customerId: number,
  on: boolean,
  note: string | null,
  userId: number,
) {
  if (!on) {
    await exec(sql`DELETE FROM "customer_disputes" WHERE "customer_id" = ${customerId} AND "studio_id" = ${studioId}`);
    return;
  }
  await exec(sql`INSERT INTO "customer_disputes" ("customer_id", "studio_id", "note", "created_by")
    VALUES (${customerId}, ${studioId}, ${note}, ${userId})
    ON CONFLICT ("customer_id") DO UPDATE SET "note" = EXCLUDED."note"`);
}

/** Whether the customer is the studio's (in the trash too: its card is shown). */
export async function ownCustomer(exec: Exec, studioId: number, customerId: number) {
  const [r] = await exec(sql`SELECT 1 FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`);
  return !!r;
}

/**
 * Which of the Word templates exist and are not in the trash. The templates are the vendor's,
 * shared by every studio (model/models/WordTemplate.ts: scope global): there is no studio to
 * check (the query named a studio_id the table does not have: issue 45 item 7).
 */
export async function usableWordTemplates(exec: Exec, ids: number[]) {
  if (!ids.length) return new Set<number>();
  return new Set(
    (await exec(sql`SELECT "id" FROM "word_templates" WHERE "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`)).map(
      (r) => Number(r.id),
    ),
  );
}
