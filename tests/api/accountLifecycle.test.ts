/**
 * The account lifecycle through HTTP (issue 15; seed B §4, §5, §7 C59–C65; PRODUCT.md §7):
 * register → activation mail in the outbox → activate → login; recover (captcha) → mail → reset →
 * old sessions revoked → login with the new password; expired and reused links; the same answer
 * for known and unknown e-mails; the contact form to the vendor; rate limits. The captcha is
 * solved here as the browser's widget does (altcha-lib).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetsWritten } from '../../server/areas/accountLifecycle/service.js';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import dayjs from 'dayjs';

let t: TestApp;
let a: Api;
let ipSeq = 0;
/** a public call from its own address (each test has its own rate-limit buckets) */
const pub = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = `10.1.0.${++ipSeq}`) =>
  t.app.inject({ method, url, remoteAddress: ip, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** the last outbox message to an address */
async function lastMail(to: string) {
  const rows = await a.sql<{ id: number; kind: string; subject: string; body_text: string; studio_id: number | null }>(
    `SELECT "id", "kind", "subject", "body_text", "studio_id" FROM "mail_outbox" WHERE "to_addresses" @> jsonb_build_array($1::text) ORDER BY "id" DESC LIMIT 1`,
    [to],
  );
  return rows[0];
}
const mailsTo = async (to: string) =>
  Number(
    (
      await a.sql<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "mail_outbox" WHERE "to_addresses" @> jsonb_build_array($1::text)`,
        [to],
      )
    )[0]!.n,
  );
const tokenIn = (text: string, path: string) =>
  new URL(new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text)![0]).searchParams.get('token')!;

/** solves a fresh challenge as the widget would: the payload sent as g_recaptcha_response */
async function solvedCaptcha(): Promise<string> {
  const res = await pub('GET', '/api/captcha/challenge');
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: `10.2.0.${++ipSeq}`,
    payload: { email, password },
  });

beforeAll(async () => {
  t = await startTestApp({
    env: { SERVER_BASEURL: 'https://gestionale.example.it', VENDOR_EMAIL: 'vendite@gestionale.example.it' },
  });
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

describe('C59 C65 registration and activation', () => {
  const email = 'nuovo.studio@example.it';
  const password = 'Prova-Studio-2026';

  it('C59 a studio with a 30-day trial and an inactive Admin; the activation link in the outbox; C65 activates once; then login', async () => {
    const res = await pub('POST', '/api/studio/actions/registration', {
      name: 'Studio Nuovo',
      email: ' Nuovo.Studio@Example.it ',
      mobile_number: '3331234567',
      password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: "Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione",
    });
    const [studio] = await a.sql<{ id: number; expiry: string; email: string }>(
      `SELECT "id", to_char("subscription_expire_date", 'YYYY-MM-DD') AS "expiry", "email" FROM "studios" WHERE "name" = 'Studio Nuovo'`,
    );
    expect(studio!.expiry).toBe(dayjs(romeToday()).add(30, 'day').format('YYYY-MM-DD'));
    const [user] = await a.sql<{ active: boolean; role: string; studio_id: number }>(
      `SELECT u."active", r."name" AS "role", u."studio_id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id" WHERE u."email" = $1`,
      [email],
    );
    expect(user).toEqual({ active: false, role: 'Admin', studio_id: studio!.id });
    // not active yet
    expect((await login(email, password)).statusCode).toBe(403);
    const mail = (await lastMail(email))!;
    expect(mail).toMatchObject({ kind: 'account', studio_id: studio!.id });
    expect(mail.subject).toMatch(/attiva il tuo account/);
    const token = tokenIn(mail.body_text, '/utente/attivazione');
    expect(mail.body_text).toContain('https://gestionale.example.it/utente/attivazione?token=');
    // the token is not stored as it is
    expect((await a.sql(`SELECT 1 FROM "account_tokens" WHERE "token_hash" = $1`, [token])).length).toBe(0);

    const act = await pub('GET', `/api/user/activate/${token}`);
    expect(act.statusCode, act.body).toBe(200);
    expect(act.json().message).toMatch(/^Account attivato/);
    const again = await pub('GET', `/api/user/activate/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Questo link è già stato usato.');
    const ok = await login(email, password);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'Admin', studio_name: 'Studio Nuovo' });
  });

  it('C59 the same e-mail again: the same answer, no second studio, its owner told by e-mail', async () => {
    const before = await mailsTo(email);
    const res = await pub('POST', '/api/studio/actions/registration', {
      name: 'Altro Studio',
      email,
      password: 'Un-Altra-Password-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      "Registrazione avvenuta con successo, riceverai a breve una mail per l'attivazione",
    );
    expect((await a.sql(`SELECT 1 FROM "studios" WHERE "name" = 'Altro Studio'`)).length).toBe(0);
    expect(await mailsTo(email)).toBe(before + 1);
    expect((await lastMail(email))!.subject).toMatch(/richiesta di registrazione/);
  });

  it('C59 the rules of seed B §5: 400 with the message, nothing created', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'a@b.it', password: 'Password-Lunga-1' }, 'name', 'Campo Obbligatorio'],
      [
        { name: 'x'.repeat(31), email: 'a@b.it', password: 'Password-Lunga-1' },
        'name',
        'Numero massimo di caratteri superato',
      ],
      [{ name: 'Studio', email: 'non-una-mail', password: 'Password-Lunga-1' }, 'email', 'Email Non Valida'],
      [
        { name: 'Studio', email: 'a@b.it', mobile_number: '3'.repeat(31), password: 'Password-Lunga-1' },
        'mobile_number',
        'Numero massimo di caratteri superato',
      ],
      [{ name: 'Studio', email: 'a@b.it', password: 'Corta-1' }, 'password', 'Digita almeno 8 caratteri'],
      [
        { name: 'Studio', email: 'a@b.it', password: 'P'.repeat(31) },
        'password',
        'Numero massimo di caratteri superato',
      ],
      [
        { name: 'Studio', email: 'a@b.it', password: 'password123' },
        'password',
        'Password troppo comune: scegline una meno prevedibile',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await pub('POST', '/api/studio/actions/registration', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await a.sql(`SELECT 1 FROM "users" WHERE "email" = 'a@b.it'`)).length).toBe(0);
  });

  it('C65 an expired or unknown link: 400 with its reason, nothing activated', async () => {
    const mail = 'scade@example.it';
    expect(
      (
        await pub('POST', '/api/studio/actions/registration', {
          name: 'Studio Scade',
          email: mail,
          password: 'Studio-Scade-2026',
        })
      ).statusCode,
    ).toBe(201);
    const token = tokenIn((await lastMail(mail))!.body_text, '/utente/attivazione');
    await a.sql(
      `UPDATE "account_tokens" SET "expires_at" = LOCALTIMESTAMP - interval '1 minute' WHERE "user_id" = (SELECT "id" FROM "users" WHERE "email" = $1)`,
      [mail],
    );
    const expired = await pub('GET', `/api/user/activate/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Questo link è scaduto: richiedine uno nuovo.');
    expect((await pub('GET', `/api/user/activate/${'x'.repeat(43)}`)).json().message).toMatch(/^Link non valido/);
    expect((await pub('GET', '/api/user/activate/%3Cscript%3E')).statusCode).toBe(400);
    expect(
      (await a.sql<{ active: boolean }>(`SELECT "active" FROM "users" WHERE "email" = $1`, [mail]))[0]!.active,
    ).toBe(false);
  });
});

describe('C62 registration from /utente/registrati', () => {
  it('C62 terms and privacy both required, passwords equal; then the same lifecycle', async () => {
    const base = {
      email: 'utente.registrato@example.it',
      password: 'Registrato-2026',
      password_confirmation: 'Registrato-2026',
      name: 'Rossi Paghe',
    };
    const noTerms = await pub('POST', '/api/user/register', { ...base, privacy: true });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().errors.terms).toBeDefined();
    const differ = await pub('POST', '/api/user/register', {
      ...base,
      password_confirmation: 'Altra-Password-9',
      terms: true,
      privacy: true,
    });
    expect(differ.json().errors.password_confirmation).toEqual(['Le password non coincidono']);
    const ok = await pub('POST', '/api/user/register', { ...base, terms: true, privacy: true });
    expect(ok.statusCode, ok.body).toBe(201);
    const token = tokenIn((await lastMail(base.email))!.body_text, '/utente/attivazione');
    expect((await pub('GET', `/api/user/activate/${token}`)).statusCode).toBe(200);
    expect((await login(base.email, base.password)).statusCode).toBe(200);
  });

  it('C59 C62 with registration disabled: 404, nothing created', async () => {
    const off = await startTestApp({ env: { REGISTRATION_ENABLED: 'false' } });
    try {
      const body = {
        name: 'Chiuso',
        email: 'chiuso@example.it',
        password: 'Chiuso-Studio-2026',
        password_confirmation: 'Chiuso-Studio-2026',
        terms: true,
        privacy: true,
      };
      for (const url of ['/api/studio/actions/registration', '/api/user/register']) {
        const res = await off.app.inject({ method: 'POST', url, payload: body });
        expect(res.statusCode, url).toBe(404);
      }
      const vars = (await off.app.inject({ method: 'GET', url: '/api/var/client_var' })).json();
      expect(vars.REGISTRATION_ENABLED).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('C63 C64 password recovery', () => {
  const email = 'admin@studiodemo.test';

  it("C63 without a solved captcha: 400 'Clicca sul Captcha per Proseguire!'; a solution is accepted once", async () => {
    for (const g of [undefined, '', 'bm9uIHVuYSBzb2x1emlvbmU=']) {
      const res = await pub('POST', '/api/user/password/init_reset', { email, g_recaptcha_response: g });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Clicca sul Captcha per Proseguire!');
    }
    const solved = await solvedCaptcha();
    expect(
      (await pub('POST', '/api/user/password/init_reset', { email: 'uno@example.it', g_recaptcha_response: solved }))
        .statusCode,
    ).toBe(200);
    const replay = await pub('POST', '/api/user/password/init_reset', {
      email: 'due@example.it',
      g_recaptcha_response: solved,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('C63 the same answer for a known and an unknown e-mail; only the known one gets a mail', async () => {
    const before = await mailsTo(email);
    const known = await pub('POST', '/api/user/password/init_reset', {
      email,
      g_recaptcha_response: await solvedCaptcha(),
    });
    const unknown = await pub('POST', '/api/user/password/init_reset', {
      email: 'nessuno@example.it',
      g_recaptcha_response: await solvedCaptcha(),
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    // the link is written after the answer (the same time for every e-mail: issue 45 item 23)
    await resetsWritten();
    expect(await mailsTo(email)).toBe(before + 1);
    expect(await mailsTo('nessuno@example.it')).toBe(0);
  });

  it('C64 the reset: rules, a link of another e-mail refused without spending it, then the new password; old sessions end; the link once', async () => {
    const oldSession = await t.login(email);
    expect((await t.app.inject({ method: 'GET', url: '/api/studio_logged', headers: oldSession })).statusCode).toBe(
      200,
    );
    expect(
      (await pub('POST', '/api/user/password/init_reset', { email, g_recaptcha_response: await solvedCaptcha() }))
        .statusCode,
    ).toBe(200);
    await resetsWritten();
    const mail = (await lastMail(email))!;
    expect(mail.subject).toMatch(/reimposta la password/);
    const token = tokenIn(mail.body_text, '/utente/resetta_password');
    const reset = (body: Record<string, unknown>) =>
      pub('POST', '/api/user/password/do_reset', {
        email,
        token,
        password: 'Nuova-Password-77',
        password_confirmation: 'Nuova-Password-77',
        ...body,
      });
    expect((await reset({ password: 'corta', password_confirmation: 'corta' })).json().message).toBe(
      'Digita almeno 8 caratteri',
    );
    expect((await reset({ password_confirmation: 'Diversa-Password-77' })).json().message).toBe(
      'Le password non coincidono',
    );
    const other = await reset({ email: 'collaboratore@studiodemo.test' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/^Link non valido/);
    const done = await reset({});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Password aggiornata: accedi con la nuova password.');
    // every earlier session of that user ends
    expect((await t.app.inject({ method: 'GET', url: '/api/studio_logged', headers: oldSession })).statusCode).toBe(
      401,
    );
    expect((await login(email, 'Demo2026!')).statusCode).toBe(401);
    expect((await login(email, 'Nuova-Password-77')).statusCode).toBe(200);
    const reused = await reset({ password: 'Terza-Password-88', password_confirmation: 'Terza-Password-88' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Questo link è già stato usato.');
  });

  it('C64 a reset link expires after an hour', async () => {
    const who = 'collaboratore@studiodemo.test';
    expect(
      (await pub('POST', '/api/user/password/init_reset', { email: who, g_recaptcha_response: await solvedCaptcha() }))
        .statusCode,
    ).toBe(200);
    await resetsWritten();
    const token = tokenIn((await lastMail(who))!.body_text, '/utente/resetta_password');
    const [row] = await a.sql<{ hours: number }>(
      `SELECT round(extract(epoch FROM "expires_at" - "created_at") / 3600)::int AS "hours" FROM "account_tokens" WHERE "kind" = 'reset' ORDER BY "id" DESC LIMIT 1`,
    );
    expect(row!.hours).toBe(1);
    await a.sql(
      `UPDATE "account_tokens" SET "expires_at" = LOCALTIMESTAMP - interval '1 second' WHERE "kind" = 'reset'`,
    );
    const res = await pub('POST', '/api/user/password/do_reset', {
      email: who,
      token,
      password: 'Nuova-Password-77',
      password_confirmation: 'Nuova-Password-77',
    });
    expect(res.json().message).toBe('Questo link è scaduto: richiedine uno nuovo.');
    expect((await login(who, 'Demo2026!')).statusCode).toBe(200);
  });
});

describe('C60 contact form and the limits', () => {
  it('C60 the request mailed to the vendor; the rules', async () => {
    const res = await pub('POST', '/api/contact_form/actions/send_contact_form', {
      name: 'Studio Verdi',
      email: 'verdi@example.it',
      tel: '0612345678',
      note: 'Vorrei una demo',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = (await lastMail('vendite@gestionale.example.it'))!;
    expect(mail).toMatchObject({ kind: 'contact', studio_id: null });
    expect(mail.body_text).toContain('verdi@example.it');
    expect(mail.body_text).toContain('Vorrei una demo');
    const long = await pub('POST', '/api/contact_form/actions/send_contact_form', {
      email: 'verdi@example.it',
      note: 'n'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.note).toEqual(['Numero massimo di caratteri superato']);
    expect(
      (await pub('POST', '/api/contact_form/actions/send_contact_form', { name: 'Senza mail' })).json().errors.email,
    ).toEqual(['Campo Obbligatorio']);
  });

  it('rate limits: one address 10 times in 10 minutes; one e-mail 3 mails in 15 minutes, from any address', async () => {
    const ip = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await pub('POST', '/api/contact_form/actions/send_contact_form', { email: `limite${i}@example.it` }, ip))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    const perEmail: number[] = [];
    for (let i = 0; i < 4; i++)
      perEmail.push(
        (
          await pub('POST', '/api/studio/actions/registration', {
            name: `Studio ${i}`,
            email: 'ripetuto@example.it',
            password: 'Ripetuto-Studio-26',
          })
        ).statusCode,
      );
    expect(perEmail).toEqual([201, 201, 201, 429]);
  });
});
