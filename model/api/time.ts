/**
 * The calls of time tracking (server/areas/time; issue 49 item 4): the app bar's timer and the weekly
 * sheet ('Foglio ore'). One source for the server's schemas, its services' input and the app's types;
 * the rules both sides share (the messages, how a typed duration is read, the Monday of a week) are
 * in model/time.ts.
 *
 * A timer is the caller's own, one at most (table time_timers). Stopping it makes a TimeEntry of the
 * minutes elapsed, rounded up to the minute (at least 1), dated the day it started. A timer left
 * running across midnight is cut at midnight: only the time of its start day is recorded, and the
 * answer says how much was left out (to be added in the weekly sheet for the next day if it was
 * work). It is also capped at what is left of that day for the user (24 hours a day, the other
 * entries counted); when nothing is left the stop is refused and the timer stays, to be discarded.
 *
 * The weekly sheet: one row per (customer, service), 7 cells from Monday; a cell is the sum of the
 * user's entries of that day for that pair. Saving sets each changed cell: that day's entries of the
 * pair are replaced by one entry of the cell's minutes (none when 0 or empty); an unchanged cell
 * keeps its entries as they are. Every cell is checked before anything is written.
 */
import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida (AAAA-MM-GG)');
const optionalId = z.number().int().nullish();
const optionalNote = z.string().nullish();

// ---------------------------------------------------------------------------------------------
// The timer
// ---------------------------------------------------------------------------------------------

/** GET /api/time/timer: the caller's running timer. */
export const Timer = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  studio_service_id: z.number().int(),
  service_name: z.string(),
  note: z.string().nullable(),
  started_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  elapsed_seconds: z.number().int().describe('secondi trascorsi secondo il server, al momento della risposta'),
});
export type Timer = z.infer<typeof Timer>;

/** POST /api/time/timer/start */
export const TimerStartInput = z.object({
  customer_id: optionalId,
  studio_service_id: optionalId,
  note: optionalNote,
});
export type TimerStartInput = z.infer<typeof TimerStartInput>;

/** POST /api/time/timer/stop: a note replaces the timer's (when not empty). */
export const TimerStopInput = z.object({ note: optionalNote });
export type TimerStopInput = z.infer<typeof TimerStopInput>;

/** A TimeEntry as the timer and the sheet answer it. */
export const TimeEntryRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  customer_id: z.number().int(),
  studio_service_id: z.number().int(),
  date: z.string(),
  minutes: z.number().int(),
  note: z.string().nullable(),
});
export type TimeEntryRow = z.infer<typeof TimeEntryRow>;

/** The answer of a stop: the entry made and, when the timer was cut, why and how much was left out. */
export const TimerStopped = z.object({
  entry: TimeEntryRow,
  customer_name: z.string(),
  service_name: z.string(),
  /** minutes from the start to the stop (rounded up) */
  elapsed_minutes: z.number().int(),
  /** minutes of the elapsed time not recorded (after midnight, or over the day's 24 hours) */
  left_out_minutes: z.number().int(),
  /** 'Registrati 1:25 per Rossi Srl – Contabilità' (and the cut, when any) */
  message: z.string(),
});
export type TimerStopped = z.infer<typeof TimerStopped>;

// ---------------------------------------------------------------------------------------------
// The weekly sheet
// ---------------------------------------------------------------------------------------------

/** GET /api/time/week?from=YYYY-MM-DD[&user_id=…] (user_id: the Admin only) */
export const WeekQuery = z.object({
  from: z.string().optional().describe('il lunedì della settimana, AAAA-MM-GG (predefinito: la settimana in corso)'),
  user_id: z.coerce.number().int().optional().describe('il collaboratore (solo Admin; predefinito: se stesso)'),
});
export type WeekQuery = z.infer<typeof WeekQuery>;

const seven = <T extends z.ZodType>(t: T) => z.array(t).length(7);

export const WeekRow = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  studio_service_id: z.number().int(),
  service_name: z.string(),
  /** minutes per day, Monday first (null: no entry) */
  days: seven(z.number().int().nullable()),
  /** the notes of each day's entries, joined by '; ' */
  notes: seven(z.string().nullable()),
});
export type WeekRow = z.infer<typeof WeekRow>;

export const Week = z.object({
  from: isoDay,
  to: isoDay,
  /** the 7 days, Monday first */
  days: seven(isoDay),
  user_id: z.number().int(),
  user_name: z.string(),
  /** today on the studio's clock (Rome): later days take no time */
  today: isoDay,
  rows: z.array(WeekRow),
  day_totals: seven(z.number().int()),
  total: z.number().int(),
});
export type Week = z.infer<typeof Week>;

/** PUT /api/time/week: the rows to set (pairs not sent are left as they are). */
export const WeekInput = z.object({
  from: z.string(),
  user_id: z.number().int().optional(),
  rows: z
    .array(
      z.object({
        customer_id: optionalId,
        studio_service_id: optionalId,
        /** minutes per day, Monday first: 0 or null empties the cell */
        days: seven(z.number().nullable()),
        /** the note of each day's entry (only a changed cell, or a changed note, is written) */
        notes: seven(z.string().nullable()).optional(),
      }),
    )
    .max(1000),
});
export type WeekInput = z.infer<typeof WeekInput>;
