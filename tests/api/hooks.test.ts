/**
 * Issue 8 #1: behaviour lives in per-model hooks (server/models), the generic engine names no
 * model. The rules moved out of the engine keep holding: nobody hands out a role above his own,
 * nobody deletes his own user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODELS } from '../../model/registry.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let roles: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  roles = Object.fromEntries(
    (await a.sql<{ id: number; name: string }>('SELECT "id", "name" FROM "roles"')).map((r) => [r.name, Number(r.id)]),
  );
});
afterAll(async () => {
  await t?.close();
});

const count = async (email: string) =>
  Number((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "users" WHERE "email" = $1', [email]))[0]!.n);

describe('hooks of User', () => {
  it('C10 user/users: an Admin cannot create a SuperAdmin (403) and nothing is written', async () => {
    const res = await a.post('admin', '/api/user/users', {
      name: 'Intruso',
      email: 'intruso@studiodemo.test',
      password: 'Password123!',
      role_id: roles.SuperAdmin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Operazione non consentita (403)');
    expect(await count('intruso@studiodemo.test')).toBe(0);
    const ok = await a.post('admin', '/api/user/users', {
      name: 'Collega',
      email: 'collega@studiodemo.test',
      password: 'Password123!',
      role_id: roles.Collaboratore,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('C11 user/users: an Admin cannot promote a user to SuperAdmin (403); to Admin he may', async () => {
    const [u] = await a.sql<{ id: number; updated_at: string }>(
      `SELECT "id" FROM "users" WHERE "email" = 'collega@studiodemo.test'`,
    );
    const up = await a.put('admin', `/api/user/users/${u!.id}`, { role_id: roles.SuperAdmin });
    expect(up.statusCode).toBe(403);
    const [row] = await a.sql<{ role_id: number }>('SELECT "role_id" FROM "users" WHERE "id" = $1', [u!.id]);
    expect(Number(row!.role_id)).toBe(roles.Collaboratore);
    expect((await a.put('admin', `/api/user/users/${u!.id}`, { role_id: roles.Admin })).statusCode).toBe(200);
  });

  it("C17 user: deleting one's own user is 422 and the user stays", async () => {
    const me = await a.get('admin', '/api/studio_logged');
    expect(me.statusCode).toBe(200);
    const [admin] = await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'admin@studiodemo.test'`);
    const res = await a.del('admin', `/api/user/${encodeURIComponent(JSON.stringify([admin!.id]))}`, {
      force_delete: 'auto',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Non puoi eliminare il tuo utente');
    const [row] = await a.sql<{ deleted_at: unknown }>('SELECT "deleted_at" FROM "users" WHERE "id" = $1', [admin!.id]);
    expect(row!.deleted_at).toBeNull();
  });
});

describe('the generic engine names no model', () => {
  it('server/records and the schema builder contain no model name', () => {
    const files = [...readdirSync('server/records').map((f) => join('server/records', f)), 'server/db/tables.ts'];
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of MODELS) if (new RegExp(`['"\`]${m.name}['"\`]`).test(text)) found.push(`${file}: ${m.name}`);
    }
    expect(found).toEqual([]);
  });
});
