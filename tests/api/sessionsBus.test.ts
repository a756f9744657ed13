/**
 * Several server processes on one database (production): a change of users or roles, or a
 * logout, made through one process drops the cached session checks of the others at once
 * (LISTEN/NOTIFY), not after the caches' lifetime. On PostgreSQL the second app has its own
 * connection pool and listening connection, as a second process would.
 *
 * The session checks' clock (Date) is stopped during each test, timers running: a cached check
 * cannot run out meanwhile, so a refusal on the other app can only come from the notification,
 * however long it takes to arrive on a loaded machine.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { buildApp } from '../../server/app.js';
import { loadSettings } from '../../server/settings.js';
import { openDatabase, type Database } from '../../server/db/connection.js';

let t: TestApp;
let a: Api;
let other: FastifyInstance;
let otherDb: Database | undefined;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  const settings = loadSettings({
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    DATA_DIR: '/tmp/gestionale-test',
    LOG_LEVEL: 'silent',
    CHECK_RESPONSES: '1',
  } as NodeJS.ProcessEnv);
  if (t.database.kind === 'postgres') {
    const url = (await t.database.query<{ db: string }>('SELECT current_database() AS db'))[0]!.db;
    otherDb = await openDatabase({ databaseUrl: process.env.DATABASE_URL!.replace(/\/[^/?]*(\?|$)/, `/${url}$1`) });
  }
  other = await buildApp(settings, otherDb ?? t.database, { logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
  await t?.close();
});

const onOther = (headers: Record<string, string>) => other.inject({ url: '/api/studio_logged', headers });
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
/** until the other app no longer accepts the token (its cached check dropped), at most 10 s */
const dropped = (h: Record<string, string>) =>
  vi.waitFor(
    async () => {
      if ((await onOther(h)).statusCode === 200) throw new Error('the other app still accepts the token');
    },
    { timeout: 10_000, interval: 20 },
  );

describe('session caches across processes', () => {
  it('C03 logout: a token logged out through one process is refused by the other at once', async () => {
    const h = await t.login('collaboratore@studiodemo.test');
    expect((await onOther(h)).statusCode).toBe(200); // now cached as valid over there
    expect((await t.app.inject({ url: '/api/user/logout', headers: h })).statusCode).toBe(200);
    await dropped(h);
    expect((await onOther(h)).statusCode).toBe(401);
  });

  it('C11 users: a user deactivated through one process is refused by the other at once', async () => {
    const h = await t.login('collaboratore@studiodemo.test');
    expect((await onOther(h)).statusCode).toBe(200);
    const id = Number(
      (await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`))[0]!.id,
    );
    const res = await a.put('admin', `/api/user/users/${id}`, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    await dropped(h);
    expect((await onOther(h)).statusCode).toBe(401);
    await a.put('admin', `/api/user/users/${id}`, { active: true });
  });
});
