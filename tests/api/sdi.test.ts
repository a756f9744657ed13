/**
 * Sending e-invoices to SdI (issue 28 items 2, 3, 5) through the job queue, with the built-in
 * simulator as SdI: the month's invoices from the charges are sent all together, each as
 * IT{studio's VAT}_{progressive}.xml (the progressive in ProgressivoInvio, the file valid against
 * the official schema), and each reaches 'consegnata' or 'scartata' (00305 for a VAT number no office
 * issued) with its receipt's XML; all or nothing on bad input; a sent invoice is read-only and is
 * not sent again; a rejected one is corrected and sent again under SdI's rule (5 days); an
 * intermediary that is down is waited for; an attempt whose answer was lost is never sent twice;
 * the courtesy copy goes through the outbox; another studio sees nothing; Utente is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownDatabaseUrl, startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { fatturapaErrors } from '../helpers/fatturapaXsd.js';
import { startSdiWorker, type SdiWorker } from '../../server/areas/sdi/worker.js';
import { simulatorChannel } from '../../server/areas/sdi/simulator.js';
import { SdiUnavailable, type SdiChannel } from '../../server/areas/sdi/channel.js';
import { execOn } from '../../server/records/exec.js';
import { acubeChannel, ACUBE_BASES } from '../../server/areas/sdi/acube.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

let t: TestApp;
let a: Api;
let demoId: number;
let bossUrl: string | undefined;
const today = romeToday();
const year = Number(today.slice(0, 4));
const period = { from: `${year}-03-01`, to: `${year}-03-31` };
const workers: SdiWorker[] = [];

/** a worker of this process on the test's database, attached to the app (as the server does) */
async function startWorker(channel: SdiChannel, concurrency?: number) {
  const w = await startSdiWorker({
    concurrency,
    database: t.database,
    settings: { databaseUrl: bossUrl, sdiRetryDelaySeconds: 1 },
    channel,
    mail: t.app.mail,
    pollingIntervalSeconds: 0.5,
    sweepIntervalMs: 1000,
  });
  workers.push(w);
  t.app.sdi.attach(w);
  return w;
}
async function stopWorkers() {
  t.app.sdi.attach(null);
  for (const w of workers.splice(0)) await w.stop(5000);
}
const simulator = (delaySeconds = 0) => simulatorChannel(execOn(t.database.db), { delaySeconds });

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: ms, interval: 100 },
  );
}
const statuses = async (ids: number[]) =>
  new Map(
    (
      await a.sql<{ id: number; s: string }>(
        `SELECT "id", "sdi_status" AS "s" FROM "e_documents" WHERE "id" = ANY($1::int[])`,
        [ids],
      )
    ).map((r) => [Number(r.id), r.s]),
  );
const FINAL = ['consegnata', 'scartata', 'mancata_consegna'];
const allFinal = async (ids: number[]) => {
  const s = await statuses(ids);
  return ids.every((id) => FINAL.includes(s.get(id)!)) ? s : null;
};

/** the month's invoices issued from the charges (issue 28 item 1), their ids */
async function issueMonth(): Promise<number[]> {
  const p = await a.post('admin', '/api/invoicing/preview', period);
  expect(p.statusCode, p.body).toBe(200);
  const run = await a.post('admin', '/api/invoicing/run', { ...period, fingerprint: p.json().data.fingerprint });
  expect(run.statusCode, run.body).toBe(201);
  return (run.json().data.invoices as Array<{ id: number }>).map((i) => i.id);
}

let invoices: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  bossUrl = await ownDatabaseUrl(t);
  demoId = await a.studioId('Studio Demo');
  invoices = await issueMonth();
  // the month's courtesy copies (a PDF each) are left out of the run; one is checked on its own below
  await a.sql(`UPDATE "studios" SET "sdi_courtesy_copy" = 'no' WHERE "id" = $1`, [demoId]);
});
afterEach(async () => {
  await stopWorkers();
});
afterAll(async () => {
  await stopWorkers();
  await t?.close();
});

describe('SdI', () => {
  it("SdI send: the month's invoices go as IT{VAT}_{progressive}.xml, schema-valid, and each ends consegnata or scartata (00305) with its receipt", async () => {
    expect(invoices.length).toBeGreaterThan(20);
    await startWorker(simulator(0));
    const res = await a.post('admin', '/api/sdi/send', { ids: invoices });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ queued: invoices.length, channel: 'simulator' });
    // the server keeps serving while the files are handed over (the queue lets the event loop turn
    // between jobs): another studio's request is answered before the last file has gone
    expect((await a.get('bianchi', '/api/edocuments', { items_per_page: 5 })).statusCode).toBe(200);
    const [sentSoFar] = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "sdi_transmissions" WHERE "status" = 'sent' AND "e_document_id" = ANY($1::int[])`,
      [invoices],
    );
    expect(sentSoFar!.n).toBeLessThan(invoices.length);
    const s = await until('every invoice delivered or rejected', () => allFinal(invoices), 60_000);
    // customers with a VAT number no office issued (the demo's office 150) are rejected, the others delivered
    const expected = await a.sql<{ id: number; bad: boolean }>(
      `SELECT d."id", substr(c."vat_id", 8, 3) = '150' AS "bad" FROM "e_documents" d JOIN "customers" c ON c."id" = d."customer_id" WHERE d."id" = ANY($1::int[])`,
      [invoices],
    );
    expect(expected.some((r) => r.bad)).toBe(true);
    for (const r of expected) expect(s.get(Number(r.id)), `invoice ${r.id}`).toBe(r.bad ? 'scartata' : 'consegnata');
    // each file: its name, its progressive inside, valid against the official schema; one per invoice
    const [studio] = await a.sql<{ vat: string }>(`SELECT "vat_number" AS "vat" FROM "studios" WHERE "id" = $1`, [
      demoId,
    ]);
    const files = await a.sql<{ e_document_id: number; file_name: string; xml: string; progressive: number }>(
      `SELECT "e_document_id", "file_name", "xml", "progressive" FROM "sdi_transmissions" WHERE "e_document_id" = ANY($1::int[]) ORDER BY "progressive"`,
      [invoices],
    );
    expect(files).toHaveLength(invoices.length);
    expect(new Set(files.map((f) => f.file_name)).size).toBe(files.length);
    const progressives = files.map((f) => Number(f.progressive));
    expect(progressives).toEqual(progressives.map((_, i) => progressives[0]! + i));
    for (const f of files.slice(0, 5)) {
      const p = /^IT(\w+)_(\w{5})\.xml$/.exec(f.file_name)!;
      expect(p[1]).toBe(studio!.vat);
      expect(f.xml).toContain(`<ProgressivoInvio>${p[2]}</ProgressivoInvio>`);
      expect(await fatturapaErrors(f.xml)).toEqual([]);
    }
    // the simulator received each file once
    const received = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "sdi_simulator_files" WHERE "file_name" = ANY($1::text[]) GROUP BY "file_name"`,
      [files.map((f) => f.file_name)],
    );
    expect(received).toHaveLength(files.length);
    expect(received.every((r) => r.n === 1)).toBe(true);
    // the timeline: the file sent, then the receipt with SdI's XML; a rejection with its error code
    const rejected = expected.find((r) => r.bad)!;
    const tl = await a.get('collab', `/api/sdi/edocument/${rejected.id}`);
    expect(tl.statusCode, tl.body).toBe(200);
    const events = tl.json().data.events as Array<{
      id: number;
      kind: string;
      errors: Array<{ code: string }>;
      has_xml: boolean;
    }>;
    expect(events.map((e) => e.kind)).toEqual(['invio', 'NS']);
    expect(events[1]!.errors.map((e) => e.code)).toEqual(['00305']);
    const xml = await a.get('collab', `/api/sdi_event/${events[1]!.id}/actions/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toMatch(/_NS_001\.xml/);
    expect(xml.body).toContain('<Codice>00305</Codice>');
    const delivered = expected.find((r) => !r.bad)!;
    const ok = (await a.get('collab', `/api/sdi/edocument/${delivered.id}`)).json().data;
    expect(ok.status).toBe('consegnata');
    const rc = ok.events.find((e: { kind: string }) => e.kind === 'RC');
    expect((await a.get('collab', `/api/sdi_event/${rc.id}/actions/xml`)).body).toContain('RicevutaConsegna');
    // the model SdiEvent reads the same events, listed under their invoice
    const modelEvents = await a.get('collab', '/api/list/SdiEvent/SdiEventResourceListCollection', {
      filters: [{ name: 'e_document_id', type: 'OR', val: [rejected.id] }],
      sort_by: 'id',
    });
    expect((modelEvents.json().data as Array<{ kind: string }>).map((e) => e.kind)).toEqual(['invio', 'NS']);
    // the list filters by status
    const list = await a.get('collab', '/api/edocuments', { filter: JSON.stringify({ sdi_status: 'scartata' }) });
    expect(list.statusCode, list.body).toBe(200);
    await stopWorkers();
  });

  it('SdI read-only: a sent invoice is not edited, trashed nor sent again; Utente and another studio are refused', async () => {
    const [sent] = await a.sql<{ id: number; updated_at: string }>(
      `SELECT "id", "updated_at"::text FROM "e_documents" WHERE "id" = ANY($1::int[]) AND "sdi_status" = 'consegnata' LIMIT 1`,
      [invoices],
    );
    const read = await a.get('collab', `/api/edocument/${sent!.id}`);
    const put = await a.put('collab', `/api/edocument/${sent!.id}`, {
      ...read.json().data,
      updated_at: read.json().data.updated_at,
    });
    expect(put.statusCode, put.body).toBe(409);
    expect(put.json().message).toMatch(/già stata inviata a SdI/);
    const del = await a.del('collab', `/api/edocuments/${sent!.id}`);
    expect(del.statusCode, del.body).toBe(409);
    const again = await a.post('collab', '/api/sdi/send', { ids: [sent!.id] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.ids[0]).toMatch(/già stata inviata a SdI \(stato: Consegnata\)/);
    expect((await a.post('bianchi', '/api/sdi/send', { ids: [sent!.id] })).statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/sdi/edocument/${sent!.id}`)).statusCode).toBe(404);
    const u = await a.utente('utente.sdi@studiodemo.test');
    expect((await a.call(null, 'POST', '/api/sdi/send', { payload: { ids: [sent!.id] }, headers: u })).statusCode).toBe(
      403,
    );
    const [ev] = await a.sql<{ id: number }>(`SELECT "id" FROM "sdi_events" WHERE "e_document_id" = $1 LIMIT 1`, [
      sent!.id,
    ]);
    expect((await a.get('bianchi', `/api/sdi_event/${ev!.id}/actions/xml`)).statusCode).toBe(404);
  });

  it('C56 C57 SdI kept as sent (issue 45 item 6): a delivered invoice downloads as the file sent, byte for byte, as XML, in the zip and as the PDF made from it, after its customer is renamed and its address emptied', async () => {
    const [sent] = await a.sql<{ id: number; customer_id: number; xml: string; file_name: string }>(
      `SELECT d."id", d."customer_id", t."xml", t."file_name" FROM "e_documents" d
       JOIN "sdi_transmissions" t ON t."e_document_id" = d."id"
       WHERE d."id" = ANY($1::int[]) AND d."sdi_status" = 'consegnata' ORDER BY d."id" LIMIT 1`,
      [invoices],
    );
    const before = await a.get('collab', `/api/edocuments/${sent!.id}/actions/download_xml`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.body).toBe(sent!.xml);
    const name = before.headers['content-disposition'];
    const [c] = await a.sql<{ business_name: string; address: string }>(
      `SELECT "business_name", "address" FROM "customers" WHERE "id" = $1`,
      [sent!.customer_id],
    );
    await a.sql(`UPDATE "customers" SET "business_name" = 'Nome Nuovo Srl', "address" = NULL WHERE "id" = $1`, [
      sent!.customer_id,
    ]);
    const [studio] = await a.sql<{ address: string }>(`SELECT "address" FROM "studios" WHERE "id" = $1`, [demoId]);
    await a.sql(`UPDATE "studios" SET "address" = 'Via Cambiata 99' WHERE "id" = $1`, [demoId]);
    try {
      const after = await a.get('collab', `/api/edocuments/${sent!.id}/actions/download_xml`);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.body).toBe(sent!.xml);
      expect(after.headers['content-disposition']).toBe(name);
      const zip = await a.call(
        'collab',
        'GET',
        `/api/edocuments/${encodeURIComponent(`[${sent!.id}]`)}/actions/download_xmls_zip`,
      );
      expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
      const dir = mkdtempSync(join(tmpdir(), 'inviata-'));
      writeFileSync(join(dir, 'a.zip'), zip.rawPayload);
      const inner = execFileSync('unzip', ['-p', join(dir, 'a.zip')]).toString('utf8');
      expect(inner).toBe(sent!.xml);
      const pdf = await a.get('collab', `/api/edocuments/${sent!.id}/actions/download_pdf`);
      expect(pdf.statusCode).toBe(200);
      writeFileSync(join(dir, 'a.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-']).toString();
      expect(text).toContain(c!.business_name.slice(0, 20));
      expect(text).not.toContain('Nome Nuovo Srl');
      expect(text).toContain(c!.address.slice(0, 15));
    } finally {
      await a.sql(`UPDATE "customers" SET "business_name" = $2, "address" = $3 WHERE "id" = $1`, [
        sent!.customer_id,
        c!.business_name,
        c!.address,
      ]);
      await a.sql(`UPDATE "studios" SET "address" = $2 WHERE "id" = $1`, [demoId, studio!.address]);
    }
  });

  it('SdI send: all or nothing — an invoice SdI would refuse (no address, no SDI code nor PEC) makes a 422 naming it, and nothing is queued', async () => {
    const ids = await a.sql<{ id: number; customer_id: number }>(
      `SELECT "id", "customer_id" FROM "e_documents" WHERE "studio_id" = $1 AND coalesce("sdi_status", 'bozza') = 'bozza' AND "deleted_at" IS NULL ORDER BY "id" LIMIT 3`,
      [demoId],
    );
    expect(ids).toHaveLength(3);
    await a.sql(
      `UPDATE "customers" SET "sdi_code" = NULL, "pec" = NULL, "vat_id" = COALESCE("vat_id", '01234567897') WHERE "id" = $1`,
      [ids[0]!.customer_id],
    );
    const before = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdi_transmissions"`);
    const res = await a.post('collab', '/api/sdi/send', { ids: ids.map((r) => r.id) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/nessuna fattura è stata inviata/);
    expect(res.json().errors.ids.join('\n')).toMatch(/né codice destinatario SDI né PEC/);
    expect(await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdi_transmissions"`)).toEqual(before);
    expect([...(await statuses(ids.map((r) => r.id))).values()].every((s) => s === 'bozza')).toBe(true);
    for (const bad of [{}, { ids: [] }, { ids: 'x' }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      const r = await a.post('collab', '/api/sdi/send', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json().message).toMatch(/Scegli da 1 a 1000 fatture/);
    }
  });

  it('SdI resend: a rejected invoice, corrected, goes again under a new file name and is delivered; after 5 days only with a new number and date', async () => {
    const [rej] = await a.sql<{ id: number; customer_id: number }>(
      `SELECT "id", "customer_id" FROM "e_documents" WHERE "id" = ANY($1::int[]) AND "sdi_status" = 'scartata' ORDER BY "id" LIMIT 1`,
      [invoices],
    );
    // 6 days after the rejection: the same number and date are refused
    await a.sql(
      `UPDATE "sdi_events" SET "at" = "at" - interval '6 days' WHERE "e_document_id" = $1 AND "kind" = 'NS'`,
      [rej!.id],
    );
    const late = await a.post('collab', '/api/sdi/send', { ids: [rej!.id] });
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json().errors.ids[0]).toMatch(/dopo 5 giorni SdI la accetta di nuovo solo con un nuovo numero/);
    await a.sql(
      `UPDATE "sdi_events" SET "at" = "at" + interval '6 days' WHERE "e_document_id" = $1 AND "kind" = 'NS'`,
      [rej!.id],
    );
    // the correction: the customer's VAT number as the registry knows it (office 001)
    await a.sql(`UPDATE "customers" SET "vat_id" = $2 WHERE "id" = $1`, [rej!.customer_id, '02000010013']);
    // the rejected invoice can be edited
    const read = await a.get('collab', `/api/edocument/${rej!.id}`);
    expect((await a.put('collab', `/api/edocument/${rej!.id}`, read.json().data)).statusCode).toBe(200);
    await a.sql(`UPDATE "studios" SET "sdi_courtesy_copy" = 'consegna' WHERE "id" = $1`, [demoId]);
    await startWorker(simulator(0));
    expect((await a.post('collab', '/api/sdi/send', { ids: [rej!.id] })).statusCode).toBe(202);
    await until('delivered', async () => (await statuses([rej!.id])).get(rej!.id) === 'consegnata');
    // the courtesy copy follows the delivery
    await until(
      'the courtesy copy',
      async () =>
        (await a.sql(`SELECT 1 FROM "sdi_events" WHERE "e_document_id" = $1 AND "kind" = 'copia'`, [rej!.id])).length,
    );
    const files = await a.sql<{ file_name: string }>(
      `SELECT "file_name" FROM "sdi_transmissions" WHERE "e_document_id" = $1 ORDER BY "id"`,
      [rej!.id],
    );
    expect(files).toHaveLength(2);
    expect(files[0]!.file_name).not.toBe(files[1]!.file_name);
    const kinds = (await a.get('collab', `/api/sdi/edocument/${rej!.id}`))
      .json()
      .data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['invio', 'NS', 'invio', 'RC', 'copia']);
    await stopWorkers();
  });

  it('SdI outage and lost answers: the queue waits for the intermediary, and a file whose answer was lost is found, not sent twice', async () => {
    const [doc] = await a.sql<{ id: number }>(
      `SELECT d."id" FROM "e_documents" d JOIN "customers" c ON c."id" = d."customer_id" WHERE d."studio_id" = $1 AND d."sdi_status" = 'bozza'
        AND d."deleted_at" IS NULL AND c."sdi_code" IS NOT NULL AND c."address" <> '' AND substr(c."vat_id", 8, 3) = '001' ORDER BY d."id" LIMIT 1`,
      [demoId],
    );
    const sim = simulator(0);
    let calls = 0;
    const flaky: SdiChannel = {
      ...sim,
      name: 'simulator',
      async send(file) {
        calls++;
        // down twice, then the third attempt reaches it but its answer is lost (a timeout)
        if (calls <= 2) throw new SdiUnavailable("L'intermediario non è raggiungibile");
        if (calls === 3) {
          await sim.send(file);
          throw new SdiUnavailable('Tempo scaduto');
        }
        return sim.send(file);
      },
    };
    await startWorker(flaky);
    expect((await a.post('collab', '/api/sdi/send', { ids: [doc!.id] })).statusCode).toBe(202);
    await until('the outage noted', async () => {
      const [r] = await a.sql<{ e: string | null; s: string }>(
        `SELECT t."last_error" AS "e", d."sdi_status" AS "s" FROM "sdi_transmissions" t JOIN "e_documents" d ON d."id" = t."e_document_id" WHERE t."e_document_id" = $1`,
        [doc!.id],
      );
      return r?.e === "L'intermediario non è raggiungibile" && r.s === 'in_invio';
    });
    await until('delivered', async () => (await statuses([doc!.id])).get(doc!.id) === 'consegnata', 60_000);
    expect(calls).toBe(3);
    const [file] = await a.sql<{ file_name: string }>(
      `SELECT "file_name" FROM "sdi_transmissions" WHERE "e_document_id" = $1`,
      [doc!.id],
    );
    const received = await a.sql(`SELECT 1 FROM "sdi_simulator_files" WHERE "file_name" = $1`, [file!.file_name]);
    expect(received).toHaveLength(1);
    await stopWorkers();
  });

  it('SdI courtesy copy: when the invoice is delivered its PDF and XML go to the customer through the outbox, once', async () => {
    // the invoice corrected and delivered in the test above, with the studio's copy 'alla consegna'
    const [doc] = await a.sql<{ id: number; email: string }>(
      `SELECT d."id", c."email" FROM "e_documents" d JOIN "customers" c ON c."id" = d."customer_id"
      WHERE d."id" = ANY($1::int[]) AND EXISTS (SELECT 1 FROM "sdi_events" e WHERE e."e_document_id" = d."id" AND e."kind" = 'copia') ORDER BY d."id"`,
      [invoices],
    );
    const mails = await a.sql<{ id: number; to: unknown; subject: string }>(
      `SELECT o."id", o."to_addresses" AS "to", o."subject" FROM "mail_outbox" o WHERE o."kind" = 'e_invoice' AND o."studio_id" = $1`,
      [demoId],
    );
    const mine = mails.filter((m) => JSON.stringify(m.to).includes(doc!.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/^Fattura n\. /);
    const att = await a.sql<{ filename: string }>(
      `SELECT "filename" FROM "mail_attachments" WHERE "mail_id" = $1 ORDER BY "filename"`,
      [mine[0]!.id],
    );
    expect(att.map((x) => x.filename.replace(/.*\./, ''))).toEqual(['pdf', 'xml'].sort());
    const kinds = (await a.get('collab', `/api/sdi/edocument/${doc!.id}`))
      .json()
      .data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('copia');
  });

  it("SdI A-Cube webhook: a forged call is a 401 (logged), an unknown file a 404, a real one makes the invoice consegnata from A-Cube's notifications", async () => {
    const base = ACUBE_BASES.sandbox;
    const uuid = '3f0a1b2c-4d5e-4f60-8172-8394a5b6c7d8';
    const fixture = (name: string) =>
      JSON.parse(
        readFileSync(new URL(`../fixtures/acube/${name}.json`, import.meta.url), 'utf8').replaceAll(
          '{{INVOICE}}',
          uuid,
        ),
      );
    const asked: string[] = [];
    const msw = setupServer(
      http.post(`${base.common}/login`, () => HttpResponse.json({ token: 'x.eyJleHAiOjQxMDI0NDQ4MDB9.y' })),
      http.get(`${base.api}/invoices/:uuid/notifications`, ({ params }) => {
        asked.push(String(params.uuid));
        return HttpResponse.json(fixture('notifications-delivered'));
      }),
      http.get(`${base.api}/notifications/:uuid`, () => new HttpResponse('', { status: 404 })),
    );
    msw.listen({ onUnhandledRequest: 'bypass' });
    try {
      const channel = acubeChannel({
        email: 'studio@example.it',
        password: 'segreta',
        environment: 'sandbox',
        webhookHeader: 'Authorization',
        webhookSecret: 'segreto-del-webhook-0123456789',
      });
      await startWorker(channel);
      const [doc] = await a.sql<{ id: number }>(
        `SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "sdi_status" = 'bozza' AND "deleted_at" IS NULL ORDER BY "id" DESC LIMIT 1`,
        [demoId],
      );
      // a file A-Cube has (as the worker leaves it after sending)
      await a.sql(
        `INSERT INTO "sdi_transmissions" ("studio_id", "e_document_id", "file_name", "progressive", "xml", "number", "document_date", "channel", "channel_id", "status", "sent_at")
        VALUES ($1, $2, 'IT01234567890_ZZZZZ.xml', 99999, '<x/>', '1', CURRENT_DATE, 'acube', $3, 'sent', LOCALTIMESTAMP)`,
        [demoId, doc!.id, uuid],
      );
      await a.sql(`UPDATE "e_documents" SET "sdi_status" = 'inviata' WHERE "id" = $1`, [doc!.id]);
      const body = fixture('webhook-customer-notification');
      const hook = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/sdi/webhook/acube', payload: body, headers });
      const forgeries: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer sbagliato' },
        { authorization: 'segreto-del-webhook-0123456789' },
      ];
      for (const forged of forgeries) {
        const r = await hook(forged);
        expect(r.statusCode, JSON.stringify(forged)).toBe(401);
        expect(r.json().message).toBe('Webhook non autorizzato');
      }
      expect(asked).toEqual([]);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/sdi/webhook/acube',
        payload: { notification: { invoice_uuid: '00000000-0000-4000-8000-000000000000', type: 'RC' } },
        headers: { authorization: 'Bearer segreto-del-webhook-0123456789' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toMatch(/Nessuna fattura inviata/);
      const ok = await hook({ authorization: 'Bearer segreto-del-webhook-0123456789' });
      expect(ok.statusCode, ok.body).toBe(200);
      await until('delivered from the webhook', async () => (await statuses([doc!.id])).get(doc!.id) === 'consegnata');
      expect(asked).toContain(uuid);
      const kinds = (await a.get('collab', `/api/sdi/edocument/${doc!.id}`))
        .json()
        .data.events.map((e: { kind: string }) => e.kind);
      expect(kinds).toContain('RC');
    } finally {
      await stopWorkers();
      msw.close();
    }
  });

  it("SdI fair share: a studio's thousand files do not hold back another studio's first ones", async () => {
    const feb = { from: `${year}-02-01`, to: `${year}-02-28` };
    const issue = async (who: 'admin' | 'bianchi', body: Record<string, unknown>) => {
      const p = await a.post(who, '/api/invoicing/preview', body);
      expect(p.statusCode, p.body).toBe(200);
      const r = await a.post(who, '/api/invoicing/run', { ...body, fingerprint: p.json().data.fingerprint });
      expect(r.statusCode, r.body).toBe(201);
      return (r.json().data.invoices as Array<{ id: number }>).map((i) => i.id);
    };
    const many = await issue('admin', feb);
    const few = await issue('bianchi', period);
    expect(many.length).toBeGreaterThan(40);
    expect(few.length).toBeGreaterThan(0);
    // both queued before any worker runs: Studio Demo's first, then Studio Bianchi's
    expect((await a.post('admin', '/api/sdi/send', { ids: many })).statusCode).toBe(202);
    expect((await a.post('bianchi', '/api/sdi/send', { ids: few })).statusCode).toBe(202);
    const [bianchiVat] = await a.sql<{ vat: string }>(`SELECT "vat_number" AS "vat" FROM "studios" WHERE "id" = $1`, [
      await a.studioId('Studio Bianchi'),
    ]);
    const order: string[] = [];
    const sim = simulator(0);
    await startWorker(
      {
        ...sim,
        async send(file) {
          order.push(file.senderVat);
          return sim.send(file);
        },
      },
      1,
    );
    await until('every file handed over', async () => order.length === many.length + few.length, 120_000);
    const positions = order.flatMap((vat, i) => (vat === bianchiVat!.vat ? [i] : []));
    expect(positions).toHaveLength(few.length);
    // after at most one share (20) of Studio Demo's files, not after all of them
    expect(Math.max(...positions)).toBeLessThan(20 + few.length);
  });

  it('SdI send: five sends of the same invoices at once — one queues them, the others are refused, each file once', async () => {
    const drafts = await a.sql<{ id: number }>(
      `SELECT d."id" FROM "e_documents" d JOIN "customers" c ON c."id" = d."customer_id" WHERE d."studio_id" = $1 AND d."sdi_status" = 'bozza'
        AND d."deleted_at" IS NULL AND c."sdi_code" IS NOT NULL AND c."address" <> '' AND c."pec" IS NOT NULL ORDER BY d."id" LIMIT 3`,
      [demoId],
    );
    expect(drafts).toHaveLength(3);
    const ids = drafts.map((d) => d.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => a.post('collab', '/api/sdi/send', { ids })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(
      codes.every((c) => c === 202 || c === 409 || c === 422),
      codes.join(','),
    ).toBe(true);
    const files = await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "sdi_transmissions" WHERE "e_document_id" = ANY($1::int[])`,
      [ids],
    );
    expect(files[0]!.n).toBe(3);
    expect([...(await statuses(ids)).values()]).toEqual(['in_invio', 'in_invio', 'in_invio']);
  });
});
