/**
 * Issue 25 item 12, the server's side: the seeds' paths the app now calls — the credit ledger on
 * seed B §7's `/api/credit_transaction_log` (the plural kept as an alias, both 404 while
 * CREDIT_ENABLED is off), `GET /api/studio_jobs` with what the jobs dashboard needs (sub-task
 * count, sub-tasks, legal statuses, type), the job and role forms' option lists, and the payment
 * log's list filtered on created_at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let collabId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { CREDIT_ENABLED: 'true' } });
  a = api(t);
  [{ id: collabId }] = (
    await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`)
  ).map((r) => ({ id: Number(r.id) }));
});
afterAll(async () => {
  await t?.close();
});

const creditOf = async (id: number) =>
  Number(
    (await a.sql<{ credit: string }>('SELECT "credit"::text AS "credit" FROM "users" WHERE "id" = $1', [id]))[0]!
      .credit,
  );

describe('C09 C10 C11 C17 /api/credit_transaction_log (seed B §7)', () => {
  it("C10 C09 C11 create, read and change a ledger row on the seed's path; the balance follows", async () => {
    const before = await creditOf(collabId);
    const created = await a.post('admin', '/api/credit_transaction_log', {
      users_id: collabId,
      type: 'CREDIT',
      amount: '12.5',
      description: 'Sul percorso del seed',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data as { id: number; updated_at: string; amount: number };
    expect(row.amount).toBe(12.5);
    expect(await creditOf(collabId)).toBeCloseTo(before + 12.5, 5);
    const read = await a.get('admin', `/api/credit_transaction_log/${row.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: row.id, description: 'Sul percorso del seed' });
    const changed = await a.put('admin', `/api/credit_transaction_log/${row.id}`, {
      amount: '20',
      updated_at: read.json().data.updated_at,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await creditOf(collabId)).toBeCloseTo(before + 20, 5);
    expect((await a.del('admin', `/api/credit_transaction_log/[${row.id}]`)).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    expect(await creditOf(collabId)).toBeCloseTo(before, 5);
  });

  it('C09 GET /api/credit_transaction_log answers every row of the studio; the plural path stays the same call', async () => {
    const seed = await a.get('admin', '/api/credit_transaction_log');
    expect(seed.statusCode, seed.body).toBe(200);
    const plural = await a.get('admin', '/api/credit_transaction_logs');
    expect(plural.statusCode).toBe(200);
    expect(plural.json().data.map((r: { id: number }) => r.id)).toEqual(
      seed.json().data.map((r: { id: number }) => r.id),
    );
    expect(seed.json().data.length).toBeGreaterThan(0);
  });

  it("C10 below Admin the seed's path is refused like the plural (403)", async () => {
    const res = await a.post('collab', '/api/credit_transaction_log', {
      users_id: collabId,
      type: 'CREDIT',
      amount: 1,
    });
    expect(res.statusCode).toBe(403);
  });

  it("C09 C10 with CREDIT_ENABLED off the seed's path answers 404, like every call of the feature", async () => {
    const off = await startTestApp();
    try {
      const b = api(off);
      expect((await b.get('admin', '/api/credit_transaction_log')).statusCode).toBe(404);
      expect(
        (await b.post('admin', '/api/credit_transaction_log', { users_id: collabId, type: 'CREDIT', amount: 1 }))
          .statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("C39 C41 C42 C43 the jobs dashboard and the job and role forms on the seed's calls", () => {
  it('C39 GET /api/studio_jobs answers each job with its type, sub-tasks, sub-task count and legal statuses, by name', async () => {
    const res = await a.get('collab', '/api/studio_jobs');
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json().data as Array<{
      name: string;
      taskCount: number;
      task_ids: number[];
      legal_status_ids: number[];
      studio_job_type: { label: string } | null;
    }>;
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) {
      expect(Array.isArray(j.legal_status_ids), j.name).toBe(true);
      expect(j.taskCount).toBe(j.task_ids.length);
      expect(typeof j.studio_job_type?.label).toBe('string');
    }
    expect(jobs.some((j) => j.legal_status_ids.length > 0)).toBe(true);
    const names = jobs.map((j) => j.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'it')));
  });

  it("C41 C42 C43 the job form's option lists answer the studio's rows", async () => {
    for (const path of ['/api/studio-job-types', '/api/legal_statuses', '/api/tasks']) {
      const res = await a.get('collab', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data.length, path).toBeGreaterThan(0);
    }
  });

  it('C09 GET /api/user/permissions answers the permissions a role form offers', async () => {
    const res = await a.get('superadmin', '/api/user/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['customers.view', 'credit_transaction_logs.view']),
    );
  });
});

describe('C14 the payment log on created_at (seed B §2, §9)', () => {
  it('C14 a month interval on created_at is a valid filter of the payment log', async () => {
    const filters = JSON.stringify([
      { name: 'created_at', type: 'gte', val: ['2000-01-01 00:00:00'], glue: 'and' },
      { name: 'created_at', type: 'lte', val: ['2000-01-31 23:59:59'], glue: 'and' },
    ]);
    const res = await a.get('admin', '/api/list/PaymentLog/PaymentLogResourceListCollection', { filters });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(0);
  });
});
