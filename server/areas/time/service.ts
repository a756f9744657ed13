/**
 * Time tracking (issue 49 items 4, 6, 7): the app bar's timer and the weekly sheet ('Foglio ore').
 * A Collaboratore (and above) records his own time; the Admin also reads and writes the sheet of any
 * user of his studio. The rules are those of the TimeEntry controller (server/models/TimeEntry.ts):
 * no day in the future, at most 24 hours a user a day, the customer and the service of the studio.
 *
 * The timer: stopping it records the minutes from the start (rounded up, at least 1) as an entry of
 * the day it started, through the records engine (the controller's checks, the audit) in the same
 * transaction as removing the timer. A timer left running past midnight is cut there: only the time
 * of its start day is recorded; and the entry takes at most what is left of that day after the
 * user's other entries. What is left out is said in the answer's message. When nothing is left of
 * the day the stop is refused (422) and the timer stays, to be discarded.
 *
 * The weekly sheet: see model/api/time.ts. Every cell is checked (a day in the future, a number that
 * is no duration, a day's total over 24 hours across the rows and the user's other entries) and the
 * errors answered by cell path (`rows.2.days.4`) before anything is written: all or nothing.
 */
import dayjs from 'dayjs';
import { atLeast } from '../../../model/define.js';
import { TIME_ZONE, addDays, nowDateTime, today } from '../../../model/dates.js';
import { hoursText } from '../../../model/engagements.js';
import { modelByName } from '../../../model/registry.js';
import {
  DAY_MINUTES,
  NOTE_MAX,
  TIME_MESSAGES,
  WEEK_ROWS_MAX,
  dayOverMessage,
  mondayOf,
  timerRunningMessage,
} from '../../../model/time.js';
import type {
  Timer,
  TimerStartInput,
  TimerStopInput,
  TimerStopped,
  Week,
  WeekInput,
  WeekQuery,
  WeekRow,
} from '../../../model/api/time.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, MSG, forbidden } from '../../errors.js';
import { createRecord, type Tx } from '../../records/crud.js';
import { auditMany } from '../../records/audit.js';
import type { Exec } from '../../records/exec.js';
import {
  customerNames,
  dayMinutes,
  deleteEntries,
  deleteTimer,
  insertEntries,
  insertTimer,
  liveCustomers,
  liveServices,
  lockUserTime,
  pairDays,
  serviceNames,
  studioUser,
  timerOf,
  type NewEntry,
} from './queries.js';

const TimeEntry = modelByName.get('TimeEntry')!;

/**
 * Time is recorded by a Collaboratore and above (the Utente has no time of his own), with his role's
 * permission on the time entries (`view` to read, `create` to record).
 */
function allow(ctx: Ctx, verb: 'view' | 'create' = 'create') {
  if (!atLeast(ctx.role, 'Collaboratore') || !can(ctx, TimeEntry, verb)) throw forbidden();
}

/** Field errors gathered, answered at once (422). */
function checks() {
  const errors: Record<string, string[]> = {};
  return {
    errors,
    add(field: string, message: string) {
      (errors[field] ??= []).push(message);
    },
    done() {
      if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
    },
  };
}

const cleanNote = (note: string | null | undefined) => {
  const n = (note ?? '').trim();
  return n ? n : null;
};
const what = (customer: string, service: string) => `${customer} – ${service}`;

/** A Rome wall-clock date-time ('YYYY-MM-DD HH:mm:ss') as an instant (ms). */
const instant = (wall: string) => dayjs.tz(wall, TIME_ZONE).valueOf();

// ---------------------------------------------------------------------------------------------
// The timer
// ---------------------------------------------------------------------------------------------

const timerAnswer = (t: NonNullable<Awaited<ReturnType<typeof timerOf>>>, now: Date): Timer => ({
  ...t,
  elapsed_seconds: Math.max(0, Math.floor((now.getTime() - instant(t.started_at)) / 1000)),
});

/** GET /api/time/timer: the caller's running timer, or null. */
export async function currentTimer(exec: Exec, ctx: Ctx, now = new Date()): Promise<Timer | null> {
  allow(ctx, 'view');
  const t = await timerOf(exec, ctx.studioId, ctx.userId);
  return t ? timerAnswer(t, now) : null;
}

/** The customer and the service of an input, checked (422 on the field when missing or not the studio's). */
async function checkPair(
  exec: Exec,
  ctx: Ctx,
  input: { customer_id?: number | null; studio_service_id?: number | null },
  c: ReturnType<typeof checks>,
) {
  const customer = input.customer_id ?? null;
  const service = input.studio_service_id ?? null;
  if (customer == null) c.add('customer_id', TIME_MESSAGES.customer);
  else if (!(await liveCustomers(exec, ctx.studioId, [customer])).has(customer))
    c.add('customer_id', TIME_MESSAGES.customerNotFound);
  if (service == null) c.add('studio_service_id', TIME_MESSAGES.service);
  else if (!(await liveServices(exec, ctx.studioId, [service])).has(service))
    c.add('studio_service_id', TIME_MESSAGES.serviceNotFound);
  return { customer: customer!, service: service! };
}

/** POST /api/time/timer/start: starts the caller's timer (409 when one runs). */
export async function startTimer(tx: Tx, ctx: Ctx, body: TimerStartInput, now = new Date()): Promise<Timer> {
  allow(ctx);
  return tx(async (exec) => {
    const c = checks();
    const { customer, service } = await checkPair(exec, ctx, body, c);
    const note = cleanNote(body.note);
    if (note && note.length > NOTE_MAX) c.add('note', TIME_MESSAGES.noteTooLong);
    const running = await timerOf(exec, ctx.studioId, ctx.userId);
    if (running) {
      const since = running.started_at.slice(11, 16);
      const day =
        running.started_at.slice(0, 10) === today(now)
          ? ''
          : ` del ${running.started_at.slice(0, 10).split('-').reverse().join('/')}`;
      throw new HttpError(
        409,
        timerRunningMessage(`${what(running.customer_name, running.service_name)} (dalle ${since}${day})`),
      );
    }
    c.done();
    const started = await insertTimer(exec, ctx.studioId, ctx.userId, {
      customer_id: customer,
      studio_service_id: service,
      note,
      started_at: nowDateTime(now),
    });
    // two starts at once: the other one won
    if (!started) throw new HttpError(409, timerRunningMessage('un altro cliente o servizio'));
    return timerAnswer((await timerOf(exec, ctx.studioId, ctx.userId))!, now);
  });
}

/**
 * What a stop records: the minutes from the start to the stop (rounded up, at least 1), cut at the
 * start day's midnight and at what is left of that day. Pure: the tests and the message use it.
 */
export function timerMinutes(startedAt: string, now: Date, recordedThatDay: number) {
  const start = instant(startedAt);
  const day = startedAt.slice(0, 10);
  // the next day's 00:00 on the wall clock (a day of the clocks' change is 23 or 25 hours long)
  const midnight = instant(`${addDays(day, 1)} 00:00:00`);
  const elapsed = Math.max(1, Math.ceil((now.getTime() - start) / 60_000));
  const untilMidnight = Math.max(1, Math.ceil((Math.min(now.getTime(), midnight) - start) / 60_000));
  const left = Math.max(0, DAY_MINUTES - recordedThatDay);
  const minutes = Math.min(untilMidnight, left, DAY_MINUTES);
  return { day, elapsed, minutes, pastMidnight: now.getTime() > midnight, dayFull: left < untilMidnight };
}

/** POST /api/time/timer/stop: the entry of the elapsed time, the timer removed, in one transaction. */
export async function stopTimer(tx: Tx, ctx: Ctx, body: TimerStopInput, now = new Date()): Promise<TimerStopped> {
  allow(ctx);
  return tx(async (exec) => {
    const timer = await timerOf(exec, ctx.studioId, ctx.userId, true);
    if (!timer) throw new HttpError(404, TIME_MESSAGES.noTimer);
    const note = cleanNote(body.note) ?? timer.note;
    if (note && note.length > NOTE_MAX) throw new HttpError(422, MSG.validation, { note: [TIME_MESSAGES.noteTooLong] });
    await lockUserTime(exec, ctx.userId);
    const recorded = await dayMinutes(exec, ctx.studioId, ctx.userId, timer.started_at.slice(0, 10));
    const m = timerMinutes(timer.started_at, now, recorded);
    const dayText = m.day.split('-').reverse().join('/');
    if (m.minutes < 1)
      throw new HttpError(
        422,
        `Il ${dayText} hai già registrato 24 ore: il timer non può aggiungere altro tempo. Annullalo, o correggi prima il foglio ore`,
      );
    const within: Tx = (fn) => fn(exec);
    const row = await createRecord(within, ctx, TimeEntry, {
      user_id: ctx.userId,
      customer_id: timer.customer_id,
      studio_service_id: timer.studio_service_id,
      date: m.day,
      minutes: m.minutes,
      note,
    });
    await deleteTimer(exec, ctx.studioId, ctx.userId);
    const leftOut = m.elapsed - m.minutes;
    let message = `Registrati ${hoursText(m.minutes)} per ${what(timer.customer_name, timer.service_name)}`;
    if (m.pastMidnight)
      message += ` il ${dayText}: il timer è andato oltre la mezzanotte e si conta solo fino alle 24:00; ${hoursText(leftOut)} non registrate (aggiungile nel foglio ore, se lavorate)`;
    else if (m.dayFull)
      message += recorded
        ? `: con le altre voci del ${dayText} si arriva a 24 ore; ${hoursText(leftOut)} non registrate`
        : `: al massimo 24 ore al giorno; ${hoursText(leftOut)} non registrate`;
    return {
      entry: {
        id: Number(row.id),
        user_id: Number(row.user_id),
        customer_id: Number(row.customer_id),
        studio_service_id: Number(row.studio_service_id),
        date: String(row.date),
        minutes: Number(row.minutes),
        note: (row.note as string | null) ?? null,
      },
      customer_name: timer.customer_name,
      service_name: timer.service_name,
      elapsed_minutes: m.elapsed,
      left_out_minutes: leftOut,
      message,
    };
  });
}

/** POST /api/time/timer/discard: the timer removed, nothing recorded. */
export async function discardTimer(exec: Exec, ctx: Ctx): Promise<void> {
  allow(ctx);
  if (!(await deleteTimer(exec, ctx.studioId, ctx.userId))) throw new HttpError(404, TIME_MESSAGES.noTimer);
}

// ---------------------------------------------------------------------------------------------
// The weekly sheet
// ---------------------------------------------------------------------------------------------

/** The user whose sheet it is: the caller, or (the Admin only) a user of his studio. */
async function sheetUser(exec: Exec, ctx: Ctx, userId: number | undefined) {
  const id = userId ?? ctx.userId;
  if (id !== ctx.userId && !atLeast(ctx.role, 'Admin')) throw new HttpError(403, TIME_MESSAGES.ownOnly);
  const user = await studioUser(exec, ctx.studioId, id);
  if (!user) throw new HttpError(404, TIME_MESSAGES.userNotFound);
  return user;
}

/** The week's Monday from the input, or 422 on `from`. */
function monday(from: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(from) && !Number.isNaN(Date.parse(`${from}T00:00:00Z`));
  if (!ok || new Date(`${from}T00:00:00Z`).toISOString().slice(0, 10) !== from || mondayOf(from) !== from)
    throw new HttpError(422, MSG.validation, { from: [TIME_MESSAGES.monday] });
  return from;
}

const weekDays = (from: string) => Array.from({ length: 7 }, (_, i) => addDays(from, i));
const pairKey = (customer: number, service: number) => `${customer}:${service}`;

async function readWeek(exec: Exec, ctx: Ctx, user: { id: number; name: string }, from: string, now: Date) {
  const days = weekDays(from);
  const entries = await pairDays(exec, ctx.studioId, user.id, from, days[6]!);
  const customers = await customerNames(exec, ctx.studioId, [...new Set(entries.map((e) => e.customer_id))]);
  const services = await serviceNames(exec, ctx.studioId, [...new Set(entries.map((e) => e.studio_service_id))]);
  const rows = new Map<string, WeekRow>();
  for (const e of entries) {
    const key = pairKey(e.customer_id, e.studio_service_id);
    let row = rows.get(key);
    if (!row) {
      row = {
        customer_id: e.customer_id,
        customer_name: customers.get(e.customer_id) ?? '',
        studio_service_id: e.studio_service_id,
        service_name: services.get(e.studio_service_id) ?? '',
        days: [null, null, null, null, null, null, null],
        notes: [null, null, null, null, null, null, null],
      };
      rows.set(key, row);
    }
    const i = days.indexOf(e.date);
    row.days[i] = e.minutes;
    row.notes[i] = e.notes;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.customer_name.localeCompare(b.customer_name, 'it') ||
      a.service_name.localeCompare(b.service_name, 'it') ||
      a.customer_id - b.customer_id ||
      a.studio_service_id - b.studio_service_id,
  );
  const dayTotals = days.map((_, i) => sorted.reduce((s, r) => s + (r.days[i] ?? 0), 0));
  const week: Week = {
    from,
    to: days[6]!,
    days,
    user_id: user.id,
    user_name: user.name,
    today: today(now),
    rows: sorted,
    day_totals: dayTotals,
    total: dayTotals.reduce((s, x) => s + x, 0),
  };
  return { week, entries };
}

/** GET /api/time/week: the user's week, one row per customer and service. */
export async function getWeek(exec: Exec, ctx: Ctx, q: WeekQuery, now = new Date()): Promise<Week> {
  allow(ctx, 'view');
  const from = monday(q.from ?? mondayOf(today(now)));
  const user = await sheetUser(exec, ctx, q.user_id);
  return (await readWeek(exec, ctx, user, from, now)).week;
}

/** PUT /api/time/week: sets the cells of the rows sent, all or nothing; the week as saved. */
export async function saveWeek(tx: Tx, ctx: Ctx, body: WeekInput, now = new Date()): Promise<Week> {
  allow(ctx);
  const from = monday(body.from);
  if (body.rows.length > WEEK_ROWS_MAX) throw new HttpError(422, MSG.validation, { rows: [TIME_MESSAGES.tooManyRows] });
  return tx(async (exec) => {
    const user = await sheetUser(exec, ctx, body.user_id);
    await lockUserTime(exec, user.id);
    const days = weekDays(from);
    const day0 = today(now);
    const current = await pairDays(exec, ctx.studioId, user.id, from, days[6]!);
    const byCell = new Map(current.map((e) => [`${pairKey(e.customer_id, e.studio_service_id)}:${e.date}`, e]));
    const c = checks();

    // the rows: a customer and a service of the studio, each pair once
    const customers = await liveCustomers(exec, ctx.studioId, body.rows.map((r) => r.customer_id ?? 0).filter(Boolean));
    const services = await liveServices(
      exec,
      ctx.studioId,
      body.rows.map((r) => r.studio_service_id ?? 0).filter(Boolean),
    );
    const seen = new Set<string>();
    const sent = new Set<string>();
    body.rows.forEach((r, i) => {
      const ids = { customer: r.customer_id ?? null, service: r.studio_service_id ?? null };
      if (ids.customer == null) c.add(`rows.${i}.customer_id`, TIME_MESSAGES.customer);
      if (ids.service == null) c.add(`rows.${i}.studio_service_id`, TIME_MESSAGES.service);
      if (ids.customer == null || ids.service == null) return;
      const key = pairKey(ids.customer, ids.service);
      if (seen.has(key)) {
        c.add(`rows.${i}.studio_service_id`, TIME_MESSAGES.duplicateRow);
        return;
      }
      seen.add(key);
      sent.add(key);
      // a pair already in the week may be emptied even when its customer or service went to the trash
      const known = days.some((d) => byCell.has(`${key}:${d}`));
      const emptied = r.days.every((m) => !m);
      if (!customers.has(ids.customer) && !(known && emptied))
        c.add(`rows.${i}.customer_id`, TIME_MESSAGES.customerNotFound);
      if (!services.has(ids.service) && !(known && emptied))
        c.add(`rows.${i}.studio_service_id`, TIME_MESSAGES.serviceNotFound);
    });

    // the cells: a duration in minutes, no time in the future; what changes
    interface Change {
      row: number;
      day: number;
      minutes: number;
      note: string | null;
      replaces: number[];
    }
    const changes: Change[] = [];
    const totals = days.map(() => 0);
    body.rows.forEach((r, i) => {
      const key =
        r.customer_id != null && r.studio_service_id != null ? pairKey(r.customer_id, r.studio_service_id) : null;
      r.days.forEach((raw, d) => {
        const path = `rows.${i}.days.${d}`;
        const value = raw ?? 0;
        if (!Number.isInteger(value) || value < 0 || value > DAY_MINUTES) {
          c.add(path, TIME_MESSAGES.cell);
          return;
        }
        totals[d]! += value;
        const was = key ? byCell.get(`${key}:${days[d]}`) : undefined;
        const sentNote = r.notes?.[d];
        const note = sentNote === undefined ? (was?.notes ?? null) : cleanNote(sentNote);
        const sameMinutes = (was?.minutes ?? 0) === value;
        const sameNote = value === 0 || (was?.notes ?? null) === note;
        if (sameMinutes && sameNote) return;
        if (value > 0 && days[d]! > day0) c.add(path, TIME_MESSAGES.future);
        if (value > 0 && note && note.length > NOTE_MAX) c.add(`rows.${i}.notes.${d}`, TIME_MESSAGES.noteTooLong);
        changes.push({
          row: i,
          day: d,
          minutes: value,
          note: note?.slice(0, NOTE_MAX) ?? null,
          replaces: was?.ids ?? [],
        });
      });
    });

    // each day's total: the rows sent and the user's entries of the pairs not sent, at most 24 hours
    const untouched = days.map(() => 0);
    for (const e of current)
      if (!sent.has(pairKey(e.customer_id, e.studio_service_id))) untouched[days.indexOf(e.date)]! += e.minutes;
    days.forEach((day, d) => {
      const total = totals[d]! + untouched[d]!;
      if (total <= DAY_MINUTES) return;
      for (const ch of changes)
        if (ch.day === d && ch.minutes > 0) c.add(`rows.${ch.row}.days.${d}`, dayOverMessage(day, total));
    });
    c.done();

    // the writes: each changed cell's entries replaced by one entry (none when emptied)
    const removed = changes.flatMap((ch) => ch.replaces);
    const made: NewEntry[] = changes
      .filter((ch) => ch.minutes > 0)
      .map((ch) => ({
        user_id: user.id,
        customer_id: body.rows[ch.row]!.customer_id!,
        studio_service_id: body.rows[ch.row]!.studio_service_id!,
        date: days[ch.day]!,
        minutes: ch.minutes,
        note: ch.note,
      }));
    await deleteEntries(exec, ctx.studioId, removed);
    const ids = await insertEntries(exec, ctx.studioId, made);
    await auditMany(exec, ctx, TimeEntry, removed, 'delete');
    await auditMany(exec, ctx, TimeEntry, ids, 'create');
    return (await readWeek(exec, ctx, user, from, now)).week;
  });
}
