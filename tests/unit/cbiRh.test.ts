/**
 * The CBI "RH" statement (CBI-RND-001) reader and writer. The files are written here by hand from
 * the layouts of ../shared/cbi/LAYOUTS.md section 1 (fields placed at their 1-based positions),
 * never with the product's writer — which is tested on its own, read back by the reader.
 */
import { describe, expect, it } from 'vitest';
import { CBI_RH_MESSAGES, cbiCodeText, CBI_CODES, isCbiRh, parseCbiRh } from '../../server/areas/collections/cbiRh';
import { cbiRh } from '../../server/areas/collections/rhWriter';
import { CAMT_MAX_BYTES, CAMT_MAX_LINES, CAMT_MESSAGES } from '../../server/areas/collections/camt';
import type { CamtEntry } from '../../server/areas/collections/camtWriter';
import { HttpError } from '../../server/errors';
import { italianIban } from '../../model/iban';

// ---------------------------------------------------------------------------
// records by hand
// ---------------------------------------------------------------------------

/** A 120-character record: each text at its 1-based position, blanks elsewhere. */
function rec(...fields: Array<[number, string]>): string {
  const a = Array.from({ length: 120 }, () => ' ');
  for (const [pos, text] of fields) {
    if (pos - 1 + text.length > 120) throw new Error(`field at ${pos} overflows: '${text}'`);
    for (let i = 0; i < text.length; i++) a[pos - 1 + i] = text[i]!;
  }
  return a.join('');
}
/** '1234.56' → '000000001234,56' */
const amt = (s: string) => {
  const [i, d] = s.split('.') as [string, string];
  return `${i.padStart(12, '0')},${d}`;
};
const n7 = (n: number) => String(n).padStart(7, '0');

const rh = (abi: string, sia: string, date: string, support: string) =>
  rec([2, 'RH'], [4, abi], [9, sia], [14, date], [20, support]);
const ef = (abi: string, sia: string, date: string, support: string, statements: number, records: number) =>
  rec(
    [2, 'EF'],
    [4, abi],
    [9, sia],
    [14, date],
    [20, support],
    [46, n7(statements)],
    [83, n7(records)],
    [115, '000000'],
  );
const r61 = (no: string, iban: string, date: string, sign: string, amount: string) =>
  rec(
    [2, '61'],
    [4, no],
    [29, '93001'],
    [34, 'C/C EURO'],
    [52, iban.slice(4)],
    [75, 'EUR'],
    [78, date],
    [84, sign],
    [85, amount],
    [100, iban.slice(0, 4)],
  );
const r62 = (
  no: string,
  mov: string,
  value: string,
  booking: string,
  sign: string,
  amount: string,
  code: string,
  ref = '',
  description = '',
) =>
  rec(
    [2, '62'],
    [4, no],
    [11, mov],
    [14, value],
    [20, booking],
    [26, sign],
    [27, amount],
    [42, code],
    [62, ref],
    [87, description],
  );
const r63 = (no: string, mov: string, payload: string) => rec([2, '63'], [4, no], [11, mov], [14, payload]);
const yyy = (no: string, mov: string, date8: string, taxCode: string, name: string, town = '') =>
  rec([2, '63'], [4, no], [11, mov], [14, 'YYY'], [17, date8], [25, taxCode], [41, name], [81, town]);
const yy2 = (no: string, mov: string, address: string, iban: string) =>
  rec([2, '63'], [4, no], [11, mov], [14, 'YY2'], [17, address], [67, iban]);
const id1 = (no: string, mov: string, e2e: string, msgId = '') =>
  rec([2, '63'], [4, no], [11, mov], [14, 'ID1'], [17, msgId], [52, e2e]);
const ri = (no: string, mov: string, flag: 'RI1' | 'RI2', text: string) =>
  rec([2, '63'], [4, no], [11, mov], [14, flag], [17, text]);
const zz1 = (no: string, mov: string) =>
  rec([2, '63'], [4, no], [11, mov], [14, 'ZZ1'], [17, '000000000000100000'], [35, 'USD'], [38, '000000000000092000']);
const zz3 = (no: string, mov: string, payee: string, reason: string) =>
  rec([2, '63'], [4, no], [11, mov], [14, 'ZZ3'], [17, payee], [67, reason]);
const zz4 = (no: string, mov: string, text: string) => rec([2, '63'], [4, no], [11, mov], [14, '/ZZ4/'], [19, text]);
const r64 = (no: string, date: string, sign: string, amount: string) =>
  rec([2, '64'], [4, no], [11, 'EUR'], [14, date], [20, sign], [21, amount], [36, sign], [37, amount]);
const r65 = (no: string, ...slots: Array<[string, string, string]>) =>
  rec(
    [2, '65'],
    [4, no],
    ...slots.flatMap(([date, sign, amount], k): Array<[number, string]> => [
      [11 + k * 22, date],
      [17 + k * 22, sign],
      [18 + k * 22, amount],
    ]),
  );

/** The 107-character payloads (positions 14-120) of a key-value stream, as untagged 63 lines. */
function streamLines(no: string, mov: string, stream: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < stream.length; i += 107) out.push(r63(no, mov, stream.slice(i, i + 107)));
  return out;
}

const file = (lines: string[], eol = '\n', final = true) => Buffer.from(lines.join(eol) + (final ? eol : ''), 'latin1');

/** The HttpError a parse throws (fails when it throws none). */
function refused(bytes: Buffer): HttpError {
  try {
    parseCbiRh(bytes);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

const OWN = italianIban('05428', '11101', '000000123456');
const OWN2 = italianIban('03069', '09606', '100000063347');
const PAYER = italianIban('02008', '05364', '000102153392');
const PAYER2 = italianIban('03062', '34210', '000002345678');
const S = '0000001';

/** A statement with transfers, a fee, an SDD debit and every flagged 63 variant. */
function richStatement(): string[] {
  return [
    rh('05428', 'AB12C', '310326', 'CL-20260331-0001'),
    r61(S, OWN, '300326', 'C', amt('12500.00')),
    // line 3: a credit transfer with YYY, YY2, ID1, RI1, RI2
    r62(S, '001', '300326', '310326', 'C', amt('1234.56'), '48', '0306926234592800', 'Bonifico SEPA a Vs. favore'),
    yyy(S, '001', '30032026', 'RSSMRA80A01H501U', 'ROSSI MARIO', 'ROMA'),
    yy2(S, '001', 'VIA ROMA 1', PAYER),
    id1(S, '001', 'E2E-ROSSI-0001'),
    ri(S, '001', 'RI1', 'SALDO FATT. 12/2026 ONORARI STUDIO'),
    ri(S, '001', 'RI2', 'E CONSULENZA MARZO'),
    // line 9: a debit (fee) with a ZZ1 and free text
    r62(S, '002', '310326', '310326', 'D', amt('12.50'), '16', '', 'COMMISSIONI'),
    zz1(S, '002'),
    r63(S, '002', 'SPESE TENUTA CONTO  MARZO'),
    // line 12: an outgoing transfer with ZZ3 (payee and reason) and ZZ4; ID1 '-' is no id
    r62(S, '003', '310326', '310326', 'D', amt('500.00'), '26', 'BON-0003'),
    zz3(S, '003', 'STUDIO BIANCHI SRL', 'PAGAMENTO FATTURA 7 DEL'),
    zz4(S, '003', '15/03/2026 CONSULENZA'),
    id1(S, '003', '-'),
    // line 16: an SDD debit of a supplier, NOTPROVIDED end-to-end id: not a return (no reason)
    r62(S, '004', '310326', '310326', 'D', amt('80.00'), '50'),
    id1(S, '004', 'NOTPROVIDED'),
    r64(S, '310326', 'C', amt('13142.06')),
    ef('05428', 'AB12C', '310326', 'CL-20260331-0001', 1, 19),
  ];
}

// ---------------------------------------------------------------------------

describe('a statement with every kind of 63 detail', () => {
  const [s, ...more] = parseCbiRh(file(richStatement()));

  it('reads the account, the period, the balances and a stable reference', () => {
    expect(more).toEqual([]);
    expect(s).toMatchObject({
      format: 'cbi_rh',
      iban: OWN,
      statementRef: '05428-CL-20260331-0001-0000001',
      fromDate: '2026-03-30',
      toDate: '2026-03-31',
      openingBalance: '12500.00',
      closingBalance: '13142.06',
    });
    expect(s!.lines.map((l) => l.lineNo)).toEqual([3, 9, 12, 16]);
  });

  it('a transfer: YYY names the payer, YY2 its IBAN, ID1 the end-to-end id, the 62 and RI1/RI2 the remittance', () => {
    expect(s!.lines[0]).toEqual({
      lineNo: 3,
      bookingDate: '2026-03-31',
      valueDate: '2026-03-30',
      amount: '1234.56',
      counterparty: 'ROSSI MARIO',
      counterpartyIban: PAYER,
      remittance: 'Bonifico SEPA a Vs. favore SALDO FATT. 12/2026 ONORARI STUDIO E CONSULENZA MARZO',
      endToEndId: 'E2E-ROSSI-0001',
      bankRef: '0306926234592800',
      isReturn: false,
      returnReason: null,
      cbiCode: '48',
    });
  });

  it('a fee: ZZ1 skipped, the free text 63 in the remittance, no bank reference', () => {
    expect(s!.lines[1]).toMatchObject({
      amount: '-12.50',
      cbiCode: '16',
      bankRef: null,
      counterparty: null,
      remittance: 'COMMISSIONI SPESE TENUTA CONTO MARZO',
      endToEndId: null,
    });
  });

  it("an outgoing transfer: ZZ3's payee is the counterparty, its reason and ZZ4 the remittance, '-' no id", () => {
    expect(s!.lines[2]).toMatchObject({
      amount: '-500.00',
      cbiCode: '26',
      bankRef: 'BON-0003',
      counterparty: 'STUDIO BIANCHI SRL',
      remittance: 'PAGAMENTO FATTURA 7 DEL 15/03/2026 CONSULENZA',
      endToEndId: null,
      isReturn: false,
    });
  });

  it('an SDD debit without a return reason is no return; NOTPROVIDED is no end-to-end id', () => {
    expect(s!.lines[3]).toMatchObject({ amount: '-80.00', cbiCode: '50', endToEndId: null, isReturn: false });
    expect(s!.lines[3]!.remittance).toBeNull();
  });
});

describe('the key-value 63 detail', () => {
  // the E2E tag cut after ':E2' at position 120, the DEN name cut inside a word, an IBAN cut in two
  const head = ':IPC:X8 :SCH:COR :CID:IT39ZZZ0000016238271007 :UCR:STUDIO ROSSI :CUC:1808147M :LF0:DOMESTIC';
  const stream =
    `${head.padEnd(103, ' ')} :E2E:SDD-2026-04-000012 :DEN:CARLO VERDI E FIGLI S.N.C. :IB1:${OWN}` +
    ` :IB2:${PAYER2} :RI3:RATA 04/2026 FATT 33 :RIF:33-2026 :TRN:DD3230428UCC0025`;
  const lines = streamLines(S, '001', stream);
  const bytes = file([
    rh('03069', 'XY9ZZ', '300426', 'SUPP-KV'),
    r61(S, OWN, '290426', 'D', amt('100.00')),
    r62(S, '001', '300426', '300426', 'C', amt('150.00'), '56', 'IBR-77'),
    ...lines,
    r64(S, '300426', 'C', amt('50.00')),
    ef('03069', 'XY9ZZ', '300426', 'SUPP-KV', 1, 5 + lines.length),
  ]);

  it('the file really cuts a tag and a value at position 120', () => {
    expect(lines[0]!.endsWith(' :E2')).toBe(true);
    expect(lines[1]!.slice(13, 15)).toBe('E:');
    // the payer's IBAN (the IB2 value) is cut too
    expect(lines.some((l) => l.includes(PAYER2))).toBe(false);
    expect(lines[1]!.endsWith(PAYER2.slice(0, 16))).toBe(true);
  });

  it('concatenates the payloads before splitting: end-to-end id, debtor, its IBAN (not the own one), remittance tags', () => {
    const [s] = parseCbiRh(bytes);
    expect(s!.openingBalance).toBe('-100.00');
    expect(s!.lines[0]).toEqual({
      lineNo: 3,
      bookingDate: '2026-04-30',
      valueDate: '2026-04-30',
      amount: '150.00',
      counterparty: 'CARLO VERDI E FIGLI S.N.C.',
      counterpartyIban: PAYER2,
      remittance: 'RATA 04/2026 FATT 33 33-2026',
      endToEndId: 'SDD-2026-04-000012',
      bankRef: 'IBR-77',
      isReturn: false,
      returnReason: null,
      cbiCode: '56',
    });
  });

  it('a value cut anywhere is read whole (each cut position of the DEN name)', () => {
    const name = 'CARLO VERDI E FIGLI S.N.C.';
    for (let pad = 100; pad < 107; pad++) {
      const st = `${':IPC:X8'.padEnd(pad, ' ')} :DEN:${name} :E2E:E2E-${pad}`;
      const ls = streamLines(S, '001', st);
      const [s] = parseCbiRh(
        file([
          rh('03069', 'XY9ZZ', '300426', 'SUPP-KV'),
          r61(S, OWN, '290426', 'C', amt('0.00')),
          r62(S, '001', '300426', '300426', 'C', amt('1.00'), '56'),
          ...ls,
          r64(S, '300426', 'C', amt('1.00')),
          ef('03069', 'XY9ZZ', '300426', 'SUPP-KV', 1, 5 + ls.length),
        ]),
      );
      expect(s!.lines[0]).toMatchObject({ counterparty: name, endToEndId: `E2E-${pad}` });
    }
  });

  it('an SDD return (Z9) names the debtor and its IBAN and gives the TRC reason; the fee of a return is no return', () => {
    const ret = streamLines(
      S,
      '001',
      `:RMG:RETURN :TRC:AM04 :IPC:X9 :SCH:COR :RIF:3700041348-2026 :EE1:SDD-2026-03-000007 :DEI:${PAYER}` +
        ` :DEN:MARIO ROSSI SRL :CRI:${OWN}`,
    );
    const fee = streamLines(S, '002', ':IPC:X0 :RMG:RETURN :TRC:AM04 :EE1:SDD-2026-03-000007');
    const [s] = parseCbiRh(
      file([
        rh('03069', 'XY9ZZ', '300426', 'SUPP-RET'),
        r61(S, OWN, '290426', 'C', amt('1000.00')),
        r62(S, '001', '280426', '300426', 'D', amt('250.00'), 'Z9'),
        ...ret,
        r62(S, '002', '300426', '300426', 'D', amt('0.50'), '16'),
        ...fee,
        r64(S, '300426', 'C', amt('749.50')),
        ef('03069', 'XY9ZZ', '300426', 'SUPP-RET', 1, 6 + ret.length + fee.length),
      ]),
    );
    expect(s!.lines[0]).toMatchObject({
      amount: '-250.00',
      cbiCode: 'Z9',
      isReturn: true,
      returnReason: 'AM04',
      endToEndId: 'SDD-2026-03-000007',
      counterparty: 'MARIO ROSSI SRL',
      counterpartyIban: PAYER,
      remittance: '3700041348-2026',
    });
    expect(s!.lines[1]).toMatchObject({ amount: '-0.50', cbiCode: '16', isReturn: false, returnReason: null });
  });
});

describe('the file around the statements', () => {
  const second = (eolNo = '0000001') => [
    rh('02008', 'AB12C', '310326', 'FLUSSO 2'),
    r61(eolNo, OWN2, '300326', 'C', amt('0.00')),
    r62(eolNo, '001', '310326', '310326', 'C', amt('99.99'), '48'),
    yyy(eolNo, '001', '31032026', '', 'BIANCHI ANNA'),
    r64(eolNo, '310326', 'C', amt('99.99')),
    r65(eolNo, ['010426', 'C', amt('99.99')], ['020426', 'D', amt('5.00')]),
    ef('02008', 'AB12C', '310326', 'FLUSSO 2', 1, 7),
  ];

  it('two RH…EF blocks from two banks: two statements, each of its IBAN, lines numbered in the whole file', () => {
    const out = parseCbiRh(file([...richStatement(), ...second()]));
    expect(out.map((s) => [s.iban, s.statementRef, s.lines.length])).toEqual([
      [OWN, '05428-CL-20260331-0001-0000001', 4],
      [OWN2, '02008-FLUSSO_2-0000001', 1],
    ]);
    expect(out[1]!.lines[0]).toMatchObject({ lineNo: 22, amount: '99.99', counterparty: 'BIANCHI ANNA' });
  });

  it('several statements in one block, with 65 records', () => {
    const b = [
      rh('05428', 'AB12C', '310326', 'MULTI'),
      r61(S, OWN, '310326', 'C', amt('10.00')),
      r62(S, '001', '310326', '310326', 'C', amt('5.00'), '48'),
      r64(S, '310326', 'C', amt('15.00')),
      r65(S, ['010426', 'C', amt('15.00')]),
      r61('0000002', OWN2, '310326', 'D', amt('1.00')),
      r64('0000002', '310326', 'D', amt('1.00')),
      ef('05428', 'AB12C', '310326', 'MULTI', 2, 8),
    ];
    const out = parseCbiRh(file(b));
    expect(out.map((s) => [s.iban, s.statementRef, s.openingBalance, s.closingBalance, s.lines.length])).toEqual([
      [OWN, '05428-MULTI-0000001', '10.00', '15.00', 1],
      [OWN2, '05428-MULTI-0000002', '-1.00', '-1.00', 0],
    ]);
  });

  it('CR LF, LF, CR and no final line end read the same', () => {
    const lines = [...richStatement(), ...second()];
    const lf = parseCbiRh(file(lines));
    expect(parseCbiRh(file(lines, '\r\n'))).toEqual(lf);
    expect(parseCbiRh(file(lines, '\r\n', false))).toEqual(lf);
    expect(parseCbiRh(file(lines, '\r'))).toEqual(lf);
    expect(parseCbiRh(file(lines, '\n', false))).toEqual(lf);
    expect(lf[0]!.lines).toHaveLength(4);
  });

  it('records trimmed of their trailing blanks read the same as whole ones', () => {
    const lines = [...richStatement(), ...second()];
    const trimmed = lines.map((l) => l.trimEnd());
    expect(trimmed.some((l) => l.length < 60)).toBe(true);
    expect(parseCbiRh(file(trimmed, '\r\n'))).toEqual(parseCbiRh(file(lines)));
  });

  it('blank lines are skipped but counted in the line numbers', () => {
    const lines = richStatement();
    const [s] = parseCbiRh(file(['', ...lines.slice(0, 2), '   ', ...lines.slice(2), '', '']));
    expect(s!.lines.map((l) => l.lineNo)).toEqual([5, 11, 14, 18]);
  });

  it('65 records: after the 64 only, one of them, its balances checked', () => {
    const base = second();
    expect(parseCbiRh(file(base))).toHaveLength(1);
    const twice = [...base.slice(0, 6), base[5]!, ef('02008', 'AB12C', '310326', 'FLUSSO 2', 1, 8)];
    expect(refused(file(twice)).message).toBe(CBI_RH_MESSAGES.second65(7));
    expect(refused(file(twice)).message).toBe('Riga 7: record 65 ripetuto: dopo il record 64 ne è ammesso uno solo');
    const early = [...base.slice(0, 4), base[5]!, base[4]!, base[6]!];
    expect(refused(file(early)).message).toBe(
      "Riga 5: record 65 prima del record 64 (saldo finale) dell'estratto conto iniziato alla riga 2",
    );
    const bad = [...base.slice(0, 5), r65(S, ['010426', 'C', '00000000099.99']), base[6]!];
    expect(refused(file(bad)).message).toBe(
      "Riga 6: saldo liquido non valido ('00000000099.99'): 12 cifre, la virgola e 2 decimali",
    );
  });
});

describe('amounts', () => {
  const one = (sign: string, amount: string) =>
    parseCbiRh(
      file([
        rh('05428', 'AB12C', '010126', 'A'),
        r61(S, OWN, '010126', 'C', amt('0.00')),
        r62(S, '001', '010126', '010126', sign, amount, '48'),
        r64(S, '010126', sign, amount),
        ef('05428', 'AB12C', '010126', 'A', 1, 5),
      ]),
    )[0]!;

  it.each([
    ['C', '000000001234,56', '1234.56'],
    ['D', '000000001234,56', '-1234.56'],
    ['C', '000000000000,05', '0.05'],
    ['D', '000000000010,10', '-10.10'],
    ['D', '000000000000,00', '0.00'],
    ['C', '999999999999,99', '999999999999.99'],
  ])('%s %s → %s, exact to the cent', (sign, amount, expected) => {
    const s = one(sign, amount);
    expect(s.lines[0]!.amount).toBe(expected);
    expect(s.closingBalance).toBe(expected);
  });
});

describe('files refused, with the line and the reason', () => {
  const base = () => richStatement();
  const msg = (lines: string[]) => refused(file(lines)).message;

  it('a 62 before a 61', () => {
    const b = base();
    const e = refused(file([b[0]!, b[2]!, ...b.slice(1)]));
    expect(e.status).toBe(400);
    expect(e.message).toBe('Riga 2: record 62 prima di un record 61 (saldo iniziale)');
  });

  it('a bad amount, a bad sign, a bad date', () => {
    const b = base();
    b[2] = r62(S, '001', '300326', '310326', 'C', '00000000123.45', '48');
    expect(msg(b)).toBe("Riga 3: importo non valido ('00000000123.45'): 12 cifre, la virgola e 2 decimali");
    b[2] = r62(S, '001', '300326', '310326', 'X', amt('1.00'), '48');
    expect(msg(b)).toBe("Riga 3: segno non valido ('X'): atteso C (avere) o D (dare)");
    b[2] = r62(S, '001', '290299', '310326', 'C', amt('1.00'), '48');
    expect(msg(b)).toBe("Riga 3: data valuta non valida ('290299'): attesa una data GGMMAA");
    b[2] = r62(S, '001', '300326', '3103AB', 'C', amt('1.00'), '48');
    expect(msg(b)).toBe("Riga 3: data contabile non valida ('3103AB'): attesa una data GGMMAA");
    const c = base();
    c[3] = yyy(S, '001', '31022026', '', 'ROSSI MARIO');
    expect(msg(c)).toBe("Riga 4: data dell'ordine non valida ('31022026'): attesa una data GGMMAAAA");
  });

  it('a 63 of another movement, a record of another statement', () => {
    const b = base();
    b[4] = yy2(S, '002', 'VIA ROMA 1', PAYER);
    expect(msg(b)).toBe('Riga 5: record 63 del movimento 002, ma il record 62 della riga 3 è il movimento 001');
    const c = base();
    c[8] = r62('0000002', '002', '310326', '310326', 'D', amt('12.50'), '16');
    expect(msg(c)).toBe(
      "Riga 9: record 62 dell'estratto conto n. 0000002, ma il record 61 della riga 2 apre il n. 0000001",
    );
  });

  it("the EF's counts of statements and of records", () => {
    const b = base();
    b[18] = ef('05428', 'AB12C', '310326', 'CL-20260331-0001', 2, 19);
    expect(msg(b)).toBe('Riga 19: il record EF dichiara 2 estratti conto, ma il flusso ne contiene 1');
    b[18] = ef('05428', 'AB12C', '310326', 'CL-20260331-0001', 1, 18);
    expect(msg(b)).toBe('Riga 19: il record EF dichiara 18 record, ma il flusso ne contiene 19');
    b[18] = ef('05428', 'ZZ999', '310326', 'CL-20260331-0001', 1, 19);
    expect(msg(b)).toBe('Riga 19: il record EF non corrisponde al record RH della riga 1 (codice ABI o SIA diverso)');
    // counts that are no numbers are not checked
    b[18] = rec([2, 'EF'], [4, '05428'], [9, 'AB12C'], [14, '310326'], [20, 'CL-20260331-0001']);
    expect(parseCbiRh(file(b))).toHaveLength(1);
  });

  it('a file that is no RH statement', () => {
    expect(msg(['Data;Valuta;Importo;Descrizione', '01/03/2026;01/03/2026;150,00;BONIFICO'])).toBe(
      'Il file non contiene un record RH: non è un estratto conto CBI',
    );
    expect(refused(Buffer.from('<?xml version="1.0"?><Document/>')).message).toBe(CBI_RH_MESSAGES.notRh);
    expect(refused(Buffer.alloc(0)).message).toBe(CBI_RH_MESSAGES.notRh);
    expect(refused(Buffer.from('\n\n  \n')).message).toBe(CBI_RH_MESSAGES.notRh);
  });

  it('records too long, of no known type, out of order, a block never closed', () => {
    const b = base();
    b[8] = `${b[8]!} X`;
    expect(msg(b)).toBe('Riga 9: record di 122 caratteri (un record CBI ne ha 120)');
    const c = base();
    c[5] = rec([2, '99'], [4, S]);
    expect(msg(c)).toBe(
      "Riga 6: tipo di record non riconosciuto (' 99'): un record CBI inizia con uno spazio e il tipo (RH, 61, 62, 63, 64, 65, EF)",
    );
    expect(msg(base().slice(0, 18))).toBe(
      'Il file è incompleto: manca il record EF (fine flusso) del flusso iniziato alla riga 1',
    );
    const d = base();
    expect(msg([...d.slice(0, 2), d[3]!, ...d.slice(2)])).toBe(
      'Riga 3: record 63 senza un record 62 (movimento) che lo preceda',
    );
    expect(msg([...d.slice(0, 17), d[1]!, ...d.slice(17)])).toBe(
      "Riga 18: record 61 prima del record 64 (saldo finale) dell'estratto conto iniziato alla riga 2",
    );
    expect(msg([d[1]!, ...d])).toBe('Riga 1: record 61 prima di un record RH (inizio flusso)');
    expect(msg([...d, d[2]!])).toBe('Riga 20: record 62 prima di un record RH (inizio flusso)');
  });

  it('a record trimmed and then wrong says its length', () => {
    const b = base();
    b[8] = r62(S, '002', '310326', '31', '', '', '').trimEnd();
    expect(b[8]).toHaveLength(21);
    expect(msg(b)).toBe(
      "Riga 9: data contabile non valida ('31'): attesa una data GGMMAA (il record ha 21 caratteri invece di 120)",
    );
  });

  it('a currency other than the euro', () => {
    const b = base();
    const r = r61(S, OWN, '300326', 'C', amt('1.00'));
    b[1] = `${r.slice(0, 74)}USD${r.slice(77)}`;
    expect(msg(b)).toBe("Riga 2: conto in 'USD': sono gestiti solo conti in euro (EUR)");
  });
});

describe('bounds', () => {
  it('more movements than a statement may have: refused on the bytes, before reading the records', () => {
    const line = `${r62(S, '001', '010126', '010126', 'C', amt('1.00'), '48')}\n`;
    const bytes = Buffer.from(line.repeat(CAMT_MAX_LINES + 1), 'latin1');
    const t0 = performance.now();
    const e = refused(bytes);
    // the same words as the camt.053 reader's; without the bound the first record (no RH) would be the reason
    expect(e.message).toBe(CAMT_MESSAGES.tooManyLines);
    expect(e.message).toBe('Il file contiene più di 50.000 movimenti: scarica un periodo più breve');
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('a file larger than the camt.053 bound', () => {
    const e = refused(Buffer.alloc(CAMT_MAX_BYTES + 1, 0x20));
    expect(e.message).toBe(CBI_RH_MESSAGES.tooLarge);
    expect(e.message).toContain('30 MB');
  });

  it('any byte is read (Latin-1 when not UTF-8; UTF-8 accents count one character)', () => {
    const b = richStatement();
    const latin = file(b);
    // an invalid UTF-8 byte in a description
    latin[2 * 121 + 100] = 0xff;
    const [s] = parseCbiRh(latin);
    expect(s!.lines[0]!.remittance).toContain('ÿ');
    // a UTF-8 'è' (2 bytes) in a full 120-character record
    const utf = b.slice();
    utf[6] =
      ri(S, '001', 'RI1', 'SALDO FATT. 12/2026 ONORARI STUDIO').replace(/ $/, '').replace('STUDIO', 'STUDIò') + ' ';
    expect(utf[6]!.length).toBe(120);
    const [u] = parseCbiRh(Buffer.from(utf.join('\n'), 'utf8'));
    expect(u!.lines[0]!.remittance).toContain('STUDIò');
  });

  it('10,000 movements in one statement parse (movement numbers wrap at 999)', () => {
    const lines = [rh('05428', 'AB12C', '310326', 'BIG'), r61(S, OWN, '010326', 'C', amt('0.00'))];
    for (let i = 1; i <= 10_000; i++) {
      const mov = String(i % 1000).padStart(3, '0');
      lines.push(r62(S, mov, '150326', '150326', 'C', amt(`${i}.01`), '48', `R${i}`));
      lines.push(yyy(S, mov, '15032026', '', `CLIENTE ${i}`));
      lines.push(ri(S, mov, 'RI1', `FATT ${i}/2026`));
    }
    lines.push(r64(S, '310326', 'C', amt('50005100.00')));
    lines.push(ef('05428', 'AB12C', '310326', 'BIG', 1, lines.length + 1));
    const [s] = parseCbiRh(file(lines, '\r\n'));
    expect(s!.lines).toHaveLength(10_000);
    expect(s!.lines[9_999]).toMatchObject({ amount: '10000.01', counterparty: 'CLIENTE 10000', bankRef: 'R10000' });
    expect(s!.lines[9_999]!.remittance).toBe('FATT 10000/2026');
  });
});

describe('the format sniff and the causali ABI', () => {
  it('isCbiRh: an RH first line (after blank lines or a BOM), nothing else', () => {
    expect(isCbiRh(file(richStatement()))).toBe(true);
    expect(
      isCbiRh(
        file(
          richStatement().map((l) => l.trimEnd()),
          '\r\n',
        ),
      ),
    ).toBe(true);
    expect(isCbiRh(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\r\n'), file(richStatement())]))).toBe(
      true,
    );
    expect(isCbiRh(Buffer.from('Data;Valuta;Importo\n01/03/2026;01/03/2026;1,00'))).toBe(false);
    expect(isCbiRh(Buffer.from('<?xml version="1.0"?><Document/>'))).toBe(false);
    expect(isCbiRh(Buffer.from(`${richStatement()[1]!}\n`))).toBe(false);
    expect(isCbiRh(Buffer.from(`${rh('05428', 'AB12C', '310326', 'X')}XX\n`))).toBe(false);
    expect(isCbiRh(new Uint8Array())).toBe(false);
  });

  it('cbiCodeText: the Italian text of the common codes', () => {
    expect(cbiCodeText('48')).toBe('Bonifico a vostro favore');
    expect(cbiCodeText('26')).toBe('Bonifico disposto');
    expect(cbiCodeText('16')).toBe('Commissioni e spese');
    expect(cbiCodeText(' z9 ')).toBe(CBI_CODES.Z9);
    expect(cbiCodeText('50')).toMatch(/SDD/);
    expect(cbiCodeText('QQ')).toBeNull();
    expect(cbiCodeText('')).toBeNull();
    expect(cbiCodeText(null)).toBeNull();
  });
});

describe('the writer', () => {
  const entries: CamtEntry[] = [
    {
      amount: 150,
      date: '2026-03-05',
      kind: 'credit',
      name: 'Società Caffè Ñandú S.r.l.',
      iban: PAYER,
      remittance: `SALDO FATT. 12/2026 ${'ONORARI STUDIO '.repeat(8)}FINE`,
      ref: 'TRN-0001',
    },
    {
      amount: 99.9,
      date: '2026-03-06',
      kind: 'credit',
      endToEndId: 'SDD-2026-03-000001',
      name: 'Bianchi Anna',
      iban: PAYER2,
      remittance: 'Rata 03/2026',
    },
    { amount: 0.1, date: '2026-03-06', kind: 'debit', name: 'Fornitore Srl', remittance: 'Canone' },
    {
      amount: 0.2,
      date: '2026-03-07',
      kind: 'return',
      endToEndId: 'SDD-2026-03-000001',
      name: 'Bianchi Anna',
      iban: PAYER2,
      reason: 'MD06',
    },
  ];
  const text = cbiRh({ abi: '05428', sia: 'AB12C', iban: OWN, created: '2026-03-07', opening: 1000.05, entries });

  it('every record 120 ASCII characters, CR LF, the RH…EF structure', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => l.length === 120)).toBe(true);
    expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
    // each entry a 62 and its 63 details: YYY YY2 RI1 RI2 / YYY YY2 ID1 RI1 / YYY RI1 / YYY YY2 ID1 and the reason
    expect(lines.map((l) => l.slice(1, 3)).join(' ')).toBe(
      'RH 61 62 63 63 63 63 62 63 63 63 63 62 63 63 62 63 63 63 63 64 EF',
    );
    expect(lines.filter((l) => l.startsWith(' 63')).map((l) => l.slice(13, 16))).toEqual([
      'YYY',
      'YY2',
      'RI1',
      'RI2',
      'YYY',
      'YY2',
      'ID1',
      'RI1',
      'YYY',
      'RI1',
      'YYY',
      'YY2',
      'ID1',
      ':RM',
    ]);
    // the EF counts the block's records, RH and EF included
    expect(lines.at(-1)!.slice(82, 89)).toBe(String(lines.length).padStart(7, '0'));
    expect(isCbiRh(Buffer.from(text, 'latin1'))).toBe(true);
  });

  it('round-trips: amounts, dates, ids, names (transliterated), IBANs, references, the return', () => {
    const [s, ...more] = parseCbiRh(Buffer.from(text, 'latin1'));
    expect(more).toEqual([]);
    expect(s).toMatchObject({
      iban: OWN,
      openingBalance: '1000.05',
      closingBalance: '1249.65',
      fromDate: '2026-03-05',
      toDate: '2026-03-07',
    });
    expect(
      s!.lines.map((l) => [
        l.bookingDate,
        l.amount,
        l.cbiCode,
        l.counterparty,
        l.counterpartyIban,
        l.endToEndId,
        l.isReturn,
        l.returnReason,
      ]),
    ).toEqual([
      ['2026-03-05', '150.00', '48', 'Societa Caffe Nandu S.r.l.', PAYER, null, false, null],
      ['2026-03-06', '99.90', '56', 'Bianchi Anna', PAYER2, 'SDD-2026-03-000001', false, null],
      ['2026-03-06', '-0.10', '26', 'Fornitore Srl', null, null, false, null],
      ['2026-03-07', '-0.20', '50', 'Bianchi Anna', PAYER2, 'SDD-2026-03-000001', true, 'MD06'],
    ]);
    expect(s!.lines[0]!.bankRef).toBe('TRN-0001');
    // the long remittance went over RI1 and RI2, cut between words: read back whole
    expect(s!.lines[0]!.remittance).toContain(entries[0]!.remittance!);
    expect(s!.lines[1]!.remittance).toContain('Rata 03/2026');
  });
});
