/**
 * PayPal (wallet: C67, C68) and Stripe (card: C70, C71) through their official SDKs, against
 * recorded answers of their sandboxes served by msw in place of the providers (no network;
 * tests/fixtures/payments). What the server sends them is checked (amount priced by the server,
 * the log row's id as reference, absolute return addresses), and what it does with their answers:
 * a completed payment moves the expiry once, a replay moves nothing, a payment of another amount
 * or not approved moves nothing, a provider down answers 502 with an Italian errorMessage.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { newExpiry } from '../../model/subscription.js';

const PAYPAL = 'https://api-m.sandbox.paypal.com';
const STRIPE = 'https://api.stripe.com';
const fixture = (name: string, values: Record<string, string | number> = {}) => {
  let text = readFileSync(new URL(`../fixtures/payments/${name}.json`, import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, String(v));
  return JSON.parse(text) as Record<string, unknown>;
};

/** what the fake providers received and hold: orders and payment intents by id */
const seen: Array<{ method: string; url: string; auth: string | null; body: string }> = [];
const orders = new Map<string, { customId: string; amount: string; captured: boolean }>();
const intents = new Map<
  string,
  { amount: number; metadata: Record<string, string>; description: string; status: string; received: number }
>();
/** per-test behaviour of the providers */
let paypalCapture: 'ok' | 'not-approved' | 'already-captured' | 'wrong-amount' = 'ok';
let paypalDown = false;

const intentBody = (id: string) => {
  const pi = intents.get(id)!;
  return fixture('stripe-payment-intent', {
    PI_ID: id,
    AMOUNT: pi.amount,
    AMOUNT_RECEIVED: pi.received,
    DESCRIPTION: pi.description,
    STATUS: pi.status,
    METADATA: JSON.stringify(pi.metadata),
    LATEST_CHARGE: pi.status === 'succeeded' ? '"ch_3MtwBwLkdIwHu7ix2HSGZBmJ"' : 'null',
    PAYMENT_METHOD: pi.status === 'succeeded' ? '"pm_1MtwBwLkdIwHu7ixDi3JfKb5"' : 'null',
  });
};

const msw = setupServer(
  http.post(`${PAYPAL}/v1/oauth2/token`, async ({ request }) => {
    seen.push({
      method: 'POST',
      url: request.url,
      auth: request.headers.get('authorization'),
      body: await request.text(),
    });
    return HttpResponse.json(fixture('paypal-oauth-token'));
  }),
  http.post(`${PAYPAL}/v2/checkout/orders`, async ({ request }) => {
    const body = await request.text();
    seen.push({ method: 'POST', url: request.url, auth: request.headers.get('authorization'), body });
    if (paypalDown) return HttpResponse.json(fixture('paypal-internal-error'), { status: 500 });
    const unit = JSON.parse(body).purchase_units[0];
    const id = `5O19${String(orders.size + 1).padStart(4, '0')}TN364715T`;
    orders.set(id, { customId: unit.custom_id, amount: unit.amount.value, captured: false });
    return HttpResponse.json(fixture('paypal-create-order', { ORDER_ID: id }), { status: 200 });
  }),
  http.post(`${PAYPAL}/v2/checkout/orders/:id/capture`, async ({ request, params }) => {
    seen.push({
      method: 'POST',
      url: request.url,
      auth: request.headers.get('authorization'),
      body: await request.text(),
    });
    const order = orders.get(String(params.id))!;
    if (paypalCapture === 'not-approved')
      return HttpResponse.json(fixture('paypal-order-not-approved'), { status: 422 });
    if (paypalCapture === 'already-captured' || order.captured) {
      order.captured = true;
      return HttpResponse.json(fixture('paypal-order-already-captured'), { status: 422 });
    }
    order.captured = true;
    const amount = paypalCapture === 'wrong-amount' ? '1.00' : order.amount;
    return HttpResponse.json(
      fixture('paypal-capture-order', {
        ORDER_ID: String(params.id),
        REFERENCE_ID: `payment-${order.customId}`,
        CUSTOM_ID: order.customId,
        AMOUNT: amount,
      }),
      { status: 201 },
    );
  }),
  http.get(`${PAYPAL}/v2/checkout/orders/:id`, ({ request, params }) => {
    seen.push({ method: 'GET', url: request.url, auth: request.headers.get('authorization'), body: '' });
    const order = orders.get(String(params.id))!;
    return HttpResponse.json(
      fixture('paypal-capture-order', {
        ORDER_ID: String(params.id),
        REFERENCE_ID: `payment-${order.customId}`,
        CUSTOM_ID: order.customId,
        AMOUNT: order.amount,
      }),
    );
  }),
  http.post(`${STRIPE}/v1/payment_intents`, async ({ request }) => {
    const body = await request.text();
    seen.push({ method: 'POST', url: request.url, auth: request.headers.get('authorization'), body });
    const form = new URLSearchParams(body);
    const id = `pi_3MtwBwLkdIwHu7ix${String(intents.size + 1).padStart(8, '0')}`;
    const metadata = Object.fromEntries(
      [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
    intents.set(id, {
      amount: Number(form.get('amount')),
      metadata,
      description: form.get('description') ?? '',
      status: 'requires_payment_method',
      received: 0,
    });
    return HttpResponse.json(intentBody(id));
  }),
  http.get(`${STRIPE}/v1/payment_intents/:id`, ({ request, params }) => {
    seen.push({ method: 'GET', url: request.url, auth: request.headers.get('authorization'), body: '' });
    const id = String(params.id);
    if (!intents.has(id))
      return HttpResponse.json(
        {
          error: {
            code: 'resource_missing',
            message: `No such payment_intent: '${id}'`,
            param: 'intent',
            type: 'invalid_request_error',
          },
        },
        { status: 404 },
      );
    return HttpResponse.json(intentBody(id));
  }),
);

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
const logRow = async (token: string) =>
  (
    await a.sql<{ id: number; status: string; months: number; amount: string; provider: string }>(
      `SELECT "id", "status", "months", "amount"::text AS "amount", "provider" FROM "payment_logs" WHERE "provider_token" = $1`,
      [token],
    )
  )[0];

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'error' });
  t = await startTestApp({
    env: {
      SUBSCRIPTION_PRICE: '19.90',
      SERVER_BASEURL: 'https://gestionale.example.it',
      PAYPAL_CLIENT_ID: 'AeA1QIZXiflr1_test_client',
      PAYPAL_CLIENT_SECRET: 'ECYYrrSHdKfk_test_secret',
      STRIPE_SECRET_KEY: 'sk_test_51MtwBwLkdIwHu7ixTEST',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51MtwBwLkdIwHu7ixTEST',
    },
  });
  a = api(t);
  demoId = await a.studioId('Studio Demo');
});
afterEach(() => {
  paypalCapture = 'ok';
  paypalDown = false;
  seen.length = 0;
});
afterAll(async () => {
  await t?.close();
  msw.close();
});

describe('C66 the providers offered', () => {
  it('C66 sandbox, PayPal (wallet) and Stripe (card, with its publishable key only)', async () => {
    const res = await a.get('admin', '/api/subscription_price');
    expect(res.json()).toEqual({
      data: 19.9,
      providers: [
        { value: 'sandbox', text: 'Sandbox (prova)', kind: 'wallet' },
        { value: 'paypal', text: 'PayPal', kind: 'wallet' },
        {
          value: 'stripe',
          text: 'Carta (Stripe)',
          kind: 'card',
          config: { publishableKey: 'pk_test_51MtwBwLkdIwHu7ixTEST' },
        },
      ],
    });
    expect(res.body).not.toContain('sk_test');
  });
});

describe('C67 C68 PayPal', () => {
  const open = async (months: number) => {
    const init = await a.post('admin', '/api/paypal/actions/init', {
      numberOfSubscriptionMonth: months,
      returnUrl: '/pay_return',
      cancelUrl: '/pay_init',
    });
    expect(init.statusCode, init.body).toBe(201);
    const approveUrl: string = init.json().approveUrl;
    return {
      approveUrl,
      token: new URL(approveUrl).searchParams.get('token')!,
      paymentId: init.json().paymentId as number,
    };
  };

  it("C67 an order of price × months in euro, the log row as reference, PayPal's approval page and absolute return addresses", async () => {
    const { approveUrl, token, paymentId } = await open(3);
    expect(approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${token}`);
    const oauth = seen.find((s) => s.url.endsWith('/v1/oauth2/token'))!;
    expect(oauth.auth).toBe(
      `Basic ${Buffer.from('AeA1QIZXiflr1_test_client:ECYYrrSHdKfk_test_secret').toString('base64')}`,
    );
    const create = seen.find((s) => s.url.endsWith('/v2/checkout/orders'))!;
    expect(create.auth).toBe('Bearer A21AAJfyzv3tmHk1-REDACTED-sandbox-token');
    const body = JSON.parse(create.body);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]).toMatchObject({
      custom_id: String(paymentId),
      amount: { currency_code: 'EUR', value: '59.70' },
    });
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: 'https://gestionale.example.it/pay_return',
      cancel_url: 'https://gestionale.example.it/pay_init?cancelled=1',
      locale: 'it-IT',
    });
    expect(await logRow(token)).toMatchObject({
      id: paymentId,
      status: 'CREATED',
      months: 3,
      amount: '59.70',
      provider: 'paypal',
    });
  });

  it('C68 the capture completes it: the expiry moves by the months once; a replay asks PayPal nothing and moves nothing', async () => {
    const before = await expiry(demoId);
    const { token } = await open(2);
    const fin = await a.post('admin', '/api/paypal/actions/finalize', { token });
    expect(fin.statusCode, fin.body).toBe(200);
    const expected = newExpiry(before, romeToday(), 2);
    expect(fin.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: false });
    expect(await expiry(demoId)).toBe(expected);
    expect((await logRow(token))!.status).toBe('COMPLETED');
    seen.length = 0;
    const again = await a.post('admin', '/api/paypal/actions/finalize', { token });
    expect(again.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: true });
    expect(seen.filter((s) => s.url.includes('/capture'))).toHaveLength(0);
    expect(await expiry(demoId)).toBe(expected);
  });

  it('C68 an order PayPal says is already captured (another tab) is read and completed once', async () => {
    const before = await expiry(demoId);
    const { token } = await open(1);
    paypalCapture = 'already-captured';
    const fin = await a.post('admin', '/api/paypal/actions/finalize', { token });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().new_expiry).toBe(newExpiry(before, romeToday(), 1));
    expect(seen.some((s) => s.method === 'GET' && s.url.endsWith(`/v2/checkout/orders/${token}`))).toBe(true);
  });

  it('C68 not approved yet: 409, nothing moves; a capture of another amount: 402, the row FAILED, nothing moves', async () => {
    const before = await expiry(demoId);
    const first = await open(1);
    paypalCapture = 'not-approved';
    const pending = await a.post('admin', '/api/paypal/actions/finalize', { token: first.token });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errorMessage).toBe('Il pagamento non è ancora stato approvato');
    expect((await logRow(first.token))!.status).toBe('CREATED');
    const second = await open(1);
    paypalCapture = 'wrong-amount';
    const wrong = await a.post('admin', '/api/paypal/actions/finalize', { token: second.token });
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json().errorMessage).toBe('Il pagamento non è andato a buon fine');
    expect((await logRow(second.token))!.status).toBe('FAILED');
    expect(await expiry(demoId)).toBe(before);
    // another studio's order is not there for its Admin
    expect((await a.post('bianchi', '/api/paypal/actions/finalize', { token: first.token })).statusCode).toBe(404);
  });

  it('C67 PayPal down: 502 with an Italian errorMessage, the row FAILED', async () => {
    paypalDown = true;
    const res = await a.post('admin', '/api/paypal/actions/init', {
      numberOfSubscriptionMonth: 1,
      returnUrl: '/pay_return',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().errorMessage).toBe('PayPal non è raggiungibile in questo momento: riprova tra qualche minuto.');
    const [row] = await a.sql<{ status: string }>(
      `SELECT "status" FROM "payment_logs" WHERE "provider" = 'paypal' ORDER BY "id" DESC LIMIT 1`,
    );
    expect(row!.status).toBe('FAILED');
  });
});

describe('C70 C71 Stripe', () => {
  const intent = async (query: Record<string, unknown>, who: 'admin' | 'collab' = 'admin') =>
    a.get(who, '/api/stripe/create_payment_intent', query);

  it('C70 a PaymentIntent of price × quantity in cents, the log row in its metadata; answers its client secret', async () => {
    const res = await intent({
      amount: '5970',
      quantity: '3',
      purchasing_item_id: 'subscription',
      charge_type: 'subscription',
      purchase_additional_data: 'rinnovo annuale',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { client_secret: secret, paymentId, amount } = res.json();
    expect(amount).toBe(5970);
    const id = String(secret).split('_secret_')[0]!;
    expect(secret).toMatch(/^pi_\w+_secret_\w+$/);
    const create = seen.find((s) => s.method === 'POST' && s.url.endsWith('/v1/payment_intents'))!;
    expect(create.auth).toBe('Bearer sk_test_51MtwBwLkdIwHu7ixTEST');
    const form = new URLSearchParams(create.body);
    expect(form.get('amount')).toBe('5970');
    expect(form.get('currency')).toBe('eur');
    expect(form.get('metadata[payment_log_id]')).toBe(String(paymentId));
    expect(form.get('metadata[note]')).toBe('rinnovo annuale');
    expect(await logRow(id)).toMatchObject({
      id: paymentId,
      status: 'CREATED',
      months: 3,
      amount: '59.70',
      provider: 'stripe',
    });
  });

  it('C70 refusals: an amount that is not price × months, another item, months outside 1–36, a Collaboratore', async () => {
    const wrong = await intent({ amount: '10', quantity: '3' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorMessage).toBe(
      "L'importo non corrisponde al prezzo dell'abbonamento (59,70 € per 3 mesi: amount=5970, in centesimi)",
    );
    expect((await intent({ quantity: '1', purchasing_item_id: 'credito' })).json().errors).toEqual({
      purchasing_item_id: ["Articolo non disponibile: si può acquistare solo l'abbonamento (subscription)"],
    });
    expect((await intent({ quantity: '40' })).json().errors).toEqual({ quantity: ['Scegli da 1 a 36 mesi'] });
    expect((await intent({ quantity: '1' }, 'collab')).statusCode).toBe(403);
    // the card provider has no wallet calls, the wallet none of the card's
    expect(
      (await a.post('admin', '/api/stripe/actions/init', { numberOfSubscriptionMonth: 1, returnUrl: '/pay_return' }))
        .statusCode,
    ).toBe(404);
    expect((await a.get('admin', '/api/paypal/create_payment_intent', { quantity: '1' })).statusCode).toBe(404);
    expect(seen.filter((s) => s.url.startsWith(STRIPE))).toHaveLength(0);
  });

  it("C71 a confirmed PaymentIntent completes it once; not yet paid is 409; canceled is 402; another studio's is 404", async () => {
    const before = await expiry(demoId);
    const res = await intent({ quantity: '6' });
    const id = String(res.json().client_secret).split('_secret_')[0]!;
    const pending = await a.post('admin', '/api/stripe/process_confirmed_payment_intent', { payment_intent_id: id });
    expect(pending.statusCode).toBe(409);
    // the card form confirmed it in the browser
    Object.assign(intents.get(id)!, { status: 'succeeded', received: 11940 });
    expect(
      (await a.post('bianchi', '/api/stripe/process_confirmed_payment_intent', { payment_intent_id: id })).statusCode,
    ).toBe(404);
    const done = await a.post('admin', '/api/stripe/process_confirmed_payment_intent', { payment_intent: id });
    expect(done.statusCode, done.body).toBe(200);
    const expected = newExpiry(before, romeToday(), 6);
    expect(done.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: false });
    const again = await a.post('admin', '/api/stripe/process_confirmed_payment_intent', { payment_intent_id: id });
    expect(again.json()).toEqual({ status: 'COMPLETED', new_expiry: expected, replayed: true });
    expect(await expiry(demoId)).toBe(expected);

    const other = String((await intent({ quantity: '1' })).json().client_secret).split('_secret_')[0]!;
    Object.assign(intents.get(other)!, { status: 'canceled' });
    const canceled = await a.post('admin', '/api/stripe/process_confirmed_payment_intent', {
      payment_intent_id: other,
    });
    expect(canceled.statusCode).toBe(402);
    expect((await logRow(other))!.status).toBe('FAILED');
    expect(await expiry(demoId)).toBe(expected);
  });

  it('C71 a PaymentIntent paid for less than the row asks completes nothing', async () => {
    const before = await expiry(demoId);
    const id = String((await intent({ quantity: '2' })).json().client_secret).split('_secret_')[0]!;
    Object.assign(intents.get(id)!, { status: 'succeeded', received: 100 });
    const res = await a.post('admin', '/api/stripe/process_confirmed_payment_intent', { payment_intent_id: id });
    expect(res.statusCode).toBe(402);
    expect(await expiry(demoId)).toBe(before);
  });
});
