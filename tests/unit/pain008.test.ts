/**
 * The SEPA Direct Debit file (issue 29): every file written is checked against the ISO 20022
 * pain.008.001.02 schema in ../shared/sepa (read from there, never copied), offline with
 * xmllint-wasm; its groups, counts, sums and texts are read back from the XML.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { create } from 'xmlbuilder2';
import { endToEndId, sepaText, writePain008 } from '../../server/areas/collections/pain008';
import { remittanceOf } from '../../server/areas/collections/sddService';
import type { SddDebit, SddFile } from '../../server/areas/collections/types';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const XSD = resolve(repoRoot, '..', 'shared', 'sepa', 'pain.008.001.02.xsd');
let schema = '';
beforeAll(async () => {
  schema = await readFile(XSD, 'utf8');
});

/** the schema's errors for the XML ([] when valid) */
async function schemaErrors(xml: string): Promise<string[]> {
  const res = await validateXML({
    xml: [{ fileName: 'sdd.xml', contents: xml }],
    schema: [{ fileName: 'pain.008.001.02.xsd', contents: schema }],
  });
  return res.valid ? [] : res.errors.map((e) => e.rawMessage ?? String(e));
}

/** the document's elements, read back with a DOM: Document/CstmrDrctDbtInitn */
const parse = (xml: string) => {
  const root = create(xml).root().node as unknown as Element;
  return node(root, 'CstmrDrctDbtInitn');
};
/** every direct child of a name ('PmtInf', 'DrctDbtTxInf'); childNodes, as xmlbuilder2's DOM gives all descendants as `children` */
const kids = (el: Element, tag: string) =>
  Array.from(el.childNodes).filter((c): c is Element => c.nodeType === 1 && (c as Element).localName === tag);
/** the one element at a path of direct children ('Dbtr/Nm') */
function node(el: Element, path: string): Element {
  let at = el;
  for (const tag of path.split('/')) {
    const found = kids(at, tag);
    expect(found, `${path}: ${tag}`).toHaveLength(1);
    at = found[0]!;
  }
  return at;
}
/** the text at a path of direct children */
const at = (el: Element, path: string) => node(el, path).textContent;
/** every element of a name anywhere below */
const all = (el: Element, tag: string) => Array.from(el.getElementsByTagName(tag));

/** an Italian IBAN with its check digits, from the 23 characters after them */
function itIban(bban: string): string {
  const digits = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let mod = 0;
  for (const ch of digits) mod = (mod * 10 + Number(ch)) % 97;
  return `IT${String(98 - mod).padStart(2, '0')}${bban}`;
}
const STUDIO_IBAN = 'IT60X0542811101000000123456';
const CID = 'IT66ZZZA1B2C3D4E5F6G7H8';
/** the EPC's Latin character set, the only one a text of the file may use */
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]+$/;

let n = 0;
const debit = (over: Partial<SddDebit> = {}): SddDebit => {
  n += 1;
  return {
    endToEndId: `E2E-${n}`,
    amount: '100.00',
    mandateReference: `MND-${n}`,
    mandateSignatureDate: '2025-11-03',
    sequenceType: 'RCUR',
    scheme: 'CORE',
    debtorName: `Cliente ${n} S.r.l.`,
    debtorIban: itIban(`X0542811101${String(n).padStart(12, '0')}`),
    remittance: `Onorari studio rata 03/2026 fattura ${n}`,
    ...over,
  };
};
const file = (debits: SddDebit[], over: Partial<SddFile> = {}): SddFile => ({
  messageId: 'SDD-2026-03-0001',
  createdAt: '2026-03-02T09:15:00',
  collectionDate: '2026-03-10',
  creditor: { name: 'Studio Demo', iban: STUDIO_IBAN, creditorId: CID },
  debits,
  ...over,
});

describe('pain.008.001.02: groups', () => {
  it('the schema check is no formality: a file with a sequence type or an amount the schema does not know is refused', async () => {
    const xml = writePain008(file([debit({ sequenceType: 'FRST' })]));
    expect(await schemaErrors(xml)).toEqual([]);
    expect(await schemaErrors(xml.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>ONCE</SeqTp>'))).not.toEqual([]);
    expect(await schemaErrors(xml.replace('Ccy="EUR">100.00<', 'Ccy="EUR">100,00<'))).not.toEqual([]);
  });

  it('a batch of CORE and B2B, FRST and RCUR debits is valid and has one PmtInf per scheme and sequence, CORE before B2B, FRST before RCUR', async () => {
    const debits = [
      debit({ scheme: 'B2B', sequenceType: 'RCUR' }),
      debit({ scheme: 'CORE', sequenceType: 'FRST' }),
      debit({ scheme: 'CORE', sequenceType: 'RCUR' }),
      debit({ scheme: 'B2B', sequenceType: 'FRST' }),
      debit({ scheme: 'CORE', sequenceType: 'FRST' }),
      debit({ scheme: 'B2B', sequenceType: 'RCUR' }),
    ];
    const xml = writePain008(file(debits));
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    const groups = kids(doc, 'PmtInf');
    expect(groups.map((g) => `${at(g, 'PmtTpInf/LclInstrm/Cd')}/${at(g, 'PmtTpInf/SeqTp')}`)).toEqual([
      'CORE/FRST',
      'CORE/RCUR',
      'B2B/FRST',
      'B2B/RCUR',
    ]);
    // each debit in its group, in the batch's order
    const ids = (g: Element) => kids(g, 'DrctDbtTxInf').map((t) => at(t, 'PmtId/EndToEndId'));
    const idsOf = (scheme: string, seq: string) =>
      debits.filter((d) => d.scheme === scheme && d.sequenceType === seq).map((d) => d.endToEndId);
    expect(groups.map(ids)).toEqual([
      idsOf('CORE', 'FRST'),
      idsOf('CORE', 'RCUR'),
      idsOf('B2B', 'FRST'),
      idsOf('B2B', 'RCUR'),
    ]);
    expect(groups.map((g) => at(g, 'NbOfTxs'))).toEqual(['2', '1', '1', '2']);
    // PmtInfId: the MsgId and a suffix, each its own, within 35 characters
    const pmtIds = groups.map((g) => at(g, 'PmtInfId')!);
    expect(new Set(pmtIds).size).toBe(4);
    for (const id of pmtIds) {
      expect(id.startsWith('SDD-2026-03-0001')).toBe(true);
      expect(id.length).toBeLessThanOrEqual(35);
    }
    // what every group carries
    for (const g of groups) {
      expect(at(g, 'PmtMtd')).toBe('DD');
      expect(at(g, 'BtchBookg')).toBe('true');
      expect(at(g, 'PmtTpInf/SvcLvl/Cd')).toBe('SEPA');
      expect(at(g, 'ReqdColltnDt')).toBe('2026-03-10');
      expect(at(g, 'Cdtr/Nm')).toBe('Studio Demo');
      expect(at(g, 'CdtrAcct/Id/IBAN')).toBe(STUDIO_IBAN);
      expect(at(g, 'ChrgBr')).toBe('SLEV');
      expect(at(g, 'CdtrSchmeId/Id/PrvtId/Othr/Id')).toBe(CID);
      expect(at(g, 'CdtrSchmeId/Id/PrvtId/Othr/SchmeNm/Prtry')).toBe('SEPA');
    }
    const hdr = node(doc, 'GrpHdr');
    expect(at(hdr, 'MsgId')).toBe('SDD-2026-03-0001');
    expect(at(hdr, 'CreDtTm')).toBe('2026-03-02T09:15:00');
    expect(at(hdr, 'NbOfTxs')).toBe('6');
    expect(at(hdr, 'InitgPty/Nm')).toBe('Studio Demo');
    expect(at(hdr, 'InitgPty/Id/OrgId/Othr/Id')).toBe(CID);
  });

  it('a batch of one kind has one PmtInf', async () => {
    const xml = writePain008(
      file([debit({ scheme: 'B2B', sequenceType: 'FRST' }), debit({ scheme: 'B2B', sequenceType: 'FRST' })]),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    const groups = kids(parse(xml), 'PmtInf');
    expect(groups).toHaveLength(1);
    expect(at(groups[0]!, 'PmtTpInf/LclInstrm/Cd')).toBe('B2B');
    expect(at(groups[0]!, 'PmtTpInf/SeqTp')).toBe('FRST');
  });

  it('each debit carries its EndToEndId, amount in EUR, mandate reference and signature date, the debtor and the remittance', async () => {
    const d = debit({
      endToEndId: 'SDD-2026-03-000042',
      amount: '1234.5',
      mandateReference: 'MND-2025-0007',
      mandateSignatureDate: '2025-06-30',
      debtorName: 'Beta Consulting S.p.A.',
      debtorIban: 'it60 x054 2811 1010 0000 0123 456',
      remittance: 'Onorari studio rata 03/2026 fattura 12',
    });
    const xml = writePain008(file([d]));
    expect(await schemaErrors(xml)).toEqual([]);
    const tx = node(parse(xml), 'PmtInf/DrctDbtTxInf');
    expect(at(tx, 'PmtId/EndToEndId')).toBe('SDD-2026-03-000042');
    const amt = node(tx, 'InstdAmt');
    expect(amt.textContent).toBe('1234.50');
    expect(amt.getAttribute('Ccy')).toBe('EUR');
    expect(at(tx, 'DrctDbtTx/MndtRltdInf/MndtId')).toBe('MND-2025-0007');
    expect(at(tx, 'DrctDbtTx/MndtRltdInf/DtOfSgntr')).toBe('2025-06-30');
    expect(at(tx, 'DbtrAgt/FinInstnId/Othr/Id')).toBe('NOTPROVIDED');
    expect(at(tx, 'Dbtr/Nm')).toBe('Beta Consulting S.p.A.');
    // blanks out, upper case, as the schema's IBAN pattern wants
    expect(at(tx, 'DbtrAcct/Id/IBAN')).toBe('IT60X0542811101000000123456');
    expect(at(tx, 'RmtInf/Ustrd')).toBe('Onorari studio rata 03/2026 fattura 12');
  });
});

describe('pain.008.001.02: counts and sums', () => {
  it('NbOfTxs and CtrlSum per group and in the header are exact decimal sums: 0.10 + 0.20 is 0.30, amounts with two decimals', async () => {
    const xml = writePain008(
      file([
        debit({ amount: '0.1', sequenceType: 'FRST' }),
        debit({ amount: '0.2', sequenceType: 'FRST' }),
        debit({ amount: '5', sequenceType: 'RCUR' }),
        debit({ amount: '0.07', sequenceType: 'RCUR' }),
        debit({ amount: '12.5', sequenceType: 'RCUR' }),
      ]),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    expect(all(doc, 'InstdAmt').map((a) => a.textContent)).toEqual(['0.10', '0.20', '5.00', '0.07', '12.50']);
    const groups = kids(doc, 'PmtInf');
    expect(groups.map((g) => [at(g, 'NbOfTxs'), at(g, 'CtrlSum')])).toEqual([
      ['2', '0.30'],
      ['3', '17.57'],
    ]);
    const hdr = node(doc, 'GrpHdr');
    expect(at(hdr, 'NbOfTxs')).toBe('5');
    expect(at(hdr, 'CtrlSum')).toBe('17.87');
  });

  it('1,000 debits of the largest amount: valid, NbOfTxs 1000, CtrlSum 999999999990.00 exactly (a float sum gives …989.99)', async () => {
    const debits = Array.from({ length: 1000 }, (_, i) =>
      debit({
        endToEndId: endToEndId('SDD-2026-03', i + 1),
        amount: '999999999.99',
        sequenceType: i % 2 ? 'RCUR' : 'FRST',
      }),
    );
    const xml = writePain008(file(debits));
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    expect(all(doc, 'DrctDbtTxInf')).toHaveLength(1000);
    const hdr = node(doc, 'GrpHdr');
    expect(at(hdr, 'NbOfTxs')).toBe('1000');
    expect(at(hdr, 'CtrlSum')).toBe('999999999990.00');
    expect(kids(doc, 'PmtInf').map((g) => [at(g, 'NbOfTxs'), at(g, 'CtrlSum')])).toEqual([
      ['500', '499999999995.00'],
      ['500', '499999999995.00'],
    ]);
    expect(new Set(all(doc, 'EndToEndId').map((e) => e.textContent)).size).toBe(1000);
  }, 60_000);
});

describe('pain.008.001.02: texts', () => {
  it('accents transliterated, emoji and markup dropped, ampersands made +: the names and remittance in the SEPA set, the file valid', async () => {
    const xml = writePain008(
      file(
        [
          debit({
            debtorName: 'Società Agricola “Àrea” & Figli <Srl> 😀',
            remittance: 'Onorari – caffè, perché sì: 100 € ✓ & più',
          }),
        ],
        { creditor: { name: 'Studio Bianchi & Rossì', iban: STUDIO_IBAN, creditorId: CID } },
      ),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).not.toContain('<Srl>');
    expect(xml).not.toContain('😀');
    const doc = parse(xml);
    expect(at(doc, 'PmtInf/DrctDbtTxInf/Dbtr/Nm')).toBe("Societa Agricola 'Area' + Figli Srl");
    expect(at(doc, 'PmtInf/DrctDbtTxInf/RmtInf/Ustrd')).toBe('Onorari - caffe, perche si: 100 EUR + piu');
    expect(at(doc, 'PmtInf/Cdtr/Nm')).toBe('Studio Bianchi + Rossi');
    expect(at(doc, 'GrpHdr/InitgPty/Nm')).toBe('Studio Bianchi + Rossi');
    for (const tag of ['Nm', 'Ustrd']) for (const e of all(doc, tag)) expect(e.textContent).toMatch(SEPA_TEXT);
  });

  it('long names are cut at 70 and the remittance at 140, the file still valid', async () => {
    const long = `Cooperativa Sociale ${'Lunghissima '.repeat(20)}`;
    const xml = writePain008(
      file([debit({ debtorName: long, remittance: 'Rata '.repeat(60) })], {
        creditor: { name: `Studio ${'Associato '.repeat(12)}`, iban: STUDIO_IBAN, creditorId: CID },
      }),
    );
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    const dbtr = at(doc, 'PmtInf/DrctDbtTxInf/Dbtr/Nm')!;
    expect(dbtr.length).toBeLessThanOrEqual(70);
    expect(dbtr.length).toBeGreaterThanOrEqual(69);
    expect(long.startsWith(dbtr)).toBe(true);
    const cdtr = at(doc, 'PmtInf/Cdtr/Nm')!;
    expect(cdtr.length).toBeLessThanOrEqual(70);
    expect(cdtr.startsWith('Studio Associato Associato')).toBe(true);
    const ustrd = at(doc, 'PmtInf/DrctDbtTxInf/RmtInf/Ustrd')!;
    expect(ustrd.length).toBeLessThanOrEqual(140);
    expect(ustrd.length).toBeGreaterThanOrEqual(139);
  });

  it('sepaText: à è é ì ò ù ç ß æ ø → plain letters, quotes and dashes plain, & → +, € → EUR, other characters a space, cut and trimmed', () => {
    expect(sepaText('àèéìòù ÀÈÉÌÒÙ ç ñ ü ß æ Ø Ł', 100)).toBe('aeeiou AEEIOU c n u ss ae O L');
    expect(sepaText('l’“Ufficio” — n° 3; a_b', 100)).toBe("l''Ufficio' - n. 3, a-b");
    expect(sepaText('A & B 10€ x@y.it', 100)).toBe('A + B 10EUR x(at)y.it');
    expect(sepaText('  uno\n\tdue 🎉 tre <script> 漢字 ', 100)).toBe('uno due tre script');
    expect(sepaText('abc def', 4)).toBe('abc');
    expect(sepaText('😀', 10)).toBe('');
    expect(sepaText(null, 10)).toBe('');
  });

  it("endToEndId: the prefix in letters, digits and '-' and the counter on six digits, at most 35 characters", () => {
    expect(endToEndId('SDD-2026-03', 12)).toBe('SDD-2026-03-000012');
    expect(endToEndId('Distinta marzo/2026', 7)).toBe('Distinta-marzo-2026-000007');
    const long = endToEndId('X'.repeat(60), 1234567);
    expect(long.length).toBeLessThanOrEqual(35);
    expect(long.endsWith('-1234567')).toBe(true);
    expect(() => endToEndId('SDD', -1)).toThrow();
  });
});

describe('pain.008.001.02: banks and refusals', () => {
  it("without the studio's BIC the creditor's bank is Othr/Id NOTPROVIDED; with it, the BIC", async () => {
    const without = writePain008(file([debit()]));
    expect(await schemaErrors(without)).toEqual([]);
    const agt = node(parse(without), 'PmtInf/CdtrAgt/FinInstnId');
    expect(kids(agt, 'BIC')).toHaveLength(0);
    expect(at(agt, 'Othr/Id')).toBe('NOTPROVIDED');

    const withBic = writePain008(
      file([debit()], { creditor: { name: 'Studio Demo', iban: STUDIO_IBAN, creditorId: CID, bic: 'bpmoit22xxx' } }),
    );
    expect(await schemaErrors(withBic)).toEqual([]);
    const agt2 = node(parse(withBic), 'PmtInf/CdtrAgt/FinInstnId');
    expect(at(agt2, 'BIC')).toBe('BPMOIT22XXX');
    expect(kids(agt2, 'Othr')).toHaveLength(0);
  });

  it('refuses, in Italian, a batch the bank would refuse: no debits, a wrong IBAN or CID, a repeated EndToEndId, a bad amount, an identifier outside the SEPA set', () => {
    expect(() => writePain008(file([]))).toThrow(/distinta SDD è vuota/);
    expect(() => writePain008(file([debit({ debtorIban: 'IT61X0542811101000000123456' })]))).toThrow(
      /IBAN del debitore non valido/,
    );
    expect(() =>
      writePain008(
        file([debit()], { creditor: { name: 'S', iban: STUDIO_IBAN, creditorId: 'IT67ZZZA1B2C3D4E5F6G7H8' } }),
      ),
    ).toThrow(/CID/);
    expect(() => writePain008(file([debit({ endToEndId: 'X1' }), debit({ endToEndId: 'X1' })]))).toThrow(/ripetuto/);
    for (const amount of ['0', '0.00', '1.234', '-5', '12,50', '1000000000.00', ''])
      expect(() => writePain008(file([debit({ amount })])), amount).toThrow(/importo/);
    expect(() => writePain008(file([debit({ mandateReference: 'MND/' })]))).toThrow(/riferimento del mandato/);
    expect(() => writePain008(file([debit({ endToEndId: 'è-1' })]))).toThrow(/EndToEndId/);
    expect(() => writePain008(file([debit({ endToEndId: 'x'.repeat(36) })]))).toThrow(/EndToEndId/);
  });
});

describe('issue 45 item 12: remittance texts as a person reads them', () => {
  it("'6 × 20,00 €' keeps its sign as an x; 'Onorari' is not said twice; invoices first", () => {
    expect(sepaText('Cedolini 03/2026 (6 × 20,00 €)', 140)).toBe('Cedolini 03/2026 (6 x 20,00 EUR)');
    expect(remittanceOf([{ invoice: null, note: 'Onorari contabilità marzo' }])).toBe('Onorari contabilita marzo');
    expect(
      remittanceOf([
        { invoice: null, note: 'Rata 1/4 2026' },
        { invoice: null, note: 'Cedolini 03/2026 (6 × 20,00 €)' },
      ]),
    ).toBe('Onorari Rata 1/4 2026, Cedolini 03/2026 (6 x 20,00 EUR)');
    expect(
      remittanceOf([
        { invoice: '12/2026', note: 'x' },
        { invoice: '13/2026', note: 'y' },
        { invoice: '12/2026', note: 'z' },
      ]),
    ).toBe('Fatt. 12/2026 13/2026');
  });
});
