/**
 * The engagement letter and the engagement's state changes through the HTTP interface (issue 49
 * item 2), read with real tools (pdftotext, unzip): the letter's PDF (the parties, the services with
 * their fees, one charge's figures by the payable function, the AML, privacy and insurance clauses)
 * and Word document (the services' rows, values escaped); 'send' (the outbox row with the PDF
 * attached and the customer's link, the letter stored with its SHA-256 and downloadable byte for
 * byte; refused without services or without an address); the customer's page (GET: the letter, the
 * form; the PDF as sent; POST: accepted with the name, the IP and the hash, the engagement signed;
 * a second POST, an expired, tampered or superseded link answered by a page, never a 500);
 * 'mark_signed' with a scan (a non-PDF refused, nothing written); 'end' with the notice (and by
 * mutual consent); 'back_to_draft'; the studio's Word template (checked, used, removed); roles and
 * another studio (404); the stored files kept by the storage's sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PizZip from 'pizzip';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, USERS, type Api, type Who } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { buildDocx, docxText } from '../../server/render/docxBuilder.js';
import { letterToken } from '../../server/areas/engagements/letterLink.js';
import { LocalStorage } from '../../server/storage/index.js';
import { sweepStorage } from '../../server/storage/sweep.js';
import { addDays, displayDate } from '../../model/dates.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const dir = mkdtempSync(join(tmpdir(), 'gs-engagement-letter-'));
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n% lettera firmata\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BASE = 'https://gestionale.example.it';

/** the PDF's text, its blanks made one space */
const pdfText = (body: Buffer) => {
  const p = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(p, body);
  return execFileSync('pdftotext', ['-layout', p, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

let demo: number;
let collabId: number;
let services: number[];
/** a customer the Collaboratore follows, a withholding agent, with a PEC */
let gamma: number;

const action = (id: number, name: string) => `/api/engagement/${id}/actions/${name}`;
const post = (who: Who, id: number, name: string, body: unknown = {}) => a.post(who, action(id, name), body);
const get = (who: Who, id: number, name: string, query?: Record<string, unknown>) =>
  a.get(who, action(id, name), query);

/** A new engagement of `customer` (as the Admin) with its services written as the editor writes them. */
async function engagement(
  customer: number,
  rows: Array<{ rule: string; fee: string; description: string; unit_source?: string }>,
  over: Record<string, unknown> = {},
): Promise<number> {
  const r = await a.post('admin', '/api/engagements', {
    title: 'Contabilità ordinaria e paghe',
    customer_id: customer,
    start_date: addDays(today, -40),
    notice_days: 60,
    billing_day: 31,
    payment_days: 30,
    update_kind: 'none',
    ...over,
  });
  expect(r.statusCode, r.body).toBe(201);
  const id = r.json().data.id as number;
  for (const [i, s] of rows.entries())
    await a.sql(
      `INSERT INTO "engagement_services" ("studio_id", "engagement_id", "position", "studio_service_id", "description", "rule", "fee", "unit_source")
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8)`,
      [demo, id, i + 1, services[i % services.length], s.description, s.rule, s.fee, s.unit_source ?? null],
    );
  return id;
}

const status = async (id: number) =>
  (await a.sql<{ status: string }>(`SELECT "status" FROM "engagements" WHERE "id" = $1`, [id]))[0]!.status;

/** the customer's link of the newest mail of an engagement, its path */
async function linkOf(mailId: number): Promise<string> {
  const [m] = await a.sql<{ body_text: string }>(`SELECT "body_text" FROM "mail_outbox" WHERE "id" = $1`, [mailId]);
  const found = /https:\/\/gestionale\.example\.it(\/incarico\/[\w-]+)/.exec(m!.body_text);
  expect(found, m!.body_text).not.toBeNull();
  return found![1]!;
}

const page = (url: string) => t.app.inject({ method: 'GET', url });
const accept = (url: string, form: Record<string, string>, ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Prova/1.0 (telefono)' },
    payload: new URLSearchParams(form).toString(),
  });

const upload = async (who: Who, url: string, method: 'POST' | 'PUT', bytes: Buffer, name: string) => {
  const body = await multipart({}, [{ name, bytes }], 'file');
  return t.app.inject({ method, url, payload: body.payload, headers: { ...(await a.headers(who)), ...body.headers } });
};

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: BASE } });
  a = api(t);
  demo = await a.studioId('Studio Demo');
  collabId = Number(
    (await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.collab]))[0]!.id,
  );
  services = (
    await a.sql<{ id: number }>(
      `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 3`,
      [demo],
    )
  ).map((r) => Number(r.id));
  expect(services.length).toBeGreaterThanOrEqual(2);
  // the figures below are the ordinary regime's with cassa and withholding, no stamp charged
  await a.sql(
    `UPDATE "studios" SET "fiscal_regime" = 'RF01', "withholding_tax" = 1, "cassa_previdenza" = 1, "stamp_duty_charged" = 0 WHERE "id" = $1`,
    [demo],
  );
  gamma = await a.newCustomer('Gamma <Incarichi> & C. S.r.l.', {
    withholding_agent: 'si',
    pec: 'gamma@pec.prova.test',
    collaborator_accounting_id: collabId,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('issue 49 the letter’s documents', () => {
  let id: number;
  beforeAll(async () => {
    id = await engagement(gamma, [
      { rule: 'quarterly', fee: '600.00', description: 'Tenuta della contabilità ordinaria' },
      { rule: 'per_unit', fee: '18.00', description: 'Elaborazione cedolini', unit_source: 'manual' },
    ]);
  });

  it('issue 49 GET /api/engagement/{id}/actions/letter_pdf: the parties, the services, one quarter’s figures (600 + 24 + 137,28 − 120 = 641,28) and the clauses', async () => {
    const r = await t.app.inject({ method: 'GET', url: action(id, 'letter_pdf'), headers: await a.headers('collab') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    expect(r.headers['content-disposition']).toContain('Lettera_incarico_Gamma_Incarichi_C._S.r.l.pdf');
    const text = pdfText(r.rawPayload);
    for (const s of [
      'Lettera di incarico professionale',
      `Incarico n. ${id} – «Contabilità ordinaria e paghe»`,
      'Gamma <Incarichi> & C. S.r.l.',
      '(di seguito «il cliente»)',
      'Tenuta della contabilità ordinaria',
      'Trimestrale',
      '600,00 €',
      '24,00 €',
      '137,28 €',
      '761,28 €',
      '-120,00 €',
      '641,28 €',
      'Elaborazione cedolini',
      '18,00 €',
      'per unità',
      'Compenso annuo dei servizi periodici: 2.400,00 €',
      'con un preavviso scritto di 60 giorni',
      'entro 30 giorni dalla data della fattura',
      'Art. 9 – Antiriciclaggio (D.Lgs. 231/2007)',
      'adeguata verifica',
      'Regolamento (UE) 2016/679',
      'art. 5 del D.P.R. 7 agosto 2012, n. 137',
      'Il professionista',
      'Il cliente',
    ])
      expect(text, s).toContain(s);
  });

  it('issue 49 GET /api/engagement/{id}/actions/letter_docx: the built-in template filled, a row per service, the values escaped', async () => {
    const r = await t.app.inject({ method: 'GET', url: action(id, 'letter_docx'), headers: await a.headers('collab') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('wordprocessingml');
    const xml = new PizZip(r.rawPayload).file('word/document.xml')!.asText();
    expect(xml).toContain('Gamma &lt;Incarichi&gt; &amp; C. S.r.l.');
    expect(xml).not.toMatch(/\{[#/]?servizi\}|\{descrizione\}/);
    const text = docxText(r.rawPayload);
    expect(text).toContain('Tenuta della contabilità ordinaria');
    expect(text).toContain('641,28 €');
    expect(text).toContain('Art. 10 – Trattamento dei dati personali');
    expect(xml.match(/Elaborazione cedolini/g)).toHaveLength(2);
  });

  it('issue 49 documents: another studio’s engagement is not found, a Collaboratore who does not follow the customer does not see it, the Utente is refused', async () => {
    expect((await get('bianchi', id, 'letter_pdf')).statusCode).toBe(404);
    expect((await get('bianchi', id, 'letters')).statusCode).toBe(404);
    const other = await a.newCustomer('Delta Non Seguita S.r.l.');
    const hidden = await engagement(other, [{ rule: 'yearly', fee: '1200', description: 'Bilancio' }]);
    expect((await get('collab', hidden, 'letters')).statusCode).toBe(404);
    expect((await post('collab', hidden, 'send')).statusCode).toBe(404);
    expect((await get('admin', hidden, 'letters')).statusCode).toBe(200);
    const utente = await a.utente('utente.incarichi@studiodemo.test');
    const r = await t.app.inject({ method: 'GET', url: action(id, 'letters'), headers: utente });
    expect(r.statusCode).toBe(403);
  });
});

describe('issue 49 send, accept on the customer’s page', () => {
  let id: number;
  let mailId: number;
  let link: string;
  let letterSha: string;

  beforeAll(async () => {
    id = await engagement(
      gamma,
      [
        { rule: 'quarterly', fee: '600.00', description: 'Tenuta della contabilità' },
        { rule: 'monthly', fee: '150.00', description: 'Consulenza continuativa' },
      ],
      { title: 'Incarico da accettare online', start_date: addDays(today, -400) },
    );
  });

  it('issue 49 POST …/actions/send refused: no services, no address (nothing written)', async () => {
    const empty = await engagement(gamma, [], { title: 'Senza servizi' });
    const r = await post('collab', empty, 'send');
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toEqual({
      message: "L'incarico non ha servizi: aggiungine almeno uno prima di inviare la lettera",
      errors: { services: ["L'incarico non ha servizi: aggiungine almeno uno prima di inviare la lettera"] },
    });
    const nobody = await a.newCustomer('Epsilon Senza Indirizzi', { collaborator_accounting_id: collabId });
    await a.sql(`UPDATE "customers" SET "email" = '', "pec" = NULL WHERE "id" = $1`, [nobody]);
    const e = await engagement(nobody, [{ rule: 'yearly', fee: '1000', description: 'Bilancio' }], {
      title: 'Senza indirizzo',
    });
    const n = await post('collab', e, 'send');
    expect(n.statusCode, n.body).toBe(422);
    expect(n.json().errors.recipient[0]).toBe(
      'Il cliente non ha un indirizzo email né una PEC: indicali nella scheda del cliente prima di inviare la lettera',
    );
    const letters = await a.sql(`SELECT 1 FROM "engagement_letters" WHERE "engagement_id" IN ($1, $2)`, [empty, e]);
    expect(letters).toHaveLength(0);
    expect(await status(e)).toBe('draft');
  });

  it('issue 49 POST /api/engagement/{id}/actions/send: the PDF stored as sent with its SHA-256, e-mailed with the link; draft → sent', async () => {
    const before = Number((await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "mail_outbox"`))[0]!.n);
    const r = await post('collab', id, 'send');
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data;
    expect(data).toMatchObject({ engagement_id: id, status: 'sent', recipient: 'cliente@prova.test', services: 2 });
    expect(data.sent_at.slice(0, 10)).toBe(today);
    expect(data.letters).toHaveLength(1);
    const l = data.letters[0];
    expect(l).toMatchObject({
      kind: 'mail',
      recipient: 'cliente@prova.test',
      link_state: 'open',
      link_expires: addDays(today, 60),
      accepted_at: null,
      opened_at: null,
    });
    letterSha = l.sha256;
    mailId = l.mail_id;
    const mails = await a.sql<{
      id: number;
      kind: string;
      to_addresses: string[];
      cc_addresses: string[];
      subject: string;
      body_text: string;
    }>(
      `SELECT "id", "kind", "to_addresses", "cc_addresses", "subject", "body_text" FROM "mail_outbox" WHERE "id" > $1 ORDER BY "id"`,
      [before],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: mailId,
      kind: 'engagement_letter',
      to_addresses: ['cliente@prova.test'],
      subject: 'Lettera di incarico professionale: Incarico da accettare online',
    });
    // the studio's copy address of contracts ('Email in copia (contratti)')
    const [studio] = await a.sql<{ cc: string | null }>(`SELECT "cc_contract" AS "cc" FROM "studios" WHERE "id" = $1`, [
      demo,
    ]);
    expect(studio!.cc).toBeTruthy();
    expect(mails[0]!.cc_addresses).toEqual([studio!.cc]);
    expect(mails[0]!.body_text).toContain(`Impronta SHA-256 della lettera: ${letterSha}`);
    expect(mails[0]!.body_text).toContain(`Link valido fino al: ${displayDate(addDays(today, 60))}`);
    const [att] = await a.sql<{ filename: string; content: Uint8Array }>(
      `SELECT "filename", "content" FROM "mail_attachments" WHERE "mail_id" = $1`,
      [mailId],
    );
    expect(att!.filename).toBe('Lettera_incarico_Gamma_Incarichi_C._S.r.l.pdf');
    expect(sha(att!.content)).toBe(letterSha);
    // the letter as stored, downloaded byte for byte
    const file = await get('collab', id, 'letter_file', { letter_id: l.id });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(att!.content))).toBe(0);
    expect(pdfText(file.rawPayload)).toContain('Incarico da accettare online');
    link = await linkOf(mailId);
    // the audit row of the change
    const [h] = await a.sql<{ user_name: string; changes: Record<string, unknown> }>(
      `SELECT "user_name", "changes" FROM "audit_log" WHERE "model" = 'Engagement' AND "record_id" = $1 ORDER BY "id" DESC LIMIT 1`,
      [id],
    );
    expect(h!.changes.status).toEqual(['draft', 'sent']);
  });

  it('issue 49 GET /incarico/{token}: the letter, the services with their fees, the PDF as sent, the form; no script; the opening recorded', async () => {
    const r = await page(link);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(r.body).toContain('Gamma &lt;Incarichi&gt; &amp; C. S.r.l.');
    expect(r.body).toContain('«Incarico da accettare online»');
    expect(r.body).toContain('Tenuta della contabilità');
    expect(r.body).toContain('600,00 €');
    expect(r.body).toContain('641,28 €');
    // 150 + 6 + 34,32 − 30
    expect(r.body).toContain('160,32 €');
    expect(r.body).toContain(`<form method="post" action="${link}"`);
    expect(r.body).toContain('Ho letto la lettera d’incarico e la accetto');
    expect(r.body).toContain(letterSha);
    expect(r.body).toContain(`href="${link}/lettera.pdf"`);
    const [l] = await a.sql<{ opened_at: string | null }>(
      `SELECT "opened_at"::text FROM "engagement_letters" WHERE "mail_id" = $1`,
      [mailId],
    );
    expect(l!.opened_at).not.toBeNull();
    const pdf = await page(`${link}/lettera.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha(pdf.rawPayload)).toBe(letterSha);
  });

  it('issue 49 POST /incarico/{token} without the checkbox or a name: 422 page, nothing written', async () => {
    const r = await accept(link, { nome: 'M' });
    expect(r.statusCode).toBe(422);
    expect(r.body).toContain('Scriva il suo nome e cognome (almeno 3 caratteri)');
    expect(r.body).toContain('Per accettare spunti «Ho letto la lettera d’incarico e la accetto»');
    expect(r.body).toContain('aria-invalid="true"');
    const [l] = await a.sql<{ accepted_at: string | null }>(
      `SELECT "accepted_at" FROM "engagement_letters" WHERE "mail_id" = $1`,
      [mailId],
    );
    expect(l!.accepted_at).toBeNull();
    expect(await status(id)).toBe('sent');
  });

  it('issue 49 POST /incarico/{token}: accepted with who, when, the IP, the browser and the hash; the engagement signed; a second POST told it was accepted', async () => {
    const r = await accept(link, { nome: '  Mario   Bianchi ', accetto: '1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain('Grazie: lettera d’incarico accettata');
    expect(r.body).toContain('Mario Bianchi');
    expect(r.body).toContain('203.0.113.7');
    const [l] = await a.sql<{
      accepted_at: string;
      accepted_name: string;
      accepted_ip: string;
      accepted_agent: string;
      sha256: string;
    }>(
      `SELECT to_char("accepted_at", 'YYYY-MM-DD HH24:MI') AS "accepted_at", "accepted_name", "accepted_ip", "accepted_agent", "sha256"
       FROM "engagement_letters" WHERE "mail_id" = $1`,
      [mailId],
    );
    expect(l).toMatchObject({
      accepted_name: 'Mario Bianchi',
      accepted_ip: '203.0.113.7',
      accepted_agent: 'Prova/1.0 (telefono)',
      sha256: letterSha,
    });
    const [e] = await a.sql<{ status: string; signed_how: string; signed_at: string }>(
      `SELECT "status", "signed_how", to_char("signed_at", 'YYYY-MM-DD HH24:MI') AS "signed_at" FROM "engagements" WHERE "id" = $1`,
      [id],
    );
    expect(e).toMatchObject({
      status: 'signed',
      signed_at: l!.accepted_at,
      signed_how: `Accettato online da Mario Bianchi il ${displayDate(l!.accepted_at, true)}`,
    });
    const [h] = await a.sql<{ user_id: number | null; user_name: string; changes: Record<string, [unknown, unknown]> }>(
      `SELECT "user_id", "user_name", "changes" FROM "audit_log" WHERE "model" = 'Engagement' AND "record_id" = $1 ORDER BY "id" DESC LIMIT 1`,
      [id],
    );
    expect(h).toMatchObject({ user_id: null, user_name: 'Mario Bianchi (pagina del cliente)' });
    expect(h!.changes.status).toEqual(['sent', 'signed']);
    expect(String(h!.changes.Lettera![1])).toContain(letterSha);
    // again: the page says so, nothing changes
    const again = await accept(link, { nome: 'Altra Persona', accetto: '1' }, '198.51.100.1');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Lettera già accettata il ${displayDate(l!.accepted_at, true)}`);
    const view = await page(link);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Lettera già accettata il');
    expect(view.body).not.toContain('<form');
    const [still] = await a.sql<{ accepted_name: string }>(
      `SELECT "accepted_name" FROM "engagement_letters" WHERE "mail_id" = $1`,
      [mailId],
    );
    expect(still!.accepted_name).toBe('Mario Bianchi');
    // the history of the letters in the app
    const letters = (await get('collab', id, 'letters')).json().data;
    expect(letters).toMatchObject({ status: 'signed', signed_how: e!.signed_how });
    expect(letters.letters[0]).toMatchObject({
      link_state: 'accepted',
      accepted_name: 'Mario Bianchi',
      accepted_ip: '203.0.113.7',
      sha256: letterSha,
    });
  });

  it('issue 49 the page’s links: tampered, unknown or expired tokens answer a page without data, never a 500', async () => {
    const [l] = await a.sql<{ id: number; nonce: string; link_expires: string }>(
      `SELECT "id", "nonce", to_char("link_expires", 'YYYY-MM-DD') AS "link_expires" FROM "engagement_letters" WHERE "mail_id" = $1`,
      [mailId],
    );
    const good = letterToken(t.settings.jwtSecret, l!.id, l!.nonce, l!.link_expires);
    expect(`/incarico/${good}`).toBe(link);
    const bad = [
      letterToken('another-secret'.padEnd(48, 'y'), l!.id, l!.nonce, l!.link_expires),
      letterToken(t.settings.jwtSecret, l!.id, 'guessed-nonce', l!.link_expires),
      good.replace(/^\d+/, String(l!.id + 1000)),
      letterToken(t.settings.jwtSecret, l!.id, l!.nonce, '2099-12-31'),
      'abc',
      `${good}x`,
    ];
    for (const token of bad) {
      for (const res of [
        await page(`/incarico/${encodeURIComponent(token)}`),
        await accept(`/incarico/${encodeURIComponent(token)}`, { nome: 'Mario Bianchi', accetto: '1' }),
        await page(`/incarico/${encodeURIComponent(token)}/lettera.pdf`),
      ]) {
        expect(res.statusCode, token).toBe(404);
        expect(res.body).toContain('Link non valido');
        expect(res.body).not.toContain('Gamma');
      }
    }
    // an unaccepted letter past its day
    const e = await engagement(gamma, [{ rule: 'yearly', fee: '900', description: 'Bilancio annuale' }], {
      title: 'Scaduto',
      start_date: addDays(today, -800),
      end_date: addDays(today, -500),
    });
    const sent = await post('admin', e, 'send');
    expect(sent.statusCode, sent.body).toBe(200);
    const [x] = await a.sql<{ id: number; nonce: string }>(
      `SELECT "id", "nonce" FROM "engagement_letters" WHERE "engagement_id" = $1`,
      [e],
    );
    const past = addDays(today, -1);
    await a.sql(`UPDATE "engagement_letters" SET "link_expires" = $2::date WHERE "id" = $1`, [x!.id, past]);
    const expired = `/incarico/${letterToken(t.settings.jwtSecret, x!.id, x!.nonce, past)}`;
    for (const res of [
      await page(expired),
      await accept(expired, { nome: 'Mario Bianchi', accetto: '1' }),
      await page(`${expired}/lettera.pdf`),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('Link scaduto');
    }
    expect(await status(e)).toBe('sent');
    expect((await get('admin', e, 'letters')).json().data.letters[0].link_state).toBe('expired');
  });
});

describe('issue 49 sending again, back to draft, signed on paper, the end', () => {
  let id: number;

  beforeAll(async () => {
    id = await engagement(gamma, [{ rule: 'half_yearly', fee: '1000.00', description: 'Dichiarazioni fiscali' }], {
      title: 'Incarico a tempo indeterminato',
      start_date: addDays(today, -100),
    });
  });

  it('issue 49 POST …/actions/send twice: a new letter each time; the older link stops accepting (superseded)', async () => {
    const first = (await post('collab', id, 'send')).json().data.letters[0];
    const second = await post('collab', id, 'send');
    expect(second.statusCode, second.body).toBe(200);
    const data = second.json().data;
    expect(data.letters.map((l: { id: number; link_state: string }) => [l.id, l.link_state])).toEqual([
      [data.letters[0].id, 'open'],
      [first.id, 'superseded'],
    ]);
    expect(data.letters[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const old = await linkOf(first.mail_id);
    for (const res of [await page(old), await accept(old, { nome: 'Mario Bianchi', accetto: '1' })]) {
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('Questa lettera è stata sostituita da una più recente');
    }
    expect(await status(id)).toBe('sent');
    const [l] = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "engagement_letters" WHERE "engagement_id" = $1 AND "accepted_at" IS NOT NULL`,
      [id],
    );
    expect(l!.n).toBe(0);
  });

  it('issue 49 POST …/actions/back_to_draft: sent → draft, the link withdrawn; from draft refused', async () => {
    const r = await post('collab', id, 'back_to_draft');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'draft', sent_at: null });
    expect(r.json().data.letters[0].link_state).toBe('closed');
    const newest = r.json().data.letters[0];
    const res = await page(await linkOf(newest.mail_id));
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('Lettera ritirata');
    const again = await post('collab', id, 'back_to_draft');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Si riporta in bozza solo un incarico inviato e non ancora firmato');
    // the generic update cannot write the status
    const put = await a.put('admin', `/api/engagements/${id}`, { status: 'signed' });
    expect(await status(id)).toBe('draft');
    expect([200, 400, 422]).toContain(put.statusCode);
  });

  it('issue 49 POST …/actions/mark_signed: a non-PDF refused with nothing written; the scan kept with its SHA-256, draft → signed', async () => {
    const bad = await upload(
      'collab',
      action(id, 'mark_signed'),
      'POST',
      Buffer.from('non sono un pdf, solo testo'),
      'firmata.pdf',
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors.file[0]).toBe('firmata.pdf: La scansione firmata deve essere un PDF, un JPEG o un PNG');
    expect(await status(id)).toBe('draft');
    expect(
      await a.sql(`SELECT 1 FROM "engagement_letters" WHERE "engagement_id" = $1 AND "kind" = 'scan'`, [id]),
    ).toHaveLength(0);
    const none = await t.app.inject({
      method: 'POST',
      url: action(id, 'mark_signed'),
      headers: await a.headers('collab'),
      payload: {},
    });
    expect(none.statusCode).toBe(415);

    const r = await upload('collab', action(id, 'mark_signed'), 'POST', PDF, 'lettera firmata.pdf');
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data;
    expect(data).toMatchObject({ status: 'signed', signed_how: 'Firmato su carta (scansione allegata)' });
    expect(data.signed_at.slice(0, 10)).toBe(today);
    expect(data.letters[0]).toMatchObject({
      kind: 'scan',
      filename: 'lettera firmata.pdf',
      sha256: sha(PDF),
      size: PDF.length,
      link_state: null,
    });
    const file = await get('collab', id, 'letter_file', { letter_id: data.letters[0].id });
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    // signed: neither sent again nor signed again nor back to draft
    expect((await post('collab', id, 'send')).statusCode).toBe(409);
    expect((await upload('collab', action(id, 'mark_signed'), 'POST', PDF, 'ancora.pdf')).statusCode).toBe(409);
    expect((await post('collab', id, 'back_to_draft')).statusCode).toBe(409);
  });

  it('issue 49 POST …/actions/end: the notice of an open-ended engagement, the start, the date; by mutual consent earlier', async () => {
    const missing = await post('collab', id, 'end', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.date[0]).toBe('Indica la data di cessazione');
    const early = await post('collab', id, 'end', { date: addDays(today, 30) });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.date[0]).toBe(
      `Con il preavviso di 60 giorni l'incarico può cessare dal ${displayDate(addDays(today, 60))}: scegli una data da quel giorno, o indica che la cessazione è consensuale`,
    );
    const before = await post('collab', id, 'end', { date: addDays(today, -101), waive_notice: true });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.date[0]).toBe(
      `La data di cessazione è precedente all'inizio dell'incarico (${displayDate(addDays(today, -100))})`,
    );
    expect(await status(id)).toBe('signed');
    const ok = await post('collab', id, 'end', { date: addDays(today, 30), waive_notice: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'ended',
      end_date: addDays(today, 30),
      ended_at: addDays(today, 30),
    });
    const again = await post('collab', id, 'end', { date: addDays(today, 90) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Si cessa solo un incarico firmato');
  });

  it('issue 49 POST …/actions/end with the notice: from today + notice days it is accepted without consent', async () => {
    const e = await engagement(gamma, [{ rule: 'monthly', fee: '80', description: 'Consulenza' }], {
      title: 'Cessazione con preavviso',
      start_date: addDays(today, -10),
      notice_days: 45,
    });
    await upload('admin', action(e, 'mark_signed'), 'POST', PDF, 'firmata.pdf');
    const r = await post('admin', e, 'end', { date: addDays(today, 45) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.end_date).toBe(addDays(today, 45));
  });
});

describe('issue 49 the studio’s Word template of the letter', () => {
  const url = '/api/engagement_letter_template';

  it('issue 49 GET/PUT/DELETE /api/engagement_letter_template: the Admin’s; checked, used for the Word letter, removed', async () => {
    expect((await a.get('collab', url)).statusCode).toBe(403);
    const empty = await a.get('admin', url);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.template).toBeNull();
    const keys = empty.json().data.tags.map((x: { key: string }) => x.key);
    expect(keys).toEqual(
      expect.arrayContaining(['cliente_ragione_sociale', 'incarico_oggetto', 'servizi', 'descrizione', 'da_pagare']),
    );

    const unknown = await upload('admin', url, 'PUT', buildDocx(['{incarico_oggetto} {prezzo_totale}']), 'mio.docx');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.file[0]).toContain('il campo {prezzo_totale} non è previsto');
    const raw = await upload('admin', url, 'PUT', buildDocx(['{@incarico_oggetto}']), 'mio.docx');
    expect(raw.statusCode).toBe(422);
    const pdf = await upload('admin', url, 'PUT', PDF, 'mio.docx');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.file[0]).toBe('mio.docx: il modello deve essere un documento Word .docx');
    expect((await a.get('admin', url)).json().data.template).toBeNull();

    const mine = buildDocx([
      'MODELLO DELLO STUDIO per {cliente_ragione_sociale}: {incarico_oggetto}',
      '{#servizi}{numero}. {descrizione} – {compenso} {compenso_unita} – da pagare {da_pagare}{/servizi}',
      '{clausola_antiriciclaggio}',
    ]);
    const put = await upload('admin', url, 'PUT', mine, 'Lettera studio.docx');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.template).toMatchObject({
      filename: 'Lettera studio.docx',
      size: mine.length,
      sha256: sha(mine),
    });
    const back = await a.get('admin', `${url}/file`);
    expect(Buffer.compare(back.rawPayload, mine)).toBe(0);

    const id = await engagement(gamma, [{ rule: 'quarterly', fee: '600', description: 'Contabilità' }], {
      title: 'Con modello dello studio',
    });
    expect((await get('collab', id, 'letters')).json().data.word_template).toBe('studio');
    const word = await get('collab', id, 'letter_docx');
    expect(word.statusCode, word.body).toBe(200);
    const text = docxText(word.rawPayload);
    expect(text).toContain('MODELLO DELLO STUDIO per Gamma <Incarichi> & C. S.r.l.: Con modello dello studio');
    expect(text).toContain('1. Contabilità – 600,00 € a trimestre – da pagare 641,28 €');
    expect(text).toContain('D.Lgs. 21 novembre 2007, n. 231');

    const del = await a.del('admin', url);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.template).toBeNull();
    expect((await a.del('admin', url)).statusCode).toBe(404);
    expect(docxText((await get('collab', id, 'letter_docx')).rawPayload)).not.toContain('MODELLO DELLO STUDIO');
  });

  it('issue 49 GET /api/engagement_letter_template/default.docx and tags.csv: the built-in template and the tags to start from', async () => {
    const d = await a.get('admin', `${url}/default.docx`);
    expect(d.statusCode).toBe(200);
    const xml = new PizZip(d.rawPayload).file('word/document.xml')!.asText();
    expect(xml).toContain('{#servizi}');
    expect(xml).toContain('{clausola_privacy}');
    // the built-in template, as downloaded, is accepted as the studio's own
    const put = await upload('admin', url, 'PUT', d.rawPayload, 'Modello_lettera_incarico.docx');
    expect(put.statusCode, put.body).toBe(200);
    await a.del('admin', url);
    const csv = await a.get('admin', `${url}/tags.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"{#servizi} … {/servizi}"');
    expect(csv.body).toContain('"{da_pagare}"');
    expect((await a.get('collab', `${url}/tags.csv`)).statusCode).toBe(403);
  });
});

describe('issue 49 the page’s rate limit', () => {
  it('issue 49 POST /incarico/{token}: at most 20 a minute from one address, then 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (await accept('/incarico/1-20990101-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { nome: 'X' }, '192.0.2.99')).statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
    // another address is not held up
    expect(
      (await accept('/incarico/1-20990101-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { nome: 'X' }, '192.0.2.100')).statusCode,
    ).toBe(404);
  });
});

describe('issue 49 the stored letters', () => {
  it('issue 49 the storage’s sweep keeps the letters sent and the scans', async () => {
    const rows = await a.sql<{ storage_path: string }>(`SELECT "storage_path" FROM "engagement_letters"`);
    expect(rows.length).toBeGreaterThan(3);
    const storage = new LocalStorage(t.storageDir);
    await sweepStorage(t.exec, storage, 0);
    for (const r of rows) expect(existsSync(join(t.storageDir, r.storage_path)), r.storage_path).toBe(true);
  });
});
