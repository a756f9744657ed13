/**
 * Word templates and attachments (issue 11 item 6, seed B §3, §5, §7): the tags (C74), the list
 * (C35), the files (C75–C79) checked by content and limits, filled for one customer (.docx) or
 * several (zip) (C37), read back with pizzip and unzip; and the security cases: tags that look
 * like code are never evaluated, zip bombs, renamed executables and '../' entries are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PizZip from 'pizzip';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { buildDocx, docxText } from '../../server/render/docxBuilder.js';
import { LocalStorage } from '../../server/storage/index.js';
import { sweepStorage } from '../../server/storage/sweep.js';
import { safeEntryName } from '../../server/render/zip.js';

let t: TestApp;
let a: Api;
let demoId: number;
let customers: Array<{ id: number; business_name: string; vat_id: string | null; fiscal_code: string | null }>;
const dir = mkdtempSync(join(tmpdir(), 'gs-word-'));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const upload = async (who: Who, templateId: number, files: Array<{ name: string; bytes: Buffer; type?: string }>) => {
  const body = await multipart({ word_template_id: String(templateId) }, files);
  return a.call(who, 'POST', '/api/word_template_attachments', { payload: body.payload, headers: body.headers });
};
const newTemplate = async (title: string) => {
  const res = await a.post('superadmin', '/api/word_templates', { title, description: 'Prova' });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
};
const letter = buildDocx([
  'Spett.le {cliente_ragione_sociale}',
  'P.IVA {cliente_partita_iva} – C.F. {cliente_codice_fiscale}',
  'Studio: {studio_nome}, responsabile {responsabile_nome} {responsabile_cognome}',
  'Note: {cliente_fax}.',
]);

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  customers = (
    await a.sql<{ id: number; business_name: string; vat_id: string | null; fiscal_code: string | null }>(
      `SELECT "id", "business_name", "vat_id", "fiscal_code" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "vat_id" IS NOT NULL ORDER BY "business_name" LIMIT 3`,
      [demoId],
    )
  ).map((c) => ({ ...c, id: Number(c.id) }));
});
afterAll(async () => {
  await t?.close();
});

describe('C74 C35 the tags and the list', () => {
  it('C74 word_template_replace_keys: every tag with its meaning, for anyone who uses templates', async () => {
    const res = await a.get('collab', '/api/word_template_replace_keys');
    expect(res.statusCode).toBe(200);
    const keys = res.json().data as Array<{ key: string; tag: string; description: string; group: string }>;
    expect(keys.find((k) => k.key === 'cliente_ragione_sociale')).toMatchObject({
      tag: '{cliente_ragione_sociale}',
      description: 'Ragione sociale del cliente',
      group: 'Cliente',
    });
    expect(keys.find((k) => k.key === 'studio_iban')?.group).toBe('Studio');
    expect(keys.every((k) => k.description.length > 5)).toBe(true);
    expect((await a.get(null, '/api/word_template_replace_keys')).statusCode).toBe(401);
  });

  it("C35 word_templates: the demo's 'Lettera di benvenuto' is there for every studio; only the SuperAdmin writes, recorded as the template's user", async () => {
    for (const who of ['collab', 'bianchi'] as const) {
      const res = await a.get(who, '/api/word_templates');
      expect(res.statusCode).toBe(200);
      expect((res.json().data as Array<{ title: string }>).map((r) => r.title)).toContain('Lettera di benvenuto');
    }
    expect((await a.post('admin', '/api/word_templates', { title: 'Non mio' })).statusCode).toBe(403);
    const id = await newTemplate('Modello di prova C35');
    const [su] = await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'superadmin@gestionale.test'`);
    const row = (await a.get('superadmin', `/api/word_templates/${id}`)).json().data;
    expect(Number(row.user_id)).toBe(Number(su!.id));
    const long = await a.post('superadmin', '/api/word_templates', { title: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
  });
});

describe('C75 C76 C77 C78 C79 attachments', () => {
  it('C76 upload a .docx, C75 list it, C78 download it unchanged with its name, C79 describe it; a second file is one too many', async () => {
    const id = await newTemplate('Lettera C76');
    const up = await upload('superadmin', id, [
      { name: 'C:\\Documenti\\Lettera <cliente>.docx', bytes: letter, type: DOCX },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const row = up.json().data[0];
    expect(row).toMatchObject({
      original_filename: 'Lettera _cliente_.docx',
      content_type: DOCX,
      size: letter.length,
      marked_for_deletion: false,
    });
    const list = await a.get('collab', '/api/word_template_attachments', { word_template_id: id });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([row.id]);
    const dl = await a.get('collab', `/api/allegato_download/${row.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toContain(DOCX);
    expect(dl.headers['content-disposition']).toContain('Lettera%20_cliente_.docx');
    expect(Buffer.compare(dl.rawPayload, letter)).toBe(0);
    const put = await a.call('superadmin', 'PUT', `/api/allegato/${row.id}`, {
      payload: { descrizione: 'Versione 2026', nota: 'Approvata' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ descrizione: 'Versione 2026', nota: 'Approvata' });
    expect(
      (await a.call('superadmin', 'PUT', `/api/allegato/${row.id}`, { payload: { nota: 'x'.repeat(256) } })).json()
        .errors.nota,
    ).toEqual(['Massimo 255 caratteri']);
    expect((await a.call('admin', 'PUT', `/api/allegato/${row.id}`, { payload: { nota: 'no' } })).statusCode).toBe(403);
    const second = await upload('superadmin', id, [{ name: 'altro.docx', bytes: letter }]);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Non puoi caricare più di 1 files');
    const two = await upload('superadmin', id, [
      { name: 'a.docx', bytes: letter },
      { name: 'b.docx', bytes: letter },
    ]);
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toBe('Non puoi caricare più di 1 files');
  });

  it('C76 the type is read from the content: a renamed .exe, a PNG called .docx, a PDF are refused with the seed message', async () => {
    const id = await newTemplate('Lettera tipi');
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
      Buffer.alloc(600, 1),
    ]);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const [name, bytes] of [
      ['lettera.docx', exe],
      ['immagine.docx', png],
      ['documento.doc', Buffer.from('%PDF-1.4\n%…\n')],
    ] as const) {
      const res = await upload('superadmin', id, [{ name, bytes, type: DOCX }]);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message).toBe('I formati supportati sono doc, docx');
    }
    expect((await a.get('superadmin', '/api/word_template_attachments', { word_template_id: id })).json().data).toEqual(
      [],
    );
  });

  it('C76 a file over the size limit is refused (413) and nothing is stored', async () => {
    const id = await newTemplate('Lettera grande');
    const res = await upload('superadmin', id, [
      { name: 'grande.docx', bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Il file supera la dimensione massima di 10 MB');
    expect((await a.get('superadmin', '/api/word_template_attachments', { word_template_id: id })).json().data).toEqual(
      [],
    );
  });

  it('C76 security: a zip bomb and a package with ../ entries are refused', async () => {
    const id = await newTemplate('Lettera sicurezza');
    const bomb = new PizZip(letter);
    bomb.file('word/media/zeros.bin', Buffer.alloc(80 * 1024 * 1024));
    const bombBytes = bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
    const res = await upload('superadmin', id, [{ name: 'bomba.docx', bytes: bombBytes }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('supera il limite');
    const evil = new PizZip(letter);
    evil.file('../../evil.sh', 'rm -rf /');
    const evilRes = await upload('superadmin', id, [
      { name: 'evil.docx', bytes: evil.generate({ type: 'nodebuffer' }) as Buffer },
    ]);
    expect(evilRes.statusCode).toBe(422);
    expect(evilRes.json().message).toContain('percorsi non ammessi');
  });

  it('C76 a template with an unknown tag, a broken brace or a code-like tag is refused, naming it; nothing is evaluated', async () => {
    const id = await newTemplate('Lettera tag');
    const cases: Array<[string, string]> = [
      ['Gentile {nome_cliente}', '{nome_cliente}'],
      ['Gentile {cliente_ragione_sociale', 'aperta e mai chiusa'],
      ['{constructor.constructor("return process")().exit()}', 'non è previsto'],
      ['{__proto__}', '{__proto__}'],
    ];
    for (const [text, expected] of cases) {
      const res = await upload('superadmin', id, [{ name: 'l.docx', bytes: buildDocx([text]) }]);
      expect(res.statusCode, text).toBe(422);
      expect(res.json().message).toContain('Il modello Word non è valido');
      expect(res.json().message).toContain(expected);
    }
    // the process is still here and answering
    expect((await a.get('collab', '/api/word_template_replace_keys')).statusCode).toBe(200);
  });

  it('C77 delete by ids removes the row and the stored file; C78 then answers 404; another role may not', async () => {
    const id = await newTemplate('Lettera C77');
    const row = (await upload('superadmin', id, [{ name: 'l.docx', bytes: letter }])).json().data[0];
    const [{ storage_path }] = await a.sql<{ storage_path: string }>(
      'SELECT "storage_path" FROM "attachments" WHERE "id" = $1',
      [row.id],
    );
    expect(existsSync(join(t.storageDir, storage_path))).toBe(true);
    expect(
      (
        await a.del('admin', `/api/word_template_attachments/${encodeURIComponent(JSON.stringify([row.id]))}`, {
          column: 'id',
        })
      ).statusCode,
    ).toBe(403);
    const del = await a.del(
      'superadmin',
      `/api/word_template_attachments/${encodeURIComponent(JSON.stringify([row.id]))}`,
      { column: 'id' },
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.deleted).toBe(1);
    expect(existsSync(join(t.storageDir, storage_path))).toBe(false);
    expect((await a.get('superadmin', `/api/allegato_download/${row.id}`)).statusCode).toBe(404);
  });

  it('C79 marked for deletion: the file goes when the template is saved, and a new one may take its place meanwhile', async () => {
    const id = await newTemplate('Lettera sostituita');
    const old = (await upload('superadmin', id, [{ name: 'vecchia.docx', bytes: letter }])).json().data[0];
    expect(
      (await a.call('superadmin', 'PUT', `/api/allegato/${old.id}`, { payload: { marked_for_deletion: true } })).json()
        .data.marked_for_deletion,
    ).toBe(true);
    const fresh = await upload('superadmin', id, [
      { name: 'nuova.docx', bytes: buildDocx(['Nuova {cliente_ragione_sociale}']) },
    ]);
    expect(fresh.statusCode, fresh.body).toBe(201);
    let list = (await a.get('superadmin', '/api/word_template_attachments', { word_template_id: id })).json().data;
    expect(list).toHaveLength(2);
    expect(
      (await a.put('superadmin', `/api/word_templates/${id}`, { title: 'Lettera sostituita (2)' })).statusCode,
    ).toBe(200);
    list = (await a.get('superadmin', '/api/word_template_attachments', { word_template_id: id })).json().data;
    expect(list.map((r: { original_filename: string }) => r.original_filename)).toEqual(['nuova.docx']);
    // the replaced file's bytes are swept once no row names them
    const removed = await sweepStorage(t.exec, new LocalStorage(t.storageDir), 0);
    expect(removed.removed).toBeGreaterThanOrEqual(1);
    const dl = await a.get('superadmin', `/api/allegato_download/${list[0].id}`);
    expect(dl.statusCode).toBe(200);
  });
});

describe('C37 replace_and_download', () => {
  let id: number;
  beforeAll(async () => {
    id = await newTemplate('Lettera compilata');
    expect((await upload('superadmin', id, [{ name: 'lettera.docx', bytes: letter }])).statusCode).toBe(201);
  });

  it('C37 one customer: a .docx with the customer and studio data in place of the tags; an empty value prints nothing', async () => {
    const c = customers[0]!;
    const res = await a.get('collab', `/api/word_template/${id}/actions/replace_and_download`, {
      customer_ids: JSON.stringify([c.id]),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain(DOCX);
    expect(res.headers['content-disposition']).toContain('.docx');
    const text = docxText(res.rawPayload);
    expect(text).toContain(`Spett.le ${c.business_name}`);
    expect(text).toContain(`P.IVA ${c.vat_id}`);
    expect(text).toContain('Studio: Studio Demo, responsabile Marco Rossi');
    expect(text).not.toContain('undefined');
    expect(text).not.toContain('{');
    // Word can open it: a valid package with the document
    const path = join(dir, 'one.docx');
    writeFileSync(path, res.rawPayload);
    expect(execFileSync('unzip', ['-l', path], { encoding: 'utf8' })).toContain('word/document.xml');
  });

  it('C37 several customers: a zip with one .docx each, named after the template and the customer', async () => {
    const chosen = customers.slice(0, 3);
    const res = await a.get('admin', `/api/word_template/${id}/actions/replace_and_download`, {
      customer_ids: JSON.stringify(chosen.map((c) => c.id)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Lettera_compilata.zip');
    const path = join(dir, 'many.zip');
    writeFileSync(path, res.rawPayload);
    const names = execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(3);
    for (const c of chosen) {
      const name = names.find((n) => n === `Lettera_compilata_${safeEntryName(c.business_name, 80)}.docx`);
      expect(name, c.business_name).toBeDefined();
      const out = join(dir, `x-${c.id}.docx`);
      writeFileSync(out, execFileSync('unzip', ['-p', path, name!]));
      expect(docxText(readFileSync(out))).toContain(`Spett.le ${c.business_name}`);
    }
  });

  it("C37 no customer, another studio's customer, an unknown template, a template without a file or in .doc: clear answers, never a 500", async () => {
    const none = await a.get('collab', `/api/word_template/${id}/actions/replace_and_download`, { customer_ids: '[]' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.customer_ids).toEqual(['Attenzione scegli almeno un cliente']);
    expect(
      (
        await a.get('bianchi', `/api/word_template/${id}/actions/replace_and_download`, {
          customer_ids: JSON.stringify([customers[0]!.id]),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await a.get('collab', '/api/word_template/999999/actions/replace_and_download', {
          customer_ids: JSON.stringify([customers[0]!.id]),
        })
      ).statusCode,
    ).toBe(404);
    const empty = await newTemplate('Senza file');
    const noFile = await a.get('collab', `/api/word_template/${empty}/actions/replace_and_download`, {
      customer_ids: JSON.stringify([customers[0]!.id]),
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().message).toContain('non ha un file Word');
    // an OLE2 (Word 97-2003) file is accepted as .doc but cannot be filled
    const ole = Buffer.alloc(4096);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(ole);
    ole.writeUInt16LE(0x003e, 24);
    ole.writeUInt16LE(0x0003, 26);
    ole.writeUInt16LE(0xfffe, 28);
    ole.writeUInt16LE(9, 30);
    const docId = await newTemplate('Formato vecchio');
    const up = await upload('superadmin', docId, [{ name: 'vecchio.doc', bytes: ole, type: 'application/msword' }]);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data[0].content_type).toBe('application/msword');
    const old = await a.get('collab', `/api/word_template/${docId}/actions/replace_and_download`, {
      customer_ids: JSON.stringify([customers[0]!.id]),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toContain('salvalo come .docx');
  });

  it('C36 replace_and_email: one queued message per customer, to its e-mail, with its filled .docx; a customer without e-mail is a 422 naming it and nothing is queued', async () => {
    const chosen = customers.slice(0, 2);
    const before = Number((await a.sql<{ n: number }>('SELECT count(*)::int AS "n" FROM "mail_outbox"'))[0]!.n);
    const res = await a.call('collab', 'POST', `/api/word_template/${id}/actions/replace_and_email`, {
      query: { customer_ids: JSON.stringify(chosen.map((c) => c.id)) },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toContain('inserito nella coda');
    expect(res.json().data.queued).toBe(2);
    const rows = await a.sql<{
      id: number;
      kind: string;
      to_addresses: string[];
      subject: string;
      body_text: string;
      filename: string;
      content: Buffer;
    }>(
      `SELECT o."id", o."kind", o."to_addresses", o."subject", o."body_text", m."filename", m."content" FROM "mail_outbox" o JOIN "mail_attachments" m ON m."mail_id" = o."id"
       WHERE o."id" = ANY($1::int[]) ORDER BY o."id"`,
      [res.json().data.ids],
    );
    expect(rows).toHaveLength(2);
    for (const c of chosen) {
      const [{ email }] = await a.sql<{ email: string }>('SELECT "email" FROM "customers" WHERE "id" = $1', [c.id]);
      const row = rows.find((r) => r.to_addresses[0] === email)!;
      expect(row, c.business_name).toBeDefined();
      expect(row.kind).toBe('word_template');
      expect(row.subject).toBe('Lettera compilata');
      expect(row.body_text).toContain(`Gentile ${c.business_name}`);
      expect(row.filename).toBe(`Lettera_compilata_${safeEntryName(c.business_name, 80)}.docx`);
      expect(docxText(Buffer.from(row.content))).toContain(`Spett.le ${c.business_name}`);
    }
    const [noMail] = await a.sql<{ id: number; business_name: string }>(
      `UPDATE "customers" SET "email" = '' WHERE "id" = $1 RETURNING "id", "business_name"`,
      [customers[2]!.id],
    );
    const refused = await a.call('collab', 'POST', `/api/word_template/${id}/actions/replace_and_email`, {
      query: { customer_ids: JSON.stringify([customers[0]!.id, Number(noMail!.id)]) },
      payload: {},
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(noMail!.business_name);
    expect(Number((await a.sql<{ n: number }>('SELECT count(*)::int AS "n" FROM "mail_outbox"'))[0]!.n)).toBe(
      before + 2,
    );
  });

  it('C37 the demo template fills with the demo data (the welcome letter)', async () => {
    const [demo] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "word_templates" WHERE "title" = 'Lettera di benvenuto'`,
    );
    const c = customers[1]!;
    const res = await a.get('collab', `/api/word_template/${demo!.id}/actions/replace_and_download`, {
      customer_ids: JSON.stringify([c.id]),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = docxText(res.rawPayload);
    expect(text).toContain(c.business_name);
    expect(text).toMatch(/compenso concordato è di € \d{1,3}(\.\d{3})*,\d{2}/);
    expect(text).toContain('Studio Demo');
  });

  it('deleting a template forever removes its files', async () => {
    const gone = await newTemplate('Da eliminare');
    await upload('superadmin', gone, [{ name: 'l.docx', bytes: letter }]);
    expect((await a.del('superadmin', `/api/word_template/${gone}`, { force_delete: '1' })).statusCode).toBe(200);
    expect(
      await a.sql('SELECT 1 FROM "attachments" WHERE "owner_model" = \'WordTemplate\' AND "owner_id" = $1', [gone]),
    ).toEqual([]);
  });
});
