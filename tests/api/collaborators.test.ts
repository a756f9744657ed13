/**
 * Assigning collaborators to the selected customers (seed A's bulk action): C23 the select list,
 * C24 who is linked to whom, C25 the assignment, on a whitelist of relations only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let customers: number[];
let collabs: Array<{ id: number; name: string }>;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  customers = (
    await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 30',
      [demoId],
    )
  ).map((r) => Number(r.id));
  collabs = (await a.get('collab', '/api/collaborators')).json().data;
});
afterAll(async () => {
  await t?.close();
});

const links = (col: string, ids: number[]) =>
  a.get('collab', '/api/parents_has_children', {
    parents_id: JSON.stringify(ids),
    pivot_table: 'customers',
    parent_col_name: 'id',
    child_col_name: col,
  });
const assign = (
  ids: unknown,
  children: Array<{ id: number; selected: boolean }>,
  relation = 'collaborator_accounting',
) =>
  a.post('collab', '/api/parents_has_children', {
    parent_ids: ids,
    parent_model_name: 'Customer',
    child_model_name: 'User',
    relation_name: relation,
    children,
  });

describe('collaborators of the selected customers', () => {
  it('C23 collaborators: the active Admin and Collaboratore users of the own studio', async () => {
    expect(collabs.map((c) => c.name).sort()).toEqual(['Laura Neri', 'Marco Rossi']);
  });

  it('C25 C24 assign: one collaborator for every selected customer in one call, then read back per collaborator', async () => {
    // the demo customers have Laura for accounting: Marco takes them over
    const [laura, marco] = [
      collabs.find((c) => c.name === 'Marco Rossi')!,
      collabs.find((c) => c.name === 'Laura Neri')!,
    ];
    const res = await assign(customers, [
      { id: laura.id, selected: true },
      { id: marco.id, selected: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(customers.length);
    const got = (await links('collaborator_accounting_id', customers)).json().data;
    expect(got).toEqual({ [laura.id]: customers });
    const rows = await a.sql<{ c: number }>(
      'SELECT count(*)::int AS "c" FROM "customers" WHERE "id" = ANY($1::int[]) AND "collaborator_accounting_id" = $2',
      [customers, laura.id],
    );
    expect(rows[0]!.c).toBe(customers.length);
    // the other relation is untouched; one audit row per customer that changed
    const audits = await a.sql(
      `SELECT 1 FROM "audit_log" WHERE "model" = 'Customer' AND "changes" ? 'collaborator_accounting_id' AND "record_id" = ANY($1::int[])`,
      [customers],
    );
    expect(audits.length).toBeGreaterThan(0);
    // unselecting takes him off those customers
    const off = await assign(JSON.stringify(customers.slice(0, 10)), [{ id: laura.id, selected: false }]);
    expect(off.json().data.updated).toBe(10);
    expect((await links('collaborator_accounting_id', customers)).json().data).toEqual({
      [laura.id]: customers.slice(10),
    });
  });

  it('C25 assign: two selected collaborators are a 422 (one per customer and relation)', async () => {
    const res = await assign(
      customers,
      collabs.map((c) => ({ id: c.id, selected: true })),
      'collaborator_studio_jobs',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children).toBeDefined();
  });

  it('C24 C25: relations outside the whitelist are refused, never used as SQL', async () => {
    for (const [pivot, col] of [
      ['users', 'id'],
      ['customers', 'password'],
      ['customers; DROP TABLE customers', 'collaborator_accounting_id'],
    ]) {
      const res = await a.get('collab', '/api/parents_has_children', {
        parents_id: JSON.stringify(customers),
        pivot_table: pivot,
        parent_col_name: 'id',
        child_col_name: col,
      });
      expect(res.statusCode, `${pivot}/${col}`).toBe(400);
    }
    expect((await assign(customers, [{ id: collabs[0]!.id, selected: true }], 'role_id')).statusCode).toBe(400);
  });

  it('C24 C25: a customer or a collaborator of another studio is a 404 and nothing changes', async () => {
    const theirCustomer = (await a.firstRow('customers', bianchiId)).id;
    const theirAdmin = (
      await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', ['admin@studiobianchi.test'])
    )[0]!.id;
    const before = await a.sql(
      'SELECT "id", "collaborator_studio_jobs_id" FROM "customers" WHERE "id" = ANY($1::int[]) ORDER BY "id"',
      [[...customers, theirCustomer]],
    );
    expect(
      (
        await assign(
          [...customers, theirCustomer],
          [{ id: collabs[0]!.id, selected: true }],
          'collaborator_studio_jobs',
        )
      ).statusCode,
    ).toBe(404);
    expect((await assign(customers, [{ id: theirAdmin, selected: true }], 'collaborator_studio_jobs')).statusCode).toBe(
      404,
    );
    expect((await links('collaborator_studio_jobs_id', [theirCustomer])).statusCode).toBe(404);
    expect(
      await a.sql(
        'SELECT "id", "collaborator_studio_jobs_id" FROM "customers" WHERE "id" = ANY($1::int[]) ORDER BY "id"',
        [[...customers, theirCustomer]],
      ),
    ).toEqual(before);
  });
});
