/**
 * A real server for API tests: PGlite in memory, or — with DATABASE_URL — a freshly created
 * PostgreSQL database per test file (dropped at the end). Demo data loaded: a copy of the
 * database the global set-up made once for the run (tests/helpers/dbImage.ts), with a storage
 * folder of the file's own; `demo: false` gives an empty, migrated database instead.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type {} from './dbImage.js'; // the ProvidedContext of the global set-up
import { LocalStorage } from '../../server/storage/index.js';
import type { FastifyInstance } from 'fastify';
import { loadSettings, type Settings } from '../../server/settings.js';
import { openDatabase, type Database } from '../../server/db/connection.js';
import { buildApp } from '../../server/app.js';
import { execOn, type Exec } from '../../server/records/exec.js';
import { loadDemoData, DEMO_PASSWORD } from '../../server/db/demo.js';
import { bootstrap } from '../../server/db/bootstrap.js';
import { freshPostgres } from './freshPostgres.js';

export interface TestApp {
  app: FastifyInstance;
  /** the server's settings (another app on the same database: a second process behind a balancer) */
  settings: Settings;
  database: Database;
  exec: Exec;
  /** this file's folder of uploaded files (STORAGE_DIR) */
  storageDir: string;
  /** bearer headers of a logged-in user */
  login(email: string, password?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The run's demo database, when a Vitest global set-up made one (a benchmark has none: it seeds its own). */
function runImage() {
  try {
    return inject('dbImage');
  } catch {
    // outside Vitest (bench/*.ts): inject() has no run to read from
    return undefined;
  }
}

/**
 * The address of the test app's own PostgreSQL database (a job queue of the test connects to it),
 * or undefined on the embedded database.
 */
export async function ownDatabaseUrl(t: TestApp): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const [{ db }] = await t.database.query<{ db: string }>('SELECT current_database() AS "db"');
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

/** The demo database of the run, read once per file (the tarball is shared by the file's apps). */
let tarball: Blob | undefined;

export async function startTestApp(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const demo = opts.demo !== false;
  // the image is made by the api project's global set-up; a file run elsewhere seeds its own
  const image = demo ? runImage() : undefined;
  const storageDir = mkdtempSync(join(tmpdir(), 'gs-test-files-'));
  if (image) cpSync(image.storage, storageDir, { recursive: true });
  const settings = loadSettings({
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    DATA_DIR: '/tmp/gestionale-test',
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'silent',
    CHECK_RESPONSES: '1',
    PAYMENT_SANDBOX: 'true',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL, 'test', image?.template ?? undefined);
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url });
  } else if (image?.tarball) {
    tarball ??= new Blob([readFileSync(image.tarball)]);
    database = await openDatabase({ memory: true, image: tarball });
  } else {
    database = await openDatabase({ memory: true });
  }
  const exec = execOn(database.db);
  if (!demo) await bootstrap(exec);
  else if (!image) await loadDemoData(exec, new LocalStorage(settings.storageDir));
  const app = await buildApp(settings, database, { logger: false });
  await app.ready();
  return {
    app,
    settings,
    database,
    exec,
    storageDir,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().access_token}` };
    },
    async close() {
      await app.close();
      await database.close();
      if (drop) await drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
