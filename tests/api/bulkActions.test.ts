/**
 * Bulk actions on the selected customers: C38 generate installments, C26 yearly amount (and its
 * preview), C34 annual balancer — set-based, in one transaction, scoped to the caller's studio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let pool: number[];
let next = 0;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  pool = (
    await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id"',
      [demoId],
    )
  ).map((r) => Number(r.id));
});
afterAll(async () => {
  await t?.close();
});

/** fresh customers of Studio Demo, set as asked, with no transaction at all */
async function customers(...set: Array<{ amount: string; n?: number; ceased?: number }>): Promise<number[]> {
  const out: number[] = [];
  for (const s of set) {
    const id = pool[next++]!;
    await a.sql('DELETE FROM "transactions" WHERE "customer_id" = $1', [id]);
    await a.sql(
      'UPDATE "customers" SET "yearly_accounting_amount" = $2, "yearly_number_of_installments" = $3, "ceased" = $4 WHERE "id" = $1',
      [id, s.amount, s.n ?? 1, s.ceased ?? 0],
    );
    out.push(id);
  }
  return out;
}
const txOf = (ids: number[]) =>
  a.sql<{ customer_id: number; type: string; amount: string; date: string; note: string; inst: boolean }>(
    `SELECT "customer_id", "type", "amount"::text AS "amount", to_char("date", 'YYYY-MM-DD HH24:MI:SS') AS "date", "transaction_note" AS "note", "is_yearly_installment" AS "inst"
   FROM "transactions" WHERE "customer_id" = ANY($1::int[]) AND "deleted_at" IS NULL ORDER BY "customer_id", "date", "id"`,
    [ids],
  );
const count = async (ids: number[]) => (await txOf(ids)).length;

describe('C38 generate installments', () => {
  it('C38 generate installments: cents exact over 1/2/3/4/12 installments, remainder on the last, dated the first day of each period, noted Rata k/n YYYY', async () => {
    const [one, two, three, four, twelve] = await customers(
      { amount: '1200.00', n: 1 },
      { amount: '1000.01', n: 2 },
      { amount: '1000.00', n: 3 },
      { amount: '0.03', n: 4 },
      { amount: '100.01', n: 12 },
    );
    const res = await a.post('collab', '/api/generate_credit_transactions', {
      customer_ids: [one, two, three, four, twelve],
      year: 2031,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await txOf([one!, two!, three!, four!, twelve!]);
    const of = (id: number) => rows.filter((r) => Number(r.customer_id) === id);
    expect(of(one!).map((r) => [r.amount, r.date, r.note])).toEqual([
      ['1200.00', '2031-01-01 00:00:00', 'Rata 1/1 2031'],
    ]);
    expect(of(two!).map((r) => [r.amount, r.date])).toEqual([
      ['500.00', '2031-01-01 00:00:00'],
      ['500.01', '2031-07-01 00:00:00'],
    ]);
    expect(of(three!).map((r) => [r.amount, r.date, r.note])).toEqual([
      ['333.33', '2031-01-01 00:00:00', 'Rata 1/3 2031'],
      ['333.33', '2031-05-01 00:00:00', 'Rata 2/3 2031'],
      ['333.34', '2031-09-01 00:00:00', 'Rata 3/3 2031'],
    ]);
    expect(of(four!).map((r) => [r.amount, r.date])).toEqual([
      ['0.00', '2031-01-01 00:00:00'],
      ['0.00', '2031-04-01 00:00:00'],
      ['0.00', '2031-07-01 00:00:00'],
      ['0.03', '2031-10-01 00:00:00'],
    ]);
    const monthly = of(twelve!);
    expect(monthly).toHaveLength(12);
    expect(monthly.map((r) => r.amount)).toEqual([...Array(11).fill('8.33'), '8.38']);
    expect(monthly.map((r) => r.date.slice(0, 10))).toEqual(
      Array.from({ length: 12 }, (_, i) => `2031-${String(i + 1).padStart(2, '0')}-01`),
    );
    expect(monthly[11]!.note).toBe('Rata 12/12 2031');
    expect(rows.every((r) => r.type === 'CHARGE' && r.inst === true)).toBe(true);
    const body = res.json();
    expect(body.data).toHaveLength(1 + 2 + 3 + 4 + 12);
    expect(body.data.find((c: { customer_id: number }) => c.customer_id === three)).toMatchObject({
      customer: { id: three },
      date: '2031-01-01 00:00:00',
      amount: 333.33,
      transaction_note: 'Rata 1/3 2031',
    });
    expect(body.skipped).toEqual([]);
    // one audit row per created transaction
    const audits = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "audit_log" WHERE "model" = 'Transaction' AND "action" = 'create' AND "studio_id" = $1`,
      [demoId],
    );
    expect(Number(audits[0]!.n)).toBeGreaterThanOrEqual(22);
  });

  it('C38 generate installments: a second run adds nothing and says why; ceased and zero-fee customers are skipped with the reason', async () => {
    const [ok, ceased, zero] = await customers(
      { amount: '600.00', n: 2 },
      { amount: '600.00', n: 2, ceased: 1 },
      { amount: '0.00', n: 4 },
    );
    const first = await a.post('collab', '/api/generate_credit_transactions', {
      customer_ids: JSON.stringify([ok, ceased, zero]),
      year: 2031,
    });
    expect(first.statusCode, first.body).toBe(200);
    const reasons = Object.fromEntries(
      first.json().skipped.map((s: { customer_id: number; reason: string }) => [s.customer_id, s.reason]),
    );
    expect(reasons).toEqual({ [ceased!]: 'Cliente cessato', [zero!]: 'Tariffa annuale pari a zero' });
    expect(first.json().skipped[0].business_name).toEqual(expect.any(String));
    expect(await count([ok!, ceased!, zero!])).toBe(2);
    const second = await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [ok], year: 2031 });
    expect(second.json()).toEqual({
      data: [],
      skipped: [{ customer_id: ok, business_name: expect.any(String), reason: 'Rate già generate per il 2031' }],
    });
    expect(await count([ok!])).toBe(2);
    // another year is another set of installments
    const other = await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [ok], year: 2032 });
    expect(other.json().data).toHaveLength(2);
  });

  it('C38 generate installments: without a year, the current one (Europe/Rome)', async () => {
    const [id] = await customers({ amount: '100.00', n: 1 });
    const res = await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [id] });
    const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date());
    expect(res.json().data[0]).toMatchObject({ date: `${year}-01-01 00:00:00`, transaction_note: `Rata 1/1 ${year}` });
  });

  it('C38 generate installments: two identical requests at once create the installments once', async () => {
    const list = await customers({ amount: '1200.00', n: 12 }, { amount: '300.00', n: 3 });
    const both = await Promise.all(
      [1, 2].map(() => a.post('collab', '/api/generate_credit_transactions', { customer_ids: list, year: 2031 })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await count(list)).toBe(15);
    expect(both.map((r) => r.json().data.length).sort((x, y) => x - y)).toEqual([0, 15]);
  });

  it("C38 generate installments: another studio's (or a missing) customer id is a 404 and nothing is written", async () => {
    const [own] = await customers({ amount: '100.00', n: 1 });
    const [other] = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1', [
        bianchiId,
      ])
    ).map((r) => Number(r.id));
    const before = await count([other!]);
    const res = await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [own, other], year: 2031 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Elemento non trovato');
    expect(await count([own!])).toBe(0);
    expect(await count([other!])).toBe(before);
    expect(
      (await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [own, 999999], year: 2031 }))
        .statusCode,
    ).toBe(404);
    expect(await count([own!])).toBe(0);
    const bad = await a.post('collab', '/api/generate_credit_transactions', { customer_ids: 'x', year: 2031 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.customer_ids).toBeDefined();
  });
});

describe('permissions', () => {
  it('C38 C26 C34: a Utente may not (403) and nothing changes', async () => {
    const headers = await a.utente('utente.bulk@studiodemo.test');
    const [id] = await customers({ amount: '100.00', n: 1 });
    const calls: Array<[string, unknown]> = [
      ['/api/generate_credit_transactions', { customer_ids: [id], year: 2031 }],
      ['/api/update_yearly_accounting_amount', { customers_ids: [id], yearly_accounting_amount: 5 }],
      ['/api/update_yearly_accounting_amount/preview', { customers_ids: [id], yearly_accounting_amount: 5 }],
      ['/api/annual_balancer/actions/do', { customersData: [{ id, year: 2031 }] }],
    ];
    for (const [url, payload] of calls) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await count([id!])).toBe(0);
    expect(
      (
        await a.sql<{ v: string }>('SELECT "yearly_accounting_amount"::text AS v FROM "customers" WHERE "id" = $1', [
          id,
        ])
      )[0]!.v,
    ).toBe('100.00');
  });
});

const amounts = async (ids: number[]) =>
  (
    await a.sql<{ v: string }>(
      'SELECT "yearly_accounting_amount"::text AS v FROM "customers" WHERE "id" = ANY($1::int[]) ORDER BY array_position($1::int[], "id")',
      [ids],
    )
  ).map((r) => r.v);

describe('C26 yearly accounting amount', () => {
  it('C26 yearly amount: a fixed value on every selected customer, with old and new and one audit row each', async () => {
    const list = await customers({ amount: '100.00' }, { amount: '250.50' });
    const res = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount: 1234.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(2);
    expect(
      res
        .json()
        .data.customers.map((c: { id: number; old_amount: number; new_amount: number }) => [
          c.id,
          c.old_amount,
          c.new_amount,
        ])
        .sort(),
    ).toEqual(
      [
        [list[0], 100, 1234.5],
        [list[1], 250.5, 1234.5],
      ].sort(),
    );
    expect(await amounts(list)).toEqual(['1234.50', '1234.50']);
    const audit = await a.sql<{ changes: Record<string, unknown[]> }>(
      `SELECT "changes" FROM "audit_log" WHERE "model" = 'Customer' AND "action" = 'update' AND "record_id" = $1 ORDER BY "id" DESC LIMIT 1`,
      [list[0]],
    );
    expect(audit[0]!.changes.yearly_accounting_amount!.map(Number)).toEqual([100, 1234.5]);
  });

  it('C26 yearly amount: a percentage rounds half-up to cents and never goes below 0', async () => {
    const list = await customers({ amount: '0.10' }, { amount: '100.10' }, { amount: '33.33' });
    // 0.10 × 1.05 = 0.105 → 0.11; 100.10 × 1.05 = 105.105 → 105.11; 33.33 × 1.05 = 34.9965 → 35.00
    const up = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount_change_percentage: 5,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await amounts(list)).toEqual(['0.11', '105.11', '35.00']);
    const down = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount_change_percentage: '-10',
    });
    expect(down.statusCode).toBe(200);
    // 0.11 × 0.9 = 0.099 → 0.10; 105.11 × 0.9 = 94.599 → 94.60; 35 × 0.9 = 31.50
    expect(await amounts(list)).toEqual(['0.10', '94.60', '31.50']);
    await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount_change_percentage: -150,
    });
    expect(await amounts(list)).toEqual(['0.00', '0.00', '0.00']);
  });

  it('C26 yearly amount: the preview answers old → new and writes nothing', async () => {
    const list = await customers({ amount: '200.00' }, { amount: '0.05' });
    const res = await a.post('collab', '/api/update_yearly_accounting_amount/preview', {
      customers_ids: list,
      yearly_accounting_amount_change_percentage: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated).toBe(0);
    const byId = Object.fromEntries(
      res
        .json()
        .data.customers.map((c: { id: number; old_amount: number; new_amount: number }) => [
          c.id,
          [c.old_amount, c.new_amount],
        ]),
    );
    expect(byId).toEqual({ [list[0]!]: [200, 220], [list[1]!]: [0.05, 0.06] });
    expect(await amounts(list)).toEqual(['200.00', '0.05']);
  });

  it("C26 yearly amount: a missing, double or invalid value is a 422 with the field message; another studio's id a 404; nothing changes", async () => {
    const list = await customers({ amount: '10.00' });
    const none = await a.post('collab', '/api/update_yearly_accounting_amount', { customers_ids: list });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual([
      'yearly_accounting_amount',
      'yearly_accounting_amount_change_percentage',
    ]);
    const both = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount: 1,
      yearly_accounting_amount_change_percentage: 1,
    });
    expect(both.statusCode).toBe(422);
    const big = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount: 123456789,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.yearly_accounting_amount).toEqual(['Importo non valido: massimo 8 cifre e 2 decimali']);
    const negative = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: list,
      yearly_accounting_amount: -1,
    });
    expect(negative.statusCode).toBe(422);
    expect(
      (
        await a.post('collab', '/api/update_yearly_accounting_amount', {
          customers_ids: list,
          yearly_accounting_amount_change_percentage: 'abc',
        })
      ).statusCode,
    ).toBe(422);
    const [other] = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1', [
        bianchiId,
      ])
    ).map((r) => Number(r.id));
    const before = await amounts([other!]);
    const cross = await a.post('collab', '/api/update_yearly_accounting_amount', {
      customers_ids: [...list, other],
      yearly_accounting_amount: 7,
    });
    expect(cross.statusCode).toBe(404);
    expect(await amounts(list)).toEqual(['10.00']);
    expect(await amounts([other!])).toEqual(before);
  });
});

describe('C34 annual balancer', () => {
  it("C34 annual balancer: yearly amount − that year's installments, posted as a signed ADJUSTMENT on 31 December; a second run answers 0", async () => {
    const [under, over, even, none] = await customers(
      { amount: '1200.00', n: 2 },
      { amount: '1000.00', n: 1 },
      { amount: '300.00', n: 3 },
      { amount: '450.50', n: 1 },
    );
    await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [under, over, even], year: 2031 });
    // the fee changes after the installments: 1200 → 1500 (owes 300 more), 1000 → 800 (200 back)
    await a.sql(
      'UPDATE "customers" SET "yearly_accounting_amount" = CASE "id" WHEN $1 THEN 1500 ELSE 800 END WHERE "id" IN ($1, $2)',
      [under, over],
    );
    // a payment, another year's installment and a trashed one do not count
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment") VALUES
      ($1, $2, 'PAYMENT', 100, '2031-03-01', FALSE), ($1, $2, 'CHARGE', 50, '2030-12-31 23:59:59', TRUE), ($1, $2, 'CHARGE', 70, '2031-06-01', TRUE)`,
      [demoId, even],
    );
    await a.sql(`UPDATE "transactions" SET "deleted_at" = now() WHERE "customer_id" = $1 AND "amount" = 70`, [even]);
    const res = await a.post('collab', '/api/annual_balancer/actions/do', {
      customersData: JSON.stringify([
        { id: under, year: 2031 },
        { id: over, year: 2031 },
        { id: even, year: 2031 },
        { id: none, year: 2031 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { id: number; balanced_amount: number; business_name: string }) => [
          r.id,
          r.balanced_amount,
          typeof r.business_name,
        ]),
    ).toEqual([
      [under, 300, 'string'],
      [over, -200, 'string'],
      [even, 0, 'string'],
      [none, 450.5, 'string'],
    ]);
    const adj = (await txOf([under!, over!, even!, none!])).filter((r) => r.type === 'ADJUSTMENT');
    expect(adj.map((r) => [Number(r.customer_id), r.amount, r.date, r.note, r.inst])).toEqual(
      [
        [under, '300.00', '2031-12-31 00:00:00', 'Conguaglio annuale 2031', true],
        [over, '-200.00', '2031-12-31 00:00:00', 'Conguaglio annuale 2031', true],
        [none, '450.50', '2031-12-31 00:00:00', 'Conguaglio annuale 2031', true],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const again = await a.post('collab', '/api/annual_balancer/actions/do', {
      customersData: [
        { id: under, year: 2031 },
        { id: over, year: 2031 },
        { id: even, year: 2031 },
        { id: none, year: 2031 },
      ],
    });
    expect(again.json().data.map((r: { balanced_amount: number }) => r.balanced_amount)).toEqual([0, 0, 0, 0]);
    expect((await txOf([under!, over!, even!, none!])).filter((r) => r.type === 'ADJUSTMENT')).toHaveLength(3);
  });

  it('C34 annual balancer: two identical requests at once post each adjustment once', async () => {
    const list = await customers({ amount: '500.00' }, { amount: '12.34' });
    const payload = { customersData: list.map((id) => ({ id, year: 2031 })) };
    const both = await Promise.all([1, 2].map(() => a.post('collab', '/api/annual_balancer/actions/do', payload)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await count(list)).toBe(2);
    const sums = both.map((r) => r.json().data.map((x: { balanced_amount: number }) => x.balanced_amount));
    expect(sums.sort()).toEqual([
      [0, 0],
      [500, 12.34],
    ]);
  });

  it("C34 annual balancer: another studio's customer is a 404 and nothing is posted; a bad body a 422", async () => {
    const [own] = await customers({ amount: '500.00' });
    const [other] = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1', [
        bianchiId,
      ])
    ).map((r) => Number(r.id));
    const before = await count([other!]);
    const res = await a.post('collab', '/api/annual_balancer/actions/do', {
      customersData: [
        { id: own, year: 2031 },
        { id: other, year: 2031 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(await count([own!])).toBe(0);
    expect(await count([other!])).toBe(before);
    expect((await a.post('collab', '/api/annual_balancer/actions/do', { customersData: 'x' })).statusCode).toBe(422);
    expect(
      (await a.post('collab', '/api/annual_balancer/actions/do', { customersData: [{ id: own, year: 3000 }] }))
        .statusCode,
    ).toBe(422);
  });
});
