/**
 * The customer import (issue 16), shared by the server and the browser: which customer fields a
 * spreadsheet's columns can fill, the Italian headers recognised by themselves, the limits of a
 * file and the normalisation of a cell's text into what the customer form would send.
 */
import { Customer } from './models/Customer.js';
import type { FieldDef } from './fields.js';

export type { ImportListRow, ImportStaged, ImportUndone } from './api/customerImport.js';

/** At most this many bytes per file (a larger file is refused before it is read). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many data rows per file. */
export const IMPORT_MAX_ROWS = 20_000;
/**
 * The parts of an .xlsx that are read (the workbook, its first sheet, shared strings, styles)
 * may unpack to at most this many bytes, counted while inflating (a zip bomb, or a zip whose
 * directory lies about its sizes, is refused after at most this much work).
 */
export const IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** At most this many columns (a customer file needs a few dozen; empty cells at a row's end do not count). */
export const IMPORT_MAX_COLUMNS = 200;
/** At most this many cells: rows with a value × the widest row (what the file takes once read). */
export const IMPORT_MAX_CELLS = 1_000_000;
/** At most this many characters in one line of a .csv (200 columns of a customer fill a few KB): a
 * longer line is refused while it is read, before it costs seconds of CPU. */
export const IMPORT_MAX_LINE_CHARS = 256 * 1024;

export const IMPORT_MESSAGES = {
  tooLarge: `Il file supera la dimensione massima di ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  notSpreadsheet: 'Il file non è un foglio di calcolo: carica un file .csv (separato da ; o da ,) oppure .xlsx',
  noFile: 'Scegli un file .csv o .xlsx da importare',
  empty: 'Il file non contiene righe di clienti (la prima riga deve contenere le intestazioni delle colonne)',
  tooManyRows: `Il file contiene più di ${IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe: dividilo in più file`,
  tooManyColumns: `Il file ha più di ${IMPORT_MAX_COLUMNS} colonne: un elenco di clienti ne usa poche decine. Tieni solo le colonne da importare e carica di nuovo il file`,
  tooManyCells: `Il file contiene troppe celle (righe × colonne oltre ${IMPORT_MAX_CELLS.toLocaleString('it-IT')}): togli le colonne che non servono o dividilo in più file`,
  lineTooLong: `Una riga del file supera ${IMPORT_MAX_LINE_CHARS.toLocaleString('it-IT')} caratteri: non è un elenco di clienti. Controlla il separatore e carica di nuovo il file`,
  tooLargeUnpacked: `Il foglio di calcolo, una volta decompresso, supera ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB: tieni solo i dati da importare o salvalo come .csv`,
  noMapping: 'Associa almeno una colonna del file a un campo del cliente',
  duplicateInFile: (row: number) => `Già presente nel file alla riga ${row}`,
  notFound: (what: string) => `${what} non trovato`,
  unknownColumn: (name: string) => `Colonna "${name}" non presente nel file`,
  gone: 'Importazione non trovata o già eseguita: carica di nuovo il file',
  alreadyUndone: 'Importazione già annullata',
  notImported: "L'importazione non è stata eseguita",
  /** who undid an import the product took back (a step failed, or its process stopped half-way) */
  interrupted: 'Importazione interrotta: annullata automaticamente',
} as const;

/** The customer fields an import can fill, in the order of the customer form. */
export const IMPORT_FIELDS: string[] = Object.entries(Customer.fields)
  .filter(([, fd]) => !fd.readOnly && !fd.hidden && fd.type !== 'manyToMany' && fd.type !== 'password')
  .map(([name]) => name);

/** Headers recognised by themselves for each field (compared without case, accents, spaces and punctuation). */
export const HEADER_ALIASES: Record<string, string[]> = {
  cod: ['Codice', 'Cod', 'Codice cliente', 'Cod. cliente'],
  business_name: [
    'Ragione Sociale',
    'Denominazione',
    'Nominativo',
    'Cliente',
    'Nome cliente',
    'Ragione sociale / Nome',
  ],
  vat_id: ['Partita IVA', 'P.IVA', 'P. IVA', 'PIVA', 'P IVA', 'Partita I.V.A.', 'Part. IVA'],
  fiscal_code: ['Codice Fiscale', 'Cod. Fiscale', 'C.F.', 'CF', 'Cod. fisc.'],
  address: ['Indirizzo', 'Via', 'Sede', 'Indirizzo sede'],
  postal_code: ['CAP', 'C.A.P.', 'Codice postale'],
  city: ['Città', 'Citta', 'Comune', 'Località', 'Localita'],
  pec: ['PEC', 'Email PEC', 'Indirizzo PEC', 'Posta certificata'],
  telephone: ['Telefono', 'Tel', 'Tel.', 'Telefono fisso'],
  fax: ['Fax'],
  mobile_number: ['Cellulare', 'Cell', 'Cell.', 'Mobile', 'Telefono cellulare'],
  email: ['Email', 'E-mail', 'Mail', 'Posta elettronica', 'Indirizzo email'],
  yearly_number_of_installments: ['Numero rate annuali', 'Numero rate', 'Rate annuali', 'Rate', 'Periodicità'],
  yearly_accounting_amount: [
    'Tariffa annuale',
    'Tariffa',
    'Onorario annuo',
    'Onorario annuale',
    'Compenso annuo',
    'Canone annuo',
  ],
  cedolino_rate: ['Costo cedolino', 'Cedolino', 'Prezzo cedolino'],
  acquisition_date: ['Data acquisizione', 'Cliente dal', 'Data inizio', 'Data inizio rapporto'],
  money_laundering_module_av1_enable_default_values: ['Antiriciclaggio AV1', 'AV1'],
  sdi_code: ['Codice SDI', 'SDI', 'Codice destinatario', 'Cod. SDI'],
  ceased: ['Cessato', 'Cessata'],
  legal_representative_id: ['Rappresentante legale', 'Legale rappresentante', 'Legale rapp.', 'Rapp. legale'],
  legal_status_id: ['Forma giuridica', 'Natura giuridica', 'Forma societaria'],
  collaborator_accounting_id: ['Collaboratore contabilità', 'Collaboratore contabilita'],
  collaborator_studio_jobs_id: ['Collaboratore adempimenti'],
  note: ['Note', 'Annotazioni', 'Osservazioni'],
};

/** A header as compared: lower case, no accents, only letters and digits. */
export const normalizeHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const ALIAS_INDEX = new Map<string, string>();
for (const name of IMPORT_FIELDS) {
  for (const a of [Customer.fields[name]!.label, ...(HEADER_ALIASES[name] ?? [])]) {
    const k = normalizeHeader(a);
    if (!ALIAS_INDEX.has(k)) ALIAS_INDEX.set(k, name);
  }
}

/** Field → header of the file (or null). */
export type ImportMapping = Record<string, string | null>;

/**
 * The mapping of a file's headers: a header mapped by the last import of the studio keeps its
 * field, any other is recognised by its name; each field takes at most one column.
 */
export function autoMapping(headers: string[], previous: ImportMapping | null = null): ImportMapping {
  const mapping: ImportMapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null]));
  const byHeader = new Map<string, string>();
  for (const [field, header] of Object.entries(previous ?? {})) {
    if (header && IMPORT_FIELDS.includes(field)) byHeader.set(normalizeHeader(header), field);
  }
  for (const h of headers) {
    const k = normalizeHeader(h);
    const field = byHeader.get(k) ?? ALIAS_INDEX.get(k);
    if (field && mapping[field] === null) mapping[field] = h;
  }
  return mapping;
}

/** What to do with a row whose customer is already in the studio (same VAT number or fiscal code). */
export type DuplicateChoice = 'skip' | 'update';

export type ImportRowStatus = 'new' | 'update' | 'skip' | 'invalid';

/** One row of the preview: its line in the file, what the import will do, its values and errors. */
export interface ImportPreviewRow {
  line: number;
  status: ImportRowStatus;
  /** the customer already present (status update or skip) */
  existing?: { id: number; business_name: string };
  values: Record<string, string>;
  errors: Record<string, string>;
  /** relation fields whose record the import creates (a new legal representative or status) */
  creates?: string[];
}

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
  invalid: number;
}

/** The options of a preview or an import. */
export interface ImportRequest {
  mapping: ImportMapping;
  fixed?: Record<string, string>;
  duplicates?: DuplicateChoice;
}
export interface ImportProgress {
  phase: 'check' | 'write';
  done: number;
  total: number;
}

// ---------------------------------------------------------------------------
// a cell's text as the form would send it
// ---------------------------------------------------------------------------

/** '1.234,56', '1234,56', '1,234.56', '€ 1.200' → '1234.56' (money in a spreadsheet is written many ways). */
export function normalizeAmount(s: string): string {
  let t = s.replace(/[€\s\u00a0']/g, '');
  if (!/^[+-]?[\d.,]+$/.test(t)) return s.trim();
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // the later separator is the decimal one
    t = lastComma > lastDot ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  } else if (lastComma >= 0) {
    // one comma is the Italian decimal separator; several are thousands separators
    t = t.match(/,/g)!.length > 1 ? t.replace(/,/g, '') : t.replace(',', '.');
  } else if (lastDot >= 0 && (t.match(/\./g)!.length > 1 || /^[+-]?\d{1,3}\.\d{3}$/.test(t))) {
    // '1.200' in an Italian file is one thousand two hundred
    t = t.replace(/\./g, '');
  }
  return t;
}

/** '31/12/2020', '31.12.2020', '1/2/2020' → '31-12-2020' (the form's DD-MM-YYYY); ISO stays. */
export function normalizeDate(s: string): string {
  const t = s.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return `${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}-${m[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t);
  return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : t;
}

const YES = ['1', 'si', 'sì', 's', 'x', 'vero', 'true', 'yes', 'y'];
const NO = ['0', 'no', 'n', 'falso', 'false', ''];

/** A cell's text as the value the customer form sends for the field (relations stay text: matched by name on the server). */
export function cellValue(fd: FieldDef, raw: string): unknown {
  const s = raw.trim();
  if (s === '') return null;
  switch (fd.type) {
    case 'money':
      return normalizeAmount(s);
    case 'date':
      return normalizeDate(s);
    case 'flag': {
      const l = s.toLowerCase();
      return YES.includes(l) ? 1 : NO.includes(l) ? 0 : s;
    }
    case 'choice': {
      const l = s.toLowerCase();
      const c = fd.choices?.find((o) => String(o.value) === s || o.text.toLowerCase() === l);
      return c ? c.value : s;
    }
    case 'text':
      // codes are written without spaces; a VAT number may come as a number losing its leading zeros
      if (fd.rules?.includes('vat')) {
        const v = s.replace(/^IT/i, '').replace(/[\s.]/g, '');
        return /^\d{1,10}$/.test(v) ? v.padStart(11, '0') : v;
      }
      if (fd.rules?.includes('fiscalCode')) {
        const v = s.replace(/\s/g, '').toUpperCase();
        return /^\d{1,10}$/.test(v) ? v.padStart(11, '0') : v;
      }
      if (fd.rules?.includes('digits')) return /^\d{1,4}$/.test(s) ? s.padStart(5, '0') : s;
      return s;
    default:
      return s;
  }
}
