/**
 * The job queues of the server's background work (the outbox's delivery, the SdI's transmissions,
 * the reminders' daily run): pg-boss on PostgreSQL or on the embedded database, and the worker of
 * this process started when first needed. Infrastructure that the areas' workers share.
 */
import PgBoss from 'pg-boss';
import { createRequire } from 'node:module';
import type { Database } from '../db/connection.js';

/** pg-boss's schema */
export const BOSS_SCHEMA = 'pgboss';

/** What a queue and its worker log. */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a worker closes when it stops (a connection of its own). */
interface Closable {
  close(): Promise<void>;
}

type Bookkeeping = (this: unknown, ...args: unknown[]) => Promise<unknown>;
let lateLog: JobLog | null = null;
/**
 * pg-boss 10's worker completes or fails a job after its handler without awaiting it, and from inside
 * its Manager (not through the PgBoss object, whose `complete`/`fail` are wrapped below): with the
 * database away at that moment (its connections terminated, a fail-over) the rejection was unhandled
 * and ended the process. The Manager's own two methods are wrapped once, for every queue of the
 * process: the failure is logged and the job left 'active', which is safe — the sweep or the day's
 * claim finds its work again, and what was done is never done twice.
 */
function guardLateBookkeeping(log: JobLog) {
  lateLog ??= log;
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<string, Bookkeeping> & { __lateGuarded?: boolean };
  };
  const proto = Manager.prototype;
  if (proto.__lateGuarded) return;
  proto.__lateGuarded = true;
  for (const name of ['complete', 'fail'] as const) {
    const original = proto[name]!;
    const guarded = function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args).catch((err: unknown) => {
        lateLog?.warn({ err }, `job queue: could not ${name} a job (the database is away); it is found again later`);
        return null;
      });
    };
    // pg-boss promotes the Manager's methods onto the PgBoss object by their functions' names
    Object.defineProperty(guarded, 'name', { value: name });
    proto[name] = guarded;
  }
}

/**
 * pg-boss's `db` on the embedded database: parameterised statements as queries, parameterless
 * text as a script (its schema and locked maintenance are several statements). `close` waits
 * for the statements in flight (pg-boss completes jobs without awaiting them); after it, late
 * bookkeeping is dropped: the sweep recovers any message it concerned.
 */
function embeddedBossDb(database: Database) {
  let inFlight = 0;
  let closed = false;
  const idle: Array<() => void> = [];
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (closed) return { rows: [] };
      inFlight++;
      try {
        return { rows: values && values.length ? await database.query(text, values) : await database.script(text) };
      } finally {
        if (--inFlight === 0) idle.splice(0).forEach((resolve) => resolve());
      }
    },
    async close() {
      closed = true;
      if (inFlight) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}

/**
 * A started pg-boss for one kind of delivery ('mail', 'sdi'): on PostgreSQL with a small pool of
 * its own (DATABASE_URL), on the embedded database through `embeddedBossDb`; its errors and its
 * late bookkeeping logged, never thrown. `stop` ends it (`embedded` is closed after the queue is
 * stopped).
 */
export async function startJobQueue(
  database: Database,
  databaseUrl: string | undefined,
  kind: string,
  log: JobLog,
): Promise<{
  boss: PgBoss;
  embedded: ReturnType<typeof embeddedBossDb> | null;
  stop: (timeoutMs: number, sweepTimer?: ReturnType<typeof setInterval>, ...inUse: Closable[]) => Promise<void>;
}> {
  const embedded = database.kind === 'pglite' ? embeddedBossDb(database) : null;
  const boss = new PgBoss({
    ...(embedded
      ? { db: embedded }
      : { connectionString: databaseUrl, max: 3, application_name: `gestionale-${kind}` }),
    schema: BOSS_SCHEMA,
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => log.warn({ err }, `${kind}: job queue error`));
  guardLateBookkeeping(log);
  // pg-boss 10 completes or fails a job after its handler without awaiting it: with the database
  // away that promise's rejection was unhandled and ended the process. A job left 'active' is
  // safe: the sweep queues its message (or file) again if needed, a sent one is not sent again.
  for (const name of ['complete', 'fail'] as const) {
    const original = boss[name].bind(boss) as (...args: unknown[]) => Promise<unknown>;
    (boss as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      original(...args).catch((err: unknown) => {
        log.warn({ err }, `${kind}: the job queue could not ${name} a job (the database is away)`);
        return null;
      });
  }
  await boss.start();
  /**
   * The end of a worker on this queue: its sweep's timer (if any) cleared, pg-boss stopped gracefully (the
   * jobs in hand end, for at most `timeoutMs`), then what those jobs used (`inUse`, in order: the
   * delivery locks' connection) and last the embedded database's adapter.
   */
  const stop = async (timeoutMs: number, sweepTimer?: ReturnType<typeof setInterval>, ...inUse: Closable[]) => {
    clearInterval(sweepTimer);
    await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    for (const used of inUse) await used.close();
    await embedded?.close();
  };
  return { boss, embedded, stop };
}

/**
 * A worker of this process started once, when first needed: the first caller of `ensure()` starts
 * it, those meanwhile wait for the same start, and a start that fails is tried again at the next
 * need. Tests and benchmarks `attach` one started elsewhere. The SdI's and the reminders'
 * hand-offs are such, so that a server that never sends runs no job queue.
 */
export class LazyWorker<W> {
  #worker: W | null = null;
  #start: (() => Promise<W>) | null = null;
  #starting: Promise<W | null> | null = null;
  /** how the worker is started when first needed */
  protected startWith(start: () => Promise<W>) {
    this.#start = start;
  }
  /** a worker started elsewhere (the tests', a benchmark's), or none */
  attach(worker: W | null) {
    this.#worker = worker;
  }
  get worker(): W | null {
    return this.#worker;
  }
  /** the worker, started if it was not (null when there is no way to start one or it could not start) */
  async ensure(): Promise<W | null> {
    if (this.#worker) return this.#worker;
    if (!this.#start) return null;
    this.#starting ??= this.#start().then(
      (w) => {
        this.#worker = w;
        return w;
      },
      () => {
        // tried again at the next need; what waits meanwhile is found by the worker's sweep once it runs
        this.#starting = null;
        return null;
      },
    );
    return this.#starting;
  }
}
