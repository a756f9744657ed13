/**
 * The CBI RiBa presentation file: the writer checked field by field at the positions of
 * ../shared/cbi/LAYOUTS.md section 2 (the LAYOUT table below, itself compared with that file's
 * tables), the refusals of bad input, and the reader on what the writer wrote, on a hand-written
 * file and on malformed ones.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRiba, parseRiba, writeRiba } from '../../server/areas/collections/riba';
import type { RibaFile, RibaReceipt } from '../../server/areas/collections/riba';
import { HttpError } from '../../server/errors';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators';

// ---------------------------------------------------------------------------
// the layout, from LAYOUTS.md section 2: [first, last] positions, 1-based and inclusive
// ---------------------------------------------------------------------------

const LAYOUT = {
  IB: {
    blank1: [1, 1],
    type: [2, 3],
    sia: [4, 8],
    abi: [9, 13],
    created: [14, 19],
    support: [20, 39],
    blank40: [40, 113],
    currency: [114, 114],
    blank115: [115, 120],
  },
  '14': {
    type: [1, 3],
    progressive: [4, 10],
    blank11: [11, 22],
    dueDate: [23, 28],
    causale: [29, 33],
    amount: [34, 46],
    sign: [47, 47],
    creditorAbi: [48, 52],
    creditorCab: [53, 57],
    creditorAccount: [58, 69],
    debtorAbi: [70, 74],
    debtorCab: [75, 79],
    blank80: [80, 91],
    sia: [92, 96],
    codeType: [97, 97],
    debtorCode: [98, 113],
    blank114: [114, 119],
    currency: [120, 120],
  },
  '20': {
    type: [1, 3],
    progressive: [4, 10],
    name: [11, 34],
    address: [35, 58],
    zipCity: [59, 82],
    reference: [83, 106],
    blank107: [107, 120],
  },
  '30': { type: [1, 3], progressive: [4, 10], name: [11, 70], taxCode: [71, 86], blank87: [87, 120] },
  '40': {
    type: [1, 3],
    progressive: [4, 10],
    address: [11, 40],
    zip: [41, 45],
    cityProvince: [46, 70],
    bank: [71, 120],
  },
  '50': {
    type: [1, 3],
    progressive: [4, 10],
    description: [11, 90],
    blank91: [91, 100],
    creditorTaxCode: [101, 116],
    blank117: [117, 120],
  },
  '51': { type: [1, 3], progressive: [4, 10], number: [11, 20], creditorName: [21, 40], blank41: [41, 120] },
  '70': { type: [1, 3], progressive: [4, 10], blank11: [11, 120] },
  EF: {
    type: [1, 3],
    sia: [4, 8],
    abi: [9, 13],
    created: [14, 19],
    support: [20, 39],
    blank40: [40, 45],
    receipts: [46, 52],
    negativeTotal: [53, 67],
    positiveTotal: [68, 82],
    records: [83, 89],
    blank90: [90, 113],
    currency: [114, 114],
    blank115: [115, 120],
  },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;
type Kind = keyof typeof LAYOUT;

/** A record's fields by name, read at their positions. */
function fields<K extends Kind>(kind: K, rec: string): Record<keyof (typeof LAYOUT)[K], string> {
  expect(rec, `record ${kind}`).toHaveLength(120);
  const out: Record<string, string> = {};
  for (const [name, [from, to]] of Object.entries(LAYOUT[kind] as Record<string, readonly [number, number]>)) {
    out[name] = rec.slice(from - 1, to);
  }
  return out as Record<keyof (typeof LAYOUT)[K], string>;
}
const blank = (n: number) => ' '.repeat(n);

// ---------------------------------------------------------------------------
// test data
// ---------------------------------------------------------------------------

/** an Italian IBAN with its check digits, from the 23 characters after them */
function itIban(bban: string): string {
  const digits = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let mod = 0;
  for (const ch of digits) mod = (mod * 10 + Number(ch)) % 97;
  return `IT${String(98 - mod).padStart(2, '0')}${bban}`;
}
const vat = (first10: string) => first10 + vatCheckDigit(first10);
const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);

const CREDITOR_IBAN = itIban('X0542811101000000123456'); // ABI 05428, CAB 11101, account 000000123456
const CREDITOR_VAT = vat('0123456789');
const DEBTOR_CF = cf('RSSMRA80A01H501');
const DEBTOR_VAT = vat('0987654321');

const receipt = (over: Partial<RibaReceipt> = {}): RibaReceipt => ({
  number: 12,
  dueDate: '2026-03-31',
  amount: '1220.00',
  debtorCode: 'C0042',
  debtorName: 'Società Rossi & Figli',
  debtorTaxCode: DEBTOR_VAT,
  debtorAddress: 'Via Università 3',
  debtorZip: '20122',
  debtorCity: 'Milano',
  debtorProvince: 'MI',
  debtorIban: itIban('K0306909606100000012345'), // ABI 03069, CAB 09606
  debtorBank: 'Banca di Prova',
  description: 'PER LA FATTURA N. 12/2026 DEL 31/01/2026 IMP 1220,00',
  ...over,
});

const presentation = (over: Partial<RibaFile> = {}, receipts: RibaReceipt[] = [receipt()]): RibaFile => ({
  created: '2026-02-05',
  kind: 'sbf',
  creditor: {
    name: 'Studio Bianchi',
    address: 'Corso Italia 1',
    zipCity: '10121 Torino',
    reference: 'Consulenza',
    vatOrTaxCode: `IT${CREDITOR_VAT}`,
    iban: CREDITOR_IBAN,
    sia: 'AB12C',
  },
  receipts,
  ...over,
});

/** the records of a file, CR LF checked and stripped */
function records(file: string): string[] {
  expect(file.endsWith('\r\n')).toBe(true);
  const lines = file.slice(0, -2).split('\r\n');
  for (const l of lines) expect(l).not.toMatch(/[\r\n]/);
  return lines;
}

/** The HttpError a call throws (fails when it throws none). */
function refused(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}
const refusal = (fn: () => unknown) => {
  const e = refused(fn);
  expect(e.status).toBe(400);
  return e.message;
};

// ---------------------------------------------------------------------------
// the layout table against LAYOUTS.md
// ---------------------------------------------------------------------------

describe('the layout used by these tests', () => {
  it('has the positions of LAYOUTS.md section 2, each record tiled from 1 to 120', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', 'cbi', 'LAYOUTS.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## 2. CBI RiBa'));
    const documented: Record<string, string[]> = {};
    for (const block of section.split(/^### /m).slice(1)) {
      const kind = /^(IB|EF|\d\d) —/.exec(block)?.[1];
      if (!kind) continue;
      documented[kind] = [...block.matchAll(/^\| (\d+)(?:-(\d+))? \| \d+ \|/gm)].map((m) => `${m[1]}-${m[2] ?? m[1]}`);
    }
    for (const [kind, layout] of Object.entries(LAYOUT)) {
      const ours = Object.values(layout as Record<string, readonly [number, number]>);
      const positions = ours.map(([a, b]) => `${a}-${b}`);
      // LAYOUTS.md writes the IB's position 1 and type 2-3 apart, the others' ' 14' as 1-3
      expect(positions, kind).toEqual(documented[kind]);
      let next = 1;
      for (const [a, b] of ours) {
        expect(a, `${kind} ${a}-${b}`).toBe(next);
        next = b + 1;
      }
      expect(next, kind).toBe(121);
    }
  });
});

// ---------------------------------------------------------------------------
// the writer
// ---------------------------------------------------------------------------

describe('writeRiba', () => {
  const two = presentation({}, [
    receipt(),
    receipt({
      number: 13,
      dueDate: '2026-04-30',
      amount: '80.5',
      debtorCode: 'C0043',
      debtorName: 'Mario Rossi',
      debtorTaxCode: DEBTOR_CF,
      debtorBank: undefined,
      debtorIban: itIban('B0200801600000987654321'), // ABI 02008, CAB 01600
    }),
  ]);
  const file = writeRiba(two);
  // split here without assertions (they belong to the tests below)
  const recs = file.split('\r\n').slice(0, -1);

  it('writes 120 ASCII characters and CR LF per record, IB first, seven records per receipt, EF last', () => {
    expect(records(file)).toEqual(recs);
    expect(recs).toHaveLength(2 * 7 + 2);
    for (const r of recs) {
      expect(r).toHaveLength(120);
      expect(r).toMatch(/^[\x20-\x7E]+$/);
    }
    expect(file.split('\r\n')).toHaveLength(17); // 16 records, each ended by CR LF
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const receiptRecords = [' 14', ' 20', ' 30', ' 40', ' 50', ' 51', ' 70'];
    expect(recs.map((r) => r.slice(0, 3))).toEqual([' IB', ...receiptRecords, ...receiptRecords, ' EF']);
  });

  it('gives every record of a receipt the same 7-digit progressive number, 1 then 2', () => {
    expect(recs.slice(1, 8).map((r) => r.slice(3, 10))).toEqual(Array(7).fill('0000001'));
    expect(recs.slice(8, 15).map((r) => r.slice(3, 10))).toEqual(Array(7).fill('0000002'));
  });

  it('writes the IB header', () => {
    expect(fields('IB', recs[0]!)).toEqual({
      blank1: ' ',
      type: 'IB',
      sia: 'AB12C',
      abi: '05428',
      created: '050226',
      support: 'RB-SBF-050226-AB12C '.padEnd(20),
      blank40: blank(74),
      currency: 'E',
      blank115: blank(6),
    });
  });

  it('writes the EF trailer: the header again, the counts (records = receipts × 7 + 2) and the total', () => {
    const ib = fields('IB', recs[0]!);
    expect(fields('EF', recs[15]!)).toEqual({
      type: ' EF',
      sia: ib.sia,
      abi: ib.abi,
      created: ib.created,
      support: ib.support,
      blank40: blank(6),
      receipts: '0000002',
      negativeTotal: '000000000130050', // 1220.00 + 80.50
      positiveTotal: '0'.repeat(15),
      records: '0000016',
      blank90: blank(24),
      currency: 'E',
      blank115: blank(6),
    });
  });

  it('writes the 14: due date DDMMYY, causale, amount in cents, both banks from the IBANs, the customer code', () => {
    expect(fields('14', recs[1]!)).toEqual({
      type: ' 14',
      progressive: '0000001',
      blank11: blank(12),
      dueDate: '310326',
      causale: '30000',
      amount: '0000000122000',
      sign: '-',
      creditorAbi: '05428',
      creditorCab: '11101',
      creditorAccount: '000000123456',
      debtorAbi: '03069',
      debtorCab: '09606',
      blank80: blank(12),
      sia: 'AB12C',
      codeType: '4',
      debtorCode: 'C0042'.padEnd(16),
      blank114: blank(6),
      currency: 'E',
    });
    const second = fields('14', recs[8]!);
    expect(second.dueDate).toBe('300426');
    expect(second.amount).toBe('0000000008050');
    expect([second.debtorAbi, second.debtorCab]).toEqual(['02008', '01600']);
  });

  it('writes the 20 (creditor), 30 (debtor), 40 (address and bank), 50, 51 and 70', () => {
    expect(fields('20', recs[2]!)).toEqual({
      type: ' 20',
      progressive: '0000001',
      name: 'Studio Bianchi'.padEnd(24),
      address: 'Corso Italia 1'.padEnd(24),
      zipCity: '10121 Torino'.padEnd(24),
      reference: 'Consulenza'.padEnd(24),
      blank107: blank(14),
    });
    expect(fields('30', recs[3]!)).toEqual({
      type: ' 30',
      progressive: '0000001',
      name: 'Societa Rossi + Figli'.padEnd(60),
      taxCode: DEBTOR_VAT.padEnd(16),
      blank87: blank(34),
    });
    expect(fields('30', recs[10]!).taxCode).toBe(DEBTOR_CF);
    expect(fields('40', recs[4]!)).toEqual({
      type: ' 40',
      progressive: '0000001',
      address: 'Via Universita 3'.padEnd(30),
      zip: '20122',
      cityProvince: `${'Milano'.padEnd(23)}MI`,
      bank: 'Banca di Prova'.padEnd(50),
    });
    expect(fields('40', recs[11]!).bank).toBe(blank(50));
    expect(fields('50', recs[5]!)).toEqual({
      type: ' 50',
      progressive: '0000001',
      description: 'PER LA FATTURA N. 12/2026 DEL 31/01/2026 IMP 1220,00'.padEnd(80),
      blank91: blank(10),
      creditorTaxCode: CREDITOR_VAT.padEnd(16), // the 'IT' in front dropped
      blank117: blank(4),
    });
    expect(fields('51', recs[6]!)).toEqual({
      type: ' 51',
      progressive: '0000001',
      number: '0000000012',
      creditorName: 'Studio Bianchi'.padEnd(20),
      blank41: blank(80),
    });
    expect(fields('51', recs[13]!).number).toBe('0000000013');
    expect(fields('70', recs[7]!)).toEqual({ type: ' 70', progressive: '0000001', blank11: blank(110) });
  });

  it('transliterates accents and symbols to readable ASCII', () => {
    const recs = records(
      writeRiba(
        presentation({}, [
          receipt({
            debtorName: 'Società Rossi & Figli – Çà è ß',
            debtorAddress: 'Piazza Duomo, 1°',
            debtorCity: 'Forlì',
            description: 'Fattura n. 7 – totale 1.220,00 €',
          }),
        ]),
      ),
    );
    expect(recs.every((r) => /^[\x20-\x7E]{120}$/.test(r))).toBe(true);
    expect(fields('30', recs[3]!).name.trimEnd()).toBe('Societa Rossi + Figli - Ca e ss');
    expect(fields('40', recs[4]!).address.trimEnd()).toBe('Piazza Duomo, 1.');
    expect(fields('40', recs[4]!).cityProvince).toBe(`${'Forli'.padEnd(23)}MI`);
    expect(fields('50', recs[5]!).description.trimEnd()).toBe('Fattura n. 7 - totale 1.220,00 EUR');
  });

  it('cuts long texts to their fields without moving the fields after them', () => {
    const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
    const recs = records(
      writeRiba(
        presentation(
          {
            creditor: {
              ...presentation().creditor,
              name: 'Studio Associato Bianchi Verdi e Neri',
              address: long('Corso Vittorio Emanuele ', 40),
              reference: long('Consulenza fiscale ', 40),
            },
          },
          [
            receipt({
              debtorName: long('Grande Azienda Manifatturiera ', 90),
              debtorAddress: long('Via dei Mille ', 45),
              debtorCity: 'San Giovanni in Persiceto Bolognese',
              debtorProvince: 'bo',
              debtorBank: long('Banca Popolare di Prova ', 70),
              description: long('PER LA FATTURA N. 1234567 ', 100),
            }),
          ],
        ),
      ),
    );
    for (const r of recs) expect(r).toHaveLength(120);
    const r20 = fields('20', recs[2]!);
    expect(r20.name).toBe('Studio Associato Bianchi');
    expect(r20.address).toBe('Corso Vittorio Emanuele ');
    expect(r20.zipCity.trimEnd()).toBe('10121 Torino');
    expect(r20.reference).toBe('Consulenza fiscale Consu');
    expect(fields('51', recs[6]!).creditorName).toBe('Studio Associato Bia');
    const r30 = fields('30', recs[3]!);
    expect(r30.name).toBe(long('Grande Azienda Manifatturiera ', 60).trimEnd().padEnd(60));
    expect(r30.taxCode.trimEnd()).toBe(DEBTOR_VAT);
    const r40 = fields('40', recs[4]!);
    expect(r40.address).toBe(long('Via dei Mille ', 30).trimEnd().padEnd(30));
    expect(r40.cityProvince).toBe('San Giovanni in Persice' + 'BO');
    expect(r40.bank).toBe(long('Banca Popolare di Prova ', 50).trimEnd().padEnd(50));
    const r50 = fields('50', recs[5]!);
    expect(r50.description).toBe(long('PER LA FATTURA N. 1234567 ', 80).trimEnd().padEnd(80));
    expect(r50.creditorTaxCode.trimEnd()).toBe(CREDITOR_VAT);
  });

  it('turns exact decimal amounts into cents, and adds them exactly', () => {
    const amounts = ['0.10', '0.2', '12', '99999999999.99'];
    const recs = records(
      writeRiba(
        presentation(
          {},
          amounts.map((amount, i) => receipt({ number: i + 1, amount })),
        ),
      ),
    );
    expect([1, 8, 15, 22].map((i) => fields('14', recs[i]!).amount)).toEqual([
      '0000000000010',
      '0000000000020',
      '0000000001200',
      '9999999999999',
    ]);
    expect(fields('EF', recs[29]!).negativeTotal).toBe('010000000001229'); // 0.30 + 12.00 + 99,999,999,999.99
    expect(fields('EF', recs[29]!).records).toBe('0000030');
  });

  it('writes the same records for both kinds; the kind names the default support', () => {
    const sbf = records(writeRiba(presentation({ kind: 'sbf' })));
    const di = records(writeRiba(presentation({ kind: 'dopo_incasso' })));
    expect(fields('IB', sbf[0]!).support.trimEnd()).toBe('RB-SBF-050226-AB12C');
    expect(fields('IB', di[0]!).support.trimEnd()).toBe('RB-DI-050226-AB12C');
    expect(fields('EF', di[8]!).support.trimEnd()).toBe('RB-DI-050226-AB12C');
    expect(fields('14', di[1]!).causale).toBe('30000');
    expect(sbf.slice(1, 8)).toEqual(di.slice(1, 8));
    // an explicit support name is written as it is, whatever the kind
    const named = records(writeRiba(presentation({ kind: 'dopo_incasso', supportName: 'DISTINTA-2026-02' })));
    expect(fields('IB', named[0]!).support).toBe('DISTINTA-2026-02'.padEnd(20));
    expect(fields('EF', named[8]!).support).toBe('DISTINTA-2026-02'.padEnd(20));
  });
});

describe('writeRiba refuses what a bank would refuse, in Italian, naming the receipt', () => {
  const withReceipt = (over: Partial<RibaReceipt>) => () =>
    writeRiba(presentation({}, [receipt({ number: 1, debtorName: 'Alfa Srl' }), receipt({ number: 2, ...over })]));
  const creditor = (over: Partial<RibaFile['creditor']>) => () =>
    writeRiba(presentation({ creditor: { ...presentation().creditor, ...over } }));

  it('no receipts', () => {
    expect(refusal(() => writeRiba(presentation({}, [])))).toBe('Nessuna ricevuta da presentare');
  });

  it("a creditor's IBAN that is not a valid Italian IBAN", () => {
    const wrongCheck = CREDITOR_IBAN.replace(/^IT\d\d/, CREDITOR_IBAN.startsWith('IT00') ? 'IT01' : 'IT00');
    for (const iban of [wrongCheck, 'DE89370400440532013000', 'IT60X054281110100000012345', '']) {
      expect(refusal(creditor({ iban }))).toMatch(/^IBAN del creditore non valido: serve un IBAN italiano/);
    }
  });

  it("a debtor's IBAN that is not a valid Italian IBAN", () => {
    expect(refusal(withReceipt({ debtorIban: 'FR1420041010050500013M02606' }))).toMatch(
      /^Ricevuta n\. 2 \(Società Rossi & Figli\): IBAN del debitore non valido/,
    );
    expect(refusal(withReceipt({ debtorIban: 'IT99K0306909606100000012345' }))).toMatch(/IBAN del debitore non valido/);
  });

  it('a SIA that is not 5 letters or digits', () => {
    for (const sia of ['AB12', 'AB12CD', 'AB-12', '']) {
      expect(refusal(creditor({ sia }))).toMatch(/^Codice SIA del creditore non valido/);
    }
  });

  it('an amount not above zero, beyond 13 digits of cents, or not an exact decimal', () => {
    for (const amount of ['0', '0.00', '-5.00']) {
      expect(refusal(withReceipt({ amount }))).toBe(
        "Ricevuta n. 2 (Società Rossi & Figli): l'importo deve essere maggiore di zero",
      );
    }
    expect(refusal(withReceipt({ amount: '100000000000.00' }))).toMatch(/^Ricevuta n\. 2 .*: importo troppo grande/);
    for (const amount of ['12,50', '1.234', 'abc', '']) {
      expect(refusal(withReceipt({ amount }))).toMatch(/^Ricevuta n\. 2 .*: importo non valido/);
    }
  });

  it('a missing or wrong due date', () => {
    expect(refusal(withReceipt({ dueDate: '' }))).toBe(
      'Ricevuta n. 2 (Società Rossi & Figli): manca la data di scadenza',
    );
    expect(refusal(withReceipt({ dueDate: '2026-02-30' }))).toMatch(/^Ricevuta n\. 2 .*: data di scadenza non valida/);
    expect(refusal(withReceipt({ dueDate: '31/03/2026' }))).toMatch(/data di scadenza non valida/);
    expect(refusal(withReceipt({ dueDate: '2100-01-01' }))).toMatch(/data di scadenza fuori dagli anni 2000–2099/);
  });

  it('a repeated or impossible receipt number', () => {
    expect(refusal(withReceipt({ number: 1 }))).toBe('Ricevuta n. 1: numero ripetuto nella distinta');
    for (const number of [0, -3, 1.5, 12345678901]) {
      expect(refusal(withReceipt({ number }))).toMatch(
        /^Ricevuta 2 della distinta \(Società Rossi & Figli\): numero della ricevuta non valido/,
      );
    }
  });

  it('the other data the records need', () => {
    expect(refusal(withReceipt({ debtorCode: 'CODICE-CLIENTE-TROPPO-LUNGO' }))).toMatch(
      /codice del cliente non valido/,
    );
    expect(refusal(withReceipt({ debtorTaxCode: '12345' }))).toMatch(
      /^Ricevuta n\. 2 .*: codice fiscale o partita IVA del debitore non valido/,
    );
    expect(refusal(withReceipt({ debtorZip: '2012' }))).toMatch(/CAP del debitore non valido/);
    expect(refusal(withReceipt({ debtorProvince: 'Milano' }))).toMatch(/sigla della provincia del debitore non valida/);
    expect(refusal(withReceipt({ debtorName: '  ' }))).toBe(
      'Ricevuta n. 2: manca il nome del debitore (in caratteri latini)',
    );
    expect(refusal(withReceipt({ description: '' }))).toMatch(/manca la descrizione/);
    expect(refusal(creditor({ vatOrTaxCode: '01234567890' }))).toMatch(
      /^Codice fiscale o partita IVA del creditore non valido/,
    );
    expect(refusal(() => writeRiba(presentation({ created: '2026-13-01' })))).toMatch(
      /^Data di creazione del file non valida/,
    );
    expect(refusal(() => writeRiba(presentation({ supportName: 'NOME SUPPORTO TROPPO LUNGO' })))).toMatch(
      /^Nome del supporto non valido/,
    );
    expect(refusal(() => writeRiba(presentation({ kind: 'sconto' as RibaFile['kind'] })))).toMatch(
      /^Tipo di presentazione non previsto/,
    );
  });
});

// ---------------------------------------------------------------------------
// the reader
// ---------------------------------------------------------------------------

/** A record written by hand: each value at its 1-based position, the rest blank. */
function rec(...parts: Array<[number, string]>): string {
  const chars = Array(120).fill(' ');
  for (const [pos, value] of parts) for (let i = 0; i < value.length; i++) chars[pos - 1 + i] = value[i];
  return chars.join('');
}
const bytes = (lines: string[], eol = '\n') => Buffer.from(lines.map((l) => l + eol).join(''), 'latin1');

/** a hand-written file of two receipts (one with latin1 accents, as a bank may send), LF and trailing blanks trimmed */
function handWritten(): string[] {
  const receiptLines = (p: string, due: string, cents: string, abi: string, cab: string, code: string, n: string) => [
    rec(
      [2, '14'],
      [4, p],
      [23, due],
      [29, '30000'],
      [34, cents],
      [47, '-'],
      [48, '0542811101000000123456'],
      [70, abi + cab],
      [92, 'ZX9Y8'],
      [97, '4'],
      [98, code],
      [120, 'E'],
    ),
    rec([2, '20'], [4, p], [11, 'STUDIO BIANCHI'], [35, 'CORSO ITALIA 1'], [59, '10121 TORINO']),
    rec([2, '30'], [4, p], [11, `DEBITORE ${p} SRLà`], [71, DEBTOR_VAT]),
    rec([2, '40'], [4, p], [11, 'VIA ROMA 1'], [41, '00184'], [46, 'ROMA'], [69, 'RM']),
    rec([2, '50'], [4, p], [11, `PER LA FATTURA N. ${n}/2026`], [101, CREDITOR_VAT]),
    rec([2, '51'], [4, p], [11, n.padStart(10, '0')], [21, 'STUDIO BIANCHI']),
    rec([2, '70'], [4, p]),
  ];
  return [
    rec([2, 'IB'], [4, 'ZX9Y8'], [9, '05428'], [14, '150326'], [20, 'INSOLUTI 03'], [114, 'E']),
    ...receiptLines('0000001', '310326', '0000000122000', '03069', '09606', 'C0042', '12'),
    ...receiptLines('0000002', '000000', '0000000000001', '02008', '01600', '', '9999999999'),
    rec(
      [2, 'EF'],
      [4, 'ZX9Y8'],
      [9, '05428'],
      [14, '150326'],
      [20, 'INSOLUTI 03'],
      [46, '0000002'],
      [53, '000000000122001'],
      [68, '0'.repeat(15)],
      [83, '0000016'],
      [114, 'E'],
    ),
  ].map((l) => l.trimEnd());
}

describe('parseRiba', () => {
  it('reads back what the writer wrote', () => {
    const file = presentation({}, [
      receipt(),
      receipt({
        number: 9_999_999_999,
        amount: '0.01',
        dueDate: '2099-12-31',
        debtorCode: '',
        debtorName: 'Mario Rossi',
      }),
    ]);
    const parsed = parseRiba(Buffer.from(writeRiba(file), 'latin1'));
    expect(parsed).toEqual({
      creditorSia: 'AB12C',
      creditorAbi: '05428',
      created: '2026-02-05',
      supportName: 'RB-SBF-050226-AB12C',
      totalCents: '122001',
      receipts: [
        {
          progressive: 1,
          number: 12,
          dueDate: '2026-03-31',
          amount: '1220.00',
          debtorCode: 'C0042',
          debtorName: 'Societa Rossi + Figli',
          debtorTaxCode: DEBTOR_VAT,
          debtorAbi: '03069',
          debtorCab: '09606',
          description: 'PER LA FATTURA N. 12/2026 DEL 31/01/2026 IMP 1220,00',
        },
        {
          progressive: 2,
          number: 9_999_999_999,
          dueDate: '2099-12-31',
          amount: '0.01',
          debtorCode: '',
          debtorName: 'Mario Rossi',
          debtorTaxCode: DEBTOR_VAT,
          debtorAbi: '03069',
          debtorCab: '09606',
          description: 'PER LA FATTURA N. 12/2026 DEL 31/01/2026 IMP 1220,00',
        },
      ],
    });
  });

  it('reads a hand-written file with LF endings and trimmed trailing blanks', () => {
    const lines = handWritten();
    expect(lines.some((l) => l.length < 120)).toBe(true);
    const parsed = parseRiba(bytes(lines));
    expect(parsed).toMatchObject({
      creditorSia: 'ZX9Y8',
      creditorAbi: '05428',
      created: '2026-03-15',
      supportName: 'INSOLUTI 03',
      totalCents: '122001',
    });
    expect(parsed.receipts).toEqual([
      {
        progressive: 1,
        number: 12,
        dueDate: '2026-03-31',
        amount: '1220.00',
        debtorCode: 'C0042',
        debtorName: 'DEBITORE 0000001 SRLà',
        debtorTaxCode: DEBTOR_VAT,
        debtorAbi: '03069',
        debtorCab: '09606',
        description: 'PER LA FATTURA N. 12/2026',
      },
      {
        progressive: 2,
        number: 9_999_999_999,
        dueDate: null,
        amount: '0.01',
        debtorCode: '',
        debtorName: 'DEBITORE 0000002 SRLà',
        debtorTaxCode: DEBTOR_VAT,
        debtorAbi: '02008',
        debtorCab: '01600',
        description: 'PER LA FATTURA N. 9999999999/2026',
      },
    ]);
    // the same with CR LF, a byte order mark, and empty lines at the end
    const again = parseRiba(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes(lines, '\r\n'), Buffer.from('\r\n\n')]),
    );
    expect(again).toEqual(parsed);
  });

  describe('refuses a malformed file naming the line and why', () => {
    const fileLines = () => records(writeRiba(presentation({}, [receipt({ number: 1 }), receipt({ number: 2 })])));
    const parse = (lines: string[]) => refusal(() => parseRiba(bytes(lines)));
    const ef = (change: (r: string) => string) => {
      const l = fileLines();
      l[15] = change(l[15]!);
      return l;
    };
    const put = (r: string, pos: number, value: string) =>
      r.slice(0, pos - 1) + value + r.slice(pos - 1 + value.length);

    it('a record of a receipt before the one that precedes it', () => {
      const l = fileLines();
      l.splice(9, 1); // the 20 of receipt 2
      expect(parse(l)).toBe('Riga 10: record 30 della ricevuta 2 prima del suo record 20');
    });

    it('a record of a receipt before its 14, after its 70, or with another progressive', () => {
      const a = fileLines();
      a.splice(8, 1); // the 14 of receipt 2
      expect(parse(a)).toBe('Riga 9: record 20 della ricevuta 2 prima del suo record 14');
      const b = fileLines();
      b.splice(8, 0, b[7]!); // the 70 of receipt 1 twice
      expect(parse(b)).toBe('Riga 9: record 70 della ricevuta 1 dopo il suo record 70 di chiusura');
      const c = fileLines();
      c[4] = put(c[4]!, 4, '0000002');
      expect(parse(c)).toMatch(/^Riga 5: record 40 della ricevuta 2 mentre la ricevuta 1 non è completa/);
      const d = fileLines();
      d.splice(4, 0, d[3]!); // the 30 of receipt 1 twice
      expect(parse(d)).toBe('Riga 5: record 30 della ricevuta 1 ripetuto o fuori ordine (dopo il record 30)');
    });

    it('progressives out of sequence', () => {
      const l = fileLines();
      for (let i = 8; i < 15; i++) l[i] = put(l[i]!, 4, '0000003');
      expect(parse(l)).toBe('Riga 9: numero progressivo 3 nel record 14, atteso 2');
    });

    it('no IB first, a second IB, no EF, lines after the EF', () => {
      expect(parse(fileLines().slice(1))).toBe('Riga 1: il file deve iniziare con il record IB, trovato il record 14');
      const two = fileLines();
      two.splice(1, 0, two[0]!);
      expect(parse(two)).toBe('Riga 2: record IB ripetuto');
      expect(parse(fileLines().slice(0, 15))).toBe('Riga 15: il file termina qui, manca il record EF di chiusura');
      expect(parse(fileLines().slice(0, 12))).toMatch(/^Riga 12: il file termina qui, la ricevuta 2 è incompleta/);
      expect(parse([...fileLines(), fileLines()[1]!])).toBe('Riga 17: contenuto dopo il record EF di chiusura');
      const early = fileLines();
      early.splice(13, 2);
      expect(parse(early)).toBe('Riga 14: record EF prima della fine della ricevuta 2 (manca il suo record 51)');
    });

    it("the EF's counts and total that do not match", () => {
      expect(parse(ef((r) => put(r, 46, '0000003')))).toBe(
        'Riga 16: il record EF dichiara 3 ricevute, il file ne contiene 2',
      );
      expect(parse(ef((r) => put(r, 53, '000000000244001')))).toBe(
        'Riga 16: il record EF dichiara un totale di 2.440,01 euro, le ricevute sommano 2.440,00 euro',
      );
      expect(parse(ef((r) => put(r, 83, '0000023')))).toBe(
        'Riga 16: il record EF dichiara 23 record, il file ne contiene 16',
      );
      expect(parse(ef((r) => put(r, 68, '000000000000100')))).toMatch(
        /^Riga 16: totale degli importi positivi non previsto/,
      );
      expect(parse(ef((r) => put(r, 4, 'ZZZZZ')))).toBe(
        'Riga 16: codice SIA del record EF ("ZZZZZ") diverso da quello del record IB ("AB12C")',
      );
    });

    it('lines that are no records, or have bad values', () => {
      const long = fileLines();
      long[2] = `${long[2]}X`;
      expect(parse(long)).toBe('Riga 3: lunga 121 caratteri, un record RiBa ne ha 120');
      const unknown = fileLines();
      unknown[3] = put(unknown[3]!, 2, '99');
      expect(parse(unknown)).toMatch(/^Riga 4: record non riconosciuto \(" 99"\)/);
      const empty = fileLines();
      empty.splice(5, 0, '');
      expect(parse(empty)).toBe('Riga 6: riga vuota');
      const amount = fileLines();
      amount[1] = put(amount[1]!, 34, '00000001220AB');
      expect(parse(amount)).toBe('Riga 2: importo "00000001220AB" della ricevuta 1 non numerico (13 cifre)');
      const due = fileLines();
      due[8] = put(due[8]!, 23, '310226');
      expect(parse(due)).toBe('Riga 9: data di scadenza "310226" della ricevuta 2 non valida (GGMMAA)');
      const number = fileLines();
      number[6] = put(number[6]!, 11, '00000000AB');
      expect(parse(number)).toMatch(/^Riga 7: numero della ricevuta "00000000AB" non numerico/);
      const control = fileLines();
      control[3] = put(control[3]!, 20, '\t');
      expect(parse(control)).toBe('Riga 4: carattere di controllo (codice 9) nella colonna 20');
      expect(refusal(() => parseRiba(Buffer.from('')))).toBe('Riga 1: il file è vuoto (manca il record IB)');
    });

    it('a file too large or with too many lines, before reading it', () => {
      expect(refusal(() => parseRiba(Buffer.alloc(30 * 1024 * 1024 + 1, 0x20)))).toMatch(/^Il file è troppo grande/);
      expect(refusal(() => parseRiba(Buffer.alloc(800_000, 0x0a)))).toMatch(
        /^Il file ha troppe righe: un file RiBa può contenere al massimo 100\.000 ricevute/,
      );
    });
  });

  it('writes and reads back a presentation of 5,000 receipts', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      receipt({ number: 1000 + i, amount: `${i + 1}.${String(i % 100).padStart(2, '0')}`, debtorCode: `C${i}` }),
    );
    const file = writeRiba(presentation({}, many));
    const recs = records(file);
    expect(recs).toHaveLength(5000 * 7 + 2);
    // Σ (i + 1) for i < 5000 euros, plus Σ (i mod 100) cents
    const cents = (5000 * 5001 * 100) / 2 + 50 * ((99 * 100) / 2);
    expect(fields('EF', recs.at(-1)!)).toMatchObject({
      receipts: '0005000',
      records: '0035002',
      negativeTotal: String(cents).padStart(15, '0'),
    });
    const parsed = parseRiba(Buffer.from(file, 'latin1'));
    expect(parsed.receipts).toHaveLength(5000);
    expect(parsed.totalCents).toBe(String(cents));
    expect(parsed.receipts[4999]).toMatchObject({
      progressive: 5000,
      number: 5999,
      amount: '5000.99',
      debtorCode: 'C4999',
    });
    expect(parsed.receipts.map((r) => r.progressive)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
  });
});

describe('isRiba', () => {
  it('recognises the IB record and nothing else', () => {
    const file = writeRiba(presentation());
    expect(isRiba(Buffer.from(file, 'latin1'))).toBe(true);
    expect(isRiba(bytes(handWritten()))).toBe(true);
    expect(isRiba(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file)]))).toBe(true);
    expect(isRiba(Buffer.from(records(file)[0]!))).toBe(true);
    expect(isRiba(Buffer.from('<?xml version="1.0"?><Document/>'))).toBe(false);
    expect(isRiba(Buffer.from('Data;Importo;Descrizione\n05/03/2026;10,00;x\n'))).toBe(false);
    expect(isRiba(Buffer.from(' RH0542800000050326'))).toBe(false);
    expect(isRiba(Buffer.from(' IB'))).toBe(false);
    expect(isRiba(Buffer.from(` IBAB12C05428050226${'x'.repeat(110)}\r\n`))).toBe(false); // a line of 129 characters
    expect(isRiba(new Uint8Array())).toBe(false);
  });
});
