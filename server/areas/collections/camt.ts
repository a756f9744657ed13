/**
 * A bank statement in ISO 20022 camt.053 (BankToCustomerStatement, any version: .001.02 to
 * .001.13 name the same elements for what is read here) as a ParsedStatement (issue 29).
 *
 * The file is untrusted. It is scanned once, tag by tag, over its bytes (no DOM): a DOCTYPE (and
 * so any ENTITY declaration) is refused as soon as it is met, only the five predefined entities
 * and character references are decoded, the size, the depth of the elements, the length kept of
 * a value and the number of lines are bounded; only the values read below are kept.
 *
 * What is read: Stmt/Id, Acct/Id/IBAN, FrToDt, the balances OPBD (or PRCD) and CLBD, and each
 * booked Ntry: Amt and CdtDbtInd (DBIT → negative), RvslInd, BookgDt and ValDt (Dt or DtTm),
 * AcctSvcrRef / NtryRef, the bank transaction code; under NtryDtls each TxDtls: Refs/EndToEndId,
 * its own amount (AmtDtls/TxAmt/Amt or Amt), RltdPties (the debtor of a credit, the creditor of a
 * debit), RmtInf (Ustrd joined, Strd/CdtrRefInf/Ref) and RtrInf/Rsn. A batch entry whose
 * transactions carry amounts adding up to the entry's gives one line per transaction; any other
 * entry gives one line.
 */
import { HttpError } from '../../errors.js';
import { isoDateTime, inYearRange } from '../../../model/dates.js';
import type { BankLine, ParsedStatement } from './types.js';

/** At most this many bytes per file. */
export const CAMT_MAX_BYTES = 30 * 1024 * 1024;
/** At most this many lines (entries, or transactions of batch entries) per file. */
export const CAMT_MAX_LINES = 50_000;
/** Elements nested deeper than this are no bank statement's. */
const MAX_DEPTH = 64;
/** Attributes of one tag and bytes of one tag: a bank's tags have a few namespaces (issue 45 item 20). */
const MAX_ATTRIBUTES = 256;
const MAX_TAG_BYTES = 64 * 1024;
/** A value is kept up to this many characters (a Ustrd has 140). */
const MAX_VALUE_CHARS = 2000;
/** The remittance of a line is kept up to this many characters. */
const MAX_REMITTANCE_CHARS = 2000;
/** At most this many values of one kind per entry or transaction (Ustrd occurs up to 140 times in a real file). */
const MAX_VALUES = 200;

const fmt = (n: number) => n.toLocaleString('it-IT');

export const CAMT_MESSAGES = {
  notCamt: 'Il file non è un estratto conto CAMT.053',
  notXml: 'Il file non è un estratto conto CAMT.053: il contenuto XML non è valido',
  doctype: 'Il file contiene una dichiarazione DOCTYPE non ammessa',
  otherCamt: (kind: string) =>
    `Il file è un ${kind}, non un estratto conto CAMT.053: scarica dall'home banking l'estratto conto giornaliero (camt.053)`,
  tooLarge: `Il file è troppo grande: un estratto conto CAMT.053 può essere al massimo di ${CAMT_MAX_BYTES / 1024 / 1024} MB. Scarica un periodo più breve`,
  tooManyLines: `Il file contiene più di ${fmt(CAMT_MAX_LINES)} movimenti: scarica un periodo più breve`,
  amount: (line: number, text: string) => `Importo non valido alla riga ${line}: "${clip(text, 40)}"`,
  date: (line: number) => `Data non valida alla riga ${line}`,
  sign: (line: number) => `Segno del movimento (CdtDbtInd) non valido alla riga ${line}: atteso CRDT o DBIT`,
  currency: (line: number, ccy: string) =>
    `Importo in ${clip(ccy, 3)} alla riga ${line}: sono gestiti solo conti in euro (EUR)`,
  manyAccounts: 'Il file contiene gli estratti conto di più conti correnti: carica un file per ogni conto',
} as const;

const refuse = (message: string, status = 422) => new HttpError(status, message, { file: [message] });

function clip(s: string, n: number) {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

// ---------------------------------------------------------------------------
// the scanner
// ---------------------------------------------------------------------------

type Attrs = Array<[string, string]>;

interface ScanHandler {
  /** whether the attributes of an element of this local name are wanted */
  wantAttrs(local: string, depth: number): boolean;
  open(local: string, prefix: string, attrs: Attrs, at: number, depth: number): void;
  /** whether the text of this leaf element (the stack's top) is wanted */
  wantText(depth: number): boolean;
  /** a wanted leaf element's text (entities decoded, CDATA unwrapped, comments dropped) */
  text(value: string, at: number): void;
  close(local: string, depth: number): void;
}

const LT = 0x3c,
  GT = 0x3e,
  SLASH = 0x2f,
  EQ = 0x3d,
  DQ = 0x22,
  SQ = 0x27,
  BANG = 0x21,
  QUESTION = 0x3f;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const nameEnd = (c: number) => isSpace(c) || c === SLASH || c === GT || c === LT || c === EQ || c === DQ || c === SQ;

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
/** The text with its references decoded; an entity not predefined (no DTD is allowed to declare one) is refused. */
function decodeEntities(v: string): string {
  if (!v.includes('&')) return v;
  return v.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][\w.-]*)?;?/g, (m, ref?: string) => {
    if (!ref || !m.endsWith(';')) throw refuse(CAMT_MESSAGES.notXml);
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw refuse(CAMT_MESSAGES.notXml);
      return String.fromCodePoint(code);
    }
    const named = ENTITIES[ref];
    if (named === undefined) throw refuse(CAMT_MESSAGES.notXml);
    return named;
  });
}

/**
 * The elements of an XML document, in order, over its bytes: comments and processing
 * instructions skipped, a DOCTYPE (or any other `<!` declaration) refused, the nesting checked
 * (one root, every element closed by its own name). Every byte that shapes XML is ASCII and never
 * part of a UTF-8 sequence, so the bytes are read as they are.
 */
function scanXml(b: Buffer, start: number, decode: (from: number, to: number) => string, h: ScanHandler) {
  const n = b.length;
  const notXml = () => refuse(CAMT_MESSAGES.notXml);
  const at = (i: number, s: string) => b.toString('latin1', i, i + s.length) === s;
  const skipTo = (end: string, from: number) => {
    const e = b.indexOf(end, from, 'latin1');
    if (e < 0) throw notXml();
    return e + end.length;
  };
  const stack: string[] = [];
  let rootSeen = false;
  // the current element: where its content starts, whether it has had a child element
  let contentStart = -1;
  let hasChild = false;
  let i = start;
  const onlySpace = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (!isSpace(b[k]!)) return false;
    return true;
  };
  for (;;) {
    const lt = b.indexOf(LT, i);
    if (!stack.length && !onlySpace(i, lt < 0 ? n : lt)) throw notXml();
    if (lt < 0) break;
    i = lt;
    if (b[i + 1] === BANG) {
      if (at(i, '<!--')) i = skipTo('-->', i + 4);
      else if (at(i, '<![CDATA[')) {
        if (!stack.length) throw notXml();
        i = skipTo(']]>', i + 9);
      } else throw refuse(CAMT_MESSAGES.doctype);
      continue;
    }
    if (b[i + 1] === QUESTION) {
      i = skipTo('?>', i + 2);
      continue;
    }
    let j = i + 1;
    const closing = b[j] === SLASH;
    if (closing) j++;
    const nameStart = j;
    while (j < n && !nameEnd(b[j]!)) j++;
    if (j === nameStart) throw notXml();
    const qname = b.toString('latin1', nameStart, j);
    const colon = qname.indexOf(':');
    const local = colon >= 0 ? qname.slice(colon + 1) : qname;
    const prefix = colon >= 0 ? qname.slice(0, colon) : '';
    if (closing) {
      while (j < n && isSpace(b[j]!)) j++;
      if (b[j] !== GT) throw notXml();
      if (stack.pop() !== qname) throw notXml();
      if (!hasChild && contentStart >= 0 && h.wantText(stack.length + 1)) {
        h.text(leafText(b, contentStart, i, decode), contentStart);
      }
      h.close(local, stack.length + 1);
      hasChild = true;
      contentStart = -1;
      i = j + 1;
      continue;
    }
    if (!stack.length && rootSeen) throw notXml();
    const depth = stack.length + 1;
    if (depth > MAX_DEPTH) throw notXml();
    const keep = h.wantAttrs(local, depth);
    const attrs: Attrs = [];
    let selfClosing = false;
    let count = 0;
    for (;;) {
      while (j < n && isSpace(b[j]!)) j++;
      if (j >= n) throw notXml();
      if (b[j] === GT) {
        j++;
        break;
      }
      if (b[j] === SLASH && b[j + 1] === GT) {
        selfClosing = true;
        j += 2;
        break;
      }
      const a = j;
      while (j < n && !nameEnd(b[j]!)) j++;
      if (j === a) throw notXml();
      const name = keep ? b.toString('latin1', a, j) : '';
      while (j < n && isSpace(b[j]!)) j++;
      if (b[j] !== EQ) throw notXml();
      j++;
      while (j < n && isSpace(b[j]!)) j++;
      const q = b[j];
      if (q !== DQ && q !== SQ) throw notXml();
      const e = b.indexOf(q, j + 1);
      if (e < 0) throw notXml();
      // a '<' inside the value, looked for in the value only: searching on past it would read
      // the rest of the tag again for every attribute (quadratic: issue 45 item 20)
      if (b.subarray(j + 1, e).includes(LT)) throw notXml();
      if (++count > MAX_ATTRIBUTES || e - i > MAX_TAG_BYTES) throw notXml();
      if (keep) attrs.push([name, decodeEntities(decode(j + 1, e))]);
      j = e + 1;
    }
    if (j - i > MAX_TAG_BYTES) throw notXml();
    rootSeen = true;
    h.open(local, prefix, attrs, i, depth);
    if (selfClosing) {
      h.close(local, depth);
      hasChild = true;
      contentStart = -1;
    } else {
      stack.push(qname);
      hasChild = false;
      contentStart = j;
    }
    i = j;
  }
  if (stack.length || !rootSeen) throw notXml();
}

/** A leaf element's content as text: CDATA sections unwrapped, comments and instructions dropped, at most MAX_VALUE_CHARS. */
function leafText(b: Buffer, from: number, to: number, decode: (from: number, to: number) => string): string {
  // the bytes a kept value needs (4 per character at most), plus room for the markup around it
  const end = Math.min(to, from + MAX_VALUE_CHARS * 4 + 64);
  let out = '';
  let i = from;
  while (i < end && out.length <= MAX_VALUE_CHARS) {
    const lt = b.indexOf(LT, i);
    const stop = lt < 0 || lt >= end ? end : lt;
    if (stop > i) out += decodeEntities(decode(i, stop));
    if (stop >= end) break;
    if (b.toString('latin1', stop, stop + 9) === '<![CDATA[') {
      const e = b.indexOf(']]>', stop + 9, 'latin1');
      out += decode(stop + 9, Math.min(e, end));
      i = e + 3;
    } else if (b[stop + 1] === BANG) {
      i = b.indexOf('-->', stop + 4, 'latin1') + 3;
    } else {
      i = b.indexOf('?>', stop + 2, 'latin1') + 2;
    }
  }
  return out.slice(0, MAX_VALUE_CHARS);
}

/** The bytes as text: UTF-8 (a BOM dropped) or the 8-bit encoding the declaration names; UTF-16 turned into UTF-8. */
function prepare(bytes: Buffer): { b: Buffer; start: number; decode: (from: number, to: number) => string } {
  let b = bytes;
  if (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) {
    const body = Buffer.from(b.subarray(2));
    if (body.length % 2) throw refuse(CAMT_MESSAGES.notXml);
    if (b[0] === 0xfe) body.swap16();
    b = Buffer.from(body.toString('utf16le'), 'utf8');
  }
  let start = b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (start < b.length && isSpace(b[start]!)) start++;
  if (b[start] !== LT) throw refuse(CAMT_MESSAGES.notCamt);
  let encoding = 'utf-8';
  if (b.toString('latin1', start, start + 5) === '<?xml') {
    const end = b.indexOf('?>', start, 'latin1');
    if (end < 0 || end - start > 400) throw refuse(CAMT_MESSAGES.notXml);
    const m = /\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(b.toString('latin1', start, end));
    if (m) encoding = m[1]!.toLowerCase();
  }
  const b2 = b;
  if (encoding === 'utf-8' || encoding === 'utf8' || encoding === 'us-ascii' || encoding === 'ascii')
    return { b: b2, start, decode: (f, t) => b2.toString('utf8', f, t) };
  if (/^(iso-?8859-(1|15)|latin-?1|(windows|cp)-?1252)$/.test(encoding)) {
    const dec = new TextDecoder('windows-1252');
    return { b: b2, start, decode: (f, t) => dec.decode(b2.subarray(f, t)) };
  }
  if (bytes !== b && encoding.startsWith('utf-16'))
    return { b: b2, start, decode: (f, t) => b2.toString('utf8', f, t) };
  throw refuse(CAMT_MESSAGES.notCamt);
}

// ---------------------------------------------------------------------------
// the statement
// ---------------------------------------------------------------------------

interface Value {
  text: string;
  at: number;
  ccy?: string;
}
type Values = Map<string, Value[]>;

interface Ctx {
  kind: 'stmt' | 'bal' | 'ntry' | 'tx';
  depth: number;
  at: number;
  vals: Values;
}

/** The values read, by kind of context and path under it. */
const WANTED: Record<Ctx['kind'], Set<string>> = {
  stmt: new Set(['Id', 'Acct/Id/IBAN', 'Acct/Ccy', 'FrToDt/FrDtTm', 'FrToDt/ToDtTm']),
  bal: new Set(['Tp/CdOrPrtry/Cd', 'Amt', 'CdtDbtInd', 'Dt/Dt', 'Dt/DtTm']),
  ntry: new Set([
    'Amt',
    'CdtDbtInd',
    'RvslInd',
    'Sts',
    'Sts/Cd',
    'BookgDt/Dt',
    'BookgDt/DtTm',
    'ValDt/Dt',
    'ValDt/DtTm',
    'NtryRef',
    'AcctSvcrRef',
    'BkTxCd/Domn/Cd',
    'BkTxCd/Domn/Fmly/Cd',
    'BkTxCd/Domn/Fmly/SubFmlyCd',
    'AddtlNtryInf',
  ]),
  tx: new Set([
    'Refs/EndToEndId',
    'Refs/AcctSvcrRef',
    'Amt',
    'CdtDbtInd',
    'AmtDtls/TxAmt/Amt',
    'BkTxCd/Domn/Cd',
    'BkTxCd/Domn/Fmly/Cd',
    'BkTxCd/Domn/Fmly/SubFmlyCd',
    'RltdPties/Dbtr/Nm',
    'RltdPties/Dbtr/Pty/Nm',
    'RltdPties/UltmtDbtr/Nm',
    'RltdPties/UltmtDbtr/Pty/Nm',
    'RltdPties/DbtrAcct/Id/IBAN',
    'RltdPties/Cdtr/Nm',
    'RltdPties/Cdtr/Pty/Nm',
    'RltdPties/UltmtCdtr/Nm',
    'RltdPties/UltmtCdtr/Pty/Nm',
    'RltdPties/CdtrAcct/Id/IBAN',
    'RmtInf/Ustrd',
    'RmtInf/Strd/CdtrRefInf/Ref',
    'RmtInf/Strd/AddtlRmtInf',
    'RtrInf/Rsn/Cd',
    'RtrInf/Rsn/Prtry',
    'AddtlTxInf',
  ]),
};

/** Sub-families of the ISO bank transaction codes that mean a direct debit came back (returned, refunded, reversed). */
const DD_RETURN_SUBFAMILIES = new Set(['UPDD', 'PRDD']);
const DD_FAMILIES = new Set(['IDDT', 'RDDT']);

interface Stmt {
  at: number;
  vals: Values;
  balances: Array<{ at: number; vals: Values }>;
}
interface Entry {
  at: number;
  vals: Values;
  txs: Values[];
}

/** The 1-based line of the file at byte `at`. */
function lineAt(b: Buffer, at: number): number {
  let line = 1;
  let i = -1;
  while ((i = b.indexOf(0x0a, i + 1)) >= 0 && i < at) line++;
  return line;
}

/** The statement of a camt.053 file; 422 (413 when too large) with an Italian message when it is none. */
export function parseCamt053(bytes: Buffer): ParsedStatement {
  if (bytes.length > CAMT_MAX_BYTES) throw refuse(CAMT_MESSAGES.tooLarge, 413);
  if (!bytes.length) throw refuse(CAMT_MESSAGES.notCamt);
  const { b, start, decode } = prepare(bytes);
  const line = (at: number) => lineAt(b, at);

  const stmts: Stmt[] = [];
  const entries: Entry[] = [];
  const ctxs: Ctx[] = [];
  const stack: string[] = [];
  const paths: string[] = [];
  let lines = 0;
  let curStmt: Stmt | null = null;
  let curEntry: Entry | null = null;
  let rootNs: string | null = null;
  let kindChecked = false;
  const countLine = () => {
    if (++lines > CAMT_MAX_LINES) throw refuse(CAMT_MESSAGES.tooManyLines);
  };
  let pending: { path: string; ctx: Ctx; ccy?: string } | null = null;

  scanXml(b, start, decode, {
    wantAttrs: (local, depth) => depth === 1 || local === 'Amt',
    open(local, prefix, attrs, at, depth) {
      const parent = stack[depth - 2];
      stack[depth - 1] = local;
      stack.length = depth;
      if (depth === 1) {
        if (local !== 'Document') throw refuse(CAMT_MESSAGES.notCamt);
        const xmlns = prefix ? `xmlns:${prefix}` : 'xmlns';
        rootNs = attrs.find(([k]) => k === xmlns)?.[1] ?? null;
        const m = rootNs ? /camt\.(\d{3})\./.exec(rootNs) : null;
        if (m && m[1] === '052') throw refuse(CAMT_MESSAGES.otherCamt('CAMT.052 (movimenti infragiornalieri)'));
        if (m && m[1] === '054') throw refuse(CAMT_MESSAGES.otherCamt('CAMT.054 (avvisi di accredito e addebito)'));
        if (rootNs !== null && !(m && m[1] === '053')) throw refuse(CAMT_MESSAGES.notCamt);
        return;
      }
      if (depth === 2 && !kindChecked) {
        kindChecked = true;
        if (local === 'BkToCstmrAcctRpt')
          throw refuse(CAMT_MESSAGES.otherCamt('CAMT.052 (movimenti infragiornalieri)'));
        if (local === 'BkToCstmrDbtCdtNtfctn')
          throw refuse(CAMT_MESSAGES.otherCamt('CAMT.054 (avvisi di accredito e addebito)'));
        if (local !== 'BkToCstmrStmt') throw refuse(CAMT_MESSAGES.notCamt);
        return;
      }
      if (depth === 3 && local === 'Stmt' && parent === 'BkToCstmrStmt') {
        curStmt = { at, vals: new Map(), balances: [] };
        ctxs.push({ kind: 'stmt', depth, at, vals: curStmt.vals });
      } else if (curStmt && depth === 4 && local === 'Bal') {
        const vals: Values = new Map();
        if (curStmt.balances.length < MAX_VALUES) curStmt.balances.push({ at, vals });
        ctxs.push({ kind: 'bal', depth, at, vals });
      } else if (curStmt && depth === 4 && local === 'Ntry') {
        countLine();
        curEntry = { at, vals: new Map(), txs: [] };
        entries.push(curEntry);
        ctxs.push({ kind: 'ntry', depth, at, vals: curEntry.vals });
      } else if (curEntry && depth === 6 && local === 'TxDtls' && parent === 'NtryDtls') {
        // the entry itself counts as its first transaction's line
        if (curEntry.txs.length) countLine();
        const vals: Values = new Map();
        curEntry.txs.push(vals);
        ctxs.push({ kind: 'tx', depth, at, vals });
      }
      const ctx = ctxs[ctxs.length - 1];
      // the path under the context's element ('' for the element itself)
      paths[depth - 1] = !ctx
        ? ''
        : depth === ctx.depth
          ? ''
          : depth === ctx.depth + 1
            ? local
            : `${paths[depth - 2]}/${local}`;
      if (ctx && depth > ctx.depth) {
        const path = paths[depth - 1]!;
        pending = WANTED[ctx.kind].has(path) ? { path, ctx } : null;
        if (pending && local === 'Amt') {
          const ccy = attrs.find(([k]) => k === 'Ccy' || k.endsWith(':Ccy'))?.[1];
          if (ccy !== undefined) pending.ccy = ccy;
        }
      } else pending = null;
    },
    wantText: (depth) => pending !== null && depth === stack.length,
    text(value, at) {
      const p = pending!;
      let list = p.ctx.vals.get(p.path);
      if (!list) p.ctx.vals.set(p.path, (list = []));
      if (list.length < MAX_VALUES) list.push({ text: value.replace(/\s+/g, ' ').trim(), at, ccy: p.ccy });
    },
    close(local, depth) {
      pending = null;
      const ctx = ctxs[ctxs.length - 1];
      if (ctx && ctx.depth === depth) {
        ctxs.pop();
        if (ctx.kind === 'stmt') {
          stmts.push(curStmt!);
          curStmt = null;
        } else if (ctx.kind === 'ntry') curEntry = null;
      }
      stack.length = depth - 1;
      void local;
    },
  });
  if (!kindChecked) throw refuse(CAMT_MESSAGES.notCamt);

  // ---- the statements' account, period and balances
  const first = (v: Values, path: string) => v.get(path)?.[0];
  const text = (v: Values, path: string) => first(v, path)?.text || null;
  const ibans = new Set<string>();
  for (const s of stmts) {
    const iban = text(s.vals, 'Acct/Id/IBAN');
    if (iban) ibans.add(normIban(iban) ?? iban);
    const ccy = text(s.vals, 'Acct/Ccy');
    if (ccy && ccy.toUpperCase() !== 'EUR') throw refuse(CAMT_MESSAGES.currency(line(s.at), ccy));
  }
  if (ibans.size > 1) throw refuse(CAMT_MESSAGES.manyAccounts);
  const ownIban = ibans.size ? [...ibans][0]! : null;

  const dayOf = (v: Value | undefined, required: boolean): string | null => {
    if (!v) return null;
    const d = isoDay(v.text);
    if (!d && required) throw refuse(CAMT_MESSAGES.date(line(v.at)));
    return d;
  };
  const dateOf = (v: Values, base: string) => first(v, `${base}/Dt`) ?? first(v, `${base}/DtTm`);
  let fromDate: string | null = null;
  let toDate: string | null = null;
  let openingBalance: string | null = null;
  let closingBalance: string | null = null;
  const ids: string[] = [];
  for (const s of stmts) {
    const id = text(s.vals, 'Id');
    if (id && !ids.includes(id)) ids.push(id);
    let from = dayOf(first(s.vals, 'FrToDt/FrDtTm'), true);
    let to = dayOf(first(s.vals, 'FrToDt/ToDtTm'), true);
    let opening: string | null = null;
    let closing: string | null = null;
    for (const bal of s.balances) {
      const code = (text(bal.vals, 'Tp/CdOrPrtry/Cd') ?? '').toUpperCase();
      if (code !== 'OPBD' && code !== 'PRCD' && code !== 'CLBD') continue;
      const amt = signedAmount(bal.vals, 'Amt', line, bal.at);
      const day = dayOf(dateOf(bal.vals, 'Dt'), true);
      if (code === 'CLBD') {
        closing = amt;
        if (!to && day) to = day;
      } else if (opening === null || code === 'OPBD') {
        opening = amt;
        if (!from && day && code === 'OPBD') from = day;
      }
    }
    if (from && (!fromDate || from < fromDate)) fromDate = from;
    if (to && (!toDate || to > toDate)) toDate = to;
    if (openingBalance === null) openingBalance = opening;
    if (closing !== null) closingBalance = closing;
  }

  // ---- the lines
  const out: BankLine[] = [];
  for (const entry of entries) {
    for (const l of entryLines(entry, ownIban, line, dayOf, dateOf)) out.push({ ...l, lineNo: out.length + 1 });
  }
  // a statement that says no period: the days of its lines
  const [saidFrom, saidTo] = [fromDate !== null, toDate !== null];
  for (const l of out) {
    if (!saidFrom && (!fromDate || l.bookingDate < fromDate)) fromDate = l.bookingDate;
    if (!saidTo && (!toDate || l.bookingDate > toDate)) toDate = l.bookingDate;
  }
  return {
    format: 'camt053',
    iban: ownIban,
    statementRef: ids.length ? clip(ids.join(', '), 200) : null,
    fromDate,
    toDate,
    openingBalance,
    closingBalance,
    lines: out,
  };
}

/** 'YYYY-MM-DD' of an ISODate (an offset allowed) or ISODateTime (an offset or Z: turned into Rome's day), or null. */
function isoDay(s: string): string | null {
  const t = s.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(t);
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  const dt = isoDateTime(t);
  return dt && inYearRange(dt) ? dt.slice(0, 10) : null;
}

function realDay(y: number, mo: number, d: number): string | null {
  if (mo < 1 || mo > 12 || d < 1) return null;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (d > days[mo - 1]!) return null;
  const iso = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return inYearRange(iso) ? iso : null;
}

/** An IBAN as kept: upper case without blanks, or null when it has no IBAN's shape. */
function normIban(s: string | null | undefined): string | null {
  if (!s) return null;
  const t = s.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(t) ? t : null;
}

/** An amount as cents (≥ 0), or null when it is no ISO amount of euros (at most 12 digits, 2 decimals that count). */
function amountCents(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(5, '0');
  if (frac.slice(2) !== '000') return null;
  return Number(m[1]) * 100 + Number(frac.slice(0, 2));
}

const centsText = (c: number) => {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

/** The signed cents of `path` with the CdtDbtInd beside it; refused when unreadable. */
function signedCents(v: Values, path: string, line: (at: number) => number, ctxAt: number): number {
  const sign = v.get(path.replace(/[^/]+$/, 'CdtDbtInd'))?.[0];
  const a = v.get(path)?.[0];
  if (!a) throw refuse(CAMT_MESSAGES.amount(line(ctxAt), ''));
  if (a.ccy && a.ccy.toUpperCase() !== 'EUR') throw refuse(CAMT_MESSAGES.currency(line(a.at), a.ccy));
  const cents = amountCents(a.text);
  if (cents === null) throw refuse(CAMT_MESSAGES.amount(line(a.at), a.text));
  const ind = sign?.text.toUpperCase();
  if (ind !== 'CRDT' && ind !== 'DBIT') throw refuse(CAMT_MESSAGES.sign(line(sign?.at ?? a.at)));
  return ind === 'DBIT' ? -cents : cents;
}
const signedAmount = (v: Values, path: string, line: (at: number) => number, ctxAt: number) =>
  centsText(signedCents(v, path, line, ctxAt));

interface Party {
  name: string | null;
  iban: string | null;
}

function entryLines(
  e: Entry,
  ownIban: string | null,
  line: (at: number) => number,
  dayOf: (v: Value | undefined, required: boolean) => string | null,
  dateOf: (v: Values, base: string) => Value | undefined,
): Array<Omit<BankLine, 'lineNo'>> {
  const v = e.vals;
  const text = (vals: Values, path: string) => vals.get(path)?.[0]?.text || null;
  const status = (text(v, 'Sts/Cd') ?? text(v, 'Sts') ?? 'BOOK').toUpperCase();
  // a pending or informative entry is not on the account (yet)
  if (status === 'PDNG' || status === 'INFO') return [];
  const cents = signedCents(v, 'Amt', line, e.at);
  const booking = dateOf(v, 'BookgDt') ?? dateOf(v, 'ValDt');
  if (!booking) throw refuse(CAMT_MESSAGES.date(line(e.at)));
  const bookingDate = dayOf(booking, true)!;
  const valueDate = dayOf(dateOf(v, 'ValDt'), true);
  const reversal = ['true', '1'].includes((text(v, 'RvslInd') ?? '').toLowerCase());
  const entryRef = text(v, 'AcctSvcrRef') ?? text(v, 'NtryRef');
  const code = (vals: Values) => ({
    family: text(vals, 'BkTxCd/Domn/Fmly/Cd')?.toUpperCase() ?? null,
    sub: text(vals, 'BkTxCd/Domn/Fmly/SubFmlyCd')?.toUpperCase() ?? null,
  });
  const entryCode = code(v);

  const lineOf = (tx: Values | null, c: number): Omit<BankLine, 'lineNo'> => {
    const t = tx ?? new Map<string, Value[]>();
    const credit = c > 0;
    const e2eRaw = text(t, 'Refs/EndToEndId');
    const endToEndId = e2eRaw && e2eRaw.toUpperCase() !== 'NOTPROVIDED' && e2eRaw.length <= 35 ? e2eRaw : null;
    const reason = text(t, 'RtrInf/Rsn/Cd') ?? text(t, 'RtrInf/Rsn/Prtry');
    const txCode = code(t);
    const family = txCode.family ?? entryCode.family;
    const sub = txCode.sub ?? entryCode.sub;
    const ddReturn = !credit && !!endToEndId && DD_FAMILIES.has(family ?? '') && DD_RETURN_SUBFAMILIES.has(sub ?? '');
    const isReturn = reversal || !!reason || ddReturn;
    const party = (who: 'Dbtr' | 'Cdtr'): Party => ({
      name:
        text(t, `RltdPties/${who}/Nm`) ??
        text(t, `RltdPties/${who}/Pty/Nm`) ??
        text(t, `RltdPties/Ultmt${who}/Nm`) ??
        text(t, `RltdPties/Ultmt${who}/Pty/Nm`),
      iban: normIban(text(t, `RltdPties/${who}Acct/Id/IBAN`)),
    });
    const debtor = party('Dbtr');
    const creditor = party('Cdtr');
    // a credit comes from its debtor, a debit goes to its creditor; a returned collection goes back to the debtor
    let cp = credit || isReturn ? debtor : creditor;
    if (cp.iban && ownIban && cp.iban === ownIban) cp = cp === debtor ? creditor : debtor;
    const rmt = (t.get('RmtInf/Ustrd') ?? []).map((x) => x.text);
    for (const x of t.get('RmtInf/Strd/CdtrRefInf/Ref') ?? []) rmt.push(x.text);
    for (const x of t.get('RmtInf/Strd/AddtlRmtInf') ?? []) rmt.push(x.text);
    let remittance = rmt.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
    if (!remittance) remittance = text(t, 'AddtlTxInf') ?? text(v, 'AddtlNtryInf') ?? '';
    return {
      bookingDate,
      valueDate,
      amount: centsText(c),
      counterparty: cp.name ? clip(cp.name, 140) : null,
      counterpartyIban: cp.iban,
      remittance: remittance ? remittance.slice(0, MAX_REMITTANCE_CHARS) : null,
      endToEndId,
      bankRef: text(t, 'Refs/AcctSvcrRef') ?? entryRef,
      isReturn,
      returnReason: isReturn && reason ? reason.slice(0, 8) : null,
    };
  };

  const txs = e.txs;
  if (txs.length <= 1) return [lineOf(txs[0] ?? null, cents)];
  // a batch: one line per transaction when each has its amount in euros and they add up to the entry's
  const entrySign = v.get('CdtDbtInd')?.[0];
  const parts: number[] = [];
  for (const t of txs) {
    const path = t.has('AmtDtls/TxAmt/Amt') ? 'AmtDtls/TxAmt/Amt' : t.has('Amt') ? 'Amt' : null;
    const a = path ? t.get(path)![0]! : null;
    if (!path || !a || (a.ccy && a.ccy.toUpperCase() !== 'EUR')) break;
    const abs = amountCents(a.text);
    if (abs === null) throw refuse(CAMT_MESSAGES.amount(line(a.at), a.text));
    const ind = (t.get('CdtDbtInd')?.[0] ?? entrySign)?.text.toUpperCase();
    parts.push(ind === 'DBIT' ? -abs : abs);
  }
  if (parts.length === txs.length && parts.reduce((s, x) => s + x, 0) === cents) {
    return txs.map((t, i) => lineOf(t, parts[i]!));
  }
  // the entry as one line: what its transactions share
  const each = txs.map((t) => lineOf(t, cents));
  const same = <K extends keyof (typeof each)[number]>(k: K) =>
    each.every((x) => x[k] === each[0]![k]) ? each[0]![k] : null;
  const remittance = [...new Set(each.map((x) => x.remittance).filter(Boolean))]
    .join(' ')
    .slice(0, MAX_REMITTANCE_CHARS);
  return [
    {
      ...lineOf(null, cents),
      counterparty: same('counterparty'),
      counterpartyIban: same('counterpartyIban'),
      remittance: remittance || text(v, 'AddtlNtryInf'),
      isReturn: each.some((x) => x.isReturn) || reversal,
      returnReason: same('returnReason'),
    },
  ];
}
