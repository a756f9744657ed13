/** The home-banking CSV/XLSX of issue 29: the columns recognised, the Italian dates and amounts, what a description says. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeExcelFile from 'write-excel-file/node';
import { parseSpreadsheet } from '../../server/areas/customerImport/parse';
import {
  BANK_FIELDS,
  bankLinesFromSheet,
  readDescription as describeText,
  guessBankMapping,
  parseBankAmount,
  parseBankDate,
} from '../../server/areas/collections/bankCsv';
import { HttpError } from '../../server/errors';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/bank', name));
const OWN = 'IT60X0542811101000000123456';

describe('the columns of an export', () => {
  it('every field has an Italian label; the booking date is required', () => {
    expect(BANK_FIELDS.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'booking_date',
        'value_date',
        'amount',
        'credit',
        'debit',
        'description',
        'counterparty',
      ]),
    );
    expect(BANK_FIELDS.find((f) => f.name === 'booking_date')!.required).toBe(true);
  });

  it('the usual headers of Italian banks, without case, accents and punctuation', () => {
    expect(
      guessBankMapping(['Data contabile', 'Data valuta', 'Descrizione', 'Entrate', 'Uscite', 'Descrizione estesa']),
    ).toMatchObject({
      booking_date: 'Data contabile',
      value_date: 'Data valuta',
      description: 'Descrizione',
      details: 'Descrizione estesa',
      credit: 'Entrate',
      debit: 'Uscite',
      amount: null,
    });
    expect(guessBankMapping(['DATA REGISTRAZIONE', 'DATA VALUTA', 'DESCRIZIONE', 'IMPORTO (EUR)'])).toMatchObject({
      booking_date: 'DATA REGISTRAZIONE',
      amount: 'IMPORTO (EUR)',
      credit: null,
      debit: null,
    });
    expect(
      guessBankMapping(['Data operazione', 'Valuta', 'Dare', 'Avere', 'Causale', 'Dettagli', 'Ordinante']),
    ).toMatchObject({
      booking_date: 'Data operazione',
      value_date: 'Valuta',
      debit: 'Dare',
      credit: 'Avere',
      description: 'Causale',
      details: 'Dettagli',
      counterparty: 'Ordinante',
    });
    // a header starting with a known one; each header used once
    const m = guessBankMapping(['Data', 'Importo in EUR (con segno)', 'Descrizione operazione', 'Note']);
    expect(m).toMatchObject({
      booking_date: 'Data',
      amount: 'Importo in EUR (con segno)',
      description: 'Descrizione operazione',
      details: 'Note',
    });
    expect(guessBankMapping(['Nome', 'Cognome'])).toMatchObject({ booking_date: null, amount: null });
  });
});

describe('Italian dates and amounts', () => {
  it('dates', () => {
    expect(parseBankDate('05/03/2026')).toBe('2026-03-05');
    expect(parseBankDate('5-3-2026')).toBe('2026-03-05');
    expect(parseBankDate('05.03.2026')).toBe('2026-03-05');
    expect(parseBankDate('05/03/26')).toBe('2026-03-05');
    expect(parseBankDate('2026-03-05')).toBe('2026-03-05');
    expect(parseBankDate('2026-03-05 10:22:00')).toBe('2026-03-05');
    expect(parseBankDate('20260305')).toBe('2026-03-05');
    expect(parseBankDate('46086')).toBe('2026-03-05'); // an Excel serial day
    expect(parseBankDate('30/02/2026')).toBeNull();
    expect(parseBankDate('Saldo')).toBeNull();
  });

  it('amounts, exactly, in cents', () => {
    const cases: Array<[string, number | null]> = [
      ['1.234,56', 123456],
      ['-1.234,56', -123456],
      ['1234.56', 123456],
      ['1234,5', 123450],
      ['1,234.56', 123456],
      ['€ 1.234,56', 123456],
      ['-€ 12,50', -1250],
      ['12,50 EUR', 1250],
      ['(12,50)', -1250],
      ['12,50-', -1250],
      ['+300,00', 30000],
      ['1.200', 120000],
      ['1 234,56', 123456],
      ['0,10', 10],
      [',5', 50],
      ['12,3,4', null],
      ['12,345', 1234500], // one separator before three digits: thousands
      ['--5', null],
      ['abc', null],
      ['1234567890123,00', null],
    ];
    for (const [text, cents] of cases) expect(parseBankAmount(text), text).toBe(cents);
    // an xlsx number cell saved as a binary float
    expect(parseBankAmount('12.300000000000001', true)).toBe(1230);
    expect(parseBankAmount('1234.56', true)).toBe(123456);
  });
});

describe('what a description says', () => {
  it("the ordering party's name and IBAN, the CRO, the end-to-end id of an SDD", () => {
    expect(
      describeText(
        'BONIFICO A VOSTRO FAVORE DA ROSSI MARIO SRL IBAN IT24A0306909606100000063347 PER SALDO FATT. 12/2026 CRO 12345678901',
        OWN,
      ),
    ).toEqual({
      iban: 'IT24A0306909606100000063347',
      name: 'ROSSI MARIO SRL',
      ref: '12345678901',
      endToEndId: null,
      returnReason: null,
    });
    expect(describeText("ACCREDITO BONIFICO ORD: D'ANGELO NICOLÒ CAUS: ONORARI")).toMatchObject({
      name: "D'ANGELO NICOLÒ",
    });
    expect(describeText('Bonifico Istantaneo Da Bianchi Luca Per onorari marzo TRN 0306234567890123')).toMatchObject({
      name: 'Bianchi Luca',
      ref: '0306234567890123',
    });
    expect(describeText('BONIFICO SEPA DA: VERDI ANNA - CAUS: ACCONTO')).toMatchObject({ name: 'VERDI ANNA' });
    expect(describeText('ORDINANTE BIANCHI LUCA Rif. 2026/000123 saldo')).toMatchObject({
      name: 'BIANCHI LUCA',
      ref: '2026/000123',
    });
    expect(describeText('INSOLUTO SDD ID END TO END STUDIO-E2E-0002 MOTIVO AM04')).toMatchObject({
      endToEndId: 'STUDIO-E2E-0002',
      returnReason: 'AM04',
    });
    expect(describeText('Addebito diretto Id. fine a fine: ABC-123. Mandato M1')).toMatchObject({
      endToEndId: 'ABC-123',
    });
    expect(describeText('E2E NOTPROVIDED')).toMatchObject({ endToEndId: null });
    // a spaced IBAN; the account's own IBAN is not the counterparty's; a bad checksum is no IBAN
    expect(describeText('DA IBAN IT24 A030 6909 6061 0000 0063 347 PER ONORARI').iban).toBe(
      'IT24A0306909606100000063347',
    );
    expect(describeText(`BONIFICO SU ${OWN}`, OWN).iban).toBeNull();
    expect(describeText('IBAN IT25A0306909606100000063347').iban).toBeNull();
  });
});

describe('the lines of an export', () => {
  it('an Intesa-style CSV (;, Entrate/Uscite): titles and totals skipped, bad amounts named by their row', async () => {
    const sheet = await parseSpreadsheet(fixture('intesa.csv'));
    const mapping = guessBankMapping(sheet.headers);
    const { lines, errors } = bankLinesFromSheet(sheet, mapping, { ownIban: OWN });
    expect(errors).toEqual([{ line: 6, message: 'Importo non leggibile alla riga 6: "12,3,4"' }]);
    expect(lines.map((l) => [l.lineNo, l.bookingDate, l.amount])).toEqual([
      [3, '2026-03-05', '1234.56'],
      [4, '2026-03-06', '-150.00'],
      [5, '2026-03-07', '-2.50'],
      [7, '2026-03-09', '50.00'],
    ]);
    expect(lines[0]).toEqual({
      lineNo: 3,
      bookingDate: '2026-03-05',
      valueDate: '2026-03-05',
      amount: '1234.56',
      counterparty: 'ROSSI MARIO SRL',
      counterpartyIban: 'IT24A0306909606100000063347',
      remittance:
        'BONIFICO A VOSTRO FAVORE BONIFICO A VOSTRO FAVORE DA ROSSI MARIO SRL IBAN IT24A0306909606100000063347 PER SALDO FATT. 12/2026 CRO 12345678901',
      endToEndId: null,
      bankRef: '12345678901',
      isReturn: false,
      returnReason: null,
    });
    expect(lines[1]).toMatchObject({ isReturn: true, returnReason: 'AM04', endToEndId: 'STUDIO-E2E-0002' });
    expect(lines[3]).toMatchObject({ counterparty: 'VERDI ANNA', valueDate: null });
  });

  it('a UniCredit-style CSV in Windows-1252 with one signed amount column', async () => {
    const sheet = await parseSpreadsheet(fixture('unicredit.csv'));
    const { lines, errors } = bankLinesFromSheet(sheet, guessBankMapping(sheet.headers));
    expect(errors).toEqual([]);
    expect(lines.map((l) => [l.amount, l.counterparty])).toEqual([
      ['1220.00', 'GIALLI COSTRUZIONI SPA'],
      ['-85.40', null],
      ['300.00', "D'ANGELO NICOLÒ"],
      ['-50.00', null],
    ]);
    expect(lines[0]!.counterpartyIban).toBe('IT87D0760101600000012345678');
  });

  it('an XLSX with date cells and number cells', async () => {
    const d = (day: number) => ({ value: new Date(Date.UTC(2026, 2, day)), format: 'dd/mm/yyyy' });
    const rows = [
      ['Data operazione', 'Data valuta', 'Importo', 'Causale', 'IBAN ordinante'].map((v) => ({ value: v })),
      [
        d(5),
        d(5),
        { value: 150 },
        { value: 'BONIFICO DA ROSSI MARIO FATT 12' },
        { value: 'IT24A0306909606100000063347' },
      ],
      [d(6), d(6), { value: -12.3 }, { value: 'COMMISSIONI' }, null],
      [d(7), null, { value: 0.1 + 0.2 }, { value: 'ARROTONDAMENTO' }, null],
    ];
    const bytes = Buffer.from(await writeExcelFile(rows as never).toBuffer());
    const sheet = await parseSpreadsheet(bytes);
    expect(sheet.format).toBe('xlsx');
    const { lines, errors } = bankLinesFromSheet(sheet, guessBankMapping(sheet.headers));
    expect(errors).toEqual([]);
    expect(lines.map((l) => [l.bookingDate, l.amount, l.counterpartyIban])).toEqual([
      ['2026-03-05', '150.00', 'IT24A0306909606100000063347'],
      ['2026-03-06', '-12.30', null],
      ['2026-03-07', '0.30', null],
    ]);
  });

  it('errors name the row; a row without date and amount is skipped; a mapping without date or amount is refused', () => {
    const sheet = {
      headers: ['Data', 'Importo', 'Descrizione'],
      rows: [
        ['31/02/2026', '10,00', 'x'],
        ['', '10,00', 'x'],
        ['01/03/2026', '', 'x'],
        ['', '', 'riga di commento'],
        ['Saldo iniziale al 01/03/2026', '1.000,00', ''],
        ['02/03/2026', '5,00', 'Totale fatture marzo'],
        ['03/03/2026', '0,00', 'informativa'],
      ],
    };
    const { lines, errors } = bankLinesFromSheet(sheet, guessBankMapping(sheet.headers));
    expect(errors.map((e) => e.message)).toEqual([
      'Data non leggibile alla riga 2: "31/02/2026"',
      'Data contabile mancante alla riga 3',
      'Importo mancante alla riga 4',
    ]);
    expect(lines.map((l) => [l.lineNo, l.remittance])).toEqual([[7, 'Totale fatture marzo']]);
    expect(() => bankLinesFromSheet(sheet, { booking_date: null, amount: 'Importo' })).toThrow(HttpError);
    expect(() => bankLinesFromSheet(sheet, { booking_date: 'Data' })).toThrow("Associa la colonna dell'importo");
    expect(() => bankLinesFromSheet(sheet, { booking_date: 'Data', amount: 'Nope' })).toThrow(
      'Colonna "Nope" non presente nel file',
    );
  });

  it('Dare and Avere: both filled is an error; a debit written positive is negative', () => {
    const sheet = {
      headers: ['Data contabile', 'Dare', 'Avere', 'Descrizione'],
      rows: [
        ['01/03/2026', '10,00', '', 'a'],
        ['02/03/2026', '', '20,00', 'b'],
        ['03/03/2026', '1,00', '2,00', 'c'],
      ],
    };
    const { lines, errors } = bankLinesFromSheet(sheet, guessBankMapping(sheet.headers));
    expect(lines.map((l) => l.amount)).toEqual(['-10.00', '20.00']);
    expect(errors).toEqual([
      { line: 4, message: 'Entrate e uscite entrambe valorizzate alla riga 4: tienine una sola' },
    ]);
  });
});
