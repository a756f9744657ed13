/**
 * The bank's answer to an SDD file (the "esito"): the CBI status report (STAT-RPT-INC-SDD-01,
 * with its body or the logical message alone) and ISO pain.002.001.03, read into the rejected and
 * accepted debits; the files refused, hostile ones in the XML scanner's words. The CBI example
 * and schema are read from ../shared/cbi, never copied; the hand-written CBI logical messages are
 * checked against that schema with xmllint-wasm.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import {
  SDD_REASONS,
  SDD_STATUS_MESSAGES,
  isSddStatusReport,
  parseSddStatusReport,
  parseSddStatusReports,
  reasonText,
} from '../../server/areas/collections/sddStatus';
import { HttpError } from '../../server/errors';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CBI_DIR = resolve(repoRoot, '..', 'shared', 'cbi');
const example = () => readFileSync(resolve(CBI_DIR, 'example-status-report.xml'));

const BODY_NS = 'urn:CBI:xsd:CBIBdySDDStsRpt.00.01.00';
const LMSG_NS = 'urn:CBI:xsd:CBISDDStsRptLogMsg.00.01.00';
const PAIN002_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

const xml = (s: string) => Buffer.from(s, 'utf8');

/** The HttpError a parse throws (fails when it throws none). */
function refused(bytes: Buffer): HttpError {
  try {
    parseSddStatusReport(bytes);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('not refused');
}

/** The 1-based line of the nth (0-based) occurrence of `needle` in `s`. */
function lineOf(s: string, needle: string, nth = 0): number {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = s.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`${needle} #${nth} not found`);
  }
  return s.slice(0, i).split('\n').length;
}

// ---------------------------------------------------------------------------
// a CBI logical message, written by hand after CBISDDStsRptLogMsg.00.01.00.xsd
// ---------------------------------------------------------------------------

interface CbiTx {
  e2e?: string;
  status: string;
  code: string;
  info?: string[];
  amount: string;
}
interface CbiMsg {
  msgId?: string;
  /** undefined: the OrgnlMsgId left out */
  orgnlMsgId?: string | null;
  msgQual: '6' | '8';
  groupStatus: string;
  /** the group's reason (a distinta rejected whole) */
  groupReason?: { code: string; info?: string };
  pmts: Array<{ id: string; txs: CbiTx[] }>;
}

/** The content of the logical message (GrpHdr, OrgnlGrpInfAndSts, OrgnlPmtInfAndSts…), its elements with prefix `p`. */
function cbiContent(m: CbiMsg, p: string): string {
  const el = (name: string, inner: string, attrs = '') => `<${p}${name}${attrs}>${inner}</${p}${name}>`;
  const txs = m.pmts.flatMap((x) => x.txs);
  const sum = txs.reduce((s, t) => s + Math.round(Number(t.amount) * 100), 0);
  const tx = (t: CbiTx, i: number) =>
    '\n' +
    el(
      'TxInfAndSts',
      el('StsId', `STS-${i + 1}`) +
        el('OrgnlInstrId', `INSTR-${i + 1}`) +
        (t.e2e === undefined ? '' : el('OrgnlEndToEndId', t.e2e)) +
        el('TxSts', t.status) +
        el(
          'StsRsnInf',
          el('Orgtr', el('Nm', 'Banca del debitore') + el('Id', el('OrgId', el('BICOrBEI', 'BCITITMMXXX')))) +
            el('Rsn', el('Cd', t.code)) +
            (t.info ?? []).map((x) => el('AddtlInf', x)).join(''),
        ) +
        el(
          'ChrgsInf',
          el('Amt', '0.50', ' Ccy="EUR"') + el('Pty', el('FinInstnId', el('ClrSysMmbId', el('MmbId', '03069')))),
        ) +
        el('OrgnlTxRef', el('Amt', el('InstdAmt', t.amount, ' Ccy="EUR"')) + el('ReqdColltnDt', '2026-03-10')),
    );
  let n = 0;
  return (
    '\n' +
    el(
      'GrpHdr',
      el('MsgId', m.msgId ?? 'ESITO-20260311-001') +
        el('MsgQual', m.msgQual) +
        el('CreDtTm', '2026-03-11T18:02:00') +
        el('InitgPty', el('Id', el('OrgId', el('Othr', el('Id', 'A1B2C3D') + el('Issr', 'CBI'))))) +
        el('CdtrAgt', el('FinInstnId', el('ClrSysMmbId', el('MmbId', '05428')))),
    ) +
    '\n' +
    el(
      'OrgnlGrpInfAndSts',
      (m.orgnlMsgId === null ? '' : el('OrgnlMsgId', m.orgnlMsgId ?? 'SDD-2026-03-0001')) +
        el('OrgnlCreDtTm', '2026-03-02T09:15:00') +
        el('GrpSts', m.groupStatus) +
        (m.groupReason
          ? el(
              'StsRsnInf',
              el('Rsn', el('Cd', m.groupReason.code)) + (m.groupReason.info ? el('AddtlInf', m.groupReason.info) : ''),
            )
          : '') +
        (m.msgQual === '8'
          ? el('NbOfTxsPerSts', el('DtldNbOfTxs', String(txs.length)) + el('DtldCtrlSum', (sum / 100).toFixed(2)))
          : ''),
    ) +
    m.pmts
      .map((x) => '\n' + el('OrgnlPmtInfAndSts', el('OrgnlPmtInfId', x.id) + x.txs.map((t) => tx(t, n++)).join('')))
      .join('') +
    '\n'
  );
}

/** The logical message alone, as the root in its own namespace (how the schema validates it). */
const cbiLogical = (m: CbiMsg) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<CBISDDStsRptLogMsg xmlns="${LMSG_NS}">${cbiContent(m, '')}</CBISDDStsRptLogMsg>\n`;

/** The whole physical message: the body, its PhyMsgInf and one envelope per logical message (content prefixed `esito:`). */
const cbiBody = (...ms: CbiMsg[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<CBIBdySDDStsRpt xmlns="${BODY_NS}" xmlns:esito="${LMSG_NS}">\n` +
  `<PhyMsgInf><PhyMsgTpCd>STAT-RPT-INC-SDD-01</PhyMsgTpCd><NbOfLogMsg>${ms.length}</NbOfLogMsg></PhyMsgInf>` +
  ms
    .map(
      (m) =>
        `\n<CBIEnvelSDDStsRptLogMsg><CBISDDStsRptLogMsg>${cbiContent(m, 'esito:')}</CBISDDStsRptLogMsg></CBIEnvelSDDStsRptLogMsg>`,
    )
    .join('') +
  '\n</CBIBdySDDStsRpt>\n';

/** A partial esito: two debits rejected for different reasons, one accepted. */
const partial = (accepted = true): CbiMsg => ({
  msgQual: '8',
  groupStatus: 'PART',
  pmts: [
    {
      id: 'SDD-2026-03-0001-CORE-RCUR',
      txs: [
        { e2e: 'E2E-2026-0001', status: 'RJCT', code: 'AM04', info: ['FONDI', 'INSUFFICIENTI'], amount: '120.50' },
        ...(accepted ? [{ e2e: 'E2E-2026-0002', status: 'ACCP', code: 'NARR', amount: '80.00' }] : []),
      ],
    },
    {
      id: 'SDD-2026-03-0001-CORE-FRST',
      txs: [{ e2e: 'E2E-2026-0003', status: 'RJCT', code: 'AC04', amount: '1500.00' }],
    },
  ],
});

/** A distinta rejected whole (MsgQual 6): GrpSts RJCT, its reason, no transaction. */
const rejectedWhole: CbiMsg = {
  msgQual: '6',
  groupStatus: 'RJCT',
  groupReason: { code: 'FF01', info: 'FILE NON CONFORME' },
  pmts: [],
};

let schema = '';
beforeAll(async () => {
  schema = await readFile(resolve(CBI_DIR, 'CBISDDStsRptLogMsg.00.01.00.xsd'), 'utf8');
});
/** The schema's errors for a logical message ([] when valid). */
async function schemaErrors(doc: string): Promise<string[]> {
  const res = await validateXML({
    xml: [{ fileName: 'esito.xml', contents: doc }],
    schema: [{ fileName: 'CBISDDStsRptLogMsg.00.01.00.xsd', contents: schema }],
  });
  return res.valid ? [] : res.errors.map((e) => e.rawMessage ?? String(e));
}

// ---------------------------------------------------------------------------

describe('the CBI example (../shared/cbi/example-status-report.xml)', () => {
  const r = parseSddStatusReport(example());

  it('the report, the distinta it answers and its partial status', () => {
    expect(r).toMatchObject({
      format: 'cbi',
      messageId: 'DD3230829UCC0051843001',
      createdAt: '2023-08-29T19:16:04',
      originalMessageId: '1000292519',
      groupStatus: 'PART',
      groupReason: null,
      paymentInfoStatuses: [],
    });
  });

  it('its eight debits rejected with MD01, their end-to-end ids, amounts and lines', () => {
    expect(r.transactions.map((t) => t.endToEndId)).toEqual([
      '3700082783',
      '3700082601',
      '3700082117',
      '3700082118',
      '3700082588',
      '3700082119',
      '3700081987',
      '3700082667',
    ]);
    expect(r.transactions.map((t) => t.amount)).toEqual([
      '2540.22',
      '2156.84',
      '3142.78',
      '1864.88',
      '1644.33',
      '2617.24',
      '996.24',
      '1230.32',
    ]);
    expect(r.transactions.map((t) => t.lineNo)).toEqual([45, 140, 235, 330, 425, 520, 615, 710]);
    for (const t of r.transactions) {
      expect(t).toMatchObject({
        originalPaymentInfoId: '1000292620',
        status: 'RJCT',
        reason: 'MD01',
        reasonText: 'PRE',
      });
    }
    // what the report itself counts (NbOfTxsPerSts: 8 debits, 16192.85)
    const cents = r.transactions.reduce((s, t) => s + Math.round(Number(t.amount) * 100), 0);
    expect(cents).toBe(1_619_285);
  });

  it('MD01 ends the mandate', () => {
    expect(SDD_REASONS[r.transactions[0]!.reason!]!.mandateEnds).toBe(true);
    expect(reasonText(r.transactions[0]!.reason)).toBe(
      'MD01 — mandato assente, non valido o revocato, oppure addebito non autorizzato',
    );
  });
});

describe('a hand-written CBI report', () => {
  it('in its body: two rejects of different reasons and one accepted, the content under any prefix', () => {
    const r = parseSddStatusReport(xml(cbiBody(partial())));
    expect(r).toMatchObject({
      format: 'cbi',
      messageId: 'ESITO-20260311-001',
      createdAt: '2026-03-11T18:02:00',
      originalMessageId: 'SDD-2026-03-0001',
      groupStatus: 'PART',
      groupReason: null,
    });
    expect(r.transactions).toMatchObject([
      {
        endToEndId: 'E2E-2026-0001',
        originalPaymentInfoId: 'SDD-2026-03-0001-CORE-RCUR',
        status: 'RJCT',
        reason: 'AM04',
        reasonText: 'FONDI INSUFFICIENTI',
        amount: '120.50',
      },
      {
        endToEndId: 'E2E-2026-0002',
        originalPaymentInfoId: 'SDD-2026-03-0001-CORE-RCUR',
        status: 'ACCP',
        reason: 'NARR',
        reasonText: null,
        amount: '80.00',
      },
      {
        endToEndId: 'E2E-2026-0003',
        originalPaymentInfoId: 'SDD-2026-03-0001-CORE-FRST',
        status: 'RJCT',
        reason: 'AC04',
        reasonText: null,
        amount: '1500.00',
      },
    ]);
    const doc = cbiBody(partial());
    expect(r.transactions.map((t) => t.lineNo)).toEqual([0, 1, 2].map((i) => lineOf(doc, '<esito:TxInfAndSts>', i)));
    expect(r.transactions.map((t) => reasonText(t.reason))).toEqual([
      'AM04 — fondi insufficienti',
      'Codice NARR (motivo non previsto)',
      'AC04 — conto del debitore estinto',
    ]);
  });

  it('its logical message without the body gives the same report', () => {
    const alone = parseSddStatusReport(xml(cbiLogical(partial())));
    const wrapped = parseSddStatusReport(xml(cbiBody(partial())));
    const noLines = (r: typeof alone) => ({ ...r, transactions: r.transactions.map((t) => ({ ...t, lineNo: 0 })) });
    expect(noLines(alone)).toEqual(noLines(wrapped));
    expect(alone.transactions).toHaveLength(3);
    expect(alone.format).toBe('cbi');
  });

  it('the logical message follows the CBI schema; the schema has only RJCT as a transaction status', async () => {
    expect(await schemaErrors(cbiLogical(partial(false)))).toEqual([]);
    expect(await schemaErrors(cbiLogical(rejectedWhole))).toEqual([]);
    // the check is no formality: the accepted debit (ACCP) and a missing OrgnlMsgId break it
    expect((await schemaErrors(cbiLogical(partial(true)))).join('\n')).toMatch(/TxSts.*'ACCP'/);
    expect((await schemaErrors(cbiLogical({ ...partial(false), orgnlMsgId: null }))).join('\n')).toMatch(
      /Expected is .*OrgnlMsgId/,
    );
  });

  it('a distinta rejected whole: RJCT, its reason, no transaction', () => {
    for (const doc of [cbiBody(rejectedWhole), cbiLogical(rejectedWhole)]) {
      const r = parseSddStatusReport(xml(doc));
      expect(r).toEqual({
        format: 'cbi',
        messageId: 'ESITO-20260311-001',
        createdAt: '2026-03-11T18:02:00',
        originalMessageId: 'SDD-2026-03-0001',
        groupStatus: 'RJCT',
        groupReason: 'FF01',
        groupReasonText: 'FILE NON CONFORME',
        paymentInfoStatuses: [],
        transactions: [],
      });
    }
  });

  it('a body with the esiti of two distinte: each read, but not taken as one', () => {
    const two = xml(cbiBody(partial(), { ...rejectedWhole, msgId: 'ESITO-2', orgnlMsgId: 'SDD-2026-03-0002' }));
    const reports = parseSddStatusReports(two);
    expect(reports.map((r) => [r.originalMessageId, r.groupStatus, r.transactions.length])).toEqual([
      ['SDD-2026-03-0001', 'PART', 3],
      ['SDD-2026-03-0002', 'RJCT', 0],
    ]);
    expect(refused(two).message).toBe(SDD_STATUS_MESSAGES.manyReports(2));
    expect(refused(two).message).toBe(
      'Il file contiene gli esiti di 2 distinte: caricali uno alla volta o chiedi alla banca un file per distinta',
    );
  });

  it('namespaces by their URI: the same names in another namespace are no report', () => {
    const otherVersion = cbiLogical(partial()).replace(LMSG_NS, 'urn:CBI:xsd:CBISDDStsRptLogMsg.00.01.01');
    expect(refused(xml(otherVersion)).message).toBe(SDD_STATUS_MESSAGES.notSdd);
    const noNamespace = cbiLogical(partial()).replace(` xmlns="${LMSG_NS}"`, '');
    expect(refused(xml(noNamespace)).message).toBe(SDD_STATUS_MESSAGES.notSdd);
    // the body's content in another namespace is not read: no logical message found
    const foreign = cbiBody(partial()).replace(`xmlns:esito="${LMSG_NS}"`, 'xmlns:esito="urn:example:other"');
    expect(() => parseSddStatusReport(xml(foreign))).toThrow(SDD_STATUS_MESSAGES.noMessageId);
  });
});

// ---------------------------------------------------------------------------

/** A pain.002.001.03 answering SDD-2026-03-0001: a partial group, a payment information rejected whole, one without statuses of its own. */
const pain002 = (ns = PAIN002_NS) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${ns}" xmlns:x="urn:example:bank-extension">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-20260311-0042</MsgId><CreDtTm>2026-03-11T07:30:00+01:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>SDD-2026-03-0001</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
      <OrgnlNbOfTxs>6</OrgnlNbOfTxs><OrgnlCtrlSum>1000.00</OrgnlCtrlSum><GrpSts>PART</GrpSts>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>SDD-2026-03-0001-1</OrgnlPmtInfId>
      <TxInfAndSts>
        <StsId>1</StsId>
        <x:Extra><OrgnlEndToEndId>NOT-THIS-ONE</OrgnlEndToEndId></x:Extra>
        <OrgnlEndToEndId>E2E-1</OrgnlEndToEndId>
        <TxSts>rjct</TxSts>
        <StsRsnInf>
          <Orgtr><Id><OrgId><BICOrBEI>BCITITMM</BICOrBEI></OrgId></Id></Orgtr>
          <Rsn><Cd>MD07</Cd></Rsn>
          <AddtlInf>Debitore</AddtlInf><AddtlInf>deceduto</AddtlInf>
        </StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">250.00</InstdAmt></Amt><ReqdColltnDt>2026-03-10</ReqdColltnDt></OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>E2E-2</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Prtry>X123</Prtry></Rsn></StsRsnInf>
        <OrgnlTxRef><IntrBkSttlmAmt Ccy="EUR">99.9</IntrBkSttlmAmt></OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>E2E-3</OrgnlEndToEndId>
        <TxSts>ACSC</TxSts>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>SDD-2026-03-0001-2</OrgnlPmtInfId>
      <PmtInfSts>RJCT</PmtInfSts>
      <StsRsnInf><Rsn><Cd>BE05</Cd></Rsn><AddtlInf>CID non riconosciuto</AddtlInf></StsRsnInf>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>SDD-2026-03-0001-3</OrgnlPmtInfId>
      <PmtInfSts>RJCT</PmtInfSts>
      <TxInfAndSts><OrgnlEndToEndId>E2E-6</OrgnlEndToEndId><StsRsnInf><Rsn><Cd>AG01</Cd></Rsn></StsRsnInf></TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;

describe('pain.002.001.03', () => {
  const doc = pain002();
  const r = parseSddStatusReport(xml(doc));

  it('the report and the distinta it answers', () => {
    expect(r).toMatchObject({
      format: 'pain002',
      messageId: 'STS-20260311-0042',
      createdAt: '2026-03-11T07:30:00+01:00',
      originalMessageId: 'SDD-2026-03-0001',
      groupStatus: 'PART',
      groupReason: null,
      groupReasonText: null,
    });
  });

  it('its rejects and its accepted debit: codes or proprietary reasons, texts joined, amounts as written', () => {
    expect(r.transactions).toEqual([
      {
        endToEndId: 'E2E-1',
        originalPaymentInfoId: 'SDD-2026-03-0001-1',
        status: 'RJCT',
        reason: 'MD07',
        reasonText: 'Debitore deceduto',
        amount: '250.00',
        lineNo: lineOf(doc, '<TxInfAndSts>', 0),
      },
      {
        endToEndId: 'E2E-2',
        originalPaymentInfoId: 'SDD-2026-03-0001-1',
        status: 'RJCT',
        reason: 'X123',
        reasonText: null,
        amount: '99.9',
        lineNo: lineOf(doc, '<TxInfAndSts>', 1),
      },
      {
        endToEndId: 'E2E-3',
        originalPaymentInfoId: 'SDD-2026-03-0001-1',
        status: 'ACSC',
        reason: null,
        reasonText: null,
        amount: null,
        lineNo: lineOf(doc, '<TxInfAndSts>', 2),
      },
      // no TxSts of its own: its payment information's RJCT
      {
        endToEndId: 'E2E-6',
        originalPaymentInfoId: 'SDD-2026-03-0001-3',
        status: 'RJCT',
        reason: 'AG01',
        reasonText: null,
        amount: null,
        lineNo: lineOf(doc, '<TxInfAndSts>', 3),
      },
    ]);
  });

  it('a payment information rejected whole, without transactions, is kept with its reason', () => {
    expect(r.paymentInfoStatuses).toEqual([
      {
        originalPaymentInfoId: 'SDD-2026-03-0001-2',
        status: 'RJCT',
        reason: 'BE05',
        reasonText: 'CID non riconosciuto',
        lineNo: lineOf(doc, '<OrgnlPmtInfAndSts>', 1),
      },
      {
        originalPaymentInfoId: 'SDD-2026-03-0001-3',
        status: 'RJCT',
        reason: null,
        reasonText: null,
        lineNo: lineOf(doc, '<OrgnlPmtInfAndSts>', 2),
      },
    ]);
  });

  it('any prefix for the namespace', () => {
    const prefixed = doc
      .replace(`xmlns="${PAIN002_NS}"`, `xmlns:p2="${PAIN002_NS}"`)
      .replace(/<(\/?)(?![/?]|x:)/g, '<$1p2:');
    expect(prefixed).toContain('<p2:TxInfAndSts>');
    const p = parseSddStatusReport(xml(prefixed));
    expect(p.transactions.map((t) => [t.endToEndId, t.status, t.reason])).toEqual(
      r.transactions.map((t) => [t.endToEndId, t.status, t.reason]),
    );
    expect(p.originalMessageId).toBe('SDD-2026-03-0001');
  });

  it('a group rejected whole', () => {
    const whole = `<Document xmlns="${PAIN002_NS}"><CstmrPmtStsRpt><GrpHdr><MsgId>S-9</MsgId><CreDtTm>2026-03-11T07:30:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>SDD-2026-03-0009</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>RJCT</GrpSts>
<StsRsnInf><Rsn><Cd>FF01</Cd></Rsn><AddtlInf>Schema non valido</AddtlInf></StsRsnInf></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>`;
    expect(parseSddStatusReport(xml(whole))).toEqual({
      format: 'pain002',
      messageId: 'S-9',
      createdAt: '2026-03-11T07:30:00',
      originalMessageId: 'SDD-2026-03-0009',
      groupStatus: 'RJCT',
      groupReason: 'FF01',
      groupReasonText: 'Schema non valido',
      paymentInfoStatuses: [],
      transactions: [],
    });
  });

  it('another version of pain.002 is named', () => {
    const e = refused(xml(pain002('urn:iso:std:iso:20022:tech:xsd:pain.002.001.10')));
    expect(e.status).toBe(400);
    expect(e.message).toBe(
      'Il file è un esito pain.002 nella versione pain.002.001.10, che non è gestita: è letta la versione pain.002.001.03',
    );
  });
});

// ---------------------------------------------------------------------------

describe('what is refused', () => {
  it('a file that is no XML: a CSV, a PDF, an empty file', () => {
    for (const bad of [
      xml('Data;Importo;Causale\n01/03/2026;10,00;SDD\n'),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
      Buffer.alloc(0),
    ]) {
      expect(refused(bad).message).toBe(
        'Il file non è un esito SDD: attesi un esito CBI (STAT-RPT-INC-SDD-01) o un pain.002',
      );
    }
  });

  it('another XML document: a camt.053, our own pain.008, a CBI SDD request, an HTML page', () => {
    for (const bad of [
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>`,
      `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>`,
      `<CBIBdySDDReq xmlns="urn:CBI:xsd:CBIBdySDDReq.00.01.00"><PhyMsgInf/></CBIBdySDDReq>`,
      `<html><body>Esito</body></html>`,
      // the right namespace, the wrong message in it
      `<Document xmlns="${PAIN002_NS}"><CstmrCdtTrfInitn/></Document>`,
      // a CBI body with no logical message
      `<CBIBdySDDStsRpt xmlns="${BODY_NS}"><PhyMsgInf><PhyMsgTpCd>STAT-RPT-INC-SDD-01</PhyMsgTpCd></PhyMsgInf></CBIBdySDDStsRpt>`,
    ]) {
      const e = refused(xml(bad));
      expect(e.status).toBe(400);
      expect(e.message).toBe(SDD_STATUS_MESSAGES.notSdd);
    }
  });

  it('no OrgnlMsgId: the distinta cannot be found', () => {
    for (const doc of [
      cbiBody({ ...partial(), orgnlMsgId: null }),
      pain002().replace('<OrgnlMsgId>SDD-2026-03-0001</OrgnlMsgId>', ''),
      pain002().replace('<OrgnlMsgId>SDD-2026-03-0001</OrgnlMsgId>', '<OrgnlMsgId> </OrgnlMsgId>'),
    ]) {
      const e = refused(xml(doc));
      expect(e.status).toBe(400);
      expect(e.message).toBe('Manca il riferimento alla distinta (OrgnlMsgId)');
    }
  });

  it('a transaction without its end-to-end id, by its line', () => {
    const m = partial();
    m.pmts[1]!.txs[0]!.e2e = undefined;
    const doc = cbiBody(m);
    const line = lineOf(doc, '<esito:TxInfAndSts>', 2);
    expect(line).toBe(11);
    expect(refused(xml(doc)).message).toBe(
      `Manca il riferimento dell'addebito (OrgnlEndToEndId) nell'esito della transazione alla riga ${line}`,
    );
    const p = pain002().replace('<OrgnlEndToEndId>E2E-2</OrgnlEndToEndId>', '<OrgnlEndToEndId></OrgnlEndToEndId>');
    expect(refused(xml(p)).message).toBe(
      `Manca il riferimento dell'addebito (OrgnlEndToEndId) nell'esito della transazione alla riga ${lineOf(p, '<TxInfAndSts>', 1)}`,
    );
  });

  it('a pain.002 transaction with no status of its own nor one to inherit', () => {
    const p = pain002().replace('<TxSts>ACSC</TxSts>', '');
    expect(refused(xml(p)).message).toBe(
      `Manca lo stato (TxSts) nell'esito della transazione alla riga ${lineOf(p, '<TxInfAndSts>', 2)}`,
    );
  });

  it('a "billion laughs" DTD, at once and before any expansion, in the scanner’s words', () => {
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join(
        '',
      ) +
      `]>\n<CBIBdySDDStsRpt xmlns="${BODY_NS}"><PhyMsgInf><PhyMsgTpCd>&lol10;</PhyMsgTpCd></PhyMsgInf></CBIBdySDDStsRpt>`;
    const t0 = performance.now();
    const e = refused(xml(bomb));
    expect(performance.now() - t0).toBeLessThan(200);
    expect(e.status).toBe(422);
    expect(e.message).toBe('Il file XML contiene una dichiarazione DOCTYPE o ENTITY, che non è ammessa');
    // an external entity (XXE) the same; an entity no DTD declares is no reference either
    expect(
      refused(
        xml(`<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="${PAIN002_NS}">&x;</Document>`),
      ).message,
    ).toBe('Il file XML contiene una dichiarazione DOCTYPE o ENTITY, che non è ammessa');
    const undeclared = pain002().replace('>E2E-1<', '>E2E-&x;<');
    expect(refused(xml(undeclared)).message).toBe(
      `Il file XML contiene alla riga ${lineOf(undeclared, 'E2E-&x;')} un riferimento non ammesso (&x;): sono ammessi solo &amp; &lt; &gt; &quot; &apos; e i riferimenti a caratteri (&#…;)`,
    );
  });

  it('a very deep document, in the scanner’s words', () => {
    const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000);
    const e = refused(xml(`<Document xmlns="${PAIN002_NS}"><CstmrPmtStsRpt>\n${deep}</CstmrPmtStsRpt></Document>`));
    expect(e.status).toBe(422);
    expect(e.message).toBe('Il file XML ha elementi annidati oltre 64 livelli (riga 2)');
  });

  it('a broken XML, in the scanner’s words', () => {
    const broken = cbiBody(partial()).replace('</CBIBdySDDStsRpt>', '');
    expect(refused(xml(broken)).message).toBe("Il file XML non è valido: l'elemento <CBIBdySDDStsRpt> non è chiuso");
  });

  it('a file over 30 MB, before reading it', () => {
    const e = refused(Buffer.alloc(31 * 1024 * 1024, 0x20));
    expect(e.status).toBe(413);
    expect(e.message).toBe('Il file XML è troppo grande: può essere al massimo di 30 MB');
  });
});

describe('isSddStatusReport', () => {
  it('tells an esito from the other files by the head of the file', () => {
    expect(isSddStatusReport(example())).toBe(true);
    expect(isSddStatusReport(xml(cbiLogical(partial())))).toBe(true);
    expect(isSddStatusReport(xml(pain002()))).toBe(true);
    // UTF-16 with its BOM
    expect(isSddStatusReport(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(pain002(), 'utf16le')]))).toBe(true);
    expect(isSddStatusReport(xml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'))).toBe(false);
    expect(
      isSddStatusReport(
        xml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>'),
      ),
    ).toBe(false);
    expect(isSddStatusReport(Buffer.from('%PDF-1.7\n'))).toBe(false);
    expect(isSddStatusReport(new Uint8Array(0))).toBe(false);
  });
});

describe('SDD_REASONS and reasonText', () => {
  const listed = [
    'AC01',
    'AC04',
    'AC06',
    'AC13',
    'AG01',
    'AG02',
    'AM04',
    'AM05',
    'BE05',
    'CNOR',
    'DNOR',
    'FF01',
    'MD01',
    'MD02',
    'MD06',
    'MD07',
    'MS02',
    'MS03',
    'RC01',
    'RR01',
    'RR02',
    'RR03',
    'RR04',
    'SL01',
    'FOCR',
    'DUPL',
    'TECH',
  ];

  it('covers the SEPA SDD reason codes, each in Italian words', () => {
    for (const c of listed) {
      expect(SDD_REASONS[c], c).toBeDefined();
      expect(SDD_REASONS[c]!.text.length, c).toBeGreaterThan(5);
      expect(reasonText(c)).toBe(`${c} — ${SDD_REASONS[c]!.text}`);
    }
  });

  it('the mandate ends for no mandate, a closed account, a deceased debtor; not for missing funds', () => {
    expect(SDD_REASONS.MD01!.mandateEnds).toBe(true);
    expect(SDD_REASONS.AC04!.mandateEnds).toBe(true);
    expect(SDD_REASONS.MD07!.mandateEnds).toBe(true);
    expect(SDD_REASONS.AM04!.mandateEnds).toBe(false);
    // a refusal of one debit or a refund of an authorised one leave the mandate in force
    expect(SDD_REASONS.MS02!.mandateEnds).toBe(false);
    expect(SDD_REASONS.MD06!.mandateEnds).toBe(false);
  });

  it('reasonText: known, unknown, lower case, none', () => {
    expect(reasonText('AM04')).toBe('AM04 — fondi insufficienti');
    expect(reasonText(' md07 ')).toBe('MD07 — debitore deceduto');
    expect(reasonText('XY99')).toBe('Codice XY99 (motivo non previsto)');
    expect(reasonText(null)).toBe('Motivo non indicato');
  });
});
