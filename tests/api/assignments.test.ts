/**
 * Fee assignments (seed B §3, PRODUCT.md §5): C72 the fee transactions of an assignment, C73
 * 'Genera compensi' / 'Aggiorna' — one CHARGE a year, replaced atomically, serialized per
 * assignment, scoped to the caller's studio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let customer: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  customer = (await a.firstRow('customers', demoId)).id;
});
afterAll(async () => {
  await t?.close();
});

interface Fee {
  id: number;
  amount: number;
  date: string;
  customer_id: number;
  assignment_id: number;
  type: string;
  transaction_note: string;
  is_yearly_installment: boolean;
}

async function assignment(fields: Record<string, unknown> = {}, who: Who = 'collab'): Promise<number> {
  const res = await a.post(who, '/api/assignments', {
    title: 'Consulenza',
    customers_id: customer,
    year_amount: 1234.56,
    year_duration: 3,
    start_date: '2024-02-29',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}
const make = (id: number, who: Who = 'collab') => a.post(who, `/api/assignments/${id}/make_transactions`);
const linked = async (id: number) =>
  a.sql<{ id: number; amount: string; date: string; deleted: boolean }>(
    `SELECT "id", "amount"::text AS "amount", to_char("date", 'YYYY-MM-DD HH24:MI:SS') AS "date", "deleted_at" IS NOT NULL AS "deleted"
   FROM "transactions" WHERE "assignment_id" = $1 ORDER BY "date", "id"`,
    [id],
  );

describe('C73 make transactions', () => {
  it('C73 make transactions: year_duration CHARGE rows of year_amount, one a year from start_date (29 Feb → 28 Feb), linked, for the customer, audited', async () => {
    const id = await assignment();
    const res = await make(id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Fee[];
    expect(data.map((r) => [r.date, r.amount])).toEqual([
      ['2024-02-29 00:00:00', 1234.56],
      ['2025-02-28 00:00:00', 1234.56],
      ['2026-02-28 00:00:00', 1234.56],
    ]);
    for (const [k, r] of data.entries()) {
      expect(r).toMatchObject({
        customer_id: customer,
        assignment_id: id,
        type: 'CHARGE',
        is_yearly_installment: false,
        transaction_note: `Compenso incarico "Consulenza" anno ${k + 1}/3`,
      });
    }
    const rows = await linked(id);
    expect(rows.map((r) => r.amount)).toEqual(['1234.56', '1234.56', '1234.56']);
    expect(rows.map((r) => Number(r.id))).toEqual(data.map((r) => r.id));
    const studio = await a.sql<{ studio_id: number }>(
      'SELECT DISTINCT "studio_id" FROM "transactions" WHERE "assignment_id" = $1',
      [id],
    );
    expect(studio.map((r) => Number(r.studio_id))).toEqual([demoId]);
    const audits = await a.sql(
      `SELECT 1 FROM "audit_log" WHERE "model" = 'Transaction' AND "action" = 'create' AND "record_id" = ANY($1::int[])`,
      [data.map((r) => r.id)],
    );
    expect(audits).toHaveLength(3);
  });

  it("C73 make transactions: 'Aggiorna' after a change of duration and amount replaces the old fees (deleted, audited) with the new ones", async () => {
    const id = await assignment({ start_date: '2025-06-15', year_duration: 4, year_amount: 100 });
    const first = (await make(id)).json().data as Fee[];
    expect(first).toHaveLength(4);
    const upd = await a.put('collab', `/api/assignments/${id}`, { year_duration: 2, year_amount: 99.99 });
    expect(upd.statusCode, upd.body).toBe(200);
    const res = await make(id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Fee[]).map((r) => [r.date, r.amount, r.transaction_note])).toEqual([
      ['2025-06-15 00:00:00', 99.99, 'Compenso incarico "Consulenza" anno 1/2'],
      ['2026-06-15 00:00:00', 99.99, 'Compenso incarico "Consulenza" anno 2/2'],
    ]);
    const rows = await linked(id);
    expect(rows.map((r) => [r.date, r.amount, r.deleted])).toEqual([
      ['2025-06-15 00:00:00', '99.99', false],
      ['2026-06-15 00:00:00', '99.99', false],
    ]);
    const old = first.map((r) => r.id);
    expect(await a.sql('SELECT 1 FROM "transactions" WHERE "id" = ANY($1::int[])', [old])).toHaveLength(0);
    expect(
      await a.sql(
        `SELECT 1 FROM "audit_log" WHERE "model" = 'Transaction' AND "action" = 'delete' AND "record_id" = ANY($1::int[])`,
        [old],
      ),
    ).toHaveLength(4);
  });

  it("C73 make transactions: 'Aggiorna' is atomic — when the insert fails the old fees stay", async () => {
    const id = await assignment({ start_date: '2026-01-10', year_duration: 2, year_amount: 10 });
    const before = (await make(id)).json().data as Fee[];
    await a.sql(
      `CREATE OR REPLACE FUNCTION "test_boom"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
    );
    await a.sql(
      `CREATE TRIGGER "test_boom" BEFORE INSERT ON "transactions" FOR EACH ROW WHEN (NEW."transaction_note" LIKE '%BOOM%') EXECUTE FUNCTION "test_boom"()`,
    );
    try {
      await a.sql('UPDATE "assignments" SET "title" = $2, "year_duration" = 5 WHERE "id" = $1', [id, 'BOOM']);
      const res = await make(id);
      expect(res.statusCode).toBe(500);
    } finally {
      await a.sql('DROP TRIGGER "test_boom" ON "transactions"');
      await a.sql('DROP FUNCTION "test_boom"()');
    }
    expect((await linked(id)).map((r) => Number(r.id))).toEqual(before.map((r) => r.id));
  });

  it('C73 make transactions: a zero annual fee is a 422 on year_amount and the fees there are stay', async () => {
    const id = await assignment({ year_duration: 2, year_amount: 10 });
    const before = (await make(id)).json().data as Fee[];
    expect((await a.put('collab', `/api/assignments/${id}`, { year_amount: 0 })).statusCode).toBe(200);
    const res = await make(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.year_amount).toEqual([
      'Il compenso annuo deve essere maggiore di zero per generare i compensi',
    ]);
    expect((await linked(id)).map((r) => Number(r.id))).toEqual(before.map((r) => r.id));
  });

  it('C73 make transactions: two concurrent posts leave one set of fees, no duplicates', async () => {
    const id = await assignment({ start_date: '2026-03-01', year_duration: 5, year_amount: 50 });
    const [r1, r2] = await Promise.all([make(id), make(id)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const rows = await linked(id);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.date)).size).toBe(5);
    const last = [r1, r2]
      .map((r) => (r.json().data as Fee[]).map((f) => f.id).join())
      .find((ids) => ids === rows.map((r) => r.id).join());
    expect(last).toBeDefined();
  });

  it("C73 make transactions: another studio's, a missing or a trashed assignment is a 404 and nothing is written", async () => {
    const theirs = await assignment({ customers_id: (await a.firstRow('customers', bianchiId)).id }, 'bianchi');
    expect((await make(theirs)).statusCode).toBe(404);
    expect(await linked(theirs)).toHaveLength(0);
    expect((await make(999999)).statusCode).toBe(404);
    expect((await make('abc' as unknown as number)).statusCode).toBe(404);
    const trashed = await assignment();
    expect((await a.del('collab', `/api/assignments/${trashed}`)).statusCode).toBeLessThan(300);
    expect((await make(trashed)).statusCode).toBe(404);
    expect(await linked(trashed)).toHaveLength(0);
  });

  it('C73 make transactions: a Utente may not (403) and nothing is written; C72 likewise', async () => {
    const headers = await a.utente('utente.assignments@studiodemo.test');
    const id = await assignment();
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/assignments/${id}/make_transactions`,
      headers,
      payload: {},
    });
    expect(post.statusCode).toBe(403);
    expect(await linked(id)).toHaveLength(0);
    const get = await t.app.inject({ method: 'GET', url: `/api/assignments/${id}/transactions`, headers });
    expect(get.statusCode).toBe(403);
  });
});

describe('C72 assignment transactions', () => {
  it('C72 assignment transactions: an assignment without fees answers { data: [] }', async () => {
    const id = await assignment();
    const res = await a.get('collab', `/api/assignments/${id}/transactions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('C72 assignment transactions: the linked, not-trashed transactions with id, amount, date and customer', async () => {
    const id = await assignment({ start_date: '2027-12-31', year_duration: 3, year_amount: 0.1 });
    const made = (await make(id)).json().data as Fee[];
    expect((await a.del('collab', `/api/transaction/${made[1]!.id}`)).statusCode).toBeLessThan(300);
    const res = await a.get('collab', `/api/assignments/${id}/transactions`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().data as Fee[]).map((r) => ({ id: r.id, amount: r.amount, date: r.date, customer_id: r.customer_id })),
    ).toEqual([
      { id: made[0]!.id, amount: 0.1, date: '2027-12-31 00:00:00', customer_id: customer },
      { id: made[2]!.id, amount: 0.1, date: '2029-12-31 00:00:00', customer_id: customer },
    ]);
    // 'Aggiorna' also removes the trashed fee (a restore would duplicate a year)
    await make(id);
    expect(await linked(id)).toHaveLength(3);
  });

  it("C72 assignment transactions: another studio's or a missing assignment is a 404", async () => {
    const theirs = await assignment({ customers_id: (await a.firstRow('customers', bianchiId)).id }, 'bianchi');
    expect((await a.get('bianchi', `/api/assignments/${theirs}/transactions`)).statusCode).toBe(200);
    const res = await a.get('collab', `/api/assignments/${theirs}/transactions`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Elemento non trovato');
    expect((await a.get('collab', '/api/assignments/999999/transactions')).statusCode).toBe(404);
  });
});
