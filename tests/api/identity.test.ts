/**
 * Issue 9, items 1–4 (identity and login hardening): one identity per e-mail across the
 * product, login limits that hold (proxy headers, padded e-mails, spraying, one account from
 * many addresses, floods), common passwords refused, a password change ending the other
 * sessions, tokens without expiry refused, and a studio never left without an active Admin.
 * On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, USERS, type Api, type Who } from '../helpers/api.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';
import { loadSettings } from '../../server/settings.js';

const JWT_SECRET = 'test-secret-'.padEnd(48, 'x');
const DUPLICATE = 'Valore già presente';
const COMMON = 'Password troppo comune: scegline una meno prevedibile';
const LAST_ADMIN = 'Lo studio deve avere almeno un amministratore attivo';
const TOO_MANY = 'Troppi tentativi: riprova tra qualche minuto';

let t: TestApp;
let a: Api;
let roles: Record<string, number>;
let demoId: number;
let bianchiId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  roles = Object.fromEntries(
    (await a.sql<{ id: number; name: string }>('SELECT "id", "name" FROM "roles"')).map((r) => [r.name, Number(r.id)]),
  );
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
});
afterAll(async () => {
  await t?.close();
});

/** Each login from an address of its own (TEST-NET-2), unless one is given: the per-address limits stay out of the way. */
let addressSeq = 0;
const nextAddress = () => {
  addressSeq++;
  return `198.51.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};
function loginOn(
  app: TestApp,
  email: unknown,
  password: unknown = DEMO_PASSWORD,
  opts: { address?: string; headers?: Record<string, string> } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress: opts.address ?? nextAddress(),
    headers: opts.headers,
  });
}
const login = (email: unknown, password?: unknown, opts?: { address?: string; headers?: Record<string, string> }) =>
  loginOn(t, email, password, opts);
const bearer = (res: LightMyRequestResponse) => ({ authorization: `Bearer ${res.json().access_token}` });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/studio_logged', headers });
const userId = async (email: string) =>
  Number((await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE lower("email") = $1', [email]))[0]!.id);

/** PUT of a user as `who` (bearer headers or a demo user), based on the version its GET answered. */
async function putUser(who: Who | Record<string, string>, id: number, body: Record<string, unknown>) {
  const headers = typeof who === 'string' ? await a.headers(who) : who;
  const current = await t.app.inject({ url: `/api/user/users/${id}`, headers });
  expect(current.statusCode, current.body).toBe(200);
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/users/${id}`,
    headers,
    payload: { ...body, updated_at: current.json().data.updated_at },
  });
}

describe('9.1 one identity per e-mail', () => {
  // issue 25 item 6b: the answer does not tell that the e-mail has an account elsewhere; the row
  // added is no identity (`email_elsewhere`), so the e-mail still logs in its owner only
  it('9.1 C10 create user: an e-mail taken in another studio is added like a new one (201), as no identity: its owner still logs in, the new password opens nothing', async () => {
    const res = await a.post('admin', '/api/user/users', {
      name: 'Intruso',
      email: USERS.bianchi,
      password: 'Rubata-2026!',
      role_id: roles.Admin,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toMatch(/Bianchi/);
    expect(
      Number(
        (
          await a.sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM "users" WHERE lower(trim("email")) = $1 AND "email_elsewhere" IS NOT TRUE`,
            [USERS.bianchi],
          )
        )[0]!.n,
      ),
    ).toBe(1);
    const owner = await login(USERS.bianchi, DEMO_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().studio_id).toBe(bianchiId);
    expect((await login(USERS.bianchi, 'Rubata-2026!')).statusCode).toBe(401);
  });

  it('9.1 C10 create user: the same e-mail in other letter case or with blanks around it is taken too', async () => {
    for (const email of [
      'COLLABORATORE@StudioDemo.test',
      '  collaboratore@studiodemo.test  ',
      ' Collaboratore@STUDIODEMO.test',
    ]) {
      const res = await a.post('admin', '/api/user/users', {
        name: 'Copia',
        email,
        password: 'Rubata-2026!',
        role_id: roles.Collaboratore,
      });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(422);
      expect(res.json().errors.email).toEqual([DUPLICATE]);
    }
  });

  it("9.1 C10 create user: the e-mail of a trashed user of another studio is added like a new one (not the trash's 409), as no identity", async () => {
    const created = await a.post('bianchi', '/api/user/users', {
      name: 'Ex',
      email: 'ex.collega@studiobianchi.test',
      password: 'Nessuna-Copia-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await a.del('bianchi', `/api/user/users/[${created.json().data.id}]`)).statusCode).toBe(200);
    const res = await a.post('admin', '/api/user/users', {
      name: 'Copia',
      email: 'Ex.Collega@studiobianchi.test',
      password: 'Rubata-2026!',
      role_id: roles.Collaboratore,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await login('ex.collega@studiobianchi.test', 'Rubata-2026!')).statusCode).toBe(401);
  });

  it("9.1 C04 profile: a Collaboratore cannot change his e-mail to his Admin's (422 on the field); login stays with the Admin", async () => {
    const collabId = await userId(USERS.collab);
    const res = await putUser('collab', collabId, { email: USERS.admin.toUpperCase() });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.email).toEqual([DUPLICATE]);
    const [row] = await a.sql<{ email: string }>('SELECT "email" FROM "users" WHERE "id" = $1', [collabId]);
    expect(row!.email).toBe(USERS.collab);
    expect((await login(USERS.admin)).json().role).toBe('Admin');
  });

  it("9.1 C10 C11 users: e-mails are stored trimmed and lowercased, and a change to one's own e-mail in other case is fine", async () => {
    const res = await a.post('admin', '/api/user/users', {
      name: 'Nuova',
      email: '  Nuova.Collega@StudioDemo.TEST ',
      password: 'Nuova-Collega-2026',
      role_id: roles.Collaboratore,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.email).toBe('nuova.collega@studiodemo.test');
    const id = Number(res.json().data.id);
    const again = await putUser('admin', id, { email: 'NUOVA.COLLEGA@studiodemo.test' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.email).toBe('nuova.collega@studiodemo.test');
    expect((await login('Nuova.Collega@studiodemo.test', 'Nuova-Collega-2026')).statusCode).toBe(200);
  });

  it("9.1 C10 create user: two concurrent creates of one e-mail in two studios both answer 201; exactly one of them is the e-mail's identity", async () => {
    const body = (name: string) => ({
      name,
      email: 'contesa@example.test',
      password: 'Contesa-Email-2026',
      role_id: roles.Collaboratore,
    });
    const answers = await Promise.all([
      a.post('admin', '/api/user/users', body('Prima')),
      a.post('bianchi', '/api/user/users', body('Seconda')),
    ]);
    expect(
      answers.map((r) => r.statusCode),
      answers.map((r) => r.body).join('\n'),
    ).toEqual([201, 201]);
    expect(
      Number(
        (
          await a.sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM "users" WHERE lower("email") = 'contesa@example.test' AND "email_elsewhere" IS NOT TRUE`,
          )
        )[0]!.n,
      ),
    ).toBe(1);
  });

  it('9.1 database: the unique index users_email_uq refuses a second row differing only by case or blanks', async () => {
    const [u] = await a.sql<{ role_id: number }>('SELECT "role_id" FROM "users" WHERE "email" = $1', [USERS.bianchi]);
    await expect(
      a.sql(
        `INSERT INTO "users" ("studio_id", "role_id", "name", "email") VALUES ($1, $2, 'Diretto', ' Admin@StudioBianchi.TEST')`,
        [demoId, u!.role_id],
      ),
    ).rejects.toThrow(/users_email_uq/);
  });
});

describe('9.2 login limits', () => {
  it('9.2 C02 login: rotating X-Forwarded-For does not escape the limit (proxy headers are not trusted by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await login('bersaglio.xff@studiodemo.test', `tentativo-${i}`, {
        address: '192.0.2.10',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const last = await login('bersaglio.xff@studiodemo.test', 'ancora', {
      address: '192.0.2.10',
      headers: { 'x-forwarded-for': '203.0.113.200' },
    });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: TOO_MANY });
  });

  it('9.2 C02 login: padding the e-mail with blanks does not escape the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push(
        (
          await login(`${' '.repeat(i)}bersaglio.spazi@studiodemo.test${' '.repeat(i % 3)}`, `tentativo-${i}`, {
            address: '192.0.2.11',
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('9.2 C02 login: one password sprayed over many e-mails from one address ends in 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await login(`persona${i}@spray.test`, 'Primavera2026', { address: '192.0.2.12' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // the address is held back, the accounts are not: the same e-mail from elsewhere is still a 401
    expect((await login('persona39@spray.test', 'Primavera2026', { address: '192.0.2.13' })).statusCode).toBe(401);
  });

  it('9.2 C02 login: failures for one account from many addresses end in 429 for that account only, right password included', async () => {
    const created = await a.post('admin', '/api/user/users', {
      name: 'Bersaglio',
      email: 'bersaglio.conto@studiodemo.test',
      password: 'Conto-Bersaglio-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login('bersaglio.conto@studiodemo.test', `tentativo-${i}`)).statusCode);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const right = await login('bersaglio.conto@studiodemo.test', 'Conto-Bersaglio-2026');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: TOO_MANY });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(USERS.collab)).statusCode).toBe(200);
  });

  it('9.2 C02 login: the account limit counts the failures since its last successful login', async () => {
    const created = await a.post('admin', '/api/user/users', {
      name: 'Distratto',
      email: 'distratto@studiodemo.test',
      password: 'Distratto-Ma-Onesto-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++)
        statuses.push((await login('distratto@studiodemo.test', `sbagliata-${round}-${i}`)).statusCode);
      statuses.push((await login('distratto@studiodemo.test', 'Distratto-Ma-Onesto-2026')).statusCode);
    }
    expect(statuses).toEqual([...Array(6).fill(401), 200, ...Array(6).fill(401), 200, ...Array(6).fill(401), 200]);
    // ten failures in a row, from as many addresses, hold the account back
    const after: number[] = [];
    for (let i = 0; i < 11; i++) after.push((await login('distratto@studiodemo.test', `sbagliata-${i}`)).statusCode);
    expect(after).toEqual([...Array(10).fill(401), 429]);
  });

  it('9.2 C02 login: a flood of concurrent logins is refused with 503 beyond the hashing queue, while logged-in users are served', async () => {
    const headers = await a.headers('admin');
    const flood = Array.from({ length: 80 }, (_x, i) => login(`ondata${i}@flood.test`, 'Ondata-2026!'));
    const during = await t.app.inject({ url: '/api/studio_logged', headers });
    const answers = await Promise.all(flood);
    expect(during.statusCode).toBe(200);
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 401 || s === 503),
      statuses.join(','),
    ).toBe(true);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json().message).toMatch(/^Troppi accessi in corso/);
    expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // once the flood is over, logins work again
    expect((await login(USERS.collab)).statusCode).toBe(200);
  });

  it('9.2 C10 C04 users: a common password is refused with 422 on the field; the demo password is fine', async () => {
    for (const password of ['12345678', 'password1', 'Qwertyuiop']) {
      const res = await a.post('admin', '/api/user/users', {
        name: 'Facile',
        email: `facile.${password.toLowerCase()}@studiodemo.test`,
        password,
        role_id: roles.Collaboratore,
      });
      expect(res.statusCode, `${password}: ${res.body}`).toBe(422);
      expect(res.json().errors.password).toEqual([COMMON]);
    }
    const ok = await a.post('admin', '/api/user/users', {
      name: 'Demo',
      email: 'come.demo@studiodemo.test',
      password: DEMO_PASSWORD,
      role_id: roles.Collaboratore,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // a change (own profile) and a reset (Admin) are checked too
    const own = await putUser(bearer(await login('come.demo@studiodemo.test')), Number(ok.json().data.id), {
      password: '12345678',
    });
    expect(own.statusCode, own.body).toBe(422);
    expect(own.json().errors.password).toEqual([COMMON]);
    const reset = await putUser('admin', Number(ok.json().data.id), { password: 'iloveyou' });
    expect(reset.statusCode, reset.body).toBe(422);
    expect(reset.json().errors.password).toEqual([COMMON]);
  });

  it('9.2 settings: TRUST_PROXY is off by default and takes true, a hop count or a list of addresses', () => {
    const base = { JWT_SECRET, DATA_DIR: '/tmp/gestionale-test' };
    const trust = (v?: string) =>
      (
        loadSettings({ ...base, ...(v === undefined ? {} : { TRUST_PROXY: v }) } as NodeJS.ProcessEnv) as {
          trustProxy?: unknown;
        }
      ).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.1.0/24')).toEqual(['10.0.0.1', '192.168.1.0/24']);
  });
});

describe('9.2 login limits behind a configured proxy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ env: { TRUST_PROXY: '192.0.2.1' } });
  });
  afterAll(async () => {
    await p?.close();
  });
  const via = (client: string) => ({ address: '192.0.2.1', headers: { 'x-forwarded-for': client } });

  it('9.2 C02 login: with TRUST_PROXY the client address comes from X-Forwarded-For of the trusted proxy, and the account limit holds across addresses', async () => {
    // spraying from one client behind the proxy: that client is held back, another is not
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await loginOn(p, `persona${i}@spray.test`, 'Primavera2026', via('203.0.113.7'))).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await loginOn(p, USERS.collab, DEMO_PASSWORD, via('203.0.113.8'))).statusCode).toBe(200);
    // an account attacked from rotating client addresses is held back
    const account: number[] = [];
    for (let i = 0; i < 12; i++)
      account.push((await loginOn(p, USERS.bianchi, `tentativo-${i}`, via(`203.0.113.${100 + i}`))).statusCode);
    expect(account.at(-1)).toBe(429);
    // a header from an untrusted peer is ignored: its own address is the client
    const direct: number[] = [];
    for (let i = 0; i < 40; i++)
      direct.push(
        (
          await loginOn(p, `altra${i}@spray.test`, 'Primavera2026', {
            address: '192.0.2.99',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          })
        ).statusCode,
      );
    expect(direct.at(-1)).toBe(429);
  });
});

describe('9.3 a password change ends the other sessions', () => {
  it("9.3 C04 profile: changing one's own password ends his other sessions and keeps the current one", async () => {
    const created = await a.post('admin', '/api/user/users', {
      name: 'Doppia',
      email: 'doppia.sessione@studiodemo.test',
      password: 'Primo-Accesso-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const here = bearer(await login('doppia.sessione@studiodemo.test', 'Primo-Accesso-2026'));
    const there = bearer(await login('doppia.sessione@studiodemo.test', 'Primo-Accesso-2026'));
    // another field changes nothing
    expect((await putUser(here, id, { cognome: 'Sessione' })).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(200);
    const res = await putUser(here, id, { password: 'Secondo-Accesso-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    expect((await login('doppia.sessione@studiodemo.test', 'Primo-Accesso-2026')).statusCode).toBe(401);
    const fresh = bearer(await login('doppia.sessione@studiodemo.test', 'Secondo-Accesso-2026'));
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(200);
  });

  it("9.3 C11 users: an Admin resetting a user's password ends every session of that user, not the Admin's", async () => {
    const created = await a.post('admin', '/api/user/users', {
      name: 'Azzerato',
      email: 'azzerato@studiodemo.test',
      password: 'Prima-Del-Reset-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = bearer(await login('azzerato@studiodemo.test', 'Prima-Del-Reset-2026'));
    expect((await me(session)).statusCode).toBe(200);
    const res = await putUser('admin', Number(created.json().data.id), { password: 'Dopo-Il-Reset-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(await a.headers('admin'))).statusCode).toBe(200);
    expect((await login('azzerato@studiodemo.test', 'Dopo-Il-Reset-2026')).statusCode).toBe(200);
  });

  it('9.3 C02 token: a token without an expiry is refused (401)', async () => {
    const created = await a.post('admin', '/api/user/users', {
      name: 'Eterno',
      email: 'senza.scadenza@studiodemo.test',
      password: 'Senza-Scadenza-2026',
      role_id: roles.Collaboratore,
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await login('senza.scadenza@studiodemo.test', 'Senza-Scadenza-2026');
    expect(res.statusCode).toBe(200);
    expect((await me(bearer(res))).statusCode).toBe(200);
    const { exp: _exp, iat: _iat, ...claims } = decodeJwt(res.json().access_token);
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(JWT_SECRET));
    const answer = await me({ authorization: `Bearer ${forever}` });
    expect(answer.statusCode).toBe(401);
  });
});

describe('9.4 the last active Admin of a studio', () => {
  it('9.4 C11 users: the last active Admin cannot be demoted (422), not even by himself', async () => {
    const id = await userId(USERS.bianchi);
    const res = await putUser('bianchi', id, { role_id: roles.Collaboratore });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(LAST_ADMIN);
    expect(res.json().errors.role_id).toEqual([LAST_ADMIN]);
    const bySuper = await putUser('superadmin', id, { role_id: roles.Collaboratore });
    expect(bySuper.statusCode, bySuper.body).toBe(422);
    const [row] = await a.sql<{ role_id: number }>('SELECT "role_id" FROM "users" WHERE "id" = $1', [id]);
    expect(Number(row!.role_id)).toBe(roles.Admin);
  });

  it('9.4 C11 users: the last active Admin cannot be deactivated (422), one by one or in a bulk change', async () => {
    const id = await userId(USERS.bianchi);
    const res = await putUser('bianchi', id, { active: false });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(LAST_ADMIN);
    expect(res.json().errors.active).toEqual([LAST_ADMIN]);
    const versions = await a.versions('superadmin', 'user/users', [id]);
    const bulk = await a.call('superadmin', 'PUT', '/api/user/users', {
      payload: { ids: [id], data: { active: false }, versions },
    });
    expect(bulk.statusCode, bulk.body).toBe(422);
    const [row] = await a.sql<{ active: boolean }>('SELECT "active" FROM "users" WHERE "id" = $1', [id]);
    expect(row!.active).toBe(true);
  });

  it('9.4 C17 users: the last active Admin cannot be trashed nor deleted (422); with a second active Admin the other one can', async () => {
    const id = await userId(USERS.bianchi);
    for (const force of ['auto', '1']) {
      const res = await a.del('superadmin', `/api/user/users/[${id}]`, { force_delete: force });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(LAST_ADMIN);
    }
    const [row] = await a.sql<{ deleted_at: string | null }>('SELECT "deleted_at" FROM "users" WHERE "id" = $1', [id]);
    expect(row!.deleted_at).toBeNull();
    // a second Admin: now either may go, but not both
    const second = await a.post('bianchi', '/api/user/users', {
      name: 'Seconda',
      email: 'seconda.admin@studiobianchi.test',
      password: 'Seconda-Admin-2026',
      role_id: roles.Admin,
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = Number(second.json().data.id);
    const both = await a.del('superadmin', `/api/user/users/[${id},${secondId}]`);
    expect(both.statusCode, both.body).toBe(422);
    expect((await a.del('bianchi', `/api/user/users/[${secondId}]`)).statusCode).toBe(200);
    expect((await putUser('bianchi', id, { active: false })).statusCode).toBe(422);
  });
});
