/**
 * The SQL of time tracking (issue 49 item 4), always scoped to the caller's studio: the running
 * timers (time_timers), the entries of a user's days and week (time_entries, trashed ones left
 * out), the lock that makes a user's writes of time one at a time (so two saves at once cannot
 * together pass 24 hours on a day). Also used by the TimeEntry controller (server/models/TimeEntry.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { col, idArray } from '../../db/sql.js';

const num = (v: unknown) => Number(v);
const text = (v: unknown) => (v == null ? null : String(v));

/** The row scope of a role below Admin: the entries of `userId` only (table alias `alias`). */
export const ownRows = (alias: string, userId: number): SQL => sql`${col(alias, 'user_id')} = ${userId}`;

/**
 * Until the transaction ends, the writes of a user's time wait for each other: the 24 hours of a
 * day are checked against what the other writes committed.
 */
export async function lockUserTime(exec: Exec, userId: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(hashtext(${`time_entries.user:${userId}`}))`);
}

/** Minutes the user recorded on a day (trashed entries apart), leaving out the entries `except`. */
export async function dayMinutes(
  exec: Exec,
  studioId: number,
  userId: number,
  day: string,
  except: number[] = [],
): Promise<number> {
  const [r] = await exec(sql`SELECT COALESCE(SUM("minutes"), 0)::int AS "total" FROM "time_entries"
    WHERE "studio_id" = ${studioId} AND "user_id" = ${userId} AND "date" = ${day}::date AND "deleted_at" IS NULL
      ${except.length ? sql`AND "id" <> ALL(${idArray(except)})` : sql``}`);
  return num(r?.total ?? 0);
}

export interface PairDay {
  customer_id: number;
  studio_service_id: number;
  date: string;
  minutes: number;
  notes: string | null;
  ids: number[];
}

/** The user's entries of [from, to] summed by customer, service and day, with their notes and ids. */
export async function pairDays(
  exec: Exec,
  studioId: number,
  userId: number,
  from: string,
  to: string,
): Promise<PairDay[]> {
  const rows = await exec(sql`SELECT "customer_id", "studio_service_id", to_char("date", 'YYYY-MM-DD') AS "date",
      SUM("minutes")::int AS "minutes",
      string_agg(NULLIF(btrim("note"), ''), '; ' ORDER BY "id") AS "notes",
      array_agg("id" ORDER BY "id") AS "ids"
    FROM "time_entries"
    WHERE "studio_id" = ${studioId} AND "user_id" = ${userId} AND "deleted_at" IS NULL
      AND "date" BETWEEN ${from}::date AND ${to}::date
    GROUP BY "customer_id", "studio_service_id", "date"`);
  return rows.map((r) => ({
    customer_id: num(r.customer_id),
    studio_service_id: num(r.studio_service_id),
    date: String(r.date),
    minutes: num(r.minutes),
    notes: text(r.notes),
    ids: (r.ids as unknown[]).map(Number),
  }));
}

/** Names of customers of the studio (trashed included: a past week may name one), by id. */
export async function customerNames(exec: Exec, studioId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT "id", "business_name" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [num(r.id), String(r.business_name ?? '')]));
}

/** Descriptions of services of the studio (trashed included), by id. */
export async function serviceNames(exec: Exec, studioId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT "id", "description" FROM "studio_services"
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [num(r.id), String(r.description ?? '')]));
}

/** Of `ids`, the customers of the studio that are not trashed. */
export async function liveCustomers(exec: Exec, studioId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec(sql`SELECT "id" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`);
  return new Set(rows.map((r) => num(r.id)));
}

/** Of `ids`, the services of the studio that are not trashed. */
export async function liveServices(exec: Exec, studioId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await exec(sql`SELECT "id" FROM "studio_services"
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`);
  return new Set(rows.map((r) => num(r.id)));
}

/** A user of the studio: id and name, or null. */
export async function studioUser(
  exec: Exec,
  studioId: number,
  userId: number,
): Promise<{ id: number; name: string } | null> {
  const [r] = await exec(sql`SELECT "id", "name" FROM "users" WHERE "studio_id" = ${studioId} AND "id" = ${userId}`);
  return r ? { id: num(r.id), name: String(r.name ?? '') } : null;
}

// ---------------------------------------------------------------------------------------------
// time_entries written by the sheet and the timer
// ---------------------------------------------------------------------------------------------

export interface NewEntry {
  user_id: number;
  customer_id: number;
  studio_service_id: number;
  date: string;
  minutes: number;
  note: string | null;
}

/** Inserts entries: their ids, in the order given. */
export async function insertEntries(exec: Exec, studioId: number, entries: NewEntry[]): Promise<number[]> {
  const ids: number[] = [];
  for (const e of entries) {
    const [r] = await exec(sql`INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id",
        "date", "minutes", "note")
      VALUES (${studioId}, ${e.user_id}, ${e.customer_id}, ${e.studio_service_id}, ${e.date}::date, ${e.minutes}, ${e.note})
      RETURNING "id"`);
    ids.push(num(r!.id));
  }
  return ids;
}

/** Deletes entries of the studio (the sheet replaces them). */
export async function deleteEntries(exec: Exec, studioId: number, ids: number[]) {
  if (!ids.length) return;
  await exec(sql`DELETE FROM "time_entries" WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)})`);
}

// ---------------------------------------------------------------------------------------------
// time_timers
// ---------------------------------------------------------------------------------------------

export interface TimerRow {
  customer_id: number;
  customer_name: string;
  studio_service_id: number;
  service_name: string;
  note: string | null;
  started_at: string;
}

/** The user's running timer with the names of its customer and service (`lock`: for a stop). */
export async function timerOf(exec: Exec, studioId: number, userId: number, lock = false): Promise<TimerRow | null> {
  const [r] = await exec(sql`SELECT t."customer_id", c."business_name" AS "customer_name", t."studio_service_id",
      s."description" AS "service_name", t."note", to_char(t."started_at", 'YYYY-MM-DD HH24:MI:SS') AS "started_at"
    FROM "time_timers" t
    JOIN "customers" c ON c."id" = t."customer_id"
    JOIN "studio_services" s ON s."id" = t."studio_service_id"
    WHERE t."user_id" = ${userId} AND t."studio_id" = ${studioId}
    ${lock ? sql`FOR UPDATE OF t` : sql``}`);
  if (!r) return null;
  return {
    customer_id: num(r.customer_id),
    customer_name: String(r.customer_name ?? ''),
    studio_service_id: num(r.studio_service_id),
    service_name: String(r.service_name ?? ''),
    note: text(r.note),
    started_at: String(r.started_at),
  };
}

/** Starts the user's timer unless one runs: whether it was started. */
export async function insertTimer(
  exec: Exec,
  studioId: number,
  userId: number,
  t: { customer_id: number; studio_service_id: number; note: string | null; started_at: string },
): Promise<boolean> {
  const rows = await exec(sql`INSERT INTO "time_timers" ("user_id", "studio_id", "customer_id", "studio_service_id",
      "note", "started_at")
    VALUES (${userId}, ${studioId}, ${t.customer_id}, ${t.studio_service_id}, ${t.note}, ${t.started_at}::timestamp)
    ON CONFLICT ("user_id") DO NOTHING RETURNING "user_id"`);
  return rows.length > 0;
}

/** Removes the user's timer: whether there was one. */
export async function deleteTimer(exec: Exec, studioId: number, userId: number): Promise<boolean> {
  const rows = await exec(sql`DELETE FROM "time_timers" WHERE "user_id" = ${userId} AND "studio_id" = ${studioId}
    RETURNING "user_id"`);
  return rows.length > 0;
}
