/**
 * The A-Cube channel (server/areas/sdi/acube.ts) alone, against recorded answers in the shape of
 * A-Cube's documentation (tests/fixtures/acube) served by msw in place of its sandbox and
 * production hosts: what the channel sends (login, the XML, the listing's filters, the bearer
 * token) and what it makes of the answers (uuid, refusals, temporary errors, notifications, the
 * webhook's secret and body).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ACUBE_BASES,
  ACUBE_MESSAGES,
  acubeChannel,
  acubeSettingsOf,
  type AcubeOptions,
} from '../../server/areas/sdi/acube.js';
import { SdiRefused, SdiUnavailable, type SdiFile } from '../../server/areas/sdi/channel.js';

const fixtureText = (name: string, values: Record<string, string> = {}) => {
  let text = readFileSync(new URL(`../fixtures/acube/${name}`, import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, v);
  return text;
};
const fixture = <T = object>(name: string, values: Record<string, string> = {}) =>
  JSON.parse(fixtureText(`${name}.json`, values)) as T;

const SANDBOX = ACUBE_BASES.sandbox;
const PRODUCTION = ACUBE_BASES.production;
const NEW_UUID = '0a6f4c2e-8b1d-4f3a-9e7c-5d2b1a0f9e81';
const INVOICE = {
  rejected: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a11',
  delivered: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a12',
  notDelivered: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a13',
  pa: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a14',
};
const NOTIFICATIONS: Record<string, string> = {
  [INVOICE.rejected]: 'notifications-rejected',
  [INVOICE.delivered]: 'notifications-delivered',
  [INVOICE.notDelivered]: 'notifications-not-delivered',
  [INVOICE.pa]: 'notifications-pa',
};
const RC_UUID = '9c1f2a3b-4d5e-4f60-8172-8394a5b6c7d2';

const XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader/></p:FatturaElettronica>';
const FILE: SdiFile = {
  fileName: 'IT01234567890_00001.xml',
  xml: XML,
  senderVat: '01234567890',
  number: '12',
  date: '2025-03-14',
};

/** a JWT as A-Cube's login gives (iat, exp 24 h later, roles, username, uid); the signature is not read */
const jwt = (n: number) => {
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    iat,
    exp: iat + 86_400,
    roles: { 'it.api.acubeapi.com': ['ROLE_WRITER'] },
    username: 'studio@example.it',
    uid: 4711,
    jti: `t${n}`,
  };
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ typ: 'JWT', alg: 'RS256' })}.${part(claims)}.c2lnbmF0dXJl`;
};

/** what the fake A-Cube received */
const seen: Array<{
  origin: string;
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | null;
  contentType: string | null;
  accept: string | null;
  body: string;
}> = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  const entry = {
    origin: url.origin,
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    auth: request.headers.get('authorization'),
    contentType: request.headers.get('content-type'),
    accept: request.headers.get('accept'),
    body: await request.text(),
  };
  seen.push(entry);
  return entry;
};
const logins = () => seen.filter((s) => s.path === '/login');
const apiCalls = () => seen.filter((s) => s.path !== '/login');

/** the tokens A-Cube gave, and those it no longer takes (index below `expiredBelow`) */
const issued: string[] = [];
let expiredBelow = 0;
const valid = (auth: string | null) => {
  const i = issued.findIndex((t) => auth === `Bearer ${t}`);
  return i >= 0 && i >= expiredBelow;
};
const unauthorized = () => HttpResponse.json({ code: 401, message: 'Expired JWT Token' }, { status: 401 });

/** the listing's filter as A-Cube applies it: a part of the number, the sender, the date range */
const listed = (query: URLSearchParams) =>
  fixture<Array<{ payload: string; sender: { business_vat_number_code: string } }>>('invoices').filter((i) => {
    const doc = JSON.parse(i.payload).fattura_elettronica_body[0].dati_generali.dati_generali_documento;
    return (
      doc.numero.includes(query.get('invoice_number') ?? '') &&
      i.sender.business_vat_number_code === query.get('sender.business_vat_number_code') &&
      doc.data >= (query.get('invoice_date[after]') ?? '') &&
      doc.data <= (query.get('invoice_date[before]') ?? '9999')
    );
  });

const handlersFor = (base: { common: string; api: string }) => [
  http.post(`${base.common}/login`, async ({ request }) => {
    const { body } = await record(request);
    const { email, password } = JSON.parse(body);
    if (email !== 'studio@example.it' || password !== 'segreta-123')
      return HttpResponse.json({ code: 401, message: 'Invalid credentials.' }, { status: 401 });
    issued.push(jwt(issued.length));
    return HttpResponse.json(fixture('login', { TOKEN: issued.at(-1)! }));
  }),
  http.post(`${base.api}/invoices`, async ({ request }) => {
    const { auth } = await record(request);
    if (!valid(auth)) return unauthorized();
    return HttpResponse.json(fixture('invoice-accepted', { UUID: NEW_UUID }), { status: 202 });
  }),
  http.get(`${base.api}/invoices`, async ({ request }) => {
    const { auth, query } = await record(request);
    if (!valid(auth)) return unauthorized();
    const found = listed(query);
    return HttpResponse.json(found.length ? found : fixture('invoices-empty'));
  }),
  http.get(`${base.api}/invoices/:uuid/notifications`, async ({ request, params }) => {
    const { auth } = await record(request);
    if (!valid(auth)) return unauthorized();
    const name = NOTIFICATIONS[String(params.uuid)];
    if (!name) return HttpResponse.json({ 'hydra:description': 'Not Found' }, { status: 404 });
    return HttpResponse.json(fixture(name, { INVOICE: String(params.uuid) }));
  }),
  http.get(`${base.api}/notifications/:uuid`, async ({ request, params }) => {
    const { auth } = await record(request);
    if (!valid(auth)) return unauthorized();
    if (params.uuid !== RC_UUID) return HttpResponse.json({ 'hydra:description': 'Not Found' }, { status: 404 });
    return new HttpResponse(fixtureText('notification-rc.xml'), { headers: { 'Content-Type': 'application/xml' } });
  }),
];

const msw = setupServer(...handlersFor(SANDBOX), ...handlersFor(PRODUCTION));

const OPTIONS: AcubeOptions = {
  email: 'studio@example.it',
  password: 'segreta-123',
  environment: 'sandbox',
  webhookHeader: 'Authorization',
  webhookSecret: 'wh-3f9a1c7e5b2d',
};
const channel = (o: Partial<AcubeOptions> = {}) => acubeChannel({ ...OPTIONS, ...o });

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  msw.resetHandlers();
  vi.restoreAllMocks();
  seen.length = 0;
  issued.length = 0;
  expiredBelow = 0;
});
afterAll(() => msw.close());

describe('SdI A-Cube: login and token', () => {
  it('SdI A-Cube: logs in once (email and password as JSON) and reuses the token across calls', async () => {
    const c = channel();
    await c.send(FILE);
    await c.find(FILE);
    await c.notifications(INVOICE.rejected);
    await c.send(FILE);
    expect(logins()).toHaveLength(1);
    expect(logins()[0]).toMatchObject({ origin: SANDBOX.common, method: 'POST', contentType: 'application/json' });
    expect(JSON.parse(logins()[0]!.body)).toEqual({ email: 'studio@example.it', password: 'segreta-123' });
    expect(apiCalls().length).toBeGreaterThanOrEqual(4);
    expect(apiCalls().every((s) => s.auth === `Bearer ${issued[0]}`)).toBe(true);
  });

  it('SdI A-Cube: the token is kept until shortly before its exp, then replaced', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const c = channel();
    await c.send(FILE);
    clock.mockReturnValue(start + 23 * 3_600_000);
    await c.send(FILE);
    expect(logins()).toHaveLength(1);
    // 24 h token, replaced 5 minutes before its end
    clock.mockReturnValue(start + 24 * 3_600_000 - 4 * 60_000);
    await c.send(FILE);
    expect(logins()).toHaveLength(2);
    expect(apiCalls().at(-1)!.auth).toBe(`Bearer ${issued[1]}`);
  });

  it('SdI A-Cube: a token A-Cube no longer takes (401) logs in again once and makes the call again', async () => {
    const c = channel();
    await c.send(FILE);
    expiredBelow = 1; // the first token has expired on A-Cube's side
    await expect(c.send(FILE)).resolves.toEqual({ channelId: NEW_UUID });
    expect(logins()).toHaveLength(2);
    const posts = apiCalls().filter((s) => s.method === 'POST');
    expect(posts.map((s) => s.auth)).toEqual([`Bearer ${issued[0]}`, `Bearer ${issued[0]}`, `Bearer ${issued[1]}`]);

    // still refused after the new login: once only, and the invoice is kept (SdiUnavailable)
    seen.length = 0;
    expiredBelow = 99;
    const err = await c.send(FILE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiUnavailable);
    expect((err as Error).message).toBe(ACUBE_MESSAGES.credentials);
    expect(logins()).toHaveLength(1);
    expect(apiCalls()).toHaveLength(2);
  });

  it('SdI A-Cube: wrong credentials at the login are SdiUnavailable naming ACUBE_EMAIL and ACUBE_PASSWORD', async () => {
    const err = await channel({ password: 'sbagliata' })
      .send(FILE)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiUnavailable);
    expect((err as Error).message).toBe('A-Cube: credenziali non valide (ACUBE_EMAIL, ACUBE_PASSWORD)');
    expect(apiCalls()).toHaveLength(0);
  });
});

describe('SdI A-Cube: send', () => {
  it("SdI A-Cube: send posts the XML as application/xml with the bearer token and answers A-Cube's uuid", async () => {
    await expect(channel().send(FILE)).resolves.toEqual({ channelId: NEW_UUID });
    const [post] = apiCalls();
    expect(post).toMatchObject({
      origin: SANDBOX.api,
      method: 'POST',
      path: '/invoices',
      contentType: 'application/xml',
      accept: 'application/json',
      auth: `Bearer ${issued[0]}`,
      body: XML,
    });
  });

  it("SdI A-Cube: A-Cube's validation (422 violations, 400 hydra) is SdiRefused with its reason in Italian", async () => {
    msw.use(
      http.post(`${SANDBOX.api}/invoices`, () => HttpResponse.json(fixture('invoice-violations'), { status: 422 })),
    );
    const err = await channel()
      .send(FILE)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiRefused);
    expect((err as Error).message).toBe(
      'A-Cube ha rifiutato il file: fattura_elettronica_header.cessionario_committente.dati_anagrafici.id_fiscale_iva.id_codice: This value is not a valid VAT number.',
    );

    msw.use(
      http.post(`${SANDBOX.api}/invoices`, () => HttpResponse.json(fixture('invoice-bad-request'), { status: 400 })),
    );
    const bad = await channel()
      .send(FILE)
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(SdiRefused);
    expect((bad as Error).message).toBe(
      "A-Cube ha rifiutato il file: Invalid XML: Element 'DatiGeneraliDocumento': Missing child element(s). Expected is ( Numero ).",
    );
  });

  it('SdI A-Cube: 503, 429 and a network error are SdiUnavailable (the queue tries again)', async () => {
    const c = channel();
    for (const answer of [
      () => new HttpResponse('<html><body>503 Service Unavailable</body></html>', { status: 503 }),
      () => HttpResponse.json({ message: 'Too Many Requests' }, { status: 429 }),
      () => HttpResponse.error(),
    ]) {
      msw.use(http.post(`${SANDBOX.api}/invoices`, answer));
      const err = await c.send(FILE).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SdiUnavailable);
      expect((err as Error).message).toBe("L'intermediario A-Cube non è raggiungibile: nuovo tentativo più tardi");
    }
  });

  it('SdI A-Cube: every call has a timeout, and one that ends is SdiUnavailable', async () => {
    const signals: Array<AbortSignal | null | undefined> = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal);
      if (String(url).endsWith('/login')) return Response.json({ token: jwt(0) });
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    const err = await acubeChannel(OPTIONS, fetchImpl)
      .send(FILE)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiUnavailable);
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s instanceof AbortSignal)).toBe(true);
  });
});

describe('SdI A-Cube: find', () => {
  it('SdI A-Cube: find by number, date and sender answers the uuid of the file SdI took', async () => {
    await expect(channel().find(FILE)).resolves.toEqual({ channelId: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a02' });
    const [get] = apiCalls();
    expect(get).toMatchObject({ origin: SANDBOX.api, method: 'GET', path: '/invoices', auth: `Bearer ${issued[0]}` });
    expect(Object.fromEntries(get!.query)).toEqual({
      type: '0',
      invoice_number: '12',
      'invoice_date[after]': '2025-03-14',
      'invoice_date[before]': '2025-03-14',
      'sender.business_vat_number_code': '01234567890',
    });
    // the listing also gave '124' (a part of the number matches) and an earlier file SdI rejected: neither is it
  });

  it('SdI A-Cube: find answers null when the listing is empty, or has only a file SdI rejected', async () => {
    const c = channel();
    await expect(c.find({ ...FILE, number: '99' })).resolves.toBeNull();
    await expect(c.find({ ...FILE, number: '7' })).resolves.toBeNull();
    await expect(c.find({ ...FILE, number: '7', fileName: 'IT10442360961_0A1B7.xml' })).resolves.toEqual({
      channelId: '5b0e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a07',
    });
  });

  it('SdI A-Cube: find with A-Cube away is SdiUnavailable, never null', async () => {
    msw.use(http.get(`${SANDBOX.api}/invoices`, () => new HttpResponse('Bad Gateway', { status: 502 })));
    await expect(channel().find(FILE)).rejects.toBeInstanceOf(SdiUnavailable);
  });
});

describe('SdI A-Cube: notifications', () => {
  it('SdI A-Cube: NS with its two errors (00404, 00305), RC with its XML, MC with its reason; others skipped', async () => {
    const c = channel();
    expect(await c.notifications(INVOICE.rejected)).toEqual([
      {
        id: '9c1f2a3b-4d5e-4f60-8172-8394a5b6c7d1',
        type: 'NS',
        at: '2025-03-14T10:16:05.000Z',
        errors: [
          { code: '00404', description: 'Fattura duplicata' },
          { code: '00305', description: '1.4.1.1.2 <IdCodice> non valido : 11111111111' },
        ],
        description: 'Verificare i dati della fattura',
        sdiId: '4242424242',
        fileName: '20250314_101605_294530_8a855ad77a4fe1111d22ac63465a2de1.xml',
      },
    ]);
    expect(await c.notifications(INVOICE.delivered)).toEqual([
      {
        id: RC_UUID,
        type: 'RC',
        at: '2025-03-14T10:17:41.000Z',
        errors: [],
        sdiId: '4242424242',
        fileName: '20250314_101741_512007_0f3d7c1e8b2a4d6f9e0a1b2c3d4e5f60.xml',
        xml: fixtureText('notification-rc.xml').trim(),
      },
    ]);
    expect(await c.notifications(INVOICE.notDelivered)).toEqual([
      {
        id: '9c1f2a3b-4d5e-4f60-8172-8394a5b6c7d3',
        type: 'MC',
        at: '2025-03-14T22:01:12.000Z',
        errors: [],
        description: 'Casella PEC del destinatario piena',
        sdiId: '4242424243',
        fileName: '20250314_220112_118822_4c5d6e7f8091a2b3c4d5e6f708192a3b.xml',
      },
    ]);
    const listing = apiCalls().find((s) => s.path === `/invoices/${INVOICE.rejected}/notifications`);
    expect(listing).toMatchObject({ method: 'GET', accept: 'application/json', auth: `Bearer ${issued[0]}` });
    const xmlRead = apiCalls().find((s) => s.path === `/notifications/${RC_UUID}`);
    expect(xmlRead).toMatchObject({ method: 'GET', accept: 'application/xml' });
  });

  it("SdI A-Cube: a notification's XML is read once; NE's outcome is one error entry", async () => {
    const c = channel();
    await c.notifications(INVOICE.delivered);
    await c.notifications(INVOICE.delivered);
    expect(apiCalls().filter((s) => s.path === `/notifications/${RC_UUID}`)).toHaveLength(1);
    expect(apiCalls().filter((s) => s.path.endsWith('/notifications'))).toHaveLength(2);

    const [ne] = await c.notifications(INVOICE.pa);
    expect(ne).toMatchObject({
      type: 'NE',
      errors: [{ code: 'EC02', description: "Importo non corrispondente all'ordine" }],
      sdiId: '4242424244',
    });
  });

  it('SdI A-Cube: notifications of an invoice A-Cube does not know, or with A-Cube away, are SdiUnavailable', async () => {
    const c = channel();
    const err = await c.notifications('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdiUnavailable);
    expect((err as Error).message).toContain('00000000-0000-4000-8000-000000000000');
    msw.use(http.get(`${SANDBOX.api}/invoices/:uuid/notifications`, () => HttpResponse.error()));
    await expect(c.notifications(INVOICE.rejected)).rejects.toBeInstanceOf(SdiUnavailable);
  });
});

describe('SdI A-Cube: webhook', () => {
  const body = fixture('webhook-customer-notification', { INVOICE: INVOICE.delivered });

  it("SdI A-Cube: webhook with the right secret answers the invoices' uuids", () => {
    const c = channel();
    expect(c.webhook!({ authorization: 'Bearer wh-3f9a1c7e5b2d' }, body)).toEqual({
      ok: true,
      channelIds: [INVOICE.delivered],
    });
    // the other shapes, a list of them, a name in another case; garbage answers no uuid (and never throws)
    expect(
      c.webhook!({ Authorization: 'Bearer wh-3f9a1c7e5b2d' }, [
        { invoice_uuid: INVOICE.rejected },
        { invoice: { uuid: INVOICE.pa } },
        { notification: { invoice_uuid: INVOICE.rejected } },
        { notification: { invoice_uuid: '../../users' } },
      ]),
    ).toEqual({ ok: true, channelIds: [INVOICE.rejected, INVOICE.pa] });
    for (const garbage of [null, 'not json', 42, { hello: 'world' }, [[]]])
      expect(c.webhook!({ authorization: 'Bearer wh-3f9a1c7e5b2d' }, garbage)).toEqual({ ok: true, channelIds: [] });

    // a header of its own: the bare secret
    const own = channel({ webhookHeader: 'X-Acube-Token' });
    expect(own.webhook!({ 'x-acube-token': 'wh-3f9a1c7e5b2d' }, body)).toEqual({
      ok: true,
      channelIds: [INVOICE.delivered],
    });
  });

  it('SdI A-Cube: webhook with a wrong secret or without the header is refused, without the secret in the reason', () => {
    const c = channel();
    for (const headers of [
      {},
      { authorization: 'Bearer wh-3f9a1c7e5b2X' },
      { authorization: 'Bearer wh-3f9a1c7e5b2d-and-more' },
      { authorization: 'wh-3f9a1c7e5b2d' },
      { 'x-acube-token': 'wh-3f9a1c7e5b2d' },
      { authorization: ['Bearer wh-3f9a1c7e5b2d', 'Bearer wh-3f9a1c7e5b2d'] },
    ]) {
      const result = c.webhook!(headers, body);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).not.toContain('wh-3f9a1c7e5b2d');
    }
    const own = channel({ webhookHeader: 'X-Acube-Token' });
    expect(own.webhook!({ authorization: 'Bearer wh-3f9a1c7e5b2d' }, body).ok).toBe(false);
    expect(own.webhook!({ 'x-acube-token': 'Bearer wh-3f9a1c7e5b2d' }, body).ok).toBe(false);
  });
});

describe('SdI A-Cube: configuration', () => {
  it('SdI A-Cube: sandbox and production base addresses by configuration', async () => {
    await channel({ environment: 'production' }).send(FILE);
    expect(seen.map((s) => `${s.method} ${s.origin}${s.path}`)).toEqual([
      'POST https://common.api.acubeapi.com/login',
      'POST https://api.acubeapi.com/invoices',
    ]);
    seen.length = 0;
    await channel({ environment: 'sandbox' }).send(FILE);
    expect(seen.map((s) => `${s.method} ${s.origin}${s.path}`)).toEqual([
      'POST https://common-sandbox.api.acubeapi.com/login',
      'POST https://api-sandbox.acubeapi.com/invoices',
    ]);
    expect(channel().pollSeconds).toBe(300);
    expect(channel({ pollSeconds: 60 }).pollSeconds).toBe(60);
    expect(channel().name).toBe('acube');
  });

  it('SdI A-Cube: acubeSettingsOf reads ACUBE_* and names what is missing or wrong', () => {
    const env = {
      ACUBE_EMAIL: 'studio@example.it',
      ACUBE_PASSWORD: 'segreta-123',
      ACUBE_WEBHOOK_SECRET: 'wh-3f9a1c7e5b2d',
    };
    expect(acubeSettingsOf({})).toBeUndefined();
    expect(acubeSettingsOf({ ACUBE_PASSWORD: 'x', ACUBE_WEBHOOK_SECRET: 'y' })).toBeUndefined();
    expect(acubeSettingsOf(env)).toEqual({
      email: 'studio@example.it',
      password: 'segreta-123',
      environment: 'sandbox',
      webhookHeader: 'Authorization',
      webhookSecret: 'wh-3f9a1c7e5b2d',
    });
    expect(
      acubeSettingsOf({ ...env, ACUBE_ENVIRONMENT: 'Production', ACUBE_WEBHOOK_HEADER: 'X-Acube-Token' }),
    ).toMatchObject({ environment: 'production', webhookHeader: 'X-Acube-Token' });
    // A-Cube's authentication_key "Bearer" is the Authorization header
    expect(acubeSettingsOf({ ...env, ACUBE_WEBHOOK_HEADER: 'Bearer' })?.webhookHeader).toBe('Authorization');

    expect(() => acubeSettingsOf({ ...env, ACUBE_WEBHOOK_SECRET: '' })).toThrow(
      'A-Cube: servono ACUBE_EMAIL, ACUBE_PASSWORD e ACUBE_WEBHOOK_SECRET (manca ACUBE_WEBHOOK_SECRET)',
    );
    expect(() => acubeSettingsOf({ ACUBE_EMAIL: 'studio@example.it' })).toThrow(
      'A-Cube: servono ACUBE_EMAIL, ACUBE_PASSWORD e ACUBE_WEBHOOK_SECRET (manca ACUBE_PASSWORD e ACUBE_WEBHOOK_SECRET)',
    );
    expect(() => acubeSettingsOf({ ...env, ACUBE_ENVIRONMENT: 'staging' })).toThrow(
      'ACUBE_ENVIRONMENT non valido: staging (sandbox o production)',
    );
    expect(() => acubeSettingsOf({ ...env, ACUBE_WEBHOOK_HEADER: 'X Acube: Token' })).toThrow(
      'ACUBE_WEBHOOK_HEADER non valido',
    );
  });
});
