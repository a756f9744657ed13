/**
 * The customer import (issue 16): staging a .csv (`;` or `,`, UTF-8 or Windows-1252) or .xlsx
 * file, the headers recognised by themselves and the mapping remembered, the preview with the
 * form's validators per cell, rows already present (skip or update), legal representatives and
 * statuses matched or created, the import in one transaction, the invalid rows as CSV, formulas
 * never evaluated, files too large or not spreadsheets refused, and the undo of a whole import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, validVat, type Api, type Who } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';

let t: TestApp;
let a: Api;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

const HEADER = [
  'Ragione Sociale',
  'P.IVA',
  'Codice Fiscale',
  'Email',
  'PEC',
  'Indirizzo',
  'CAP',
  'Città',
  'Cellulare',
  'Codice SDI',
  'Rappresentante legale',
  'Forma giuridica',
  'Tariffa annuale',
  'Data acquisizione',
];
let seq = 0;
/** a valid row with a fresh VAT number */
function row(over: Partial<Record<string, string>> = {}): string[] {
  seq++;
  const base: Record<string, string> = {
    'Ragione Sociale': `Importata ${seq} S.r.l.`,
    'P.IVA': validVat(String(7000000000 + seq * 7919).slice(0, 10)),
    'Codice Fiscale': '',
    Email: `importata${seq}@clienti.test`,
    PEC: `importata${seq}@pec.test`,
    Indirizzo: 'Via Roma 1',
    CAP: '20121',
    Città: 'Milano',
    Cellulare: '3331234567',
    'Codice SDI': 'ABC1234',
    'Rappresentante legale': 'Giulia Verdi Import',
    'Forma giuridica': 'SRL',
    'Tariffa annuale': '1.200,50',
    'Data acquisizione': '15/03/2021',
  };
  return HEADER.map((h) => over[h] ?? base[h]!);
}
const csv = (rows: string[][], sep = ';') =>
  [HEADER, ...rows]
    .map((r) => r.map((c) => (c.includes(sep) || c.includes('"') ? `"${c.replace(/"/g, '""')}"` : c)).join(sep))
    .join('\r\n');

async function stage(bytes: Buffer, name = 'clienti.csv', who: Who = 'admin') {
  const body = await multipart({}, [{ name, bytes }], 'file');
  return a.call(who, 'POST', '/api/customer_imports', { payload: body.payload, headers: body.headers });
}
/** the NDJSON answer: its progress lines and its last line */
function lines(body: string) {
  const all = body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { progress: all.filter((l) => l.progress), last: all[all.length - 1] };
}
async function preview(id: number, opts: Record<string, unknown>) {
  const res = await a.post('admin', `/api/customer_imports/${id}/preview`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return lines(res.body).last.data as {
    rows: Array<{
      line: number;
      status: string;
      errors: Record<string, string>;
      values: Record<string, string>;
      existing?: { id: number };
      creates?: string[];
    }>;
    counts: Record<string, number>;
  };
}
async function runImport(id: number, opts: Record<string, unknown>) {
  const res = await a.post('admin', `/api/customer_imports/${id}/import`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return lines(res.body);
}
const customerByVat = async (vat: string) =>
  await a.sql<Record<string, unknown>>(
    `SELECT c.*, lr."name" AS "rep", ls."cod" AS "status_cod" FROM "customers" c JOIN "legal_representatives" lr ON lr."id" = c."legal_representative_id"
   LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id" WHERE c."vat_id" = $1`,
    [vat],
  );

describe('customer import: staging and mapping', () => {
  it('import: a ;-separated UTF-8 csv with Italian headers is staged and its columns recognised by themselves', async () => {
    const res = await stage(Buffer.from(csv([row(), row()]), 'utf8'));
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ format: 'csv', encoding: 'UTF-8', separator: ';', row_count: 2, headers: HEADER });
    expect(d.mapping).toMatchObject({
      business_name: 'Ragione Sociale',
      vat_id: 'P.IVA',
      fiscal_code: 'Codice Fiscale',
      email: 'Email',
      pec: 'PEC',
      address: 'Indirizzo',
      postal_code: 'CAP',
      city: 'Città',
      mobile_number: 'Cellulare',
      sdi_code: 'Codice SDI',
      legal_representative_id: 'Rappresentante legale',
      legal_status_id: 'Forma giuridica',
      yearly_accounting_amount: 'Tariffa annuale',
      acquisition_date: 'Data acquisizione',
      note: null,
    });
  });

  it('import: a ,-separated Windows-1252 csv is read with its accents', async () => {
    const text = csv([row({ 'Ragione Sociale': 'Società Più Caffè S.n.c.', Città: 'Forlì' })], ',');
    const bytes = Buffer.from(
      new Uint8Array([...text].map((ch) => ({ à: 0xe0, ù: 0xf9, è: 0xe8, ì: 0xec })[ch] ?? ch.charCodeAt(0))),
    );
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const res = await stage(bytes);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ encoding: 'Windows-1252', separator: ',' });
    expect(d.sample[0][0]).toBe('Società Più Caffè S.n.c.');
    expect(d.mapping.city).toBe('Città');
  });

  it('import: an xlsx is read; a formula cell is never evaluated (read as the value the file saved: none here)', async () => {
    const r1 = row();
    const r2 = row();
    const sheet = [
      HEADER.map((h) => ({ value: h })),
      r1.map((c) => ({ value: c })),
      r2.map((c, i) => (i === 0 ? { type: 'Formula' as const, value: '="Evil"&"Corp"' } : { value: c })),
    ];
    const bytes = await writeExcelFile(sheet as never).toBuffer();
    const res = await stage(Buffer.from(bytes), 'clienti.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ format: 'xlsx', row_count: 2 });
    const p = await preview(d.id, { mapping: d.mapping });
    expect(p.rows[0]!.status).toBe('new');
    expect(p.rows[1]!.values.business_name).toBe('');
    expect(p.rows[1]!.errors.business_name).toBe('Campo Obbligatorio');
    expect(JSON.stringify(p.rows)).not.toContain('EvilCorp');
  });

  it('import: a file over 10 MB (20 MB) is refused with an Italian message, and nothing is staged', async () => {
    const before = (await a.sql('SELECT count(*)::int AS n FROM "customer_imports"'))[0]!.n;
    const big = Buffer.alloc(20 * 1024 * 1024, 'a;b;c\r\n');
    const res = await stage(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Il file supera la dimensione massima di 10 MB');
    expect((await a.sql('SELECT count(*)::int AS n FROM "customer_imports"'))[0]!.n).toBe(before);
  });

  it('import: a file that is no spreadsheet (a PNG, a zip without a workbook, a header without rows) gets a clear message', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const r1 = await stage(png, 'clienti.csv');
    expect(r1.statusCode).toBe(422);
    expect(r1.json().message).toMatch(/non è un foglio di calcolo/);
    const zip = Buffer.from('504b0304140000000000', 'hex');
    const r2 = await stage(zip, 'clienti.xlsx');
    expect(r2.statusCode).toBe(422);
    expect(r2.json().message).toMatch(/non è un foglio di calcolo/);
    const r3 = await stage(Buffer.from(HEADER.join(';')), 'vuoto.csv');
    expect(r3.statusCode).toBe(422);
    expect(r3.json().message).toMatch(/non contiene righe/);
  });

  it('import: below Admin the calls answer 403', async () => {
    const res = await stage(Buffer.from(csv([row()])), 'clienti.csv', 'collab');
    expect(res.statusCode).toBe(403);
    expect((await a.get('collab', '/api/customer_imports')).statusCode).toBe(403);
  });
});

describe("customer import: preview with the form's validators", () => {
  it('import: every validator of the customer form gives its message on its cell', async () => {
    const bad: Array<[string, string, string, string]> = [
      // header, value, field, message (seed A §5)
      ['Ragione Sociale', '', 'business_name', 'Campo Obbligatorio'],
      ['P.IVA', '12345678901', 'vat_id', 'Partita Iva Non Valida'],
      ['P.IVA', '1234567890123', 'vat_id', 'Numero massimo di caratteri superato'],
      ['Codice Fiscale', 'RSSMRA85T10A562X', 'fiscal_code', 'Codice Fiscale Non Valido'],
      ['Codice Fiscale', 'RSSMRA85', 'fiscal_code', 'Lunghezza Codice Fiscale non valida'],
      ['Email', '', 'email', 'Campo Obbligatorio'],
      ['Email', 'non-una-mail', 'email', 'Email Non Valida'],
      ['PEC', 'pec@', 'pec', 'Email Non Valida'],
      ['CAP', '2O121', 'postal_code', 'Inserisci un Numero Intero'],
      ['CAP', '201213', 'postal_code', 'Numero massimo di caratteri superato'],
      ['Cellulare', 'chiamami', 'mobile_number', 'Inserisci un Numero di Telefono Corretto'],
      ['Codice SDI', 'ABCDEFGH', 'sdi_code', 'Numero massimo di caratteri superato'],
      [
        'Tariffa annuale',
        '123456789,00',
        'yearly_accounting_amount',
        'Importo non valido: massimo 8 cifre e 2 decimali',
      ],
      ['Tariffa annuale', 'mille', 'yearly_accounting_amount', 'Inserisci un Numero Decimale'],
      ['Data acquisizione', '31/02/2021', 'acquisition_date', 'formato corretto DD-MM-YYYY'],
      ['Rappresentante legale', '', 'legal_representative_id', 'Campo Obbligatorio'],
    ];
    const rows = [row(), ...bad.map(([h, v]) => row({ [h]: v }))];
    const d = (await stage(Buffer.from(csv(rows)))).json().data;
    const p = await preview(d.id, { mapping: d.mapping });
    expect(p.rows[0]).toMatchObject({ line: 2, status: 'new', errors: {} });
    bad.forEach(([, value, field, message], i) => {
      const r = p.rows[i + 1]!;
      expect(r.status, `${field} = ${value}`).toBe('invalid');
      expect(r.errors, `${field} = ${value}`).toEqual({ [field]: message });
    });
    expect(p.counts).toEqual({ created: 1, updated: 0, skipped: 0, invalid: bad.length });
  });

  it('import: the amounts and dates of a spreadsheet are read the Italian way', async () => {
    const rows = [
      row({ 'Tariffa annuale': '1.200,50' }),
      row({ 'Tariffa annuale': '€ 950' }),
      row({ 'Tariffa annuale': '1200.5' }),
    ];
    const d = (await stage(Buffer.from(csv(rows)))).json().data;
    const out = await runImport(d.id, { mapping: d.mapping });
    expect(out.last.data).toMatchObject({ created: 3, invalid: 0 });
    const amounts = await Promise.all(rows.map(async (r) => (await customerByVat(r[1]!))[0]!));
    expect(amounts.map((c) => Number(c.yearly_accounting_amount))).toEqual([1200.5, 950, 1200.5]);
    const [day] = await a.sql<{ d: string }>(
      `SELECT to_char("acquisition_date", 'YYYY-MM-DD') AS "d" FROM "customers" WHERE "vat_id" = $1`,
      [rows[0]![1]],
    );
    expect(day!.d).toBe('2021-03-15');
  });

  it('import: the same customer twice in the file, and a code used by another customer, are invalid rows', async () => {
    const r1 = row();
    const twin = row({ 'P.IVA': r1[1]! });
    const d = (await stage(Buffer.from(csv([r1, twin])))).json().data;
    const p = await preview(d.id, { mapping: d.mapping });
    expect(p.rows[1]!.errors).toEqual({ vat_id: 'Già presente nel file alla riga 2' });
    const [existing] = await a.sql<{ cod: string }>(
      `SELECT "cod" FROM "customers" WHERE "cod" IS NOT NULL AND "studio_id" = (SELECT "id" FROM "studios" WHERE "name" = 'Studio Demo') LIMIT 1`,
    );
    const withCode = [...HEADER, 'Codice'];
    const text = [withCode, [...row(), existing!.cod]].map((r) => r.join(';')).join('\n');
    const d2 = (await stage(Buffer.from(text))).json().data;
    expect(d2.mapping.cod).toBe('Codice');
    const p2 = await preview(d2.id, { mapping: d2.mapping });
    expect(p2.rows[0]!.errors).toEqual({ cod: 'Valore già presente' });
  });
});

describe('customer import: import, duplicates, relations, invalid rows, undo', () => {
  it('import: valid rows are imported in one go; legal representatives and statuses matched by name or created; the mapping is remembered', async () => {
    const [rep] = await a.sql<{ name: string; surname: string | null; id: number }>(
      `SELECT "id", "name", "surname" FROM "legal_representatives" WHERE "studio_id" = (SELECT "id" FROM "studios" WHERE "name" = 'Studio Demo') AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
    );
    const known = `${rep!.surname ?? ''} ${rep!.name}`.trim().toUpperCase();
    const rows = [
      row({ 'Rappresentante legale': known, 'Forma giuridica': 's.r.l.' }),
      row({ 'Rappresentante legale': 'Nuovo Rappresentante Unico', 'Forma giuridica': 'Cooperativa sociale' }),
      row({ Email: 'sbagliata' }),
    ];
    // the file's own header names for two fields (recognised next time from the mapping, not from the names)
    const headers = HEADER.map((h) => (h === 'Tariffa annuale' ? 'Compenso pattuito' : h));
    const text = [headers, ...rows].map((r) => r.join(';')).join('\n');
    const d = (await stage(Buffer.from(text))).json().data;
    expect(d.mapping.yearly_accounting_amount).toBeNull();
    const mapping = { ...d.mapping, yearly_accounting_amount: 'Compenso pattuito' };
    const p = await preview(d.id, { mapping });
    expect(p.rows.map((r) => r.status)).toEqual(['new', 'new', 'invalid']);
    expect(p.rows[1]!.creates).toEqual(['legal_representative_id', 'legal_status_id']);
    const out = await runImport(d.id, { mapping });
    expect(out.progress.length).toBeGreaterThan(0);
    expect(out.last.data).toMatchObject({ created: 2, updated: 0, skipped: 0, invalid: 1 });
    const [c1] = await customerByVat(rows[0]![1]!);
    expect(Number(c1!.legal_representative_id)).toBe(Number(rep!.id));
    expect(c1!.status_cod).toBe('SRL');
    const [c2] = await customerByVat(rows[1]![1]!);
    expect(c2!.rep).toBe('Nuovo Rappresentante Unico');
    expect(c2!.status_cod).toBe('COOPERATIVASOCIA');
    expect((await customerByVat(rows[2]![1]!)).length).toBe(0);
    // one audit row per new customer
    const audits = await a.sql(
      `SELECT 1 FROM "audit_log" WHERE "model" = 'Customer' AND "action" = 'create' AND "record_id" IN ($1, $2)`,
      [c1!.id, c2!.id],
    );
    expect(audits.length).toBe(2);
    // the next file with the same headers is mapped as this one was
    const again = (await stage(Buffer.from(text))).json().data;
    expect(again.mapping.yearly_accounting_amount).toBe('Compenso pattuito');
    // the staged file is gone once imported: importing again is refused
    const twice = await a.post('admin', `/api/customer_imports/${d.id}/import`, { mapping });
    expect(twice.statusCode).toBe(409);
  });

  it('import: the invalid rows come back as a CSV with an Errori column, which imports once fixed', async () => {
    const good = row();
    const bad = row({ 'P.IVA': '12345678901', Email: 'x@' });
    const d = (await stage(Buffer.from(csv([good, bad])))).json().data;
    const out = await runImport(d.id, { mapping: d.mapping });
    expect(out.last.data).toMatchObject({ created: 1, invalid: 1 });
    const res = await a.get('admin', `/api/customer_imports/${d.id}/invalid_rows`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`clienti_da_correggere_${d.id}.csv`);
    const text = res.body.replace(/^\uFEFF/, '');
    const [head, line] = text.trim().split('\r\n');
    expect(head).toBe([...HEADER, 'Errori'].join(';'));
    expect(line).toContain('12345678901');
    expect(line).toContain('Partita IVA: Partita Iva Non Valida; Email: Email Non Valida');
    // fixed and imported again: the Errori column is ignored
    const fixed = text.replace('12345678901', validVat('0864512345')).replace(';x@;', ';corretta@clienti.test;');
    const d2 = (await stage(Buffer.from(fixed))).json().data;
    expect(d2.mapping.note).toBeNull();
    const out2 = await runImport(d2.id, { mapping: d2.mapping });
    expect(out2.last.data).toMatchObject({ created: 1, invalid: 0 });
    expect((await customerByVat(validVat('0864512345')))[0]!.email).toBe('corretta@clienti.test');
  });

  it("import: rows already present (same VAT number or fiscal code) are skipped, or updated with the file's non-empty cells", async () => {
    const [c] = await a.sql<{ id: number; vat_id: string; business_name: string; email: string; city: string }>(
      `SELECT "id", "vat_id", "business_name", "email", "city" FROM "customers" WHERE "vat_id" IS NOT NULL AND "deleted_at" IS NULL
       AND "studio_id" = (SELECT "id" FROM "studios" WHERE "name" = 'Studio Demo') ORDER BY "id" LIMIT 1`,
    );
    const text = [
      ['Partita IVA', 'Email', 'Città', 'Note'],
      [c!.vat_id, 'aggiornata@clienti.test', '', 'Nota importata'],
    ]
      .map((r) => r.join(';'))
      .join('\n');
    const d = (await stage(Buffer.from(text))).json().data;
    const skip = await preview(d.id, { mapping: d.mapping, duplicates: 'skip' });
    expect(skip.rows[0]).toMatchObject({ status: 'skip', existing: { id: Number(c!.id) } });
    const upd = await preview(d.id, { mapping: d.mapping, duplicates: 'update' });
    expect(upd.rows[0]).toMatchObject({ status: 'update', errors: {} });
    const out = await runImport(d.id, { mapping: d.mapping, duplicates: 'update' });
    expect(out.last.data).toMatchObject({ created: 0, updated: 1 });
    const [after] = await a.sql<{ email: string; city: string; business_name: string; note: string }>(
      'SELECT * FROM "customers" WHERE "id" = $1',
      [c!.id],
    );
    expect(after).toMatchObject({
      email: 'aggiornata@clienti.test',
      city: c!.city,
      business_name: c!.business_name,
      note: 'Nota importata',
    });
    // undo: the customer gets its earlier values back
    const undo = await a.post('admin', `/api/customer_imports/${d.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ trashed: 0, restored: 1 });
    const [back] = await a.sql<{ email: string; deleted_at: unknown }>('SELECT * FROM "customers" WHERE "id" = $1', [
      c!.id,
    ]);
    expect(back).toMatchObject({ email: c!.email, deleted_at: null });
  });

  it('import: an import is undone as a whole, its customers trashed together; the list shows who imported what and when', async () => {
    const rows = [row(), row(), row()];
    const d = (await stage(Buffer.from(csv(rows)), 'studio_rossi.csv')).json().data;
    expect((await runImport(d.id, { mapping: d.mapping })).last.data).toMatchObject({ created: 3 });
    const list = (await a.get('admin', '/api/customer_imports')).json().data as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({
      id: d.id,
      file_name: 'studio_rossi.csv',
      status: 'imported',
      created_count: 3,
      user_name: expect.any(String),
    });
    expect(list[0]!.imported_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const undo = await a.post('admin', `/api/customer_imports/${d.id}/undo`);
    expect(undo.json().data).toMatchObject({ trashed: 3, restored: 0 });
    for (const r of rows) expect((await customerByVat(r[1]!))[0]!.deleted_at).not.toBeNull();
    const again = await a.post('admin', `/api/customer_imports/${d.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Importazione già annullata');
    expect((await a.get('admin', '/api/customer_imports')).json().data[0]).toMatchObject({
      status: 'undone',
      undone_by: expect.any(String),
    });
  });

  it('import: the preview of 1,200 rows comes whole and in order (its rows written a slice at a time)', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => row(i === 1100 ? { 'P.IVA': '123' } : {}));
    const d = (await stage(Buffer.from(csv(rows)), 'anteprima.csv')).json().data;
    const p = await preview(d.id, { mapping: d.mapping });
    expect(p.rows).toHaveLength(1200);
    expect(p.rows.map((r) => r.line)).toEqual(rows.map((_, i) => i + 2));
    expect(p.rows[1100]).toMatchObject({ status: 'invalid', errors: { vat_id: expect.any(String) } });
    expect(p.rows[1199]!.values.business_name).toBe(rows[1199]![0]);
    expect(p.counts).toEqual({ created: 1199, updated: 0, skipped: 0, invalid: 1 });
  });

  it('import: written in steps; a step that fails takes back the steps before it, and the import shows as undone by the product', async () => {
    // 1,200 rows: the first seven steps (of 100) are written, the eighth fails at its row 800
    const rows = Array.from({ length: 1200 }, (_, i) =>
      row(i === 799 ? { 'Ragione Sociale': 'Guasto Import S.r.l.' } : {}),
    );
    await a.sql(`CREATE FUNCTION import_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."business_name" = 'Guasto Import S.r.l.' THEN RAISE EXCEPTION 'guasto di prova'; END IF; RETURN NEW; END $$`);
    await a.sql(
      `CREATE TRIGGER import_fault BEFORE INSERT ON "customers" FOR EACH ROW EXECUTE FUNCTION import_fault()`,
    );
    try {
      const d = (await stage(Buffer.from(csv(rows)), 'guasto.csv')).json().data;
      const res = await a.post('admin', `/api/customer_imports/${d.id}/import`, { mapping: d.mapping });
      const out = lines(res.body);
      expect(out.last.error, res.body).toBeDefined();
      // the first step had been written: it is in the trash now, and nothing of the file is active
      expect(out.progress.some((l) => l.progress.phase === 'write' && l.progress.done === 700)).toBe(true);
      const vats = rows.map((r) => r[1]!);
      const [counts] = await a.sql<{ active: number; trashed: number }>(
        `SELECT count(*) FILTER (WHERE "deleted_at" IS NULL)::int AS "active", count(*) FILTER (WHERE "deleted_at" IS NOT NULL)::int AS "trashed"
         FROM "customers" WHERE "vat_id" = ANY($1::text[])`,
        [vats],
      );
      expect(counts).toEqual({ active: 0, trashed: 700 });
      expect((await a.get('admin', '/api/customer_imports')).json().data[0]).toMatchObject({
        id: d.id,
        status: 'undone',
        undone_by: 'Importazione interrotta: annullata automaticamente',
      });
      // it cannot be run again: the file is uploaded anew
      const again = await a.post('admin', `/api/customer_imports/${d.id}/import`, { mapping: d.mapping });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Importazione non trovata o già eseguita: carica di nuovo il file');
    } finally {
      await a.sql('DROP TRIGGER import_fault ON "customers"');
      await a.sql('DROP FUNCTION import_fault()');
    }
  });

  it('import: one left half-way by a process that stopped is taken back at the next look at the imports, one still writing is left alone', async () => {
    const rows = [row(), row()];
    const d = (await stage(Buffer.from(csv(rows)), 'fermato.csv')).json().data;
    expect((await runImport(d.id, { mapping: d.mapping })).last.data).toMatchObject({ created: 2 });
    const other = [row()];
    const d2 = (await stage(Buffer.from(csv(other)), 'in_corso.csv')).json().data;
    expect((await runImport(d2.id, { mapping: d2.mapping })).last.data).toMatchObject({ created: 1 });
    // as a process would leave them: 'importing', the first with no step for ten minutes, the second just now
    await a.sql(
      `UPDATE "customer_imports" SET "status" = 'importing', "heartbeat_at" = LOCALTIMESTAMP - interval '10 minutes' WHERE "id" = $1`,
      [d.id],
    );
    await a.sql(
      `UPDATE "customer_imports" SET "status" = 'importing', "heartbeat_at" = LOCALTIMESTAMP WHERE "id" = $1`,
      [d2.id],
    );
    const list = (await a.get('admin', '/api/customer_imports')).json().data as Array<Record<string, unknown>>;
    expect(list.find((i) => i.id === d.id)).toMatchObject({
      status: 'undone',
      undone_by: 'Importazione interrotta: annullata automaticamente',
    });
    expect(list.find((i) => i.id === d2.id)).toBeUndefined();
    for (const r of rows) expect((await customerByVat(r[1]!))[0]!.deleted_at).not.toBeNull();
    expect((await customerByVat(other[0]![1]!))[0]!.deleted_at).toBeNull();
    const [still] = await a.sql<{ status: string }>('SELECT "status" FROM "customer_imports" WHERE "id" = $1', [d2.id]);
    expect(still!.status).toBe('importing');
  });

  it("import: another studio's import is not found", async () => {
    const d = (await stage(Buffer.from(csv([row()])))).json().data;
    const res = await a.post('bianchi', `/api/customer_imports/${d.id}/preview`, { mapping: d.mapping });
    expect(res.statusCode).toBe(404);
    expect((await a.get('bianchi', `/api/customer_imports/${d.id}/invalid_rows`)).statusCode).toBe(404);
  });

  it('import: a mapping to a column the file does not have is a 422', async () => {
    const d = (await stage(Buffer.from(csv([row()])))).json().data;
    const res = await a.post('admin', `/api/customer_imports/${d.id}/preview`, {
      mapping: { business_name: 'Inesistente' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.mapping).toContain('Colonna "Inesistente" non presente nel file');
  });
});
