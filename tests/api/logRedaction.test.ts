/**
 * Issue 9 #13: logs never contain the parameters of a failed statement. A trigger made by the
 * test refuses inserts into users at the database (past every validator), so a user create fails
 * with the statement's error; the log lines, captured, must say what failed but carry neither
 * the personal data of the request nor the password hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { buildApp } from '../../server/app.js';
import { loadSettings } from '../../server/settings.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const settings = loadSettings({
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    DATA_DIR: '/tmp/gestionale-test',
    CHECK_RESPONSES: '1',
  } as NodeJS.ProcessEnv);
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(settings, t.database, { logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.database.query('DROP TRIGGER IF EXISTS test_refuse_users ON "users"').catch(() => undefined);
  await t?.close();
});

describe('9.13 logs', () => {
  it('9.13 logs: a failed user write logs the SQL error (statement, code, message) but not its parameters (password hash, personal data)', async () => {
    await t.database.query(`CREATE OR REPLACE FUNCTION test_refuse_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'rifiutato dal test' USING ERRCODE = 'P0001'; END $$`);
    await t.database.query(
      'CREATE TRIGGER test_refuse_users BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION test_refuse_users()',
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'admin@studiodemo.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const roles = await t.database.query<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`);

    const secret = {
      name: 'Riservatissimo Zanzibar',
      email: 'zanzibar.riservato@studiodemo.test',
      password: 'Qx9!Zanzibar-Segreta-77',
    };
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/users',
      headers: { authorization: `Bearer ${login.json().access_token}` },
      payload: { ...secret, role_id: Number(roles[0]!.id) },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Errore interno del server: riprova più tardi' });

    const log = lines.join('');
    // the values are not
    for (const value of [secret.name, secret.email, secret.password, 'Zanzibar', '$argon2'])
      expect(log).not.toContain(value);
    expect(log).not.toMatch(/params/i);
    // what failed is there: the statement, the database's message and code
    const entry = lines
      .map(
        (l) =>
          JSON.parse(l) as { level: number; err?: { query?: string; cause?: { code?: string; message?: string } } },
      )
      .find((e) => e.level >= 50 && e.err);
    expect(entry, log).toBeDefined();
    expect(entry!.err!.query).toMatch(/insert into "users"/i);
    expect(entry!.err!.cause).toMatchObject({ code: 'P0001', message: 'rifiutato dal test' });
  });
});
