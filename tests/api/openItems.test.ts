/**
 * What is open, and since when (issue 29 item 1, PRODUCT.md §9): each charge's due date and open
 * amount by the one rule (named settlements first, then the oldest due first; partial payments;
 * a credit; a returned payment reopens what it paid), the same figures on the statement, on the
 * home page's receivables and in Σ open − credit = balance for every demo customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the settling of charges is tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
});
afterAll(async () => {
  await t?.close();
});

const cents = (n: number | string) => Math.round(Number(n) * 100);

async function newCustomer(name: string) {
  const rep = (await a.firstRow('legal_representatives', demoId)).id;
  const c = await a.post('admin', '/api/customers', {
    business_name: name,
    email: 'aperte@prova.test',
    yearly_accounting_amount: 1200,
    legal_representative_id: rep,
  });
  expect(c.statusCode, c.body).toBe(201);
  return c.json().data.id as number;
}

async function move(customer: number, type: string, amount: number, date: string, extra: Record<string, unknown> = {}) {
  const res = await a.post('collab', '/api/transactions', { customer_id: customer, type, amount, date, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const statement = async (customer: number) =>
  (await a.get('collab', `/api/customer/${customer}/statement`)).json().data as {
    closing: number;
    open: number;
    overdue: number;
    credit: number;
    items: Record<string, { due: string; open: number }>;
  };

describe('open items', () => {
  it('a payment settles the oldest due first, partially; a due date moves a charge back in line; a payment beyond what is open is a credit', async () => {
    const c = await newCustomer('Partite Aperte S.r.l.');
    const jan = await move(c, 'CHARGE', 100, '2025-01-10 00:00:00');
    // dated earlier but due later than February's: settled after it
    const late = await move(c, 'CHARGE', 50, '2025-01-05 00:00:00', { due_date: '2025-03-31' });
    const feb = await move(c, 'CHARGE', 80, '2025-02-10 00:00:00');
    await move(c, 'PAYMENT', 130, '2025-02-20 00:00:00');
    let s = await statement(c);
    expect(s.items[jan]).toEqual({ due: '2025-01-10', open: 0, amount: 100 });
    expect(s.items[feb]).toEqual({ due: '2025-02-10', open: 50, amount: 80 });
    expect(s.items[late]).toEqual({ due: '2025-03-31', open: 50, amount: 50 });
    expect(s.open).toBe(100);
    expect(s.overdue).toBe(100);
    expect(s.credit).toBe(0);
    expect(s.closing).toBe(100);
    // a positive adjustment is an item like a charge, a negative one pays like a payment
    const adj = await move(c, 'ADJUSTMENT', 20, '2025-04-01 00:00:00');
    await move(c, 'PAYMENT', 200, '2025-04-10 00:00:00');
    s = await statement(c);
    expect(Object.values(s.items).map((i) => i.open)).toEqual([0, 0, 0, 0]);
    expect(s.items[adj]!.open).toBe(0);
    expect(s.open).toBe(0);
    expect(s.credit).toBe(80);
    expect(s.closing).toBe(-80);
  });

  it('a settlement that names a charge pays it first; a returned payment reopens what it paid; trashing a payment reopens too', async () => {
    const c = await newCustomer('Incassi Nominati S.n.c.');
    const first = await move(c, 'CHARGE', 100, '2025-01-10 00:00:00');
    const second = await move(c, 'CHARGE', 100, '2025-02-10 00:00:00');
    const pay = await move(c, 'PAYMENT', 100, '2025-02-15 00:00:00');
    await a.sql(
      `INSERT INTO "settlements" ("studio_id", "payment_id", "charge_id", "amount") VALUES ($1, $2, $3, 100)`,
      [demoId, pay, second],
    );
    let s = await statement(c);
    expect(s.items[second]!.open).toBe(0);
    expect(s.items[first]!.open).toBe(100);
    // the bank returns the payment: a reversing adjustment paired with it
    const rev = await move(c, 'ADJUSTMENT', 100, '2025-02-20 00:00:00');
    await a.sql(
      `INSERT INTO "payment_reversals" ("payment_id", "studio_id", "reversal_id", "reason") VALUES ($1, $2, $3, 'AM04')`,
      [pay, demoId, rev],
    );
    s = await statement(c);
    expect(s.items[second]!.open).toBe(100);
    expect(s.items[first]!.open).toBe(100);
    expect(s.items[rev]).toBeUndefined();
    expect(s.open).toBe(200);
    expect(s.closing).toBe(200);
    // a payment in the trash settles nothing
    const other = await move(c, 'PAYMENT', 60, '2025-03-01 00:00:00');
    expect((await statement(c)).items[first]!.open).toBe(40);
    expect((await a.del('collab', `/api/transactions/${other}`)).statusCode).toBeLessThan(300);
    expect((await statement(c)).items[first]!.open).toBe(100);
  });

  it("a customer's open items on its card, in the trash too; another studio's customer is not found", async () => {
    const c = await newCustomer('Cestinato Aperto S.r.l.');
    await move(c, 'CHARGE', 70, '2025-05-10 00:00:00');
    expect((await a.del('admin', `/api/customers/${c}`)).statusCode).toBeLessThan(300);
    const r = await a.get('collab', `/api/customer/${c}/open_items`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.summary).toMatchObject({ open: 70, overdue: 70, balance: 70, credit: 0 });
    expect(r.json().data.items.map((i: { open: number }) => i.open)).toEqual([70]);
    expect((await a.get('bianchi', `/api/customer/${c}/open_items`)).statusCode).toBe(404);
  });

  it('demo data: for every customer Σ open − credit = balance, and the home page’s overdue figures cover what their statements show past due', async () => {
    const rows = await a.sql<{ id: number; balance: string; active: boolean }>(
      `SELECT c."id", c."ceased" = 0 AS "active", coalesce(sum(CASE x."type" WHEN 'PAYMENT' THEN -x."amount" ELSE x."amount" END), 0)::text AS "balance"
       FROM "customers" c LEFT JOIN "transactions" x ON x."customer_id" = c."id" AND x."deleted_at" IS NULL
       WHERE c."studio_id" = $1 AND c."deleted_at" IS NULL GROUP BY c."id" ORDER BY c."id" LIMIT 30`,
      [demoId],
    );
    expect(rows.length).toBeGreaterThan(20);
    let overdueSeen = 0;
    let overdueCents = 0;
    for (const r of rows) {
      const s = await statement(r.id);
      expect(cents(s.open) - cents(s.credit), `customer ${r.id}`).toBe(cents(r.balance));
      expect(s.overdue).toBeLessThanOrEqual(s.open);
      if (s.overdue > 0 && r.active) {
        overdueSeen++;
        overdueCents += cents(s.overdue);
      }
    }
    expect(overdueSeen).toBeGreaterThan(0);
    const rec = (await a.get('admin', '/api/receivables')).json().data;
    const active = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "ceased" = 0`,
      [demoId],
    );
    expect(rec.overdue_customers).toBeGreaterThanOrEqual(overdueSeen);
    expect(rec.overdue_customers).toBeLessThanOrEqual(active[0]!.n);
    expect(cents(rec.overdue_amount)).toBeGreaterThanOrEqual(overdueCents);
  });
});
