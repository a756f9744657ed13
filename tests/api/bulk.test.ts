/**
 * Set-based bulk work: react-admin's updateMany and deleteMany are one request each, one
 * statement over the set on the server, with one audit row per changed row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
});
afterAll(async () => {
  await t?.close();
});

const ids = async (studio: number, n: number) =>
  (
    await a.sql<{ id: number }>(
      // tasks no other record names (the demo's checklist of the 730 names its sub-task 'Raccolta documenti')
      `SELECT "id" FROM "tasks" t WHERE "studio_id" = $1 AND "deleted_at" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "document_checklists" c WHERE c."task_id" = t."id") ORDER BY "id" LIMIT $2`,
      [studio, n],
    )
  ).map((r) => Number(r.id));
const audits = async (action: string, list: number[]) =>
  await a.sql<{ record_id: number; changes: unknown }>(
    `SELECT "record_id", "changes" FROM "audit_log" WHERE "model" = 'Task' AND "action" = $1 AND "record_id" = ANY($2::int[]) ORDER BY "id"`,
    [action, list],
  );

describe('bulk update and delete', () => {
  it('C11 bulk: PUT /api/{resource} {ids, data} changes every row of the set, with one audit row each carrying its own old value', async () => {
    const list = await ids(demoId, 4);
    expect(list).toHaveLength(4);
    const before = await a.sql<{ id: number; note: string | null }>(
      'SELECT "id", "note" FROM "tasks" WHERE "id" = ANY($1::int[]) ORDER BY "id"',
      [list],
    );
    // one row already has the new value: no audit row for it
    await a.sql('UPDATE "tasks" SET "note" = $1 WHERE "id" = $2', ['Nota in blocco', list[3]]);
    const res = await a.put('admin', '/api/tasks', {
      ids: list,
      data: { note: 'Nota in blocco' },
      versions: await a.versions('admin', 'tasks', list),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(4);
    const after = await a.sql<{ note: string }>('SELECT "note" FROM "tasks" WHERE "id" = ANY($1::int[])', [list]);
    expect(after.map((r) => r.note)).toEqual(['Nota in blocco', 'Nota in blocco', 'Nota in blocco', 'Nota in blocco']);
    const rows = await audits('update', list);
    const last = rows.filter((r) => (r.changes as Record<string, unknown>)?.note);
    expect(last.map((r) => Number(r.record_id)).sort()).toEqual(list.slice(0, 3).sort());
    for (const r of last) {
      const old = before.find((b) => Number(b.id) === Number(r.record_id))!.note;
      expect((r.changes as Record<string, unknown[]>).note).toEqual([old, 'Nota in blocco']);
    }
  });

  it('C11 bulk: a bad value is a 422 on the field and nothing changes', async () => {
    const list = await ids(demoId, 2);
    const res = await a.put('admin', '/api/tasks', {
      ids: list,
      data: { cod: 'x'.repeat(300) },
      versions: await a.versions('admin', 'tasks', list),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cod[0]).toBe('Numero massimo di caratteri superato');
    const empty = await a.put('admin', '/api/tasks', {
      ids: list,
      data: { sconosciuto: 1 },
      versions: await a.versions('admin', 'tasks', list),
    });
    expect(empty.statusCode).toBe(422);
    expect((await a.put('admin', '/api/tasks', { ids: 'x', data: {} })).statusCode).toBe(400);
  });

  it("C11 bulk: a set with another studio's row is a 404 and no row changes", async () => {
    const own = await ids(demoId, 2);
    const other = await ids(bianchiId, 1);
    const before = await a.sql('SELECT "id", "name" FROM "tasks" WHERE "id" = ANY($1::int[]) ORDER BY "id"', [
      [...own, ...other],
    ]);
    const res = await a.put('admin', '/api/tasks', {
      ids: [...own, ...other],
      data: { name: 'Manomesso' },
      versions: await a.versions('admin', 'tasks', own),
    });
    expect(res.statusCode).toBe(404);
    expect(
      await a.sql('SELECT "id", "name" FROM "tasks" WHERE "id" = ANY($1::int[]) ORDER BY "id"', [[...own, ...other]]),
    ).toEqual(before);
  });

  it('C11 bulk: unique fields and models with behaviour go row by row, with their own rules', async () => {
    const list = await ids(demoId, 2);
    const res = await a.put('admin', '/api/tasks', {
      ids: list,
      data: { cod: 'STESSO-CODICE' },
      versions: await a.versions('admin', 'tasks', list),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cod[0]).toBe('Valore già presente');
    const users = (
      await a.sql<{ id: number }>(
        `SELECT u."id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE u."studio_id" = $1 AND r."name" = 'Collaboratore'`,
        [demoId],
      )
    ).map((r) => Number(r.id));
    const upd = await a.put('admin', '/api/user/users', {
      ids: users,
      data: { cognome: 'Aggiornato' },
      versions: await a.versions('admin', 'user/users', users),
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(
      (await a.sql<{ cognome: string }>('SELECT "cognome" FROM "users" WHERE "id" = ANY($1::int[])', [users])).every(
        (r) => r.cognome === 'Aggiornato',
      ),
    ).toBe(true);
  });

  it('C17 bulk: trashing many rows writes one audit row each, in one statement', async () => {
    const list = await ids(demoId, 3);
    const res = await a.del('admin', `/api/task/${encodeURIComponent(JSON.stringify(list))}`, { force_delete: 'auto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ trashed: 3, deleted: 0 });
    expect((await audits('trash', list)).map((r) => Number(r.record_id)).sort()).toEqual([...list].sort());
    const again = await a.del('admin', `/api/task/${encodeURIComponent(JSON.stringify(list))}`, {
      force_delete: 'auto',
      versions: await a.versions('admin', 'tasks', list),
    });
    expect(again.json().data).toEqual({ trashed: 0, deleted: 3 });
    expect(await audits('delete', list)).toHaveLength(3);
  });
});
