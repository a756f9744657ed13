/**
 * Session and shell calls (C01–C08), role checks on the admin areas, and the error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, USERS, type Api } from '../helpers/api.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let vendorId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  vendorId = await a.studioId('Gestionale Studi (fornitore)');
});
afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = 'Operazione non consentita (403)';
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object });

describe('C01 client_var', () => {
  it('C01 client_var: public, answers APPNAME and SERVER_BASEURL without a token', async () => {
    const res = await a.get(null, '/api/var/client_var');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.APPNAME).toBe('string');
    expect(body.APPNAME.length).toBeGreaterThan(0);
    expect(body.SERVER_BASEURL).toMatch(/^https?:\/\//);
  });
});

describe('C02 login', () => {
  it('C02 login: success answers the token and the user, studio and subscription data', async () => {
    const res = await login({ email: USERS.admin, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    for (const k of [
      'access_token',
      'id',
      'name',
      'email',
      'role',
      'studio_id',
      'studio_name',
      'subscription_expire_date',
      'credit',
      'avatar',
    ]) {
      expect(b, k).toHaveProperty(k);
    }
    expect(b.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(b.email).toBe(USERS.admin);
    expect(b.name).toBe('Marco');
    expect(b.role).toBe('Admin');
    expect(b.studio_id).toBe(demoId);
    expect(b.studio_name).toBe('Studio Demo');
    expect(b.subscription_expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const db = await a.sql<{ d: string }>(
      `SELECT to_char("subscription_expire_date", 'YYYY-MM-DD') AS d FROM "studios" WHERE "id" = $1`,
      [demoId],
    );
    expect(b.subscription_expire_date).toBe(db[0].d);
    expect(typeof b.credit).toBe('number');
    // the token works
    const me = await t.app.inject({
      url: '/api/studio_logged',
      headers: { authorization: `Bearer ${b.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('C02 login: e-mail is matched case-insensitively and the role of each demo user is returned', async () => {
    const res = await login({ email: USERS.collab.toUpperCase(), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('Collaboratore');
    expect(res.json().studio_name).toBe('Studio Demo');
    const sa = await login({ email: USERS.superadmin, password: DEMO_PASSWORD });
    expect(sa.json().role).toBe('SuperAdmin');
    expect(sa.json().studio_id).toBe(vendorId);
  });

  it('C02 login: wrong password is 401 Credenziali non valide, unknown e-mail too', async () => {
    const res = await login({ email: USERS.bianchi, password: 'sbagliata-123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Credenziali non valide' });
    expect(res.json()).not.toHaveProperty('access_token');
    const unknown = await login({ email: 'nessuno@nowhere.test', password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Credenziali non valide');
  });

  it('C02 login: an inactive account is 403 Account non attivo, with no token', async () => {
    const role = await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`);
    const created = await a.post('admin', '/api/user/users', {
      name: 'Inattivo',
      cognome: 'Prova',
      email: 'inattivo@studiodemo.test',
      password: 'Password123!',
      role_id: role[0].id,
      active: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.active).toBe(false);
    const res = await login({ email: 'inattivo@studiodemo.test', password: 'Password123!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Account non attivo: controlla la mail di attivazione');
    // the wrong password on an inactive account still says only "wrong credentials"
    const wrong = await login({ email: 'inattivo@studiodemo.test', password: 'altra-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('C02 login: missing or malformed fields are 422 with field errors', async () => {
    const res = await login({ email: 'non-una-mail', password: '' });
    expect(res.statusCode).toBe(422);
    const b = res.json();
    expect(typeof b.message).toBe('string');
    expect(b.errors.email).toEqual(['Email Non Valida']);
    expect(b.errors.password).toEqual(['Campo Obbligatorio']);
    const empty = await login({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual(['Campo Obbligatorio']);
  });
});

describe('C03 logout', () => {
  it('C03 logout: the same token is refused afterwards, other sessions stay valid', async () => {
    const first = await t.login(USERS.bianchi);
    const second = await t.login(USERS.bianchi);
    expect((await a.call(null, 'GET', '/api/studio_logged', { headers: first })).statusCode).toBe(200);
    const out = await a.call(null, 'GET', '/api/user/logout', { headers: first });
    expect(out.statusCode).toBe(200);
    const after = await a.call(null, 'GET', '/api/studio_logged', { headers: first });
    expect(after.statusCode).toBe(401);
    expect(typeof after.json().message).toBe('string');
    expect((await a.call(null, 'GET', '/api/user/logout', { headers: first })).statusCode).toBe(401);
    expect((await a.call(null, 'GET', '/api/studio_logged', { headers: second })).statusCode).toBe(200);
  });

  it('C03 logout: without a token is 401', async () => {
    expect((await a.get(null, '/api/user/logout')).statusCode).toBe(401);
  });
});

describe('C04 user profile', () => {
  it('C04 users/{id}: a Collaboratore reads its own user (name, email, credit), never the password', async () => {
    const me = await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.collab]);
    const res = await a.get('collab', `/api/user/users/${me[0].id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.id).toBe(me[0].id);
    expect(d.name).toBe('Laura');
    expect(d.email).toBe(USERS.collab);
    expect(typeof d.credit).toBe('number');
    expect(d).not.toHaveProperty('password');
    expect(res.body).not.toMatch(/argon2/);
  });

  it('C04 users/{id}: a Collaboratore may update its own profile but not its role', async () => {
    const me = await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.collab]);
    const res = await a.put('collab', `/api/user/users/${me[0].id}`, { cognome: 'Neri Bianchi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cognome).toBe('Neri Bianchi');
    const admin = await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Admin'`);
    const promote = await a.put('collab', `/api/user/users/${me[0].id}`, { role_id: admin[0].id });
    expect(promote.statusCode).toBe(403);
    const role = await a.sql<{ name: string }>(
      'SELECT r."name" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE u."id" = $1',
      [me[0].id],
    );
    expect(role[0].name).toBe('Collaboratore');
  });

  it('C04 users/{id}: another user is 403 for a Collaboratore, readable by the Admin', async () => {
    const other = await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.admin]);
    const res = await a.get('collab', `/api/user/users/${other[0].id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FORBIDDEN);
    const collab = await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.collab]);
    const byAdmin = await a.get('admin', `/api/user/users/${collab[0].id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.email).toBe(USERS.collab);
  });

  it('C04 users/{id}: a user of another studio is 404 for an Admin, visible to the SuperAdmin', async () => {
    const other = await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.bianchi]);
    expect((await a.get('admin', `/api/user/users/${other[0].id}`)).statusCode).toBe(404);
    const sa = await a.get('superadmin', `/api/user/users/${other[0].id}`);
    expect(sa.statusCode).toBe(200);
    expect(sa.json().data.email).toBe(USERS.bianchi);
  });
});

describe('C05–C08 shell', () => {
  it("C05 studio_logged: the caller's studio with its subscription expiry", async () => {
    const res = await a.get('bianchi', '/api/studio_logged');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.id).toBe(bianchiId);
    expect(d.name).toBe('Studio Bianchi');
    const db = await a.sql<{ d: string }>(
      `SELECT to_char("subscription_expire_date", 'YYYY-MM-DD') AS d FROM "studios" WHERE "id" = $1`,
      [bianchiId],
    );
    expect(d.subscription_expire_date).toBe(db[0].d);
    expect((await a.get(null, '/api/studio_logged')).statusCode).toBe(401);
  });

  it('C06 studios: an Admin sees only its own studio', async () => {
    const res = await a.get('admin', '/api/studios');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: number; name: string }>;
    expect(data.map((s) => s.id)).toEqual([demoId]);
    expect(data[0].name).toBe('Studio Demo');
  });

  it('C06 studios: the SuperAdmin sees every studio', async () => {
    const res = await a.get('superadmin', '/api/studios');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as Array<{ id: number }>).map((s) => s.id).sort((x, y) => x - y);
    const all = (
      await a.sql<{ id: number }>('SELECT "id" FROM "studios" WHERE "deleted_at" IS NULL ORDER BY "id"')
    ).map((r) => Number(r.id));
    expect(ids).toEqual(all);
    expect(ids).toEqual(expect.arrayContaining([demoId, bianchiId, vendorId]));
  });

  it('C06 studios: a Collaboratore cannot list studios (403)', async () => {
    const res = await a.get('collab', '/api/studios');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FORBIDDEN);
  });

  it('C07 missingRequiredFields: Studio Bianchi lacks required fields, Studio Demo none', async () => {
    const bianchi = await a.get('bianchi', '/api/loggedStudio/missingRequiredFields');
    expect(bianchi.statusCode).toBe(200);
    const missing = bianchi.json().data as Array<{ field: string; label: string }>;
    expect(missing.length).toBeGreaterThan(0);
    const fields = missing.map((m) => m.field);
    // every reported field is really empty in the database, and labels are given
    const row = (await a.sql<Record<string, unknown>>('SELECT * FROM "studios" WHERE "id" = $1', [bianchiId]))[0];
    for (const m of missing) {
      expect(row[m.field] == null || String(row[m.field]).trim() === '', m.field).toBe(true);
      expect(m.label.length).toBeGreaterThan(0);
    }
    expect(fields).toContain('subtitle');
    expect(fields).toContain('manager_cf');
    expect(fields).not.toContain('name');
    const demo = await a.get('admin', '/api/loggedStudio/missingRequiredFields');
    expect(demo.statusCode).toBe(200);
    expect(demo.json().data).toEqual([]);
  });

  it('C07 missingRequiredFields: filling a field removes it from the list', async () => {
    const before = (await a.get('bianchi', '/api/loggedStudio/missingRequiredFields')).json().data as Array<{
      field: string;
    }>;
    const put = await a.put('bianchi', `/api/studios/${bianchiId}`, { subtitle: 'Consulenza del lavoro' });
    expect(put.statusCode).toBe(200);
    const after = (await a.get('bianchi', '/api/loggedStudio/missingRequiredFields')).json().data as Array<{
      field: string;
    }>;
    expect(after.map((m) => m.field)).not.toContain('subtitle');
    expect(after.length).toBe(before.length - 1);
  });

  const titles = (tree: Array<{ title: string; children?: unknown[] }>): string[] =>
    tree.flatMap((n) => [n.title, ...titles((n.children ?? []) as Array<{ title: string }>)]);

  it('C08 menu_items: a Collaboratore does not see Studio nor Amministrazione', async () => {
    const res = await a.get('collab', '/api/menu_items');
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Array<{ title: string; icon: string; children?: unknown[] }>;
    const top = tree.map((n) => n.title);
    expect(top).toContain('Anagrafiche');
    expect(top).not.toContain('Studio');
    expect(top).not.toContain('Amministrazione');
    expect(titles(tree)).not.toContain('Utenti');
    for (const n of tree) expect(typeof n.icon).toBe('string');
    const clienti = tree.find((n) => n.title === 'Anagrafiche')!.children as Array<{ title: string; link: string }>;
    expect(clienti.find((c) => c.title === 'Clienti')?.link).toMatch(/Customer/);
  });

  it('C08 menu_items: an Admin sees Studio but not Amministrazione; the SuperAdmin sees Amministrazione', async () => {
    const admin = (await a.get('admin', '/api/menu_items')).json().data as Array<{ title: string }>;
    expect(admin.map((n) => n.title)).toContain('Studio');
    expect(admin.map((n) => n.title)).not.toContain('Amministrazione');
    const sa = (await a.get('superadmin', '/api/menu_items')).json().data as Array<{
      title: string;
      children?: Array<{ title: string }>;
    }>;
    const adm = sa.find((n) => n.title === 'Amministrazione');
    expect(adm).toBeDefined();
    expect(adm!.children!.map((c) => c.title)).toContain('Studi');
    expect((await a.get(null, '/api/menu_items')).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('C09 C10 C11 roles: a Collaboratore gets 403 on Studio, User and Role writes, and nothing changes', async () => {
    const ownStudio = await a.put('collab', `/api/studios/${demoId}`, { name: 'Studio Hackerato' });
    expect(ownStudio.statusCode).toBe(403);
    expect(ownStudio.json()).toEqual({ message: FORBIDDEN });
    expect((await a.sql<{ name: string }>('SELECT "name" FROM "studios" WHERE "id" = $1', [demoId]))[0].name).toBe(
      'Studio Demo',
    );

    const roleId = (await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Utente'`))[0].id;
    const newUser = await a.post('collab', '/api/user/users', {
      name: 'X',
      email: 'x@studiodemo.test',
      password: 'Password123!',
      role_id: roleId,
    });
    expect(newUser.statusCode).toBe(403);
    expect(newUser.json().message).toBe(FORBIDDEN);
    expect(await a.sql('SELECT 1 FROM "users" WHERE "email" = $1', ['x@studiodemo.test'])).toHaveLength(0);

    const admin = (await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.admin]))[0].id;
    const editOther = await a.put('collab', `/api/user/users/${admin}`, { name: 'Mario' });
    expect(editOther.statusCode).toBe(403);
    const delOther = await a.del('collab', `/api/user/[${admin}]`);
    expect(delOther.statusCode).toBe(403);
    expect(
      (
        await a.sql<{ name: string; deleted_at: unknown }>('SELECT "name", "deleted_at" FROM "users" WHERE "id" = $1', [
          admin,
        ])
      )[0],
    ).toMatchObject({ name: 'Marco', deleted_at: null });

    const newRole = await a.post('collab', '/api/user/roles', { name: 'Stagista' });
    expect(newRole.statusCode).toBe(403);
    expect(newRole.json().message).toBe(FORBIDDEN);
    const editRole = await a.put('collab', `/api/user/roles/${roleId}`, { name: 'Ospite' });
    expect(editRole.statusCode).toBe(403);
    expect(await a.sql(`SELECT 1 FROM "roles" WHERE "name" IN ('Stagista', 'Ospite')`)).toHaveLength(0);
  });

  it('C10 roles: an Admin cannot create a SuperAdmin user nor promote one (403); an Admin user is fine', async () => {
    const roles = Object.fromEntries(
      (await a.sql<{ id: number; name: string }>('SELECT "id", "name" FROM "roles"')).map((r) => [r.name, r.id]),
    );
    const sa = await a.post('admin', '/api/user/users', {
      name: 'Super',
      email: 'super@studiodemo.test',
      password: 'Password123!',
      role_id: roles.SuperAdmin,
    });
    expect(sa.statusCode).toBe(403);
    expect(sa.json().message).toBe(FORBIDDEN);
    expect(await a.sql('SELECT 1 FROM "users" WHERE "email" = $1', ['super@studiodemo.test'])).toHaveLength(0);

    const ok = await a.post('admin', '/api/user/users', {
      name: 'Nuovo',
      email: 'nuovo@studiodemo.test',
      password: 'Password123!',
      role_id: roles.Collaboratore,
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.id;
    expect(ok.json().data.studio_id).toBe(demoId);
    expect(ok.json().data).not.toHaveProperty('password');
    const promote = await a.put('admin', `/api/user/users/${id}`, { role_id: roles.SuperAdmin });
    expect(promote.statusCode).toBe(403);
    const stored = await a.sql<{ role_id: number }>('SELECT "role_id" FROM "users" WHERE "id" = $1', [id]);
    expect(Number(stored[0].role_id)).toBe(Number(roles.Collaboratore));
    // the new user can log in with the password it was given (stored hashed)
    const hashed = await a.sql<{ password: string }>('SELECT "password" FROM "users" WHERE "id" = $1', [id]);
    expect(hashed[0].password).toMatch(/^\$argon2id\$/);
    expect((await login({ email: 'nuovo@studiodemo.test', password: 'Password123!' })).statusCode).toBe(200);
  });

  it('C10 roles: an Admin cannot place a user in another studio (studio_id is SuperAdmin-only)', async () => {
    const roleId = (await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`))[0].id;
    const res = await a.post('admin', '/api/user/users', {
      name: 'Spia',
      email: 'spia@studiodemo.test',
      password: 'Password123!',
      role_id: roleId,
      studio_id: bianchiId,
    });
    expect(res.statusCode).toBe(403);
    expect(await a.sql('SELECT 1 FROM "users" WHERE "email" = $1', ['spia@studiodemo.test'])).toHaveLength(0);
  });

  it('C17 C19 roles: an Admin cannot delete its own studio nor create a studio (403), nothing changes', async () => {
    for (const who of ['admin', 'collab'] as const) {
      const res = await a.del(who, `/api/studio/[${demoId}]`);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    }
    expect(
      (await a.sql<{ d: unknown }>('SELECT "deleted_at" AS d FROM "studios" WHERE "id" = $1', [demoId]))[0].d,
    ).toBeNull();
    const create = await a.post('admin', '/api/studios', { name: 'Nuovo studio' });
    expect(create.statusCode).toBe(403);
    expect(await a.sql(`SELECT 1 FROM "studios" WHERE "name" = 'Nuovo studio'`)).toHaveLength(0);
  });

  it('C14 C09 roles: every protected call without a token is 401 with a message', async () => {
    for (const [method, url] of [
      ['GET', '/api/list/Customer/CustomerResourceListCollection'],
      ['GET', '/api/customers/1'],
      ['POST', '/api/customers'],
      ['PUT', '/api/customers/1'],
      ['DELETE', '/api/customer/[1]'],
      ['GET', '/api/studios'],
      ['GET', '/api/loggedStudio/missingRequiredFields'],
    ] as const) {
      const res = await a.call(null, method, url, method === 'POST' || method === 'PUT' ? { payload: {} } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
    const bad = await a.call(null, 'GET', '/api/studio_logged', { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('error shape', () => {
  it('C10 errors: a malformed JSON body is 400 {message} in Italian', async () => {
    const h = await a.headers('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/legal_statuses',
      headers: { ...h, 'content-type': 'application/json' },
      payload: '{"cod": "X",',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toBe('Corpo della richiesta non valido');
    const arr = await t.app.inject({
      method: 'POST',
      url: '/api/legal_statuses',
      headers: { ...h, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(arr.statusCode).toBe(400);
    expect(arr.json().message).toBe('Corpo della richiesta non valido');
  });

  it('C02 C48 errors: a value the route checks itself (an e-mail, a quantity) sent as an object or a list is refused by the schema, 400 in Italian', async () => {
    const login = await a.call(null, 'POST', '/api/user/login', {
      payload: { email: { $ne: '' }, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: 'Corpo della richiesta non valido' });
    const payslips = await a.post('admin', '/api/cedolini', {
      customerData: [{ customerId: 1, cedoliniQuantity: [5], month: 1, year: 2026 }],
    });
    expect(payslips.statusCode).toBe(400);
    expect(payslips.json()).toEqual({ message: 'Corpo della richiesta non valido' });
    // the same values as text or numbers reach the route, which answers with its own messages
    const wrong = await a.call(null, 'POST', '/api/user/login', { payload: { email: 'x@y.it', password: 'no' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('C14 errors: an unknown route is 404 {message}', async () => {
    const res = await a.get('admin', '/api/non_esiste');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Risorsa non trovata');
  });

  it('C14 errors: a server failure is 500 with a generic Italian message and no internals', async () => {
    // break the table under the list, then put it back
    await a.sql('ALTER TABLE "payment_methods" RENAME COLUMN "description" TO "description_broken"');
    try {
      const res = await a.get('admin', '/api/list/PaymentMethod/PaymentMethodResourceListCollection');
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json())).toEqual(['message']);
      expect(res.json().message).toBe('Errore interno del server: riprova più tardi');
      expect(res.body).not.toMatch(/description|column|select|stack|payment_methods|\bat\s/i);
    } finally {
      await a.sql('ALTER TABLE "payment_methods" RENAME COLUMN "description_broken" TO "description"');
    }
    expect((await a.get('admin', '/api/list/PaymentMethod/PaymentMethodResourceListCollection')).statusCode).toBe(200);
  });
});

describe('C02 rate limit', () => {
  it('C02 login: repeated attempts for one e-mail end in 429, other e-mails can still log in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await login({ email: 'bersaglio@studiodemo.test', password: `tentativo-${i}` })).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await login({ email: 'bersaglio@studiodemo.test', password: 'ancora' });
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json().message).toBe('string');
    expect(limited.json().message).toMatch(/[Tt]roppi tentativi/);
    // the limit is per IP and e-mail: a colleague behind the same IP still logs in
    const other = await login({ email: USERS.admin, password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(200);
  });
});
