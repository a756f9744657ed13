/**
 * The AML file's documents through the HTTP interface (issue 48 item 4), read with real tools
 * (pdftotext, unzip): the customer's declaration in PDF (the customer, the esecutore, the beneficial
 * owners with their shares, the warning of art. 55 c. 3) and in Word (the placeholders filled,
 * values escaped and never read as placeholders), the blank form of a customer not yet identified;
 * the whole file as a PDF (the risk figures with the Italian comma, the versions, the files' SHA-256,
 * the Admin's notes for the Admin only, 'Conservare fino al …' once the relationship ended); the
 * export's zip (the two PDFs, the attachments as uploaded, the index); the bound (413); the Utente
 * refused, another studio's customer not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, romeToday, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';
import { fiscalCodeCheckChar } from '../../model/validators.js';
import { A, B } from '../helpers/amlScores.js';

let t: TestApp;
let a: Api;
const today = romeToday();
const dir = mkdtempSync(join(tmpdir(), 'gs-aml-docs-'));
const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const ROSSI = cf('RSSMRA80A01H501');
const VERDI = cf('VRDLGU75C12F205');
const NERI = cf('NRESFO82D45L219');
const inYears = (n: number) => `${Number(today.slice(0, 4)) + n}${today.slice(4)}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const VISURA = Buffer.from('%PDF-1.4\n% visura camerale\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const save = (name: string, body: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, body);
  return p;
};
/** the PDF's text, its blanks made one space */
const pdfText = (body: Buffer, name = `${Math.random().toString(36).slice(2)}.pdf`) =>
  execFileSync('pdftotext', ['-layout', save(name, body), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

const identification = (fileId: number, over: Record<string, unknown> = {}) => ({
  subject: 'persona_giuridica',
  executor: {
    name: 'Mario Rossi',
    tax_code: ROSSI,
    role: 'Legale rappresentante',
    birth_date: '1980-01-01',
    birth_place: 'Roma',
    address: 'Via Appia 10, 00179 Roma',
    citizenship: 'italiana',
  },
  documents: [
    {
      holder: 'esecutore',
      type: 'carta_identita',
      number: 'CA12345BB',
      issuer: 'Comune di Roma',
      issued_on: '2020-03-01',
      expires_on: inYears(2),
      file_id: fileId,
    },
  ],
  identified_on: today,
  method: 'presenza',
  owners: [
    {
      name: 'Luigi Verdi',
      tax_code: VERDI,
      share: 60,
      criterion: 'proprieta_diretta',
      source: 'registro_titolari',
      birth_place: 'Milano',
      birth_date: '1975-03-12',
    },
    { name: 'Sofia Neri', tax_code: NERI, share: 40, criterion: 'proprieta_diretta', source: 'registro_imprese' },
  ],
  pep: false,
  sanctions_checked_on: today,
  sanctions_outcome: 'negativo',
  sanctions_lists: 'Liste UE e ONU',
  purpose: 'Tenuta della contabilità & bilancio <annuale>',
  nature: 'Rapporto continuativo {studio_nome}',
  funds_origin: 'Ricavi dell’attività d’impresa',
  services: ['tenuta-contabilita', 'dichiarazioni-fiscali'],
  ...over,
});

const get = async (who: 'admin' | 'collab' | 'bianchi', url: string) =>
  a.t.app.inject({ method: 'GET', url, headers: await a.headers(who) });

const upload = async (customer: number, kind: string, bytes: Buffer, name: string) => {
  const body = await multipart({ kind, description: 'Fronte e retro' }, [{ name, bytes }], 'file');
  const res = await a.t.app.inject({
    method: 'POST',
    url: `/api/customer/${customer}/aml/files`,
    payload: body.payload,
    headers: { ...(await a.headers('collab')), ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; sha256: string };
};

let srl: number;
let blank: number;
let scan: { id: number; sha256: string };
let visura: { id: number; sha256: string };

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  srl = await a.newCustomer('Alfa Documenti AML S.r.l.', {
    address: 'Via Roma 1',
    postal_code: '00184',
    city: 'Roma',
    province: 'RM',
  });
  blank = await a.newCustomer('Beta Senza Identificazione AML');
  scan = await upload(srl, 'documento', PDF, 'carta identità.pdf');
  visura = await upload(srl, 'visura', VISURA, 'Visura camerale (2024).pdf');
  // two versions of the identification: the second is in force
  const first = await a.post('collab', `/api/customer/${srl}/aml/identifications`, identification(scan.id));
  expect(first.statusCode, first.body).toBe(201);
  const second = await a.post('admin', `/api/customer/${srl}/aml/identifications`, identification(scan.id));
  expect(second.statusCode, second.body).toBe(201);
  // 3 × 30 % + 1,25 × 70 % = 1,78; then 4 × 30 % + 2,60 × 70 % = 3,02
  const r1 = await a.post('collab', `/api/customer/${srl}/aml/assessments`, {
    services: ['tenuta-contabilita'],
    customer: A(1, 2, 1, 1),
  });
  expect(r1.statusCode, r1.body).toBe(201);
  const r2 = await a.post('collab', `/api/customer/${srl}/aml/assessments`, {
    services: ['tenuta-contabilita', 'finanza-straordinaria'],
    customer: A(2, 2, 2, 2),
    operation: B(3),
  });
  expect(r2.statusCode, r2.body).toBe(201);
  const note = await a.post('admin', `/api/customer/${srl}/aml/notes`, {
    kind: 'segnalazione',
    outcome: 'nessuna_azione',
    body: 'Nota riservata: operazione verificata con il notaio',
  });
  expect(note.statusCode, note.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('issue 48 item 4: the AML file’s documents', () => {
  it('the declaration in PDF: the customer, the esecutore and his document, the owners with their shares, purpose, nature, funds, the art. 55 warning', async () => {
    const res = await get('collab', `/api/customer/${srl}/aml/declaration.pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'filename="Dichiarazione_antiriciclaggio_Alfa_Documenti_AML_S.r.l.pdf"',
    );
    const text = pdfText(res.rawPayload, 'dichiarazione.pdf');
    expect(text).toContain('Dichiarazione del cliente ai fini dell’adeguata verifica');
    expect(text).toContain('Alfa Documenti AML S.r.l.');
    expect(text).toContain('Via Roma 1, 00184 Roma (RM)');
    expect(text).toContain('Mario Rossi');
    expect(text).toContain(ROSSI);
    expect(text).toMatch(/come Legale\s*rappresentante/);
    expect(text).toContain('CA12345BB');
    expect(text).toContain('Luigi Verdi');
    expect(text).toContain('60 %');
    expect(text).toContain('Sofia Neri');
    expect(text).toContain('40 %');
    expect(text).toContain('Tenuta della contabilità & bilancio <annuale>');
    expect(text).toContain('Ricavi dell’attività d’impresa');
    expect(text).toMatch(/reclusione da sei mesi a tre anni e con la multa da 10\.000 euro a 30\.000 euro/);
    expect(text).toContain('art. 55, comma 3');
    expect(text).toContain('Reg. UE 2016/679');
    expect(text).toContain('Firma del dichiarante');
  });

  it('a customer not yet identified gets the blank form: the registry’s data printed, the rest left to fill by hand', async () => {
    const res = await get('collab', `/api/customer/${blank}/aml/declaration.pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Beta Senza Identificazione AML');
    expect(text).toContain('Nome e cognome');
    expect(text).toContain('Origine dei fondi');
    expect(text).toMatch(/reclusione da sei mesi a tre anni/);
    expect(text).not.toContain('Luigi Verdi');
  });

  it('the declaration in Word: the built-in template filled, values escaped and never read as placeholders', async () => {
    const res = await get('collab', `/api/customer/${srl}/aml/declaration.docx`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain('Dichiarazione_antiriciclaggio_Alfa_Documenti_AML_S.r.l.docx');
    const xml = execFileSync('unzip', ['-p', save('dichiarazione.docx', res.rawPayload), 'word/document.xml'], {
      encoding: 'utf8',
    });
    for (const v of ['Alfa Documenti AML S.r.l.', 'Mario Rossi', ROSSI, 'Luigi Verdi', 'quota 60 %', 'quota 40 %'])
      expect(xml).toContain(v);
    expect(xml).toContain('Tenuta della contabilità &amp; bilancio &lt;annuale&gt;');
    // a value holding a placeholder stays as typed
    expect(xml).toContain('Rapporto continuativo {studio_nome}');
    expect(xml).toContain('reclusione da sei mesi a tre anni');
    // every placeholder of the template filled
    expect(xml.replace('Rapporto continuativo {studio_nome}', '')).not.toMatch(/\{[a-z_]+\}/);
    // the blank form too
    const empty = await get('collab', `/api/customer/${blank}/aml/declaration.docx`);
    expect(empty.statusCode).toBe(200);
    const blankXml = execFileSync('unzip', ['-p', save('vuota.docx', empty.rawPayload), 'word/document.xml'], {
      encoding: 'utf8',
    });
    expect(blankXml).toContain('Beta Senza Identificazione AML');
    expect(blankXml).toContain('……………');
    expect(blankXml).not.toMatch(/\{[a-z_]+\}/);
  });

  it('the file as one PDF: the risk figures with the comma, the levels, the versions, the owners, the files with their SHA-256; the notes for the Admin only', async () => {
    const collab = await get('collab', `/api/customer/${srl}/aml/file.pdf`);
    expect(collab.statusCode, collab.body.slice(0, 300)).toBe(200);
    expect(collab.headers['content-disposition']).toContain('Fascicolo_antiriciclaggio_Alfa_Documenti_AML_S.r.l.pdf');
    const text = pdfText(collab.rawPayload, 'fascicolo-collab.pdf');
    expect(text).toContain('Fascicolo antiriciclaggio');
    expect(text).toContain('Alfa Documenti AML S.r.l.');
    // the first assessment: 3,00 / 1,25 / 1,78; the second: 4,00 / 2,60 / 3,02
    for (const figure of ['3,00', '1,25', '1,78', '4,00', '2,60', '3,02']) expect(text).toContain(figure);
    expect(text).toContain('Adeguata verifica ordinaria');
    expect(text).toContain('Adeguata verifica semplificata');
    expect(text).toContain('2 – Poco significativo');
    expect(text).toContain('2 (in vigore)');
    expect(text).toContain('Luigi Verdi');
    expect(text).toContain('60 %');
    expect(text).toContain('CA12345BB');
    expect(text).toContain('Visura camerale (2024).pdf');
    expect(text).toContain(visura.sha256.slice(0, 32));
    expect(text).toContain(scan.sha256.slice(32));
    expect(text).toMatch(/Pagina 1 di \d/);
    expect(text).not.toContain('Nota riservata');
    expect(text).not.toContain('Note dell’Admin');
    expect(text).not.toContain('Conservare fino al');

    const admin = await get('admin', `/api/customer/${srl}/aml/file.pdf`);
    expect(admin.statusCode).toBe(200);
    const adminText = pdfText(admin.rawPayload, 'fascicolo-admin.pdf');
    expect(adminText).toContain('Note dell’Admin');
    expect(adminText).toContain('Nota riservata: operazione verificata con il notaio');
    expect(adminText).toContain('Nessun motivo per procedere');
  });

  it('the export for an inspection: the two PDFs, every attachment as uploaded under allegati/, the index with name, kind, SHA-256, date and author', async () => {
    const res = await get('collab', `/api/customer/${srl}/aml/export.zip`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Fascicolo_antiriciclaggio_Alfa_Documenti_AML_S.r.l.zip');
    const zip = save('export.zip', res.rawPayload);
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual([
      'fascicolo.pdf',
      'dichiarazione.pdf',
      `allegati/${scan.id}_carta_identita.pdf`,
      `allegati/${visura.id}_Visura_camerale_2024_.pdf`,
      'indice.csv',
    ]);
    const entry = (name: string) => execFileSync('unzip', ['-p', zip, name]);
    expect(entry(`allegati/${scan.id}_carta_identita.pdf`).equals(PDF)).toBe(true);
    expect(sha(entry(`allegati/${visura.id}_Visura_camerale_2024_.pdf`))).toBe(visura.sha256);
    expect(pdfText(entry('fascicolo.pdf'))).toContain('1,78');
    expect(pdfText(entry('fascicolo.pdf'))).not.toContain('Nota riservata');
    expect(pdfText(entry('dichiarazione.pdf'))).toContain('Luigi Verdi');
    const csv = entry('indice.csv').toString('utf8');
    expect(csv.startsWith('\uFEFFFile;Tipo;SHA-256;Caricato il;Caricato da;')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`allegati/${scan.id}_carta_identita.pdf;Documento di identità;${scan.sha256};`);
    expect(lines[2]).toContain(
      `allegati/${visura.id}_Visura_camerale_2024_.pdf;Visura o estratto di registro;${visura.sha256};`,
    );
    expect(lines[2]).toContain('Visura camerale (2024).pdf');
    expect(lines[1]).toContain('Integro');
  });

  it('an attachment no longer in the storage is left out of the zip and named in the index; over 200 MB the export is refused (413) before anything is sent', async () => {
    const lost = await a.newCustomer('Gamma File Perso AML');
    const [demo] = await a.sql<{ studio_id: number }>('SELECT "studio_id" FROM "customers" WHERE "id" = $1', [lost]);
    const insert = (size: number) =>
      a.sql(
        `INSERT INTO "aml_files" ("studio_id", "customer_id", "kind", "original_filename", "content_type", "size", "sha256", "storage_path", "created_by_name")
        VALUES ($1, $2, 'altro', 'perso.pdf', 'application/pdf', $3, $4, 'aml/2026-01/00000000-0000-4000-8000-000000000000', 'Prova')`,
        [demo!.studio_id, lost, size, '0'.repeat(64)],
      );
    await insert(1000);
    const res = await get('collab', `/api/customer/${lost}/aml/export.zip`);
    expect(res.statusCode).toBe(200);
    const zip = save('lost.zip', res.rawPayload);
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'fascicolo.pdf',
      'dichiarazione.pdf',
      'indice.csv',
    ]);
    expect(execFileSync('unzip', ['-p', zip, 'indice.csv'], { encoding: 'utf8' })).toContain('File non disponibile');

    await insert(201 * 1024 * 1024);
    const big = await get('collab', `/api/customer/${lost}/aml/export.zip`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/supera 200 MB/);
  });

  it('once the relationship ended the file’s footer says until when it is kept (ten years)', async () => {
    await a.sql(`UPDATE "customers" SET "ceased_on" = '2024-03-31' WHERE "id" = $1`, [srl]);
    const res = await get('collab', `/api/customer/${srl}/aml/file.pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'fascicolo-cessato.pdf');
    expect(text).toContain('Conservare fino al 31-03-2034');
    expect(text).toContain('cessato il 31-03-2024');
  });

  it('the Utente is refused; another studio’s customer and an unknown one are not found', async () => {
    const utente = await a.utente('utente.amldocs@studiodemo.test');
    for (const doc of ['declaration.pdf', 'declaration.docx', 'file.pdf', 'export.zip']) {
      const url = `/api/customer/${srl}/aml/${doc}`;
      const u = await a.t.app.inject({ method: 'GET', url, headers: utente });
      expect(u.statusCode, doc).toBe(403);
      expect((await get('bianchi', url)).statusCode, doc).toBe(404);
      expect((await get('admin', `/api/customer/999999999/aml/${doc}`)).statusCode, doc).toBe(404);
    }
  });
});
