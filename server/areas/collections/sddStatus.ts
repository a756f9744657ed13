/**
 * The bank's answer to a SEPA Direct Debit file (the "esito" of a distinta): which debits of the
 * batch it rejected, and why.
 *
 * Two documents are read:
 * - the CBI status report, physical message STAT-RPT-INC-SDD-01: the body
 *   `CBIBdySDDStsRpt` (urn:CBI:xsd:CBIBdySDDStsRpt.00.01.00) with PhyMsgInf and one or more
 *   CBIEnvelSDDStsRptLogMsg/CBISDDStsRptLogMsg, or the logical message `CBISDDStsRptLogMsg`
 *   (urn:CBI:xsd:CBISDDStsRptLogMsg.00.01.00) alone as the root. Its content is pain.002-like:
 *   GrpHdr (MsgId, MsgQual, CreDtTm…), OrgnlGrpInfAndSts (OrgnlMsgId, GrpSts PART or RJCT,
 *   StsRsnInf when RJCT), then OrgnlPmtInfAndSts (OrgnlPmtInfId, TxInfAndSts: OrgnlEndToEndId,
 *   TxSts, StsRsnInf/Rsn/Cd or Prtry, AddtlInf, OrgnlTxRef/Amt/InstdAmt). MsgQual 6 is a
 *   distinta rejected whole (GrpSts RJCT, no transaction), 8 a partial one (PART, the rejected
 *   transactions listed).
 * - ISO 20022 pain.002.001.03, Document/CstmrPmtStsRpt: the same names, with the status of a
 *   payment information (PmtInfSts) and any status of a transaction (RJCT, ACCP, ACSC, PDNG…).
 *
 * Namespaces are told by their URI (any prefix, or none), elements by local name; an element of
 * another namespace inside the message is skipped with all it holds. The file is untrusted: it is
 * read by the bounded XML scanner (server/xml/scanner.ts: no DTD, no entity expanded, the size,
 * the depth and the tags bounded), whose Italian words refuse a hostile or broken file; a file
 * that is XML but no such report, or one that lacks what the caller needs (the report's MsgId,
 * the distinta's OrgnlMsgId, a transaction's end-to-end id), is a 400 in Italian.
 */
import { badRequest } from '../../errors.js';
import { scanXml, type XmlAttrs } from '../../xml/scanner.js';

/** The body of the CBI physical message. */
const CBI_BODY_NS = 'urn:CBI:xsd:CBIBdySDDStsRpt.00.01.00';
/** The CBI logical message (its content is in this namespace). */
const CBI_LOGMSG_NS = 'urn:CBI:xsd:CBISDDStsRptLogMsg.00.01.00';
const PAIN002_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

/** At most this many bytes per file (a rejected transaction takes about 3 KB in a real CBI report). */
export const SDD_STATUS_MAX_BYTES = 30 * 1024 * 1024;
/** At most this many transactions per file. */
export const SDD_STATUS_MAX_TRANSACTIONS = 50_000;
/** A value is kept up to this many characters (an AddtlInf has 105, an identifier 35). */
const MAX_VALUE_CHARS = 500;
/** At most this many values of one path per context (AddtlInf may repeat). */
const MAX_VALUES = 20;
/** The reason's additional texts, joined, are kept up to this many characters. */
const MAX_REASON_TEXT_CHARS = 500;
/** How much of the head of a file `isSddStatusReport` looks at. */
const SNIFF_BYTES = 8 * 1024;

const fmt = (n: number) => n.toLocaleString('it-IT');

export const SDD_STATUS_MESSAGES = {
  notSdd: 'Il file non è un esito SDD: attesi un esito CBI (STAT-RPT-INC-SDD-01) o un pain.002',
  otherPain002: (version: string) =>
    `Il file è un esito pain.002 nella versione ${version}, che non è gestita: è letta la versione pain.002.001.03`,
  noMessageId: "Manca l'identificativo dell'esito (GrpHdr/MsgId)",
  noOriginalMessageId: 'Manca il riferimento alla distinta (OrgnlMsgId)',
  noEndToEndId: (line: number) =>
    `Manca il riferimento dell'addebito (OrgnlEndToEndId) nell'esito della transazione alla riga ${line}`,
  noStatus: (line: number) => `Manca lo stato (TxSts) nell'esito della transazione alla riga ${line}`,
  tooManyTransactions: `Il file contiene più di ${fmt(SDD_STATUS_MAX_TRANSACTIONS)} esiti di addebiti`,
  manyReports: (n: number) =>
    `Il file contiene gli esiti di ${n} distinte: caricali uno alla volta o chiedi alla banca un file per distinta`,
} as const;

/** The status of one debit of the distinta, as the bank reports it. */
export interface SddTransactionStatus {
  /** OrgnlEndToEndId: the EndToEndId of our debit */
  endToEndId: string;
  /** OrgnlPmtInfId of the OrgnlPmtInfAndSts it is in */
  originalPaymentInfoId: string | null;
  /** TxSts in upper case (RJCT, ACCP, ACSC, PDNG…); in a pain.002 without one, the PmtInfSts or the GrpSts (not PART) */
  status: string;
  /** the first StsRsnInf/Rsn: its Cd (an ISO reason code such as AC04), else its Prtry */
  reason: string | null;
  /** the AddtlInf texts, joined with a space, if any */
  reasonText: string | null;
  /** OrgnlTxRef/Amt/InstdAmt (else OrgnlTxRef/IntrBkSttlmAmt) as exact text */
  amount: string | null;
  /** the line of the file where its TxInfAndSts starts */
  lineNo: number;
}

/** The status of a whole payment information (pain.002's PmtInfSts: a RJCT without transactions rejects all its debits). */
export interface SddPaymentInfoStatus {
  originalPaymentInfoId: string | null;
  /** PmtInfSts in upper case */
  status: string;
  reason: string | null;
  reasonText: string | null;
  /** the line of the file where its OrgnlPmtInfAndSts starts */
  lineNo: number;
}

export interface SddStatusReport {
  format: 'cbi' | 'pain002';
  /** the report's own GrpHdr/MsgId */
  messageId: string;
  /** GrpHdr/CreDtTm as written, or null */
  createdAt: string | null;
  /** OrgnlGrpInfAndSts/OrgnlMsgId: the MsgId of our SDD file */
  originalMessageId: string;
  /** GrpSts in upper case: ACCP, ACWC, PART, RJCT, PDNG…; RJCT with no transactions rejects every debit of the distinta */
  groupStatus: string | null;
  /** the group's first StsRsnInf/Rsn (Cd, else Prtry) */
  groupReason: string | null;
  /** the group's AddtlInf texts, joined, if any */
  groupReasonText: string | null;
  /** pain.002 only: the OrgnlPmtInfAndSts that carry a PmtInfSts */
  paymentInfoStatuses: SddPaymentInfoStatus[];
  transactions: SddTransactionStatus[];
}

// ---------------------------------------------------------------------------
// reading
// ---------------------------------------------------------------------------

interface Value {
  text: string;
  at: number;
}
type Values = Map<string, Value[]>;

interface Ctx {
  kind: 'msg' | 'pmt' | 'tx';
  depth: number;
  at: number;
  vals: Values;
}
interface Tx {
  at: number;
  vals: Values;
}
interface Pmt {
  at: number;
  vals: Values;
  txs: Tx[];
}
interface Msg {
  format: SddStatusReport['format'];
  at: number;
  vals: Values;
  pmts: Pmt[];
}

const REASON_PATHS = ['StsRsnInf/Rsn/Cd', 'StsRsnInf/Rsn/Prtry', 'StsRsnInf/AddtlInf'];
/** The values read, by context and path under it. */
const WANTED: Record<Ctx['kind'], Set<string>> = {
  msg: new Set([
    'GrpHdr/MsgId',
    'GrpHdr/CreDtTm',
    'OrgnlGrpInfAndSts/OrgnlMsgId',
    'OrgnlGrpInfAndSts/GrpSts',
    ...REASON_PATHS.map((p) => `OrgnlGrpInfAndSts/${p}`),
  ]),
  pmt: new Set(['OrgnlPmtInfId', 'PmtInfSts', ...REASON_PATHS]),
  tx: new Set(['OrgnlEndToEndId', 'TxSts', 'OrgnlTxRef/Amt/InstdAmt', 'OrgnlTxRef/IntrBkSttlmAmt', ...REASON_PATHS]),
};

/** An element of no namespace the message is read in: no path under it matches. */
const FOREIGN = '#';

/** The namespaces an element's own attributes declare ('' the default one), or undefined when none. */
function declarations(attrs: XmlAttrs): Map<string, string> | undefined {
  let m: Map<string, string> | undefined;
  for (const [k, v] of attrs) {
    if (k === 'xmlns') (m ??= new Map()).set('', v);
    else if (k.startsWith('xmlns:')) (m ??= new Map()).set(k.slice(6), v);
  }
  return m;
}

/**
 * Every report of the file: a CBI body may carry the logical messages of several distinte, a
 * pain.002 and a lone CBI logical message have one. Refused (400, or the scanner's 413/422) when
 * the file is none of these documents or lacks what is needed.
 */
export function parseSddStatusReports(bytes: Buffer): SddStatusReport[] {
  const msgs: Msg[] = [];
  const ctxs: Ctx[] = [];
  /** the declarations of each open element, by depth - 1 */
  const scopes: Array<Map<string, string> | undefined> = [];
  /** the local name of each open element (FOREIGN when of another namespace), by depth - 1 */
  const names: string[] = [];
  /** the path of each open element under its context, by depth - 1 */
  const paths: string[] = [];
  let format: SddStatusReport['format'] | null = null;
  /** the namespaces the message's elements are read in */
  let content: ReadonlySet<string> = new Set();
  let curMsg: Msg | null = null;
  let curPmt: Pmt | null = null;
  let txCount = 0;
  let pending: { path: string; ctx: Ctx } | null = null;

  const resolve = (prefix: string, depth: number): string | null => {
    for (let d = depth - 1; d >= 0; d--) {
      const ns = scopes[d]?.get(prefix);
      if (ns !== undefined) return ns || null;
    }
    return null;
  };
  const startMsg = (at: number, depth: number) => {
    curMsg = { format: format!, at, vals: new Map(), pmts: [] };
    msgs.push(curMsg);
    ctxs.push({ kind: 'msg', depth, at, vals: curMsg.vals });
  };

  const { lineAt: line } = scanXml(
    bytes,
    {
      // every tag's attributes: its namespace declarations tell what its name means
      wantAttrs: () => true,
      open(local, prefix, attrs, at, depth) {
        scopes[depth - 1] = declarations(attrs);
        scopes.length = depth;
        const ns = resolve(prefix, depth);
        if (depth === 1) {
          if (local === 'CBIBdySDDStsRpt' && ns === CBI_BODY_NS) {
            format = 'cbi';
            content = new Set([CBI_LOGMSG_NS, CBI_BODY_NS]);
          } else if (local === 'CBISDDStsRptLogMsg' && (ns === CBI_LOGMSG_NS || ns === CBI_BODY_NS)) {
            format = 'cbi';
            content = new Set([CBI_LOGMSG_NS, CBI_BODY_NS]);
            startMsg(at, depth);
          } else if (local === 'Document' && ns === PAIN002_NS) {
            format = 'pain002';
            content = new Set([PAIN002_NS]);
          } else {
            const other = local === 'Document' && ns ? /\bpain\.002\.\d{3}\.\d{2}\b/.exec(ns) : null;
            throw badRequest(other ? SDD_STATUS_MESSAGES.otherPain002(other[0]) : SDD_STATUS_MESSAGES.notSdd);
          }
          names[0] = local;
          paths[0] = '';
          return;
        }
        const name = ns !== null && content.has(ns) ? local : FOREIGN;
        const top = ctxs[ctxs.length - 1];
        names[depth - 1] = name;
        names.length = depth;
        if (format === 'pain002' && depth === 2) {
          if (name !== 'CstmrPmtStsRpt') throw badRequest(SDD_STATUS_MESSAGES.notSdd);
          startMsg(at, depth);
        } else if (
          format === 'cbi' &&
          depth === 3 &&
          name === 'CBISDDStsRptLogMsg' &&
          names[1] === 'CBIEnvelSDDStsRptLogMsg' &&
          !curMsg
        ) {
          startMsg(at, depth);
        } else if (curMsg && top?.kind === 'msg' && depth === top.depth + 1 && name === 'OrgnlPmtInfAndSts') {
          curPmt = { at, vals: new Map(), txs: [] };
          curMsg.pmts.push(curPmt);
          ctxs.push({ kind: 'pmt', depth, at, vals: curPmt.vals });
        } else if (curPmt && top?.kind === 'pmt' && depth === top.depth + 1 && name === 'TxInfAndSts') {
          if (++txCount > SDD_STATUS_MAX_TRANSACTIONS) throw badRequest(SDD_STATUS_MESSAGES.tooManyTransactions);
          const tx: Tx = { at, vals: new Map() };
          curPmt.txs.push(tx);
          ctxs.push({ kind: 'tx', depth, at, vals: tx.vals });
        }
        const ctx = ctxs[ctxs.length - 1];
        // the path under the context's element ('' for the element itself)
        paths[depth - 1] =
          !ctx || depth === ctx.depth ? '' : depth === ctx.depth + 1 ? name : `${paths[depth - 2]}/${name}`;
        paths.length = depth;
        pending =
          ctx && depth > ctx.depth && WANTED[ctx.kind].has(paths[depth - 1]!) ? { path: paths[depth - 1]!, ctx } : null;
      },
      wantText: (depth) => pending !== null && depth === names.length,
      text(value, at) {
        const p = pending!;
        let list = p.ctx.vals.get(p.path);
        if (!list) p.ctx.vals.set(p.path, (list = []));
        if (list.length < MAX_VALUES) list.push({ text: value.replace(/\s+/g, ' ').trim(), at });
      },
      close(_local, depth) {
        pending = null;
        const ctx = ctxs[ctxs.length - 1];
        if (ctx && ctx.depth === depth) {
          ctxs.pop();
          if (ctx.kind === 'pmt') curPmt = null;
          else if (ctx.kind === 'msg') curMsg = null;
        }
        names.length = depth - 1;
        scopes.length = depth - 1;
      },
    },
    {
      maxBytes: SDD_STATUS_MAX_BYTES,
      maxTextChars: MAX_VALUE_CHARS,
      // a CSV, a PDF, an empty file: no report; anything else in the scanner's own words
      messages: { notXml: SDD_STATUS_MESSAGES.notSdd },
    },
  );
  if (!msgs.length) throw badRequest(SDD_STATUS_MESSAGES.notSdd);
  return msgs.map((m) => report(m, line));
}

/** The one report of the file (the esito of one distinta); see parseSddStatusReports. */
export function parseSddStatusReport(bytes: Buffer): SddStatusReport {
  const reports = parseSddStatusReports(bytes);
  if (reports.length > 1) throw badRequest(SDD_STATUS_MESSAGES.manyReports(reports.length));
  return reports[0]!;
}

const text = (v: Values, path: string) => v.get(path)?.[0]?.text || null;
const code = (v: Values, path: string) => text(v, path)?.toUpperCase() ?? null;
/** The first reason (its Cd, else its Prtry) and the AddtlInf texts under `base`. */
function reasonOf(v: Values, base = ''): { reason: string | null; reasonText: string | null } {
  const reason = text(v, `${base}StsRsnInf/Rsn/Cd`) ?? text(v, `${base}StsRsnInf/Rsn/Prtry`);
  const texts = (v.get(`${base}StsRsnInf/AddtlInf`) ?? []).map((x) => x.text).filter(Boolean);
  const joined = texts.join(' ').slice(0, MAX_REASON_TEXT_CHARS);
  return { reason, reasonText: joined || null };
}

function report(m: Msg, line: (at: number) => number): SddStatusReport {
  const messageId = text(m.vals, 'GrpHdr/MsgId');
  if (!messageId) throw badRequest(SDD_STATUS_MESSAGES.noMessageId);
  const originalMessageId = text(m.vals, 'OrgnlGrpInfAndSts/OrgnlMsgId');
  if (!originalMessageId) throw badRequest(SDD_STATUS_MESSAGES.noOriginalMessageId);
  const groupStatus = code(m.vals, 'OrgnlGrpInfAndSts/GrpSts');
  const group = reasonOf(m.vals, 'OrgnlGrpInfAndSts/');
  const paymentInfoStatuses: SddPaymentInfoStatus[] = [];
  const transactions: SddTransactionStatus[] = [];
  for (const p of m.pmts) {
    const originalPaymentInfoId = text(p.vals, 'OrgnlPmtInfId');
    const pmtStatus = code(p.vals, 'PmtInfSts');
    if (pmtStatus)
      paymentInfoStatuses.push({ originalPaymentInfoId, status: pmtStatus, ...reasonOf(p.vals), lineNo: line(p.at) });
    for (const t of p.txs) {
      const endToEndId = text(t.vals, 'OrgnlEndToEndId');
      if (!endToEndId) throw badRequest(SDD_STATUS_MESSAGES.noEndToEndId(line(t.at)));
      // pain.002: a transaction without its own status has its payment information's, or its group's
      const status = code(t.vals, 'TxSts') ?? pmtStatus ?? (groupStatus !== 'PART' ? groupStatus : null);
      if (!status) throw badRequest(SDD_STATUS_MESSAGES.noStatus(line(t.at)));
      transactions.push({
        endToEndId,
        originalPaymentInfoId,
        status,
        ...reasonOf(t.vals),
        amount: text(t.vals, 'OrgnlTxRef/Amt/InstdAmt') ?? text(t.vals, 'OrgnlTxRef/IntrBkSttlmAmt'),
        lineNo: line(t.at),
      });
    }
  }
  return {
    format: m.format,
    messageId,
    createdAt: text(m.vals, 'GrpHdr/CreDtTm'),
    originalMessageId,
    groupStatus,
    groupReason: group.reason,
    groupReasonText: group.reasonText,
    paymentInfoStatuses,
    transactions,
  };
}

/**
 * Whether the file looks like an SDD status report, from the namespaces in its first 8 KB (no XML
 * is read: parseSddStatusReport decides). UTF-16 with its BOM is looked at too.
 */
export function isSddStatusReport(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, SNIFF_BYTES));
  let s: string;
  if (head[0] === 0xff && head[1] === 0xfe) s = head.subarray(2, head.length - (head.length % 2)).toString('utf16le');
  else if (head[0] === 0xfe && head[1] === 0xff) {
    const body = Buffer.from(head.subarray(2, head.length - (head.length % 2)));
    s = body.swap16().toString('utf16le');
  } else s = head.toString('latin1');
  return (
    s.includes(CBI_BODY_NS) ||
    s.includes(CBI_LOGMSG_NS) ||
    (/urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.\d\d/.test(s) && s.includes('CstmrPmtStsRpt'))
  );
}

// ---------------------------------------------------------------------------
// the reasons
// ---------------------------------------------------------------------------

/**
 * The reason codes of SEPA Direct Debit R-transactions (rejects, returns, refunds, refusals,
 * reversals) in Italian, after the EPC's "Guidance on reason codes for SDD R-transactions"
 * (EPC173-14, the SEPA reason each ISO code stands for), plus the few codes banks use besides.
 *
 * `mandateEnds`: the reason says the mandate no longer holds, or cannot be used again as it is
 * (a new or amended mandate is needed before the next collection from this debtor). It is true
 * only where the reason itself says so, not where the next collection may just succeed (funds,
 * a temporary block, a refusal of this one debit) or where the fault is in our own file:
 * - AC01 (account identifier incorrect, i.e. an invalid IBAN): the mandate carries an IBAN the
 *   debtor's bank does not know; the EPC's follow-up is to get the right IBAN from the debtor, a
 *   mandate amendment: collecting again on this mandate as it is fails again.
 * - AC04 (account closed): the account of the mandate no longer exists; a new account means an
 *   amended or new mandate.
 * - AC13 (debtor account is a consumer account): a B2B collection on a consumer's account, which
 *   the B2B scheme never allows; the B2B mandate cannot be used, a CORE one is needed.
 * - AG01 (transaction forbidden: direct debits not allowed on this account, e.g. a savings
 *   account, for regulatory reasons): the account of the mandate can never be debited; another
 *   account (a new mandate) is needed.
 * - MD01 (no valid mandate, or unable to obtain it, or an unauthorised transaction): the debtor's
 *   side says there is no mandate, it was revoked or cancelled (a CORE mandate lapses after 36
 *   months unused), or a B2B one is not registered at the bank.
 * - MD07 (debtor deceased): the mandate ends with its debtor.
 * False, and why, for the ones that may look like it:
 * - AC06 (account blocked, by the bank or by the debtor for direct debits) and SL01 (a service of
 *   the debtor's bank: the creditor not whitelisted or blacklisted, an amount limit): the mandate
 *   still holds and the block may be lifted; the EPC's follow-up is to contact the debtor.
 * - MS02 (refusal by the debtor) refuses this collection, not the mandate (a revocation is MD01);
 *   MD06 (a refund of an authorised debit within 8 weeks) leaves the mandate in force.
 * - MD02 (mandate data missing or incorrect) is our file's data to correct (reference, date of
 *   signature, creditor identifier), the mandate itself stands.
 */
export const SDD_REASONS: Record<string, { text: string; mandateEnds: boolean }> = {
  AC01: { text: 'IBAN del debitore errato o inesistente', mandateEnds: true },
  AC04: { text: 'conto del debitore estinto', mandateEnds: true },
  AC06: {
    text: 'conto del debitore bloccato (dalla banca o dal debitore per gli addebiti diretti)',
    mandateEnds: false,
  },
  AC13: {
    text: 'il conto del debitore è di un consumatore e non ammette addebiti SDD B2B',
    mandateEnds: true,
  },
  AG01: { text: 'addebito diretto non ammesso su questo conto (ad es. un conto di deposito)', mandateEnds: true },
  AG02: { text: "codice dell'operazione non valido (ad es. tipo di sequenza errato)", mandateEnds: false },
  AM04: { text: 'fondi insufficienti', mandateEnds: false },
  AM05: { text: 'addebito duplicato', mandateEnds: false },
  BE05: { text: 'identificativo del creditore (CID) non riconosciuto', mandateEnds: false },
  CNOR: { text: 'la banca del creditore non è raggiungibile nel circuito SEPA', mandateEnds: false },
  CUST: { text: 'annullato su richiesta del cliente', mandateEnds: false },
  DNOR: { text: 'la banca del debitore non è raggiungibile nel circuito SEPA', mandateEnds: false },
  DUPL: { text: 'pagamento duplicato', mandateEnds: false },
  ED05: { text: 'regolamento non riuscito', mandateEnds: false },
  FF01: { text: 'formato del file non valido', mandateEnds: false },
  FF05: { text: 'tipo di addebito (CORE o B2B) errato', mandateEnds: false },
  FOCR: { text: 'restituito in seguito a una richiesta di annullamento', mandateEnds: false },
  MD01: {
    text: 'mandato assente, non valido o revocato, oppure addebito non autorizzato',
    mandateEnds: true,
  },
  MD02: { text: 'dati del mandato mancanti o errati', mandateEnds: false },
  MD06: { text: 'rimborso chiesto dal debitore (addebito autorizzato contestato)', mandateEnds: false },
  MD07: { text: 'debitore deceduto', mandateEnds: true },
  MS02: { text: 'rifiutato dal debitore (motivo non specificato)', mandateEnds: false },
  MS03: { text: 'motivo non specificato dalla banca', mandateEnds: false },
  RC01: { text: 'codice BIC errato', mandateEnds: false },
  RR01: { text: 'conto o identificativo del debitore mancanti (motivi regolamentari)', mandateEnds: false },
  RR02: { text: 'nome o indirizzo del debitore mancanti o non validi (motivi regolamentari)', mandateEnds: false },
  RR03: { text: 'nome o indirizzo del creditore mancanti o non validi (motivi regolamentari)', mandateEnds: false },
  RR04: { text: 'motivi regolamentari', mandateEnds: false },
  SL01: {
    text: 'servizio specifico della banca del debitore (ad es. creditore non autorizzato dal debitore o limite di importo)',
    mandateEnds: false,
  },
  TECH: { text: 'problema tecnico', mandateEnds: false },
  TM01: { text: "file ricevuto dopo l'orario limite", mandateEnds: false },
};

/** A reason in words: 'AM04 — fondi insufficienti'; an unknown code 'Codice XXXX (motivo non previsto)'. */
export function reasonText(code: string | null): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!c) return 'Motivo non indicato';
  const known = Object.hasOwn(SDD_REASONS, c) ? SDD_REASONS[c] : undefined;
  const shown = c.length > 35 ? `${c.slice(0, 35)}…` : c;
  return known ? `${c} — ${known.text}` : `Codice ${shown} (motivo non previsto)`;
}
