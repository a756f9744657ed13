/**
 * The customers' own area, its access (issue 50 item 1), through the HTTP interface: the studio
 * invites a customer's people (the e-mail with a one-time link in the studio's outbox; bad input by
 * field; another studio's customer 404; the Utente 403), the link's page (a GET never spends it; the
 * POST opens a session cookie; used again, expired, forged: a page saying so), the role 'Cliente'
 * refused by every studio call and the studio's token by the area, the revocation (the session ends at
 * once), a person of two customers choosing one, a person of two studios (a studio's link never opens
 * the other's area), the password per studio, the idle and absolute ends of a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demo: number;
let bianchi: number;
let alfa: number;
let beta: number;
const BASE = 'https://gestionale.example.it';

const invite = (customer: number, emails: unknown, who: 'admin' | 'collab' | 'bianchi' = 'admin', name?: string) =>
  a.post(who, `/api/customer/${customer}/portal/invite`, { emails, ...(name ? { name } : {}) });

/** the link of the newest e-mail to `to` (its path) */
async function linkTo(to: string, studioId = demo): Promise<string> {
  const [m] = await a.sql<{ body_text: string }>(
    `SELECT "body_text" FROM "mail_outbox" WHERE "to_addresses"::text LIKE $1 AND "studio_id" = $2 ORDER BY "id" DESC LIMIT 1`,
    [`%${to}%`, studioId],
  );
  const found = /https:\/\/gestionale\.example\.it(\/area-clienti\/link\/[\w-]+)/.exec(m?.body_text ?? '');
  expect(found, m?.body_text).not.toBeNull();
  return found![1]!;
}

const form = (url: string, body: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Telefono/1.0',
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(body).toString(),
  });
const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** the session cookie a response sets ('name=value') */
function cookieOf(res: LightMyRequestResponse): string {
  const set = String(res.headers['set-cookie'] ?? '');
  const m = /^(gs_area_clienti=[\w-]+);/.exec(set);
  expect(m, set).not.toBeNull();
  return m![1]!;
}
/** the forms' token on a page */
const csrfOf = (html: string) => /name="csrf" value="([\w-]+)"/.exec(html)![1]!;

/** logs in through the link of the newest e-mail to `to`: the cookie */
async function enter(to: string, studioId = demo): Promise<{ cookie: string; res: LightMyRequestResponse }> {
  const res = await form(await linkTo(to, studioId), {});
  expect(res.statusCode, res.body).toBe(303);
  return { cookie: cookieOf(res), res };
}

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: BASE } });
  a = api(t);
  demo = await a.studioId('Studio Demo');
  bianchi = await a.studioId('Studio Bianchi');
  alfa = await a.newCustomer('Alfa <Area> & Figli S.r.l.');
  beta = await a.newCustomer('Beta Clienti S.n.c.');
});
afterAll(async () => {
  await t?.close();
});

describe('issue 50 the studio invites a customer’s people', () => {
  it('invites two addresses: each an e-mail in the studio’s outbox with a one-time link, listed as invited', async () => {
    const r = await invite(alfa, 'Mario.Rossi@alfa.test; anna.verdi@alfa.test\nmario.rossi@alfa.test');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().invited).toEqual(['mario.rossi@alfa.test', 'anna.verdi@alfa.test']);
    const people = r.json().data.people as Array<{ email: string; status: string; invited_by_name: string }>;
    expect(people.map((p) => [p.email, p.status])).toEqual([
      ['anna.verdi@alfa.test', 'invitato'],
      ['mario.rossi@alfa.test', 'invitato'],
    ]);
    expect(r.json().data.url).toBe(`${BASE}/area-clienti`);
    const mails = await a.sql<{ kind: string; subject: string; body_text: string; studio_id: number }>(
      `SELECT "kind", "subject", "body_text", "studio_id" FROM "mail_outbox" WHERE "to_addresses"::text LIKE '%mario.rossi@alfa.test%'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('portal_invite');
    expect(Number(mails[0]!.studio_id)).toBe(demo);
    expect(mails[0]!.subject).toMatch(/^Invito all'area clienti di /);
    expect(mails[0]!.body_text).toContain('Alfa <Area> & Figli S.r.l.');
    expect(mails[0]!.body_text).toContain('vale 7 giorni, per un solo accesso');
    // only the link's hash is kept
    const secret = (await linkTo('mario.rossi@alfa.test')).split('/').pop()!;
    const stored = await a.sql<{ token_hash: string }>(`SELECT "token_hash" FROM "portal_links"`);
    expect(stored.some((l) => l.token_hash.includes(secret))).toBe(false);
    expect(stored.every((l) => /^[0-9a-f]{64}$/.test(l.token_hash))).toBe(true);
  });

  it('bad input: Italian messages by field, nothing written', async () => {
    const before = await a.sql(`SELECT count(*)::int AS n FROM "portal_access"`);
    const cases: Array<[unknown, string]> = [
      ['', 'Indica almeno un indirizzo e-mail da invitare'],
      ['mario@', "'mario@' non è un indirizzo e-mail valido"],
      [['ok@alfa.test', 'non un indirizzo'], "'non' non è un indirizzo e-mail valido"],
      [Array.from({ length: 11 }, (_, i) => `p${i}@alfa.test`).join(','), 'Al massimo 10 indirizzi per invito'],
    ];
    for (const [emails, message] of cases) {
      const r = await invite(alfa, emails);
      expect(r.statusCode, String(emails)).toBe(422);
      expect(r.json().errors.emails).toEqual([message]);
    }
    const long = await invite(alfa, 'x@alfa.test', 'admin', 'N'.repeat(121));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.name).toEqual(['Il nome può avere al massimo 120 caratteri']);
    expect(await a.sql(`SELECT count(*)::int AS n FROM "portal_access"`)).toEqual(before);
  });

  it('another studio’s customer is not found; the Utente is refused; the Collaboratore invites', async () => {
    expect((await invite(alfa, 'x@alfa.test', 'bianchi')).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal`)).statusCode).toBe(404);
    const utente = await a.utente('ugo.utente@studiodemo.test');
    const r = await t.app.inject({ method: 'GET', url: `/api/customer/${alfa}/portal`, headers: utente });
    expect(r.statusCode).toBe(403);
    const c = await invite(beta, 'carla@beta.test', 'collab', 'Carla Neri');
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().data.people[0]).toMatchObject({ email: 'carla@beta.test', name: 'Carla Neri' });
  });
});

describe('issue 50 the link, the session and the role Cliente', () => {
  it('a GET of the link never spends it; the POST opens the area; used again it says so', async () => {
    await invite(alfa, 'luca@alfa.test');
    const link = await linkTo('luca@alfa.test');
    for (let i = 0; i < 2; i++) {
      const g = await page(link);
      expect(g.statusCode).toBe(200);
      expect(g.body).toContain("Entra nell'area clienti");
      expect(g.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const r = await form(link, {});
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/area-clienti');
    const set = String(r.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\/area-clienti/);
    expect(set).toMatch(/Secure/);
    const home = await page('/area-clienti', cookieOf(r));
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Alfa &lt;Area&gt; &amp; Figli S.r.l.');
    expect(home.body).not.toContain('<Area>');
    const again = await form(link, {});
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Questo link è già stato usato');
    expect((await page(link)).statusCode).toBe(410);
    const people = (await a.get('admin', `/api/customer/${alfa}/portal`)).json().data.people;
    expect(people.find((p: { email: string }) => p.email === 'luca@alfa.test')).toMatchObject({
      status: 'attivo',
      sessions: 1,
    });
  });

  it('a forged, an expired link: a page saying so, never a session', async () => {
    expect((await page('/area-clienti/link/nonunlink')).statusCode).toBe(404);
    const forged = await form(`/area-clienti/link/${'A'.repeat(43)}`, {});
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('Il link non è valido');
    expect(forged.headers['set-cookie']).toBeUndefined();
    await invite(alfa, 'scaduto@alfa.test');
    const link = await linkTo('scaduto@alfa.test');
    await a.sql(
      `UPDATE "portal_links" SET "expires_at" = LOCALTIMESTAMP - interval '1 minute' WHERE "used_at" IS NULL`,
    );
    const r = await form(link, {});
    expect(r.statusCode).toBe(410);
    expect(r.body).toContain('Il link è scaduto');
  });

  it('no studio call answers the Cliente’s session; the studio’s token opens nothing of the area', async () => {
    await invite(alfa, 'sara@alfa.test');
    const { cookie } = await enter('sara@alfa.test');
    const value = cookie.split('=')[1]!;
    for (const url of [
      `/api/customer/${alfa}`,
      `/api/customer/${alfa}/portal`,
      '/api/user/me',
      '/api/list/Customer/CustomerResourceListCollection',
    ]) {
      const withCookie = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(withCookie.statusCode, url).toBe(401);
      const asBearer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${value}` } });
      expect(asBearer.statusCode, url).toBe(401);
    }
    const studio = await t.app.inject({ method: 'GET', url: '/area-clienti', headers: await a.headers('admin') });
    expect(studio.statusCode).toBe(303);
    expect(studio.headers.location).toBe('/area-clienti/accedi?fine=1');
  });

  it('the studio revokes the access: the open session ends at once, no new link is sent', async () => {
    await invite(alfa, 'revocato@alfa.test');
    const { cookie } = await enter('revocato@alfa.test');
    expect((await page('/area-clienti', cookie)).statusCode).toBe(200);
    const people = (await a.get('admin', `/api/customer/${alfa}/portal`)).json().data.people;
    const access = people.find((p: { email: string }) => p.email === 'revocato@alfa.test').access_id;
    const r = await a.post('collab', `/api/customer/${alfa}/portal/access/${access}/revoke`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.people.find((p: { email: string }) => p.email === 'revocato@alfa.test').status).toBe(
      'revocato',
    );
    const after = await page('/area-clienti', cookie);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/area-clienti/accedi?fine=1');
    expect((await a.post('admin', `/api/customer/${alfa}/portal/access/${access}/revoke`)).statusCode).toBe(409);
    // another customer's access through this customer: not found
    expect((await a.post('admin', `/api/customer/${beta}/portal/access/${access}/revoke`)).statusCode).toBe(404);
    const outbox = async () =>
      (
        await a.sql(
          `SELECT count(*)::int AS n FROM "mail_outbox" WHERE "to_addresses"::text LIKE '%revocato@alfa.test%'`,
        )
      )[0];
    const before = await outbox();
    const ask = await form('/area-clienti/accedi', { email: 'revocato@alfa.test' });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('riceverà a breve un');
    expect(await outbox()).toEqual(before);
  });

  it('the studio ends a person’s sessions: he may come back with a new link', async () => {
    await invite(beta, 'fine@beta.test');
    const { cookie } = await enter('fine@beta.test');
    const access = (await a.get('admin', `/api/customer/${beta}/portal`))
      .json()
      .data.people.find((p: { email: string }) => p.email === 'fine@beta.test').access_id;
    const r = await a.post('admin', `/api/customer/${beta}/portal/access/${access}/sessions/end`);
    expect(r.statusCode).toBe(200);
    expect((await page('/area-clienti', cookie)).statusCode).toBe(303);
    await form('/area-clienti/accedi', { email: 'fine@beta.test' });
    const back = await enter('fine@beta.test');
    expect((await page('/area-clienti', back.cookie)).statusCode).toBe(200);
  });

  it('a session idle for 30 minutes, or past its 8 hours, is over', async () => {
    await invite(beta, 'pigro@beta.test');
    const { cookie } = await enter('pigro@beta.test');
    await a.sql(
      `UPDATE "portal_sessions" SET "last_seen_at" = LOCALTIMESTAMP - interval '31 minutes' WHERE "person_id" = (SELECT "id" FROM "portal_people" WHERE "email" = 'pigro@beta.test')`,
    );
    expect((await page('/area-clienti', cookie)).statusCode).toBe(303);
    await form('/area-clienti/accedi', { email: 'pigro@beta.test' });
    const back = await enter('pigro@beta.test');
    await a.sql(
      `UPDATE "portal_sessions" SET "expires_at" = LOCALTIMESTAMP - interval '1 second' WHERE "person_id" = (SELECT "id" FROM "portal_people" WHERE "email" = 'pigro@beta.test')`,
    );
    expect((await page('/area-clienti', back.cookie)).statusCode).toBe(303);
  });
});

describe('issue 50 people of several customers, of several studios', () => {
  it('a person of two customers of the studio chooses one; another person’s access is never chosen', async () => {
    await invite(alfa, 'doppio@prova.test');
    await invite(beta, 'doppio@prova.test');
    const ask = await form('/area-clienti/accedi', { email: 'Doppio@Prova.test' });
    expect(ask.statusCode).toBe(200);
    const r = await form(await linkTo('doppio@prova.test'), {});
    expect(r.headers.location).toBe('/area-clienti/scegli');
    const cookie = cookieOf(r);
    // no area yet: the pages send to the choice
    expect((await page('/area-clienti', cookie)).headers.location).toBe('/area-clienti/scegli');
    const choice = await page('/area-clienti/scegli', cookie);
    expect(choice.body).toContain('Alfa &lt;Area&gt; &amp; Figli S.r.l.');
    expect(choice.body).toContain('Beta Clienti S.n.c.');
    const csrf = csrfOf(choice.body);
    const someoneElse = (
      await a.sql<{ id: number }>(
        `SELECT a."id" FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id" WHERE p."email" = 'carla@beta.test'`,
      )
    )[0]!.id;
    const forged = await form('/area-clienti/scegli', { csrf, access: String(someoneElse) }, cookie);
    expect(forged.headers.location).toBe('/area-clienti/scegli');
    expect((await page('/area-clienti', cookie)).headers.location).toBe('/area-clienti/scegli');
    const noToken = await form('/area-clienti/scegli', { access: '1' }, cookie);
    expect(noToken.statusCode).toBe(403);
    const betaAccess = (
      await a.sql<{ id: number }>(
        `SELECT a."id" FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id" WHERE p."email" = 'doppio@prova.test' AND a."customer_id" = $1`,
        [beta],
      )
    )[0]!.id;
    const ok = await form('/area-clienti/scegli', { csrf, access: String(betaAccess) }, cookie);
    expect(ok.headers.location).toBe('/area-clienti');
    const home = await page('/area-clienti', cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Beta Clienti S.n.c.');
  });

  it('a person of two studios: one e-mail per studio, each link opening only its studio’s area', async () => {
    await invite(alfa, 'due.studi@prova.test');
    const bianchiCustomer = Number(
      (
        await a.sql<{ id: number }>(
          `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
          [bianchi],
        )
      )[0]!.id,
    );
    expect((await invite(bianchiCustomer, 'due.studi@prova.test', 'bianchi')).statusCode).toBe(201);
    const count = async (studio: number) =>
      Number(
        (
          await a.sql<{ n: number }>(
            `SELECT count(*)::int AS n FROM "mail_outbox" WHERE "to_addresses"::text LIKE '%due.studi@prova.test%' AND "kind" = 'portal_access' AND "studio_id" = $1`,
            [studio],
          )
        )[0]!.n,
      );
    await form('/area-clienti/accedi', { email: 'due.studi@prova.test' });
    expect([await count(demo), await count(bianchi)]).toEqual([1, 1]);
    const r = await form(await linkTo('due.studi@prova.test', demo), {});
    // one area in Studio Demo: straight in, the other studio's never offered
    expect(r.headers.location).toBe('/area-clienti');
    const cookie = cookieOf(r);
    expect((await page('/area-clienti', cookie)).body).toContain('Alfa &lt;Area&gt;');
    const choice = await page('/area-clienti/scegli', cookie);
    expect(choice.body).not.toMatch(/Studio Bianchi/);
  });

  it('the password is per studio: set in the area (its checks), it logs in there and nowhere else', async () => {
    // the link of Studio Bianchi's e-mail, asked in the test before
    const { cookie } = await enter('due.studi@prova.test', bianchi);
    const pw = await page('/area-clienti/password', cookie);
    expect(pw.statusCode).toBe(200);
    const csrf = csrfOf(pw.body);
    expect(
      (await form('/area-clienti/password', { password: 'Lunga-Frase-2026', confirm: 'Lunga-Frase-2026' }, cookie))
        .statusCode,
    ).toBe(403);
    const short = await form('/area-clienti/password', { csrf, password: 'corta', confirm: 'corta' }, cookie);
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('almeno 8 caratteri');
    const common = await form(
      '/area-clienti/password',
      { csrf, password: 'password123', confirm: 'password123' },
      cookie,
    );
    expect(common.body).toContain('Password troppo comune');
    const mismatch = await form(
      '/area-clienti/password',
      { csrf, password: 'Lunga-Frase-2026', confirm: 'Lunga-Frase-2027' },
      cookie,
    );
    expect(mismatch.body).toContain('Le due password non coincidono');
    const ok = await form(
      '/area-clienti/password',
      { csrf, password: 'Lunga-Frase-2026', confirm: 'Lunga-Frase-2026' },
      cookie,
    );
    expect(ok.statusCode).toBe(303);
    // this session stays
    expect((await page('/area-clienti', cookie)).statusCode).toBe(200);
    const wrong = await form('/area-clienti/accedi/password', {
      email: 'due.studi@prova.test',
      password: 'Sbagliata-2026',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Credenziali non valide');
    const unknown = await form('/area-clienti/accedi/password', {
      email: 'nessuno@prova.test',
      password: 'Lunga-Frase-2026',
    });
    expect(unknown.statusCode).toBe(401);
    const login = await form('/area-clienti/accedi/password', {
      email: 'due.studi@prova.test',
      password: 'Lunga-Frase-2026',
    });
    expect(login.statusCode).toBe(303);
    const home = await page('/area-clienti', cookieOf(login));
    expect(home.statusCode).toBe(200);
    // Studio Bianchi's area, never Studio Demo's (no password there)
    expect(home.body).not.toContain('Alfa &lt;Area&gt;');
    const people = (
      await a.get(
        'bianchi',
        `/api/customer/${(await a.sql<{ customer_id: number }>(`SELECT a."customer_id" FROM "portal_access" a JOIN "portal_people" p ON p."id" = a."person_id" WHERE p."email" = 'due.studi@prova.test' AND a."studio_id" = $1`, [bianchi]))[0]!.customer_id}/portal`,
      )
    ).json().data.people;
    expect(people[0].has_password).toBe(true);
  });

  it('logout ends the session; an unknown address asking a link gets the same answer and no e-mail', async () => {
    await invite(beta, 'esce@beta.test');
    const { cookie } = await enter('esce@beta.test');
    const out = await form('/area-clienti/esci', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await page('/area-clienti', cookie)).statusCode).toBe(303);
    const before = await a.sql(`SELECT count(*)::int AS n FROM "mail_outbox"`);
    const r = await form('/area-clienti/accedi', { email: 'sconosciuto@prova.test' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('riceverà a breve un');
    expect(await a.sql(`SELECT count(*)::int AS n FROM "mail_outbox"`)).toEqual(before);
    const bad = await form('/area-clienti/accedi', { email: 'non-un-indirizzo' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Inserisca un indirizzo e-mail valido');
  });
});
