/**
 * The sending of e-invoices to SdI (issue 28 item 2): through the job queue (pg-boss, as the
 * outbox), at most once per file, surviving restarts.
 *
 * - 'Invia a SdI' writes each file as a row of `sdi_transmissions` ('queued') in its transaction
 *   and, after the commit, hands their ids over: one 'sdi-send' job per file.
 * - A job takes the file's delivery lock (on PostgreSQL a session advisory lock on a connection of
 *   the worker's own, released by the process's death; on the embedded database a set in memory),
 *   then claims it (queued → sending). A file that was already 'sending' is one whose earlier
 *   attempt ended without an answer (the process killed, a timeout): the channel is asked first
 *   whether it has it (`find`), and only if not is it sent. So a file is never handed over twice.
 * - The channel down (SdiUnavailable): the file stays 'sending' with the error, the job is retried
 *   with exponential backoff (SDI_RETRY_DELAY), and the sweep (at start and every minute) gives a
 *   job to any file waiting without one. Refused for good (SdiRefused): 'failed', the invoice back
 *   to draft with the reason as an event of its timeline.
 * - Sent: 'sdi-poll' jobs read the file's notifications until a final one (RC, NS, MC, AT),
 *   after the channel's delay and then less and less often; an intermediary's webhook asks for a
 *   poll at once. Each notification is recorded once (its id), the invoice's status follows it.
 * - The courtesy copy (issue 28 item 4): when the invoice is delivered or put in the customer's
 *   reserved area (or at once, by the studio's choice), its PDF with the XML goes to the customer's
 *   e-mail through the outbox, in the transaction that records the notification.
 */
import type { Database } from '../../db/connection.js';
import type { Settings } from '../../settings.js';
import { execOn, inTransaction } from '../../records/exec.js';
import { BOSS_SCHEMA, LazyWorker, startJobQueue, type JobLog } from '../../jobs/queue.js';
// the event loop turns before each job (server/turns.ts): on the embedded database a query resolves
// without waiting for any I/O, and the queue takes the next job as soon as one ends (the simulator too
// answers in-process): without a turn, a thousand files would be sent in one chain of promises
// during which no other request, timer or socket of the server is served
import { turn } from '../../turns.js';
import { type MailHandOff, mailLocks } from '../mail/index.js';
import { SdiRefused, SdiUnavailable, type SdiChannel, type SdiFile } from './channel.js';
import {
  claimTransmission,
  markRefused,
  markTransmitted,
  noteAttemptError,
  recordNotifications,
  transmissionById,
  queuePlaces,
  unqueuedFiles,
  type Transmission,
} from './queries.js';
import { courtesyCopy } from './courtesy.js';

export const SDI_SEND_QUEUE = 'sdi-send';
export const SDI_POLL_QUEUE = 'sdi-poll';
const sendKey = (id: number) => `sdi-${id}`;
const pollKey = (id: number) => `sdi-poll-${id}`;
/** first key of the files' delivery locks ('sdi ' in ASCII) */
const LOCK_CLASS = 0x73646920;
/** the longest wait between two polls of a file without outcome */
const POLL_MAX_SECONDS = 6 * 3600;
const JOB_EXPIRE_SECONDS = 300;
/** files of one studio handed over before another studio's next ones (the queue's fair share) */
const FAIR_SHARE = 20;
const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface SdiWorker {
  readonly channel: SdiChannel;
  /** after the commit of these files: one send job each (never throws: the sweep is the safety net) */
  handOff(ids: number[]): Promise<void>;
  /** polls these files at once (a webhook said there is news) */
  pollNow(ids: number[]): Promise<void>;
  /** gives a job to every file waiting without one; answers how many */
  sweep(): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
}

export interface SdiWorkerOptions {
  database: Database;
  settings: Pick<Settings, 'databaseUrl' | 'sdiRetryDelaySeconds'>;
  channel: SdiChannel;
  /** the outbox's hand-off, for the courtesy copies */
  mail?: MailHandOff;
  log?: JobLog;
  sweepIntervalMs?: number;
  pollingIntervalSeconds?: number;
  /** files handed over at a time in this process (default 4) */
  concurrency?: number;
}

const fileOf = (t: Transmission, senderVat: string): SdiFile => ({
  fileName: t.file_name,
  xml: t.xml,
  senderVat,
  number: t.number,
  date: t.document_date,
});
/** the sender's code of the file name IT{code}_… */
const senderOf = (t: Transmission) => /^[A-Z]{2}([A-Za-z0-9]+)_/.exec(t.file_name)?.[1] ?? '';

export async function startSdiWorker(opts: SdiWorkerOptions): Promise<SdiWorker> {
  const { database, settings, channel } = opts;
  const log = opts.log ?? silent;
  const exec = execOn(database.db);
  const { boss, stop: stopQueue } = await startJobQueue(database, settings.databaseUrl, 'sdi', log);
  const retry = {
    retryLimit: 10,
    retryDelay: settings.sdiRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: JOB_EXPIRE_SECONDS,
  };
  for (const name of [SDI_SEND_QUEUE, SDI_POLL_QUEUE]) {
    const q = { name, policy: 'short' as const, ...retry };
    await boss.createQueue(name, q);
    await boss.updateQueue(name, q);
  }
  const locks = mailLocks(
    database,
    database.kind === 'postgres' ? settings.databaseUrl : undefined,
    (err) => log.warn({ err }, "sdi: the delivery locks' connection was lost (made again at the next file)"),
    { lockClass: LOCK_CLASS, name: 'gestionale-sdi-locks' },
  );
  let stopping = false;
  const workerIds: string[] = [];

  const afterCommit = async (mailIds: number[]) => {
    if (mailIds.length) await opts.mail?.handOff(mailIds).catch(() => undefined);
  };

  async function schedulePoll(id: number, round: number, key = pollKey(id)) {
    const delay =
      round === 0 ? channel.pollSeconds : Math.min(POLL_MAX_SECONDS, channel.pollSeconds * 2 ** Math.min(round, 12));
    await boss.send(SDI_POLL_QUEUE, { id, round }, { singletonKey: key, startAfter: Math.ceil(delay), ...retry });
  }

  /** One send job: the file handed over once, under its lock. */
  async function deliver(id: number) {
    await turn();
    if (!(await locks.acquire(id))) return;
    try {
      const t = await claimTransmission(exec, id);
      if (!t) return;
      const file = fileOf(t, senderOf(t));
      let channelId: string;
      try {
        // an attempt before this one ended without an answer: does the channel have the file?
        const known = t.was === 'sending' ? await channel.find(file) : null;
        channelId = known ? known.channelId : (await channel.send(file)).channelId;
      } catch (err) {
        if (err instanceof SdiRefused) {
          await markRefused(exec, t, err.message);
          log.warn({ transmission: id, file: t.file_name }, `sdi: refused by the intermediary: ${err.message}`);
          return;
        }
        const text =
          err instanceof SdiUnavailable ? err.message : `Invio non riuscito: ${String((err as Error)?.message ?? err)}`;
        await noteAttemptError(exec, id, text).catch(() => undefined);
        log.warn({ transmission: id, file: t.file_name }, `sdi: not sent, tried again later: ${text}`);
        throw err;
      }
      const marked = await inTransaction(database, (x) => markTransmitted(x, t, channelId));
      if (marked) await afterCommit(await courtesyCopy(database, t, 'invio'));
      log.info({ transmission: id, file: t.file_name, channelId }, 'sdi: file sent');
      await schedulePoll(id, 0);
    } finally {
      await locks.release(id);
    }
  }

  /** One poll: the file's new notifications recorded; polled again later while it has no outcome. */
  async function poll(id: number, round: number) {
    await turn();
    const t = await transmissionById(exec, id);
    if (!t || t.status !== 'sent' || !t.channel_id || t.outcome) return;
    let list;
    try {
      list = await channel.notifications(t.channel_id);
    } catch (err) {
      log.warn(
        { transmission: id, err: String((err as Error)?.message ?? err) },
        'sdi: notifications not read, tried again later',
      );
      await schedulePoll(id, round + 1);
      return;
    }
    const finals = await inTransaction(database, (x) => recordNotifications(x, t, list));
    if (finals.some((f) => f === 'RC' || f === 'MC' || f === 'AT'))
      await afterCommit(await courtesyCopy(database, t, 'consegna'));
    if (finals.length)
      log.info({ transmission: id, file: t.file_name, outcome: finals.at(-1) }, 'sdi: outcome recorded');
    else await schedulePoll(id, round + 1);
  }

  async function handOff(ids: number[]) {
    if (!ids.length || stopping) return;
    try {
      const places = await queuePlaces(exec, ids);
      await boss.insert(
        ids.map((id) => ({
          name: SDI_SEND_QUEUE,
          data: { id },
          singletonKey: sendKey(id),
          priority: -Math.floor((places.get(id) ?? 0) / FAIR_SHARE),
          ...retry,
        })),
      );
      for (const w of workerIds) boss.notifyWorker(w);
    } catch (err) {
      log.warn({ err, count: ids.length }, 'sdi: hand-off to the job queue failed (the sweep will queue them)');
    }
  }

  async function pollNow(ids: number[]) {
    for (const id of ids)
      await boss.send(SDI_POLL_QUEUE, { id, round: 0 }, { singletonKey: `sdi-now-${id}`, ...retry });
    for (const w of workerIds) boss.notifyWorker(w);
  }

  async function sweep() {
    if (stopping) return 0;
    try {
      const { toSend, toPoll } = await unqueuedFiles(
        exec,
        BOSS_SCHEMA,
        SDI_SEND_QUEUE,
        SDI_POLL_QUEUE,
        locks.orphanTest(),
      );
      if (toSend.length) {
        log.info({ count: toSend.length }, 'sdi: queuing files that no job carried');
        await handOff(toSend);
      }
      for (const id of toPoll) await schedulePoll(id, 0, `sdi-now-${id}`);
      return toSend.length + toPoll.length;
    } catch (err) {
      log.warn({ err }, 'sdi: sweep failed (tried again shortly)');
      return 0;
    }
  }

  await sweep();
  const polling = Math.max(0.5, opts.pollingIntervalSeconds ?? 2);
  for (let i = 0; i < Math.max(1, opts.concurrency ?? 4); i++) {
    workerIds.push(
      await boss.work<{ id?: unknown }>(
        SDI_SEND_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: polling },
        async ([job]) => {
          try {
            const id = Number(job?.data?.id);
            if (Number.isInteger(id) && id > 0) await deliver(id);
          } finally {
            boss.notifyWorker(workerIds[i]!);
          }
        },
      ),
    );
  }
  const pollWorker = await boss.work<{ id?: unknown; round?: unknown }>(
    SDI_POLL_QUEUE,
    { batchSize: 20, pollingIntervalSeconds: polling },
    async (jobs) => {
      try {
        for (const job of jobs) {
          const id = Number(job.data?.id);
          if (Number.isInteger(id) && id > 0) await poll(id, Number(job.data?.round) || 0);
        }
      } finally {
        // the next due polls at once, not after the polling interval (a month's invoices)
        if (jobs.length) boss.notifyWorker(pollWorker);
      }
    },
  );
  workerIds.push(pollWorker);
  const timer = setInterval(() => void sweep(), opts.sweepIntervalMs ?? 60_000);
  timer.unref();

  return {
    channel,
    handOff,
    async pollNow(ids) {
      try {
        await pollNow(ids);
      } catch (err) {
        log.warn({ err }, 'sdi: a poll could not be queued (the sweep polls it)');
      }
    },
    sweep,
    async stop(timeoutMs = 8_000) {
      if (stopping) return;
      stopping = true;
      await stopQueue(timeoutMs, timer, locks);
      await channel.close?.();
    },
  };
}

/**
 * Where requests hand their committed files (like the outbox's MailHandOff). The worker of this
 * process starts when there is something to do — at start if an earlier process left files, else
 * with the first 'Invia a SdI' or webhook — so a server that never sends runs no job queue.
 */
export class SdiHandOff extends LazyWorker<SdiWorker> {
  #channel: SdiChannel | null = null;
  /** the channel, and how the worker is started when first needed */
  configure(channel: SdiChannel, start: () => Promise<SdiWorker>) {
    this.#channel = channel;
    this.startWith(start);
  }
  override attach(worker: SdiWorker | null) {
    super.attach(worker);
    if (worker) this.#channel = worker.channel;
  }
  get channel() {
    return this.worker?.channel ?? this.#channel;
  }
  async handOff(ids: number[]) {
    if (ids.length) await (await this.ensure())?.handOff(ids);
  }
  async pollNow(ids: number[]) {
    if (ids.length) await (await this.ensure())?.pollNow(ids);
  }
}
