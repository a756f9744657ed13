/**
 * Subscription and payments (issue 14 item 5; seed B §2, §7; PRODUCT.md §7): the price (C66), a
 * sandbox payment opened (C67), approved on its page and finalised (C68) — the expiry moved by
 * max(expiry, today) + months exactly once, a replayed token moving nothing —, the refusals
 * (months, return path, another studio's token, not approved, cancelled), the SuperAdmin's
 * offline payment (C69) and the payment log's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { newExpiry } from '../../model/subscription.js';

let t: TestApp;
let a: Api;
let demoId: number;
const expiry = async (studioId: number) =>
  (
    await a.sql<{ d: string | null }>(
      `SELECT to_char("subscription_expire_date", 'YYYY-MM-DD') AS "d" FROM "studios" WHERE "id" = $1`,
      [studioId],
    )
  )[0]!.d;

beforeAll(async () => {
  t = await startTestApp({ env: { SUBSCRIPTION_PRICE: '19,90' } });
  a = api(t);
  demoId = await a.studioId('Studio Demo');
});
afterAll(async () => {
  await t?.close();
});

/** opens a sandbox payment and approves it on its page, as the browser would; the token */
async function approvedPayment(months: number, who: 'admin' | 'bianchi' = 'admin') {
  const init = await a.post(who, '/api/sandbox/actions/init', {
    numberOfSubscriptionMonth: months,
    returnUrl: '/pay_return',
    cancelUrl: '/pay_init',
  });
  expect(init.statusCode, init.body).toBe(201);
  const approveUrl: string = init.json().approveUrl;
  expect(approveUrl).toMatch(/^\/api\/sandbox\/checkout\/SBX-[0-9a-f-]{36}\?/);
  const page = await t.app.inject({ method: 'GET', url: approveUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`${months} ${months === 1 ? 'mese' : 'mesi'}`);
  const action = /action="([^"]+approve[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
  const approve = await t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approve.statusCode).toBe(303);
  const location = String(approve.headers.location);
  expect(location).toMatch(/^\/pay_return\?token=SBX-/);
  return new URLSearchParams(location.split('?')[1]).get('token')!;
}

describe('C66 C67 C68 a sandbox payment', () => {
  it('C66 subscription_price: the price per month from the settings, and the providers', async () => {
    const res = await a.get('admin', '/api/subscription_price');
    expect(res.json()).toEqual({
      data: 19.9,
      providers: [{ value: 'sandbox', text: 'Sandbox (prova)', kind: 'wallet' }],
    });
  });

  it('C67 C68 3 months approved and finalised: the expiry moves by 3 months from max(expiry, today), once; the log row says so', async () => {
    const before = await expiry(demoId);
    const token = await approvedPayment(3);
    const fin = await a.post('admin', '/api/sandbox/actions/finalize', { token });
    expect(fin.statusCode, fin.body).toBe(200);
    const expected = newExpiry(before, romeToday(), 3);
    expect(fin.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: false });
    expect(await expiry(demoId)).toBe(expected);
    const [row] = await a.sql<{ status: string; months: number; amount: string; previous: string; next: string }>(
      `SELECT "status", "months", "amount"::text AS "amount",
      to_char("previous_expiry", 'YYYY-MM-DD') AS "previous", to_char("new_expiry", 'YYYY-MM-DD') AS "next" FROM "payment_logs" WHERE "provider_token" = $1`,
      [token],
    );
    expect(row).toEqual({ status: 'COMPLETED', months: 3, amount: '59.70', previous: before, next: expected });
    // replayed: nothing moves
    const again = await a.post('admin', '/api/sandbox/actions/finalize', { token });
    expect(again.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: true });
    expect(await expiry(demoId)).toBe(expected);
    // the page of a used token no longer offers to approve
    const page = await t.app.inject({ method: 'GET', url: `/api/sandbox/checkout/${token}` });
    expect(page.body).not.toContain('Approva il pagamento');
  });

  it('C68 concurrent finalisations of one token extend once', async () => {
    const before = await expiry(demoId);
    const token = await approvedPayment(1);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => a.post('admin', '/api/sandbox/actions/finalize', { token })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(await expiry(demoId)).toBe(newExpiry(before, romeToday(), 1));
  });

  it('C67 refusals with errorMessage: months outside 1–36, a return to another site, a Collaboratore', async () => {
    for (const months of [0, 37, 1.5, 'x', undefined]) {
      const res = await a.post('admin', '/api/sandbox/actions/init', {
        numberOfSubscriptionMonth: months,
        returnUrl: '/pay_return',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errorMessage).toBe('Scegli da 1 a 36 mesi');
    }
    for (const returnUrl of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)']) {
      const res = await a.post('admin', '/api/sandbox/actions/init', { numberOfSubscriptionMonth: 1, returnUrl });
      expect(res.statusCode).toBe(422);
      expect(res.json().errorMessage).toMatch(/Indirizzo di ritorno non valido/);
    }
    expect(
      (await a.post('collab', '/api/sandbox/actions/init', { numberOfSubscriptionMonth: 1, returnUrl: '/pay_return' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await a.post('admin', '/api/paypal/actions/init', { numberOfSubscriptionMonth: 1, returnUrl: '/pay_return' }))
        .statusCode,
    ).toBe(404);
  });

  it('C68 a payment not approved, cancelled, or of another studio extends nothing', async () => {
    const before = await expiry(demoId);
    const init = await a.post('admin', '/api/sandbox/actions/init', {
      numberOfSubscriptionMonth: 2,
      returnUrl: '/pay_return',
    });
    const token = new URL(init.json().approveUrl, 'http://x').pathname.split('/').pop()!;
    const pending = await a.post('admin', '/api/sandbox/actions/finalize', { token });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errorMessage).toBe('Il pagamento non è ancora stato approvato');
    expect((await a.post('bianchi', '/api/sandbox/actions/finalize', { token })).statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/checkout/${token}/cancel?return=/pay_return&cancel=/pay_init`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    expect(String(cancel.headers.location)).toMatch(/^\/pay_init\?token=.*cancelled=1/);
    const failed = await a.post('admin', '/api/sandbox/actions/finalize', { token });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().errorMessage).toBe('Il pagamento non è andato a buon fine');
    expect((await a.post('admin', '/api/sandbox/actions/finalize', { token: 'SBX-nope' })).statusCode).toBe(404);
    expect(await expiry(demoId)).toBe(before);
  });
});

describe('C69 offline payments and the log', () => {
  it('C69 the SuperAdmin records 12 months for Studio Bianchi; an Admin may not', async () => {
    const bianchiId = await a.studioId('Studio Bianchi');
    const before = await expiry(bianchiId);
    expect(
      (await a.post('admin', '/api/payment', { studioId: bianchiId, numberOfSubscriptionMonth: 12 })).statusCode,
    ).toBe(403);
    const res = await a.post('superadmin', '/api/payment', { studioId: bianchiId, numberOfSubscriptionMonth: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ previous_expiry: before, new_expiry: newExpiry(before, romeToday(), 12) });
    expect(await expiry(bianchiId)).toBe(newExpiry(before, romeToday(), 12));
    expect(
      (await a.post('superadmin', '/api/payment', { numberOfSubscriptionMonth: 1 })).json().errors.studioId,
    ).toEqual(['Campo Obbligatorio']);
  });

  it("C69 ten offline payments of one month for one studio at once (issue 45 item 24: on PostgreSQL 7 of 10 were a deadlock's 500): all recorded, the expiry ten months on", async () => {
    const bianchiId = await a.studioId('Studio Bianchi');
    const before = await expiry(bianchiId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.post('superadmin', '/api/payment', { studioId: bianchiId, numberOfSubscriptionMonth: 1 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    let expected = before;
    for (let i = 0; i < 10; i++) expected = newExpiry(expected, romeToday(), 1);
    expect(await expiry(bianchiId)).toBe(expected);
  });

  it("the payment log: the Admin sees its studio's, the SuperAdmin every studio's; written only by the payments", async () => {
    const mine = (
      await a.get('admin', '/api/list/PaymentLog/PaymentLogResourceListCollection', { items_per_page: -1 })
    ).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: { studio_id: number }) => r.studio_id === demoId)).toBe(true);
    const all = (
      await a.get('superadmin', '/api/list/PaymentLog/PaymentLogResourceListCollection', { items_per_page: -1 })
    ).json().data;
    expect(new Set(all.map((r: { studio_id: number }) => r.studio_id)).size).toBeGreaterThan(1);
    expect((await a.get('collab', '/api/list/PaymentLog/PaymentLogResourceListCollection')).statusCode).toBe(403);
    expect((await a.post('superadmin', '/api/payment_logs', { studio_id: demoId, months: 1 })).statusCode).toBe(405);
  });
});
