/**
 * The AML declaration to read and accept in the customers' area (issue 50 item 3) through the HTTP
 * interface: the studio sends it (the PDF stored as sent with its SHA-256, the customer's people
 * notified through the outbox without the document), the area lists it in 'Documenti dello studio'
 * and counts it on the home page's tile, the PDF downloads byte for byte (its opening shown to the
 * studio), the acceptance records who, when, the e-mail, IP and browser (shown to the studio; the PDF
 * kept in the customer's AML file); a form not filled in, a missing token, a declaration replaced by
 * a newer one, a second acceptance, another customer's or another studio's declaration, a customer
 * without people in the area and the Utente are refused with nothing written. The demo customer of
 * the area has one to accept.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { cookieOf, portalClient, textOf } from '../helpers/portal.js';
import { DECLARATION_MESSAGES } from '../../model/api/portalDeclarations.js';

let t: TestApp;
let a: Api;
let alfa: number;
let beta: number;
let empty: number;
const BASE = 'https://gestionale.example.it';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** the customer's address, which the declaration prints */
const ADDRESS = 'Via delle Dichiarazioni Riservate 17';
/** a PDF's text, its blanks made one space */
const pdfText = (body: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: body, encoding: 'utf8' }).replace(/\s+/g, ' ');

const { form, page, enter } = portalClient(
  () => t,
  () => a,
);

type Who = { cookie: string; csrf: string };
const accept = (who: Who, id: number, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/area-clienti/dichiarazioni/${id}`,
    remoteAddress: '203.0.113.7',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.cookie, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

const declarations = async (customer: number) =>
  (await a.get('collab', `/api/customer/${customer}/portal/declarations`)).json().data as Array<
    Record<string, unknown> & { id: number; sha256: string; state: string }
  >;
const stored = async (id: number) =>
  (
    await a.sql<{ accepted_at: string | null; accepted_name: string | null; pdf: Uint8Array }>(
      `SELECT "accepted_at", "accepted_name", "pdf" FROM "portal_acceptances" WHERE "id" = $1`,
      [id],
    )
  )[0]!;
const amlDeclarations = async (customer: number) =>
  a.sql<{ id: number; sha256: string; description: string; created_by: number | null; created_by_name: string }>(
    `SELECT "id", "sha256", "description", "created_by", "created_by_name" FROM "aml_files" WHERE "customer_id" = $1 AND "kind" = 'dichiarazione' ORDER BY "id"`,
    [customer],
  );

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: BASE } });
  a = api(t);
  alfa = await a.newCustomer('Alfa Dichiarazioni S.r.l.');
  await a.sql(`UPDATE "customers" SET "address" = $1 WHERE "id" = $2`, [ADDRESS, alfa]);
  beta = await a.newCustomer('Beta Dichiarazioni S.r.l.');
  empty = await a.newCustomer('Gamma Senza Persone S.r.l.');
});
afterAll(async () => {
  await t?.close();
});

describe('issue 50 the AML declaration to accept', () => {
  let person: Who;
  let first: number;
  beforeAll(async () => {
    person = await enter(alfa, 'titolare@alfadich.test');
    await a.sql(`UPDATE "portal_access" SET "name" = 'Paolo Alfa' WHERE "customer_id" = $1`, [alfa]);
  });

  it('the studio sends it: stored as the studio downloads it, the people notified without the document', async () => {
    const r = await a.post('collab', `/api/customer/${alfa}/portal/declarations`);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().notified).toBe(1);
    const [d] = r.json().data;
    first = d.id;
    expect(d).toMatchObject({
      title: 'Dichiarazione del cliente ai fini dell’adeguata verifica',
      filename: expect.stringMatching(/^Dichiarazione_antiriciclaggio_Alfa.+\.pdf$/),
      state: 'da_accettare',
      sent_by_name: (
        await a.sql<{ name: string }>(`SELECT "name" FROM "users" WHERE "email" = 'collaboratore@studiodemo.test'`)
      )[0]!.name,
      withdrawn_at: null,
      first_opened_at: null,
      accepted_at: null,
    });
    const row = await stored(first);
    const bytes = Buffer.from(row.pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(d.sha256).toBe(sha256(bytes));
    expect(d.size).toBe(bytes.length);
    // the same file name as the studio's own download
    const own = await a.get('collab', `/api/customer/${alfa}/aml/declaration.pdf`);
    const ownName = /filename\*=UTF-8''(.+)$/.exec(String(own.headers['content-disposition']))![1]!;
    expect(d.filename).toBe(decodeURIComponent(ownName));
    // the studio's download of the PDF as sent
    const pdf = await a.get('collab', `/api/customer/${alfa}/portal/declarations/${first}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(bytes)).toBe(true);

    const mails = await a.sql<{
      id: number;
      to_addresses: string[];
      subject: string;
      body_text: string;
      body_html: string;
    }>(
      `SELECT "id", "to_addresses", "subject", "body_text", "body_html" FROM "mail_outbox" WHERE "kind" = 'portal_declaration'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_addresses).toEqual(['titolare@alfadich.test']);
    expect(mails[0]!.subject).toBe('Dichiarazione antiriciclaggio da accettare – Alfa Dichiarazioni S.r.l.');
    expect(mails[0]!.body_text).toContain(`${BASE}/area-clienti`);
    // what the declaration says (the customer's address, the form's texts) is in the PDF, not in the e-mail
    expect(pdfText(bytes)).toContain(ADDRESS);
    for (const body of [mails[0]!.body_text, mails[0]!.body_html]) {
      expect(body).not.toContain('%PDF');
      expect(body).not.toContain(ADDRESS);
      expect(body).not.toContain('AV.4');
      expect(body).not.toContain('art. 55');
      expect(body).not.toContain(d.sha256);
    }
    const attachments = await a.sql(`SELECT 1 FROM "mail_attachments" WHERE "mail_id" = $1`, [mails[0]!.id]);
    expect(attachments).toEqual([]);
  });

  it('the area lists it to accept and counts it; the PDF downloads as stored and its opening is shown', async () => {
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toMatch(/aria-label="1 da leggere"/);
    const docs = await page('/area-clienti/documenti', person.cookie);
    const text = textOf(docs.body);
    expect(text).toContain('Dichiarazioni da accettare');
    expect(text).toContain('Da leggere e accettare');
    expect(docs.body).toContain(`href="/area-clienti/dichiarazioni/${first}"`);

    const p = await page(`/area-clienti/dichiarazioni/${first}`, person.cookie);
    expect(p.statusCode).toBe(200);
    const pt = textOf(p.body);
    expect(pt).toContain('art. 22 del D.Lgs. 231/2007');
    expect(pt).toContain('Scarica e leggi la dichiarazione (PDF)');
    const [d] = await declarations(alfa);
    expect(p.body).toContain(`<code>${d!.sha256}</code>`);
    // prefilled with the person's name, the messages one tap away
    expect(p.body).toMatch(/id="nome" name="nome" value="Paolo Alfa"/);
    expect(p.body).toContain('href="/area-clienti/messaggi">I dati non sono corretti? Scrivi allo studio</a>');

    const pdf = await page(`/area-clienti/dichiarazioni/${first}.pdf`, person.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; filename="Dichiarazione_antiriciclaggio_/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pdf.rawPayload.equals(Buffer.from((await stored(first)).pdf))).toBe(true);
    expect(sha256(pdf.rawPayload)).toBe(d!.sha256);
    const after = (await declarations(alfa))[0]!;
    expect(after.first_opened_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.opened_times).toBe(1);
  });

  it('a form not filled in is the page again (422) with the reason; without the token 403; nothing recorded', async () => {
    const files = (await amlDeclarations(alfa)).length;
    const noCheck = await accept(person, first, { csrf: person.csrf, nome: 'Paolo Alfa' });
    expect(noCheck.statusCode).toBe(422);
    expect(textOf(noCheck.body)).toContain('Per accettare spunti «Ho letto la dichiarazione');
    expect(noCheck.body).toMatch(/id="accetto"[^>]*aria-invalid="true"/);
    const noName = await accept(person, first, { csrf: person.csrf, nome: '   ', accetto: '1' });
    expect(noName.statusCode).toBe(422);
    expect(textOf(noName.body)).toContain('Scriva il nome e cognome di chi accetta');
    expect(noName.body).toMatch(/name="accetto" value="1" required checked/);
    expect(noName.body).toMatch(/id="nome" name="nome" value=""[^>]*aria-invalid="true"/);
    const long = await accept(person, first, { csrf: person.csrf, nome: 'x'.repeat(121), accetto: '1' });
    expect(long.statusCode).toBe(422);
    expect(textOf(long.body)).toContain('Il nome può avere al massimo 120 caratteri');
    const noToken = await accept(person, first, { nome: 'Paolo Alfa', accetto: '1' });
    expect(noToken.statusCode).toBe(403);
    expect((await stored(first)).accepted_at).toBeNull();
    expect((await declarations(alfa))[0]!.state).toBe('da_accettare');
    expect((await amlDeclarations(alfa)).length).toBe(files);
  });

  it('accepted: who, when, e-mail, IP and browser recorded and shown to the studio; kept in the AML file; once', async () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';
    const ok = await accept(
      person,
      first,
      { csrf: person.csrf, nome: '  Paolo   Alfa ', accetto: '1' },
      { 'user-agent': ua },
    );
    expect(ok.statusCode, ok.body).toBe(303);
    expect(ok.headers.location).toBe(`/area-clienti/dichiarazioni/${first}?accettata=1`);
    const shown = await page(String(ok.headers.location), person.cookie);
    const st = textOf(shown.body);
    expect(st).toContain('Grazie: dichiarazione accettata.');
    expect(st).toMatch(/Accettata il \d{2}-\d{2}-\d{4} \d{2}:\d{2} da Paolo Alfa/);
    expect(shown.body).not.toContain('name="accetto"');

    const d = (await declarations(alfa))[0]!;
    expect(d).toMatchObject({
      state: 'accettata',
      accepted_name: 'Paolo Alfa',
      accepted_email: 'titolare@alfadich.test',
      accepted_ip: '203.0.113.7',
      accepted_user_agent: ua,
    });
    expect(d.accepted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(textOf((await page('/area-clienti/documenti', person.cookie)).body)).toMatch(
      /Accettata il \d{2}-\d{2}-\d{4} \d{2}:\d{2} da Paolo Alfa/,
    );
    expect((await page('/area-clienti', person.cookie)).body).not.toMatch(/da leggere/);

    // the AML file keeps the PDF as accepted, with the evidence
    const [kept] = await amlDeclarations(alfa);
    expect(kept).toMatchObject({ sha256: d.sha256, created_by: null, created_by_name: 'Paolo Alfa (area clienti)' });
    expect(kept!.description).toContain("Accettata nell'area clienti il ");
    expect(kept!.description).toContain('da Paolo Alfa (titolare@alfadich.test), indirizzo IP 203.0.113.7');
    const file = await a.get('collab', `/api/customer/${alfa}/aml/files/${kept!.id}`);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(d.sha256);

    // a second acceptance changes nothing
    const again = await accept(person, first, { csrf: person.csrf, nome: 'Qualcun Altro', accetto: '1' });
    expect(again.statusCode).toBe(409);
    expect(textOf(again.body)).toContain('da Paolo Alfa');
    expect((await declarations(alfa))[0]).toMatchObject({ accepted_name: 'Paolo Alfa', accepted_at: d.accepted_at });
    expect(await amlDeclarations(alfa)).toHaveLength(1);
  });

  it('a newer one replaces the one not accepted: accepting the old one is refused (409), the new one is listed', async () => {
    const one = await a.post('admin', `/api/customer/${alfa}/portal/declarations`);
    const two = await a.post('admin', `/api/customer/${alfa}/portal/declarations`);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    const [newest, replaced, accepted] = two.json().data;
    expect([newest.state, replaced.state, accepted.state]).toEqual(['da_accettare', 'sostituita', 'accettata']);
    expect(replaced.withdrawn_at).toMatch(/^\d{4}-/);
    expect(accepted.id).toBe(first);
    expect(accepted.withdrawn_at).toBeNull();

    const old = await accept(person, replaced.id, { csrf: person.csrf, nome: 'Paolo Alfa', accetto: '1' });
    expect(old.statusCode).toBe(409);
    expect(textOf(old.body)).toContain('sostituita da una più recente');
    expect((await stored(replaced.id)).accepted_at).toBeNull();
    expect((await page(`/area-clienti/dichiarazioni/${replaced.id}`, person.cookie)).statusCode).toBe(409);

    const docs = await page('/area-clienti/documenti', person.cookie);
    expect(docs.body).toContain(`href="/area-clienti/dichiarazioni/${newest.id}"`);
    expect(docs.body).not.toContain(`href="/area-clienti/dichiarazioni/${replaced.id}"`);
    expect((await page('/area-clienti', person.cookie)).body).toMatch(/aria-label="1 da leggere"/);
  });

  it('another customer’s declaration is not found in the area nor in the studio’s calls', async () => {
    const other = await enter(beta, 'bruno@betadich.test');
    for (const url of [`/area-clienti/dichiarazioni/${first}`, `/area-clienti/dichiarazioni/${first}.pdf`])
      expect((await page(url, other.cookie)).statusCode, url).toBe(404);
    const post = await accept(other, first, { csrf: other.csrf, nome: 'Bruno', accetto: '1' });
    expect(post.statusCode).toBe(404);
    expect(textOf((await page('/area-clienti/documenti', other.cookie)).body)).not.toContain(
      'Dichiarazioni da accettare',
    );
    // the studio: the id under another customer, another studio's customer
    expect((await a.get('collab', `/api/customer/${beta}/portal/declarations/${first}/pdf`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/declarations`)).statusCode).toBe(404);
    expect((await a.post('bianchi', `/api/customer/${alfa}/portal/declarations`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/declarations/${first}/pdf`)).statusCode).toBe(404);
    expect((await stored(first)).accepted_name).toBe('Paolo Alfa');
  });

  it('a customer without anyone in the area: 422 with the reason, nothing written nor e-mailed', async () => {
    const count = async () =>
      (
        await a.sql<{ d: number; m: number }>(
          `SELECT (SELECT count(*)::int FROM "portal_acceptances") AS "d", (SELECT count(*)::int FROM "mail_outbox" WHERE "kind" = 'portal_declaration') AS "m"`,
        )
      )[0];
    const before = await count();
    const r = await a.post('collab', `/api/customer/${empty}/portal/declarations`);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(DECLARATION_MESSAGES.noPeople);
    // a person revoked is no one
    await enter(empty, 'revocato@gammadich.test');
    const [{ id: access }] = await a.sql<{ id: number }>(`SELECT "id" FROM "portal_access" WHERE "customer_id" = $1`, [
      empty,
    ]);
    expect((await a.post('admin', `/api/customer/${empty}/portal/access/${access}/revoke`)).statusCode).toBe(200);
    expect((await a.post('collab', `/api/customer/${empty}/portal/declarations`)).statusCode).toBe(422);
    expect(await count()).toEqual(before);
    expect(await declarations(empty)).toEqual([]);
  });

  it('the Utente is refused every call', async () => {
    const utente = await a.utente('utente.dichiarazioni@studiodemo.test');
    for (const [method, url] of [
      ['GET', `/api/customer/${alfa}/portal/declarations`],
      ['POST', `/api/customer/${alfa}/portal/declarations`],
      ['GET', `/api/customer/${alfa}/portal/declarations/${first}/pdf`],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: utente, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('issue 50 demo data', () => {
  it('the demo customer of the area has its AML declaration to accept', async () => {
    const login = await form('/area-clienti/accedi/password', {
      email: 'titolare@cliente-demo.test',
      password: 'Demo2026!',
    });
    expect(login.statusCode).toBe(303);
    const docs = await page('/area-clienti/documenti', cookieOf(login));
    const text = textOf(docs.body);
    expect(text).toContain('Dichiarazioni da accettare');
    expect(text).toContain('Dichiarazione del cliente ai fini dell’adeguata verifica');
    expect(text).toContain('Da leggere e accettare');
  });
});
