/**
 * A bank statement in the Italian banks' CBI "RH" flat file (CBI-RND-001, "rendicontazione
 * movimenti di conto corrente": records of 120 characters RH, 61, 62, 63, 64, 65, EF) as
 * ParsedStatements, one per statement (a 61…64 group); a file may hold several RH…EF blocks (one
 * per bank) and each block several statements (one per account).
 *
 * The file is untrusted. Its size (CAMT_MAX_BYTES) and its number of movements (CAMT_MAX_LINES,
 * counted on the bytes before anything is decoded) are bounded like the camt.053 reader's; the bytes
 * are read as UTF-8 when they are valid UTF-8, else as Latin-1 (every byte a character: no byte
 * throws). Line ends LF, CR LF or CR; blank lines are skipped but counted (messages name the line
 * of the file). A record longer than 120 characters is refused; a shorter one is taken as trimmed
 * of its trailing blanks (some banks do it) and padded — when one of its fields is then invalid,
 * the message says the record's length too (a character lost in the middle shifts the fields).
 *
 * Structure, as CBI-RND-001 and its reader order the records: RH first in a block, then 61
 * (opening balance), its 62 movements each followed by its 63 details, 64 (closing balance), an
 * optional 65 (forward balances), the next 61… and EF last. After 61 → 62|64; after 62/63 →
 * 62|63|64; after 64 → 65|61|EF; after 65 → 61|EF; after RH → 61|EF (an empty block). The
 * 62/63/64/65's statement number is its 61's, a 63's movement number its 62's; the EF names the
 * RH's ABI and SIA and, when its counts are numbers, the block's number of statements (46-52) and
 * of records, RH and EF included (83-89). Every field read is checked (dates DDMMYY with years
 * 00–69 → 20xx and 70–99 → 19xx, the 8-digit DDMMYYYY of a YYY; amounts of 12 digits, a comma and
 * 2 decimals with a C/D sign; numbers; the currency, only EUR accounts being handled). Any problem
 * is a 400 (badRequest) with an Italian message naming the line.
 *
 * What a statement gives: the IBAN rebuilt from the 61 (country and check digits 100-103, then
 * CIN, ABI, CAB, account 52-74; the check digits computed when 100-103 are blank), the opening
 * balance (61) and the closing book balance (64), signed; fromDate/toDate from the 61's and the
 * 64's dates widened to the movements' booking dates; statementRef = RH sender ABI, the RH support
 * name (its blanks as '_', the creation date when blank) and the statement number.
 *
 * Each 62 is a BankLine (lineNo = the 62's line in the file; amounts exact text, no floats;
 * cbiCode = the 'causale ABI' 42-43; bankRef 62-77; the description 87-120 starts the
 * remittance). Its 63 lines:
 * - YYY: the ordering party's name (the counterparty) — its tax code (25-40) is checked but not
 *   kept, BankLine having no field for it; YY2: the ordering party's IBAN (67-100);
 * - ID1: the EndToEndId (52-86; blank, '-', NOTPROVIDED / NOT PROVIDED mean none);
 * - RI1/RI2 (17-120), ZZ3's reason (67-120), ZZ4 (19-120): remittance; ZZ2 (the ordering party,
 *   free text) and ZZ3's payee name the counterparty when no YYY does (ZZ2 on a credit, ZZ3 on a
 *   debit); ZZ1 (foreign amounts, in formats the layout leaves open) and KKK are skipped;
 * - any other 63 (no recognised flag at 14-16): its 107 characters 14-120 are concatenated, in
 *   order, with the movement's other such lines BEFORE reading them — a ':TAG:' or a value may be
 *   cut at position 120 and go on at 14 of the next line. The stream's text before its first tag
 *   (all of it when it has no tag: a bank's free text) goes to the remittance; of its tags (three
 *   upper-case letters or digits between colons, at the start or after a blank):
 *   E2E, then EE1 (the SDD end-to-end id of a return, inferred from banks' files) give the
 *   end-to-end id when no ID1 did; RI1, RI2, RI3, RIF, CAU (reason texts and references) go to the
 *   remittance; the counterparty's name when no YYY/ZZ2/ZZ3 gave it: on a credit DEN (the SDD
 *   debtor) or OR1 (the ordering party), on a returned SDD DEN, on another debit BE1 (the
 *   beneficiary) or DTN; the counterparty's IBAN when no YY2 gave it: on a credit IB2, IB1 or DEI,
 *   on a returned SDD DEI, IB1 or IB2, on another debit IB1 or IB2 — never the statement's own
 *   IBAN (banks put it under IB1 on a credit and under IB2 on a debit);
 * The remittance is the 62's description and these texts joined with single spaces (blanks
 * collapsed), null when empty.
 *
 * Returns (R-transactions of SDD). A line is a return when it is a debit (D) and either its
 * causale ABI is Z9 ("insoluto/storno" of a direct debit: the code banks give an SDD that came
 * back) or its causale is one of the SDD ones (50 addebito diretto, 56 incassi SDD, Z7 accredito
 * SDD, Z9) and its detail carries a return: a :TRC: reason code (AM04, MD06… as in the banks' own
 * files) or :RMG: RETURN / REFUND / REJECT / REVERSAL. returnReason is the :TRC: value (ISO code),
 * else null. A fee with those tags (causale 16, the bank's charge for a return) is not a return.
 */
import { badRequest } from '../../errors.js';
import { realDay } from '../../../model/dates.js';
import { CAMT_MAX_BYTES, CAMT_MAX_LINES, CAMT_MESSAGES } from './camt.js';
import type { BankLine, ParsedStatement } from './types.js';

/** A record's length. */
const RECORD = 120;
/** The remittance of a line is kept up to this many characters (as the camt.053 reader's). */
const MAX_REMITTANCE_CHARS = 2000;
/** The 63 lines of one movement read (further ones are checked, not read). */
const MAX_DETAILS = 500;

const fmt = (n: number) => n.toLocaleString('it-IT');
/** A field's text as a message shows it: without its trailing blanks, at most 40 characters. */
const show = (field: string) => {
  const s = field.trimEnd();
  return `'${s.length > 40 ? `${s.slice(0, 40)}…` : s}'`;
};

export const CBI_RH_MESSAGES = {
  notRh: 'Il file non contiene un record RH: non è un estratto conto CBI',
  tooLarge: `Il file è troppo grande: un estratto conto CBI può essere al massimo di ${CAMT_MAX_BYTES / 1024 / 1024} MB. Scarica un periodo più breve`,
  /** the camt.053 reader's words: the bound is the same */
  tooManyLines: CAMT_MESSAGES.tooManyLines,
  tooLong: (line: number, len: number) =>
    `Riga ${line}: record di ${fmt(len)} caratteri (un record CBI ne ha ${RECORD})`,
  shortNote: (len: number) => ` (il record ha ${len} caratteri invece di ${RECORD})`,
  unknownType: (line: number, head: string) =>
    `Riga ${line}: tipo di record non riconosciuto (${show(head)}): un record CBI inizia con uno spazio e il tipo (RH, 61, 62, 63, 64, 65, EF)`,
  unterminated: (rhLine: number) =>
    `Il file è incompleto: manca il record EF (fine flusso) del flusso iniziato alla riga ${rhLine}`,
  amount: (line: number, label: string, text: string) =>
    `Riga ${line}: ${label} non valido (${show(text)}): 12 cifre, la virgola e 2 decimali`,
  sign: (line: number, text: string) => `Riga ${line}: segno non valido (${show(text)}): atteso C (avere) o D (dare)`,
  date: (line: number, label: string, text: string) =>
    `Riga ${line}: ${label} non valida (${show(text)}): attesa una data GGMMAA`,
  longDate: (line: number, label: string, text: string) =>
    `Riga ${line}: ${label} non valida (${show(text)}): attesa una data GGMMAAAA`,
  statementNo: (line: number, text: string) =>
    `Riga ${line}: numero dell'estratto conto non valido (${show(text)}): attese 7 cifre`,
  movementNo: (line: number, text: string) =>
    `Riga ${line}: numero del movimento non valido (${show(text)}): attese 3 cifre`,
  currency: (line: number, ccy: string) => `Riga ${line}: conto in ${show(ccy)}: sono gestiti solo conti in euro (EUR)`,
  cbiCode: (line: number, text: string) =>
    `Riga ${line}: causale ABI non valida (${show(text)}): attese 2 lettere o cifre`,
  abi: (line: number, text: string) => `Riga ${line}: codice ABI non valido (${show(text)}): attese 5 cifre`,
  sia: (line: number, text: string) => `Riga ${line}: codice SIA non valido (${show(text)}): attese 5 lettere o cifre`,
  account: (line: number, text: string) =>
    `Riga ${line}: coordinate del conto non valide (${show(text)}): attesi l'IBAN in 100-103 e CIN, ABI, CAB e conto in 52-74`,
  otherStatement: (line: number, type: string, no: string, openLine: number, openNo: string) =>
    `Riga ${line}: record ${type} dell'estratto conto n. ${no}, ma il record 61 della riga ${openLine} apre il n. ${openNo}`,
  otherMovement: (line: number, no: string, movLine: number, movNo: string) =>
    `Riga ${line}: record 63 del movimento ${no}, ma il record 62 della riga ${movLine} è il movimento ${movNo}`,
  efMismatch: (line: number, rhLine: number) =>
    `Riga ${line}: il record EF non corrisponde al record RH della riga ${rhLine} (codice ABI o SIA diverso)`,
  efStatements: (line: number, said: number, found: number) =>
    `Riga ${line}: il record EF dichiara ${fmt(said)} estratti conto, ma il flusso ne contiene ${fmt(found)}`,
  efRecords: (line: number, said: number, found: number) =>
    `Riga ${line}: il record EF dichiara ${fmt(said)} record, ma il flusso ne contiene ${fmt(found)}`,
  beforeRh: (line: number, type: string) => `Riga ${line}: record ${type} prima di un record RH (inizio flusso)`,
  rhInBlock: (line: number, rhLine: number) =>
    `Riga ${line}: record RH prima del record EF (fine flusso) del flusso iniziato alla riga ${rhLine}`,
  before61: (line: number, type: string) => `Riga ${line}: record ${type} prima di un record 61 (saldo iniziale)`,
  before64: (line: number, type: string, openLine: number) =>
    `Riga ${line}: record ${type} prima del record 64 (saldo finale) dell'estratto conto iniziato alla riga ${openLine}`,
  no62: (line: number) => `Riga ${line}: record 63 senza un record 62 (movimento) che lo preceda`,
  second65: (line: number) => `Riga ${line}: record 65 ripetuto: dopo il record 64 ne è ammesso uno solo`,
} as const;

/**
 * The 'causali ABI' of record 62 (positions 42-43) most seen on a studio's account, in Italian.
 * Sources (no official table is public; CBI's is members-only), codes kept only when one of them
 * is corroborated: [S] the sample RH file of GPA-Gruppo-Progetti-Avanzati-SRL/tpm-edi-cbi (the 62's
 * description and 63 details of real movements with that code), [T] a public seed of an Italian
 * bank-reconciliation app's table of ABI causali (its Z-series wording is the ABI circular's).
 */
export const CBI_CODES: Readonly<Record<string, string>> = {
  /** [T] */
  '05': 'Prelevamento Bancomat',
  /** [T] */
  '13': 'Pagamento assegno',
  /** [S] commissions, also the fee of an SDD return; [T] */
  '16': 'Commissioni e spese',
  /** [T] */
  '18': 'Interessi e competenze',
  /** [S] outgoing SEPA transfers (":CAU:BONIFICO"); [T] */
  '26': 'Bonifico disposto',
  /** [T] */
  '27': 'Stipendi ed emolumenti',
  /** [T] */
  '43': 'Pagamento POS',
  /** [S] "Bonifico SEPA Italia a Vs. favore"; [T] */
  '48': 'Bonifico a vostro favore',
  /** [T] "RID": the direct debit, seen from the debtor's or the creditor's side */
  '50': 'Addebito diretto SDD (ex RID)',
  /** [S] credits of SDD collections (":SCH:COR :CID:…"), inferred */
  '56': 'Accredito incassi SDD',
  /** [T] "Canoni vari" */
  '66': 'Canoni e spese',
  /** [S] "GIROCONTO CASH POOLING"; [T] */
  Z1: 'Giroconto di cash pooling',
  /** [S] a deposit ("VERSAM. DA CASSA CONTINUA"); [T] cheques deposited */
  Z2: 'Versamento di assegni o contanti',
  /** [T] */
  Z7: 'Accredito SDD (ex RID)',
  /** [T] */
  Z8: 'Accredito MAV',
  /** [S] debits with ":RMG:RETURN :TRC:AM04"; [T] "Insoluto/storno RID" */
  Z9: 'Insoluto / storno SDD (ex RID)',
  /** [T] */
  ZA: 'Insoluto MAV',
  /** [T] */
  ZI: "Bonifico dall'estero",
  /** [T] */
  ZL: "Bonifico sull'estero",
};

/** The Italian text of a causale ABI, or null when unknown. */
export function cbiCodeText(code: string | null | undefined): string | null {
  const c = (code ?? '').trim().toUpperCase();
  return (c && CBI_CODES[c]) || null;
}

/** Causali of SDD direct debits: a debit with one of them and a return in its detail is a return. */
const SDD_CODES = new Set(['50', '56', 'Z7', 'Z9']);
/** The causale of a returned ("insoluto/storno") direct debit: a debit with it is a return by itself. */
const SDD_RETURN_CODE = 'Z9';
const RETURN_KINDS = new Set(['RETURN', 'REFUND', 'REJECT', 'REVERSAL']);
/** Tags of the key-value detail whose values are remittance texts. */
const REMITTANCE_TAGS = new Set(['RI1', 'RI2', 'RI3', 'RIF', 'CAU']);
const FLAGS = new Set(['YYY', 'YY2', 'ZZ1', 'ZZ2', 'ZZ3', 'KKK', 'ID1', 'RI1', 'RI2']);
const TYPES = new Set(['RH', '61', '62', '63', '64', '65', 'EF']);

/** Whether the bytes look like a CBI RH file: the first non-empty line an RH record (cheap: the first bytes only). */
export function isCbiRh(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  let end = i;
  while (end < bytes.length && end - i <= RECORD && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
  const len = end - i;
  if (len < 19 || len > RECORD) return false;
  const head = String.fromCharCode(...bytes.subarray(i, i + 19));
  // blank, RH, sender ABI, recipient SIA, creation date DDMMYY
  return /^ RH[0-9A-Za-z ]{10}\d{6}$/.test(head);
}

/** The number of ' 62' records, counted on the bytes. */
function countMovements(bytes: Uint8Array): number {
  let n = 0;
  const len = bytes.length;
  for (let i = 0; i + 2 < len; i++) {
    if (bytes[i] === 0x20 && bytes[i + 1] === 0x36 && bytes[i + 2] === 0x32) {
      const prev = i === 0 ? 0x0a : bytes[i - 1];
      if (prev === 0x0a || prev === 0x0d) n++;
    }
  }
  return n;
}

/** UTF-8 when the bytes are valid UTF-8 (an accent counts as one character), else Latin-1: never throws. */
function decode(bytes: Buffer): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return bytes.toString('latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

// ---------------------------------------------------------------------------
// fields
// ---------------------------------------------------------------------------

/** A record being read: its line, its length as in the file, its text padded to 120. */
interface Rec {
  line: number;
  len: number;
  text: string;
}

/** Positions as in the layout: 1-based, both included. */
const at = (r: Rec, from: number, to: number) => r.text.slice(from - 1, to);

/** A field's refusal; a record shorter than 120 says its length too. */
function refuse(r: Rec, message: string): never {
  throw badRequest(r.len < RECORD ? message + CBI_RH_MESSAGES.shortNote(r.len) : message);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** 'YYYY-MM-DD' of a DDMMYY field. */
function shortDate(r: Rec, from: number, label: string): string {
  const s = at(r, from, from + 5);
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(s);
  const yy = m ? Number(m[3]) : 0;
  const day = m ? realDay(yy < 70 ? 2000 + yy : 1900 + yy, Number(m[2]), Number(m[1])) : null;
  if (!day) refuse(r, CBI_RH_MESSAGES.date(r.line, label, s));
  return day;
}

/** Signed exact text ('150.00', '-12.50') of a sign and a 15-character amount. */
function signedAmount(r: Rec, signAt: number, amountAt: number, label: string): string {
  const sign = at(r, signAt, signAt);
  const s = at(r, amountAt, amountAt + 14);
  if (sign !== 'C' && sign !== 'D') refuse(r, CBI_RH_MESSAGES.sign(r.line, sign));
  const m = /^(\d{12}),(\d{2})$/.exec(s);
  if (!m) refuse(r, CBI_RH_MESSAGES.amount(r.line, label, s));
  const int = m[1]!.replace(/^0+(?=\d)/, '');
  const zero = int === '0' && m[2] === '00';
  return `${sign === 'D' && !zero ? '-' : ''}${int}.${m[2]}`;
}

/** A statement number (4-10) checked. */
function statementNo(r: Rec): string {
  const s = at(r, 4, 10);
  if (!/^\d{7}$/.test(s)) refuse(r, CBI_RH_MESSAGES.statementNo(r.line, s));
  return s;
}

/** A movement number (11-13) checked. */
function movementNo(r: Rec): string {
  const s = at(r, 11, 13);
  if (!/^\d{3}$/.test(s)) refuse(r, CBI_RH_MESSAGES.movementNo(r.line, s));
  return s;
}

/** A currency field: blank (euro understood) or EUR. */
function euro(r: Rec, from: number) {
  const s = at(r, from, from + 2);
  if (s.trim() && s.toUpperCase() !== 'EUR') refuse(r, CBI_RH_MESSAGES.currency(r.line, s));
}

/** An IBAN as kept: upper case without blanks, or null when it has no IBAN's shape. */
function normIban(s: string | null | undefined): string | null {
  if (!s) return null;
  const t = s.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(t) ? t : null;
}

/** ISO 13616 check digits of an Italian BBAN. */
function itCheckDigits(bban: string): string {
  const digits = `${bban}IT00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rem = 0;
  for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
  return String(98 - rem).padStart(2, '0');
}

/** The 61's account as an IBAN (100-103 + 52-74), null when the record gives none. */
function accountIban(r: Rec): string | null {
  const head = at(r, 100, 103);
  const bban = at(r, 52, 74).toUpperCase();
  if (!head.trim() && !bban.trim()) return null;
  const bbanOk = /^[A-Z]\d{10}[A-Z0-9]{12}$/.test(bban);
  if (!head.trim() && bbanOk) return `IT${itCheckDigits(bban)}${bban}`;
  const iban = `${head}${bban}`.toUpperCase();
  if (!/^[A-Z]{2}\d{2}$/.test(head.toUpperCase()) || !bbanOk) refuse(r, CBI_RH_MESSAGES.account(r.line, iban));
  return iban;
}

/** An end-to-end id as kept: none for blank, '-', NOTPROVIDED, or longer than SEPA's 35. */
function e2eOf(s: string | undefined): string | null {
  const t = (s ?? '').trim();
  if (!t || /^-+$/.test(t) || /^NOT ?PROVIDED$/i.test(t) || t.length > 35) return null;
  return t;
}

// ---------------------------------------------------------------------------
// the key-value detail (':TAG:value :TAG:value …')
// ---------------------------------------------------------------------------

interface Stream {
  /** the text before the first tag (all of it when there is none) */
  text: string;
  /** the values in order */
  tags: Array<{ tag: string; value: string }>;
}

const TAG_RE = /(?:^|\s):([A-Z0-9]{3}):/g;

function readStream(s: string): Stream {
  const found: Array<{ tag: string; start: number; end: number }> = [];
  for (const m of s.matchAll(TAG_RE)) {
    found.push({ tag: m[1]!, start: m.index, end: m.index + m[0].length });
  }
  if (!found.length) return { text: clean(s), tags: [] };
  return {
    text: clean(s.slice(0, found[0]!.start)),
    tags: found.map((f, i) => ({ tag: f.tag, value: s.slice(f.end, found[i + 1]?.start ?? s.length).trim() })),
  };
}

// ---------------------------------------------------------------------------
// the statement
// ---------------------------------------------------------------------------

interface Movement {
  line: number;
  no: string;
  bookingDate: string;
  valueDate: string;
  amount: string;
  cbiCode: string | null;
  bankRef: string | null;
  description: string;
  details: Array<{ flag: string; rec: Rec }>;
}

interface Statement {
  line: number;
  no: string;
  iban: string | null;
  opening: string;
  openDate: string;
  lines: BankLine[];
}

interface Block {
  line: number;
  abi: string;
  sia: string;
  ref: string;
  records: number;
  statements: ParsedStatement[];
}

type State = 'none' | 'RH' | '61' | '62' | '63' | '64' | '65';

/** The statements of a CBI RH file; 400 with an Italian message naming the line when it is not one. */
export function parseCbiRh(bytes: Buffer): ParsedStatement[] {
  if (bytes.length > CAMT_MAX_BYTES) throw badRequest(CBI_RH_MESSAGES.tooLarge);
  if (countMovements(bytes) > CAMT_MAX_LINES) throw badRequest(CBI_RH_MESSAGES.tooManyLines);
  let text = decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const hasRh = /(?:^|[\r\n]) RH/.test(text);

  const out: ParsedStatement[] = [];
  let state: State = 'none';
  let block: Block | null = null;
  let stmt: Statement | null = null;
  let mov: Movement | null = null;

  const closeMovement = () => {
    if (mov && stmt) stmt.lines.push(bankLine(mov, stmt.iban));
    mov = null;
  };

  const order = (r: Rec, type: string): string | null => {
    const l = r.line;
    const allowed: Record<State, string[]> = {
      none: ['RH'],
      RH: ['61', 'EF'],
      '61': ['62', '64'],
      '62': ['62', '63', '64'],
      '63': ['62', '63', '64'],
      '64': ['65', '61', 'EF'],
      '65': ['61', 'EF'],
    };
    if (allowed[state].includes(type)) return null;
    if (state === 'none') return CBI_RH_MESSAGES.beforeRh(l, type);
    if (type === 'RH') return CBI_RH_MESSAGES.rhInBlock(l, block!.line);
    const open = state === '61' || state === '62' || state === '63';
    if ((type === '61' || type === 'EF' || type === '65') && open) return CBI_RH_MESSAGES.before64(l, type, stmt!.line);
    if (type === '63' && state !== 'RH') return CBI_RH_MESSAGES.no62(l);
    if (type === '65' && state === '65') return CBI_RH_MESSAGES.second65(l);
    return CBI_RH_MESSAGES.before61(l, type);
  };

  let pos = 0;
  let lineNo = 0;
  const n = text.length;
  while (pos < n) {
    let end = pos;
    while (end < n) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    const raw = text.slice(pos, end);
    pos = end < n && text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    lineNo++;
    if (!raw.trim()) continue;

    const type = raw[0] === ' ' ? raw.slice(1, 3) : '';
    if (state === 'none' && type !== 'RH' && !hasRh) throw badRequest(CBI_RH_MESSAGES.notRh);
    if (raw.length > RECORD) throw badRequest(CBI_RH_MESSAGES.tooLong(lineNo, raw.length));
    if (!TYPES.has(type)) throw badRequest(CBI_RH_MESSAGES.unknownType(lineNo, raw.slice(0, 3)));
    const r: Rec = { line: lineNo, len: raw.length, text: raw.padEnd(RECORD, ' ') };
    const wrong = order(r, type);
    if (wrong) throw badRequest(wrong);
    if (block) block.records++;

    switch (type) {
      case 'RH': {
        const abi = at(r, 4, 8);
        const sia = at(r, 9, 13);
        if (!/^\d{5}$/.test(abi)) refuse(r, CBI_RH_MESSAGES.abi(lineNo, abi));
        if (!/^[A-Za-z0-9]{5}$/.test(sia)) refuse(r, CBI_RH_MESSAGES.sia(lineNo, sia));
        const created = shortDate(r, 14, 'data di creazione');
        const support = clean(at(r, 20, 39)).replace(/ /g, '_');
        block = { line: lineNo, abi, sia, ref: `${abi}-${support || created}`, records: 1, statements: [] };
        break;
      }
      case '61': {
        const no = statementNo(r);
        euro(r, 75);
        const openDate = shortDate(r, 78, 'data del saldo iniziale');
        const opening = signedAmount(r, 84, 85, 'saldo iniziale');
        stmt = { line: lineNo, no, iban: accountIban(r), opening, openDate, lines: [] };
        break;
      }
      case '62': {
        closeMovement();
        sameStatement(r, '62', stmt!);
        const no = movementNo(r);
        const valueDate = shortDate(r, 14, 'data valuta');
        const bookingDate = shortDate(r, 20, 'data contabile');
        const amount = signedAmount(r, 26, 27, 'importo');
        const code = at(r, 42, 43).trim();
        if (!/^[A-Za-z0-9]*$/.test(code)) refuse(r, CBI_RH_MESSAGES.cbiCode(lineNo, at(r, 42, 43)));
        mov = {
          line: lineNo,
          no,
          bookingDate,
          valueDate,
          amount,
          cbiCode: code ? code.toUpperCase() : null,
          bankRef: clean(at(r, 62, 77)) || null,
          description: clean(at(r, 87, 120)),
          details: [],
        };
        break;
      }
      case '63': {
        sameStatement(r, '63', stmt!);
        const m = mov! as Movement;
        const no = at(r, 11, 13);
        if (no !== m.no) throw badRequest(CBI_RH_MESSAGES.otherMovement(lineNo, no, m.line, m.no));
        const flag = at(r, 14, 18) === '/ZZ4/' ? 'ZZ4' : FLAGS.has(at(r, 14, 16)) ? at(r, 14, 16) : '';
        if (flag === 'YYY') {
          const d = at(r, 17, 24);
          if (d.trim() && d !== '00000000') {
            const dm = /^(\d{2})(\d{2})(\d{4})$/.exec(d);
            if (!dm || !realDay(Number(dm[3]), Number(dm[2]), Number(dm[1])))
              refuse(r, CBI_RH_MESSAGES.longDate(lineNo, "data dell'ordine", d));
          }
        }
        if (m.details.length < MAX_DETAILS) m.details.push({ flag, rec: r });
        break;
      }
      case '64': {
        closeMovement();
        const s = stmt!;
        sameStatement(r, '64', s);
        euro(r, 11);
        const closeDate = shortDate(r, 14, 'data del saldo finale');
        const closing = signedAmount(r, 20, 21, 'saldo contabile');
        if (at(r, 36, 51).trim()) signedAmount(r, 36, 37, 'saldo disponibile');
        let from = s.openDate;
        let to = closeDate;
        for (const l of s.lines) {
          if (l.bookingDate < from) from = l.bookingDate;
          if (l.bookingDate > to) to = l.bookingDate;
        }
        block!.statements.push({
          format: 'cbi_rh',
          iban: s.iban,
          statementRef: `${block!.ref}-${s.no}`,
          fromDate: from,
          toDate: to,
          openingBalance: s.opening,
          closingBalance: closing,
          lines: s.lines,
        });
        break;
      }
      case '65': {
        sameStatement(r, '65', stmt!);
        for (let k = 0; k < 5; k++) {
          const from = 11 + k * 22;
          const slot = at(r, from, from + 21);
          // a blank or all-zero slot is an unused one
          if (!/[1-9]/.test(slot)) continue;
          shortDate(r, from, 'data del saldo liquido');
          signedAmount(r, from + 6, from + 7, 'saldo liquido');
        }
        break;
      }
      case 'EF': {
        const b = block!;
        if (at(r, 4, 8) !== b.abi || at(r, 9, 13) !== b.sia)
          throw badRequest(CBI_RH_MESSAGES.efMismatch(lineNo, b.line));
        const saidStatements = at(r, 46, 52);
        if (/^\d{7}$/.test(saidStatements) && Number(saidStatements) !== b.statements.length)
          throw badRequest(CBI_RH_MESSAGES.efStatements(lineNo, Number(saidStatements), b.statements.length));
        const saidRecords = at(r, 83, 89);
        if (/^\d{7}$/.test(saidRecords) && Number(saidRecords) !== b.records)
          throw badRequest(CBI_RH_MESSAGES.efRecords(lineNo, Number(saidRecords), b.records));
        out.push(...b.statements);
        block = null;
        stmt = null;
        break;
      }
    }
    state = type === 'EF' ? 'none' : (type as State);
  }
  if (state !== 'none') throw badRequest(CBI_RH_MESSAGES.unterminated((block as Block | null)?.line ?? 1));
  if (lineNo === 0 || !hasRh) throw badRequest(CBI_RH_MESSAGES.notRh);
  return out;
}

/** A 62/63/64/65 of the statement its 61 opened. */
function sameStatement(r: Rec, type: string, s: Statement) {
  const no = statementNo(r);
  if (no !== s.no) throw badRequest(CBI_RH_MESSAGES.otherStatement(r.line, type, no, s.line, s.no));
}

/** A movement and its details as a BankLine. */
function bankLine(m: Movement, ownIban: string | null): BankLine {
  const credit = !m.amount.startsWith('-');
  const parts: string[] = [m.description];
  const stream: string[] = [];
  let name: string | null = null;
  let freeName: string | null = null;
  let iban: string | null = null;
  let e2e: string | null = null;
  const notOwn = (s: string | null | undefined) => {
    const i = normIban(s);
    return i && i !== ownIban ? i : null;
  };
  for (const { flag, rec } of m.details) {
    switch (flag) {
      case 'YYY':
        name ??= clean(at(rec, 41, 80)) || null;
        break;
      case 'YY2':
        iban ??= notOwn(at(rec, 67, 100));
        break;
      case 'ID1':
        e2e ??= e2eOf(at(rec, 52, 86));
        break;
      case 'RI1':
      case 'RI2':
        parts.push(at(rec, 17, 120));
        break;
      case 'ZZ2':
        if (credit) freeName ??= clean(at(rec, 17, 120)) || null;
        break;
      case 'ZZ3':
        if (!credit) freeName ??= clean(at(rec, 17, 66)) || null;
        parts.push(at(rec, 67, 120));
        break;
      case 'ZZ4':
        parts.push(at(rec, 19, 120));
        break;
      case 'ZZ1':
      case 'KKK':
        break;
      default:
        stream.push(at(rec, 14, 120));
    }
  }
  const kv = readStream(stream.join(''));
  if (kv.text) parts.push(kv.text);
  const tag = (t: string) => kv.tags.find((x) => x.tag === t)?.value || null;
  for (const { tag: t, value } of kv.tags) if (REMITTANCE_TAGS.has(t)) parts.push(value);

  const code = m.cbiCode ?? '';
  const trc = tag('TRC');
  const rmg = (tag('RMG') ?? '').toUpperCase();
  const isReturn = !credit && (code === SDD_RETURN_CODE || (SDD_CODES.has(code) && (!!trc || RETURN_KINDS.has(rmg))));
  e2e ??= e2eOf(tag('E2E') ?? undefined) ?? e2eOf(tag('EE1') ?? undefined);

  const names = credit ? ['DEN', 'OR1'] : isReturn ? ['DEN'] : ['BE1', 'DTN'];
  name ??= freeName;
  for (const t of names) name ??= clean(tag(t) ?? '') || null;
  const ibanTags = credit ? ['IB2', 'IB1', 'DEI'] : isReturn ? ['DEI', 'IB1', 'IB2'] : ['IB1', 'IB2'];
  for (const t of ibanTags) iban ??= notOwn(tag(t));

  const remittance = parts.map(clean).filter(Boolean).join(' ').slice(0, MAX_REMITTANCE_CHARS);
  return {
    lineNo: m.line,
    bookingDate: m.bookingDate,
    valueDate: m.valueDate,
    amount: m.amount,
    counterparty: name ? name.slice(0, 140) : null,
    counterpartyIban: iban,
    remittance: remittance || null,
    endToEndId: e2e,
    bankRef: m.bankRef,
    isReturn,
    returnReason: isReturn && trc && /^[A-Z0-9]{2,8}$/i.test(trc) ? trc.toUpperCase() : null,
    cbiCode: m.cbiCode,
  };
}
