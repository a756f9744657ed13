/**
 * Document requests (issue 50 items 2, 6, 8) through the HTTP interface, both sides: the studio asks
 * (one customer, typed documents; every customer of a compliance job, from a checklist with its
 * sub-task; bad input by field), the customer's people are e-mailed the title and deadline only; the
 * customer, in the area, sends files (a photo re-encoded without its metadata, a PDF byte for byte;
 * a renamed file, an archive, a text, a file over 20 MB refused with Italian messages and nothing
 * kept), in chunks that resume after a lost answer, or says 'non ho questo documento'; another
 * customer's request, document, file and upload answer 404; the studio reviews (ask again with a
 * reason, accept) and the request completes, turning the job's sub-task done; the antivirus' verdict
 * (a daemon speaking clamd's INSTREAM protocol) puts an infected file in quarantine, never served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { portalClient } from '../helpers/portal.js';
import { addDays } from '../../model/dates.js';
import { sendRequestReminders } from '../../server/areas/portal/requestReminders.js';

let t: TestApp;
let a: Api;
let demo: number;
let alfa: number;
let beta: number;
let clamd: Server;
const BASE = 'https://gestionale.example.it';
const today = romeToday();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n% fattura di acquisto\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** the EICAR test string: what the daemon below flags */
const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');

/** A daemon answering as clamd's INSTREAM does: FOUND when the bytes hold the EICAR string. */
function fakeClamd(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => {
      let buf = Buffer.alloc(0);
      socket.on('data', (d) => {
        buf = Buffer.concat([buf, d]);
        // the command, then chunks; the stream ends with a zero length
        if (buf.length >= 4 && buf.subarray(buf.length - 4).readUInt32BE() === 0) {
          const found = buf.includes(Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST-FILE'));
          socket.end(found ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
        }
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const { form, page, enter } = portalClient(
  () => t,
  () => a,
);

const upload = async (
  who: { cookie: string; csrf: string },
  request: number,
  item: number,
  files: Array<{ name: string; bytes: Buffer }>,
  csrf = who.csrf,
) => {
  const body = await multipart({}, files, 'file');
  return t.app.inject({
    method: 'POST',
    url: `/area-clienti/richieste/${request}/voci/${item}/file?csrf=${csrf}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
};

const detail = async (id: number) => (await a.get('admin', `/api/portal/requests/${id}`)).json().data;

beforeAll(async () => {
  clamd = await fakeClamd();
  const port = (clamd.address() as { port: number }).port;
  t = await startTestApp({ env: { SERVER_BASEURL: BASE, CLAMAV_HOST: `127.0.0.1:${port}` } });
  a = api(t);
  demo = await a.studioId('Studio Demo');
  alfa = await a.newCustomer('Alfa Documenti S.r.l.');
  beta = await a.newCustomer('Beta Documenti S.r.l.');
});
afterAll(async () => {
  await t?.close();
  clamd?.close();
});

describe('issue 50 the studio asks for documents', () => {
  it('bad input: each field’s Italian message, nothing made', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customer_ids: [alfa], due_date: addDays(today, 10), items: 'a' }, 'title', 'Indica il titolo della richiesta'],
      [
        { customer_ids: [alfa], title: 'X', due_date: addDays(today, -1), items: 'a' },
        'due_date',
        'La scadenza non può essere già passata',
      ],
      [{ customer_ids: [alfa], title: 'X', due_date: '2026-02-30', items: 'a' }, 'due_date', 'Indica la scadenza'],
      [{ customer_ids: [alfa], title: 'X', due_date: '2026-99-99', items: 'a' }, 'due_date', 'Indica la scadenza'],
      [
        { customer_ids: [alfa], title: 'X', due_date: addDays(today, 10), items: ' \n ' },
        'items',
        'Indica almeno un documento da richiedere (uno per riga)',
      ],
      [
        {
          customer_ids: [alfa],
          title: 'X',
          due_date: addDays(today, 10),
          items: Array.from({ length: 31 }, (_, i) => `Doc ${i}`).join('\n'),
        },
        'items',
        'Al massimo 30 documenti per richiesta',
      ],
      [
        { customer_ids: [alfa], title: 'X', due_date: addDays(today, 10), items: `a\n${'b'.repeat(201)}` },
        'items',
        'Il documento alla riga 2 supera 200 caratteri',
      ],
      [{ title: 'X', due_date: addDays(today, 10), items: 'a' }, 'customer_ids', 'Seleziona almeno un cliente'],
      [
        { customer_ids: [alfa], checklist_id: 999999, due_date: addDays(today, 10) },
        'checklist_id',
        "L'elenco di documenti scelto non esiste",
      ],
    ];
    const before = await a.sql(`SELECT count(*)::int AS n FROM "portal_requests"`);
    for (const [body, field, message] of cases) {
      const r = await a.post('collab', '/api/portal/requests', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().errors[field]).toEqual([message]);
    }
    // another studio's customer: not found
    expect(
      (
        await a.post('bianchi', '/api/portal/requests', {
          customer_ids: [alfa],
          title: 'X',
          due_date: addDays(today, 5),
          items: 'a',
        })
      ).statusCode,
    ).toBe(404);
    expect(await a.sql(`SELECT count(*)::int AS n FROM "portal_requests"`)).toEqual(before);
  });

  it('every customer of a compliance job, from a checklist with its sub-task; the people e-mailed the title and deadline only', async () => {
    const statuses = (await a.get('collab', '/api/legal_statuses')).json().data.map((r: { id: number }) => r.id);
    const [type] = (await a.get('collab', '/api/studio-job-types')).json().data;
    const task = (await a.post('collab', '/api/tasks', { cod: 'DOC730', name: 'Documenti ricevuti' })).json().data.id;
    const job = (
      await a.post('collab', '/api/studio_jobs', {
        cod: 'M730',
        name: 'Modello 730',
        studio_job_type_id: type.id,
        legal_status_ids: [statuses[0]],
        task_ids: [task],
      })
    ).json().data.id;
    const checklist = await a.post('collab', '/api/document_checklists', {
      name: 'Documenti per il 730 (prova)',
      studio_job_id: job,
      task_id: task,
      items: 'Certificazione Unica\n- Spese mediche\n\nInteressi del mutuo',
      message: 'Ci mandi i documenti per il 730.',
    });
    expect(checklist.statusCode, checklist.body).toBe(201);
    const expected = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "ceased" = 0 AND "legal_status_id" = $2`,
      [demo, statuses[0]],
    );
    expect(expected.length).toBeGreaterThan(0);
    // one of them has a person in the area (besides any of the demo's)
    await a.post('admin', `/api/customer/${expected[0]!.id}/portal/invite`, { emails: 'uno@settecento.test' });
    const withPeople = await a.sql<{ n: number; people: number }>(
      `SELECT count(DISTINCT "customer_id")::int AS "n", count(*)::int AS "people" FROM "portal_access"
       WHERE "revoked_at" IS NULL AND "customer_id" = ANY($1::int[])`,
      [expected.map((e) => e.id)],
    );
    const r = await a.post('collab', '/api/portal/requests', {
      checklist_id: checklist.json().data.id,
      title: 'Documenti per il 730 – scadenza 15/05',
      due_date: addDays(today, 30),
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({
      created: expected.length,
      without_people: expected.length - withPeople[0]!.n,
      notified: withPeople[0]!.people,
    });
    const one = await detail(r.json().data.request_ids[0]);
    expect(one.documents.map((d: { label: string }) => d.label)).toEqual([
      'Certificazione Unica',
      'Spese mediche',
      'Interessi del mutuo',
    ]);
    expect(one).toMatchObject({
      studio_job_id: job,
      task_id: task,
      year: Number(today.slice(0, 4)),
      message: 'Ci mandi i documenti per il 730.',
    });
    const [mail] = await a.sql<{ subject: string; body_text: string; kind: string }>(
      `SELECT "subject", "body_text", "kind" FROM "mail_outbox" WHERE "kind" = 'portal_request' AND "to_addresses"::text LIKE '%uno@settecento.test%'`,
    );
    expect(mail!.subject).toBe('Documenti richiesti: Documenti per il 730 – scadenza 15/05');
    expect(mail!.body_text).toContain(`${BASE}/area-clienti`);
    expect(mail!.body_text).not.toContain('Certificazione Unica');
    // a task of another job: refused
    const other = (await a.post('collab', '/api/tasks', { cod: 'ALTRO', name: 'Altro' })).json().data.id;
    const bad = await a.post('collab', '/api/portal/requests', {
      studio_job_id: job,
      task_id: other,
      title: 'X',
      due_date: addDays(today, 3),
      items: 'a',
    });
    expect(bad.json().errors.task_id).toEqual(["Il sotto adempimento non è dell'adempimento scelto"]);
  });
});

describe('issue 50 the customer sends, the studio reviews', () => {
  let person: { cookie: string; csrf: string };
  let request: number;
  let items: number[];

  beforeAll(async () => {
    person = await enter(alfa, 'mario@alfadoc.test');
    const r = await a.post('admin', '/api/portal/requests', {
      customer_ids: [alfa],
      title: 'Fatture di acquisto del trimestre',
      due_date: addDays(today, 15),
      items: 'Fatture di acquisto\nEstratto conto bancario\nRicevute POS',
    });
    request = r.json().data.request_ids[0];
    items = (await detail(request)).documents.map((d: { id: number }) => d.id);
  });

  it('the area lists the request; a photo is kept re-encoded without its metadata, a PDF byte for byte', async () => {
    const list = await page('/area-clienti/richieste', person.cookie);
    expect(list.body).toContain('Fatture di acquisto del trimestre');
    expect(list.body).toContain('0 di 3 documenti accettati');
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toContain('Documenti richiesti');
    expect(home.body).toMatch(/aria-label="3 documenti da inviare"/);
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0d0e0' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Mario Rossi GPS 45.4642N' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('Mario Rossi GPS'))).toBe(true);
    const r = await upload(person, request, items[0]!, [
      { name: 'IMG_0001.JPG', bytes: photo },
      { name: 'fattura 12.pdf', bytes: PDF },
    ]);
    expect(r.statusCode, r.body).toBe(303);
    expect(r.headers.location).toBe(`/area-clienti/richieste/${request}?inviati=2`);
    const d = await detail(request);
    const doc = d.documents[0];
    expect(doc.status).toBe('inviato');
    expect(doc.files.map((f: { filename: string; scan: string }) => [f.filename, f.scan])).toEqual([
      ['IMG_0001.jpg', 'ok'],
      ['fattura 12.pdf', 'ok'],
    ]);
    const [img, pdf] = doc.files;
    const got = await a.get('collab', `/api/portal/files/${img.id}`);
    const stored = got.rawPayload;
    expect(sha(stored)).toBe(img.sha256);
    expect(stored.includes(Buffer.from('Mario Rossi GPS'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    expect((await a.get('collab', `/api/portal/files/${pdf.id}`)).rawPayload.equals(PDF)).toBe(true);
    // the customer downloads his own file
    const mine = await page(`/area-clienti/file/${pdf.id}`, person.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['content-disposition']).toContain('fattura 12.pdf');
  });

  it('a renamed file, an archive, a text, a file over 20 MB, no file: refused in Italian, nothing kept', async () => {
    const count = async () => (await a.sql(`SELECT count(*)::int AS n FROM "portal_files"`))[0];
    const before = await count();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60)]);
    const cases: Array<[Array<{ name: string; bytes: Buffer }>, number, string]> = [
      [[{ name: 'fattura.pdf', bytes: png }], 422, 'non è del tipo che il suo nome dice'],
      [[{ name: 'documenti.zip', bytes: zip }], 422, 'Gli archivi compressi'],
      [[{ name: 'nota.txt', bytes: Buffer.from('solo testo') }], 422, 'Tipo di file non accettato'],
      [[{ name: 'grande.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]) }], 413, 'supera 20 MB'],
      [[], 422, 'Scelga almeno un file da inviare'],
      // one good and one bad: neither kept
      [
        [
          { name: 'buona.pdf', bytes: PDF },
          { name: 'finta.docx', bytes: PDF },
        ],
        422,
        'non è del tipo',
      ],
    ];
    for (const [files, status, message] of cases) {
      const r = await upload(person, request, items[1]!, files);
      expect(r.statusCode, message).toBe(status);
      expect(r.body).toContain(message);
      expect(r.body).toContain('aria-invalid="true"');
    }
    expect(await count()).toEqual(before);
    expect((await detail(request)).documents[1].status).toBe('richiesto');
    // without the form's token: refused
    expect((await upload(person, request, items[1]!, [{ name: 'a.pdf', bytes: PDF }], 'sbagliato')).statusCode).toBe(
      403,
    );
  });

  it('an infected file: quarantined, never served, the document still to send', async () => {
    const bad = Buffer.concat([PDF, EICAR]);
    const before = (await a.sql(`SELECT count(*)::int AS n FROM "portal_files" WHERE "filename" = 'pulito.pdf'`))[0];
    // with a clean file in the same upload: refused whole, the clean one not kept
    const r = await upload(person, request, items[1]!, [
      { name: 'pulito.pdf', bytes: PDF },
      { name: 'virus.pdf', bytes: bad },
    ]);
    expect((await a.sql(`SELECT count(*)::int AS n FROM "portal_files" WHERE "filename" = 'pulito.pdf'`))[0]).toEqual(
      before,
    );
    expect(r.statusCode).toBe(422);
    expect(r.body).toContain('bloccato dall&#39;antivirus');
    const [q] = await a.sql<{ id: number; scan: string; scan_result: string; item_id: number | null }>(
      `SELECT "id", "scan", "scan_result", "item_id" FROM "portal_files" WHERE "filename" = 'virus.pdf'`,
    );
    expect(q).toMatchObject({ scan: 'quarantena', scan_result: 'Eicar-Test-Signature', item_id: null });
    expect((await a.get('admin', `/api/portal/files/${q!.id}`)).statusCode).toBe(409);
    expect((await page(`/area-clienti/file/${q!.id}`, person.cookie)).statusCode).toBe(404);
    expect((await detail(request)).documents[1].status).toBe('richiesto');
  });

  it('in chunks: a chunk sent again is acknowledged, one ahead answered with where to resume, the last completes the file', async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(700 * 1024, 7)]);
    const headers = { cookie: person.cookie, 'x-csrf-token': person.csrf };
    const start = await t.app.inject({
      method: 'POST',
      url: '/area-clienti/caricamenti',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { item: items[1], name: 'estratto.pdf', size: bytes.length },
    });
    expect(start.statusCode, start.body).toBe(201);
    const { id, chunk } = start.json();
    expect(chunk).toBe(512 * 1024);
    const put = (offset: number, part: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `/area-clienti/caricamenti/${id}`,
        headers: { ...headers, 'content-type': 'application/octet-stream', 'x-upload-offset': String(offset) },
        payload: part,
      });
    const first = await put(0, bytes.subarray(0, chunk));
    expect(first.json()).toMatchObject({ received: chunk, done: false });
    // the answer was lost: the same chunk again
    expect((await put(0, bytes.subarray(0, chunk))).json()).toMatchObject({ received: chunk });
    // a chunk ahead of what the server has
    const ahead = await put(chunk + 10, bytes.subarray(chunk + 10));
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().received).toBe(chunk);
    const state = await t.app.inject({ method: 'GET', url: `/area-clienti/caricamenti/${id}`, headers });
    expect(state.json()).toMatchObject({ received: chunk, size: bytes.length });
    const last = await put(chunk, bytes.subarray(chunk));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ done: true, files: 1, received: bytes.length });
    const doc = (await detail(request)).documents[1];
    expect(doc.status).toBe('inviato');
    expect(doc.files.at(-1).sha256).toBe(sha(bytes));
    // the upload is gone
    expect((await t.app.inject({ method: 'GET', url: `/area-clienti/caricamenti/${id}`, headers })).statusCode).toBe(
      404,
    );
  });

  it('another customer’s request, document, file and upload: 404', async () => {
    const other = await enter(beta, 'anna@betadoc.test');
    const pdfId = (await detail(request)).documents[0].files[1].id;
    expect((await page(`/area-clienti/richieste/${request}`, other.cookie)).statusCode).toBe(404);
    expect((await page(`/area-clienti/file/${pdfId}`, other.cookie)).statusCode).toBe(404);
    expect((await upload(other, request, items[2]!, [{ name: 'a.pdf', bytes: PDF }])).statusCode).toBe(404);
    expect(
      (
        await form(
          `/area-clienti/richieste/${request}/voci/${items[2]}/mancante`,
          { csrf: other.csrf, note: 'x' },
          other.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const start = await t.app.inject({
      method: 'POST',
      url: '/area-clienti/caricamenti',
      headers: { cookie: other.cookie, 'x-csrf-token': other.csrf, 'content-type': 'application/json' },
      payload: { item: items[2], name: 'a.pdf', size: 100 },
    });
    expect(start.statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/portal/requests/${request}`)).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/portal/files/${pdfId}`)).statusCode).toBe(404);
  });

  it('‘non ho questo documento’ needs a note; the studio asks again with a reason, then accepts all: the request completes', async () => {
    const url = `/area-clienti/richieste/${request}/voci/${items[2]}/mancante`;
    const empty = await form(url, { csrf: person.csrf, note: '  ' }, person.cookie);
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Scriva una nota per lo studio');
    expect((await form(url, { csrf: person.csrf, note: 'Non uso il POS' }, person.cookie)).statusCode).toBe(303);
    const review = (item: number, body: Record<string, unknown>) =>
      a.post('collab', `/api/portal/requests/${request}/documents/${item}/review`, body);
    expect((await review(items[0]!, { outcome: 'rifai' })).json().errors.reason).toEqual([
      'Scrivi al cliente il motivo per cui il documento va inviato di nuovo',
    ]);
    const again = await review(items[0]!, { outcome: 'rifai', reason: 'Manca la fattura n. 13' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.documents[0]).toMatchObject({
      status: 'da_rifare',
      review_reason: 'Manca la fattura n. 13',
    });
    expect(again.json().data.documents[0].files.every((f: { rejected: boolean }) => f.rejected)).toBe(true);
    const shown = await page(`/area-clienti/richieste/${request}`, person.cookie);
    expect(shown.body).toContain('Manca la fattura n. 13');
    expect((await upload(person, request, items[0]!, [{ name: 'fattura 13.pdf', bytes: PDF }])).statusCode).toBe(303);
    // a document not sent is not reviewed
    for (const item of items) expect((await review(item, { outcome: 'accetta' })).statusCode).toBe(200);
    expect((await review(items[0]!, { outcome: 'accetta' })).statusCode).toBe(409);
    const d = await detail(request);
    expect(d.status).toBe('completata');
    expect(d.accepted).toBe(3);
    expect((await page(`/area-clienti/richieste/${request}`, person.cookie)).body).toContain('Richiesta completata');
  });

  it('a request of a job’s checklist, completed: the job’s sub-task done for that customer and year', async () => {
    const [row] = await a.sql<{
      id: number;
      customer_id: number;
      studio_job_id: number;
      task_id: number;
      year: number;
    }>(
      `SELECT "id", "customer_id", "studio_job_id", "task_id", "year" FROM "portal_requests" WHERE "studio_job_id" IS NOT NULL ORDER BY "id" LIMIT 1`,
    );
    const docs = (await detail(row!.id)).documents as Array<{ id: number }>;
    // the studio takes the documents by hand: the customer's turn skipped by marking them missing as the person would
    const who = await enter(row!.customer_id, 'compito@settecento.test');
    for (const doc of docs)
      expect(
        (
          await form(
            `/area-clienti/richieste/${row!.id}/voci/${doc.id}/mancante`,
            { csrf: who.csrf, note: 'Consegnato in studio' },
            who.cookie,
          )
        ).statusCode,
      ).toBe(303);
    for (const doc of docs)
      expect(
        (await a.post('collab', `/api/portal/requests/${row!.id}/documents/${doc.id}/review`, { outcome: 'accetta' }))
          .statusCode,
      ).toBe(200);
    const [status] = await a.sql<{ status: number; note: string }>(
      `SELECT "status", "note" FROM "task_job_statuses" WHERE "studio_job_id" = $1 AND "task_id" = $2 AND "customer_id" = $3 AND "year" = $4`,
      [row!.studio_job_id, row!.task_id, row!.customer_id, row!.year],
    );
    expect(status).toMatchObject({ status: 1, note: 'Documenti ricevuti dall’area clienti' });
  });
});

describe('issue 50 late requests reminded by the daily run', () => {
  it('the day after the deadline, then every 7 days, at most 3 times; never twice for one day, even two runs at once', async () => {
    await enter(beta, 'ritardo@betadoc.test');
    const r = await a.post('admin', '/api/portal/requests', {
      customer_ids: [beta],
      title: 'Estratti conto di marzo',
      due_date: today,
      items: 'Estratto conto BPM\nEstratto conto Intesa',
    });
    const id = r.json().data.request_ids[0];
    const deps = { database: t.database, mail: t.app.mail, serverBaseUrl: BASE };
    const mails = async () =>
      a.sql<{ subject: string; body_text: string }>(
        `SELECT "subject", "body_text" FROM "mail_outbox" WHERE "kind" = 'portal_reminder' AND "to_addresses"::text LIKE '%ritardo@betadoc.test%' ORDER BY "id"`,
      );
    // not late yet on the deadline itself
    expect(await sendRequestReminders(deps, demo, today)).toBe(0);
    const day1 = addDays(today, 1);
    await Promise.all([sendRequestReminders(deps, demo, day1), sendRequestReminders(deps, demo, day1)]);
    expect(await mails()).toHaveLength(1);
    const [m] = await mails();
    expect(m!.subject).toBe('Promemoria: documenti da inviare – Estratti conto di marzo');
    expect(m!.body_text).toContain('lo studio attende ancora 2 documenti');
    expect(m!.body_text).not.toContain('Intesa');
    // six days later: not yet; seven: the second; then the third; then never again
    await sendRequestReminders(deps, demo, addDays(day1, 6));
    expect(await mails()).toHaveLength(1);
    await sendRequestReminders(deps, demo, addDays(day1, 7));
    expect(await mails()).toHaveLength(2);
    await sendRequestReminders(deps, demo, addDays(day1, 14));
    await sendRequestReminders(deps, demo, addDays(day1, 21));
    expect(await mails()).toHaveLength(3);
    expect((await detail(id)).reminders_sent).toBe(3);
  });
});
