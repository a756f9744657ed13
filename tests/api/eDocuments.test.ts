/**
 * Electronic invoices (issue 13, seed B §3, §5, §7, C50–C58): the editor's save with the seed's
 * payload names, rows and totals in one transaction, the number unique in the studio's year under
 * concurrent saves, the check (validate_xml: 200, or 400 with message and details), the XML of
 * one invoice and of a selection (validated against the official XSD), the PDF copy, the studio
 * scope (404 across studios) and the generic list with its date filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { fatturapaErrors, OFFICIAL_XSD } from '../helpers/fatturapaXsd.js';
import { safeEntryName } from '../../server/render/zip.js';

let t: TestApp;
let a: Api;
let demoId: number;
let customer: { id: number; business_name: string };
let services: Array<{ id: number; description: string; cost: string }>;
const today = romeToday();
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  const [c] = await a.sql<{ id: number; business_name: string }>(
    `SELECT "id", "business_name" FROM "customers" WHERE "studio_id" = $1 AND "vat_id" IS NOT NULL
    AND "address" IS NOT NULL AND "postal_code" IS NOT NULL AND "ceased" = 0 AND "deleted_at" IS NULL ORDER BY "id" DESC LIMIT 1`,
    [demoId],
  );
  customer = { id: Number(c!.id), business_name: c!.business_name };
});
afterAll(async () => {
  await t?.close();
});

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const cents = (s: string) => Math.round(Number(s) * 100);
const body = (extra: Record<string, unknown> = {}) => ({
  studioId: demoId,
  customerId: customer.id,
  documentType: 'TD01',
  documentDate: today,
  serviceRows: [
    {
      description: services[0]!.description,
      quantity: 1,
      price: services[0]!.cost,
      vat: 22,
      studio_service_id: services[0]!.id,
    },
    { description: services[1]!.description, quantity: 3, price: '14,35', vat: 22, studio_service_id: services[1]!.id },
  ],
  ...extra,
});
async function suggested(who: 'admin' | 'collab' | 'bianchi' = 'admin') {
  const res = await a.get(who, '/api/edocuments_suggested_number', { date: today });
  expect(res.statusCode).toBe(200);
  return res.json().data as string;
}

describe('C50 C54 C58 what the editor loads', () => {
  it("C50 studio_services: the rows to pick from (code, description, cost), only the studio's", async () => {
    const res = await a.get('collab', '/api/studio_services');
    expect(res.statusCode).toBe(200);
    services = res
      .json()
      .data.filter((s: { cost: number }) => Number(s.cost) > 0)
      .map((s: { id: number; description: string; cost: number }) => ({
        id: s.id,
        description: s.description,
        cost: String(s.cost),
      }));
    expect(services.length).toBeGreaterThan(1);
    const theirs = (await a.get('bianchi', '/api/studio_services')).json().data.map((s: { id: number }) => s.id);
    expect(theirs.some((id: number) => services.some((s) => s.id === id))).toBe(false);
  });

  it('C58 edocument_types: TD01 Fattura and TD04 Nota di Credito', async () => {
    const res = await a.get('collab', '/api/edocument_types');
    expect(res.json()).toEqual({
      data: [
        { value: 'TD01', text: 'Fattura' },
        { value: 'TD04', text: 'Nota di Credito' },
      ],
    });
  });

  it("C54 edocuments_suggested_number: the last number of the studio's year + 1, each studio its own", async () => {
    const [{ n }] = await a.sql<{ n: string }>(
      `SELECT COALESCE(MAX("number"::int), 0)::text AS "n" FROM "e_documents" WHERE "studio_id" = $1 AND "year" = $2`,
      [demoId, year],
    );
    expect(await suggested()).toBe(String(Number(n) + 1));
    expect((await a.get('admin', '/api/edocuments_suggested_number', { year: 1990 })).json().data).toBe('1');
    const bianchiId = await a.studioId('Studio Bianchi');
    const [{ m }] = await a.sql<{ m: string }>(
      `SELECT COALESCE(MAX("number"::int), 0)::text AS "m" FROM "e_documents" WHERE "studio_id" = $1 AND "year" = $2`,
      [bianchiId, year],
    );
    expect(await suggested('bianchi')).toBe(String(Number(m) + 1));
  });

  it('the studio as the editor needs it: regime, withholding and cassa', async () => {
    const res = await a.get('collab', '/api/edocuments_studio');
    expect(res.json().data).toMatchObject({
      id: demoId,
      name: 'Studio Demo',
      fiscal_regime: 'RF01',
      withholding_tax: true,
      cassa_previdenza: true,
    });
  });
});

let invoiceId: number;
let invoiceNumber: string;

describe('C51 C52 C53 the editor saves', () => {
  it('C52 edocument: saves header, rows and totals in one go and answers data.eDocumentId (201)', async () => {
    invoiceNumber = await suggested();
    const res = await a.post('collab', '/api/edocument', body({ documentNumber: invoiceNumber }));
    expect(res.statusCode, res.body).toBe(201);
    invoiceId = res.json().data.eDocumentId;
    expect(invoiceId).toBeGreaterThan(0);
    const doc = (await a.get('collab', `/api/edocument/${invoiceId}`)).json().data;
    expect(doc).toMatchObject({
      documentType: 'TD01',
      documentNumber: invoiceNumber,
      documentDate: today,
      customerId: customer.id,
      studioId: demoId,
    });
    expect(doc.serviceRows.map((r: { quantity: number; price: string }) => [r.quantity, r.price])).toEqual([
      [1, Number(services[0]!.cost).toFixed(2)],
      [3, '14.35'],
    ]);
    // the totals: rows, cassa 4 % (the demo studio applies it), VAT 22 % on both, withholding 20 % of the fee
    const fee = cents(services[0]!.cost) + 3 * 1435;
    const cassa = Math.round(fee * 0.04);
    const tax = Math.round((fee + cassa) * 0.22);
    expect(doc.totals).toMatchObject({
      taxable: fee / 100,
      cassa: cassa / 100,
      tax: tax / 100,
      total: (fee + cassa + tax) / 100,
      withholding: Math.round(fee * 0.2) / 100,
    });
    // the list shows the stored totals
    const [row] = await a.sql<{ total: string }>('SELECT "total"::text AS "total" FROM "e_documents" WHERE "id" = $1', [
      invoiceId,
    ]);
    expect(cents(row!.total)).toBe(fee + cassa + tax);
    expect(await suggested()).toBe(String(Number(invoiceNumber) + 1));
  });

  it('C52 the row rules of seed B §5, each named (Riga n) in the message the editor shows', async () => {
    const bad = await a.post(
      'collab',
      '/api/edocument',
      body({
        documentNumber: await suggested(),
        serviceRows: [
          { description: ' ', quantity: 1.5, price: '0', vat: 22 },
          { description: 'ok', quantity: 1, price: '12,345', vat: 0 },
        ],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      'serviceRows.0.description': ['Inserisci la descrizione'],
      'serviceRows.0.quantity': ['La quantità deve essere un numero intero maggiore di 0'],
      'serviceRows.0.price': ['Il prezzo deve essere maggiore di 0'],
      'serviceRows.1.price': ['Importo non valido: massimo 8 cifre e 2 decimali'],
      'serviceRows.1.nature': ["Scegli la natura dell'operazione (IVA 0%)"],
    });
    expect(bad.json().message).toMatch(/^Riga 1 \(descrizione\): Inserisci la descrizione/);
    const none = await a.post('collab', '/api/edocument', body({ documentNumber: await suggested(), serviceRows: [] }));
    expect(none.json().errors).toEqual({ serviceRows: ['Inserisci almeno una riga'] });
    const header = await a.post(
      'collab',
      '/api/edocument',
      body({ documentNumber: '', customerId: null, documentDate: '31-02-2026' }),
    );
    expect(header.statusCode).toBe(422);
    expect(Object.keys(header.json().errors)).toEqual(
      expect.arrayContaining(['documentNumber', 'customerId', 'documentDate']),
    );
    expect(await a.sql('SELECT 1 FROM "e_documents" WHERE "studio_id" = $1 AND "number" = $2', [demoId, ''])).toEqual(
      [],
    );
  });

  it('C52 a number already issued in the year is refused, naming the first free one; another year may reuse it', async () => {
    const res = await a.post('collab', '/api/edocument', body({ documentNumber: invoiceNumber }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.documentNumber[0]).toBe(
      `Il numero ${invoiceNumber} è già usato nel ${year}: il primo libero è ${await suggested()}`,
    );
    const other = await a.post(
      'collab',
      '/api/edocument',
      body({ documentNumber: invoiceNumber, documentDate: `${year - 5}-06-30` }),
    );
    expect(other.statusCode, other.body).toBe(201);
  });

  it('C52 concurrent saves of the same number: exactly one is saved', async () => {
    const n = await suggested();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => a.post('collab', '/api/edocument', body({ documentNumber: n }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const rows = await a.sql(
      'SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "year" = $2 AND "number" = $3',
      [demoId, year, n],
    );
    expect(rows).toHaveLength(1);
    expect(
      await a.sql(
        'SELECT 1 FROM "e_document_services" s JOIN "e_documents" d ON d."id" = s."e_document_id" WHERE d."number" = $1 AND d."year" = $2 AND d."studio_id" = $3',
        [n, year, demoId],
      ),
    ).toHaveLength(2);
  });

  it('C53 edocument/{id}: replaces the rows with the version read; a stale version is refused (412) and changes nothing', async () => {
    const before = (await a.get('collab', `/api/edocument/${invoiceId}`)).json().data;
    const res = await a.put(
      'collab',
      `/api/edocument/${invoiceId}`,
      body({
        documentNumber: invoiceNumber,
        updated_at: before.updated_at,
        serviceRows: [
          { description: 'Consulenza straordinaria', quantity: 2, price: '150,00', vat: 22 },
          { description: 'Diritti camerali anticipati', quantity: 1, price: '53', vat: 0, nature: 'N1' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.eDocumentId).toBe(invoiceId);
    const after = (await a.get('collab', `/api/edocument/${invoiceId}`)).json().data;
    expect(
      after.serviceRows.map((r: { description: string; nature: string | null }) => [r.description, r.nature]),
    ).toEqual([
      ['Consulenza straordinaria', null],
      ['Diritti camerali anticipati', 'N1'],
    ]);
    // the expense of art. 15 is outside the fee: cassa and withholding on 300.00 only
    expect(after.totals).toMatchObject({ taxable: 353, cassa: 12, withholding: 60, tax: 68.64, total: 433.64 });
    const stale = await a.put(
      'collab',
      `/api/edocument/${invoiceId}`,
      body({ documentNumber: invoiceNumber, updated_at: before.updated_at }),
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe('Il record è stato modificato da un altro utente: ricarica prima di salvare.');
    expect((await a.get('collab', `/api/edocument/${invoiceId}`)).json().data.serviceRows).toHaveLength(2);
    const [audit] = await a.sql<{ changes: { serviceRows: unknown[] } }>(
      `SELECT "changes" FROM "audit_log" WHERE "model" = 'EDocument' AND "record_id" = $1 AND "changes" ? 'serviceRows'`,
      [invoiceId],
    );
    expect(audit!.changes.serviceRows).toHaveLength(2);
  });

  it("the generic create and update refuse an e-invoice (its rows come with the editor's calls)", async () => {
    const res = await a.post('admin', '/api/edocuments', {
      type: 'TD01',
      number: '999',
      date: today,
      customer_id: customer.id,
    });
    expect(res.statusCode).toBe(405);
  });

  it("C51 C53 C55 C56 another studio's document is a 404 everywhere; its customer cannot be invoiced", async () => {
    for (const url of [
      `/api/edocument/${invoiceId}`,
      `/api/edocuments/${invoiceId}/actions/validate_xml`,
      `/api/edocuments/${invoiceId}/actions/download_xml`,
      `/api/edocuments/${invoiceId}/actions/download_pdf`,
      `/api/edocuments/[${invoiceId}]/actions/download_xmls_zip`,
    ]) {
      expect((await a.get('bianchi', url)).statusCode, url).toBe(404);
    }
    expect(
      (
        await a.call('bianchi', 'PUT', `/api/edocument/${invoiceId}`, {
          payload: body({ documentNumber: '77', updated_at: '2026-01-01 00:00:00' }),
        })
      ).statusCode,
    ).toBe(404);
    const theirs = await a.post('bianchi', '/api/edocument', {
      ...body({ documentNumber: '900' }),
      studioId: undefined,
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.customerId).toBeDefined();
  });
});

describe('C55 C56 C57 checks and downloads', () => {
  it('C56 download_xml: type_businessname_id.xml, valid against the official FatturaPA schema, totals to the cent', async () => {
    const res = await a.get('collab', `/api/edocuments/${invoiceId}/actions/download_xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename="TD01_${safeEntryName(customer.business_name, 80)}_${invoiceId}.xml"`,
    );
    const xml = res.body;
    expect(await fatturapaErrors(xml)).toEqual([]);
    expect(tag(xml, 'Numero')).toEqual([invoiceNumber]);
    expect(cents(tag(xml, 'ImportoTotaleDocumento')[0]!)).toBe(43364);
    expect(tag(xml, 'Natura')).toEqual(['N1', 'N1']);
  });

  it('C55 validate_xml: 200 with message and no details when valid; 400 with every problem when the customer lacks data', async () => {
    const ok = await a.get('collab', `/api/edocuments/${invoiceId}/actions/validate_xml`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: `La fattura ${invoiceNumber} è valida`, details: [] });
    await a.sql('UPDATE "customers" SET "postal_code" = NULL, "address" = NULL WHERE "id" = $1', [customer.id]);
    try {
      const bad = await a.get('collab', `/api/edocuments/${invoiceId}/actions/validate_xml`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/non è valida/);
      expect(bad.json().details).toEqual(["Cliente: manca l'indirizzo", 'Cliente: manca il CAP']);
      // an invoice that would not pass is not handed out as XML
      const dl = await a.get('collab', `/api/edocuments/${invoiceId}/actions/download_xml`);
      expect(dl.statusCode).toBe(422);
      expect(dl.json().message).toContain('manca il CAP');
    } finally {
      await a.sql('UPDATE "customers" SET "postal_code" = \'73100\', "address" = \'Via Mazzini 27\' WHERE "id" = $1', [
        customer.id,
      ]);
    }
  });

  it('C55 with FATTURAPA_XSD set, the schema at that path is checked at run time too', async () => {
    // a copy of the official schema that no longer admits FPR12: its refusal must reach the answer
    const dir = mkdtempSync(join(tmpdir(), 'xsd-'));
    const xsd = readFileSync(OFFICIAL_XSD, 'utf8');
    expect(xsd).toContain('<xs:enumeration value="FPR12">');
    writeFileSync(
      join(dir, 'strict.xsd'),
      xsd.replace('<xs:enumeration value="FPR12">', '<xs:enumeration value="FPX99">'),
    );
    writeFileSync(
      join(dir, 'xmldsig-core-schema.xsd'),
      readFileSync(join(OFFICIAL_XSD, '..', 'xmldsig-core-schema.xsd')),
    );
    for (const [path, status] of [
      [OFFICIAL_XSD, 200],
      [join(dir, 'strict.xsd'), 400],
    ] as const) {
      const t2 = await startTestApp({ env: { FATTURAPA_XSD: path } });
      try {
        const a2 = api(t2);
        const [d] = await a2.sql<{ id: number }>(
          `SELECT d."id" FROM "e_documents" d JOIN "studios" s ON s."id" = d."studio_id" WHERE s."name" = 'Studio Demo' ORDER BY d."id" LIMIT 1`,
        );
        const res = await a2.get('admin', `/api/edocuments/${d!.id}/actions/validate_xml`);
        expect(res.statusCode, res.body).toBe(status);
        if (status === 400) expect(res.json().details.join(' ')).toMatch(/^Schema FatturaPA: .*FormatoTrasmissione/);
      } finally {
        await t2.close();
      }
    }
  });

  let creditNoteId: number;
  it('C52 a TD04 names the invoice it corrects (a TD01 of the same customer): its XML carries DatiFattureCollegate; without it (issue 25) a warning and a schema-valid XML without the link', async () => {
    const missing = await a.post(
      'collab',
      '/api/edocument',
      body({ documentType: 'TD04', documentNumber: await suggested() }),
    );
    expect(missing.statusCode, missing.body).toBe(201);
    expect(missing.json().warnings).toEqual([
      'La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla',
    ]);
    const unlinked = (await a.get('collab', `/api/edocuments/${missing.json().data.eDocumentId}/actions/download_xml`))
      .body;
    expect(await fatturapaErrors(unlinked)).toEqual([]);
    expect(tag(unlinked, 'IdDocumento')).toEqual([]);
    await a.del('collab', `/api/e_document/${encodeURIComponent(JSON.stringify([missing.json().data.eDocumentId]))}`, {
      force_delete: 'auto',
    });
    const res = await a.post(
      'collab',
      '/api/edocument',
      body({
        documentType: 'TD04',
        documentNumber: await suggested(),
        correctsId: invoiceId,
        serviceRows: [{ description: 'Storno consulenza', quantity: 1, price: '150,00', vat: 22 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    creditNoteId = res.json().data.eDocumentId;
    const xml = (await a.get('collab', `/api/edocuments/${creditNoteId}/actions/download_xml`)).body;
    expect(await fatturapaErrors(xml)).toEqual([]);
    expect(tag(xml, 'TipoDocumento')).toEqual(['TD04']);
    expect(tag(xml, 'IdDocumento')).toEqual([invoiceNumber]);
  });

  it('C57 download_xmls_zip: archivio_edoc.zip with one schema-valid XML per document', async () => {
    const res = await a.get(
      'collab',
      `/api/edocuments/${encodeURIComponent(JSON.stringify([invoiceId, creditNoteId]))}/actions/download_xmls_zip`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('archivio_edoc.zip');
    const dir = mkdtempSync(join(tmpdir(), 'edoc-'));
    writeFileSync(join(dir, 'a.zip'), res.rawPayload);
    execFileSync('unzip', ['-q', join(dir, 'a.zip'), '-d', join(dir, 'x')]);
    const names = readdirSync(join(dir, 'x')).sort();
    const name = safeEntryName(customer.business_name, 80);
    expect(names).toEqual([`TD01_${name}_${invoiceId}.xml`, `TD04_${name}_${creditNoteId}.xml`]);
    for (const n of names) expect(await fatturapaErrors(readFileSync(join(dir, 'x', n), 'utf8'))).toEqual([]);
  });

  it('the PDF copy shows the document, the customer and the same total', async () => {
    const res = await a.get('collab', `/api/edocuments/${invoiceId}/actions/download_pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'edoc-pdf-'));
    writeFileSync(join(dir, 'f.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-']).toString();
    expect(text).toContain(`Fattura n. ${invoiceNumber} del ${today.split('-').reverse().join('-')}`);
    expect(text).toContain(customer.business_name);
    expect(text).toContain('433,64');
    expect(text).toContain("Ritenuta d'acconto");
  });
});

describe('the list (generic table of EDocument)', () => {
  it("lists the studio's documents with the date filter, and one customer's (/table/EDocument/{customer_id})", async () => {
    const all = await a.get('collab', '/api/list/EDocument/EDocumentResourceListCollection', { items_per_page: -1 });
    expect(all.statusCode).toBe(200);
    const ids = all.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(invoiceId);
    const [{ n }] = await a.sql<{ n: number }>(
      'SELECT count(*)::int AS "n" FROM "e_documents" WHERE "studio_id" = $1 AND "deleted_at" IS NULL',
      [demoId],
    );
    expect(ids).toHaveLength(Number(n));
    const old = await a.get('collab', '/api/list/EDocument/EDocumentResourceListCollection', {
      items_per_page: -1,
      filters: JSON.stringify([
        { name: 'date', type: 'gte', val: [`${year - 5}-01-01`] },
        { name: 'date', type: 'lte', val: [`${year - 5}-12-31`] },
      ]),
    });
    expect(old.json().data.map((r: { number: string }) => r.number)).toEqual([invoiceNumber]);
  });
});
