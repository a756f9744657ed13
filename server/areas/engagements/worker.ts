/**
 * The daily billing run of the engagements (issue 49 item 3), on the job queue (pg-boss, as the
 * reminders' run), in every server process:
 *
 * - Each process looks every minute (ENGAGEMENTS_TICK_SECONDS) for studios with signed engagements
 *   whose run of today is not finished; only then is the job queue started.
 * - Such a studio gets an 'engagements-day' job, one per studio and day (its singleton key); the
 *   job claims the day's run in the database (engagement_runs' unique index) or continues the one
 *   found unfinished (a process killed in the middle), and makes it in batches, each in its own
 *   transaction under the studio's billing lock (./billing.ts): a period is billed once, whatever
 *   runs and whatever dies.
 */
import type { Database } from '../../db/connection.js';
import type { Settings } from '../../settings.js';
import { execOn, inTransaction } from '../../records/exec.js';
import { LazyWorker, startJobQueue, type JobLog } from '../../jobs/queue.js';
import { today as romeToday } from '../../../model/dates.js';
import { runBilling } from './billing.js';
import { dueBillingStudios } from './billingQueries.js';

export const ENGAGEMENT_DAY_QUEUE = 'engagements-day';
const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface EngagementWorker {
  schedule(studioIds: number[], day: string): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
}

export async function startEngagementWorker(opts: {
  database: Database;
  settings: Pick<Settings, 'databaseUrl'>;
  log?: JobLog;
  pollingIntervalSeconds?: number;
}): Promise<EngagementWorker> {
  const { database } = opts;
  const log = opts.log ?? silent;
  const { boss, stop: stopQueue } = await startJobQueue(database, opts.settings.databaseUrl, 'engagements', log);
  const policy = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 };
  const q = { name: ENGAGEMENT_DAY_QUEUE, policy: 'short' as const, ...policy };
  await boss.createQueue(ENGAGEMENT_DAY_QUEUE, q);
  await boss.updateQueue(ENGAGEMENT_DAY_QUEUE, q);
  let stopping = false;
  const exec = execOn(database.db);
  const workerId = await boss.work<{ studioId?: unknown; day?: unknown }>(
    ENGAGEMENT_DAY_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, opts.pollingIntervalSeconds ?? 2) },
    async ([job]) => {
      const studioId = Number(job?.data?.studioId);
      const day = String(job?.data?.day ?? '');
      if (!Number.isInteger(studioId) || !/^\d{4}-\d{2}-\d{2}$/.test(day) || stopping) return;
      const out = await runBilling(
        (fn) => inTransaction(database, fn),
        exec,
        studioId,
        day,
        'scheduled',
        null,
        (done) => log.info({ studio: studioId, day, done }, 'engagements: batch made'),
      );
      if (out.ran)
        log.info(
          { studio: studioId, day, charges: out.charges, updates: out.updates, problems: out.problems.length },
          'engagements: daily run made',
        );
    },
  );
  return {
    async schedule(studioIds, day) {
      if (stopping) return;
      for (const studioId of studioIds)
        await boss.send(ENGAGEMENT_DAY_QUEUE, { studioId, day }, { singletonKey: `day-${studioId}-${day}`, ...policy });
      boss.notifyWorker(workerId);
    },
    async stop(timeoutMs = 8_000) {
      if (stopping) return;
      stopping = true;
      await stopQueue(timeoutMs);
    },
  };
}

/** Where the process's timer hands the day's runs: the worker of this process, started when first needed. */
export class EngagementHandOff extends LazyWorker<EngagementWorker> {
  #database: Database | null = null;
  configure(database: Database, start: () => Promise<EngagementWorker>) {
    this.#database = database;
    this.startWith(start);
  }
  /** the minute's look: studios whose run of today is due */
  async look(now = new Date()) {
    if (!this.#database) return;
    const day = romeToday(now);
    const due = await dueBillingStudios(execOn(this.#database.db), day);
    if (!due.length) return;
    const w = await this.ensure();
    if (w) await w.schedule(due, day);
  }
}
