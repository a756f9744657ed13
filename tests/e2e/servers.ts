/**
 * The browser tests' database image and server processes, used by the global set-up
 * (tests/e2e/globalSetup.ts) and by a file that needs a server of its own (harness.ts).
 *
 * The image is made once per run: the demo data and the test files' studios (tests/e2e/studios.ts)
 * seeded into a PGlite data folder, or — with DATABASE_URL — into a PostgreSQL database used as
 * the template of the servers' databases; beside it the uploaded files the demo data refers to
 * (the sample Word template). A server starts from a copy of it: the data folder copied (files/
 * included), or `CREATE DATABASE … TEMPLATE` and the files/ folder copied. Nothing is migrated or
 * seeded again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '../../server/storage/index';
import { openDatabase } from '../../server/db/connection';
import { execOn } from '../../server/records/exec';
import { addDemoStudio, loadDemoData } from '../../server/db/demo';
import { freshPostgres } from '../helpers/freshPostgres';
import { compiled, SERVER_ENTRY } from '../helpers/serverBuild';
import { studioCopies } from './studios';

/** Chromium's flags for the tests (headless, no sandbox in containers, nothing phoning home). */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface E2EImage {
  /** the folder copied for each server: the PGlite data (pglite/, not with PostgreSQL) and the uploaded files (files/) */
  dir: string;
  /** the template database on DATABASE_URL's server, or null on PGlite */
  template: string | null;
}

/** The image of this run; `drop()` removes it. `log` gets one line with what it took. */
export async function makeImage(
  log: (line: string) => void = () => undefined,
): Promise<{ image: E2EImage; drop(): Promise<void> }> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'gs-e2e-image-'));
  let template: string | null = null;
  let dropTemplate: (() => Promise<void>) | undefined;
  const drop = async () => {
    await dropTemplate?.();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let database;
    if (process.env.DATABASE_URL) {
      const fresh = await freshPostgres(process.env.DATABASE_URL, 'e2e_tpl');
      dropTemplate = fresh.drop;
      template = new URL(fresh.url).pathname.slice(1);
      database = await openDatabase({ databaseUrl: fresh.url });
    } else {
      database = await openDatabase({ dataDir: dir });
    }
    const opened = Date.now();
    const copies = studioCopies();
    try {
      const exec = execOn(database.db);
      await loadDemoData(exec, new LocalStorage(join(dir, 'files')));
      const demo = Date.now();
      for (const copy of copies) await addDemoStudio(exec, copy);
      log(
        `e2e image: ${database.kind === 'pglite' ? 'PGlite data folder' : `PostgreSQL template ${template}`} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(migrations ${((opened - started) / 1000).toFixed(1)} s, demo data ${((demo - opened) / 1000).toFixed(1)} s, ${copies.length} test studios ${((Date.now() - demo) / 1000).toFixed(1)} s)`,
      );
    } finally {
      await database.close();
    }
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { image: { dir, template }, drop };
}

export interface ServerProcess {
  url: string;
  /** SIGTERM, the exit waited for (SIGKILL after 15 s), then its database and folder removed */
  stop(): Promise<void>;
}

/** Whether a TCP port of 127.0.0.1 can be bound now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A server (`server/main.ts`) on a copy of the image, listening on 127.0.0.1 at a port in
 * 20000–32000: below the kernel's ephemeral range (32768+), where the server's own connections to
 * PostgreSQL take their local ports; another try on another port if it is taken meanwhile.
 * `extraEnv`: settings of this server (e.g. SMTP_URL).
 */
export async function serverFromImage(image: E2EImage, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-e2e-server-'));
  // the copy: the data folder and files/, not the lock of the process that made it
  cpSync(image.dir, dataDir, { recursive: true, filter: (src) => !/pglite\.(lock|pid)$/.test(src) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PAYMENT_SANDBOX: 'true',
    // the SdI simulator's receipts after a second (5 by default)
    SDI_SIMULATOR_DELAY: '1',
    ...extraEnv,
  };
  let dropDb: (() => Promise<void>) | undefined;
  const cleanup = async () => {
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (image.template) {
      const fresh = await freshPostgres(process.env.DATABASE_URL!, 'e2e', image.template);
      env.DATABASE_URL = fresh.url;
      dropDb = fresh.drop;
    } else {
      delete env.DATABASE_URL;
    }
    for (let attempt = 1; ; attempt++) {
      let port = 0;
      do port = 20000 + Math.floor(Math.random() * 12000);
      while (!(await portFree(port)));
      env.PORT = String(port);
      const started = await spawnServer(env, `http://127.0.0.1:${port}`);
      if ('url' in started) {
        return {
          url: started.url,
          async stop() {
            await started.stop();
            await cleanup();
          },
        };
      }
      if (!started.failed.includes('EADDRINUSE') || attempt >= 5) throw new Error(started.failed);
    }
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}

/** Keeps the end of a process's output (for the message of a failure). */
function tail(max = 64 * 1024) {
  let text = '';
  return {
    add(b: Buffer) {
      text = (text + b.toString()).slice(-max);
    },
    get: () => text,
  };
}

const STARTED = /is running at/;

/** Spawns the server and waits for its start-up line: its stop, or the output of a failed start. */
function spawnServer(
  env: NodeJS.ProcessEnv,
  url: string,
): Promise<{ url: string; stop(): Promise<void> } | { failed: string }> {
  const child: ChildProcess = spawn(process.execPath, compiled(SERVER_ENTRY), {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = tail();
  let started = false;
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // whatever happens to the test run, the server does not outlive it
  const kill = () => {
    child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 120 s:\n${out.get()}`));
    }, 120_000);
    const onData = (b: Buffer) => {
      out.add(b);
      if (!started && STARTED.test(out.get())) {
        started = true;
        clearTimeout(deadline);
        resolve({
          url,
          async stop() {
            stopping = true;
            if (child.exitCode === null && child.signalCode === null) {
              child.kill('SIGTERM');
              const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
              await exited;
              clearTimeout(force);
            }
            process.removeListener('exit', kill);
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    void exited.then((code) => {
      process.removeListener('exit', kill);
      if (!started) {
        clearTimeout(deadline);
        resolve({ failed: `server exited ${code}:\n${out.get()}` });
      } else if (!stopping) {
        console.error(`e2e server ${url} exited (${code}) during the run:\n${out.get()}`);
      }
    });
  });
}
