/**
 * The AML file's documents without the server (issue 48 item 4): the pure text helpers (Italian
 * decimals and shares, scores, sizes, file and entry names, the footer's retention date, the zip's
 * index with its cells neutralised), who signs the declaration, the Word declaration's values and
 * its template filled by docxtemplater (values never read as placeholders), and the two PDFs
 * rendered by the PDF worker and read back with pdftotext: a natural person who is a PEP, thirty
 * beneficial owners over several pages, a file with nothing in it yet.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docxText } from '../../server/render/docxBuilder';
import { renderPdf } from '../../server/render/pdf';
import type { StudioData } from '../../server/render/frame';
import type { AmlIdentificationInput } from '../../model/api/aml';
import {
  DECLARATION_KEYS,
  DOTS,
  amlFileName,
  birthText,
  customerAddressText,
  decimalText,
  declarantOf,
  declarationPdfDoc,
  declarationValues,
  fillDeclarationTemplate,
  shareText,
  type DeclarationData,
} from '../../server/areas/aml/declaration';
import { amlFilePdfDoc, fileFooterText, scoreText, shaLines, sizeText } from '../../server/areas/aml/filePdf';
import { attachmentEntry, exportZip, indexCsv } from '../../server/areas/aml/exportZip';
import type { AmlDocCustomer } from '../../server/areas/aml/documentQueries';

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
const pages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' }))?.[1]);

const studio: StudioData = {
  name: 'Studio Prova',
  subtitle: 'Commercialisti',
  address: 'Via Verdi 1, Milano',
  email: 'info@prova.test',
  tel_number: null,
  vat_number: '01234567890',
  website: null,
  iban: null,
  footer_line1: null,
  logo: null,
};
const customer: AmlDocCustomer = {
  id: 7,
  business_name: 'Bianchi Anna',
  fiscal_code: 'BNCNNA70A41F205X',
  vat_id: null,
  address: 'Corso Como 5',
  postal_code: '20154',
  city: 'Milano',
  province: 'mi',
  legal_status: null,
  ceased_on: null,
};
const person: AmlIdentificationInput = {
  subject: 'persona_fisica',
  customer_person: {
    name: 'Anna Bianchi',
    tax_code: 'BNCNNA70A41F205X',
    birth_place: 'Milano',
    birth_date: '1970-01-01',
    address: 'Corso Como 5, 20154 Milano',
    citizenship: 'italiana',
  },
  documents: [
    {
      holder: 'cliente',
      type: 'passaporto',
      number: 'YA1234567',
      issuer: 'Questura di Milano',
      issued_on: '2021-05-10',
      expires_on: '2031-05-09',
    },
  ],
  identified_on: '2026-01-15',
  method: 'presenza',
  owners: [
    { name: 'Anna Bianchi', tax_code: 'BNCNNA70A41F205X', criterion: 'persona_fisica', source: 'dichiarazione' },
  ],
  pep: true,
  pep_details: 'Consigliere regionale della Lombardia dal 2020',
  sanctions_checked_on: '2026-01-15',
  sanctions_outcome: 'negativo',
  purpose: 'Dichiarazione dei redditi e consulenza fiscale',
  nature: 'Occasionale',
  services: ['consulenza-tributaria'],
};

describe('the text helpers', () => {
  it('decimals and shares with the Italian comma', () => {
    expect(decimalText(1.78)).toBe('1,78');
    expect(decimalText(3)).toBe('3,00');
    expect(decimalText(2.6)).toBe('2,60');
    expect(decimalText(12.44, 1)).toBe('12,4');
    expect(shareText(25)).toBe('25 %');
    expect(shareText(33.5)).toBe('33,5 %');
    expect(shareText(12.346)).toBe('12,35 %');
    expect(shareText(100)).toBe('100 %');
    expect(shareText(0.5)).toBe('0,5 %');
  }, 60_000);

  it('scores, SHA-256 lines, sizes, places and dates', () => {
    expect(scoreText(2)).toBe('2 – Poco significativo');
    expect(scoreText(4)).toBe('4 – Molto significativo');
    expect(scoreText(undefined)).toBe('–');
    const sha = 'a'.repeat(32) + 'b'.repeat(32);
    expect(shaLines(sha)).toBe(`${'a'.repeat(32)}\n${'b'.repeat(32)}`);
    expect(sizeText(850)).toBe('850 B');
    expect(sizeText(12_700)).toBe('12,4 KB');
    expect(sizeText(3.1 * 1024 * 1024)).toBe('3,1 MB');
    expect(birthText({ birth_place: 'Roma', birth_date: '1980-01-01' })).toBe('Roma, 01-01-1980');
    expect(birthText({ birth_date: '1980-01-01' })).toBe('01-01-1980');
    expect(birthText(null)).toBe('');
    expect(customerAddressText(customer)).toBe('Corso Como 5, 20154 Milano (MI)');
    expect(customerAddressText({ address: null, postal_code: null, city: 'Roma', province: null })).toBe('Roma');
  });

  it('file and entry names in safe characters, without a dot before the extension', () => {
    expect(amlFileName('Dichiarazione_antiriciclaggio', 'Alfa S.r.l.', 'pdf')).toBe(
      'Dichiarazione_antiriciclaggio_Alfa_S.r.l.pdf',
    );
    expect(amlFileName('Fascicolo_antiriciclaggio', 'Caffè Né & Co.', 'zip')).toBe(
      'Fascicolo_antiriciclaggio_Caffe_Ne_Co.zip',
    );
    expect(attachmentEntry({ id: 12, original_filename: '../../etc/passwd' })).toBe('allegati/12_etc_passwd');
    expect(attachmentEntry({ id: 3, original_filename: 'Carta d’identità (fronte).JPG' })).toBe(
      'allegati/3_Carta_d_identita_fronte_.JPG',
    );
  });

  it('the footer says until when the file is kept only once the relationship ended (ten years, art. 31)', () => {
    expect(fileFooterText({ business_name: 'Alfa', ceased_on: null })).toBe(
      'Alfa – Fascicolo antiriciclaggio   ·   Pagina {page} di {pages}',
    );
    expect(fileFooterText({ business_name: 'Alfa', ceased_on: '2024-02-29' })).toContain(
      'Conservare fino al 28-02-2034',
    );
  });

  it("the zip's index: BOM, semicolons, CRLF, the kind's name, the check; a cell a spreadsheet would run is neutralised", () => {
    const file = (id: number, over: Record<string, unknown> = {}) => ({
      id,
      kind: 'documento' as const,
      description: null,
      original_filename: 'ci.pdf',
      content_type: 'application/pdf',
      size: 10,
      sha256: 'f'.repeat(64),
      created_by_name: 'Laura Neri',
      created_at: '2026-01-15 10:30:00',
      ...over,
    });
    const csv = indexCsv(
      [file(1), file(2, { original_filename: '=HYPERLINK("x").pdf', description: '+39 nota', kind: 'visura' })],
      new Map([
        [1, 'ok'],
        [2, 'missing'],
      ]),
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFFile;Tipo;SHA-256;Caricato il;Caricato da;Nome originale;Descrizione;Verifica');
    expect(lines[1]).toBe(
      `allegati/1_ci.pdf;Documento di identità;${'f'.repeat(64)};15-01-2026 10:30;Laura Neri;ci.pdf;;Integro (SHA-256 corrispondente)`,
    );
    // a file not found in the storage has no entry in the zip
    expect(lines[2]).toMatch(/^;Visura o estratto di registro;/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"").pdf"`);
    expect(lines[2]).toContain("'+39 nota");
    expect(lines[2]).toContain('File non disponibile');
  });
});

describe('the declaration', () => {
  const data = (identification: AmlIdentificationInput | null, c = customer): DeclarationData => ({
    studio,
    customer: c,
    identification,
  });

  it('who signs: the esecutore when there is one, else the customer as a natural person, else nobody known', () => {
    expect(declarantOf(person)).toMatchObject({ capacity: 'cliente', person: { name: 'Anna Bianchi' } });
    expect(declarantOf(person).document?.number).toBe('YA1234567');
    const company: AmlIdentificationInput = {
      ...person,
      subject: 'persona_giuridica',
      customer_person: undefined,
      executor: { name: 'Mario Rossi', role: 'Procuratore' },
      documents: [{ ...person.documents[0]!, holder: 'esecutore', number: 'AB000' }],
    };
    expect(declarantOf(company)).toMatchObject({
      capacity: 'esecutore',
      role: 'Procuratore',
      person: { name: 'Mario Rossi' },
      document: { number: 'AB000' },
    });
    expect(declarantOf({ ...company, executor: undefined })).toEqual({
      person: null,
      capacity: null,
      role: null,
      document: null,
    });
    expect(declarantOf(null).capacity).toBeNull();
  });

  it('the Word values: every key of the template, the boxes ticked, dots where the blank form is filled by hand', () => {
    const v = declarationValues(data(person), new Date('2026-03-02T10:00:00Z'));
    expect(Object.keys(v).sort()).toEqual(DECLARATION_KEYS.map((k) => k.key).sort());
    expect(v).toMatchObject({
      studio_nome: 'Studio Prova',
      data_oggi: '02-03-2026',
      dichiarante_nome: 'Anna Bianchi',
      dichiarante_nascita: 'Milano, 01-01-1970',
      qualita_cliente: '☒',
      qualita_esecutore: '☐',
      esecutore_ruolo: '',
      documento: 'Passaporto n. YA1234567, rilasciato da Questura di Milano il 10-05-2021, scadenza 09-05-2031',
      cliente_sede: 'Corso Como 5, 20154 Milano (MI)',
      cliente_partita_iva: DOTS,
      pep_no: '☐',
      pep_si: '☒',
      pep_dettagli: 'Consigliere regionale della Lombardia dal 2020',
      prestazioni: 'Consulenza in materia tributaria',
      origine_fondi: DOTS,
    });
    expect(v.titolari_effettivi).toBe(
      '1. Anna Bianchi, C.F. BNCNNA70A41F205X, il cliente stesso (persona fisica che agisce per sé)',
    );
    const blank = declarationValues(data(null));
    expect(blank).toMatchObject({
      cliente_ragione_sociale: 'Bianchi Anna',
      cliente_codice_fiscale: 'BNCNNA70A41F205X',
      dichiarante_nome: DOTS,
      qualita_cliente: '☐',
      qualita_esecutore: '☐',
      esecutore_ruolo: DOTS,
      pep_no: '☐',
      pep_si: '☐',
      scopo: DOTS,
    });
    expect(blank.titolari_effettivi.split('\n')).toHaveLength(3);
  });

  it('the Word template filled: values as plain text, a value holding a placeholder or XML stays as typed', async () => {
    const v = declarationValues(data({ ...person, purpose: 'Scopo {studio_nome} <w:p/> & {#x}{/x}', nature: '{{' }));
    const text = docxText(await fillDeclarationTemplate(v));
    expect(text).toContain('Studio Prova');
    expect(text).toContain('Scopo della prestazione: Scopo {studio_nome} <w:p/> & {#x}{/x}');
    expect(text).toContain('Natura della prestazione: {{');
    expect(text).toContain('Anna Bianchi');
    expect(text).toContain('☒ che il cliente');
    expect(text).toContain('reclusione da sei mesi a tre anni');
    // a key that is not the template's is not read from the values (nor from their prototype)
    const odd = await fillDeclarationTemplate({
      ...declarationValues(data(person)),
      constructor: 'x',
      toString: 'y',
    } as Record<string, string>);
    expect(docxText(odd)).not.toMatch(/\{[a-z_]+\}/);
  }, 60_000);

  it('the PDF of a natural person who is a PEP: her data, the passport, the PEP box with the office, the art. 55 warning', async () => {
    const pdf = await renderPdf(declarationPdfDoc(data(person)));
    const text = pdfText(pdf);
    expect(text).toContain('Anna Bianchi');
    expect(text).toContain('BNCNNA70A41F205X');
    expect(text).toContain('YA1234567');
    expect(text).toContain('Questura di Milano');
    expect(text).toContain('Consigliere regionale della Lombardia dal 2020');
    expect(text).toContain('Consulenza in materia tributaria');
    expect(text).toContain('Il cliente stesso');
    expect(text).toContain('Persona fisica');
    expect(text).toMatch(/reclusione da sei mesi a tre anni e con la multa da 10\.000 euro a 30\.000 euro/);
    expect(text).toContain('Titolare del trattamento è Studio Prova');
    expect(pages(pdf)).toBeLessThanOrEqual(2);
  }, 60_000);

  it('thirty beneficial owners run over the pages, the table head repeated', async () => {
    const owners = Array.from({ length: 30 }, (_, i) => ({
      name: `Socio Numero ${i + 1}`,
      tax_code: 'RSSMRA80A01H501U',
      share: 3.33,
      criterion: 'proprieta_indiretta' as const,
      source: 'registro_titolari' as const,
      address: 'Via Lunga 1234, 00100 Roma',
    }));
    const pdf = await renderPdf(
      declarationPdfDoc(
        data({
          ...person,
          subject: 'persona_giuridica',
          executor: { name: 'Mario Rossi', role: 'Amministratore unico' },
          owners,
        }),
      ),
    );
    const text = pdfText(pdf);
    expect(text).toContain('Socio Numero 1 ');
    expect(text).toContain('Socio Numero 30');
    expect(text).toContain('3,33 %');
    expect(pages(pdf)).toBeGreaterThanOrEqual(3);
    expect(text.match(/Titolo \(art\. 20\)/g)!.length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('the file as one PDF', () => {
  it('a file with nothing in it yet says so, section by section; no notes section for a Collaboratore', async () => {
    const pdf = await renderPdf(
      amlFilePdfDoc({
        studio,
        customer: { ...customer, ceased_on: '2020-06-30' },
        identifications: [],
        assessments: [],
        files: [],
        notes: null,
        printedBy: 'Laura Neri',
      }),
    );
    const text = pdfText(pdf);
    expect(text).toContain('Il cliente non è ancora stato identificato.');
    expect(text).toContain('Nessuna valutazione del rischio registrata.');
    expect(text).toContain('Nessun file caricato.');
    expect(text).toContain('da Laura Neri');
    expect(text).toContain('Conservare fino al 30-06-2030');
    expect(text).not.toContain('Note dell’Admin');
  });

  it("the Admin's notes, with their kind and outcome, when given", async () => {
    const pdf = await renderPdf(
      amlFilePdfDoc({
        studio,
        customer,
        identifications: [],
        assessments: [],
        files: [],
        notes: [
          {
            id: 1,
            kind: 'astensione',
            outcome: 'astenuto',
            body: 'Il cliente non ha fornito i dati del titolare effettivo.',
            created_by_name: 'Mario Rossi',
            created_at: '2026-01-20 09:15:00',
          },
        ],
        printedBy: 'Mario Rossi',
      }),
    );
    const text = pdfText(pdf);
    expect(text).toContain('Note dell’Admin');
    expect(text).toContain('Valutazione di astensione (art. 42)');
    expect(text).toContain('Astensione dalla prestazione');
    expect(text).toContain('Il cliente non ha fornito i dati del titolare effettivo.');
  }, 60_000);
});

describe('the export zip', () => {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const file = (id: number, bytes: Buffer, name: string) => ({
    id,
    kind: 'altro' as const,
    description: null,
    original_filename: name,
    content_type: 'application/pdf',
    size: bytes.length,
    sha256: sha(bytes),
    created_by_name: 'Laura Neri',
    created_at: '2026-01-15 10:30:00',
  });

  it('the two PDFs, the attachments read one at a time as stored, the index saying which were intact, changed or missing', async () => {
    const one = Buffer.from('primo');
    const two = Buffer.from('secondo');
    const reads: number[] = [];
    const archive = await exportZip({
      filePdf: Buffer.from('%PDF fascicolo'),
      declarationPdf: Buffer.from('%PDF dichiarazione'),
      files: [file(1, one, 'uno.pdf'), file(2, two, 'due.pdf'), file(3, one, 'tre.pdf')],
      async read(id) {
        reads.push(id);
        if (id === 2) return Buffer.from('alterato');
        if (id === 3) throw new Error('not stored');
        return one;
      },
    });
    const chunks: Buffer[] = [];
    for await (const c of archive) chunks.push(c as Buffer);
    const path = join(mkdtempSync(join(tmpdir(), 'aml-zip-')), 'x.zip');
    writeFileSync(path, Buffer.concat(chunks));
    expect(execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'fascicolo.pdf',
      'dichiarazione.pdf',
      'allegati/1_uno.pdf',
      'allegati/2_due.pdf',
      'indice.csv',
    ]);
    expect(reads).toEqual([1, 2, 3]);
    expect(execFileSync('unzip', ['-p', path, 'allegati/1_uno.pdf'], { encoding: 'utf8' })).toBe('primo');
    const index = execFileSync('unzip', ['-p', path, 'indice.csv'], { encoding: 'utf8' }).split('\r\n');
    expect(index[1]).toContain('Integro');
    expect(index[2]).toContain('NON corrispondente');
    expect(index[3]).toMatch(/^;.*File non disponibile/);
  }, 60_000);

  it('a client gone mid-way stops the reading of the attachments', async () => {
    let reads = 0;
    const archive = await exportZip({
      filePdf: Buffer.from('%PDF'),
      declarationPdf: Buffer.from('%PDF'),
      files: Array.from({ length: 20 }, (_, i) => file(i + 1, Buffer.alloc(10), `f${i}.pdf`)),
      async read() {
        reads++;
        if (reads === 2) archive.destroy();
        return Buffer.alloc(10);
      },
    });
    archive.resume();
    await new Promise((r) => archive.once('close', r));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBeLessThanOrEqual(3);
  }, 60_000);
});
