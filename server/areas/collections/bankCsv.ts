/**
 * A home-banking export (CSV or XLSX, read by ../customerImport/parse.ts's parseSpreadsheet) as
 * bank lines (issue 29): which columns an Italian bank's export has and how they are recognised,
 * the Italian ways of writing a date and an amount, and what the banks put in the description
 * (the ordering party's name and IBAN, the CRO/TRN reference, an SDD's end-to-end id).
 *
 * Rows are counted as in the file: the header is row 1, the first row under it row 2 (the reader
 * drops empty rows: a file with blank lines in the middle counts without them).
 */
import { HttpError } from '../../errors.js';
import { normalizeHeader } from '../../../model/customerImport.js';
import { realDay } from '../../../model/dates.js';
import { isValidIban } from '../../../model/validators.js';
import Decimal from 'decimal.js';
import { isCbiRh } from './cbiRh.js';
import type { BankLine } from './types.js';

export interface BankField {
  name: BankFieldName;
  label: string;
  /** headers recognised by themselves, best first (compared without case, accents, spaces and punctuation) */
  aliases: readonly string[];
  required?: boolean;
}
export type BankFieldName =
  | 'booking_date'
  | 'value_date'
  | 'amount'
  | 'credit'
  | 'debit'
  | 'sign'
  | 'description'
  | 'details'
  | 'counterparty'
  | 'counterparty_iban'
  | 'end_to_end_id'
  | 'bank_ref';

/** The fields a column of the export can fill: the amount is one signed column, or two (Entrate/Avere and Uscite/Dare). */
export const BANK_FIELDS: readonly BankField[] = [
  {
    name: 'booking_date',
    label: 'Data contabile',
    required: true,
    aliases: [
      'Data contabile',
      'Data contabilizzazione',
      'Data registrazione',
      'Data reg.',
      'Data operazione',
      'Data movimento',
      'Data op.',
      'Data',
    ],
  },
  { name: 'value_date', label: 'Data valuta', aliases: ['Data valuta', 'Valuta', 'Data val.', 'Data di valuta'] },
  {
    name: 'amount',
    label: 'Importo (con segno)',
    aliases: [
      'Importo',
      'Importo (EUR)',
      'Importo EUR',
      'Importo in euro',
      'Importo €',
      'Ammontare',
      'Importo movimento',
    ],
  },
  {
    name: 'credit',
    label: 'Entrate / Avere',
    aliases: ['Entrate', 'Avere', 'Accrediti', 'Accredito', 'Importo avere', 'Importo accredito', 'Entrata', 'Crediti'],
  },
  {
    name: 'debit',
    label: 'Uscite / Dare',
    aliases: ['Uscite', 'Dare', 'Addebiti', 'Addebito', 'Importo dare', 'Importo addebito', 'Uscita', 'Debiti'],
  },
  {
    name: 'sign',
    label: 'Segno (Dare/Avere)',
    aliases: ['Segno', 'D/A', 'Dare/Avere', 'Segno importo', 'C/D', 'Cr/Db', 'Tipo movimento'],
  },
  {
    name: 'description',
    label: 'Descrizione / Causale',
    aliases: [
      'Descrizione',
      'Descrizione operazione',
      'Descrizione operazioni',
      'Descrizione movimento',
      'Causale / Descrizione',
      'Causale',
      'Operazione',
      'Movimento',
    ],
  },
  {
    name: 'details',
    label: 'Dettagli (descrizione estesa)',
    aliases: [
      'Descrizione estesa',
      'Descrizione completa',
      'Descrizione_Completa',
      'Dettagli',
      'Dettaglio',
      'Dettagli operazione',
      'Informazioni aggiuntive',
      'Note',
      'Causale',
    ],
  },
  {
    name: 'counterparty',
    label: 'Ordinante / Beneficiario',
    aliases: [
      'Ordinante/Beneficiario',
      'Ordinante',
      'Beneficiario',
      'Controparte',
      'Nome controparte',
      'Ordinante / Beneficiario',
      'Mittente',
    ],
  },
  {
    name: 'counterparty_iban',
    label: 'IBAN ordinante',
    aliases: ['IBAN ordinante', 'IBAN controparte', 'IBAN beneficiario', 'IBAN ordinante/beneficiario', 'IBAN'],
  },
  {
    name: 'end_to_end_id',
    label: 'Id end-to-end',
    aliases: [
      'End to end id',
      'EndToEndId',
      'Id end to end',
      'Identificativo end to end',
      'Riferimento end to end',
      'E2E',
    ],
  },
  {
    name: 'bank_ref',
    label: 'Riferimento banca',
    aliases: [
      'Riferimento banca',
      'Rif. banca',
      'Riferimento',
      'Numero operazione',
      'Id operazione',
      'Codice operazione',
      'CRO',
      'TRN',
      'CRO/TRN',
      'Identificativo',
    ],
  },
];

export const BANK_MESSAGES = {
  noDate: 'Associa la colonna della data contabile',
  noAmount: "Associa la colonna dell'importo, oppure le colonne delle entrate e delle uscite",
  unknownColumn: (name: string) => `Colonna "${name}" non presente nel file`,
  badAmount: (line: number, text: string) => `Importo non leggibile alla riga ${line}: "${clip(text)}"`,
  badDate: (line: number, text: string) => `Data non leggibile alla riga ${line}: "${clip(text)}"`,
  missingAmount: (line: number) => `Importo mancante alla riga ${line}`,
  missingDate: (line: number) => `Data contabile mancante alla riga ${line}`,
  bothAmounts: (line: number) => `Entrate e uscite entrambe valorizzate alla riga ${line}: tienine una sola`,
} as const;

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

export type BankMapping = Record<string, string | null>;

/**
 * The column of each field, recognised by its header: each header fills at most one field, an
 * exact alias first; then a header that starts with an alias ('Importo (EUR)', 'Data valuta
 * contabile'). One signed amount column wins over two (Entrate/Uscite).
 */
export function guessBankMapping(headers: string[]): Record<string, string | null> {
  const mapping: Record<string, string | null> = Object.fromEntries(BANK_FIELDS.map((f) => [f.name, null]));
  const norm = headers.map((h) => normalizeHeader(h));
  const used = new Set<number>();
  const pick = (field: BankField, prefix: boolean) => {
    if (mapping[field.name] !== null) return;
    for (const a of [field.label, ...field.aliases]) {
      const k = normalizeHeader(a);
      if (!k) continue;
      const i = norm.findIndex((h, idx) => !used.has(idx) && (prefix ? k.length >= 4 && h.startsWith(k) : h === k));
      if (i >= 0) {
        used.add(i);
        mapping[field.name] = headers[i]!;
        return;
      }
    }
  };
  for (const prefix of [false, true]) for (const f of BANK_FIELDS) pick(f, prefix);
  if (mapping.amount !== null) {
    mapping.credit = null;
    mapping.debit = null;
  } else mapping.sign = null;
  return mapping;
}

// ---------------------------------------------------------------------------
// dates and amounts as Italian banks write them
// ---------------------------------------------------------------------------

/** Excel's day 0 (its day 60 is the 29th of February 1900 that never was: serials from 61 on count from here). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * 'YYYY-MM-DD' of a bank's date: DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY (a two-digit year is 20YY),
 * YYYY-MM-DD (with a time after it), YYYYMMDD, or an Excel serial day (a date cell saved without
 * its format); null when it is none or no real day.
 */
export function parseBankDate(text: string): string | null {
  const t = text.trim();
  let m =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]\d{1,2}[:.]\d{2}(?:[:.]\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      t,
    );
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:\s+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?$/.exec(t);
  if (m) return realDay(m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) {
    const ymd = /^(19|20|21)/.test(t) ? realDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    return ymd ?? realDay(Number(t.slice(4)), Number(t.slice(2, 4)), Number(t.slice(0, 2)));
  }
  m = /^(\d{5})(?:\.\d+)?$/.exec(t);
  if (m && Number(m[1]) >= 20_000 && Number(m[1]) <= 110_000) {
    const d = new Date(EXCEL_EPOCH + Number(m[1]) * 86_400_000);
    return realDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return null;
}

/** At most 12 digits before the decimals (the tables' numeric(14, 2)). */
const MAX_INT_DIGITS = 12;

/**
 * Signed cents of a bank's amount: '1.234,56', '-1.234,56', '1234.56', '1,234.56', '€ 1.234,56',
 * 'EUR 12,50', '+12,50', '12,50-', '(12,50)' (negative), "1'234.56", '1 234,56'. One separator
 * followed by three digits is a thousands separator ('1.234' is 1234 euros); more than two
 * decimals are refused, but in an .xlsx a number cell written with many decimals ('12.300000000000001',
 * a binary float as Excel saves it) is rounded to the cent. null when unreadable.
 */
export function parseBankAmount(text: string, xlsx = false): number | null {
  let t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (xlsx && (/^-?\d+\.\d{4,}$/.test(t) || /^-?\d{4,}\.\d{3}$/.test(t))) {
    const [int, frac] = t.replace('-', '').split('.') as [string, string];
    if (int.length > MAX_INT_DIGITS) return null;
    const cents = Number(int) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
    return t.startsWith('-') && cents ? -cents : cents;
  }
  if (xlsx && /^-?\d+(\.\d+)?E[+-]?\d+$/i.test(t)) {
    const d = new Decimal(t);
    if (!d.isFinite() || d.abs().gte(new Decimal(10).pow(MAX_INT_DIGITS))) return null;
    return d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber() || 0;
  }
  // at most one sign: a leading or trailing + or -, or parentheses; the currency before or after
  let negative = false;
  let signs = 0;
  for (let k = 0; k < 4; k++) {
    const before = t;
    t = t.replace(/^(?:EUR|€)|(?:EUR|€)$/gi, '');
    const paren = /^\((.*)\)$/.exec(t);
    if (paren) {
      negative = true;
      signs++;
      t = paren[1]!;
    } else if (/^[+-]/.test(t) || /[+-]$/.test(t)) {
      negative = t.startsWith('-') || t.endsWith('-');
      signs++;
      t = /^[+-]/.test(t) ? t.slice(1) : t.slice(0, -1);
    }
    if (t === before) break;
  }
  if (signs > 1) return null;
  let int: string;
  let frac = '';
  let m: RegExpExecArray | null;
  if ((m = /^(\d+)$/.exec(t))) int = m[1]!;
  // Italian: dots for thousands, a comma before the decimals
  else if ((m = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(t))) {
    int = m[1]!.replace(/\./g, '');
    frac = m[2] ?? '';
  } else if ((m = /^(\d*),(\d{1,2})$/.exec(t))) {
    int = m[1] || '0';
    frac = m[2]!;
  }
  // English: commas for thousands, a dot before the decimals
  else if ((m = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(t))) {
    int = m[1]!.replace(/,/g, '');
    frac = m[2] ?? '';
  } else if ((m = /^(\d*)\.(\d{1,2})$/.exec(t))) {
    int = m[1] || '0';
    frac = m[2]!;
  } else return null;
  int = int.replace(/^0+(?=\d)/, '');
  if (int.length > MAX_INT_DIGITS) return null;
  const cents = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  return negative && cents ? -cents : cents;
}

const centsText = (c: number) => {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------
// what the description says
// ---------------------------------------------------------------------------

export interface DescriptionFacts {
  /** an IBAN written in the text (checksum verified), not the account's own */
  iban: string | null;
  /** the ordering party (ORD:, ORDINANTE, DA:, 'BONIFICO … DA …'), or the beneficiary of a debit (BENEF:) */
  name: string | null;
  /** the bank's reference: TRN, CRO or 'Rif.' */
  ref: string | null;
  /** an SDD's end-to-end id ('E2E', 'ID END TO END', 'Id. fine a fine') */
  endToEndId: string | null;
  /** an SDD return's reason code (AM04, MD06, MS02…) */
  returnReason: string | null;
}

/** Words that end a name written in a description (the next field of the bank's text). */
const NAME_END = new RegExp(
  String.raw`\s{2,}|\s*[,;|]\s*|\s+-\s+|\s*\b[A-Za-z][A-Za-z.]{1,15}\s*:|\s+(?:` +
    [
      'CRO',
      'TRN',
      'RIF',
      'IBAN',
      'CAUS',
      'CAUSALE',
      'PER',
      'INFO',
      'NOTE',
      'E2E',
      'ID',
      'BIC',
      'COD',
      'FATT\\w*',
      'FT',
      'SALDO',
      'ACCONTO',
      'PAGAMENTO',
      'PAG\\.?',
      'DATA',
      'VS',
      'NS',
      'MANDATO',
      'ADDEBITO',
      'ACCREDITO',
      'BONIFICO',
      'RATA',
      'ONORARI\\w*',
      'COMPENS\\w*',
      'IT\\d{2}[A-Z0-9]+',
    ].join('|') +
    String.raw`)\b|\s+DEL\s+\d|\s+\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\s*/|$`,
  'i',
);
const NAME_LABEL =
  /(?:\bORD(?:INANTE)?\.?\s*:|\bORDINANTE\s+|\bDA\s*:|\bMITT(?:ENTE)?\.?\s*:|\b(?:BONIFICO|BONIF\.?|BON\.?|ACCREDITO|FAVORE|GIROCONTO)\s+(?:(?:SEPA|ISTANTANEO|ISTANT\.?|DISPOSTO|ESTERO)\s+)*DA\s+|\bBENEF(?:ICIARIO)?\.?\s*:|\bA\s+FAVORE\s+DI\s*:?\s*)\s*/i;
const IBAN_COMPACT = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/g;
const IBAN_SPACED = /\b[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?\b/g;
const E2E_RE =
  /\b(?:E2E(?:\s*ID)?|(?:ID\.?\s*)?END\s*TO\s*END(?:\s*ID)?|ID\.?\s*FINE\s*A\s*FINE|IDENTIFICATIVO\s+(?:END\s*TO\s*END|FINE\s*A\s*FINE))\s*[:.]?\s*([A-Za-z0-9/\-?:().,'+]{1,35})/i;
const RETURN_CODES =
  /\b(AC0[1-6]|AC13|AG0[12]|AM0[45]|BE05|CNOR|DNOR|FF01|MD0[1-7]|MS0[23]|RC01|RR0[1-4]|SL01|FOCR|DUPL|TECH|FRAD|CUST|UPAY)\b/;

/** The facts an Italian bank writes in a line's description. */
export function readDescription(text: string | null | undefined, ownIban: string | null = null): DescriptionFacts {
  const facts: DescriptionFacts = { iban: null, name: null, ref: null, endToEndId: null, returnReason: null };
  if (!text) return facts;
  const s = text.replace(/\s+/g, ' ').trim();
  const upper = s.toUpperCase();
  const own = ownIban?.replace(/\s+/g, '').toUpperCase() ?? null;
  const take = (iban: string) => {
    const c = iban.replace(/\s+/g, '');
    if (!facts.iban && c !== own && isValidIban(c)) facts.iban = c;
  };
  for (const m of upper.matchAll(IBAN_COMPACT)) take(m[0]);
  if (!facts.iban) {
    for (const m of upper.matchAll(IBAN_SPACED)) {
      // the last group may be the next word: try shorter
      const groups = m[0].split(' ');
      for (let k = groups.length; k >= 3 && !facts.iban; k--) take(groups.slice(0, k).join(''));
    }
  }
  const label = NAME_LABEL.exec(s);
  if (label) {
    const rest = s.slice(label.index + label[0].length);
    const end = NAME_END.exec(rest);
    const name = (end ? rest.slice(0, end.index) : rest).trim().replace(/[.,;:-]+$/, '');
    if (/[A-Za-zÀ-ÿ]{2}/.test(name)) facts.name = name.slice(0, 70);
  }
  const trn = /\bTRN\s*[:.]?\s*([A-Z0-9]{8,35})\b/.exec(upper);
  const cro = /\bCRO\s*[:.]?\s*(\d{6,35})\b/.exec(upper);
  const rif = /\bRIF(?:ERIMENTO|\.)?\s*(?:OPERAZIONE\s*|BANCA\s*)?[:.]?\s*([A-Z0-9][A-Z0-9/-]{3,34})\b/.exec(upper);
  facts.ref = trn?.[1] ?? cro?.[1] ?? (rif && /\d/.test(rif[1]!) ? rif[1]! : null);
  const e2e = E2E_RE.exec(s);
  if (e2e) {
    const id = e2e[1]!.replace(/[.,:]+$/, '');
    if (id && id.toUpperCase() !== 'NOTPROVIDED') facts.endToEndId = id;
  }
  facts.returnReason = RETURN_CODES.exec(upper)?.[1] ?? null;
  return facts;
}

/** A debit that returns a direct debit collected before (insoluto, storno, rimborso, richiamo of an SDD/RID). */
const RETURN_WORDS =
  /\b(INSOLUT\w*|STORN\w*|RIMBORS\w*|RICHIAM\w*|RESPINT\w*|RIFIUT\w*|RESO|R-?TRANSACTION|UNPAID|RETURN\w*)\b/;
const DIRECT_DEBIT_WORDS = /\b(SDD|RID|ADDEBITO DIRETTO|ADDEBITI DIRETTI|SEPA DIRECT DEBIT|DIRECT DEBIT|MANDATO)\b/;

// ---------------------------------------------------------------------------
// the sheet
// ---------------------------------------------------------------------------

/** A title or total of the export (not a movement): 'Saldo iniziale al 01/03/2026', 'Totale movimenti'… */
const TITLE =
  /^(saldo\s+(iniziale|finale|contabile|disponibile|liquido|precedente|attuale|a credito|a debito|per valuta)|totale|totali|riepilogo)\b/i;
/** What may follow a title: dates, amounts and these words ('Totale fatture marzo' is a customer's description). */
const TITLE_TAIL =
  /\b(al|del|dal|eur|euro|contabile|disponibile|liquido|conto|corrente|movimenti|entrate|uscite|dare|avere|accrediti|addebiti|periodo|operazioni|generale)\b/gi;
const isTitle = (cell: string) => {
  const m = TITLE.exec(cell.trim());
  return !!m && !/[a-z]/i.test(cell.trim().slice(m[0].length).replace(TITLE_TAIL, ''));
};

const refuse = (message: string) => new HttpError(422, message, { mapping: [message] });

export type BankFileFormat = 'camt053' | 'cbi_rh' | 'csv' | 'xlsx';

/**
 * What a bank file is, by its content: an .xlsx is a zip, a CBI RH statement begins with its ' RH'
 * record (issue 47), a CAMT.053 with '<' (after a BOM and spaces); anything else is a CSV.
 */
export function bankFileFormat(bytes: Uint8Array): BankFileFormat {
  if (bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'xlsx';
  if (isCbiRh(bytes)) return 'cbi_rh';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'camt053' : 'csv';
}

export interface BankSheet {
  headers: string[];
  rows: string[][];
  format?: 'csv' | 'xlsx';
  /** title rows above the headers (the file's line numbers count them) */
  titleRows?: number;
}

/**
 * The bank lines of an export, with the errors of the rows that cannot be read (each naming its
 * row). Rows with neither a date nor an amount (blank rows, titles) and the balances and totals
 * ('Saldo iniziale', 'Saldo finale', 'Totale') are skipped; a zero amount too. The mapping is
 * refused (422) when it names no date or no amount column, or a column the file does not have.
 */
export function bankLinesFromSheet(
  sheet: BankSheet,
  mapping: BankMapping,
  options: { ownIban?: string | null } = {},
): { lines: BankLine[]; errors: Array<{ line: number; message: string }> } {
  const col = (field: BankFieldName): number => {
    const h = mapping[field];
    if (h === null || h === undefined || h === '') return -1;
    const i = sheet.headers.indexOf(h);
    if (i < 0) throw refuse(BANK_MESSAGES.unknownColumn(h));
    return i;
  };
  const c = Object.fromEntries(BANK_FIELDS.map((f) => [f.name, col(f.name)])) as Record<BankFieldName, number>;
  if (c.booking_date < 0) throw refuse(BANK_MESSAGES.noDate);
  if (c.amount < 0 && c.credit < 0 && c.debit < 0) throw refuse(BANK_MESSAGES.noAmount);
  const xlsx = sheet.format === 'xlsx';
  const ownIban = options.ownIban ?? null;

  const lines: BankLine[] = [];
  const errors: Array<{ line: number; message: string }> = [];
  sheet.rows.forEach((row, i) => {
    const lineNo = i + 2 + (sheet.titleRows ?? 0);
    const cell = (k: number) => (k >= 0 ? (row[k] ?? '').trim() : '');
    const dateText = cell(c.booking_date);
    const amountText = cell(c.amount);
    const creditText = cell(c.credit);
    const debitText = cell(c.debit);
    if (!dateText && !amountText && !creditText && !debitText) return;
    if (row.some(isTitle)) return;

    let cents: number | null;
    if (amountText) {
      cents = parseBankAmount(amountText, xlsx);
      if (cents === null)
        return void errors.push({ line: lineNo, message: BANK_MESSAGES.badAmount(lineNo, amountText) });
      const sign = cell(c.sign).toUpperCase();
      if (sign) {
        if (/^(D|DARE|-|U|USCITA|USCITE|ADDEBITO|DB|DEBIT|DBIT)$/.test(sign)) cents = -Math.abs(cents);
        else if (/^(A|AVERE|\+|C|E|ENTRATA|ENTRATE|ACCREDITO|CR|CREDIT|CRDT)$/.test(sign)) cents = Math.abs(cents);
      }
    } else if (creditText || debitText) {
      const cr = creditText ? parseBankAmount(creditText, xlsx) : 0;
      if (cr === null) return void errors.push({ line: lineNo, message: BANK_MESSAGES.badAmount(lineNo, creditText) });
      const db = debitText ? parseBankAmount(debitText, xlsx) : 0;
      if (db === null) return void errors.push({ line: lineNo, message: BANK_MESSAGES.badAmount(lineNo, debitText) });
      if (cr && db) return void errors.push({ line: lineNo, message: BANK_MESSAGES.bothAmounts(lineNo) });
      cents = cr ? cr : -Math.abs(db);
    } else {
      return void errors.push({ line: lineNo, message: BANK_MESSAGES.missingAmount(lineNo) });
    }
    if (!dateText) return void errors.push({ line: lineNo, message: BANK_MESSAGES.missingDate(lineNo) });
    const bookingDate = parseBankDate(dateText);
    if (!bookingDate) return void errors.push({ line: lineNo, message: BANK_MESSAGES.badDate(lineNo, dateText) });
    const valueText = cell(c.value_date);
    const valueDate = valueText ? parseBankDate(valueText) : null;
    if (valueText && !valueDate)
      return void errors.push({ line: lineNo, message: BANK_MESSAGES.badDate(lineNo, valueText) });
    if (cents === 0) return;

    const remittance = [cell(c.description), cell(c.details)]
      .filter((x, k, all) => x && all.indexOf(x) === k)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const facts = readDescription(remittance, ownIban);
    const ibanCell = cell(c.counterparty_iban).replace(/\s+/g, '').toUpperCase();
    const counterpartyIban = ibanCell && isValidIban(ibanCell) && ibanCell !== ownIban ? ibanCell : facts.iban;
    const e2eCell = cell(c.end_to_end_id);
    const endToEndId =
      (e2eCell && e2eCell.toUpperCase() !== 'NOTPROVIDED' && e2eCell.length <= 35 ? e2eCell : null) ?? facts.endToEndId;
    const upper = remittance.toUpperCase();
    const isReturn = cents < 0 && RETURN_WORDS.test(upper) && (!!endToEndId || DIRECT_DEBIT_WORDS.test(upper));
    lines.push({
      lineNo,
      bookingDate,
      valueDate,
      amount: centsText(cents),
      counterparty: (cell(c.counterparty) || facts.name)?.slice(0, 140) || null,
      counterpartyIban,
      remittance: remittance ? remittance.slice(0, 2000) : null,
      endToEndId,
      bankRef: cell(c.bank_ref) || facts.ref,
      isReturn,
      returnReason: isReturn ? facts.returnReason : null,
    });
  });
  return { lines, errors };
}
