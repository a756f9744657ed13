/**
 * Payslips (cedolini): C48 saves the monthly quantities and their charges, C49 reads a
 * customer's year — set-based, in one transaction, scoped to the caller's studio.
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
const YEAR = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  pool = (
    await a.sql<{ id: number }>(
      'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" DESC',
      [demoId],
    )
  ).map((r) => Number(r.id));
});
afterAll(async () => {
  await t?.close();
});

/** fresh customers of Studio Demo with this cedolino rate and no payslip nor payslip charge */
async function customers(...rates: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const rate of rates) {
    const id = pool[next++]!;
    await a.sql('DELETE FROM "transactions" WHERE "customer_id" = $1 AND "payslip_id" IS NOT NULL', [id]);
    await a.sql('DELETE FROM "payslips" WHERE "customer_id" = $1', [id]);
    await a.sql('UPDATE "customers" SET "cedolino_rate" = $2 WHERE "id" = $1', [id, rate]);
    out.push(id);
  }
  return out;
}
const entriesOf = (ids: number[]) =>
  a.sql<{ id: number; customer_id: number; year: number; month: number; quantity: number }>(
    'SELECT "id", "customer_id", "year", "month", "quantity" FROM "payslips" WHERE "customer_id" = ANY($1::int[]) ORDER BY array_position($1::int[], "customer_id"), "year", "month", "id"',
    [ids],
  );
const chargesOf = (ids: number[]) =>
  a.sql<{
    id: number;
    customer_id: number;
    payslip_id: number;
    type: string;
    amount: string;
    date: string;
    note: string;
    inst: boolean;
  }>(
    `SELECT "id", "customer_id", "payslip_id", "type", "amount"::text AS "amount", to_char("date", 'YYYY-MM-DD HH24:MI:SS') AS "date", "transaction_note" AS "note", "is_yearly_installment" AS "inst"
   FROM "transactions" WHERE "customer_id" = ANY($1::int[]) AND "payslip_id" IS NOT NULL ORDER BY array_position($1::int[], "customer_id"), "date", "id"`,
    [ids],
  );
const entry = (customerId: number, cedoliniQuantity: unknown, month: unknown = 3, year: unknown = YEAR) => ({
  customerId,
  business_name: 'x',
  cedoliniQuantity,
  month,
  year,
});
const post = (who: 'collab' | 'admin', customerData: unknown) => a.post(who, '/api/cedolini', { customerData });

describe('C48 cedolini', () => {
  it('C48 cedolini: saves the entry and posts its charge (amount exact, note, first of the month, linked); a second save replaces both', async () => {
    const [one, two] = await customers('12.50', '0.35');
    const res = await post('collab', [entry(one!, 4, 3), entry(two!, 3, 12)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { saved: 2, removed: 0 } });
    let entries = await entriesOf([one!, two!]);
    expect(entries.map((e) => [Number(e.customer_id), Number(e.year), Number(e.month), Number(e.quantity)])).toEqual([
      [one, YEAR, 3, 4],
      [two, YEAR, 12, 3],
    ]);
    let charges = await chargesOf([one!, two!]);
    expect(charges.map((c) => [c.type, c.amount, c.date, c.note, c.inst, Number(c.payslip_id)])).toEqual([
      ['CHARGE', '50.00', `${YEAR}-03-01 00:00:00`, `Cedolini 03/${YEAR} (4 × 12,50 €)`, false, Number(entries[0]!.id)],
      ['CHARGE', '1.05', `${YEAR}-12-01 00:00:00`, `Cedolini 12/${YEAR} (3 × 0,35 €)`, false, Number(entries[1]!.id)],
    ]);
    // replace: same entry, same transaction, new quantity and amount
    const again = await post('collab', JSON.stringify([entry(one!, 7, 3)]));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ saved: 1, removed: 0 });
    const after = await entriesOf([one!]);
    expect(after.map((e) => [Number(e.id), Number(e.quantity)])).toEqual([[Number(entries[0]!.id), 7]]);
    const replaced = await chargesOf([one!]);
    expect(replaced.map((c) => [Number(c.id), c.amount, c.note])).toEqual([
      [Number(charges[0]!.id), '87.50', `Cedolini 03/${YEAR} (7 × 12,50 €)`],
    ]);
    // audit rows: created, then updated (payslip and transaction)
    const audit = await a.sql<{ model: string; action: string }>(
      `SELECT "model", "action" FROM "audit_log" WHERE "studio_id" = $1 AND (("model" = 'Payslip' AND "record_id" = $2) OR ("model" = 'Transaction' AND "record_id" = $3)) ORDER BY "id"`,
      [demoId, entries[0]!.id, charges[0]!.id],
    );
    expect(audit.map((r) => `${r.model}:${r.action}`).sort()).toEqual([
      'Payslip:create',
      'Payslip:update',
      'Transaction:create',
      'Transaction:update',
    ]);
    entries = await entriesOf([two!]);
    charges = await chargesOf([two!]);
    expect(entries).toHaveLength(1);
    expect(charges).toHaveLength(1);
  });

  it('C48 cedolini: quantity 0 removes the entry and its charge', async () => {
    const [id] = await customers('10.00');
    await post('collab', [entry(id!, 2, 5), entry(id!, 1, 6)]);
    expect(await chargesOf([id!])).toHaveLength(2);
    const res = await post('collab', [entry(id!, 0, 5), entry(id!, '0', 7)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ saved: 0, removed: 1 });
    expect((await entriesOf([id!])).map((e) => Number(e.month))).toEqual([6]);
    expect((await chargesOf([id!])).map((c) => c.note)).toEqual([`Cedolini 06/${YEAR} (1 × 10,00 €)`]);
    const audit = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "audit_log" WHERE "studio_id" = $1 AND "model" IN ('Payslip', 'Transaction') AND "action" = 'delete'`,
      [demoId],
    );
    expect(Number(audit[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('C48 cedolini: a customer with rate 0 gets the entry but no charge', async () => {
    const [id] = await customers('0.00');
    expect((await post('collab', [entry(id!, 3, 1)])).statusCode).toBe(200);
    expect(await entriesOf([id!])).toHaveLength(1);
    expect(await chargesOf([id!])).toHaveLength(0);
  });

  it('C48 cedolini: two identical requests at once make one entry and one charge', async () => {
    const ids = await customers('12.50', '8.00');
    const body = ids.map((id) => entry(id, 2, 9));
    const both = await Promise.all([1, 2].map(() => post('collab', body)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await entriesOf(ids)).toHaveLength(2);
    const charges = await chargesOf(ids);
    expect(charges.map((c) => c.amount)).toEqual(['25.00', '16.00']);
  });

  it("C48 cedolini: another studio's (or a missing) customer is a 404 and nothing is written", async () => {
    const [own] = await customers('5.00');
    const [other] = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1', [
        bianchiId,
      ])
    ).map((r) => Number(r.id));
    const before = (await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "payslips"'))[0]!.n;
    const res = await post('collab', [entry(own!, 1, 4), entry(other!, 1, 4)]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Elemento non trovato');
    expect((await post('collab', [entry(own!, 1, 4), entry(999999, 1, 4)])).statusCode).toBe(404);
    expect(await entriesOf([own!, other!])).toHaveLength(0);
    expect(await chargesOf([own!, other!])).toHaveLength(0);
    expect((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "payslips"'))[0]!.n).toBe(before);
  });

  it('C48 cedolini: invalid quantity, month, year or list is a 422 with Italian messages and nothing is written', async () => {
    const [id] = await customers('5.00');
    const cases: Array<[unknown, string, string]> = [
      [[entry(id!, -1)], 'cedoliniQuantity', 'La quantità deve essere un numero intero tra 0 e 100.000'],
      [[entry(id!, 1.5)], 'cedoliniQuantity', 'La quantità deve essere un numero intero tra 0 e 100.000'],
      [[entry(id!, 100001)], 'cedoliniQuantity', 'La quantità deve essere un numero intero tra 0 e 100.000'],
      [[entry(id!, 1, 13)], 'month', 'Il mese deve essere tra 1 e 12'],
      [[entry(id!, 1, 0)], 'month', 'Il mese deve essere tra 1 e 12'],
      [[entry(id!, 1, 3, YEAR + 51)], 'year', `L'anno deve essere tra ${YEAR - 50} e ${YEAR + 50}`],
      [[entry(id!, 1, 3, YEAR - 51)], 'year', `L'anno deve essere tra ${YEAR - 50} e ${YEAR + 50}`],
      [[entry(id!, 1, 3, 'abc')], 'year', `L'anno deve essere tra ${YEAR - 50} e ${YEAR + 50}`],
      [[], 'customerData', 'Seleziona almeno un cliente'],
      ['not json', 'customerData', 'Seleziona uno o più elementi validi'],
      [[{ customerId: 'x', cedoliniQuantity: 1, month: 1, year: YEAR }], 'customerId', 'Cliente non valido (riga 1)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('collab', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    // the limits themselves are fine
    expect((await post('collab', [entry(id!, 100000, 12, YEAR + 50), entry(id!, 1, 1, YEAR - 50)])).statusCode).toBe(
      200,
    );
    expect(await entriesOf([id!])).toHaveLength(2);
  });
});

describe('C49 cedolini', () => {
  it('C49 cedolini: the twelve months of a year, 0 where there is no entry', async () => {
    const [id] = await customers('12.50');
    await post('collab', [entry(id!, 4, 3), entry(id!, 2, 11), entry(id!, 9, 3, YEAR - 1)]);
    const res = await a.get('collab', '/api/cedolini', { customer_id: id, year: YEAR });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ 1: 0, 2: 0, 3: 4, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 2, 12: 0 });
    expect((await a.get('collab', '/api/cedolini', { customer_id: id, year: YEAR - 1 })).json().data['3']).toBe(9);
    // without a year: the current one
    expect((await a.get('collab', '/api/cedolini', { customer_id: id })).json().data['11']).toBe(2);
  });

  it("C49 cedolini: another studio's customer is a 404; a bad year or customer a 422", async () => {
    const [other] = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1', [
        bianchiId,
      ])
    ).map((r) => Number(r.id));
    expect((await a.get('collab', '/api/cedolini', { customer_id: other, year: YEAR })).statusCode).toBe(404);
    const [id] = await customers('1.00');
    const bad = await a.get('collab', '/api/cedolini', { customer_id: id, year: YEAR + 51 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.year).toEqual([`L'anno deve essere tra ${YEAR - 50} e ${YEAR + 50}`]);
    expect((await a.get('collab', '/api/cedolini', { customer_id: 'x', year: YEAR })).statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('C48 C49 cedolini: a Utente may not (403) and nothing is written', async () => {
    const headers = await a.utente('utente.cedolini@studiodemo.test');
    const [id] = await customers('5.00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cedolini',
      headers,
      payload: { customerData: [entry(id!, 1)] },
    });
    expect(res.statusCode).toBe(403);
    expect(await entriesOf([id!])).toHaveLength(0);
    const read = await t.app.inject({ method: 'GET', url: `/api/cedolini?customer_id=${id}&year=${YEAR}`, headers });
    expect(read.statusCode).toBe(403);
    // an Admin may
    expect((await post('admin', [entry(id!, 1)])).statusCode).toBe(200);
  });
});
