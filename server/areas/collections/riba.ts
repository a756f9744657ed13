/**
 * The CBI RiBa (ricevuta bancaria) presentation file: fixed records of 120 characters, each
 * followed by CR LF. One IB (header), then for every receipt the seven records 14 (due date,
 * amount, banks), 20 (creditor), 30 (debtor), 40 (debtor's address and bank), 50 (reference to
 * the debt), 51 (receipt number), 70 (closing), all with the same 7-digit progressive number
 * (1, 2, …), then one EF (trailer: counts and total). The layout is the one of the CBI standard
 * "Incassi commerciali" (CBI-ICI-001) as the public Italian exporters write it (OCA l10n-italy's
 * l10n_it_riba, Odoo's l10n_it_riba, Didotech's CBI template); the bank's return of unpaid
 * receipts ("insoluti") uses the same records, so `parseRiba` reads both.
 *
 * Writing:
 * - texts transliterated to ASCII with `sepaText` (accents dropped, '&' → '+', anything outside
 *   the SEPA Latin set a space), so every record holds only printable ASCII; left-aligned,
 *   blank-padded, cut to their field;
 * - numbers zero-padded and right-aligned; amounts in euro cents from the exact decimal text
 *   (decimal.js), never floats; dates DDMMYY (years 2000–2099);
 * - the creditor's ABI, CAB and account, and the debtor's ABI and CAB, come from their Italian
 *   IBANs (ABI = characters 6–10, CAB = 11–15, account = the last 12);
 * - reason ("causale") 30000 and sign '-' in every 14, currency 'E' in IB, 14 and EF;
 * - anything a bank would refuse (no receipts, an IBAN that is not a valid Italian one, a SIA
 *   that is not 5 letters or digits, an amount not above zero or beyond 13 digits of cents, a
 *   missing due date, a repeated receipt number…) is an HttpError 400 in Italian naming the
 *   receipt.
 *
 * "Salvo buon fine" and "al dopo incasso": the presentation file does not tell them apart. The
 * CBI-ICI-001 record layouts, as the public exporters describe them field by field, have no
 * field for it: the 14's causale is the fixed 30000 for every RiBa, and the IB's only flow
 * qualifier (positions 105–111) is meant for e-commerce flows, not for the way the bank credits
 * the creditor. The OCA module has both kinds in its RiBa configuration and writes the very same
 * file for both (the kind only drives its accounting entries); the treatment is agreed with the
 * bank (the credit line, or the portfolio chosen when the file is uploaded in remote banking).
 * So the causale is 30000 for both kinds, and `kind` changes only what is free to compose: the
 * default support name (IB/EF positions 20–39, free text unique per date, sender and receiver)
 * is 'RB-SBF-DDMMYY-<SIA>' or 'RB-DI-DDMMYY-<SIA>', so the two presentations of a day never
 * clash and can be told apart in the bank's list. An explicit `supportName` is written as is.
 *
 * Reading: the records in order (IB first, EF last, each receipt's 14…70 in order with one
 * progressive, progressives 1, 2, … in sequence), the EF's counts and total checked against what
 * was read; LF or CR LF, trailing blanks trimmed or not, latin1 (any byte decodes); bounded in
 * bytes and receipts before any work. Any problem is an HttpError 400 in Italian naming the line.
 */
import Decimal from 'decimal.js';
import { checkFiscalCode, parseDate } from '../../../model/validators.js';
import { badRequest } from '../../errors.js';
import { sepaText } from './pain008.js';
import { italianBankCoordinates } from '../../../model/iban.js';

export interface RibaCreditor {
  /** company name (record 20, 24 characters; its first 20 in record 51) */
  name: string;
  /** street address (record 20, 24 characters) */
  address: string;
  /** ZIP and city (record 20, 24 characters) */
  zipCity: string;
  /** reference or activity (record 20, 24 characters) */
  reference?: string;
  /** VAT number (without 'IT') or fiscal code (record 50) */
  vatOrTaxCode: string;
  /** Italian IBAN: ABI, CAB and account are taken from it */
  iban: string;
  /** the SIA code the bank assigned (5 letters or digits) */
  sia: string;
}

export interface RibaReceipt {
  /** the creditor's receipt number, at most 10 digits (record 51) */
  number: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** euros as exact text, e.g. '123.40' */
  amount: string;
  /** the customer's code, at most 16 characters (record 14) */
  debtorCode: string;
  debtorName: string;
  /** fiscal code or VAT number (without 'IT') */
  debtorTaxCode: string;
  debtorAddress: string;
  /** CAP, 5 digits */
  debtorZip: string;
  debtorCity: string;
  /** province code, 2 letters */
  debtorProvince: string;
  /** Italian IBAN: its ABI and CAB go in record 14 */
  debtorIban: string;
  /** the debtor's bank, in words (record 40) */
  debtorBank?: string;
  /** e.g. 'PER LA FATTURA N. 12/2026 DEL 31/01/2026 IMP 1220,00' (record 50, 80 characters) */
  description: string;
}

export interface RibaFile {
  /** 'YYYY-MM-DD' */
  created: string;
  /** at most 20 characters; by default 'RB-SBF-DDMMYY-<SIA>' or 'RB-DI-DDMMYY-<SIA>' */
  supportName?: string;
  /** salvo buon fine or al dopo incasso (see the header: it changes only the default support name) */
  kind: 'sbf' | 'dopo_incasso';
  creditor: RibaCreditor;
  receipts: RibaReceipt[];
}

export interface ParsedRibaReceipt {
  /** the 7-digit progressive number of the receipt in the file */
  progressive: number;
  /** the creditor's receipt number (record 51) */
  number: number;
  /** 'YYYY-MM-DD', null when the file has 000000 */
  dueDate: string | null;
  /** euros as exact text with two decimals, e.g. '1220.00' */
  amount: string;
  debtorCode: string;
  debtorName: string;
  debtorTaxCode: string;
  debtorAbi: string;
  debtorCab: string;
  description: string;
}

export interface ParsedRiba {
  creditorSia: string;
  creditorAbi: string;
  /** 'YYYY-MM-DD' */
  created: string;
  supportName: string;
  receipts: ParsedRibaReceipt[];
  /** the total in cents, as digits ('122000') */
  totalCents: string;
}

/** Characters of a record, CR LF excluded. */
export const RIBA_RECORD_LENGTH = 120;
/** At most this many bytes per file read. */
export const RIBA_MAX_BYTES = 30 * 1024 * 1024;
/** At most this many receipts per file, written or read. */
export const RIBA_MAX_RECEIPTS = 100_000;
/** The records of one receipt, in their order. */
const RECEIPT_RECORDS = ['14', '20', '30', '40', '50', '51', '70'] as const;
type ReceiptRecord = (typeof RECEIPT_RECORDS)[number];
const RECORDS_PER_RECEIPT = RECEIPT_RECORDS.length;
/** the most lines a file of RIBA_MAX_RECEIPTS receipts has, and a few empty ones at its end */
const MAX_LINES = RIBA_MAX_RECEIPTS * RECORDS_PER_RECEIPT + 2 + 100;
/** 13 digits of cents in a receipt, 15 in the EF's total */
const AMOUNT_MAX_CENTS = new Decimal('9999999999999');
const TOTAL_MAX_CENTS = new Decimal('999999999999999');
const RECEIPT_NUMBER_MAX = 9_999_999_999;
const CURRENCY = 'E';
const CAUSALE = '30000';

const fmt = (n: number) => n.toLocaleString('it-IT');
const fail = (message: string) => badRequest(message);

// ---------------------------------------------------------------------------
// fields
// ---------------------------------------------------------------------------

/** a text already in the SEPA set, which `sepaText` would only collapse, trim and cut */
const PLAIN = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
/** A text transliterated to printable ASCII (`sepaText`), at most `len` characters, '' when nothing is left. */
function ascii(value: string | null | undefined, len: number): string {
  const s = value ?? '';
  return PLAIN.test(s) ? s.replace(/ {2,}/g, ' ').trim().slice(0, len).trim() : sepaText(s, len);
}
/** A text field: transliterated, cut to `len`, blank-padded on the right. */
const text = (value: string | null | undefined, len: number) => ascii(value, len).padEnd(len, ' ');
/** A numeric field: digits zero-padded on the left, exactly `len` of them. */
function digits(value: string | number, len: number): string {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > len) throw new RangeError(`riba: ${s} does not fit ${len} digits`);
  return s.padStart(len, '0');
}
const blanks = (len: number) => ' '.repeat(len);
/** 'YYYY-MM-DD' → 'DDMMYY' */
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

/** One record from its fields, checked to be exactly 120 printable ASCII characters. */
function record(...fields: string[]): string {
  const r = fields.join('');
  if (r.length !== RIBA_RECORD_LENGTH || !/^[\x20-\x7E]*$/.test(r)) {
    throw new RangeError(`riba: malformed record (${r.length} characters): ${r}`);
  }
  return r;
}

// ---------------------------------------------------------------------------
// checks of the input
// ---------------------------------------------------------------------------

interface BankCoordinates {
  abi: string;
  cab: string;
  account: string;
}

/** An Italian IBAN (IT, 27 characters, valid check digits) and its ABI, CAB and account. */
function italianIban(value: string, what: string): BankCoordinates {
  const coordinates = italianBankCoordinates(value);
  if (!coordinates)
    throw fail(`${what} non valido: serve un IBAN italiano (IT e 25 caratteri, con i codici di controllo corretti)`);
  return coordinates;
}

/** A fiscal code (16 characters) or a VAT number (11 digits, an 'IT' in front dropped). */
function taxCode(value: string, what: string): string {
  let v = (value ?? '').replace(/\s+/g, '').toUpperCase();
  if (/^IT\d{11}$/.test(v)) v = v.slice(2);
  if (checkFiscalCode(v))
    throw fail(`${what} non valido: serve un codice fiscale (16 caratteri) o una partita IVA (11 cifre)`);
  return v;
}

function isoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !!parseDate(value);
}

/** A date written as DDMMYY must be in 2000–2099 to be read back as the same date. */
function checkedDate(value: string | null | undefined, what: string, missing: string): string {
  const v = (value ?? '').trim();
  if (!v) throw fail(missing);
  if (!isoDate(v)) throw fail(`${what} non valida: usa il formato AAAA-MM-GG`);
  if (v < '2000-01-01' || v > '2099-12-31') throw fail(`${what} fuori dagli anni 2000–2099`);
  return v;
}

/** A code that travels unchanged (support name, customer code): SEPA characters only, never rewritten. */
function checkedCode(value: string | null | undefined, max: number): string | undefined {
  const v = (value ?? '').trim();
  return v.length <= max && ascii(v, max) === v ? v : undefined;
}
const CODE_CHARS = "lettere senza accenti, cifre, spazio e / - ? : ( ) . , ' +";

/** the creditor's fields as written: texts transliterated and padded to their field */
interface CheckedCreditor {
  name: string;
  address: string;
  zipCity: string;
  reference: string;
  taxCode: string;
  bank: BankCoordinates;
  sia: string;
}

function checkedCreditor(c: RibaCreditor | undefined): CheckedCreditor {
  if (!c) throw fail('Mancano i dati del creditore');
  const name = ascii(c.name, 24);
  if (!name) throw fail('Manca la ragione sociale del creditore (in caratteri latini)');
  const sia = (c.sia ?? '').trim().toUpperCase();
  if (!/^[A-Z0-9]{5}$/.test(sia)) {
    throw fail('Codice SIA del creditore non valido: servono 5 caratteri tra lettere e cifre (lo rilascia la banca)');
  }
  return {
    name: name.padEnd(24, ' '),
    address: text(c.address, 24),
    zipCity: text(c.zipCity, 24),
    reference: text(c.reference, 24),
    taxCode: taxCode(c.vatOrTaxCode, 'Codice fiscale o partita IVA del creditore').padEnd(16, ' '),
    bank: italianIban(c.iban, 'IBAN del creditore'),
    sia,
  };
}

/** a receipt's fields as written: texts transliterated and padded to their field */
interface CheckedReceipt {
  number: number;
  dueDate: string;
  cents: Decimal;
  debtorCode: string;
  debtorName: string;
  debtorTaxCode: string;
  address: string;
  zip: string;
  city: string;
  province: string;
  bankName: string;
  description: string;
  bank: BankCoordinates;
}

/**
 * What the writer would refuse of one receipt, in Italian without the receipt's name (the preview
 * leaves the customer out with it), or null when it can be written.
 */
export function ribaReceiptProblem(r: RibaReceipt): string | null {
  try {
    checkedReceipt(r, 0);
    return null;
  } catch (e) {
    const m = (e as Error).message;
    return m.slice(m.indexOf(': ') + 2);
  }
}

function checkedReceipt(r: RibaReceipt, i: number): CheckedReceipt {
  const numberOk = Number.isSafeInteger(r?.number) && r.number >= 1 && r.number <= RECEIPT_NUMBER_MAX;
  const named = r?.debtorName?.trim() ? ` (${r.debtorName.trim()})` : '';
  const who = numberOk ? `Ricevuta n. ${r.number}${named}` : `Ricevuta ${i + 1} della distinta${named}`;
  if (!numberOk) throw fail(`${who}: numero della ricevuta non valido (un intero da 1 a 10 cifre)`);

  const dueDate = checkedDate(r.dueDate, `${who}: data di scadenza`, `${who}: manca la data di scadenza`);

  const amount = (r.amount ?? '').trim();
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(amount)) {
    throw fail(`${who}: importo non valido (in euro, con al massimo due decimali, es. 123.40)`);
  }
  const cents = new Decimal(amount).times(100);
  if (cents.lte(0)) throw fail(`${who}: l'importo deve essere maggiore di zero`);
  if (cents.gt(AMOUNT_MAX_CENTS)) {
    throw fail(`${who}: importo troppo grande (al massimo 13 cifre in centesimi, 99.999.999.999,99 euro)`);
  }

  const debtorCode = checkedCode(r.debtorCode, 16);
  if (debtorCode === undefined) {
    throw fail(`${who}: codice del cliente non valido (al massimo 16 caratteri tra ${CODE_CHARS})`);
  }
  const debtorName = ascii(r.debtorName, 60);
  if (!debtorName) throw fail(`${who}: manca il nome del debitore (in caratteri latini)`);
  const debtorTaxCode = taxCode(r.debtorTaxCode, `${who}: codice fiscale o partita IVA del debitore`);
  const address = ascii(r.debtorAddress, 30);
  if (!address) throw fail(`${who}: manca l'indirizzo del debitore`);
  const zip = (r.debtorZip ?? '').trim();
  if (!/^\d{5}$/.test(zip)) throw fail(`${who}: CAP del debitore non valido (5 cifre)`);
  const city = ascii(r.debtorCity, 23);
  if (!city) throw fail(`${who}: manca il comune del debitore`);
  const province = (r.debtorProvince ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(province)) throw fail(`${who}: sigla della provincia del debitore non valida (2 lettere)`);
  const description = ascii(r.description, 80);
  if (!description) throw fail(`${who}: manca la descrizione (il riferimento alla fattura)`);
  return {
    number: r.number,
    dueDate,
    cents,
    debtorCode: debtorCode.padEnd(16, ' '),
    debtorName: debtorName.padEnd(60, ' '),
    debtorTaxCode: debtorTaxCode.padEnd(16, ' '),
    address: address.padEnd(30, ' '),
    zip,
    city: city.padEnd(23, ' '),
    province,
    bankName: text(r.debtorBank, 50),
    description: description.padEnd(80, ' '),
    bank: italianIban(r.debtorIban, `${who}: IBAN del debitore`),
  };
}

// ---------------------------------------------------------------------------
// the writer
// ---------------------------------------------------------------------------

/** The presentation file: every record 120 ASCII characters and CR LF, the last one included. */
export function writeRiba(file: RibaFile): string {
  const list = file?.receipts ?? [];
  if (!list.length) throw fail('Nessuna ricevuta da presentare');
  if (list.length > RIBA_MAX_RECEIPTS) {
    throw fail(`Troppe ricevute in una distinta: al massimo ${fmt(RIBA_MAX_RECEIPTS)}, dividila in più file`);
  }
  if (file.kind !== 'sbf' && file.kind !== 'dopo_incasso') {
    throw fail('Tipo di presentazione non previsto: salvo buon fine (sbf) o al dopo incasso (dopo_incasso)');
  }
  const created = checkedDate(file.created, 'Data di creazione del file', 'Manca la data di creazione del file');
  const c = checkedCreditor(file.creditor);
  let support: string;
  if (file.supportName !== undefined && file.supportName.trim() !== '') {
    const s = checkedCode(file.supportName, 20);
    if (s === undefined) throw fail(`Nome del supporto non valido: al massimo 20 caratteri tra ${CODE_CHARS}`);
    support = s;
  } else {
    support = `RB-${file.kind === 'sbf' ? 'SBF' : 'DI'}-${ddmmyy(created)}-${c.sia}`;
  }

  const receipts = list.map(checkedReceipt);
  const seen = new Set<number>();
  for (const r of receipts) {
    if (seen.has(r.number)) throw fail(`Ricevuta n. ${r.number}: numero ripetuto nella distinta`);
    seen.add(r.number);
  }
  const total = receipts.reduce((a, r) => a.plus(r.cents), new Decimal(0));
  if (total.gt(TOTAL_MAX_CENTS)) {
    throw fail(
      'Totale della distinta troppo grande per il file (al massimo 15 cifre in centesimi): dividila in più file',
    );
  }

  const date = ddmmyy(created);
  const supportField = text(support, 20);
  const lines: string[] = [record(' IB', c.sia, c.bank.abi, date, supportField, blanks(74), CURRENCY, blanks(6))];
  receipts.forEach((r, i) => {
    const p = digits(i + 1, 7);
    lines.push(
      record(
        ' 14',
        p,
        blanks(12),
        ddmmyy(r.dueDate),
        CAUSALE,
        digits(r.cents.toFixed(0), 13),
        '-',
        c.bank.abi,
        c.bank.cab,
        c.bank.account,
        r.bank.abi,
        r.bank.cab,
        blanks(12),
        c.sia,
        '4',
        r.debtorCode,
        blanks(6),
        CURRENCY,
      ),
      record(' 20', p, c.name, c.address, c.zipCity, c.reference, blanks(14)),
      record(' 30', p, r.debtorName, r.debtorTaxCode, blanks(34)),
      record(' 40', p, r.address, r.zip, r.city, r.province, r.bankName),
      record(' 50', p, r.description, blanks(10), c.taxCode, blanks(4)),
      record(' 51', p, digits(r.number, 10), c.name.slice(0, 20), blanks(80)),
      record(' 70', p, blanks(110)),
    );
  });
  lines.push(
    record(
      ' EF',
      c.sia,
      c.bank.abi,
      date,
      supportField,
      blanks(6),
      digits(receipts.length, 7),
      digits(total.toFixed(0), 15),
      '0'.repeat(15),
      digits(receipts.length * RECORDS_PER_RECEIPT + 2, 7),
      blanks(24),
      CURRENCY,
      blanks(6),
    ),
  );
  return lines.map((l) => `${l}\r\n`).join('');
}

// ---------------------------------------------------------------------------
// the reader
// ---------------------------------------------------------------------------

/** A value read from the file, safe to show in a message: printable, at most 20 characters. */
function shown(s: string): string {
  const p = s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  return p.length > 20 ? `${p.slice(0, 20)}…` : p;
}

/** 'DDMMYY' → 'YYYY-MM-DD' (years 2000–2099), undefined when it is no calendar date. */
function fromDdmmyy(s: string): string | undefined {
  if (!/^\d{6}$/.test(s)) return undefined;
  const iso = `20${s.slice(4, 6)}-${s.slice(2, 4)}-${s.slice(0, 2)}`;
  return parseDate(iso) ? iso : undefined;
}

/** Cents → euros with two decimals (122000 → '1220.00'). */
const euros = (cents: Decimal) => cents.div(100).toFixed(2);
/** Cents → '1.220,00 euro' for a message. */
const eurosIt = (cents: Decimal) =>
  `${cents
    .div(100)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+,)/g, '.')} euro`;

interface Header {
  sia: string;
  abi: string;
  date: string;
  created: string;
  supportName: string;
  currency: string;
}

interface Open {
  progressive: number;
  /** index in RECEIPT_RECORDS of the next record expected */
  next: number;
  receipt: ParsedRibaReceipt;
}

/** The position of a record's field, 1-based and inclusive as in the standard's tables. */
const at = (rec: string, from: number, to: number) => rec.slice(from - 1, to);

/**
 * A presentation file (or the bank's return of unpaid receipts, in the same records): its header,
 * its receipts and its total, after checking the order of the records and the EF's counts and
 * total. Throws an HttpError 400 in Italian naming the line of the first problem.
 */
export function parseRiba(bytes: Buffer): ParsedRiba {
  if (bytes.length > RIBA_MAX_BYTES) {
    throw fail(`Il file è troppo grande: un file RiBa può essere al massimo di ${RIBA_MAX_BYTES / 1024 / 1024} MB`);
  }
  let newlines = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) {
    if (++newlines > MAX_LINES) {
      throw fail(`Il file ha troppe righe: un file RiBa può contenere al massimo ${fmt(RIBA_MAX_RECEIPTS)} ricevute`);
    }
  }

  let content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (content.startsWith('\xEF\xBB\xBF')) content = content.slice(3); // a UTF-8 byte order mark
  const lines = content.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (!lines.length) throw fail('Riga 1: il file è vuoto (manca il record IB)');

  let header: Header | undefined;
  let open: Open | undefined;
  let ended = false;
  let records = 0;
  const receipts: ParsedRibaReceipt[] = [];
  let total = new Decimal(0);

  lines.forEach((raw, i) => {
    const n = i + 1;
    const bad = (why: string) => fail(`Riga ${n}: ${why}`);
    if (ended) throw bad('contenuto dopo il record EF di chiusura');
    let end = raw.length;
    while (end > 0 && raw.charCodeAt(end - 1) === 0x20) end--;
    const trimmed = raw.slice(0, end);
    if (!trimmed) throw bad('riga vuota');
    if (trimmed.length > RIBA_RECORD_LENGTH) {
      throw bad(`lunga ${fmt(trimmed.length)} caratteri, un record RiBa ne ha ${RIBA_RECORD_LENGTH}`);
    }
    for (let k = 0; k < trimmed.length; k++) {
      const code = trimmed.charCodeAt(k);
      if (code < 0x20 || code === 0x7f) throw bad(`carattere di controllo (codice ${code}) nella colonna ${k + 1}`);
    }
    const rec = trimmed.padEnd(RIBA_RECORD_LENGTH, ' ');
    const type = at(rec, 2, 3);
    const known = type === 'IB' || type === 'EF' || (RECEIPT_RECORDS as readonly string[]).includes(type);
    if (rec[0] !== ' ' || !known) {
      throw bad(
        `record non riconosciuto ("${shown(at(rec, 1, 3))}"): ogni record inizia con uno spazio e il tipo (IB, 14, 20, 30, 40, 50, 51, 70, EF)`,
      );
    }
    records++;

    if (!header) {
      if (type !== 'IB') throw bad(`il file deve iniziare con il record IB, trovato il record ${type}`);
      header = readHeader(rec, bad);
      return;
    }
    if (type === 'IB') throw bad('record IB ripetuto');
    if (type === 'EF') {
      if (open) {
        throw bad(
          `record EF prima della fine della ricevuta ${open.progressive} (manca il suo record ${RECEIPT_RECORDS[open.next]})`,
        );
      }
      checkTrailer(rec, header, receipts.length, records, total, bad);
      ended = true;
      return;
    }

    const progressiveText = at(rec, 4, 10);
    if (!/^\d{7}$/.test(progressiveText)) {
      throw bad(`numero progressivo "${shown(progressiveText)}" del record ${type} non numerico (7 cifre)`);
    }
    const p = Number(progressiveText);
    const t = type as ReceiptRecord;

    if (t === '14') {
      if (open) {
        throw bad(
          `record 14 della ricevuta ${p} prima della fine della ricevuta ${open.progressive} (manca il suo record ${RECEIPT_RECORDS[open.next]})`,
        );
      }
      const expected = receipts.length + 1;
      if (p !== expected) throw bad(`numero progressivo ${p} nel record 14, atteso ${expected}`);
      if (p > RIBA_MAX_RECEIPTS) throw bad(`più di ${fmt(RIBA_MAX_RECEIPTS)} ricevute in un file`);
      open = { progressive: p, next: 1, receipt: readAmountRecord(rec, p, header, bad) };
      total = total.plus(new Decimal(open.receipt.amount).times(100));
      return;
    }

    if (!open) {
      const last = receipts[receipts.length - 1];
      if (last && last.progressive === p)
        throw bad(`record ${t} della ricevuta ${p} dopo il suo record 70 di chiusura`);
      throw bad(`record ${t} della ricevuta ${p} prima del suo record 14`);
    }
    if (p !== open.progressive) {
      throw bad(
        `record ${t} della ricevuta ${p} mentre la ricevuta ${open.progressive} non è completa (manca il suo record ${RECEIPT_RECORDS[open.next]})`,
      );
    }
    const index = RECEIPT_RECORDS.indexOf(t);
    const expected = RECEIPT_RECORDS[open.next]!;
    if (index > open.next) throw bad(`record ${t} della ricevuta ${p} prima del suo record ${expected}`);
    if (index < open.next) {
      throw bad(
        `record ${t} della ricevuta ${p} ripetuto o fuori ordine (dopo il record ${RECEIPT_RECORDS[open.next - 1]})`,
      );
    }
    const r = open.receipt;
    if (t === '30') {
      r.debtorName = at(rec, 11, 70).trim();
      r.debtorTaxCode = at(rec, 71, 86).trim();
    } else if (t === '50') {
      r.description = at(rec, 11, 90).trim();
    } else if (t === '51') {
      const num = at(rec, 11, 20);
      if (!/^\d{10}$/.test(num)) throw bad(`numero della ricevuta "${shown(num)}" non numerico (10 cifre)`);
      r.number = Number(num);
    }
    open.next++;
    if (open.next === RECORDS_PER_RECEIPT) {
      receipts.push(r);
      open = undefined;
    }
  });

  if (!ended) {
    const why = open
      ? `la ricevuta ${open.progressive} è incompleta (manca il suo record ${RECEIPT_RECORDS[open.next]}) e manca il record EF`
      : 'manca il record EF di chiusura';
    throw fail(`Riga ${lines.length}: il file termina qui, ${why}`);
  }
  return {
    creditorSia: header!.sia,
    creditorAbi: header!.abi,
    created: header!.created,
    supportName: header!.supportName,
    receipts,
    totalCents: total.toFixed(0),
  };
}

type Bad = (why: string) => Error;

function readHeader(rec: string, bad: Bad): Header {
  const sia = at(rec, 4, 8);
  if (!/^[A-Za-z0-9]{5}$/.test(sia))
    throw bad(`codice SIA "${shown(sia)}" del record IB non valido (5 lettere o cifre)`);
  const abi = at(rec, 9, 13);
  if (!/^\d{5}$/.test(abi)) throw bad(`codice ABI "${shown(abi)}" del record IB non valido (5 cifre)`);
  const date = at(rec, 14, 19);
  const created = fromDdmmyy(date);
  if (!created) throw bad(`data di creazione "${shown(date)}" del record IB non valida (GGMMAA)`);
  const currency = at(rec, 114, 114);
  if (currency !== CURRENCY && currency !== ' ') {
    throw bad(`codice divisa "${shown(currency)}" del record IB non previsto (E, euro)`);
  }
  return { sia, abi, date, created, supportName: at(rec, 20, 39).trim(), currency: CURRENCY };
}

function readAmountRecord(rec: string, p: number, header: Header, bad: Bad): ParsedRibaReceipt {
  const due = at(rec, 23, 28);
  let dueDate: string | null = null;
  if (due !== '000000') {
    const d = fromDdmmyy(due);
    if (!d) throw bad(`data di scadenza "${shown(due)}" della ricevuta ${p} non valida (GGMMAA)`);
    dueDate = d;
  }
  const cents = at(rec, 34, 46);
  if (!/^\d{13}$/.test(cents)) throw bad(`importo "${shown(cents)}" della ricevuta ${p} non numerico (13 cifre)`);
  const amount = new Decimal(cents);
  if (amount.isZero()) throw bad(`importo a zero nella ricevuta ${p}`);
  const sign = at(rec, 47, 47);
  if (sign !== '-') throw bad(`segno "${shown(sign)}" della ricevuta ${p} non previsto (atteso "-")`);
  const debtorAbi = at(rec, 70, 74);
  const debtorCab = at(rec, 75, 79);
  if (!/^\d{5}$/.test(debtorAbi) || !/^\d{5}$/.test(debtorCab)) {
    throw bad(`ABI o CAB della banca del debitore della ricevuta ${p} non numerico (5 cifre ciascuno)`);
  }
  const currency = at(rec, 120, 120);
  if (currency !== header.currency && currency !== ' ') {
    throw bad(`codice divisa "${shown(currency)}" della ricevuta ${p} diverso da quello del record IB (E)`);
  }
  return {
    progressive: p,
    number: 0,
    dueDate,
    amount: euros(amount),
    debtorCode: at(rec, 98, 113).trim(),
    debtorName: '',
    debtorTaxCode: '',
    debtorAbi,
    debtorCab,
    description: '',
  };
}

function checkTrailer(rec: string, h: Header, receipts: number, records: number, total: Decimal, bad: Bad) {
  const same = (what: string, value: string, ib: string) => {
    if (value !== ib)
      throw bad(`${what} del record EF ("${shown(value)}") diverso da quello del record IB ("${shown(ib)}")`);
  };
  same('codice SIA', at(rec, 4, 8), h.sia);
  same('codice ABI', at(rec, 9, 13), h.abi);
  same('data di creazione', at(rec, 14, 19), h.date);
  same('nome del supporto', at(rec, 20, 39).trim(), h.supportName);
  const count = (from: number, to: number, what: string) => {
    const s = at(rec, from, to);
    if (!/^\d+$/.test(s)) throw bad(`${what} "${shown(s)}" del record EF non numerico`);
    return s;
  };
  const declaredReceipts = Number(count(46, 52, 'numero di ricevute'));
  if (declaredReceipts !== receipts) {
    throw bad(`il record EF dichiara ${fmt(declaredReceipts)} ricevute, il file ne contiene ${fmt(receipts)}`);
  }
  const declaredTotal = new Decimal(count(53, 67, 'totale degli importi'));
  if (!declaredTotal.eq(total)) {
    throw bad(`il record EF dichiara un totale di ${eurosIt(declaredTotal)}, le ricevute sommano ${eurosIt(total)}`);
  }
  const positive = at(rec, 68, 82);
  if (!/^0{15}$/.test(positive) && positive.trim() !== '') {
    throw bad('totale degli importi positivi non previsto in una presentazione RiBa (atteso zero)');
  }
  const declaredRecords = Number(count(83, 89, 'numero di record'));
  if (declaredRecords !== records) {
    throw bad(`il record EF dichiara ${fmt(declaredRecords)} record, il file ne contiene ${fmt(records)}`);
  }
  const currency = at(rec, 114, 114);
  if (currency !== h.currency && currency !== ' ') {
    throw bad(`codice divisa "${shown(currency)}" del record EF diverso da quello del record IB (E)`);
  }
}

/** A cheap sniff: the first line is an IB record (SIA, ABI, date DDMMYY) of at most 120 characters. */
export function isRiba(bytes: Uint8Array): boolean {
  const i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.length < i + 19) return false;
  if (bytes[i] !== 0x20 || bytes[i + 1] !== 0x49 || bytes[i + 2] !== 0x42) return false; // ' IB'
  const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
  const isAlnum = (b: number | undefined) =>
    isDigit(b) || (b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)));
  for (let k = 3; k < 8; k++) if (!isAlnum(bytes[i + k])) return false;
  for (let k = 8; k < 19; k++) if (!isDigit(bytes[i + k])) return false;
  // the line ends (LF, CR LF or the end of the file) within its 120 characters
  const end = Math.min(bytes.length, i + RIBA_RECORD_LENGTH + 1);
  for (let k = i + 19; k < end; k++) {
    if (bytes[k] === 0x0a || bytes[k] === 0x0d) return true;
    if (bytes[k]! < 0x20) return false;
  }
  return bytes.length <= i + RIBA_RECORD_LENGTH;
}
