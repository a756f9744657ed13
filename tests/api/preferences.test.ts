/**
 * The user's preferences on the server (issue 16 item 2: saved views and chosen columns of the
 * lists follow the user to another computer): GET /api/user_preferences, PUT and DELETE
 * /api/user_preferences/:key — any role, only the caller's own rows, JSON values of at most
 * 64 KB under checked keys, Italian 422s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';

let t: TestApp;
let a: Api;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

const url = (key: string) => `/api/user_preferences/${encodeURIComponent(key)}`;
const put = (who: Who | null, key: string, payload: unknown) =>
  a.call(who, 'PUT', url(key), { payload: payload as object });
const all = async (who: Who) => {
  const res = await a.get(who, '/api/user_preferences');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};

const VIEWS = [
  {
    label: 'Clienti Milano',
    value: {
      filter: { q: 'Milano' },
      sort: { field: 'business_name', order: 'ASC' },
      perPage: 200,
      displayedFilters: {},
      columns: { order: ['business_name', 'city'], hidden: ['email'] },
    },
  },
  {
    label: 'Cessati — è così',
    value: {
      filter: { q: 'àèìòù "virgolette"' },
      sort: { field: 'id', order: 'DESC' },
      perPage: 50,
      displayedFilters: {},
    },
  },
];

describe('user preferences', () => {
  it('preferences: round trip — a value is saved, read back as it was and replaced by the next PUT (one row)', async () => {
    const key = 'list.Customer.savedQueries';
    const first = await put('admin', key, { value: VIEWS });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ key, value: VIEWS });
    expect(first.json().data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect((await all('admin'))[key]).toEqual(VIEWS);

    const columns = { order: ['city', 'business_name'], hidden: ['vat_id'] };
    expect((await put('admin', 'list.Customer.columns', { value: columns })).statusCode).toBe(200);
    const second = await put('admin', key, { value: VIEWS.slice(0, 1) });
    expect(second.statusCode).toBe(200);
    const mine = await all('admin');
    expect(mine[key]).toEqual(VIEWS.slice(0, 1));
    expect(mine['list.Customer.columns']).toEqual(columns);
    const rows = await a.sql<{ n: number }>(
      `SELECT COUNT(*)::int AS "n" FROM "user_preferences" p JOIN "users" u ON u."id" = p."user_id"
      WHERE u."email" = 'admin@studiodemo.test' AND p."key" = $1`,
      [key],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    // any JSON value: scalars and null too
    for (const value of [true, 0, 'testo', null, [1, [2, { a: null }]]]) {
      expect((await put('admin', 'prefs.any', { value })).statusCode).toBe(200);
      expect((await all('admin'))['prefs.any']).toEqual(value);
    }
  });

  it('preferences: per-user isolation — another user (same studio, another studio, another role) never sees or changes mine', async () => {
    const key = 'list.Customer.isolation';
    expect((await put('admin', key, { value: ['mine'] })).statusCode).toBe(200);
    for (const who of ['collab', 'bianchi', 'superadmin'] as const) {
      expect(await all(who)).not.toHaveProperty(key);
      // the same key written by someone else is his own row
      expect((await put(who, key, { value: [who] })).statusCode).toBe(200);
      expect((await all(who))[key]).toEqual([who]);
      // and his delete removes only his row
      const del = await a.del(who, url(key));
      expect(del.statusCode).toBe(200);
      expect(del.json().data).toEqual({ key, deleted: true });
      expect((await all('admin'))[key]).toEqual(['mine']);
    }
    // a user with role Utente may keep his own too
    const utente = await t.app.inject({
      method: 'PUT',
      url: url(key),
      headers: await a.utente('utente.prefs@studiodemo.test'),
      payload: { value: ['utente'] },
    });
    expect(utente.statusCode, utente.body).toBe(200);
    const utenteAll = await t.app.inject({
      url: '/api/user_preferences',
      headers: await a.utente('utente.prefs@studiodemo.test'),
    });
    expect(utenteAll.json().data).toEqual({ [key]: ['utente'] });
    expect((await all('admin'))[key]).toEqual(['mine']);
  });

  it('preferences: validation — a bad key or a missing value is a 422 with an Italian message; nothing is written', async () => {
    const before = await all('admin');
    for (const key of ['con spazio', 'a/b', 'x'.repeat(201), 'virgola,', 'àccento']) {
      const res = await put('admin', key, { value: 1 });
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({
        message: 'Dati non validi: controlla i campi evidenziati',
        errors: { key: ['Chiave non valida: da 1 a 200 caratteri tra lettere, cifre e . _ : -'] },
      });
      expect((await a.del('admin', url(key))).statusCode, key).toBe(422);
    }
    // the longest key and every allowed character are fine
    const longest = `${'k'.repeat(190)}_.:-AZ09`;
    expect(longest).toHaveLength(198);
    expect((await put('admin', longest, { value: 1 })).statusCode).toBe(200);
    expect((await a.del('admin', url(longest))).statusCode).toBe(200);
    for (const payload of [{}, { valore: 1 }]) {
      const res = await put('admin', 'list.Customer.columns', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ value: ['Campo Obbligatorio'] });
    }
    const notJson = await a.call('admin', 'PUT', url('list.Customer.columns'), {
      payload: '{"value": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Corpo della richiesta non valido');
    expect(await all('admin')).toEqual(before);
  });

  it('preferences: size limit — a value of up to 64 KB serialized is kept, a larger one is a 422', async () => {
    const key = 'list.Customer.big';
    // JSON.stringify adds the two quotes
    const fits = 'x'.repeat(64 * 1024 - 2);
    const ok = await put('admin', key, { value: fits });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await all('admin'))[key]).toBe(fits);
    // counted in UTF-8 bytes: 'è' is two
    const over = await put('admin', key, { value: 'è'.repeat(32 * 1024) });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ value: ['Valore troppo grande: al massimo 64 KB'] });
    const overObject = await put('admin', key, {
      value: { views: Array.from({ length: 700 }, (_, i) => ({ label: `Vista ${i}`, q: 'y'.repeat(80) })) },
    });
    expect(overObject.statusCode).toBe(422);
    expect((await all('admin'))[key]).toBe(fits);
  });

  it('preferences: limit — a user keeps at most 500 keys; replacing one of them is still fine', async () => {
    await a.sql(`INSERT INTO "user_preferences" ("user_id", "key", "value")
      SELECT u."id", 'bulk.' || g, '1'::jsonb FROM "users" u, generate_series(1, 500) g WHERE u."email" = 'collaboratore@studiodemo.test'`);
    try {
      const more = await put('collab', 'bulk.501', { value: 1 });
      expect(more.statusCode).toBe(422);
      expect(more.json().errors).toEqual({ key: ['Troppe preferenze salvate: al massimo 500'] });
      expect((await put('collab', 'bulk.7', { value: 2 })).statusCode).toBe(200);
      expect((await all('collab'))['bulk.7']).toBe(2);
    } finally {
      await a.sql(`DELETE FROM "user_preferences" WHERE "key" LIKE 'bulk.%'`);
    }
  });

  it('preferences: delete — the key is gone for its user; deleting it again answers deleted false', async () => {
    const key = 'list.Transaction.of.columns';
    expect((await put('admin', key, { value: { order: [], hidden: [] } })).statusCode).toBe(200);
    expect(await all('admin')).toHaveProperty(key);
    const del = await a.del('admin', url(key));
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ key, deleted: true });
    expect(await all('admin')).not.toHaveProperty(key);
    const again = await a.del('admin', url(key));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ key, deleted: false });
  });

  it('preferences: without a session every call is a 401 and nothing is written', async () => {
    const before = await a.sql<{ n: number }>('SELECT COUNT(*)::int AS "n" FROM "user_preferences"');
    for (const res of [
      await a.get(null, '/api/user_preferences'),
      await put(null, 'list.Customer.columns', { value: 1 }),
      await a.del(null, url('list.Customer.columns')),
      await a.call(null, 'PUT', url('list.Customer.columns'), {
        payload: { value: 1 },
        headers: { authorization: 'Bearer non.valido.token' },
      }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Sessione scaduta o non valida: effettua di nuovo il login');
    }
    expect(await a.sql('SELECT COUNT(*)::int AS "n" FROM "user_preferences"')).toEqual(before);
  });

  it('preferences: kept when the studio subscription has expired (personal settings, not studio data)', async () => {
    const enforced = await startTestApp({ env: { SUBSCRIPTION_ENFORCE: 'true' } });
    try {
      const b = api(enforced);
      await b.sql(`UPDATE "studios" SET "subscription_expire_date" = CURRENT_DATE - 10 WHERE "name" = 'Studio Demo'`);
      const headers = await b.headers('collab');
      // a studio write is refused…
      const write = await enforced.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers,
        payload: { business_name: 'X' },
      });
      expect(write.statusCode).toBe(402);
      // …a preference is saved and removed
      const res = await enforced.app.inject({
        method: 'PUT',
        url: url('list.Customer.columns'),
        headers,
        payload: { value: { order: ['city'], hidden: [] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await enforced.app.inject({ method: 'DELETE', url: url('list.Customer.columns'), headers })).statusCode,
      ).toBe(200);
    } finally {
      await enforced.close();
    }
  });
});
