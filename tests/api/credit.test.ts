/**
 * The users' credit (issue 14 item 4, seed B §3, §5, §6; PRODUCT.md §7): C80 (the users list's
 * credit dialog) and the ledger CreditTransactionLog — every row moves its user's balance in the
 * same transaction (create, change, trash, restore, delete forever), the sign follows the type,
 * Admin and above only, another studio's user is a 404, and the whole feature answers 404 while
 * CREDIT_ENABLED is off.
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

/** the balance as the database keeps it, and as the sum of the user's active ledger rows */
async function balances(userId: number) {
  const [u] = await a.sql<{ credit: string }>('SELECT "credit"::text AS "credit" FROM "users" WHERE "id" = $1', [
    userId,
  ]);
  const [l] = await a.sql<{ total: string }>(
    'SELECT COALESCE(SUM("amount"), 0)::text AS "total" FROM "credit_transaction_logs" WHERE "users_id" = $1 AND "deleted_at" IS NULL',
    [userId],
  );
  return { kept: Number(u!.credit), ledger: Number(l!.total) };
}

describe('C80 update_user_credit', () => {
  it('the demo balances are the sums of their ledgers', async () => {
    const b = await balances(collabId);
    expect(b.kept).toBe(74.5);
    expect(b.ledger).toBe(b.kept);
  });

  it('C80 a credit and a debit: one ledger row each, the balance moved in the same transaction', async () => {
    const before = (await balances(collabId)).kept;
    const up = await a.post('admin', `/api/user/update_user_credit/${collabId}`, {
      amount: 30,
      description: 'Ricarica',
      note: 'bonifico',
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data.credit).toBe(before + 30);
    const down = await a.post('admin', `/api/user/update_user_credit/${collabId}`, {
      amount: '-12',
      description: 'Visura',
    });
    expect(down.json().data.credit).toBe(before + 18);
    const rows = await a.sql<{ type: string; amount: string; description: string }>(
      'SELECT "type", "amount"::text AS "amount", "description" FROM "credit_transaction_logs" WHERE "id" = ANY($1::int[]) ORDER BY "id"',
      [[up.json().data.id, down.json().data.id]],
    );
    expect(rows).toEqual([
      { type: 'CREDIT', amount: '30.00000', description: 'Ricarica' },
      { type: 'DEBIT', amount: '-12.00000', description: 'Visura' },
    ]);
    const b = await balances(collabId);
    expect(b.kept).toBe(b.ledger);
  });

  it('C80 the amount is required, a whole number, not 0; nothing is written', async () => {
    const before = await balances(collabId);
    for (const [amount, message] of [
      [undefined, 'Campo Obbligatorio'],
      ['1,5', 'Inserisci un numero intero diverso da 0'],
      [0, 'Inserisci un numero intero diverso da 0'],
      ['abc', 'Inserisci un numero intero diverso da 0'],
    ] as const) {
      const res = await a.post('admin', `/api/user/update_user_credit/${collabId}`, { amount });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.amount).toEqual([message]);
    }
    expect(await balances(collabId)).toEqual(before);
  });

  it("C80 Admin and above: a Collaboratore gets 403; another studio's user is a 404", async () => {
    expect((await a.post('collab', `/api/user/update_user_credit/${collabId}`, { amount: 5 })).statusCode).toBe(403);
    expect((await a.post('bianchi', `/api/user/update_user_credit/${collabId}`, { amount: 5 })).statusCode).toBe(404);
    const b = await balances(collabId);
    expect(b.kept).toBe(b.ledger);
  });
});

describe('the ledger CreditTransactionLog', () => {
  it('create, change, trash, restore and delete forever keep the balance equal to the ledger', async () => {
    const start = (await balances(collabId)).kept;
    const created = await a.post('admin', '/api/credit_transaction_logs', {
      users_id: collabId,
      type: 'CREDIT',
      amount: '10.12345',
      description: 'Manuale',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await balances(collabId)).kept).toBeCloseTo(start + 10.12345, 5);
    expect((await a.put('admin', `/api/credit_transaction_logs/${id}`, { amount: '20' })).statusCode).toBe(200);
    expect((await balances(collabId)).kept).toBeCloseTo(start + 20, 5);
    expect((await a.del('admin', `/api/credit_transaction_log/[${id}]`)).json().data).toEqual({
      trashed: 1,
      deleted: 0,
    });
    expect((await balances(collabId)).kept).toBeCloseTo(start, 5);
    expect((await a.put('admin', `/api/credit_transaction_logs/${id}`, { restore: true })).statusCode).toBe(200);
    expect((await balances(collabId)).kept).toBeCloseTo(start + 20, 5);
    expect((await a.del('admin', `/api/credit_transaction_log/[${id}]`, { force_delete: 1 })).json().data).toEqual({
      trashed: 0,
      deleted: 1,
    });
    const b = await balances(collabId);
    expect(b.kept).toBeCloseTo(start, 5);
    expect(b.kept).toBe(b.ledger);
  });

  it('the type forces the sign (a debit of 5 is -5); 0 is refused; 5 decimals at most', async () => {
    const start = (await balances(collabId)).kept;
    const debit = await a.post('admin', '/api/credit_transaction_logs', {
      users_id: collabId,
      type: 'DEBIT',
      amount: '5',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().data.amount).toBe(-5);
    const credit = await a.post('admin', '/api/credit_transaction_logs', {
      users_id: collabId,
      type: 'CREDIT',
      amount: '-7',
    });
    expect(credit.json().data.amount).toBe(7);
    expect((await balances(collabId)).kept).toBeCloseTo(start + 2, 5);
    // a change of type turns the sign
    expect(
      (await a.put('admin', `/api/credit_transaction_logs/${credit.json().data.id}`, { type: 'DEBIT' })).json().data
        .amount,
    ).toBe(-7);
    expect((await balances(collabId)).kept).toBeCloseTo(start - 12, 5);
    const zero = await a.post('admin', '/api/credit_transaction_logs', {
      users_id: collabId,
      type: 'CREDIT',
      amount: '0',
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toEqual(["L'importo deve essere diverso da 0"]);
    const digits = await a.post('admin', '/api/credit_transaction_logs', {
      users_id: collabId,
      type: 'CREDIT',
      amount: '1.123456',
    });
    expect(digits.statusCode).toBe(422);
    expect(digits.json().errors.amount).toBeDefined();
    const b = await balances(collabId);
    expect(b.kept).toBe(b.ledger);
  });

  it("the list is sorted by date, newest first, and shows the Admin the studio's rows only", async () => {
    const res = await a.get('admin', '/api/list/CreditTransactionLog/CreditTransactionLogResourceListCollection', {
      items_per_page: -1,
    });
    expect(res.statusCode).toBe(200);
    const dates = res.json().data.map((r: { date: string }) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const theirs = (
      await a.get('bianchi', '/api/list/CreditTransactionLog/CreditTransactionLogResourceListCollection', {
        items_per_page: -1,
      })
    ).json().data;
    expect(theirs.length).toBeGreaterThan(0);
    const ours = new Set(res.json().data.map((r: { id: number }) => r.id));
    expect(theirs.some((r: { id: number }) => ours.has(r.id))).toBe(false);
    expect(
      (await a.get('collab', '/api/list/CreditTransactionLog/CreditTransactionLogResourceListCollection')).statusCode,
    ).toBe(403);
    expect((await a.get('admin', '/api/credit_transaction_types')).json().data).toEqual([
      { value: 'CREDIT', text: 'Accredito' },
      { value: 'DEBIT', text: 'Addebito' },
    ]);
  });

  it('the menu has the ledger for an Admin while the feature is on', async () => {
    const menu = JSON.stringify((await a.get('admin', '/api/menu_items')).json().data);
    expect(menu).toContain('/table/CreditTransactionLog');
  });
});

describe('with CREDIT_ENABLED off', () => {
  it('the credit calls are not there (404) and the menu has no ledger', async () => {
    const off = await startTestApp();
    try {
      const b = api(off);
      const [{ id }] = (
        await b.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`)
      ).map((r) => ({ id: Number(r.id) }));
      const res = await b.post('admin', `/api/user/update_user_credit/${id}`, { amount: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Funzione credito non attiva');
      expect(
        (await b.get('admin', '/api/list/CreditTransactionLog/CreditTransactionLogResourceListCollection')).statusCode,
      ).toBe(404);
      expect(
        (await b.post('admin', '/api/credit_transaction_logs', { users_id: id, type: 'CREDIT', amount: 1 })).statusCode,
      ).toBe(404);
      expect(JSON.stringify((await b.get('admin', '/api/menu_items')).json().data)).not.toContain(
        'CreditTransactionLog',
      );
    } finally {
      await off.close();
    }
  });
});
