/**
 * The SEPA Direct Debit mandate form (issue 29), rendered by the PDF worker and read back with
 * poppler's pdftotext, pdfinfo and pdfimages: what the EPC's form requires is on the page, in the
 * wording of the mandate's scheme.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import {
  mandatePdf,
  type MandateCustomer,
  type MandateData,
  type MandateStudio,
} from '../../server/areas/collections/mandatePdf';

/** the PDF's text, blanks and line breaks made single spaces */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
/** pdfinfo's page count and page size */
const pdfInfo = (pdf: Buffer) => {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+(.*)/.exec(info)?.[1] };
};
/** the images drawn in the PDF (pdfimages reads a file; -list: two heading lines, then one line per image or mask) */
function pdfImages(pdf: Buffer): number {
  const path = join(mkdtempSync(join(tmpdir(), 'mandate-')), 'mandate.pdf');
  writeFileSync(path, pdf);
  const rows = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return rows.filter((r) => r.trim().split(/\s+/)[2] === 'image').length;
}

const logo = () => {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(0x80);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
};

const studio = (over: Partial<MandateStudio> = {}): MandateStudio => ({
  name: 'Studio Associato Bianchi & Rossi',
  subtitle: 'Dottori commercialisti',
  address: 'Via Roma 12',
  email: 'studio@bianchi.test',
  tel_number: '02 1234567',
  vat_number: '01234567890',
  website: null,
  iban: 'IT60X0542811101000000123456',
  footer_line1: 'Studio Associato Bianchi & Rossi',
  logo: null,
  postal_code: '20121',
  city: 'Milano',
  province: 'MI',
  sdd_creditor_id: 'IT66ZZZA1B2C3D4E5F6G7H8',
  ...over,
});
const mandate = (over: Partial<MandateData> = {}): MandateData => ({
  reference: 'MND-2026-0042',
  signature_date: '2026-03-15',
  scheme: 'CORE',
  iban: 'IT13L0306909606100000012345',
  debtor_name: null,
  ...over,
});
const customer: MandateCustomer = {
  business_name: 'Alfa Servizi S.r.l.',
  address: 'Corso Vittorio Emanuele 3',
  postal_code: '10121',
  city: 'Torino',
  fiscal_code: '09876543210',
  vat_id: '09876543210',
};

const CREDITOR = 'Studio Associato Bianchi & Rossi';
const GRANT =
  `La sottoscrizione del presente mandato comporta l'autorizzazione a ${CREDITOR} a richiedere alla banca del ` +
  `debitore l'addebito del suo conto e l'autorizzazione alla banca del debitore di procedere a tale addebito ` +
  `conformemente alle disposizioni impartite da ${CREDITOR}.`;
const REFUND =
  "Il debitore ha diritto di essere rimborsato dalla propria banca secondo gli accordi ed alle condizioni che regolano il rapporto con quest'ultima; " +
  'se del caso, il rimborso deve essere richiesto nel termine di 8 settimane a decorrere dalla data di addebito in conto.';

let core = '';
let b2b = '';
let corePdf: Buffer;
beforeAll(async () => {
  corePdf = await mandatePdf(studio({ logo: logo() }), mandate(), customer);
  core = pdfText(corePdf);
  b2b = pdfText(await mandatePdf(studio(), mandate({ scheme: 'B2B' }), customer));
}, 60_000);

describe('SEPA mandate form (CORE)', () => {
  it('one A4 page on the letterhead with the logo, titled as the EPC form', () => {
    expect(corePdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfInfo(corePdf).pages).toBe(1);
    expect(pdfInfo(corePdf).size).toContain('(A4)');
    expect(pdfImages(corePdf)).toBe(1);
    expect(core).toContain('Mandato per addebito diretto SEPA SEPA Direct Debit Mandate');
  });

  it("carries the mandate reference, the creditor's name, address and CID, the debtor's name, address and IBAN in groups of four", () => {
    expect(core).toContain('Riferimento del mandato');
    expect(core).toContain('MND-2026-0042');
    expect(core).toContain('Codice identificativo del creditore (CID) IT66ZZZA1B2C3D4E5F6G7H8');
    expect(core).toContain(`Nome del creditore ${CREDITOR}`);
    expect(core).toContain('Via Roma 12');
    expect(core).toContain('20121 Milano (MI)');
    expect(core).toContain('Alfa Servizi S.r.l.');
    expect(core).toContain('Corso Vittorio Emanuele 3');
    expect(core).toContain('10121 Torino');
    expect(core).toContain('IBAN del conto da addebitare IT13 L030 6909 6061 0000 0012 345');
  });

  it('has the standard Italian authorisation with the creditor named and the right to a refund within 8 weeks', () => {
    expect(core).toContain(`${GRANT} ${REFUND}`);
  });

  it('says the payment is recurrent and has place, date (the signature date) and the signature box', () => {
    expect(core).toContain('Tipo di pagamento');
    expect(core).toContain('Ricorrente');
    expect(core).toContain('Luogo di sottoscrizione');
    expect(core).toContain('Data di sottoscrizione 15-03-2026');
    expect(core).toContain('Firma del debitore');
  });
});

describe('SEPA mandate form (B2B)', () => {
  it('has the B2B wording: the same authorisation, no refund after the debit, the debtor tells its bank', () => {
    expect(b2b).toContain('Mandato per addebito diretto SEPA B2B');
    expect(b2b).toContain(GRANT);
    expect(b2b).toContain('esclusivamente a transazioni tra imprese');
    expect(b2b).toContain("non ha diritto di ottenere il rimborso dalla propria banca dopo l'addebito in conto");
    expect(b2b).toContain('informare la propria banca della sottoscrizione del presente mandato');
    expect(b2b).not.toContain('8 settimane');
    expect(b2b).not.toContain('rimborsato');
    // what both forms carry
    expect(b2b).toContain('MND-2026-0042');
    expect(b2b).toContain('IT66ZZZA1B2C3D4E5F6G7H8');
    expect(b2b).toContain('IT13 L030 6909 6061 0000 0012 345');
  });
});

describe('SEPA mandate form: other cases', () => {
  it("names the account holder as the debtor when the account is not the customer's, and the customer beside", async () => {
    const text = pdfText(await mandatePdf(studio(), mandate({ debtor_name: 'Mario Verdi' }), customer));
    expect(text).toContain('Ragione sociale del debitore Mario Verdi');
    expect(text).toContain('Per conto di Alfa Servizi S.r.l.');
  }, 60_000);

  it('refuses, in Italian, a studio without its creditor identifier (the form would be incomplete)', async () => {
    await expect(mandatePdf(studio({ sdd_creditor_id: null }), mandate(), customer)).rejects.toThrow(
      "Manca l'identificativo creditore SEPA (CID) nella scheda dello studio",
    );
  });
});
