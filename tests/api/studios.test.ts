/**
 * Studio administration (issue 14 items 1–3, seed B §3, §5, §6): C40 — the SuperAdmin lists and
 * manages studios, an Admin only its own card —, and privilege escalation attempts that answer
 * 403 and change nothing: an Admin giving itself the SuperAdmin role, moving a user to another
 * studio, changing its studio's expiry or active flag, or the invoicing settings that are the
 * SuperAdmin's; a role's name stays as created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let adminId: number;
let collabId: number;
const roleId = async (name: string) =>
  Number((await a.sql<{ id: number }>('SELECT "id" FROM "roles" WHERE "name" = $1', [name]))[0]!.id);
const userId = async (email: string) =>
  Number((await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [email]))[0]!.id);

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  adminId = await userId('admin@studiodemo.test');
  collabId = await userId('collaboratore@studiodemo.test');
});
afterAll(async () => {
  await t?.close();
});

const studioRow = async (id: number) =>
  (
    await a.sql<Record<string, unknown>>(
      `SELECT "name", "status", to_char("subscription_expire_date", 'YYYY-MM-DD') AS "expiry", "fiscal_regime", "withholding_tax" FROM "studios" WHERE "id" = $1`,
      [id],
    )
  )[0]!;

describe('C40 studios', () => {
  it('C40 the SuperAdmin lists every studio, creates one and changes its expiry and active flag', async () => {
    const list = await a.get('superadmin', '/api/studios');
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([demoId, bianchiId]));
    // every required field of seed B §5, as the demo studio's card has them
    const {
      id: _i,
      created_at: _c,
      updated_at: _u,
      deleted_at: _d,
      trashed: _t,
      ...card
    } = (await a.get('superadmin', `/api/studios/${demoId}`)).json().data;
    const created = await a.post('superadmin', '/api/studios', {
      ...card,
      name: 'Studio Nuovo',
      email: 'info@nuovo.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const upd = await a.put('superadmin', `/api/studios/${id}`, {
      subscription_expire_date: '2030-12-31',
      status: 0,
      fiscal_regime: 'RF19',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await studioRow(id)).toMatchObject({ expiry: '2030-12-31', status: 0, fiscal_regime: 'RF19' });
  });

  it('C40 an Admin sees and edits only its own studio: another studio is a 404, a new studio a 403', async () => {
    const mine = await a.get('admin', '/api/studios');
    expect(mine.json().data.map((s: { id: number }) => s.id)).toEqual([demoId]);
    expect((await a.get('admin', `/api/studios/${bianchiId}`)).statusCode).toBe(404);
    expect(
      (await a.put('admin', `/api/studios/${bianchiId}`, { name: 'Preso', updated_at: '2026-01-01 00:00:00' }))
        .statusCode,
    ).toBe(404);
    expect((await a.post('admin', '/api/studios', { name: 'Altro studio', email: 'x@x.test' })).statusCode).toBe(403);
    const ok = await a.put('admin', `/api/studios/${demoId}`, { website: 'https://www.studiodemo.it' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await studioRow(bianchiId)).name).toBe('Studio Bianchi');
  });
});

describe('privilege escalation (403, nothing changes)', () => {
  it("an Admin cannot change its studio's expiry or active flag, nor the invoicing settings", async () => {
    const before = await studioRow(demoId);
    for (const change of [
      { subscription_expire_date: '2099-12-31' },
      { status: 0 },
      { fiscal_regime: 'RF19' },
      { withholding_tax: 0 },
    ]) {
      const res = await a.put('admin', `/api/studios/${demoId}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect(await studioRow(demoId)).toEqual(before);
  });

  it('an Admin cannot make itself (or anyone) SuperAdmin, nor move a user to another studio', async () => {
    const sa = await roleId('SuperAdmin');
    expect((await a.put('admin', `/api/user/users/${adminId}`, { role_id: sa })).statusCode).toBe(403);
    expect((await a.put('admin', `/api/user/users/${collabId}`, { role_id: sa })).statusCode).toBe(403);
    expect((await a.put('admin', `/api/user/users/${collabId}`, { studio_id: bianchiId })).statusCode).toBe(403);
    const rows = await a.sql<{ role: string; studio_id: number }>(
      `SELECT r."name" AS "role", u."studio_id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE u."id" = ANY($1::int[]) ORDER BY u."id"`,
      [[adminId, collabId]],
    );
    expect(rows.map((r) => [r.role, Number(r.studio_id)])).toEqual([
      ['Admin', demoId],
      ['Collaboratore', demoId],
    ]);
  });

  it("roles are the SuperAdmin's; a role keeps the name it was created with", async () => {
    expect((await a.post('admin', '/api/user/roles', { name: 'Revisore' })).statusCode).toBe(403);
    const perms = (await a.get('superadmin', '/api/user/permissions'))
      .json()
      .data.slice(0, 3)
      .map((p: { id: number }) => p.id);
    const created = await a.post('superadmin', '/api/user/roles', { name: 'Revisore', permission_ids: perms });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.permission_ids).toEqual([...perms].sort((x: number, y: number) => x - y));
    const rename = await a.put('superadmin', `/api/user/roles/${id}`, { name: 'Auditor' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors.name).toEqual(['Non modificabile dopo la creazione']);
    expect(
      (await a.put('superadmin', `/api/user/roles/${id}`, { name: 'Revisore', permission_ids: perms.slice(0, 1) }))
        .statusCode,
    ).toBe(200);
    expect((await a.sql<{ name: string }>('SELECT "name" FROM "roles" WHERE "id" = $1', [id]))[0]!.name).toBe(
      'Revisore',
    );
  });
});
