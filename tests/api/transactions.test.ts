/**
 * Transactions (seed A §3, PRODUCT.md §5): the types (C12), a customer's balance (C13), the
 * account statement of an interval, and the multiple-customer mode of the create form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { today as romeToday } from '../../model/dates';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let customer: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  // the statement's mechanics are tested here: a studio whose payable is the fee (the payable: payable.test.ts)
  await a.feeIsPayable(demoId);
  bianchiId = await a.studioId('Studio Bianchi');
  // a customer of our own, without any movement
  const rep = (await a.firstRow('legal_representatives', demoId)).id;
  const c = await a.post('admin', '/api/customers', {
    business_name: 'Conto Prova S.r.l.',
    email: 'conto@prova.test',
    yearly_accounting_amount: 1200,
    legal_representative_id: rep,
  });
  customer = c.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

const move = async (type: string, amount: number, date: string, extra: Record<string, unknown> = {}) => {
  const res = await a.post('collab', '/api/transactions', { customer_id: customer, type, amount, date, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};

describe('transactions', () => {
  it('C12 transaction types: the three kinds with value and text', async () => {
    const res = await a.get('collab', '/api/transaction_types');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { value: 'CHARGE', text: 'Addebito' },
      { value: 'PAYMENT', text: 'Incasso' },
      { value: 'ADJUSTMENT', text: 'Conguaglio' },
    ]);
  });

  it('C10 transactions: the amount entered must be positive; an unknown type is refused; is_yearly_installment is read-only', async () => {
    for (const amount of [0, -5]) {
      const res = await a.post('collab', '/api/transactions', {
        customer_id: customer,
        type: 'CHARGE',
        amount,
        date: '2026-01-10 00:00:00',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.amount).toEqual(['Il numero deve essere positivo']);
    }
    const bad = await a.post('collab', '/api/transactions', {
      customer_id: customer,
      type: 'REGALO',
      amount: 5,
      date: '2026-01-10 00:00:00',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.type).toBeDefined();
    const flagged = await a.post('collab', '/api/transactions', {
      customer_id: customer,
      type: 'CHARGE',
      amount: 5,
      date: '2026-01-10 00:00:00',
      is_yearly_installment: true,
    });
    expect(flagged.statusCode, flagged.body).toBe(201);
    expect(flagged.json().data.is_yearly_installment).toBe(false);
    await a.del('collab', `/api/transaction/${flagged.json().data.id}`);
  });

  it('C13 customer: GET /api/customer/{id} carries the balance (charges − payments + adjustments, trashed movements left out)', async () => {
    expect((await a.get('collab', `/api/customer/${customer}`)).json().data.balance).toBe(0);
    await move('CHARGE', 1000.1, '2025-12-20 00:00:00');
    await move('PAYMENT', 400.05, '2026-01-15 10:30:00');
    await move('ADJUSTMENT', 0.3, '2026-02-01 00:00:00');
    const gone = await move('CHARGE', 999, '2026-02-02 00:00:00');
    await a.del('collab', `/api/transaction/${gone.id}`);
    const res = await a.get('collab', `/api/customer/${customer}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.balance).toBe(600.35);
    expect(res.json().data.business_name).toBe('Conto Prova S.r.l.');
  });

  it('statement: opening balance, charges, payments, adjustments, closing balance and the running balance of each movement', async () => {
    const march = await move('CHARGE', 50, '2026-03-05 00:00:00');
    const res = await a.get('collab', `/api/customer/${customer}/statement`, { from: '2026-01-01', to: '2026-02-28' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.customer).toEqual({ id: customer, business_name: 'Conto Prova S.r.l.' });
    expect([s.opening, s.charges, s.payments, s.adjustments, s.closing]).toEqual([1000.1, 0, 400.05, 0.3, 600.35]);
    expect(Object.values(s.running)).toEqual([600.05, 600.35]);
    expect(s.running[String(march.id)]).toBeUndefined();
    const all = (await a.get('collab', `/api/customer/${customer}/statement`)).json().data;
    expect(all.closing).toBe(650.35);
    expect(all.running[String(march.id)]).toBe(650.35);
    const inverted = await a.get('collab', `/api/customer/${customer}/statement`, {
      from: '2026-03-01',
      to: '2026-01-01',
    });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors.from).toEqual(['La data di inizio intervallo è maggiore di quella di fine']);
  });

  it("statement and C13: another studio's customer is a 404", async () => {
    const theirs = (await a.firstRow('customers', bianchiId)).id;
    expect((await a.get('collab', `/api/customer/${theirs}/statement`)).statusCode).toBe(404);
    expect((await a.get('collab', `/api/customer/${theirs}`)).statusCode).toBe(404);
  });

  it("C14 list: /table/Transaction/{customer_id} lists one customer's movements in the date interval", async () => {
    const res = await a.get('collab', '/api/list/Transaction/TransactionResourceListCollection', {
      filters: [
        { name: 'customer_id', type: 'OR', val: [customer] },
        { name: 'date', type: 'gte', val: ['2026-01-01 00:00:00'] },
        { name: 'date', type: 'lte', val: ['2026-02-28 23:59:59'] },
      ],
      sort_by: 'date',
      sort_desc: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { amount: number }) => r.amount)).toEqual([400.05, 0.3]);
    const installments = await a.get('collab', '/api/list/Transaction/TransactionResourceListCollection', {
      filters: [
        { name: 'customer_id', type: 'OR', val: [customer] },
        { name: 'is_yearly_installment', type: 'OR', val: [1] },
      ],
    });
    expect(installments.json().meta.total).toBe(0);
  });
});

describe('multiple-customer mode', () => {
  it('C10 transactions with customer_ids: one row per customer, atomically, answered with every id', async () => {
    const ids = (
      await a.sql<{ id: number }>(
        'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 25',
        [demoId],
      )
    ).map((r) => Number(r.id));
    const res = await a.post('collab', '/api/transactions', {
      customer_ids: ids,
      type: 'PAYMENT',
      amount: 12.34,
      date: '2026-04-01 09:00:00',
      transaction_note: 'Incasso cumulativo',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ids).toHaveLength(25);
    const rows = await a.sql<{
      customer_id: number;
      amount: string;
      type: string;
      transaction_note: string;
      studio_id: number;
    }>(
      'SELECT "customer_id", "amount"::text AS "amount", "type", "transaction_note", "studio_id" FROM "transactions" WHERE "id" = ANY($1::int[]) ORDER BY "customer_id"',
      [res.json().ids],
    );
    expect(rows.map((r) => Number(r.customer_id))).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(rows.map((r) => `${r.amount}|${r.type}|${r.transaction_note}|${r.studio_id}`))).toEqual(
      new Set([`12.34|PAYMENT|Incasso cumulativo|${demoId}`]),
    );
    const audits = await a.sql(
      `SELECT 1 FROM "audit_log" WHERE "model" = 'Transaction' AND "action" = 'create' AND "record_id" = ANY($1::int[])`,
      [res.json().ids],
    );
    expect(audits).toHaveLength(25);
  });

  it('C10 transactions with customer_ids: one customer of another studio is a 404 and nothing is written; a bad amount is a 422 for all', async () => {
    const count = async () => Number((await a.sql('SELECT count(*)::int AS "n" FROM "transactions"'))[0].n);
    const before = await count();
    const ours = (await a.firstRow('customers', demoId)).id;
    const theirs = (await a.firstRow('customers', bianchiId)).id;
    const foreign = await a.post('collab', '/api/transactions', {
      customer_ids: [ours, theirs],
      type: 'CHARGE',
      amount: 10,
      date: '2026-04-01 00:00:00',
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await a.post('collab', '/api/transactions', {
      customer_ids: [ours],
      type: 'CHARGE',
      amount: -1,
      date: '2026-04-01 00:00:00',
    });
    expect(bad.statusCode).toBe(422);
    const empty = await a.post('collab', '/api/transactions', {
      customer_ids: [],
      type: 'CHARGE',
      amount: 1,
      date: '2026-04-01 00:00:00',
    });
    expect(empty.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('receivables of the home page', () => {
  it("receivables: the total owed, the top debtors and this month's charges agree with each customer's balance (C13) and the list (C14)", async () => {
    const res = await a.get('bianchi', '/api/receivables');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    const active = (
      await a.get('bianchi', '/api/list/Customer/CustomerResourceListCollection', {
        items_per_page: -1,
        filters: [{ name: 'ceased', type: 'OR', val: [0] }],
      })
    ).json().data as Array<{ id: number }>;
    const balances = new Map<number, number>();
    for (const c of active) balances.set(c.id, (await a.get('bianchi', `/api/customer/${c.id}`)).json().data.balance);
    const cents = (n: number) => Math.round(n * 100);
    const owed = [...balances.values()].filter((b) => b > 0).reduce((s, b) => s + cents(b), 0);
    expect(cents(r.total_owed)).toBe(owed);
    expect(r.top_debtors.length).toBe(Math.min(10, [...balances.values()].filter((b) => b > 0).length));
    for (const d of r.top_debtors) expect(d.balance).toBe(balances.get(d.id));
    expect(r.top_debtors.map((d: { balance: number }) => d.balance)).toEqual(
      r.top_debtors.map((d: { balance: number }) => d.balance).sort((x: number, y: number) => y - x),
    );
    expect(r.monthly).toHaveLength(12);
    const last = r.monthly[11];
    const [y, m] = last.month.split('-').map(Number);
    const end = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const charges = (
      await a.get('bianchi', '/api/list/Transaction/TransactionResourceListCollection', {
        items_per_page: -1,
        filters: [
          { name: 'type', type: 'OR', val: ['CHARGE'] },
          { name: 'date', type: 'gte', val: [`${last.month}-01 00:00:00`] },
          { name: 'date', type: 'lte', val: [`${last.month}-${end} 23:59:59`] },
        ],
      })
    ).json().data as Array<{ amount: number }>;
    expect(cents(last.charges)).toBe(charges.reduce((s, t) => s + cents(t.amount), 0));
  });

  it('demo data: two years of installments, payments and adjustments, some customers in arrears, assignments and payslips', async () => {
    const year = Number(romeToday().slice(0, 4));
    const rows = await a.sql<{ y: number; type: string; inst: boolean; n: number }>(
      `SELECT extract(year FROM "date")::int AS "y", "type", "is_yearly_installment" AS "inst", count(*)::int AS "n" FROM "transactions"
       WHERE "studio_id" = $1 GROUP BY 1, 2, 3`,
      [demoId],
    );
    const count = (y: number, type: string, inst?: boolean) =>
      rows
        .filter((r) => r.y === y && r.type === type && (inst === undefined || r.inst === inst))
        .reduce((s, r) => s + r.n, 0);
    for (const y of [year - 1, year]) expect(count(y, 'CHARGE', true), `installments ${y}`).toBeGreaterThan(100);
    expect(count(year - 1, 'PAYMENT')).toBeGreaterThan(100);
    expect(count(year - 1, 'ADJUSTMENT')).toBeGreaterThan(0);
    const r = (await a.get('admin', '/api/receivables')).json().data;
    expect(r.overdue_customers).toBeGreaterThan(0);
    expect(r.top_debtors).toHaveLength(10);
    // a few assignments with their fees, and this year's payslips with their charges
    const fees = await a.sql<{ n: number }>(
      'SELECT count(DISTINCT "assignment_id")::int AS "n" FROM "transactions" WHERE "studio_id" = $1 AND "assignment_id" IS NOT NULL',
      [demoId],
    );
    expect(fees[0]!.n).toBeGreaterThanOrEqual(3);
    if (romeToday().slice(5, 7) !== '01') {
      const slips = await a.sql<{ n: number; linked: number }>(
        `SELECT count(*)::int AS "n", count(x."id")::int AS "linked" FROM "payslips" p
        LEFT JOIN "transactions" x ON x."payslip_id" = p."id" WHERE p."studio_id" = $1`,
        [demoId],
      );
      expect(slips[0]!.n).toBeGreaterThan(0);
      expect(slips[0]!.linked).toBe(slips[0]!.n);
    }
  });
});
