/**
 * A bank statement in ISO 20022 camt.053 (BankToCustomerStatement, any version: .001.02 to
 * .001.13 name the same elements for what is read here) as a ParsedStatement (issue 29).
 *
 * The file is untrusted. It is read by the bounded XML scanner (server/xml/scanner.ts: no DOM, a
 * DOCTYPE or ENTITY refused, only the predefined entities and character references decoded, the
 * size, the depth, the tags and the length kept of a value bounded); here the number of lines is
 * bounded too, and only the values read below are kept.
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
import { attribute, scanXml, xmlnsOf } from '../../xml/scanner.js';
import { isoDateTime, inYearRange, realDay } from '../../../model/dates.js';
import type { BankLine, ParsedStatement } from './types.js';

/** At most this many bytes per file. */
export const CAMT_MAX_BYTES = 30 * 1024 * 1024;
/** At most this many lines (entries, or transactions of batch entries) per file. */
export const CAMT_MAX_LINES = 50_000;
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

/** The statement of a camt.053 file; 422 (413 when too large) with an Italian message when it is none. */
export function parseCamt053(bytes: Buffer): ParsedStatement {
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

  const { lineAt: line } = scanXml(
    bytes,
    {
      wantAttrs: (local, depth) => depth === 1 || local === 'Amt',
      open(local, prefix, attrs, at, depth) {
        const parent = stack[depth - 2];
        stack[depth - 1] = local;
        stack.length = depth;
        if (depth === 1) {
          if (local !== 'Document') throw refuse(CAMT_MESSAGES.notCamt);
          rootNs = xmlnsOf(attrs, prefix);
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
            const ccy = attribute(attrs, 'Ccy');
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
      close(_local, depth) {
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
      },
    },
    {
      maxBytes: CAMT_MAX_BYTES,
      // the scanner's bounds of the depth (64) and of a tag's attributes (256) and bytes (64 KB): a bank's tags have a few namespaces
      maxTextChars: MAX_VALUE_CHARS,
      // not XML at all, or in an encoding not read: no statement; past the size: its own words; else invalid XML
      messages: {
        tooLarge: CAMT_MESSAGES.tooLarge,
        notXml: CAMT_MESSAGES.notCamt,
        encoding: CAMT_MESSAGES.notCamt,
        doctype: CAMT_MESSAGES.doctype,
        other: CAMT_MESSAGES.notXml,
      },
    },
  );
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
