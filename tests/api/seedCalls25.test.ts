/**
 * Issue 25 items 8–11 and the sandbox part of item 6: calls that a client written from the seeds'
 * words must be able to make. C38 answers the list of the transactions made (customer, date,
 * amount) as `data`; C52/C53 take a service row without VAT (the studio's regime decides) and a
 * TD04 without `correctsId` (a warning); C67 takes absolute return addresses of the product's own
 * origin; C70's amount is in cents (seed B §9); the payment sandbox is off unless configured.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { loadSettings } from '../../server/settings.js';

const ORIGIN = 'https://gestionale.example.it';
const PAYPAL = 'https://api-m.sandbox.paypal.com';
const STRIPE = 'https://api.stripe.com';
const fixture = (name: string, values: Record<string, string | number> = {}) => {
  let text = readFileSync(new URL(`../fixtures/payments/${name}.json`, import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, String(v));
  return JSON.parse(text) as Record<string, unknown>;
};

/** what the fake providers were asked */
const paypalOrders: Array<Record<string, unknown>> = [];
const stripeIntents: URLSearchParams[] = [];
const msw = setupServer(
  http.post(`${PAYPAL}/v1/oauth2/token`, () => HttpResponse.json(fixture('paypal-oauth-token'))),
  http.post(`${PAYPAL}/v2/checkout/orders`, async ({ request }) => {
    paypalOrders.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(
      fixture('paypal-create-order', { ORDER_ID: `5O19${String(paypalOrders.length).padStart(4, '0')}TN364715T` }),
    );
  }),
  http.post(`${STRIPE}/v1/payment_intents`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    stripeIntents.push(form);
    return HttpResponse.json(
      fixture('stripe-payment-intent', {
        PI_ID: `pi_3MtwBwLkdIwHu7ix${String(stripeIntents.length).padStart(8, '0')}`,
        AMOUNT: Number(form.get('amount')),
        AMOUNT_RECEIVED: 0,
        DESCRIPTION: form.get('description') ?? '',
        STATUS: 'requires_payment_method',
        METADATA: '{}',
        LATEST_CHARGE: 'null',
        PAYMENT_METHOD: 'null',
      }),
    );
  }),
);

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
const today = romeToday();

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'error' });
  t = await startTestApp({
    env: {
      SUBSCRIPTION_PRICE: '19.90',
      SERVER_BASEURL: ORIGIN,
      PAYPAL_CLIENT_ID: 'AeA1QIZXiflr1_test_client',
      PAYPAL_CLIENT_SECRET: 'ECYYrrSHdKfk_test_secret',
      STRIPE_SECRET_KEY: 'sk_test_51MtwBwLkdIwHu7ixTEST',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51MtwBwLkdIwHu7ixTEST',
    },
  });
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
});
afterAll(async () => {
  await t?.close();
  msw.close();
});

describe("C38 generate installments: the seed's answer", () => {
  it('C38 data is the list of the transactions made, each with its customer, date and amount; what was skipped is beside it', async () => {
    const [one, two, ceased] = (
      await a.sql<{ id: number }>(
        'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" DESC LIMIT 3',
        [demoId],
      )
    ).map((r) => Number(r.id));
    await a.sql('DELETE FROM "transactions" WHERE "customer_id" = ANY($1::int[])', [[one, two, ceased]]);
    await a.sql(
      'UPDATE "customers" SET "yearly_accounting_amount" = 1200, "yearly_number_of_installments" = 2, "ceased" = 0 WHERE "id" = ANY($1::int[])',
      [[one, two]],
    );
    await a.sql('UPDATE "customers" SET "ceased" = 1 WHERE "id" = $1', [ceased]);
    const res = await a.post('collab', '/api/generate_credit_transactions', {
      customer_ids: [one, two, ceased],
      year: 2033,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data).toHaveLength(4);
    const names = Object.fromEntries(
      (
        await a.sql<{ id: number; business_name: string }>(
          'SELECT "id", "business_name" FROM "customers" WHERE "id" = ANY($1::int[])',
          [[one, two, ceased]],
        )
      ).map((r) => [Number(r.id), r.business_name]),
    );
    for (const tx of body.data) {
      expect(tx).toMatchObject({
        customer: { id: expect.any(Number), business_name: names[tx.customer.id] },
        date: expect.stringMatching(/^2033-(01|07)-01/),
        amount: 600,
        is_yearly_installment: true,
      });
      // each is a stored transaction of that customer
      const [row] = await a.sql<{ customer_id: number; amount: string }>(
        'SELECT "customer_id", "amount"::text AS "amount" FROM "transactions" WHERE "id" = $1',
        [tx.id],
      );
      expect(Number(row!.customer_id)).toBe(tx.customer.id);
      expect(Number(row!.amount)).toBe(600);
    }
    expect(new Set(body.data.map((x: { customer: { id: number } }) => x.customer.id))).toEqual(new Set([one, two]));
    expect(body.skipped).toEqual([{ customer_id: ceased, business_name: names[ceased], reason: 'Cliente cessato' }]);
    // again: no transaction made, an empty list, every customer skipped with the reason
    const again = (
      await a.post('collab', '/api/generate_credit_transactions', { customer_ids: [one, two], year: 2033 })
    ).json();
    expect(again.data).toEqual([]);
    expect(again.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      'Rate già generate per il 2033',
      'Rate già generate per il 2033',
    ]);
  });
});

describe('C52 C53 e-invoices as the seeds write them', () => {
  /** a customer whose data make a complete invoice (VAT number, address, CAP) */
  const customerOf = async (studioId: number) =>
    Number(
      (
        await a.sql<{ id: number }>(
          `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "vat_id" IS NOT NULL
    AND "address" IS NOT NULL AND "postal_code" IS NOT NULL AND "deleted_at" IS NULL AND "ceased" = 0 ORDER BY "id" DESC LIMIT 1`,
          [studioId],
        )
      )[0]!.id,
    );
  const suggested = async (who: 'collab' | 'bianchi') =>
    (await a.get(who, '/api/edocuments_suggested_number', { date: today })).json().data as string;
  /** the seed's payload: rows of description, quantity and price only */
  const seedBody = async (who: 'collab' | 'bianchi', studioId: number, extra: Record<string, unknown> = {}) => ({
    studioId,
    customerId: await customerOf(studioId),
    documentType: 'TD01',
    documentDate: today,
    documentNumber: await suggested(who),
    serviceRows: [
      { description: 'Tenuta contabilità', quantity: 1, price: '300.00' },
      { description: 'Consulenza', quantity: 2, price: 50 },
    ],
    ...extra,
  });

  it('C52 a service row without vat takes 22 % (an ordinary regime); C51 reads it back', async () => {
    await a.sql(`UPDATE "studios" SET "fiscal_regime" = 'RF01' WHERE "id" = $1`, [demoId]);
    const res = await a.post('collab', '/api/edocument', await seedBody('collab', demoId));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.eDocumentId;
    const doc = (await a.get('collab', `/api/edocument/${id}`)).json().data;
    expect(doc.serviceRows.map((r: { vat: number; nature: string | null }) => [r.vat, r.nature])).toEqual([
      [22, null],
      [22, null],
    ]);
    expect(doc.totals).toMatchObject({ taxable: 400 });
    // a rate that is not one of the allowed ones is still refused
    const bad = await a.post(
      'collab',
      '/api/edocument',
      await seedBody('collab', demoId, { serviceRows: [{ description: 'x', quantity: 1, price: 10, vat: 17 }] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'serviceRows.0.vat': ['Aliquota IVA non ammessa'] });
  });

  it('C52 C53 a forfettario studio (RF19): a row without vat is 0 % with its Natura (N2.2); an update without vat too', async () => {
    await a.sql(`UPDATE "studios" SET "fiscal_regime" = 'RF19' WHERE "id" = $1`, [bianchiId]);
    const res = await a.post('bianchi', '/api/edocument', await seedBody('bianchi', bianchiId));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.eDocumentId;
    const doc = (await a.get('bianchi', `/api/edocument/${id}`)).json().data;
    expect(doc.serviceRows.map((r: { vat: number; nature: string | null }) => [r.vat, r.nature])).toEqual([
      [0, 'N2.2'],
      [0, 'N2.2'],
    ]);
    const put = await a.put('bianchi', `/api/edocument/${id}`, {
      ...(await seedBody('bianchi', bianchiId)),
      documentNumber: doc.documentNumber,
      serviceRows: [{ description: 'Dichiarazione dei redditi', quantity: 1, price: '150,00' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await a.get('bianchi', `/api/edocument/${id}`)).json().data;
    expect(after.serviceRows).toEqual([
      expect.objectContaining({ description: 'Dichiarazione dei redditi', vat: 0, nature: 'N2.2' }),
    ]);
  });

  it("C53 an ordinary studio's update with rows without vat: 22 %", async () => {
    await a.sql(`UPDATE "studios" SET "fiscal_regime" = 'RF01' WHERE "id" = $1`, [demoId]);
    const first = await a.post(
      'collab',
      '/api/edocument',
      await seedBody('collab', demoId, {
        serviceRows: [{ description: 'Consulenza', quantity: 1, price: 100, vat: 10 }],
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().data.eDocumentId;
    const doc = (await a.get('collab', `/api/edocument/${id}`)).json().data;
    const put = await a.put('collab', `/api/edocument/${id}`, {
      studioId: demoId,
      customerId: doc.customerId,
      documentType: 'TD01',
      documentDate: doc.documentDate,
      documentNumber: doc.documentNumber,
      serviceRows: [{ description: 'Consulenza', quantity: 1, price: 100 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await a.get('collab', `/api/edocument/${id}`)).json().data.serviceRows.map((r: { vat: number }) => r.vat),
    ).toEqual([22]);
  });

  it('C52 a TD04 without correctsId is saved with a warning; validate_xml and the XML accept it; with correctsId it is linked', async () => {
    await a.sql(`UPDATE "studios" SET "fiscal_regime" = 'RF01' WHERE "id" = $1`, [demoId]);
    const res = await a.post('collab', '/api/edocument', await seedBody('collab', demoId, { documentType: 'TD04' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      'La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla',
    ]);
    const id = res.json().data.eDocumentId;
    const doc = (await a.get('collab', `/api/edocument/${id}`)).json().data;
    expect(doc).toMatchObject({ documentType: 'TD04', correctsId: null });
    // the missing link is not a reason to refuse: valid (with the warning), its XML without DatiFattureCollegate
    const check = await a.get('collab', `/api/edocuments/${id}/actions/validate_xml`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      details: [],
      warnings: ['La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla'],
    });
    expect(check.json().message).toContain('attenzione: La nota di credito non indica la fattura che corregge');
    const xml = await a.get('collab', `/api/edocuments/${id}/actions/download_xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml.body).not.toContain('DatiFattureCollegate');
    // given, it links (a TD01 of the same customer)
    const invoice = (await a.post('collab', '/api/edocument', await seedBody('collab', demoId))).json().data
      .eDocumentId;
    const linked = await a.post(
      'collab',
      '/api/edocument',
      await seedBody('collab', demoId, { documentType: 'TD04', correctsId: invoice }),
    );
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().warnings ?? []).toEqual([]);
    expect((await a.get('collab', `/api/edocument/${linked.json().data.eDocumentId}`)).json().data.correctsId).toBe(
      invoice,
    );
  });
});

describe("C67 absolute return addresses of the product's own origin", () => {
  it("C67 returnUrl and cancelUrl as absolute URLs of SERVER_BASEURL's origin are taken (the sandbox sends back to the path)", async () => {
    const res = await a.post('admin', '/api/sandbox/actions/init', {
      numberOfSubscriptionMonth: 1,
      returnUrl: `${ORIGIN}/pay_return`,
      cancelUrl: `${ORIGIN}/pay_init`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const back = new URL(res.json().approveUrl, ORIGIN).searchParams;
    expect([back.get('return'), back.get('cancel')]).toEqual(['/pay_return', '/pay_init']);
  });

  it("C67 the request's own origin (the host the browser called) is taken too; PayPal gets absolute addresses", async () => {
    const headers = { ...(await a.headers('admin')), host: 'studio.example.net', origin: 'https://studio.example.net' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/actions/init',
      headers,
      payload: {
        numberOfSubscriptionMonth: 2,
        returnUrl: 'https://studio.example.net/pay_return',
        cancelUrl: 'https://studio.example.net/pay_init',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const context = (paypalOrders.at(-1)!.payment_source as { paypal: { experience_context: Record<string, string> } })
      .paypal.experience_context;
    expect(context).toMatchObject({ return_url: `${ORIGIN}/pay_return`, cancel_url: `${ORIGIN}/pay_init?cancelled=1` });
  });

  it('C67 other origins are still refused (no open redirect)', async () => {
    for (const returnUrl of [
      'https://evil.example/pay_return',
      `${ORIGIN}.evil.example/pay_return`,
      `https://user@evil.example/pay_return`,
      'http://gestionale.example.it:8080/pay_return',
      'ftp://gestionale.example.it/pay_return',
      '//evil.example/x',
    ]) {
      const res = await a.post('admin', '/api/sandbox/actions/init', {
        numberOfSubscriptionMonth: 1,
        returnUrl,
        cancelUrl: '/pay_init',
      });
      expect(res.statusCode, returnUrl).toBe(422);
      expect(res.json().errorMessage).toMatch(/Indirizzo di ritorno non valido/);
    }
    const cancel = await a.post('admin', '/api/sandbox/actions/init', {
      numberOfSubscriptionMonth: 1,
      returnUrl: `${ORIGIN}/pay_return`,
      cancelUrl: 'https://evil.example/',
    });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().errors).toHaveProperty('cancelUrl');
  });
});

describe('C70 card amounts in cents (seed B §9)', () => {
  it("C70 amount is price × months in cents: 5970 for 3 months at 19,90 €; the answer's amount is in cents too", async () => {
    const res = await a.get('admin', '/api/stripe/create_payment_intent', {
      amount: '5970',
      quantity: '3',
      purchasing_item_id: 'subscription',
      charge_type: 'subscription',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/), amount: 5970 });
    expect(stripeIntents.at(-1)!.get('amount')).toBe('5970');
  });

  it('C70 an amount in euro (59.70) or another sum is refused with the total in cents', async () => {
    for (const amount of ['59.70', '59', '597000']) {
      const res = await a.get('admin', '/api/stripe/create_payment_intent', { amount, quantity: '3' });
      expect(res.statusCode, amount).toBe(422);
      expect(res.json().errorMessage).toBe(
        "L'importo non corrisponde al prezzo dell'abbonamento (59,70 € per 3 mesi: amount=5970, in centesimi)",
      );
    }
  });
});

describe('C01 C66 C67 the payment sandbox is off unless configured', () => {
  it('C66 C67 with no PAYMENT_SANDBOX the sandbox is off: not offered, its calls and page are not there; client_var says so', async () => {
    expect(loadSettings({ JWT_SECRET: 'x', DATA_DIR: '/tmp/gs-settings-test' }).paymentSandbox).toBe(false);
    expect(
      loadSettings({ JWT_SECRET: 'x', DATA_DIR: '/tmp/gs-settings-test', PAYMENT_SANDBOX: 'true' }).paymentSandbox,
    ).toBe(true);
    const off = await startTestApp({ env: { PAYMENT_SANDBOX: '' } });
    try {
      const b = api(off);
      expect((await b.get('admin', '/api/subscription_price')).json().providers).toEqual([]);
      const init = await b.post('admin', '/api/sandbox/actions/init', {
        numberOfSubscriptionMonth: 36,
        returnUrl: '/pay_return',
      });
      expect(init.statusCode).toBe(404);
      expect((await b.get(null, '/api/var/client_var')).json().PAYMENT_SANDBOX).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('C01 with the sandbox configured on, client_var says so (the app shows its banner to everyone)', async () => {
    expect((await a.get(null, '/api/var/client_var')).json().PAYMENT_SANDBOX).toBe(true);
  });
});
