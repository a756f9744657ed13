/**
 * Issue 25 items 4–7: a repeated delete never deletes forever, bad text and deep JSON answer 4xx
 * in Italian, registration and user creation tell nobody which e-mails have an account, the
 * built-in roles and permissions stay, and a pure restore needs no version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { TRASH_GRACE_SECONDS } from '../../server/records/crud.js';
import { hashStats } from '../../server/auth/password.js';
import { INPUT_MESSAGES, MAX_JSON_DEPTH } from '../../server/input.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';

let t: TestApp;
let a: Api;

beforeAll(async () => {
  // the sandbox's approval page is one of the calls attacked with a NUL
  t = await startTestApp({ env: { PAYMENT_SANDBOX: 'true' } });
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

const newTask = async (cod: string) => {
  const res = await a.post('admin', '/api/tasks', { cod, name: `Task ${cod}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; updated_at: string };
};
const taskRow = async (id: number) =>
  (await a.sql<{ deleted_at: string | null }>('SELECT "deleted_at"::text FROM "tasks" WHERE "id" = $1', [id]))[0];
const actions = async (id: number) =>
  (
    await a.sql<{ action: string }>(
      `SELECT "action" FROM "audit_log" WHERE "model" = 'Task' AND "record_id" = $1 ORDER BY "id"`,
      [id],
    )
  ).map((r) => r.action);
const delUrl = (id: number) => `/api/task/${encodeURIComponent(`[${id}]`)}`;
/**
 * 20 calls that overlap: ten sent at once, ten more as soon as the first answer is in (they arrive
 * after the first one's trash is committed, while the rest are still running, as a queue of
 * retries does on a busy server) — ordered by the answers, not by a clock.
 */
const twenty = async <T>(call: () => Promise<T>) => {
  const first = Array.from({ length: 10 }, () => call());
  await Promise.race(first);
  return Promise.all([...first, ...Array.from({ length: 10 }, () => call())]);
};
/** the row as the list shows it (its version included) */
const seen = async (id: number) =>
  (await a.get('admin', `/api/tasks/${id}`)).json().data as { updated_at: string; trashed: boolean };
/** moves the row's trashing `seconds` into the past */
const trashedAgo = (id: number, seconds: number) =>
  a.sql(
    `UPDATE "tasks" SET "deleted_at" = "deleted_at" - make_interval(secs => $2), "updated_at" = "updated_at" - make_interval(secs => $2) WHERE "id" = $1`,
    [id, seconds],
  );

describe('item 4: a repeated delete never deletes forever', () => {
  it('C17 delete: 20 concurrent force_delete=auto of an active row trash it once and delete nothing', async () => {
    const { id } = await newTask('VENTI-CLIC');
    const answers = await twenty(() => a.del('admin', delUrl(id), { force_delete: 'auto' }));
    // one trashes it; the other 19 find it trashed a moment ago and say so (issue 45 item 19)
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json().data)).toEqual([{ trashed: 1, deleted: 0 }]);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('Eliminato da meno di un minuto: riprova dal cestino');
    }
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C17 delete: 20 concurrent deletes that send the version of the active row they saw trash it once and delete nothing', async () => {
    const { id, updated_at } = await newTask('VENTI-VERSIONE');
    const answers = await twenty(() =>
      a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: updated_at } }),
    );
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json().data)).toEqual([{ trashed: 1, deleted: 0 }]);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C19 delete: a retry after the first answer (the row just trashed by it) leaves the row in the trash', async () => {
    const { id } = await newTask('RIPROVA');
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    // the retry finds it trashed a moment ago: an honest 409 the seeds' client shows, never a false count
    const retry = await a.del('admin', delUrl(id), { force_delete: 'auto' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('Eliminato da meno di un minuto: riprova dal cestino');
    // still within the grace period a few seconds later
    await trashedAgo(id, 5);
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).statusCode).toBe(409);
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C17 delete: the version of the row as it was before the trash (a double click from the list) does not delete it forever', async () => {
    const { id } = await newTask('DOPPIO-VERSIONE');
    const before = await seen(id);
    expect((await a.del('admin', delUrl(id), { versions: { [id]: before.updated_at } })).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    const again = await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: before.updated_at } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Eliminato da meno di un minuto: riprova dal cestino');
    expect(await taskRow(id)).toBeDefined();
  });

  it('C17 delete: a row the list showed in the trash (its version sent) is deleted forever at once', async () => {
    const { id } = await newTask('DAL-CESTINO');
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    const inTrash = await seen(id);
    expect(inTrash.trashed).toBe(true);
    const res = await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: inTrash.updated_at } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ trashed: 0, deleted: 1 });
    expect(await taskRow(id)).toBeUndefined();
    // its repetition finds nothing to delete
    expect(
      (await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: inTrash.updated_at } })).statusCode,
    ).toBe(404);
  });

  it(`C17 delete: without a version, a row trashed more than ${TRASH_GRACE_SECONDS} s ago is deleted forever (a client written from the seeds)`, async () => {
    const { id } = await newTask('VECCHIO');
    const other = await newTask('VECCHIO-2');
    await a.del('admin', `/api/task/${encodeURIComponent(`[${id},${other.id}]`)}`);
    await trashedAgo(id, TRASH_GRACE_SECONDS + 1);
    const res = await a.del('admin', `/api/task/${encodeURIComponent(`[${id},${other.id}]`)}`, {
      force_delete: 'auto',
    });
    // the one trashed long ago is deleted; the one trashed a moment ago is kept, and counted as kept
    expect(res.json().data).toEqual({ trashed: 0, deleted: 1, kept: 1 });
    expect(await taskRow(id)).toBeUndefined();
    expect((await taskRow(other.id))?.deleted_at).not.toBeNull();
  });

  it('C17 delete: a malformed versions parameter is 400 in Italian and changes nothing', async () => {
    const { id } = await newTask('VERSIONI-ROTTE');
    for (const versions of ['{', '[1]', JSON.stringify({ [id]: 'ieri' }), JSON.stringify({ [id]: 5 })]) {
      const res = await a.del('admin', delUrl(id), { force_delete: 'auto', versions });
      expect(res.statusCode, versions).toBe(400);
      expect(res.json().message).toMatch(/versions/);
    }
    expect((await taskRow(id))?.deleted_at).toBeNull();
  });
});

describe('item 7: a pure restore needs no version', () => {
  it('C11 restore: {restore: true, deleted_at: null} without updated_at restores the row', async () => {
    const { id } = await newTask('RIPRISTINO');
    await a.del('admin', delUrl(id));
    const res = await a.call('admin', 'PUT', `/api/tasks/${id}`, { payload: { restore: true, deleted_at: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.trashed).toBe(false);
    expect((await taskRow(id))?.deleted_at).toBeNull();
    expect(await actions(id)).toEqual(['create', 'trash', 'restore']);
  });

  it('C11 restore: a restore that also changes a field still needs the version (428)', async () => {
    const { id } = await newTask('RIPRISTINO-MODIFICA');
    await a.del('admin', delUrl(id));
    const res = await a.call('admin', 'PUT', `/api/tasks/${id}`, {
      payload: { restore: true, deleted_at: null, name: 'Cambiato' },
    });
    expect(res.statusCode).toBe(428);
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
  });
});

/** a call of the public area from its own address (each address has its own limit) */
let address = 0;
const publicCall = (
  method: 'POST' | 'GET' | 'PUT',
  url: string,
  payload?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.25.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    headers: { 'content-type': 'application/json', ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });
const outboxCount = async () =>
  Number((await a.sql<{ n: number }>('SELECT count(*)::int AS "n" FROM "mail_outbox"'))[0]!.n);
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('item 5: bad text and deep JSON answer 4xx in Italian', () => {
  it('C10 C59 C60 C02 a JSON body nested 5,000 levels in any field is 400 in Italian on every kind of call', async () => {
    const h = { ...(await a.headers('admin')) };
    const calls: Array<[string, 'POST' | 'PUT', string, string, Record<string, string>]> = [
      ['preference', 'PUT', '/api/user_preferences/list.Customer.views', `{"value": ${nested(5000)}}`, h],
      ['customers', 'POST', '/api/customers', `{"business_name": ${nested(5000)}}`, h],
      [
        'contact form',
        'POST',
        '/api/contact_form/actions/send_contact_form',
        `{"email": "a@b.it", "name": ${nested(5000)}}`,
        {},
      ],
      [
        'registration',
        'POST',
        '/api/studio/actions/registration',
        `{"email": "profondo@b.it", "name": "x", "password": "Una-password-1", "mobile_number": ${nested(5000)}}`,
        {},
      ],
      ['login', 'POST', '/api/user/login', `{"email": "a@b.it", "password": ${nested(5000)}}`, {}],
      ['empty object deep', 'POST', '/api/customers', '{"a":'.repeat(5000) + '{}' + '}'.repeat(5000), h],
    ];
    for (const [label, method, url, payload, headers] of calls) {
      const res = await publicCall(method, url, payload, headers);
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json(), label).toEqual({ message: INPUT_MESSAGES.depth });
    }
    // as deep as allowed still reaches the route (the record's own checks answer)
    const ok = await publicCall(
      'PUT',
      '/api/user_preferences/list.Customer.deep',
      `{"value": ${nested(MAX_JSON_DEPTH - 1)}}`,
      h,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('C60 contact form: a NUL or a lone surrogate in the name is 422 in Italian on the field, nothing sent (no login)', async () => {
    const before = await outboxCount();
    for (const name of ['Mario\\u0000Rossi', 'Mario \\ud800', 'Mario \\udc00 Rossi']) {
      const res = await publicCall(
        'POST',
        '/api/contact_form/actions/send_contact_form',
        `{"email": "mario@rossi.it", "name": "${name}"}`,
      );
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({
        message: 'Dati non validi: controlla i campi evidenziati',
        errors: { name: [INPUT_MESSAGES.text] },
      });
    }
    expect(await outboxCount()).toBe(before);
    // a proper pair (an emoji) is text like any other
    const emoji = await publicCall(
      'POST',
      '/api/contact_form/actions/send_contact_form',
      '{"email": "mario@rossi.it", "name": "Mario \\ud83d\\ude00"}',
    );
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  it('user_preferences: a lone surrogate or a NUL anywhere in the value (or a key) is 422 in Italian, nothing saved', async () => {
    const h = await a.headers('admin');
    for (const payload of [
      '{"value": {"views": [{"name": "\\ud800"}]}}',
      '{"value": {"a\\u0000": 1}}',
      '{"value": "x\\u0000"}',
    ]) {
      const res = await publicCall('PUT', '/api/user_preferences/list.Customer.bad', payload, h);
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ value: [INPUT_MESSAGES.text] });
    }
    expect((await a.get('admin', '/api/user_preferences')).json().data['list.Customer.bad']).toBeUndefined();
  });

  it('C67 sandbox checkout and C65 activation: a NUL in the path is 400 in Italian (no login)', async () => {
    for (const url of [
      '/api/sandbox/checkout/%00',
      '/api/sandbox/checkout/a%00b?return=%2F&cancel=%2F',
      '/api/user/activate/%00',
    ]) {
      const res = await publicCall('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ message: INPUT_MESSAGES.text });
    }
  });

  it('C59 registration: 20 concurrent registrations of one e-mail create one studio and answer as usual, never 500', async () => {
    const email = 'corsa.registrazione@studio.test';
    const body = JSON.stringify({ name: 'Studio Corsa', email, password: 'Una-password-lunga-1', mobile_number: '' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => publicCall('POST', '/api/studio/actions/registration', body)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c >= 500),
      answers.map((r) => r.body).join('\n'),
    ).toEqual([]);
    // the per-e-mail limit lets three through; they all get the registration's answer
    expect(codes.filter((c) => c === 201).length).toBeGreaterThan(1);
    for (const r of answers.filter((x) => x.statusCode === 201))
      expect(r.json()).toEqual({
        message: "Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione",
      });
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect(r.statusCode).toBe(429);
    expect(await a.sql('SELECT 1 FROM "users" WHERE lower("email") = $1', [email])).toHaveLength(1);
    expect(await a.sql('SELECT 1 FROM "studios" WHERE "email" = $1', [email])).toHaveLength(1);
  });
});

describe('item 6a: registration tells nobody which e-mails have an account', () => {
  it('C59 C62 registration: an e-mail with an account and a new one get the same answer after the same work (one password hash each)', async () => {
    const register = (email: string) =>
      publicCall(
        'POST',
        '/api/studio/actions/registration',
        JSON.stringify({ name: 'Studio Prova', email, password: 'Una-password-lunga-2', mobile_number: '' }),
      );
    const registerUser = (email: string) =>
      publicCall(
        'POST',
        '/api/user/register',
        JSON.stringify({
          email,
          password: 'Una-password-lunga-2',
          password_confirmation: 'Una-password-lunga-2',
          terms: true,
          privacy: true,
        }),
      );
    const cases: Array<[string, (e: string) => ReturnType<typeof register>, string]> = [
      ['studio, existing', register, 'admin@studiodemo.test'],
      ['studio, new', register, 'nuovo.studio@prova.test'],
      ['user, existing', registerUser, 'collaboratore@studiodemo.test'],
      ['user, new', registerUser, 'nuovo.utente@prova.test'],
    ];
    const seen: string[] = [];
    for (const [label, call, email] of cases) {
      const before = hashStats.computed;
      const res = await call(email);
      expect(hashStats.computed - before, `${label}: password hashes`).toBe(1);
      seen.push(`${res.statusCode} ${res.body}`);
    }
    expect(new Set(seen).size, seen.join('\n')).toBe(1);
    // the existing account is untouched and no second one was made
    expect(await a.sql(`SELECT 1 FROM "users" WHERE lower("email") = 'admin@studiodemo.test'`)).toHaveLength(1);
    expect(
      await a.sql(`SELECT 1 FROM "studios" WHERE "email" = 'admin@studiodemo.test' AND "name" = 'Studio Prova'`),
    ).toHaveLength(0);
  });
});

describe('item 6c: the built-in roles and permissions stay', () => {
  const roleId = async (name: string) =>
    Number((await a.sql<{ id: number }>('SELECT "id" FROM "roles" WHERE "name" = $1', [name]))[0]!.id);
  const permissionId = async (name: string) =>
    Number((await a.sql<{ id: number }>('SELECT "id" FROM "permissions" WHERE "name" = $1', [name]))[0]!.id);
  const studioCard = async () => {
    const demo = await a.studioId('Studio Demo');
    return a.get('admin', `/api/studios/${demo}`);
  };

  it('C17 C19 user/roles: the SuperAdmin cannot trash nor delete a built-in role (422 in Italian); a role of his own he can', async () => {
    for (const name of ['Admin', 'Collaboratore', 'Utente', 'SuperAdmin']) {
      const id = await roleId(name);
      for (const query of [{ force_delete: 'auto' }, { force_delete: '1' }]) {
        const res = await a.del('superadmin', `/api/role/[${id}]`, query);
        expect(res.statusCode, `${name} ${JSON.stringify(query)}: ${res.body}`).toBe(422);
        expect(res.json().message).toBe(
          'I ruoli di sistema (SuperAdmin, Admin, Collaboratore, Utente) non si possono eliminare',
        );
      }
    }
    expect(
      await a.sql(
        `SELECT 1 FROM "roles" WHERE "name" IN ('SuperAdmin', 'Admin', 'Collaboratore', 'Utente') AND "deleted_at" IS NULL`,
      ),
    ).toHaveLength(4);
    const own = (await a.post('superadmin', '/api/user/roles', { name: 'Revisore esterno' })).json().data;
    expect((await a.del('superadmin', `/api/role/[${own.id}]`, { force_delete: '1' })).json().data).toEqual({
      trashed: 0,
      deleted: 1,
    });
    expect((await studioCard()).statusCode).toBe(200);
  });

  it('C17 C11 user/permissions: the SuperAdmin cannot delete a built-in permission nor rename it (422 in Italian); his own he can', async () => {
    const update = await permissionId('studios.update');
    const view = await permissionId('studios.view');
    const res = await a.del('superadmin', `/api/permission/${encodeURIComponent(JSON.stringify([update, view]))}`, {
      force_delete: 'auto',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('I permessi di sistema non si possono eliminare');
    const rename = await a.put('superadmin', `/api/user/permissions/${view}`, { name: 'studios.guarda' });
    expect(rename.statusCode, rename.body).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['Permesso di sistema: il nome non si può cambiare'] });
    expect(await a.sql(`SELECT 1 FROM "permissions" WHERE "name" IN ('studios.update', 'studios.view')`)).toHaveLength(
      2,
    );
    // the Admin still opens his studio's card
    expect((await studioCard()).statusCode).toBe(200);
    // a permission of his own is his to rename and delete
    const own = (await a.post('superadmin', '/api/user/permissions', { name: 'report.extra' })).json().data;
    expect((await a.put('superadmin', `/api/user/permissions/${own.id}`, { name: 'report.speciale' })).statusCode).toBe(
      200,
    );
    expect((await a.del('superadmin', `/api/permission/[${own.id}]`, { force_delete: 'auto' })).json().data).toEqual({
      trashed: 0,
      deleted: 1,
    });
  });
});

describe('item 6b: adding a user tells the Admin nothing about e-mails of other studios', () => {
  const collaboratore = async () =>
    Number((await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" = 'Collaboratore'`))[0]!.id);
  const addUser = async (email: string) =>
    a.post('admin', '/api/user/users', {
      name: 'Nuovo',
      cognome: 'Collega',
      email,
      password: 'Una-password-nuova-9',
      role_id: await collaboratore(),
      active: true,
    });
  const shape = (res: { statusCode: number; json(): any }) => {
    const data = { ...res.json().data };
    for (const k of ['id', 'email', 'created_at', 'updated_at']) delete data[k];
    return { status: res.statusCode, keys: Object.keys(res.json().data).sort(), data };
  };

  it("C10 C09 C14 user/users: an e-mail that is another studio's login gets the answer of a new one; its owner is told by mail and keeps his login", async () => {
    const taken = 'admin@studiobianchi.test';
    const elsewhere = await addUser(` ${taken.toUpperCase()} `);
    const fresh = await addUser('nuovo.collega@prova.test');
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(shape(elsewhere)).toEqual(shape(fresh));
    expect(elsewhere.json().data.email).toBe(taken);
    // read back and listed like any user of the studio
    const one = await a.get('admin', `/api/user/users/${elsewhere.json().data.id}`);
    const two = await a.get('admin', `/api/user/users/${fresh.json().data.id}`);
    expect(Object.keys(one.json().data).sort()).toEqual(Object.keys(two.json().data).sort());
    const list = (await a.get('admin', '/api/list/User/UserResourceListCollection', { items_per_page: -1 })).json()
      .data as Array<{ email: string }>;
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([taken, 'nuovo.collega@prova.test']));
    // the address's owner is told (a product mail: not in the studio's outbox), and logs in as before, into his own studio
    const mails = await a.sql<{ studio_id: number | null; subject: string }>(
      `SELECT "studio_id", "subject" FROM "mail_outbox" WHERE "to_addresses"::text LIKE $1`,
      [`%${taken}%`],
    );
    expect(mails).toEqual([{ studio_id: null, subject: 'Il tuo indirizzo email in un altro studio' }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: taken, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().studio_id).toBe(await a.studioId('Studio Bianchi'));
    // the row added in Studio Demo is no identity: its password opens nothing
    const shadow = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.26.0.1',
      payload: { email: taken, password: 'Una-password-nuova-9' },
    });
    expect(shadow.statusCode).toBe(401);
  });

  it('C10 user/users: an e-mail already used in the own studio is still 422 on the field', async () => {
    const res = await addUser('collaboratore@studiodemo.test');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Valore già presente'] });
  });
});
