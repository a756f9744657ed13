/** The camt.053 reader of issue 29: what a real statement gives, and the files it refuses. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMT_MESSAGES, parseCamt053 } from '../../server/areas/collections/camt';
import { HttpError } from '../../server/errors';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/bank', name));
const xml = (s: string) => Buffer.from(s, 'utf8');

/** The HttpError a parse throws (fails when it throws none). */
function refused(bytes: Buffer): HttpError {
  try {
    parseCamt053(bytes);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

/** A minimal camt.053 of these entries. */
const statement = (entries: string, ns = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02') =>
  xml(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${ns}"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>` +
      `<Stmt><Id>S1</Id><Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id></Acct>\n${entries}\n</Stmt></BkToCstmrStmt></Document>`,
  );
const entry = (amt: string, ind = 'CRDT', date = '2026-03-05', extra = '') =>
  `<Ntry><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${date}</Dt></BookgDt>${extra}</Ntry>`;

describe('camt.053.001.02', () => {
  const s = parseCamt053(fixture('camt053_001_02.xml'));

  it('reads the account, the period and the balances', () => {
    expect(s).toMatchObject({
      format: 'camt053',
      iban: 'IT60X0542811101000000123456',
      statementRef: 'IT60X0542811101000000123456-20260331',
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      openingBalance: '12500.00',
      closingBalance: '12845.50',
    });
  });

  it('a transfer: the debtor is the counterparty, the Ustrd joined, NOTPROVIDED is no end-to-end id', () => {
    expect(s.lines[0]).toEqual({
      lineNo: 1,
      bookingDate: '2026-03-05',
      valueDate: '2026-03-05',
      amount: '150.00',
      counterparty: 'ROSSI MARIO S.R.L.',
      counterpartyIban: 'IT24A0306909606100000063347',
      remittance: 'SALDO FATT. 12/2026 ONORARI STUDIO & CONSULENZA',
      endToEndId: null,
      bankRef: '0306909606-TRN-77',
      isReturn: false,
      returnReason: null,
    });
  });

  it('a batch of SDD debits collected: one line per TxDtls, each with its own amount and end-to-end id', () => {
    const [a, b] = [s.lines[1]!, s.lines[2]!];
    expect(a).toMatchObject({
      lineNo: 2,
      amount: '200.00',
      counterparty: 'Bianchi Luca',
      counterpartyIban: 'IT67B0200801600000101234567',
      endToEndId: 'STUDIO-E2E-0001',
      bankRef: 'SDD-20260310-01',
      isReturn: false,
    });
    expect(b).toMatchObject({ lineNo: 3, amount: '150.00', counterparty: 'Verdi Anna', endToEndId: 'STUDIO-E2E-0002' });
  });

  it('an SDD return: a negative line, the customer (debtor) as counterparty, its reason', () => {
    expect(s.lines[3]).toMatchObject({
      amount: '-150.00',
      bookingDate: '2026-03-16',
      valueDate: '2026-03-10',
      counterparty: 'Verdi Anna',
      counterpartyIban: 'IT44C0301503200000003517230',
      endToEndId: 'STUDIO-E2E-0002',
      isReturn: true,
      returnReason: 'AM04',
    });
  });

  it('an entry without details: its additional information as remittance, its NtryRef as reference', () => {
    expect(s.lines[4]).toMatchObject({
      amount: '-4.50',
      remittance: 'COMMISSIONI TENUTA CONTO',
      bankRef: 'FEE-0331',
      counterparty: null,
      isReturn: false,
    });
  });

  it('CDATA and entities are text; a structured creditor reference joins the remittance', () => {
    expect(s.lines[5]).toMatchObject({
      amount: '0.00',
      counterparty: 'Fornitore <Carta> & C.',
      remittance: 'RF18539007547034',
      endToEndId: null,
    });
    expect(s.lines).toHaveLength(6);
  });
});

describe('camt.053 of later versions', () => {
  it('.001.08 with a prefix: Pty/Nm, DtTm, a spaced IBAN, PRCD as opening balance; a pending entry is left out', () => {
    const s = parseCamt053(fixture('camt053_001_08.xml'));
    // no FrToDt: from the first line's day, to the closing balance's
    expect(s).toMatchObject({
      iban: 'IT60X0542811101000000123456',
      statementRef: 'STMT-0402',
      fromDate: '2026-04-02',
      toDate: '2026-04-02',
      openingBalance: '-50.00',
      closingBalance: '1170.00',
    });
    expect(s.lines).toEqual([
      expect.objectContaining({
        amount: '1220.00',
        bookingDate: '2026-04-02',
        counterparty: 'Gialli Costruzioni S.p.A.',
        endToEndId: 'E2E-GIALLI-7',
        remittance: 'Fattura n. 7 del 15/03/2026',
      }),
    ]);
  });

  it('a batch whose transactions do not add up to the entry: one line for the entry', () => {
    const tx = (e2e: string, amt: string, name: string) =>
      `<TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${amt}</Amt></TxAmt></AmtDtls>` +
      `<RltdPties><Dbtr><Nm>${name}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Rata ${e2e}</Ustrd></RmtInf></TxDtls>`;
    const s = parseCamt053(
      statement(
        entry(
          '300.00',
          'CRDT',
          '2026-03-05',
          `<NtryDtls>${tx('A', '100.00', 'X')}${tx('B', '150.00', 'Y')}</NtryDtls>`,
        ),
      ),
    );
    expect(s.lines).toEqual([
      expect.objectContaining({ amount: '300.00', endToEndId: null, counterparty: null, remittance: 'Rata A Rata B' }),
    ]);
  });

  it('a reversal indicator makes a return; a debit of a returned direct debit code with an end-to-end id too', () => {
    const s = parseCamt053(
      statement(
        entry('80.00', 'DBIT', '2026-03-05', '<RvslInd>true</RvslInd>') +
          entry(
            '90.00',
            'DBIT',
            '2026-03-06',
            '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>' +
              '<NtryDtls><TxDtls><Refs><EndToEndId>E2E-9</EndToEndId></Refs></TxDtls></NtryDtls>',
          ),
      ),
    );
    expect(s.lines.map((l) => [l.amount, l.isReturn, l.endToEndId])).toEqual([
      ['-80.00', true, null],
      ['-90.00', true, 'E2E-9'],
    ]);
  });

  it('a file in ISO-8859-1 as its declaration says', () => {
    const text = statement(entry('10.00', 'CRDT', '2026-03-05', '<AddtlNtryInf>Società Più</AddtlNtryInf>')).toString(
      'utf8',
    );
    const latin = Buffer.from(text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(parseCamt053(latin).lines[0]!.remittance).toBe('Società Più');
  });
});

describe('what camt.053 refuses', () => {
  it('a DOCTYPE with an entity bomb, at once and before any expansion', () => {
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join(
        '',
      ) +
      ']>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol10;</Id></Stmt></BkToCstmrStmt></Document>';
    const t0 = performance.now();
    const e = refused(xml(bomb));
    expect(performance.now() - t0).toBeLessThan(200);
    expect(e.status).toBe(422);
    expect(e.message).toBe(CAMT_MESSAGES.doctype);
    expect(e.message).toBe('Il file contiene una dichiarazione DOCTYPE non ammessa');
  });

  it('an external entity (XXE) and an entity that no DTD declares', () => {
    expect(
      refused(
        xml('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>'),
      ).message,
    ).toBe(CAMT_MESSAGES.doctype);
    expect(refused(statement(entry('1.00', 'CRDT', '2026-03-05', '<AddtlNtryInf>&x;</AddtlNtryInf>'))).message).toBe(
      CAMT_MESSAGES.notXml,
    );
  });

  it('a file over 30 MB (31 MB), before reading it', () => {
    const big = Buffer.alloc(31 * 1024 * 1024, 0x20);
    const t0 = performance.now();
    const e = refused(big);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(e.message).toMatch(/^Il file è troppo grande/);
    expect(e.status).toBe(413);
  });

  it('a camt.052 and a camt.054, saying what they are', () => {
    expect(refused(fixture('camt052.xml')).message).toMatch(/^Il file è un CAMT\.052/);
    expect(
      refused(
        xml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn/></Document>'),
      ).message,
    ).toMatch(/^Il file è un CAMT\.054/);
  });

  it('any other XML, a CSV, a PDF, an empty file, a broken XML', () => {
    for (const bad of [
      xml(
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>',
      ),
      xml('<html><body>Estratto conto</body></html>'),
      xml('Data contabile;Importo\n01/03/2026;10,00\n'),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
      Buffer.alloc(0),
    ]) {
      expect(refused(bad).message).toBe(CAMT_MESSAGES.notCamt);
    }
    expect(refused(xml(statement(entry('1.00')).toString().replace('</Stmt>', ''))).message).toBe(CAMT_MESSAGES.notXml);
    expect(refused(xml(statement(entry('1.00')).toString() + '<Document/>')).message).toBe(CAMT_MESSAGES.notXml);
  });

  it('an unreadable amount or date names the line of the file', () => {
    const bad = refused(statement(entry('12,50')));
    expect(bad.message).toBe('Importo non valido alla riga 3: "12,50"');
    expect(refused(statement(entry('-12.50'))).message).toBe('Importo non valido alla riga 3: "-12.50"');
    expect(refused(statement(entry('12.505'))).message).toBe('Importo non valido alla riga 3: "12.505"');
    expect(refused(statement(entry('12.50', 'CRDT', '2026-02-30'))).message).toBe('Data non valida alla riga 3');
    expect(refused(statement(entry('12.50', 'XXXX'))).message).toMatch(/^Segno del movimento.*alla riga 3/);
    expect(refused(statement(entry('12.50').replace('Ccy="EUR"', 'Ccy="USD"'))).message).toMatch(/in USD alla riga 3/);
  });

  it('more than 50,000 entries', () => {
    const one = entry('1.00');
    const e = refused(statement(one.repeat(50_001)));
    expect(e.message).toMatch(/più di 50\.000 movimenti/);
  });

  it('the statements of two accounts in one file', () => {
    const two = statement(entry('1.00'))
      .toString()
      .replace(
        '</BkToCstmrStmt>',
        '<Stmt><Id>S2</Id><Acct><Id><IBAN>IT24A0306909606100000063347</IBAN></Id></Acct></Stmt></BkToCstmrStmt>',
      );
    expect(refused(xml(two)).message).toBe(CAMT_MESSAGES.manyAccounts);
  });

  it('a deeply nested document', () => {
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    expect(
      refused(
        xml(
          `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>${deep}</BkToCstmrStmt></Document>`,
        ),
      ).message,
    ).toBe(CAMT_MESSAGES.notXml);
  });
});
