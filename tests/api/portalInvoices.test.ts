/**
 * What the studio sends in the customers' area (issue 50 items 3, 4) through the HTTP interface,
 * the PDFs read with a real tool (pdftotext): 'Fatture' lists only the customer's invoices that SdI
 * has (never a draft, a rejected one, another customer's or studio's), newest first, with SdI's
 * state in words; the XML downloads as the transmission's file byte for byte and the PDF is made
 * from it (the customer renamed since changes neither); 'Da pagare' links the year's statement (the
 * same document as the studio's C29) and a payment notice per open item, for the open amount the
 * studio's open items compute, to the studio's IBAN; anything else is a 404. Each download is an
 * opening the studio reads (first, last, how many times, who; each kind described in words), a
 * call refused to the role Utente and to another studio; without a session the area sends to its
 * login. The demo customer's person finds the demo's invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, validVat, type Api } from '../helpers/api.js';
import { cookieOf, portalClient, PORTAL_BASE, textOf } from '../helpers/portal.js';
import { addDays, displayDate } from '../../model/dates.js';
import { formatEuro } from '../../model/types.js';
import { safeEntryName } from '../../server/render/zip.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';
import { DEMO_PORTAL_LOGIN } from '../../server/db/demoPortal.js';

let t: TestApp;
let a: Api;
let demoId: number;
let alfa: number;
let beta: number;
let service: number;
let dir: string;
const today = romeToday();
const year = Number(today.slice(0, 4));
/** the invoices' year: two years ago, where the demo has none */
const old = year - 2;
const ALFA = 'Alfa Fatture S.r.l.';

/** a PDF's text (pdftotext), spaces collapsed */
let pdfs = 0;
const pdfText = (bytes: Buffer) => {
  const path = join(dir, `${++pdfs}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

const { page, enter, form } = portalClient(
  () => t,
  () => a,
);

/** a customer of Studio Demo with what its invoice's XML needs */
const customer = (name: string, vat: string) =>
  a.newCustomer(name, {
    vat_id: validVat(vat),
    address: 'Via Roma 1',
    postal_code: '20121',
    city: 'Milano',
    sdi_code: '0000000',
  });

interface Invoice {
  id: number;
  number: string;
  date: string;
  /** the file handed to SdI (null: a draft) */
  xml: string | null;
}

/**
 * An invoice of the customer saved by the editor; unless a draft, handed to SdI: its transmission
 * holds the studio's XML with a progressive of its own (so the file differs from one made again),
 * and its state is SdI's.
 */
async function invoice(customerId: number, number: string, date: string, status = 'consegnata'): Promise<Invoice> {
  const res = await a.post('collab', '/api/edocument', {
    studioId: demoId,
    customerId,
    documentType: 'TD01',
    documentNumber: number,
    documentDate: date,
    serviceRows: [
      { description: 'Tenuta della contabilità', quantity: 1, price: '300', vat: 22, studio_service_id: service },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = Number(res.json().data.eDocumentId);
  if (status === 'bozza') return { id, number, date, xml: null };
  const made = await a.get('collab', `/api/edocuments/${id}/actions/download_xml`);
  expect(made.statusCode, made.body).toBe(200);
  const code = `Z${String(id).padStart(4, '0')}`;
  const xml = made.body.replace(
    /<ProgressivoInvio>[^<]*<\/ProgressivoInvio>/,
    `<ProgressivoInvio>${code}</ProgressivoInvio>`,
  );
  expect(xml).not.toBe(made.body);
  await a.sql(
    `INSERT INTO "sdi_transmissions" ("studio_id", "e_document_id", "file_name", "progressive", "xml", "number", "document_date", "channel", "channel_id", "status", "outcome", "sent_at")
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, 'simulator', $3, 'sent', $8, LOCALTIMESTAMP)`,
    [demoId, id, `IT90000020017_${code}.xml`, 900_000 + id, xml, number, date, status === 'scartata' ? 'NS' : 'RC'],
  );
  await a.sql(`UPDATE "e_documents" SET "sdi_status" = $1 WHERE "id" = $2`, [status, id]);
  return { id, number, date, xml };
}

let person: { cookie: string; csrf: string };
let first: Invoice;
let second: Invoice;
let draft: Invoice;
let rejected: Invoice;
let theirs: Invoice;

beforeAll(async () => {
  t = await startTestApp({ env: { SERVER_BASEURL: PORTAL_BASE } });
  a = api(t);
  dir = mkdtempSync(join(tmpdir(), 'gs-portal-invoices-'));
  demoId = await a.studioId('Studio Demo');
  [{ id: service }] = await a.sql<{ id: number }>(
    `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "cost" > 0 ORDER BY "id" LIMIT 1`,
    [demoId],
  );
  alfa = await customer(ALFA, '0123456780');
  beta = await customer('Beta Fatture S.r.l.', '0234567890');
  first = await invoice(alfa, '9001', `${old}-02-10`);
  second = await invoice(alfa, '9002', `${old}-05-20`, 'mancata_consegna');
  draft = await invoice(alfa, '9003', `${old}-06-01`, 'bozza');
  rejected = await invoice(alfa, '9004', `${old}-06-15`, 'scartata');
  theirs = await invoice(beta, '9005', `${old}-07-01`);
  person = await enter(alfa, 'amministrazione@alfafatture.test');
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const download = (url: string, who = person) => page(url, who.cookie);

describe('issue 50 the invoices in the area', () => {
  it('‘Fatture’ lists only the customer’s invoices SdI has, newest first, with the total and SdI’s state in words', async () => {
    const r = await page('/area-clienti/fatture', person.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    const text = textOf(r.body);
    const totals = await a.sql<{ id: number; total: string }>(
      `SELECT "id", "total"::text AS "total" FROM "e_documents" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
      [[first.id, second.id]],
    );
    expect(text).toContain(
      `Fattura n. 9002 del ${displayDate(second.date)} · nuova Totale ${formatEuro(Number(totals[1]!.total))} · Non recapitata`,
    );
    expect(text).toContain(
      `Fattura n. 9001 del ${displayDate(first.date)} · nuova Totale ${formatEuro(Number(totals[0]!.total))} · Consegnata dal Sistema di Interscambio (SdI)`,
    );
    expect(text.indexOf('n. 9002')).toBeLessThan(text.indexOf('n. 9001'));
    for (const n of ['9003', '9004', '9005']) expect(text).not.toContain(`n. ${n}`);
    expect(r.body).toContain(`href="/area-clienti/fatture/${first.id}.pdf"`);
    expect(r.body).toContain(`href="/area-clienti/fatture/${first.id}.xml"`);
    expect(r.body).not.toContain(`/fatture/${draft.id}.`);
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toMatch(
      /href="\/area-clienti\/fatture"><span>Fatture<\/span><span class="badge" aria-label="2 fatture nuove">2</,
    );
  });

  it('the XML is the file sent byte for byte and the PDF is made from it, whatever changed since in the customer', async () => {
    await a.sql(`UPDATE "customers" SET "business_name" = 'Nome Nuovo S.p.A.' WHERE "id" = $1`, [alfa]);
    try {
      const x = await download(`/area-clienti/fatture/${first.id}.xml`);
      expect(x.statusCode).toBe(200);
      expect(x.rawPayload.equals(Buffer.from(first.xml!, 'utf8'))).toBe(true);
      expect(x.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(x.headers['content-disposition']).toContain(
        `attachment; filename="TD01_${safeEntryName(ALFA, 80)}_${first.id}.xml"`,
      );
      expect(x.headers['x-content-type-options']).toBe('nosniff');
      expect(x.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(x.headers['cache-control']).toBe('no-store');
      const p = await download(`/area-clienti/fatture/${first.id}.pdf`);
      expect(p.statusCode).toBe(200);
      expect(p.headers['content-type']).toBe('application/pdf');
      expect(p.headers['content-disposition']).toContain(`filename="TD01_${safeEntryName(ALFA, 80)}_${first.id}.pdf"`);
      expect(p.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(p.rawPayload);
      expect(text).toContain(`Fattura n. 9001 del ${displayDate(first.date)}`);
      expect(text).toContain(ALFA);
      expect(text).not.toContain('Nome Nuovo');
      expect(text).toContain('Tenuta della contabilità');
    } finally {
      await a.sql(`UPDATE "customers" SET "business_name" = $1 WHERE "id" = $2`, [ALFA, alfa]);
    }
    const home = await page('/area-clienti', person.cookie);
    expect(home.body).toMatch(/aria-label="1 fattura nuova">1</);
    expect(textOf((await page('/area-clienti/fatture', person.cookie)).body)).not.toContain(
      `n. 9001 del ${displayDate(first.date)} · nuova`,
    );
  });

  it('a draft, a rejected invoice, another customer’s or studio’s, or a name that is not a file: 404, nothing recorded', async () => {
    const bianchi = await a.studioId('Studio Bianchi');
    const [their] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`,
      [bianchi],
    );
    await a.sql(`UPDATE "e_documents" SET "sdi_status" = 'consegnata' WHERE "id" = $1`, [their!.id]);
    await a.sql(
      `INSERT INTO "sdi_transmissions" ("studio_id", "e_document_id", "file_name", "progressive", "xml", "number", "document_date", "channel", "status", "outcome")
       VALUES ($1, $2, 'IT90000030016_00Z01.xml', 99001, '<x/>', '1', CURRENT_DATE, 'simulator', 'sent', 'RC')`,
      [bianchi, their!.id],
    );
    const before = await a.sql(`SELECT * FROM "portal_openings" WHERE "customer_id" = $1`, [alfa]);
    for (const id of [draft.id, rejected.id, theirs.id, their!.id, 999_999])
      for (const ext of ['pdf', 'xml'])
        expect((await download(`/area-clienti/fatture/${id}.${ext}`)).statusCode, `${id}.${ext}`).toBe(404);
    for (const name of [`${first.id}.txt`, `${first.id}`, 'abc.pdf', `${first.id}.pdf.xml`, '-1.pdf'])
      expect((await download(`/area-clienti/fatture/${encodeURIComponent(name)}`)).statusCode, name).toBe(404);
    expect(await a.sql(`SELECT * FROM "portal_openings" WHERE "customer_id" = $1`, [alfa])).toEqual(before);
    // beta's person sees beta's invoice, not alfa's
    const other = await enter(beta, 'conti@betafatture.test');
    expect((await download(`/area-clienti/fatture/${theirs.id}.xml`, other)).rawPayload.toString('utf8')).toBe(
      theirs.xml,
    );
    expect((await download(`/area-clienti/fatture/${first.id}.xml`, other)).statusCode).toBe(404);
    expect(textOf((await page('/area-clienti/fatture', other.cookie)).body)).not.toContain('9001');
  });

  it('without a session every page and file of the area sends to the login', async () => {
    for (const url of [
      '/area-clienti/fatture',
      `/area-clienti/fatture/${first.id}.pdf`,
      `/area-clienti/fatture/${first.id}.xml`,
      '/area-clienti/estratto-conto.pdf',
      '/area-clienti/avvisi/1.pdf',
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(303);
      expect(r.headers.location).toBe('/area-clienti/accedi?fine=1');
      expect(r.headers['content-type'] ?? '').not.toContain('pdf');
    }
  });
});

describe('issue 50 the statement and the payment notices', () => {
  let overdue: number;
  let upcoming: number;
  let payment: number;
  let betaMove: number;
  beforeAll(async () => {
    overdue = await move('CHARGE', 244, addDays(today, -40), {
      due_date: addDays(today, -10),
      transaction_note: 'Canone trimestrale',
    });
    upcoming = await move('CHARGE', 122, addDays(today, -2), {
      due_date: addDays(today, 20),
      transaction_note: 'Spese di segreteria',
    });
    payment = await move('PAYMENT', 50, addDays(today, -1), { transaction_note: 'Acconto' });
    betaMove = await a.newMove(beta, 'CHARGE', 99, `${addDays(today, -30)} 09:00:00`, { due_date: addDays(today, -5) });
  });
  const move = (type: string, amount: number, day: string, extra: Record<string, unknown>) =>
    a.newMove(alfa, type, amount, `${day} 10:00:00`, extra);

  it('‘Da pagare’ links the year’s statement (its period said) and a notice per open item, overdue and not yet due', async () => {
    const r = await page('/area-clienti/pagamenti', person.cookie);
    expect(r.statusCode).toBe(200);
    const text = textOf(r.body);
    expect(r.body).toContain(
      `<a class="button secondary" href="/area-clienti/estratto-conto.pdf">Scarica l'estratto conto (PDF)</a>`,
    );
    expect(text).toContain(`I movimenti dal 01-01-${year} a oggi (${displayDate(today)})`);
    const open = (await a.get('collab', `/api/customer/${alfa}/open_items`)).json().data.items as Array<{
      id: number;
      open: number;
    }>;
    expect(open.map((i) => i.id).sort()).toEqual([overdue, upcoming].sort());
    for (const i of open) {
      expect(r.body).toContain(`href="/area-clienti/avvisi/${i.id}.pdf"`);
      expect(text).toContain(formatEuro(i.open));
    }
    expect(text).toContain('Avviso di pagamento (PDF) Addebito – Canone trimestrale · scadenza');
    expect(r.body).not.toContain(`/avvisi/${payment}.pdf`);
    expect(r.body).not.toContain(`/avvisi/${betaMove}.pdf`);
  });

  it('the statement is the studio’s C29 of the year to today, recorded as opened', async () => {
    const r = await download('/area-clienti/estratto-conto.pdf');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('attachment; filename="EstrattoConto.pdf"');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(r.rawPayload);
    expect(text).toContain(`dal 01-01-${year} al ${displayDate(today)}`);
    expect(text).toContain('Addebito – Canone trimestrale');
    expect(text).toContain('Incasso – Acconto');
    const studio = await a.get('collab', '/api/account_balance_pdf', {
      customer_ids: `[${alfa}]`,
      from: `${year}-01-01`,
      to: today,
    });
    expect(studio.statusCode).toBe(200);
    expect(text).toBe(pdfText(studio.rawPayload));
  });

  it('a notice of an open item asks its open amount, as the open items compute it, to the studio’s IBAN with the causale', async () => {
    const items = (await a.get('collab', `/api/customer/${alfa}/open_items`)).json().data.items as Array<{
      id: number;
      open: number;
    }>;
    for (const id of [overdue, upcoming]) {
      const r = await download(`/area-clienti/avvisi/${id}.pdf`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toContain(`filename="Avviso_di_pagamento_${id}.pdf"`);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      const text = pdfText(r.rawPayload);
      const open = items.find((i) => i.id === id)!.open;
      expect(open).toBeGreaterThan(0);
      expect(text).toContain(`Importo da pagare ${formatEuro(open)}`);
      expect(text).toContain('IT60 X054 2811 1010 0000 0123 456');
      expect(text).toContain(
        `Causale Addebito – ${id === overdue ? 'Canone trimestrale' : 'Spese di segreteria'} - ${ALFA}`,
      );
    }
  });

  it('a movement not open, another customer’s, or not a movement: 404', async () => {
    for (const id of [payment, betaMove, 999_999])
      expect((await download(`/area-clienti/avvisi/${id}.pdf`)).statusCode, String(id)).toBe(404);
    expect((await download(`/area-clienti/avvisi/${overdue}.xml`)).statusCode).toBe(404);
    const other = await enter(beta, 'pagamenti@betafatture.test');
    expect((await download(`/area-clienti/avvisi/${overdue}.pdf`, other)).statusCode).toBe(404);
    expect((await download(`/area-clienti/avvisi/${betaMove}.pdf`, other)).statusCode).toBe(200);
  });

  it('the studio reads what the customer opened: each document in words, first and last time, how many times, who', async () => {
    // one more opening of the PDF, and the kinds the other parts of the area record
    await download(`/area-clienti/fatture/${first.id}.pdf`);
    const [acc] = await a.sql<{ id: number }>(
      `INSERT INTO "portal_acceptances" ("studio_id", "customer_id", "kind", "title", "filename", "pdf", "sha256")
       VALUES ($1, $2, 'dichiarazione_aml', 'Dichiarazione antiriciclaggio 2026', 'Dichiarazione.pdf', '\\x25504446'::bytea, $3) RETURNING "id"`,
      [demoId, alfa, 'a'.repeat(64)],
    );
    const [mandate] = await a.sql<{ id: number }>(
      `INSERT INTO "sdd_mandates" ("studio_id", "customer_id", "reference", "iban", "signature_date", "scheme", "sequence_type", "status")
       VALUES ($1, $2, 'ALFA-SDD-0001', 'IT60X0542811101000000123456', CURRENT_DATE, 'CORE', 'FRST', 'active') RETURNING "id"`,
      [demoId, alfa],
    );
    const [sig] = await a.sql<{ id: number }>(
      `INSERT INTO "portal_mandate_signatures" ("studio_id", "customer_id", "mandate_id", "signer_name", "signer_email", "pdf", "sha256")
       VALUES ($1, $2, $3, 'Anna Alfa', 'anna@alfafatture.test', '\\x25504446'::bytea, $4) RETURNING "id"`,
      [demoId, alfa, mandate!.id, 'b'.repeat(64)],
    );
    await a.sql(
      `INSERT INTO "portal_openings" ("studio_id", "customer_id", "kind", "ref_id", "first_opened_at", "last_opened_at")
       VALUES ($1, $2, 'dichiarazione', $3, LOCALTIMESTAMP - interval '2 days', LOCALTIMESTAMP - interval '2 days'),
              ($1, $2, 'mandato', $4, LOCALTIMESTAMP - interval '3 days', LOCALTIMESTAMP - interval '3 days')`,
      [demoId, alfa, acc!.id, sig!.id],
    );
    const r = await a.get('collab', `/api/customer/${alfa}/portal/openings`);
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json().data as Array<{
      kind: string;
      ref_id: number;
      description: string;
      first_opened_at: string;
      last_opened_at: string;
      times: number;
      first_person: string | null;
    }>;
    const by = (kind: string, ref: number) => rows.find((o) => o.kind === kind && o.ref_id === ref)!;
    const pdf = by('fattura_pdf', first.id);
    expect(pdf).toMatchObject({
      description: `Fattura n. 9001 del ${displayDate(first.date)} (PDF)`,
      times: 2,
      first_person: 'amministrazione@alfafatture.test',
    });
    expect(pdf.first_opened_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(pdf.last_opened_at >= pdf.first_opened_at).toBe(true);
    expect(by('fattura_xml', first.id)).toMatchObject({
      description: `Fattura n. 9001 del ${displayDate(first.date)} (XML)`,
      times: 1,
    });
    expect(by('estratto', 0)).toMatchObject({ description: 'Estratto conto', times: 1 });
    expect(by('avviso', overdue).description).toBe('Avviso di pagamento: Addebito – Canone trimestrale');
    expect(by('avviso', upcoming).description).toBe('Avviso di pagamento: Addebito – Spese di segreteria');
    expect(by('dichiarazione', acc!.id).description).toBe('Dichiarazione antiriciclaggio 2026');
    expect(by('mandato', sig!.id).description).toBe('Mandato SEPA firmato (rif. ALFA-SDD-0001)');
    // the latest opened first; the 404s and beta's openings are not there
    expect(rows[0]).toMatchObject({ kind: 'fattura_pdf', ref_id: first.id });
    expect(rows.at(-1)!.kind).toBe('mandato');
    expect(rows.some((o) => o.ref_id === theirs.id || o.ref_id === betaMove || o.ref_id === draft.id)).toBe(false);
    expect(rows).toHaveLength(7);
  });

  it('the studio’s call: the role Utente is refused (as the area’s other calls), another studio’s customer is not found', async () => {
    const u = await a.utente('utente.aperture@studiodemo.test');
    for (const path of ['openings', 'files']) {
      const r = await a.call(null, 'GET', `/api/customer/${alfa}/portal/${path}`, { headers: u });
      expect(r.statusCode, path).toBe(403);
    }
    expect((await a.get('bianchi', `/api/customer/${alfa}/portal/openings`)).statusCode).toBe(404);
    expect((await a.get('collab', '/api/customer/999999/portal/openings')).statusCode).toBe(404);
    // beta's own openings only, the latest first
    expect((await a.get('collab', `/api/customer/${beta}/portal/openings`)).json().data).toEqual([
      expect.objectContaining({ kind: 'avviso', ref_id: betaMove, description: 'Avviso di pagamento: Addebito' }),
      expect.objectContaining({ kind: 'fattura_xml', ref_id: theirs.id }),
    ]);
  });
});

describe('issue 50 the demo’s invoices', () => {
  it('the demo customer’s person finds the e-invoices SdI has, the XML as sent', async () => {
    const login = await form('/area-clienti/accedi/password', { email: DEMO_PORTAL_LOGIN, password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(303);
    const cookie = cookieOf(login);
    const r = await page('/area-clienti/fatture', cookie);
    expect(r.statusCode).toBe(200);
    const ids = [...r.body.matchAll(/href="\/area-clienti\/fatture\/(\d+)\.xml"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const text = textOf(r.body);
    expect(text).toContain('Consegnata dal Sistema di Interscambio (SdI)');
    expect(text).toContain("area riservata del sito dell'Agenzia delle Entrate");
    const [sent] = await a.sql<{ xml: string }>(
      `SELECT "xml" FROM "sdi_transmissions" WHERE "e_document_id" = $1 ORDER BY "id" DESC LIMIT 1`,
      [ids[0]],
    );
    const x = await page(`/area-clienti/fatture/${ids[0]}.xml`, cookie);
    expect(x.statusCode).toBe(200);
    expect(x.rawPayload.equals(Buffer.from(sent!.xml, 'utf8'))).toBe(true);
  });
});
