/**
 * The real server (`server/main.ts`, compiled into dist-server/main.mjs by the projects' global
 * set-up, tests/helpers/serverBuild.ts) as a child process, for tests whose subject is the process
 * itself: start-up, crashes, signals, locks. Its output is collected; it listens on 127.0.0.1
 * at a port below the ephemeral range (see tests/e2e/harness.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { vi } from 'vitest';
import { freshPostgres } from './freshPostgres.js';
import { compiled, NODE_MEMORY_FLAGS, SERVER_ENTRY } from './serverBuild.js';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr so far */
  output(): string;
  /** resolves when the output matches (rejects if the process exits first or after `ms`) */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  /** the exit code (null if killed by a signal) once the process has ended */
  exited: Promise<number | null>;
  /** the exit code as soon as the process ends, or 'still running' if it has not after `ms` */
  exitedWithin(ms: number): Promise<number | null | 'still running'>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 10 s; resolves to the exit code */
  stop(): Promise<number | null>;
}

/**
 * Ports of 127.0.0.1 for this worker's servers: 20000–31999 (below the kernel's ephemeral range,
 * 32768+, where connections take their local ports) cut into one slice per vitest worker
 * (VITEST_POOL_ID), handed out in turn within the slice. Workers never pick the same port, and a
 * worker never reuses one while a server it started (or killed a moment ago) may hold it — two
 * random picks once met (EADDRINUSE on a drill's restart).
 */
const PORT_SLICE = 1500;
let portsGiven = 0;
function nextPort(): number {
  const worker = Math.max(0, Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 8;
  const start = (process.pid * 7) % PORT_SLICE; // another run's files do not start where this one did
  return 20000 + worker * PORT_SLICE + ((start + portsGiven++) % PORT_SLICE);
}

/** `npm start`'s command (package.json): the compiled server with the heap's sizing flags and without source maps — what the benchmarks measure. */
export const npmStartCommand = (): string[] => [process.execPath, ...NODE_MEMORY_FLAGS, SERVER_ENTRY];

/**
 * The compiled server in a process of its own, on a port of its own; `command` replaces the usual
 * `node --enable-source-maps dist-server/main.mjs` (e.g. a deployment file's command, run as written).
 */
export function spawnServer(env: Record<string, string | undefined>, command?: string[]): ServerProcess {
  const port = nextPort();
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    DEMO_DATA: 'true',
    JWT_SECRET: undefined,
    PAYMENT_SANDBOX: 'true',
    ...env,
  };
  // the port is the one chosen here, whatever `env` says
  fullEnv.PORT = String(port);
  for (const k of Object.keys(fullEnv)) if (fullEnv[k] === undefined) delete fullEnv[k];
  const [bin, ...args] = command ?? [process.execPath, ...compiled(SERVER_ENTRY)];
  const child = spawn(bin!, args, { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let ended = false;
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      for (const l of listeners) l();
      resolve(code);
    }),
  );
  const self: ServerProcess = {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    alive: () => !ended,
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}:\n${out}`));
        }, ms);
        const check = () => {
          if (pattern.test(out)) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve();
          } else if (ended) {
            clearTimeout(timer);
            listeners.delete(check);
            reject(new Error(`server exited while waiting for ${pattern}:\n${out}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
    exited,
    exitedWithin(ms) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'still running'>((resolve) => {
        timer = setTimeout(() => resolve('still running'), ms);
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
    async stop() {
      if (!ended) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          if (!ended) child.kill('SIGKILL');
        }, 10_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
  return self;
}

/** The server's start-up line (tests/e2e/harness.ts waits for the same). */
export const STARTED = /is running at/;

/** The PostgreSQL server the tests may create databases on: DATABASE_URL, else the local one. */
export const ADMIN_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A database of the test's own on the local PostgreSQL server, with an admin connection to it. */
export async function ownPostgres(prefix: string) {
  const fresh = await freshPostgres(ADMIN_URL, prefix);
  const name = new URL(fresh.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  return {
    url: fresh.url,
    name,
    admin,
    /** ends every connection of others to the database (what a restart or failover does) */
    async terminateBackends() {
      return (
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        )
      ).rowCount;
    },
    async drop() {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end().catch(() => undefined);
      await fresh.drop();
    },
  };
}

/** POST /api/user/login with a demo user; the status and the token. */
export async function login(base: string, email = 'admin@studiodemo.test', password = 'Demo2026!') {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  let body: { access_token?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: the text says what came */
  }
  // `answer`: what the server said, for the message of a test that expected a token
  return {
    status: res.status,
    answer: `${res.status} ${text.slice(0, 300)}`,
    headers: { authorization: `Bearer ${body.access_token ?? ''}` },
  };
}

/**
 * Repeats `fn` until it returns true, for at most `ms` (vitest's `vi.waitFor`); the time it took, or
 * a failure, which says what `explain` finds then (the rows, the server's last lines) when given.
 */
export async function within(
  ms: number,
  fn: () => Promise<boolean>,
  every = 100,
  explain?: () => Promise<string> | string,
): Promise<number> {
  const start = Date.now();
  try {
    await vi.waitFor(
      async () => {
        if (!(await fn())) throw new Error(`not within ${ms} ms`);
      },
      { timeout: ms, interval: every },
    );
  } catch (err) {
    if (!explain) throw err;
    throw new Error(`${(err as Error).message}; then: ${await explain()}`, { cause: err });
  }
  return Date.now() - start;
}

/** A server's last lines of output, for a failure's message. */
export const lastLines = (s: ServerProcess, n = 30) => s.output().trimEnd().split('\n').slice(-n).join('\n');
