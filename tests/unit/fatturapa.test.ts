/**
 * FatturaPA XML (issue 13, server/areas/eDocuments/fatturapa.ts): every variant — TD01, TD04, forfettario,
 * withholding and cassa, a customer with only a fiscal code, a PEC recipient, names with '&', '<',
 * accents and apostrophes — validated against the official XSD (../shared/fatturapa, offline), and
 * its totals read back from the XML to the cent.
 */
import { describe, expect, it } from 'vitest';
import { clip, fatturaPaXml, eDocumentTotals, type FatturaPaData } from '../../server/areas/eDocuments/fatturapa';
import { fatturapaErrors } from '../helpers/fatturapaXsd';
import { eDocumentProblems, eDocumentWarnings } from '../../server/areas/eDocuments/validate';

const base: FatturaPaData = {
  id: 1234,
  type: 'TD01',
  number: '12',
  date: '2026-11-23',
  studio: {
    name: 'Studio Demo',
    vat: '09000020017',
    fiscal_code: '09000020017',
    address: 'Via Garibaldi 12',
    postal_code: '00184',
    city: 'Roma',
    province: 'RM',
    regime: 'RF01',
    iban: 'IT86 N030 6903 2042 6010 1000 001',
  },
  customer: {
    name: 'Vitale Immobiliare S.r.l.',
    vat: '02000010013',
    fiscal_code: '02000010013',
    address: 'Via Mazzini 27',
    postal_code: '73100',
    city: 'Lecce',
    province: 'LE',
    withholdingAgent: true,
    sdi_code: 'M5UXCR1',
    pec: null,
  },
  rows: [
    { description: 'Tenuta contabilità ordinaria', quantity: 1, price: '1200.00', vat: 22 },
    { description: 'Elaborazione cedolini', quantity: 12, price: '14.35', vat: 22 },
  ],
};
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const cents = (s: string) => Math.round(Number(s) * 100);

describe('FatturaPA XML against the official schema', () => {
  const cases: Array<[string, FatturaPaData]> = [
    ['TD01 ordinary', base],
    [
      'TD04 correcting the TD01',
      { ...base, id: 1235, type: 'TD04', number: '13', corrects: { number: '12', date: '2026-11-23' } },
    ],
    ['forfettario (RF19): 0 %, N2.2, stamp duty', { ...base, studio: { ...base.studio, regime: 'RF19' } }],
    ['withholding 20 % and cassa 4 %', { ...base, studio: { ...base.studio, withholding: true, cassa: true } }],
    [
      'a customer with only a fiscal code, a PEC recipient',
      {
        ...base,
        customer: {
          ...base.customer,
          vat: null,
          fiscal_code: 'RSSMRA80A01H501U',
          sdi_code: '0000000',
          pec: 'mario.rossi@pec.it',
          name: 'Mario Rossi',
        },
      },
    ],
    [
      'an expense of art. 15 (N1) beside the fee, with withholding and cassa',
      {
        ...base,
        studio: { ...base.studio, withholding: true, cassa: true },
        rows: [
          ...base.rows,
          { description: 'Diritti camerali anticipati', quantity: 1, price: '53.00', vat: 0, nature: 'N1' },
        ],
      },
    ],
    [
      "names with '&', '<', accents and apostrophes",
      {
        ...base,
        customer: { ...base.customer, name: "L'Ottica & <Figli> Società Perché" },
        rows: [
          { description: "Consulenza fiscale & societaria <urgente> per l'anno", quantity: 2, price: 99.99, vat: 22 },
        ],
      },
    ],
  ];
  for (const [name, d] of cases) {
    it(`${name}: schema-valid, totals read back to the cent`, async () => {
      const xml = fatturaPaXml(d);
      expect(await fatturapaErrors(xml)).toEqual([]);
      const t = eDocumentTotals(d);
      const lines = tag(xml, 'PrezzoTotale').map(cents);
      expect(lines.reduce((s, x) => s + x, 0)).toBe(t.taxable);
      const taxable = tag(xml, 'ImponibileImporto')
        .map(cents)
        .reduce((s, x) => s + x, 0);
      const tax = tag(xml, 'Imposta')
        .map(cents)
        .reduce((s, x) => s + x, 0);
      expect(taxable).toBe(t.taxable + t.cassa);
      expect(cents(tag(xml, 'ImportoTotaleDocumento')[0]!)).toBe(taxable + tax);
      expect(cents(tag(xml, 'ImportoPagamento')[0]!)).toBe(taxable + tax - t.withholding);
    });
  }

  it('the figures of each variant', () => {
    expect(eDocumentTotals(base)).toMatchObject({ taxable: 137220, tax: 30188, total: 167408, withholding: 0 });
    const f = eDocumentTotals({ ...base, studio: { ...base.studio, regime: 'RF19' } });
    expect(f).toMatchObject({ tax: 0, stampDuty: 200, total: 137220 });
    const w = eDocumentTotals({ ...base, studio: { ...base.studio, withholding: true, cassa: true } });
    expect(w).toMatchObject({ taxable: 137220, cassa: 5489, withholding: 27444 });
    expect(w.tax).toBe(Math.round((137220 + 5489) * 0.22));
    // an art. 15 expense is outside the fee: no cassa, no withholding, no VAT
    const n1 = eDocumentTotals(cases[5]![1]);
    expect(n1).toMatchObject({ taxable: 137220 + 5300, fee: 137220, cassa: 5489, withholding: 27444, tax: w.tax });
    expect(n1.summary).toEqual([
      { vat: 22, nature: null, taxable: 137220 + 5489, tax: w.tax },
      { vat: 0, nature: 'N1', taxable: 5300, tax: 0 },
    ]);
    expect(n1.total).toBe(137220 + 5300 + 5489 + w.tax);
  });

  it("escapes what it must, and the recipient's PEC goes only with 0000000", () => {
    const xml = fatturaPaXml(cases[6]![1]);
    expect(xml).toContain("L'Ottica &amp; &lt;Figli&gt; Società Perché");
    const pec = fatturaPaXml(cases[4]![1]);
    expect(tag(pec, 'PECDestinatario')).toEqual(['mario.rossi@pec.it']);
    expect(pec).not.toContain('<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>02000010013');
    expect(tag(fatturaPaXml(base), 'PECDestinatario')).toEqual([]);
    expect(tag(fatturaPaXml(cases[1]![1]), 'IdDocumento')).toEqual(['12']);
  });
});

describe("texts as the schema's Latin types admit them", () => {
  it('keeps Latin-1, writes typographic characters plainly, drops what it cannot write', () => {
    expect(clip('L’avvocato “Perché” – 100 € … ok', 200)).toBe(`L'avvocato "Perché" - 100 EUR ... ok`);
    expect(clip('Łódź Őrség 😀 \u0007 fine', 200)).toBe('Lódz Orség fine');
    expect(clip('12/è', 20, true)).toBe('12/e');
    expect(clip('  a\n\tb  ', 3)).toBe('a b');
  });
});

describe('C55 the run-time check of an invoice', () => {
  it('a complete invoice has no problem', () => {
    expect(eDocumentProblems(base)).toEqual([]);
  });
  it('names each missing or malformed datum in Italian', () => {
    const bad: FatturaPaData = {
      ...base,
      type: 'TD04',
      number: '',
      customer: {
        ...base.customer,
        vat: '02000010012',
        fiscal_code: null,
        address: ' ',
        postal_code: '7310',
        sdi_code: 'ab-1',
      },
      rows: [{ description: '', quantity: 1.5, price: 0, vat: 22 }],
    };
    expect(eDocumentProblems(bad)).toEqual([
      'Cliente: partita IVA non valida (02000010012)',
      "Cliente: manca l'indirizzo",
      'Cliente: CAP non valido (7310): servono 5 cifre',
      'Cliente: codice destinatario SDI non valido (ab-1)',
      'Manca il numero del documento',
      'Riga 1: manca la descrizione',
      'Riga 1: la quantità deve essere un intero maggiore di 0',
      'Riga 1: il prezzo deve essere maggiore di 0',
    ]);
    expect(eDocumentProblems({ ...base, customer: { ...base.customer, vat: null, fiscal_code: null } })).toContain(
      'Cliente: serve la partita IVA o il codice fiscale',
    );
  });
  it('issue 25: a credit note that names no invoice is a warning, not a problem (DatiFattureCollegate is optional)', () => {
    expect(eDocumentProblems({ ...base, type: 'TD04', corrects: null })).toEqual([]);
    expect(eDocumentWarnings({ ...base, type: 'TD04', corrects: null })).toEqual([
      'La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla',
    ]);
    expect(eDocumentWarnings({ ...base, type: 'TD04', corrects: { number: '3', date: '2026-01-10' } })).toEqual([]);
  });
});
