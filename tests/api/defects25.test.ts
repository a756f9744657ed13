/**
 * Issue 25 items 4–7: a repeated delete never deletes forever, bad text and deep JSON answer 4xx
 * in Italian, registration and user creation tell nobody which e-mails have an account, the
 * built-in roles and permissions stay, and a pure restore needs no version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { TRASH_GRACE_SECONDS } from '../../server/records/crud.js';

let t: TestApp;
let a: Api;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => { await t?.close(); });

const newTask = async (cod: string) => {
  const res = await a.post('admin', '/api/tasks', { cod, name: `Task ${cod}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; updated_at: string };
};
const taskRow = async (id: number) =>
  (await a.sql<{ deleted_at: string | null }>('SELECT "deleted_at"::text FROM "tasks" WHERE "id" = $1', [id]))[0];
const actions = async (id: number) =>
  (await a.sql<{ action: string }>(`SELECT "action" FROM "audit_log" WHERE "model" = 'Task' AND "record_id" = $1 ORDER BY "id"`, [id])).map((r) => r.action);
const delUrl = (id: number) => `/api/task/${encodeURIComponent(`[${id}]`)}`;
/**
 * 20 calls that overlap: one every 10 ms, each sent without waiting for the others (the later ones
 * arrive after the first one's trash is committed, as a queue of retries does on a busy server).
 */
const twenty = <T>(call: () => Promise<T>) =>
  Promise.all(Array.from({ length: 20 }, (_, i) => new Promise<T>((resolve, reject) => { setTimeout(() => { call().then(resolve, reject); }, i * 10); })));
/** the row as the list shows it (its version included) */
const seen = async (id: number) => (await a.get('admin', `/api/tasks/${id}`)).json().data as { updated_at: string; trashed: boolean };
/** moves the row's trashing `seconds` into the past */
const trashedAgo = (id: number, seconds: number) =>
  a.sql(`UPDATE "tasks" SET "deleted_at" = "deleted_at" - make_interval(secs => $2), "updated_at" = "updated_at" - make_interval(secs => $2) WHERE "id" = $1`, [id, seconds]);

describe('item 4: a repeated delete never deletes forever', () => {
  it('C17 delete: 20 concurrent force_delete=auto of an active row trash it once and delete nothing', async () => {
    const { id } = await newTask('VENTI-CLIC');
    const answers = await twenty(() => a.del('admin', delUrl(id), { force_delete: 'auto' }));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of answers) expect(r.json().data).toEqual({ trashed: 1, deleted: 0 });
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C17 delete: 20 concurrent deletes that send the version of the active row they saw trash it once and delete nothing', async () => {
    const { id, updated_at } = await newTask('VENTI-VERSIONE');
    const answers = await twenty(() => a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: updated_at } }));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of answers) expect(r.json().data).toEqual({ trashed: 1, deleted: 0 });
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C19 delete: a retry after the first answer (the row just trashed by it) leaves the row in the trash', async () => {
    const { id } = await newTask('RIPROVA');
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).json().data).toEqual({ trashed: 1, deleted: 0 });
    const retry = await a.del('admin', delUrl(id), { force_delete: 'auto' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual({ trashed: 1, deleted: 0 });
    // still within the grace period a few seconds later
    await trashedAgo(id, 5);
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).json().data).toEqual({ trashed: 1, deleted: 0 });
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
    expect(await actions(id)).toEqual(['create', 'trash']);
  });

  it('C17 delete: the version of the row as it was before the trash (a double click from the list) does not delete it forever', async () => {
    const { id } = await newTask('DOPPIO-VERSIONE');
    const before = await seen(id);
    expect((await a.del('admin', delUrl(id), { versions: { [id]: before.updated_at } })).json().data).toEqual({ trashed: 1, deleted: 0 });
    const again = await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: before.updated_at } });
    expect(again.json().data).toEqual({ trashed: 1, deleted: 0 });
    expect(await taskRow(id)).toBeDefined();
  });

  it('C17 delete: a row the list showed in the trash (its version sent) is deleted forever at once', async () => {
    const { id } = await newTask('DAL-CESTINO');
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto' })).json().data).toEqual({ trashed: 1, deleted: 0 });
    const inTrash = await seen(id);
    expect(inTrash.trashed).toBe(true);
    const res = await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: inTrash.updated_at } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ trashed: 0, deleted: 1 });
    expect(await taskRow(id)).toBeUndefined();
    // its repetition finds nothing to delete
    expect((await a.del('admin', delUrl(id), { force_delete: 'auto', versions: { [id]: inTrash.updated_at } })).statusCode).toBe(404);
  });

  it(`C17 delete: without a version, a row trashed more than ${TRASH_GRACE_SECONDS} s ago is deleted forever (a client written from the seeds)`, async () => {
    const { id } = await newTask('VECCHIO');
    const other = await newTask('VECCHIO-2');
    await a.del('admin', `/api/task/${encodeURIComponent(`[${id},${other.id}]`)}`);
    await trashedAgo(id, TRASH_GRACE_SECONDS + 1);
    const res = await a.del('admin', `/api/task/${encodeURIComponent(`[${id},${other.id}]`)}`, { force_delete: 'auto' });
    expect(res.json().data).toEqual({ trashed: 1, deleted: 1 });
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
    const res = await a.call('admin', 'PUT', `/api/tasks/${id}`, { payload: { restore: true, deleted_at: null, name: 'Cambiato' } });
    expect(res.statusCode).toBe(428);
    expect((await taskRow(id))?.deleted_at).not.toBeNull();
  });
});
