/**
 * A real server for API tests: PGlite in memory, or — with DATABASE_URL — a freshly created
 * PostgreSQL database per test file (dropped at the end). Demo data loaded.
 */
import { LocalStorage } from '../../server/storage/index.js';
import type { FastifyInstance } from 'fastify';
import { loadSettings } from '../../server/settings.js';
import { openDatabase, type Database } from '../../server/db/connection.js';
import { buildApp } from '../../server/app.js';
import { execOn, type Exec } from '../../server/records/exec.js';
import { loadDemoData, DEMO_PASSWORD } from '../../server/db/demo.js';
import { bootstrap } from '../../server/db/bootstrap.js';
import { freshPostgres } from './freshPostgres.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  exec: Exec;
  /** bearer headers of a logged-in user */
  login(email: string, password?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}


export async function startTestApp(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const settings = loadSettings({ JWT_SECRET: 'test-secret-'.padEnd(48, 'x'), DATA_DIR: '/tmp/gestionale-test', LOG_LEVEL: 'silent', CHECK_RESPONSES: '1', ...opts.env } as NodeJS.ProcessEnv);
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL);
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url });
  } else {
    database = await openDatabase({ memory: true });
  }
  const exec = execOn(database.db);
  if (opts.demo === false) await bootstrap(exec); else await loadDemoData(exec, new LocalStorage(settings.storageDir));
  const app = await buildApp(settings, database, { logger: false });
  await app.ready();
  return {
    app, database, exec,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().access_token}` };
    },
    async close() {
      await app.close();
      await database.close();
      if (drop) await drop();
    },
  };
}
