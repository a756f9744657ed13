/**
 * Delivery of the outbox (PRODUCT.md §6): at least once, never lost, never twice in normal
 * operation.
 *
 * - A request writes its messages in its own transaction (server/areas/mail/outbox.ts) and, after the
 *   commit, hands their ids to the worker: one pg-boss job per message, singleton key
 *   'mail-{id}' on a 'stately' queue (one job of a message waiting at a time).
 * - A process stopped between the commit and the hand-off leaves rows no job carries: the sweep
 *   (at start and every 30 s) gives each queued row without a live job one.
 * - Each attempt first takes the message's delivery lock (server/areas/mail/queries.ts `mailLocks`: on
 *   PostgreSQL an advisory lock on a connection of the worker's own, ended with the process),
 *   then claims the row (queued → sending, one UPDATE), and releases the lock once the outcome
 *   is written: of two jobs or two processes holding the same message only one sends. Sent:
 *   'sent' with its Message-ID and Date (written again and again, under the lock, while the
 *   database is away: a message the server accepted must not stay 'sending'). A temporary failure (4xx) goes back to 'queued' and
 *   pg-boss retries with exponential backoff (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY); a permanent
 *   one (5xx) or the last retry is 'failed' with the error.
 * - The mail server unreachable (no connection, 421): the message goes back to 'queued' and its
 *   job waits, probing the server every MAIL_RETRY_DELAY (at most 30 s), and sends it as soon
 *   as the server answers, without using up a retry. One delivery at a time per process, so the
 *   messages queued meanwhile wait behind it and leave in their order once it is back.
 * - A process killed mid-send (kill -9) leaves its row 'sending' with nobody holding its lock:
 *   the sweep of the next process (at its start) ends its dead job and queues it again. The
 *   Message-ID is fixed per row (the idempotency key): a message the server had accepted in the
 *   milliseconds before the process died, before 'sent' was written, goes again with the same
 *   Message-ID, which receivers recognise as the same message (docs/decisions.md).
 * - Without SMTP_URL nothing is sent: queued messages become 'kept' (no job queue runs).
 *
 * pg-boss runs on PostgreSQL with its own small pool (DATABASE_URL), and on the embedded PGlite
 * in this process through its `db.executeSql` adapter over the app's connection (statements with
 * parameters as queries, parameterless text — possibly several statements — as a script).
 */
import PgBoss from 'pg-boss';
import { createTransport } from 'nodemailer';
import type { Database } from '../../db/connection.js';
import type { Settings } from '../../settings.js';
import { execOn } from '../../records/exec.js';
import {
  claimMail,
  keepQueued,
  mailLocks,
  markFailed,
  markRetrying,
  markSent,
  unqueuedMails,
  type OutboxMessage,
} from './queries.js';
import { buildMessage, envelopeOf, messageIdOf } from './compose.js';
import { BOSS_SCHEMA, startJobQueue, type JobLog } from '../../jobs/queue.js';

export const MAIL_QUEUE = 'mail';
const jobKey = (id: number) => `mail-${id}`;
/** an attempt longer than this is given up by pg-boss (and retried); the SMTP timeouts are shorter */
const JOB_EXPIRE_SECONDS = 300;
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
/** messages the sweep hands to the queue per statement */
const SWEEP_BATCH = 1000;
/** a job waits this long at most for an unreachable mail server, then pg-boss retries it (its expiry is JOB_EXPIRE_SECONDS) */
const HOLD_MS = 240_000;
/** the mail server's probes while it is unreachable: every MAIL_RETRY_DELAY, at most this */
const PROBE_MAX_MS = 30_000;

/** The mail server cannot be reached at all (as opposed to refusing this message). */
function unreachable(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  if (e.responseCode === 421) return true;
  return typeof e.responseCode !== 'number' && ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(String(e.code));
}

/** the mail worker's log (a job queue's) */
export type MailLog = JobLog;
const silent: MailLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface MailWorker {
  /** true when SMTP_URL is set (messages are sent), false when they are kept */
  readonly sends: boolean;
  /** after the commit of these rows: one job each (or, without SMTP, kept); never throws (the sweep is the safety net) */
  handOff(ids: number[]): Promise<void>;
  /** gives every waiting row that no job carries one (or, without SMTP, keeps it); answers how many */
  sweep(): Promise<number>;
  /** stops taking jobs, lets the sends in progress finish (at most `timeoutMs`), releases the queue */
  stop(timeoutMs?: number): Promise<void>;
}

export interface MailWorkerOptions {
  database: Database;
  settings: Pick<Settings, 'smtpUrl' | 'mailRetryLimit' | 'mailRetryDelaySeconds' | 'databaseUrl'>;
  log?: MailLog;
  /** how often the sweep runs (default 30 s) */
  sweepIntervalMs?: number;
  /** how often an idle worker looks for jobs (pg-boss's polling; default 2 s, at least 0.5) */
  pollingIntervalSeconds?: number;
  /** deliveries at a time in this process (default 1: the queue's order is kept) */
  concurrency?: number;
}

/** Why a delivery failed, in Italian for the outbox page; permanent when the server refused it for good (5xx). */
export function deliveryError(err: unknown): { text: string; permanent: boolean } {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  // the server's reply without its leading code ('550 5.1.1 No such user' → '5.1.1 No such user')
  const reply = (e.response ?? e.message ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d{3}[ -]/, '')
    .slice(0, 500);
  if (typeof e.responseCode === 'number') {
    return {
      text: `Il server SMTP ha rifiutato il messaggio (${e.responseCode}): ${reply}`,
      permanent: e.responseCode >= 500,
    };
  }
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')
    return { text: `Messaggio non valido per il server SMTP: ${reply}`, permanent: true };
  if (e.code === 'ETIMEDOUT')
    return { text: `Tempo scaduto nella comunicazione con il server SMTP: ${reply}`, permanent: false };
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS')
    return { text: `Server SMTP non raggiungibile: ${reply}`, permanent: false };
  return { text: `Invio non riuscito: ${reply || String(err)}`, permanent: false };
}

/** Starts the delivery of the outbox for this process (see the file's comment). */
export async function startMailWorker(opts: MailWorkerOptions): Promise<MailWorker> {
  const { database, settings } = opts;
  const log = opts.log ?? silent;
  const exec = execOn(database.db);
  const sweepEvery = opts.sweepIntervalMs ?? 30_000;

  if (!settings.smtpUrl) {
    // no mail server: messages stay in the outbox, visible and downloadable ('Posta in uscita')
    const keep = async (ids?: number[]) => {
      try {
        const n = await keepQueued(exec, ids);
        if (n) log.info({ count: n }, 'mail: SMTP_URL is not set, messages kept in the outbox');
        return n;
      } catch (err) {
        log.warn({ err }, 'mail: keeping queued messages failed (tried again at the next sweep)');
        return 0;
      }
    };
    await keep();
    const timer = setInterval(() => void keep(), sweepEvery);
    timer.unref();
    return {
      sends: false,
      handOff: async (ids) => {
        if (ids.length) await keep(ids);
      },
      sweep: () => keep(),
      stop: async () => {
        clearInterval(timer);
      },
    };
  }

  const { boss, stop: stopQueue } = await startJobQueue(database, settings.databaseUrl, 'mail', log);
  const retry = {
    retryLimit: settings.mailRetryLimit,
    retryDelay: settings.mailRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: JOB_EXPIRE_SECONDS,
  };
  const queue = { name: MAIL_QUEUE, policy: 'stately' as const, ...retry };
  await boss.createQueue(MAIL_QUEUE, queue);
  // settings may have changed since the queue was made
  await boss.updateQueue(MAIL_QUEUE, queue);

  const transport = createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  const locks = mailLocks(database, database.kind === 'postgres' ? settings.databaseUrl : undefined, (err) =>
    log.warn({ err }, "mail: the delivery locks' connection was lost (made again at the next delivery)"),
  );
  /** the messages whose jobs this process is running */
  const inHand = new Set<number>();
  let stopping = false;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Waits until the mail server answers again; false when the process stops or the job has waited HOLD_MS. */
  async function serverBack(): Promise<boolean> {
    const until = Date.now() + HOLD_MS;
    const every = Math.min(PROBE_MAX_MS, settings.mailRetryDelaySeconds * 1000);
    while (!stopping && Date.now() < until) {
      for (const end = Date.now() + every; !stopping && Date.now() < end;) await sleep(Math.min(250, every));
      if (stopping) return false;
      try {
        await transport.verify();
        log.info({}, 'mail: the SMTP server answers again');
        return true;
      } catch {
        /* still down */
      }
    }
    return false;
  }

  /**
   * Writes the outcome of an attempt, again and again while the database is away (holding the
   * lock): given up, a message the server accepted would stay 'sending' and be sent twice.
   */
  async function record(write: () => Promise<unknown>) {
    const until = Date.now() + HOLD_MS;
    for (;;) {
      try {
        await write();
        return;
      } catch (err) {
        if (stopping || Date.now() > until) throw err;
        log.warn({ err }, 'mail: writing a delivery failed, tried again shortly');
        await sleep(1000);
      }
    }
  }

  /** One job: the message's delivery, under its lock. */
  async function deliver(job: PgBoss.JobWithMetadata<{ id?: unknown }>) {
    const id = Number(job.data?.id);
    if (!Number.isInteger(id) || id < 1) return;
    inHand.add(id);
    try {
      // being sent by another job or process: nothing to do
      if (!(await locks.acquire(id))) return;
      try {
        while ((await attempt(job, id)) === 'again');
      } finally {
        await locks.release(id);
      }
    } finally {
      inHand.delete(id);
    }
  }

  /** One attempt; 'again' when the mail server was unreachable and answers again. */
  async function attempt(job: PgBoss.JobWithMetadata<{ id?: unknown }>, id: number): Promise<'done' | 'again'> {
    const mail: OutboxMessage | null = await claimMail(exec, id);
    // already sent, failed, kept: nothing to do
    if (!mail) return 'done';
    const sentAt = Date.now();
    const messageId = messageIdOf(mail);
    let info: { rejected?: unknown[]; rejectedErrors?: unknown[] };
    try {
      const raw = await buildMessage(mail, new Date(sentAt));
      info = await transport.sendMail({ envelope: envelopeOf(mail), raw });
    } catch (err) {
      return failed(job, mail, err);
    }
    const rejected = (info.rejected ?? []).map((r) => String(r).toLowerCase());
    if (rejected.length) {
      const first = info.rejectedErrors?.[0];
      const refused = `Destinatari rifiutati dal server SMTP: ${rejected.join(', ')}${first ? ` (${deliveryError(first).text})` : ''}`;
      // none of its addressees got it (only copies did): not sent; 'Riprova' sends it again to all
      if (mail.to.every((a) => rejected.includes(a.toLowerCase()))) {
        await record(() => markFailed(exec, id, `${refused}; consegnato solo alle copie`));
        log.error({ mailId: id, tries: mail.tries }, 'mail failed: every addressee refused');
        return 'done';
      }
      await record(() => markSent(exec, id, messageId, sentAt, refused));
    } else {
      await record(() => markSent(exec, id, messageId, sentAt, null));
    }
    log.info({ mailId: id, tries: mail.tries }, 'mail sent');
    return 'done';
  }

  /** A send that failed: wait for an unreachable server, or fail, or leave it to pg-boss's retry. */
  async function failed(
    job: PgBoss.JobWithMetadata<{ id?: unknown }>,
    mail: OutboxMessage,
    err: unknown,
  ): Promise<'done' | 'again'> {
    const id = mail.id;
    const { text, permanent } = deliveryError(err);
    if (!permanent && unreachable(err)) {
      // the server is down, not this message: wait for it holding the job (the queue keeps its order)
      await record(() => markRetrying(exec, id, text));
      log.warn({ mailId: id, tries: mail.tries }, `mail: the SMTP server is unreachable, waiting for it: ${text}`);
      if (await serverBack()) return 'again';
    }
    if (permanent || job.retryCount >= job.retryLimit) {
      await record(() => markFailed(exec, id, text));
      log.error({ mailId: id, tries: mail.tries, permanent }, `mail failed: ${text}`);
      return 'done';
    }
    await record(() => markRetrying(exec, id, text));
    log.warn({ mailId: id, tries: mail.tries, retry: job.retryCount + 1 }, `mail not sent, retried later: ${text}`);
    // pg-boss retries the job after its backoff
    throw err;
  }

  const workerIds: string[] = [];
  /** one job per message (a message that has one waiting is left alone: stately queue); false when it failed */
  async function handOff(ids: number[]): Promise<boolean> {
    if (!ids.length || stopping) return false;
    try {
      await boss.insert(ids.map((id) => ({ name: MAIL_QUEUE, data: { id }, singletonKey: jobKey(id), ...retry })));
      for (const w of workerIds) boss.notifyWorker(w);
      return true;
    } catch (err) {
      log.warn({ err, count: ids.length }, 'mail: hand-off to the job queue failed (the sweep will queue them)');
      return false;
    }
  }
  async function sweep() {
    let total = 0;
    try {
      // a thousand at a time, until none is left (a long outage of the worker)
      for (let round = 0; round < 100 && !stopping; round++) {
        const found = await unqueuedMails(exec, BOSS_SCHEMA, MAIL_QUEUE, 'mail-', locks.orphanTest(), SWEEP_BATCH);
        if (!found.length) break;
        // a job this process has just taken and not yet locked is alive
        const rows = found.filter((r) => !inHand.has(r.id));
        if (!rows.length) break;
        const ids = rows.map((r) => r.id);
        // left by a process that died mid-send: its job is 'active' for good, end it (only one may be)
        const dead = rows.flatMap((r) => (r.activeJob ? [r.activeJob] : []));
        if (dead.length) await boss.cancel(MAIL_QUEUE, dead);
        log.info({ count: ids.length, interrupted: dead.length }, 'mail: queuing messages that no job carried');
        if (!(await handOff(ids))) break;
        total += ids.length;
        if (found.length < SWEEP_BATCH) break;
      }
    } catch (err) {
      log.warn({ err }, 'mail: sweep failed (tried again shortly)');
    }
    return total;
  }
  // before the workers fetch: a job this process has just taken is not mistaken for a dead one
  await sweep();
  for (let i = 0; i < Math.max(1, opts.concurrency ?? 1); i++) {
    workerIds.push(
      await boss.work<{ id?: unknown }>(
        MAIL_QUEUE,
        {
          includeMetadata: true,
          batchSize: 1,
          pollingIntervalSeconds: Math.max(0.5, opts.pollingIntervalSeconds ?? 2),
        },
        async ([job]) => {
          // the next job is fetched at once, not after the polling interval (a selection of many customers)
          try {
            if (job) await deliver(job);
          } finally {
            boss.notifyWorker(workerIds[i]!);
          }
        },
      ),
    );
  }

  const timer = setInterval(() => void sweep(), sweepEvery);
  timer.unref();

  return {
    sends: true,
    handOff: async (ids) => {
      await handOff(ids);
    },
    sweep,
    async stop(timeoutMs = 8_000) {
      if (stopping) return;
      stopping = true;
      await stopQueue(timeoutMs, timer, locks);
      transport.close();
    },
  };
}

/**
 * Where a request hands its committed outbox rows: the worker of this process once it runs
 * (server/main.ts attaches it; tests attach and detach theirs). Without one the rows wait for
 * a worker's sweep.
 */
export class MailHandOff {
  #worker: MailWorker | null = null;
  attach(worker: MailWorker | null) {
    this.#worker = worker;
  }
  get worker() {
    return this.#worker;
  }
  async handOff(ids: number[]) {
    await this.#worker?.handOff(ids);
  }
}
