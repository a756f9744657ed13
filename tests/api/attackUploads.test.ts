/**
 * Uploads made to hurt (issue 25 items 1 and 3), as the Admin of a studio (the import) or the
 * SuperAdmin (Word templates) would send them, with files the tests make themselves
 * (tests/helpers/attackFiles.ts): an import file whose columns would be padded to billions of
 * cells, zips whose directory lies about what they inflate to, and Word templates with raw-XML
 * tags. Each is refused with an Italian 4xx and nothing is stored; what a refused file may cost
 * the server (its peak RSS) is measured on a real server process in tests/drills/attackUploads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import {
  camtAttributeBomb,
  csvColumnBomb,
  docxLying,
  row,
  xlsx,
  xlsxAttributeBomb,
  xlsxColumnBomb,
  xlsxLying,
} from '../helpers/attackFiles.js';
import { CAMT_MESSAGES } from '../../server/areas/collections/camt.js';
import { buildDocx } from '../../server/render/docxBuilder.js';
import { IMPORT_MESSAGES } from '../../model/customerImport.js';

let t: TestApp;
let a: Api;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
});
afterAll(async () => {
  await t?.close();
});

const staged = async () =>
  Number((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "customer_imports"'))[0]!.n);
async function stage(bytes: Buffer, name: string) {
  const body = await multipart({}, [{ name, bytes }], 'file');
  return a.call('admin', 'POST', '/api/customer_imports', { payload: body.payload, headers: body.headers });
}
/** the upload is refused with this status and message, and nothing is staged */
async function refused(bytes: Buffer, name: string, status: number, message: string) {
  const before = await staged();
  const res = await stage(bytes, name);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.json().message).toBe(message);
  expect(res.json().errors.file).toEqual([message]);
  expect(await staged()).toBe(before);
}

describe('issue 25 item 1: an import file whose rows would be padded to a bomb', () => {
  it("import: the issue's csv (a header of 100,000 names over 20,000 one-cell rows, 818 KB) is refused: too many columns, nothing staged", async () => {
    await refused(csvColumnBomb(), 'bomba.csv', 422, IMPORT_MESSAGES.tooManyColumns);
  });

  it('import: a csv with 201 filled columns is refused; 200 filled columns followed by hundreds of empty ones are read as 200', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Colonna ${i + 1}`);
    const wide = [names(201).join(';'), Array.from({ length: 201 }, (_, i) => `v${i}`).join(';')].join('\r\n');
    await refused(Buffer.from(wide), 'larga.csv', 422, IMPORT_MESSAGES.tooManyColumns);
    const trailing = (cells: string[]) => `${cells.join(';')}${';'.repeat(500)}`;
    const ok = [
      trailing(['Ragione Sociale', ...names(199)]),
      trailing(['Alfa S.r.l.', ...names(199).map(() => 'x')]),
      ';'.repeat(900),
    ].join('\r\n');
    const res = await stage(Buffer.from(ok), 'vuote.csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().data).toMatchObject({ row_count: 1 });
    expect(res.json().data.headers).toHaveLength(200);
    expect(res.json().data.sample[0]).toHaveLength(200);
  });

  it('import: a csv of one 10 MB line is refused while it is read (a line too long; of separators: too many columns), nothing staged', async () => {
    await refused(Buffer.from(`${'a'.repeat(10 * 1024 * 1024 - 8)}\n`), 'riga.csv', 422, IMPORT_MESSAGES.lineTooLong);
    await refused(
      Buffer.from(`Nome\n${'"x";'.repeat(2 * 1024 * 1024)}\n`),
      'separatori.csv',
      422,
      IMPORT_MESSAGES.tooManyColumns,
    );
  });

  it('import: a csv of 20,000 rows × 60 columns (1,200,000 cells) is refused: too many cells', async () => {
    const line = Array.from({ length: 60 }, (_, i) => `c${i}`).join(';');
    const text = Array.from({ length: 20_001 }, () => line).join('\n');
    await refused(Buffer.from(text), 'celle.csv', 422, IMPORT_MESSAGES.tooManyCells);
  });

  it("import: the issue's xlsx (one cell in column XFD, 20,000 rows) is refused before it is read: too many columns, nothing staged", async () => {
    const bytes = xlsxColumnBomb();
    expect(bytes.length).toBeLessThan(200 * 1024);
    await refused(bytes, 'bomba.xlsx', 422, IMPORT_MESSAGES.tooManyColumns);
  });

  it('import: an xlsx whose two cells are A1 and B1000000 is refused (read-excel-file would pad a million rows); empty styled cells far right do not count', async () => {
    await refused(
      xlsx(row(1, { A: 'Ragione Sociale' }) + row(1_000_000, { B: 'x' })),
      'lunga.xlsx',
      422,
      IMPORT_MESSAGES.tooManyCells,
    );
    // a cell with a style and no value (what a formatted column leaves) is no column of the file
    const styled = xlsx(
      row(1, { A: 'Ragione Sociale' }) + row(2, { A: 'Alfa S.r.l.' }).replace('</row>', '<c r="XFD2" s="1"/></row>'),
    );
    const res = await stage(styled, 'formattato.xlsx');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().data).toMatchObject({ format: 'xlsx', row_count: 1, headers: ['Ragione Sociale'] });
  });

  it('import: an xlsx whose directory says 2 KB for a sheet that inflates to 100 MB is refused (413) once 32 MB are inflated; nothing staged', async () => {
    const bytes = xlsxLying(100);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    await refused(bytes, 'bugiardo.xlsx', 413, IMPORT_MESSAGES.tooLargeUnpacked);
  });

  it('import: a small xlsx written by hand (inline strings, a gap row) is still read', async () => {
    const res = await stage(
      xlsx(row(1, { A: 'Ragione Sociale', B: 'P.IVA' }) + row(3, { A: 'Alfa S.r.l.', B: '01234567890' })),
      'piccolo.xlsx',
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().data).toMatchObject({
      row_count: 1,
      headers: ['Ragione Sociale', 'P.IVA'],
      sample: [['Alfa S.r.l.', '01234567890']],
    });
  });
});

describe('issue 25 item 3: Word templates', () => {
  const upload = async (templateId: number, bytes: Buffer, name = 'modello.docx') => {
    const body = await multipart({ word_template_id: String(templateId) }, [{ name, bytes }]);
    return a.call('superadmin', 'POST', '/api/word_template_attachments', {
      payload: body.payload,
      headers: body.headers,
    });
  };
  const newTemplate = async (title: string) => {
    const res = await a.post('superadmin', '/api/word_templates', { title, description: 'Prova attacchi' });
    expect(res.statusCode, res.body).toBe(201);
    return Number(res.json().data.id);
  };
  const files = async (id: number) =>
    (await a.get('superadmin', '/api/word_template_attachments', { word_template_id: id })).json().data as unknown[];

  it('C76 a template with a raw-XML tag ({@…}, alone in its paragraph, after a change of delimiters, or among text) is refused naming it; nothing is stored', async () => {
    const id = await newTemplate('Modello con tag grezzi');
    const cases: Array<[string, string]> = [
      [
        '{@cliente_ragione_sociale}',
        'il segnaposto {@cliente_ragione_sociale} inserisce il testo nel documento senza controllo e non è ammesso',
      ],
      ['{=[[ ]]=}[[@cliente_ragione_sociale]]', '{@cliente_ragione_sociale}'],
      ['Spett.le {@cliente_ragione_sociale}, grazie', 'segnaposto con @'],
    ];
    for (const [text, expected] of cases) {
      const res = await upload(id, buildDocx(['Lettera', text]));
      expect(res.statusCode, text).toBe(422);
      expect(res.json().message, text).toContain('Il modello Word non è valido');
      expect(res.json().message, text).toContain(expected);
    }
    expect(await files(id)).toEqual([]);
    // the same letter with the plain tag is accepted
    expect((await upload(id, buildDocx(['Lettera', '{cliente_ragione_sociale}']))).statusCode).toBe(201);
  });

  it('C37 a template stored before raw tags were refused is never filled: 422 naming the tag, no document', async () => {
    const id = await newTemplate('Modello vecchio con tag grezzo');
    expect((await upload(id, buildDocx(['{cliente_ragione_sociale}']))).statusCode).toBe(201);
    // the file on the storage replaced by one with a raw tag, as if uploaded before the check
    const [att] = await a.sql<{ storage_path: string }>(
      `SELECT "storage_path" FROM "attachments" WHERE "owner_model" = 'WordTemplate' AND "owner_id" = $1`,
      [id],
    );
    writeFileSync(join(t.storageDir, att!.storage_path), buildDocx(['{@cliente_ragione_sociale}']));
    const demo = await a.studioId('Studio Demo');
    const [c] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demo],
    );
    const res = await a.get('collab', `/api/word_template/${id}/actions/replace_and_download`, {
      customer_ids: JSON.stringify([Number(c!.id)]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('{@cliente_ragione_sociale}');
  });

  it('C76 a .docx whose directory says 2 KB for a document that inflates to 100 MB is refused once 60 MB are inflated; nothing is stored', async () => {
    const id = await newTemplate('Modello bugiardo');
    const bytes = docxLying(100);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const res = await upload(id, bytes, 'bugiardo.docx');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Il modello Word non è valido: il contenuto decompresso supera il limite di 60 MB');
    expect(await files(id)).toEqual([]);
  });
});

describe('issue 45 item 20: one tag with a million attributes', () => {
  const bankUpload = async (url: string, name: string, bytes: Buffer) => {
    const mapping = JSON.stringify({ booking_date: 'Data', amount: 'Importo' });
    const body = await multipart(url.endsWith('columns') ? {} : { mapping }, [{ name, bytes }], 'file');
    return a.call('collab', 'POST', url, { payload: body.payload, headers: body.headers });
  };
  const statements = async () =>
    Number((await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "bank_statements"'))[0]!.n);

  it("C-bank import, columns: an .xlsx whose sheet has one tag of 1,000,000 attributes (a few KB zipped) is refused as no spreadsheet by a Collaboratore's columns and statement uploads and by the Admin's import, while the server answers meanwhile", async () => {
    const bomb = xlsxAttributeBomb(1_000_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = await statements();
    // the three uploads and, at the same time, another request: answered (the parsing is off the request's thread)
    const [columns, statement, customers, health] = await Promise.all([
      bankUpload('/api/bank/statements/columns', 'movimenti.xlsx', bomb),
      bankUpload('/api/bank/statements', 'movimenti.xlsx', bomb),
      stage(bomb, 'clienti.xlsx'),
      a.get('admin', '/api/health'),
    ]);
    expect(health.statusCode).toBe(200);
    for (const res of [columns, statement, customers]) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.json().message).toBe(IMPORT_MESSAGES.notSpreadsheet);
    }
    expect(await statements()).toBe(before);
  });

  it('C-bank import: a CAMT.053 whose root has 800,000 attributes (8.7 MB) is refused as invalid XML by the statement and the columns uploads', async () => {
    const bomb = camtAttributeBomb(800_000);
    expect(bomb.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await bankUpload('/api/bank/statements', 'estratto.xml', bomb);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().message).toBe(CAMT_MESSAGES.notXml);
    const cols = await bankUpload('/api/bank/statements/columns', 'estratto.xml', bomb);
    expect(cols.statusCode).toBe(422);
    expect(cols.json().message).toBe(CAMT_MESSAGES.notXml);
  });
});
