/**
 * The customers' area beyond requests (issue 50 items 3, 4, 5, 8) through the HTTP interface: the
 * messages both ways (HTML shown as text; the e-mail notices never carry the text; the studio's
 * unread threads and count; a message of 1 MB and an empty one refused in Italian with nothing
 * written; a file attached), 'Da pagare' (the overdue total as the studio's open items compute it,
 * the IBAN and the EPC QR code), 'Documenti dello studio' (the engagement letter to read and accept,
 * linked to its page), and the home page's tiles with their counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { cookieOf, portalClient, textOf } from '../helpers/portal.js';
import { addDays } from '../../model/dates.js';
import { formatEuro } from '../../model/types.js';

let t: TestApp;
let a: Api;
let alfa: number;
let beta: number;
const BASE = 'https://gestionale.example.it';
const PDF = Buffer.from('%PDF-1.4\n% allegato\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const { form, page, enter } = portalClient(
  () => t,
  () => a,
);

const write = async (
  who: { cookie: string; csrf: string },
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Buffer }> = [],
) => {
  const body = await multipart(fields, files, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/area-clienti/messaggi?csrf=${who.csrf}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
};

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: BASE } });
  a = api(t);
  alfa = await a.newCustomer('Alfa Messaggi S.r.l.');
  beta = await a.newCustomer('Beta Messaggi S.r.l.');
});
afterAll(async () => {
  await t?.close();
});

describe('issue 50 messages', () => {
  let person: { cookie: string; csrf: string };
  beforeAll(async () => {
    person = await enter(alfa, 'paola@alfamsg.test');
  });

  it('the studio writes (HTML is text); the person is notified without the text; the area shows it, escaped', async () => {
    const r = await a.post('collab', `/api/customer/${alfa}/portal/messages`, {
      body: 'Buongiorno,\n<b>manca</b> la fattura <script>alert(1)</script> n. 12',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.messages.at(-1)).toMatchObject({
      side: 'studio',
      body: expect.stringContaining('<b>manca</b>'),
    });
    const [mail] = await a.sql<{ subject: string; body_text: string; body_html: string }>(
      `SELECT "subject", "body_text", "body_html" FROM "mail_outbox" WHERE "kind" = 'portal_message' AND "to_addresses"::text LIKE '%paola@alfamsg.test%'`,
    );
    expect(mail!.subject).toBe("Nuovo messaggio nell'area clienti – Alfa Messaggi S.r.l.");
    for (const body of [mail!.body_text, mail!.body_html]) {
      expect(body).not.toContain('manca');
      expect(body).not.toContain('fattura');
    }
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toMatch(/aria-label="1 messaggi nuovi"/);
    const thread = await page('/area-clienti/messaggi', person.cookie);
    expect(thread.body).toContain('&lt;b&gt;manca&lt;/b&gt;');
    expect(thread.body).not.toContain('<script>alert');
    expect(textOf(thread.body)).toContain('<b>manca</b> la fattura <script>alert(1)</script> n. 12');
    // read now
    expect((await page('/area-clienti', person.cookie)).body).not.toMatch(/messaggi nuovi/);
  });

  it('the person writes with a file; the studio sees an unread thread, its count; opening it reads it', async () => {
    const before = (await a.get('admin', '/api/portal/threads/unread')).json().data.threads;
    const r = await write(person, { body: 'Ecco la fattura n. 12 in allegato.' }, [
      { name: 'fattura 12.pdf', bytes: PDF },
    ]);
    expect(r.statusCode, r.body).toBe(303);
    expect(r.headers.location).toBe('/area-clienti/messaggi?inviato=1');
    expect((await a.get('admin', '/api/portal/threads/unread')).json().data.threads).toBe(before + 1);
    const list = await a.get('collab', '/api/portal/threads', { unread: '1' });
    const row = list.json().data.find((x: { customer_id: number }) => x.customer_id === alfa);
    expect(row).toMatchObject({
      unread: 1,
      last_side: 'cliente',
      last_author: 'paola@alfamsg.test',
      last_body: 'Ecco la fattura n. 12 in allegato.',
    });
    const [mail] = await a.sql<{ to_addresses: string[]; body_text: string }>(
      `SELECT "to_addresses", "body_text" FROM "mail_outbox" WHERE "kind" = 'portal_message' ORDER BY "id" DESC LIMIT 1`,
    );
    expect(mail!.body_text).not.toContain('fattura n. 12');
    expect(mail!.body_text).toContain(`${BASE}/messaggi_clienti`);
    const thread = await a.get('collab', `/api/customer/${alfa}/portal/messages`);
    expect(thread.json().data.unread).toBe(1);
    const last = thread.json().data.messages.at(-1);
    expect(last.files).toEqual([expect.objectContaining({ filename: 'fattura 12.pdf', scan: 'non_verificato' })]);
    expect((await a.get('collab', `/api/portal/files/${last.files[0].id}`)).rawPayload.equals(PDF)).toBe(true);
    expect((await a.get('collab', `/api/customer/${alfa}/portal/messages`)).json().data.unread).toBe(0);
    expect((await a.get('admin', '/api/portal/threads/unread')).json().data.threads).toBe(before);
  });

  it('a message of 1 MB, an empty one, a renamed file: refused in Italian, nothing written, the text kept', async () => {
    const count = async () => (await a.sql(`SELECT count(*)::int AS n FROM "portal_messages"`))[0];
    const before = await count();
    const big = await write(person, { body: 'x'.repeat(1024 * 1024) });
    expect(big.statusCode).toBe(422);
    expect(big.body).toContain('Il messaggio può avere al massimo 5.000 caratteri');
    const empty = await write(person, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Scriva il messaggio');
    const lying = await write(person, { body: 'Con allegato' }, [{ name: 'foto.jpg', bytes: PDF }]);
    expect(lying.statusCode).toBe(422);
    expect(lying.body).toContain('non è del tipo che il suo nome dice');
    expect(lying.body).toContain('>Con allegato</textarea>');
    // the studio's message as multipart (the card's form with files): over the limit refused too
    const form5001 = await multipart({ body: 'y'.repeat(20_001) }, [], 'file');
    const studioForm = await t.app.inject({
      method: 'POST',
      url: `/api/customer/${alfa}/portal/messages`,
      payload: form5001.payload,
      headers: { ...form5001.headers, ...(await a.headers('collab')) },
    });
    expect(studioForm.statusCode).toBe(422);
    expect(studioForm.json().errors.body).toEqual(['Il messaggio può avere al massimo 5.000 caratteri']);
    const studioBig = await a.post('collab', `/api/customer/${alfa}/portal/messages`, { body: 'y'.repeat(5001) });
    expect(studioBig.statusCode).toBe(422);
    expect(studioBig.json().errors.body).toEqual(['Il messaggio può avere al massimo 5.000 caratteri']);
    expect(await count()).toEqual(before);
  });

  it('another customer’s thread is not his; another studio’s customer is not found', async () => {
    const other = await enter(beta, 'bruno@betamsg.test');
    const thread = await page('/area-clienti/messaggi', other.cookie);
    expect(thread.body).not.toContain('fattura n. 12');
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/messages`)).statusCode).toBe(404);
    expect((await a.post('bianchi', `/api/customer/${alfa}/portal/messages`, { body: 'x' })).statusCode).toBe(404);
  });
});

describe('issue 50 what is owed, and the studio’s documents', () => {
  it('‘Da pagare’ asks what the open items say is overdue, with the IBAN and the EPC QR code', async () => {
    await a.sql(`UPDATE "studios" SET "iban" = 'IT60X0542811101000000123456' WHERE "id" = $1`, [
      await a.studioId('Studio Demo'),
    ]);
    const today = romeToday();
    await a.newMove(alfa, 'CHARGE', 244, `${addDays(today, -40)} 10:00:00`, { due_date: addDays(today, -10) });
    await a.newMove(alfa, 'CHARGE', 122, `${addDays(today, -2)} 10:00:00`, { due_date: addDays(today, 20) });
    const person = await enter(alfa, 'conti@alfamsg.test');
    const open = (await a.get('admin', `/api/customer/${alfa}/open_items`)).json().data;
    const r = await page('/area-clienti/pagamenti', person.cookie);
    expect(r.statusCode).toBe(200);
    const text = textOf(r.body);
    expect(text).toContain(`Totale da pagare ${formatEuro(open.summary.overdue)}`);
    expect(text).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(r.body).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="Codice QR/);
    expect(text).toContain('In scadenza (non ancora da pagare)');
  });

  it('‘Documenti dello studio’ lists the engagement letter sent, to read and accept on its own page', async () => {
    const demo = await a.studioId('Studio Demo');
    const [service] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demo],
    );
    const e = await a.post('admin', '/api/engagements', {
      title: 'Contabilità semplificata',
      customer_id: beta,
      start_date: romeToday(),
      notice_days: 60,
      billing_day: 31,
      payment_days: 30,
      update_kind: 'none',
    });
    expect(e.statusCode, e.body).toBe(201);
    const id = e.json().data.id;
    await a.sql(
      `INSERT INTO "engagement_services" ("studio_id", "engagement_id", "position", "studio_service_id", "description", "rule", "fee") VALUES ($1, $2, 1, $3, 'Tenuta contabilità', 'quarterly', 300)`,
      [demo, id, service!.id],
    );
    await a.sql(`UPDATE "customers" SET "email" = 'beta@betamsg.test' WHERE "id" = $1`, [beta]);
    const sent = await a.post('admin', `/api/engagement/${id}/actions/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const person = await enter(beta, 'lettera@betamsg.test');
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toMatch(/aria-label="1 da leggere"/);
    const docs = await page('/area-clienti/documenti', person.cookie);
    expect(textOf(docs.body)).toContain("Lettera d'incarico: Contabilità semplificata");
    const link = /href="(\/incarico\/[\w-]+)"/.exec(docs.body)![1]!;
    const letter = await t.app.inject({ method: 'GET', url: link });
    expect(letter.statusCode).toBe(200);
    expect(textOf(letter.body)).toContain('Contabilità semplificata');
    const ok = await form(link, { nome: 'Bruno Verdi', accetto: '1' });
    expect(ok.statusCode).toBe(200);
    expect(textOf((await page('/area-clienti/documenti', person.cookie)).body)).toContain('Accettata il');
  });

  it('a file the studio shares: listed new in the area, its first opening shown to the studio; another studio’s: 404', async () => {
    const person = await enter(alfa, 'condivisi@alfamsg.test');
    const body = await multipart({}, [{ name: 'Bilancio 2025.pdf', bytes: PDF }], 'file');
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/customer/${alfa}/portal/files`,
      payload: body.payload,
      headers: { ...body.headers, ...(await a.headers('collab')) },
    });
    expect(r.statusCode, r.body).toBe(201);
    const shared = r.json().data[0];
    expect(shared).toMatchObject({ filename: 'Bilancio 2025.pdf', first_opened_at: null, scan: 'non_verificato' });
    const docs = await page('/area-clienti/documenti', person.cookie);
    expect(textOf(docs.body)).toContain('Bilancio 2025.pdf');
    expect(textOf(docs.body)).toContain('nuovo');
    const got = await page(`/area-clienti/file/${shared.id}`, person.cookie);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    const after = (await a.get('collab', `/api/customer/${alfa}/portal/files`)).json().data[0];
    expect(after.first_opened_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/files`)).statusCode).toBe(404);
    const other = await enter(beta, 'altro@betamsg.test');
    expect((await page(`/area-clienti/file/${shared.id}`, other.cookie)).statusCode).toBe(404);
    const removed = await a.del('collab', `/api/customer/${alfa}/portal/files/${shared.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual([]);
  });
});

describe('issue 50 demo data', () => {
  it('three customers with people in the area, open requests (one late), a thread unread by the studio; the demo login with its password', async () => {
    const demo = await a.studioId('Studio Demo');
    const people = await a.sql<{ customers: number }>(
      `SELECT count(DISTINCT "customer_id")::int AS "customers" FROM "portal_access" WHERE "studio_id" = $1 AND "invited_by_name" = 'Marco Rossi'`,
      [demo],
    );
    expect(people[0]!.customers).toBe(3);
    const late = await a.get('admin', '/api/portal/requests', { late: '1' });
    expect(late.json().data.map((r: { title: string }) => r.title)).toContain('Documenti per il 730');
    const open = await a.get('admin', '/api/portal/requests', { status: 'aperta' });
    expect(open.json().data.map((r: { title: string }) => r.title)).toContain('Fatture di acquisto del trimestre');
    const threads = await a.get('admin', '/api/portal/threads', { unread: '1' });
    expect(threads.json().data.some((t: { last_author: string }) => t.last_author === 'Giovanni Esposito')).toBe(true);
    const login = await form('/area-clienti/accedi/password', {
      email: 'titolare@cliente-demo.test',
      password: 'Demo2026!',
    });
    expect(login.statusCode).toBe(303);
    const home = await page('/area-clienti', cookieOf(login));
    expect(home.statusCode).toBe(200);
    expect(textOf(home.body)).toContain('Documenti richiesti');
    const checklists = await a.get('collab', '/api/list/DocumentChecklist/DocumentChecklistResourceListCollection', {
      page: 1,
    });
    expect(checklists.json().data.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Documenti per il 730', 'Fatture del trimestre']),
    );
  });
});
