/**
 * Work whose cost grows with an uploaded file or a studio's data (parsing a spreadsheet or a bank
 * file, matching a statement) runs here, on worker threads, never on the request's main thread
 * (issue 45 item 20): while it runs, the event loop keeps answering every studio.
 *
 * - A small pool (one worker per core, at most 2), started on first use; an idle worker is ended
 *   after a while, so the memory a large file took is given back.
 * - Each task has a time bound: past it the worker is terminated (the work really stops, not
 *   only the wait) and the caller gets a 422 with an Italian message; a worker has a heap bound
 *   (resourceLimits): past it the worker dies and the caller gets a 413.
 * - Fair between studios: tasks wait in one queue per key (the studio), taken round-robin; a key
 *   runs one task at a time and may have OFFLOAD_MAX_WAITING more waiting, past which it is told to
 *   retry (429). One studio's uploads thus wait for each other, never hold another's.
 * - The workers run at a lower priority (worker.mjs), so the main thread gets the cores first.
 *
 * The tasks are the functions of server/offloadTasks.ts (plain data in and out, structured clone);
 * an HttpError thrown there reaches the caller as the same HttpError.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.js';
import { fromRoot } from '../paths.js';
import type { OffloadTasks } from '../offloadTasks.js';

export const OFFLOAD_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
/** Tasks of one key waiting behind its running one. */
export const OFFLOAD_MAX_WAITING = 12;
/** Default bounds of a task. */
export const OFFLOAD_TIMEOUT_MS = 60_000;
export const OFFLOAD_HEAP_MB = 768;
/** An idle worker ends after this long (a new one starts in about 0.2 s). */
const IDLE_MS = 30_000;

export const OFFLOAD_MESSAGES = {
  timeout: (s: number) =>
    `Elaborazione del file interrotta: richiedeva più di ${s} secondi. Controlla che sia il file giusto o dividilo in parti più piccole.`,
  memory: 'Elaborazione del file interrotta: richiedeva troppa memoria. Dividilo in parti più piccole.',
  busy: 'Troppe elaborazioni di file in corso per lo studio: riprova tra qualche secondo.',
  failed: 'Elaborazione del file non riuscita: riprova più tardi.',
} as const;

type TaskName = keyof OffloadTasks;
type Input<K extends TaskName> = Parameters<OffloadTasks[K]>[0];
type Output<K extends TaskName> = Awaited<ReturnType<OffloadTasks[K]>>;

export interface OffloadOptions {
  /** whose task it is (the studio): the unit of fairness */
  key: string | number;
  timeoutMs?: number;
}

interface Job {
  id: number;
  key: string;
  task: TaskName;
  input: unknown;
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: Promise<void> | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

const slots: Slot[] = Array.from({ length: OFFLOAD_WORKERS }, () => ({
  worker: null,
  ready: null,
  job: null,
  timer: null,
  idle: null,
}));
/** waiting jobs per key, in arrival order; the keys in round-robin order */
const waiting = new Map<string, Job[]>();
const running = new Set<string>();
let nextId = 0;

/** From the sources (tsx, Vitest) the TypeScript task table through tsx; compiled, the bundle's. */
function entry(): { entry: string; tsx: boolean } {
  const fromSources = import.meta.url.endsWith('.ts');
  return fromSources
    ? { entry: fromRoot('server', 'offloadTasks.ts'), tsx: true }
    : { entry: fromRoot('dist-server', 'offloadTasks.mjs'), tsx: false };
}

function endWorker(slot: Slot) {
  const w = slot.worker;
  slot.worker = null;
  slot.ready = null;
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  if (w) void w.terminate();
}

function startWorker(slot: Slot): Promise<void> {
  if (slot.ready) return slot.ready;
  const w = new Worker(fromRoot('server', 'offload', 'worker.mjs'), {
    workerData: entry(),
    resourceLimits: { maxOldGenerationSizeMb: OFFLOAD_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  slot.worker = w;
  slot.ready = new Promise<void>((resolve, reject) => {
    const onFirst = (m: { ready?: boolean }) => {
      if (m.ready) {
        w.off('message', onFirst);
        resolve();
      }
    };
    w.on('message', onFirst);
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`offload worker stopped (${code}) before it was ready`)));
  });
  slot.ready.catch(() => undefined);
  w.on(
    'message',
    (m: {
      id?: number;
      output?: unknown;
      error?: { status?: number; message: string; errors?: Record<string, string[]>; stack?: string };
    }) => {
      const job = slot.job;
      if (m.id === undefined || !job || job.id !== m.id) return;
      finish(slot, () => {
        if (!m.error) job.resolve(m.output);
        else if (m.error.status) job.reject(new HttpError(m.error.status, m.error.message, m.error.errors));
        else {
          const e = new Error(m.error.message);
          e.stack = m.error.stack;
          job.reject(e);
        }
      });
    },
  );
  w.on('error', (e: Error & { code?: string }) => {
    if (slot.worker !== w) return;
    const job = slot.job;
    endWorker(slot);
    if (job)
      finish(slot, () =>
        job.reject(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(413, OFFLOAD_MESSAGES.memory, { file: [OFFLOAD_MESSAGES.memory] })
            : e,
        ),
      );
  });
  w.on('exit', (code) => {
    if (slot.worker !== w) return;
    const job = slot.job;
    endWorker(slot);
    if (job) finish(slot, () => job.reject(new Error(`offload worker stopped (${code})`)));
  });
  return slot.ready;
}

/** The job of a slot is over: its key may run again, the next job starts. */
function finish(slot: Slot, settle: () => void) {
  const job = slot.job!;
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = null;
  slot.job = null;
  running.delete(job.key);
  if (slot.worker) {
    slot.worker.unref();
    slot.idle = setTimeout(() => endWorker(slot), IDLE_MS);
    slot.idle.unref();
  }
  settle();
  pump();
}

/** The next job in round-robin order among the keys not running one. */
function takeNext(): Job | null {
  for (const [key, jobs] of waiting) {
    if (running.has(key)) continue;
    const job = jobs.shift()!;
    waiting.delete(key);
    // the key goes to the back of the round
    if (jobs.length) waiting.set(key, jobs);
    return job;
  }
  return null;
}

function pump() {
  for (const slot of slots) {
    if (slot.job) continue;
    const job = takeNext();
    if (!job) return;
    run(slot, job);
  }
}

function run(slot: Slot, job: Job) {
  slot.job = job;
  running.add(job.key);
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  slot.timer = setTimeout(() => {
    if (slot.job !== job) return;
    // the work stops for real: the thread is terminated, a new one starts for the next job
    endWorker(slot);
    finish(slot, () => {
      const message = OFFLOAD_MESSAGES.timeout(Math.round(job.timeoutMs / 1000));
      job.reject(new HttpError(422, message, { file: [message] }));
    });
  }, job.timeoutMs);
  startWorker(slot).then(
    () => {
      if (slot.job !== job || !slot.worker) return;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input });
    },
    (e: Error) => {
      if (slot.job !== job) return;
      endWorker(slot);
      finish(slot, () => job.reject(e));
    },
  );
}

/** The keys (studios) with a task running now: what the pool chose to run (tests). */
export function offloadRunning(): string[] {
  return [...running];
}

/** Runs a task of offloadTasks.ts on the pool; its answer, or its error (HttpError as thrown). */
export function offload<K extends TaskName>(task: K, input: Input<K>, opts: OffloadOptions): Promise<Output<K>> {
  const key = String(opts.key);
  const queued = waiting.get(key)?.length ?? 0;
  if (queued >= OFFLOAD_MAX_WAITING) return Promise.reject(new HttpError(429, OFFLOAD_MESSAGES.busy));
  return new Promise<Output<K>>((resolve, reject) => {
    const job: Job = {
      id: ++nextId,
      key,
      task,
      input,
      timeoutMs: opts.timeoutMs ?? OFFLOAD_TIMEOUT_MS,
      resolve: resolve as (v: unknown) => void,
      reject,
    };
    const jobs = waiting.get(key);
    if (jobs) jobs.push(job);
    else waiting.set(key, [job]);
    pump();
  });
}

/** Ends the pool's workers (tests, a server's stop). */
export async function stopOffload(): Promise<void> {
  for (const slot of slots) endWorker(slot);
}
