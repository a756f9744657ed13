/**
 * Property test of the FatturaPA XML (issue 13): random valid invoices — either regime, with or
 * without withholding and cassa, TD01 or TD04, one to six rows of any VAT rate and Natura, names
 * and descriptions with any characters a user may type or paste (typographic quotes, '€',
 * letters beyond Latin-1, emoji, control characters) — are all valid against the official XSD,
 * and their figures add up to the cent when read back from the XML.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fromFatturaPaXml,
  fatturaPaXml,
  eDocumentTotals,
  type FatturaPaData,
} from '../../server/areas/eDocuments/fatturapa';
import { eDocumentProblems } from '../../server/areas/eDocuments/validate';
import { NATURES, VAT_RATES } from '../../model/eDocument';
import { fatturapaErrors } from '../helpers/fatturapaXsd';

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
const cents = (s: string) => Math.round(Number(s) * 100);

/** text a person may type or paste: mostly letters, with the awkward characters mixed in */
const text = (min: number, max: number) =>
  fc
    .array(
      fc.oneof(
        {
          weight: 8,
          arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789.,;:-/()'.split('')),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            'à',
            'è',
            'é',
            'ì',
            'ò',
            'ù',
            'ç',
            '&',
            '<',
            '>',
            '"',
            "'",
            '’',
            '“',
            '”',
            '€',
            '–',
            '—',
            '…',
            'ő',
            'ł',
            'Ž',
            '😀',
            '\t',
            '\n',
            '\u0007',
            '\u00a0',
          ),
        },
      ),
      { minLength: min, maxLength: max },
    )
    .map((cs) => cs.join(''))
    .filter((s) => /[a-z0-9]/i.test(s));

const row = fc
  .record({
    description: text(1, 120),
    quantity: fc.integer({ min: 1, max: 999 }),
    price: fc.integer({ min: 1, max: 99_999_999 }).map((c) => (c / 100).toFixed(2)),
    vat: fc.constantFrom(...VAT_RATES),
    nature: fc.constantFrom(...NATURES.map((n) => n.value)),
  })
  .map((r) => ({ ...r, nature: r.vat === 0 ? r.nature : null }));

const invoice: fc.Arbitrary<FatturaPaData> = fc
  .record({
    id: fc.integer({ min: 1, max: 2_000_000_000 }),
    type: fc.constantFrom('TD01' as const, 'TD04' as const),
    number: fc.integer({ min: 1, max: 99_999 }).map(String),
    regime: fc.constantFrom('RF01', 'RF19'),
    withholding: fc.boolean(),
    cassa: fc.boolean(),
    stampCharged: fc.boolean(),
    withholdingAgent: fc.boolean(),
    customerName: text(1, 90),
    description: text(1, 40),
    onlyFiscalCode: fc.boolean(),
    pec: fc.boolean(),
    rows: fc.array(row, { minLength: 1, maxLength: 6 }),
  })
  .map((x) => ({
    id: x.id,
    type: x.type,
    number: x.number,
    date: '2026-11-23',
    studio: {
      name: 'Studio Demo',
      vat: '09000020017',
      fiscal_code: '09000020017',
      address: 'Via Garibaldi 12',
      postal_code: '00184',
      city: 'Roma',
      province: 'RM',
      regime: x.regime,
      iban: 'IT60X0542811101000000123456',
      withholding: x.withholding,
      cassa: x.cassa,
      stampCharged: x.stampCharged,
    },
    customer: {
      name: x.customerName,
      vat: x.onlyFiscalCode ? null : '02000010013',
      withholdingAgent: x.withholdingAgent,
      fiscal_code: x.onlyFiscalCode ? 'RSSMRA80A01H501U' : null,
      address: `Via ${x.description}`,
      postal_code: '73100',
      city: 'Lecce',
      province: 'LE',
      sdi_code: x.pec ? '0000000' : 'M5UXCR1',
      pec: x.pec ? 'cliente@pec.it' : null,
    },
    rows: x.rows,
    corrects: x.type === 'TD04' ? { number: '1', date: '2026-11-01' } : null,
  }));

describe('FatturaPA XML, random valid invoices', () => {
  it('are valid against the official schema and add up to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(invoice, async (d) => {
        expect(eDocumentProblems(d)).toEqual([]);
        const xml = fatturaPaXml(d);
        expect(await fatturapaErrors(xml)).toEqual([]);
        const t = eDocumentTotals(d);
        const qty = tag(xml, 'Quantita').map(Number);
        const unit = tag(xml, 'PrezzoUnitario').map(cents);
        const line = tag(xml, 'PrezzoTotale').map(cents);
        line.forEach((l, i) => expect(l).toBe(qty[i]! * unit[i]!));
        const taxable = tag(xml, 'ImponibileImporto')
          .map(cents)
          .reduce((s, x) => s + x, 0);
        const tax = tag(xml, 'Imposta')
          .map(cents)
          .reduce((s, x) => s + x, 0);
        expect(taxable).toBe(line.reduce((s, x) => s + x, 0) + t.cassa);
        expect(cents(tag(xml, 'ImportoTotaleDocumento')[0]!)).toBe(taxable + tax);
        expect(cents(tag(xml, 'ImportoPagamento')[0]!)).toBe(taxable + tax - t.withholding);
        if (d.studio.regime === 'RF19') expect(tax).toBe(0);
      }),
      { numRuns: 60, seed: 20261123 },
    );
  }, 120_000);

  it('read back (issue 45 item 6: the copy of a sent invoice is made from its file): the same file and the same figures', () => {
    fc.assert(
      fc.property(invoice, (d) => {
        const xml = fatturaPaXml(d);
        const back = fromFatturaPaXml(xml, d.id);
        expect(fatturaPaXml(back)).toBe(xml);
        const t = eDocumentTotals(d);
        const u = eDocumentTotals(back);
        expect([u.total, u.payable, u.withholding, u.cassa, u.stampDuty, u.stampCharged]).toEqual([
          t.total,
          t.payable,
          t.withholding,
          t.cassa,
          t.stampDuty,
          t.stampCharged,
        ]);
      }),
      { numRuns: 200, seed: 20261129 },
    );
  });
});
