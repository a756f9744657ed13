import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SUBSCRIPTION_ENFORCE: 'true' } });
  // Studio Demo expired yesterday; Studio Bianchi keeps its subscription
  await t.database.query(
    `UPDATE "studios" SET "subscription_expire_date" = CURRENT_DATE - 1 WHERE "name" = 'Studio Demo'`,
  );
});
afterAll(async () => {
  await t?.close();
});

const newStatus = (cod: string) => ({ cod, description: 'Prova' });

describe('SUBSCRIPTION_ENFORCE (PRODUCT.md §2)', () => {
  it('C10 create: an expired studio cannot write (402 Abbonamento scaduto) but can read', async () => {
    const h = await t.login('admin@studiodemo.test');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/legal_statuses',
      headers: h,
      payload: newStatus('EXP1'),
    });
    expect(post.statusCode).toBe(402);
    expect(post.json()).toEqual({ message: 'Abbonamento scaduto' });
    const list = await t.app.inject({ url: '/api/list/LegalStatus/LegalStatusResourceListCollection', headers: h });
    expect(list.statusCode).toBe(200);
    const rows = await t.database.query(`SELECT 1 FROM "legal_statuses" WHERE "cod" = 'EXP1'`);
    expect(rows).toHaveLength(0);
  });

  it('C11 update: the own profile stays editable, and logout works', async () => {
    const h = await t.login('collaboratore@studiodemo.test');
    const me = (await t.app.inject({ url: '/api/studio_logged', headers: h })).json();
    expect(me.data.subscription_expire_date).toBeTruthy();
    const users = await t.database.query<{ id: number }>(
      `SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`,
    );
    const current = (await t.app.inject({ url: `/api/user/users/${users[0].id}`, headers: h })).json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/users/${users[0].id}`,
      headers: h,
      payload: { cellulare: '+39 333 1234567', updated_at: current.updated_at },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.cellulare).toBe('+39 333 1234567');
    expect((await t.app.inject({ url: '/api/user/logout', headers: h })).statusCode).toBe(200);
  });

  it("C11 update: another user's record is not the own profile (402)", async () => {
    const h = await t.login('admin@studiodemo.test');
    const users = await t.database.query<{ id: number }>(
      `SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`,
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/user/users/${users[0].id}`,
      headers: h,
      payload: { cellulare: '+39 333 7654321' },
    });
    expect(put.statusCode).toBe(402);
  });

  it('C10 create: a studio within its subscription writes as usual', async () => {
    const h = await t.login('admin@studiobianchi.test');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/legal_statuses',
      headers: h,
      payload: newStatus('OK1'),
    });
    expect(post.statusCode).toBe(201);
  });
});
