/**
 * Several processes, one truth (issue 27 item 5): the login limits, the public forms' limits and
 * the captcha's spent challenges count in the database, so two servers on one database (two
 * processes behind a balancer; here two apps on the same connection, on PGlite and — with
 * DATABASE_URL — on PostgreSQL) give an attacker no more tries than one, and a restart forgets
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../../server/app.js';
import { sweepLimits } from '../../server/auth/sharedLimits.js';
import { LOGIN_LIMITS } from '../../server/auth/loginGuard.js';
import { CAPTCHA_MESSAGE } from '../../server/auth/captcha.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
/** the second process: another server on the same database */
let other: FastifyInstance;
const servers = () => [t.app, other];

const login = (app: FastifyInstance, email: string, password: string, address: string) =>
  app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: address, payload: { email, password } });

beforeAll(async () => {
  t = await startTestApp();
  other = await buildApp(t.settings, t.database, { logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('limits shared by the processes on one database', () => {
  it('C02 login: failures of one account spread over two servers reach the account limit once, the right password included; a restarted server still refuses', async () => {
    const email = 'collaboratore@studiodemo.test';
    const statuses: number[] = [];
    // one failure per address, alternating the servers: only the account limit can stop them
    for (let i = 0; i < LOGIN_LIMITS.accountFailures + 1; i++)
      statuses.push((await login(servers()[i % 2]!, email, `sbagliata-${i}`, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_LIMITS.accountFailures).fill(401), 429]);
    // the right password, on either server, from a new address: held back all the same
    for (const app of servers()) {
      const right = await login(app, email, DEMO_PASSWORD, '198.51.100.200');
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    }
    // a third server started on the database (a restart) knows the failures
    const restarted = await buildApp(t.settings, t.database, { logger: false });
    try {
      await restarted.ready();
      expect((await login(restarted, email, DEMO_PASSWORD, '198.51.100.201')).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
    // another account is not affected
    expect((await login(other, 'admin@studiodemo.test', DEMO_PASSWORD, '198.51.100.202')).statusCode).toBe(200);
  });

  it('C02 login: the per-address-and-e-mail limit (10 a minute, successes included) counts the attempts of both servers together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await login(servers()[i % 2]!, 'admin@studiodemo.test', DEMO_PASSWORD, '203.0.113.50')).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // the same e-mail from another address is another bucket
    expect((await login(t.app, 'admin@studiodemo.test', DEMO_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
  });

  it('C02 login: one address spraying many e-mails is stopped by the address limit across both servers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.addressFailures; i++)
      statuses.push(
        (await login(servers()[i % 2]!, `persona${i}@spray.test`, 'Primavera2026', '203.0.113.60')).statusCode,
      );
    expect(statuses.slice(0, LOGIN_LIMITS.addressFailures).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('C63 the captcha: a solution one server accepted is refused by the other, and by the first again', async () => {
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: '192.0.2.70' })
    ).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const solved = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const reset = (app: FastifyInstance, address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password/init_reset',
        remoteAddress: address,
        payload: { email: 'nessuno@example.it', g_recaptcha_response: solved },
      });
    expect((await reset(t.app, '192.0.2.71')).statusCode).toBe(200);
    for (const [app, address] of [
      [other, '192.0.2.72'],
      [t.app, '192.0.2.73'],
    ] as const) {
      const again = await reset(app, address);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(CAPTCHA_MESSAGE);
    }
  });

  it('the hourly sweep deletes the counters and challenges that no longer count, and keeps the others', async () => {
    const now = Date.now();
    await t.database.query(
      `INSERT INTO "rate_limits" ("key", "points", "expire") VALUES ('prova:scaduto', 3, $1), ('prova:vivo', 3, $2)`,
      [now - 1000, now + 60_000],
    );
    await t.database.query(`INSERT INTO "captcha_spent" ("signature", "expire") VALUES ('scaduta', $1), ('viva', $2)`, [
      now - 1000,
      now + 60_000,
    ]);
    await sweepLimits(t.database, now);
    const keys = await t.database.query<{ key: string }>(`SELECT "key" FROM "rate_limits" WHERE "key" LIKE 'prova:%'`);
    expect(keys.map((r) => r.key)).toEqual(['prova:vivo']);
    const spent = await t.database.query<{ signature: string }>(
      `SELECT "signature" FROM "captcha_spent" WHERE "signature" IN ('scaduta', 'viva')`,
    );
    expect(spent.map((r) => r.signature)).toEqual(['viva']);
  });
});
