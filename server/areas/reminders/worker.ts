/**
 * The daily run of the reminders and their sending, on the job queue (pg-boss, as the outbox and
 * SdI), in every server process (issue 30 item 3):
 *
 * - Each process looks every minute (REMINDERS_TICK_SECONDS) for studios whose run is due (rules
 *   on, the studio's time passed, no scheduled run today) and for reminders left queued. Only then
 *   is the job queue started (a server that never reminds runs none).
 * - A due studio gets a 'reminders-day' job, one per studio and day (its singleton key); the job
 *   claims the day's run in the database (reminder_runs' unique index: two processes, one run)
 *   and makes it in one transaction, then hands the studio's queued reminders to the sender.
 * - 'reminders-send' jobs, one per studio at a time, send its queued reminders one by one, each at
 *   most once (./sender.ts). After a kill -9 the reminders left queued are found by the next
 *   look and sent; none is sent twice.
 */
import type { Database } from '../../db/connection.js';
import type { Settings } from '../../settings.js';
import { execOn, inTransaction } from '../../records/exec.js';
import { LazyWorker, startJobQueue, type JobLog } from '../../jobs/queue.js';
import { turn } from '../../turns.js';
import { today as romeToday } from '../../../model/dates.js';
import { dueStudios, queuedReminders } from './queries.js';
import { runReminders, storedSettings } from './service.js';
import { sendAmlRenewals } from '../aml/index.js';
import { dailyTasks } from './dailyTasks.js';
import { sendReminder, type SenderDeps } from './sender.js';

export const REMINDER_DAY_QUEUE = 'reminders-day';
export const REMINDER_SEND_QUEUE = 'reminders-send';
const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** HH:MM in Rome now. */
export const romeTime = (now = new Date()) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hour12: false })
    .format(now)
    .replace('.', ':');

export interface ReminderWorker {
  /** a day job for each of these studios (idempotent: one per studio and day) */
  schedule(studioIds: number[], day: string): Promise<void>;
  /** a send job for each of these studios */
  sendQueued(studioIds: number[]): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
}

export interface ReminderWorkerOptions extends Omit<SenderDeps, 'database'> {
  database: Database;
  settings: Pick<Settings, 'databaseUrl'>;
  log?: JobLog;
  pollingIntervalSeconds?: number;
}

export async function startReminderWorker(opts: ReminderWorkerOptions): Promise<ReminderWorker> {
  const { database } = opts;
  const log = opts.log ?? silent;
  const { boss, stop: stopQueue } = await startJobQueue(database, opts.settings.databaseUrl, 'reminders', log);
  const policy = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 };
  for (const name of [REMINDER_DAY_QUEUE, REMINDER_SEND_QUEUE]) {
    const q = { name, policy: 'short' as const, ...policy };
    await boss.createQueue(name, q);
    await boss.updateQueue(name, q);
  }
  let stopping = false;
  const workerIds: string[] = [];

  async function sendAll(studioId: number) {
    const seen = new Set<number>();
    for (;;) {
      const batch = (await queuedReminders(execOn(database.db), studioId, 50)).filter((r) => !seen.has(r.id));
      if (!batch.length || stopping) return;
      for (const r of batch) {
        seen.add(r.id);
        await turn();
        try {
          const outcome = await sendReminder(opts, r.id);
          log.info({ reminder: r.id, studio: studioId, outcome }, `reminders: ${outcome}`);
        } catch (err) {
          // left queued: the next look sends it
          log.warn({ err, reminder: r.id }, 'reminders: not sent, tried again later');
        }
      }
    }
  }

  async function sendQueued(studioIds: number[]) {
    if (stopping) return;
    for (const studioId of studioIds)
      await boss.send(REMINDER_SEND_QUEUE, { studioId }, { singletonKey: `send-${studioId}`, ...policy });
    for (const w of workerIds) boss.notifyWorker(w);
  }

  const polling = Math.max(0.5, opts.pollingIntervalSeconds ?? 2);
  workerIds.push(
    await boss.work<{ studioId?: unknown; day?: unknown }>(
      REMINDER_DAY_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: polling },
      async ([job]) => {
        const studioId = Number(job?.data?.studioId);
        const day = String(job?.data?.day ?? '');
        if (!Number.isInteger(studioId) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
        const counts = await inTransaction(database, (x) => runReminders(x, studioId, day, 'scheduled', null));
        if (counts)
          log.info(
            { studio: studioId, day, proposed: counts.proposed, queued: counts.queued, withdrawn: counts.withdrawn },
            'reminders: daily run made',
          );
        // the AML declarations to renew (issue 48): each once per customer and due date, whichever process runs
        const { aml_renewal_days: amlDays } = await storedSettings(execOn(database.db), studioId);
        if (amlDays > 0) {
          const sent = await sendAmlRenewals(opts, studioId, day, amlDays);
          if (sent) log.info({ studio: studioId, day, sent }, 'reminders: AML declarations to renew e-mailed');
        }
        // what other areas add (the customers' area's late document requests, issue 50): each claims its own work
        for (const task of dailyTasks()) {
          const sent = await task.run(opts, studioId, day);
          if (sent) log.info({ studio: studioId, day, sent, task: task.name }, 'reminders: daily task e-mailed');
        }
        await sendAll(studioId);
      },
    ),
  );
  workerIds.push(
    await boss.work<{ studioId?: unknown }>(
      REMINDER_SEND_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: polling },
      async ([job]) => {
        const studioId = Number(job?.data?.studioId);
        if (Number.isInteger(studioId) && studioId > 0) await sendAll(studioId);
      },
    ),
  );

  return {
    async schedule(studioIds, day) {
      if (stopping) return;
      for (const studioId of studioIds)
        await boss.send(REMINDER_DAY_QUEUE, { studioId, day }, { singletonKey: `day-${studioId}-${day}`, ...policy });
      for (const w of workerIds) boss.notifyWorker(w);
    },
    sendQueued,
    async stop(timeoutMs = 8_000) {
      if (stopping) return;
      stopping = true;
      await stopQueue(timeoutMs);
    },
  };
}

/**
 * Where requests and the process's timer hand their work: the worker of this process, started
 * when first needed (like the SdI's hand-off). `look()` is the minute's check.
 */
export class ReminderHandOff extends LazyWorker<ReminderWorker> {
  #exec: ReturnType<typeof execOn> | null = null;
  configure(database: Database, start: () => Promise<ReminderWorker>) {
    this.#exec = execOn(database.db);
    this.startWith(start);
  }
  /** after 'Invia' or a run with automatic levels: the studio's queued reminders to the sender */
  async sendQueued(studioId: number) {
    await (await this.ensure())?.sendQueued([studioId]);
  }
  /** the minute's look: studios whose run is due, reminders left queued */
  async look(now = new Date()) {
    const exec = this.#exec;
    if (!exec) return;
    const day = romeToday(now);
    const due = await dueStudios(exec, day, romeTime(now));
    const queued = [...new Set((await queuedReminders(exec, null, 1000)).map((r) => r.studioId))];
    if (!due.length && !queued.length) return;
    const w = await this.ensure();
    if (!w) return;
    if (due.length) await w.schedule(due, day);
    if (queued.length) await w.sendQueued(queued);
  }
}
