/**
 * A spreadsheet's rows as text (the customer import): `.csv` separated by `;` or `,`, in UTF-8 or
 * Windows-1252 (told apart by whether the bytes are valid UTF-8), or `.xlsx` read with
 * read-excel-file — a formula cell gives the value the spreadsheet application computed and saved,
 * never a formula evaluated here. The kind of file is told by its content, not its name.
 *
 * What a file may take once read is bounded before anything is allocated per cell (issue 25
 * item 1): at most IMPORT_MAX_COLUMNS columns (empty cells at a row's end do not count), rows
 * with a value × the widest row at most IMPORT_MAX_CELLS, at most IMPORT_MAX_ROWS rows. A .csv is
 * checked record by record while csv-parse reads it; an .xlsx's parts are inflated with a running
 * byte budget (boundedZip.ts: a zip bomb or a lying directory costs at most the budget) and its
 * first sheet's XML is scanned for the cells holding a value before read-excel-file, which pads
 * every row to the widest one, reads it — only the parts scanned are handed to it.
 */
import { HttpError } from '../../errors.js';
import { BoundedZip, ZipError } from '../../render/boundedZip.js';
import { attribute, scanXml, type XmlAttrs } from '../../xml/scanner.js';
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LINE_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MESSAGES,
} from '../../../model/customerImport.js';

/** Rows of a staged file in one part (one statement of the database writes or reads it). */
export const STAGED_PART = 1000;

/**
 * An uploaded sheet as the import stages it, made on the offload worker: the rows as JSON text in
 * parts of STAGED_PART (strings cross threads by copy, and go to the database as they are: the
 * request's thread neither clones nor serialises 20,000 rows), the first five for the screen.
 */
export interface StagedSheet extends Omit<ParsedSheet, 'rows'> {
  rowCount: number;
  sample: string[][];
  parts: string[];
}

export function stagedSheet(sheet: ParsedSheet): StagedSheet {
  const { rows, ...rest } = sheet;
  const parts: string[] = [];
  for (let i = 0; i < rows.length; i += STAGED_PART) parts.push(JSON.stringify(rows.slice(i, i + STAGED_PART)));
  return { ...rest, rowCount: rows.length, sample: rows.slice(0, 5), parts };
}

export interface ParsedSheet {
  format: 'csv' | 'xlsx';
  /** csv only */
  encoding?: 'UTF-8' | 'Windows-1252';
  separator?: ';' | ',';
  headers: string[];
  rows: string[][];
  /** the title rows above the headers, skipped (a bank's export: its name, the account, the period) */
  titleRows: number;
}

const refuse = (status: number, message: string) => new HttpError(status, message, { file: [message] });
const notSpreadsheet = () => refuse(422, IMPORT_MESSAGES.notSpreadsheet);
const tooManyColumns = () => refuse(422, IMPORT_MESSAGES.tooManyColumns);
const tooManyCells = () => refuse(422, IMPORT_MESSAGES.tooManyCells);
const tooManyRows = () => refuse(422, IMPORT_MESSAGES.tooManyRows);

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** Bytes no text file has (NUL and most control characters): a PDF, an image, an old .xls… */
const looksBinary = (b: Buffer) => {
  const n = Math.min(b.length, 8192);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === 0) return true;
    if (c < 9 || (c > 13 && c < 32)) bad++;
  }
  return bad > n / 100;
};

/** A date cell of the sheet as the form's day (the sheet's dates carry no time zone: read in UTC). */
const isoDay = (d: Date) =>
  `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoDay(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v).trim();
}

/** Rows looked at for the header: a bank's export has a few title rows before it (ING: eight). */
const HEADER_SEARCH_ROWS = 30;

/**
 * The row of the headers: the first row as wide as the table (at least 60 % of the widest of the
 * first rows' filled cells, and two cells), so that the titles a bank writes above its table
 * ('Elenco movimenti conto corrente', 'Intestatario: …', 'Periodo: …') are skipped (issue 45
 * item 10). A sheet that starts with its headers gives its first row.
 */
export function headerRowOf(table: string[][]): number {
  const filled = (r: string[]) => r.reduce((n, c) => n + (c !== '' ? 1 : 0), 0);
  const first = table.slice(0, HEADER_SEARCH_ROWS).map(filled);
  const widest = Math.max(0, ...first);
  const i = first.findIndex((n) => n >= 2 && n >= widest * 0.6);
  if (i >= 0) return i;
  const any = table.findIndex((r) => filled(r) > 0);
  return any < 0 ? table.length : any;
}

/** The header row and the rows under it, trailing empty rows and columns dropped; the title rows above the header skipped. */
function tidy(table: string[][]): { headers: string[]; rows: string[][]; titleRows: number } {
  const nonEmpty = (r: string[]) => r.some((c) => c !== '');
  const start = headerRowOf(table);
  if (start >= table.length) throw new HttpError(422, IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  const rawHeaders = table[start]!;
  let width = rawHeaders.length;
  while (width > 0 && rawHeaders[width - 1] === '') width--;
  // an unnamed column gets its letter; a repeated name its position
  const seen = new Map<string, number>();
  const headers = rawHeaders.slice(0, width).map((h, i) => {
    let name = h.replace(/\s+/g, ' ').trim() || `Colonna ${columnLetter(i)}`;
    const n = seen.get(name.toLowerCase()) ?? 0;
    seen.set(name.toLowerCase(), n + 1);
    if (n) name = `${name} (${n + 1})`;
    return name;
  });
  const rows = table
    .slice(start + 1)
    .filter(nonEmpty)
    .map((r) => headers.map((_, i) => r[i] ?? ''));
  if (!rows.length) throw new HttpError(422, IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  if (rows.length > IMPORT_MAX_ROWS)
    throw new HttpError(422, IMPORT_MESSAGES.tooManyRows, { file: [IMPORT_MESSAGES.tooManyRows] });
  return { headers, rows, titleRows: table.slice(0, start).filter(nonEmpty).length };
}

const columnLetter = (i: number): string =>
  (i >= 26 ? columnLetter(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Windows-1252 (Excel's "CSV" on Italian Windows). */
export function decodeText(bytes: Buffer): { text: string; encoding: 'UTF-8' | 'Windows-1252' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' };
  }
}

/** The separator of the header line: the more frequent of `;` and `,` outside quotes. */
export function detectSeparator(text: string): ';' | ',' {
  let semi = 0,
    comma = 0,
    quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (semi + comma) break;
    } else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return semi >= comma ? ';' : ',';
}

/**
 * The bounds of a file's shape, fed one row at a time (its width: up to its last non-empty
 * cell): refuses as soon as the file passes one, before the rows are padded to a common width.
 */
function shapeCounter() {
  let rows = 0;
  let width = 0;
  return (rowWidth: number) => {
    if (rowWidth > IMPORT_MAX_COLUMNS) throw tooManyColumns();
    if (rowWidth === 0) return;
    rows++;
    if (rowWidth > width) width = rowWidth;
    // the header and IMPORT_MAX_ROWS rows under it
    if (rows > IMPORT_MAX_ROWS + 1) throw tooManyRows();
    if (rows * width > IMPORT_MAX_CELLS) throw tooManyCells();
  };
}

/** Only separators, quotes and spaces: the empty cells at the end of a row. */
const onlyEmptyCells = (s: string, separator: string) =>
  [...s].every((ch) => ch === separator || ch === '"' || ch.trim() === '');

async function parseCsvBytes(bytes: Buffer): Promise<ParsedSheet> {
  if (looksBinary(bytes)) throw notSpreadsheet();
  // the parsers are loaded with the first import, not with the server
  const { parse: parseCsv } = await import('csv-parse/sync');
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  const count = shapeCounter();
  let table: string[][];
  try {
    table = parseCsv(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // a record has at most IMPORT_MAX_COLUMNS + 1 fields: the rest of a longer line stays in the last one
      ignore_last_delimiters: IMPORT_MAX_COLUMNS + 1,
      // a 10 MB line would take csv-parse seconds of CPU (the event loop of every studio): stop early
      max_record_size: IMPORT_MAX_LINE_CHARS,
      on_record: (record: string[]) => {
        let width = record.length;
        if (width > IMPORT_MAX_COLUMNS) {
          if (!onlyEmptyCells(record[IMPORT_MAX_COLUMNS]!, separator)) throw tooManyColumns();
          width = IMPORT_MAX_COLUMNS;
        }
        while (width > 0 && record[width - 1] === '') width--;
        count(width);
        // an empty row is dropped here (tidy() would drop it), a row's empty cells at its end too
        return width === 0 ? null : width === record.length ? record : record.slice(0, width);
      },
    }) as string[][];
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if ((e as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      // past the last column allowed: a line of too many columns (the header of 100,000 names)
      if (((e as { column?: number }).column ?? 0) >= IMPORT_MAX_COLUMNS) throw tooManyColumns();
      throw new HttpError(422, IMPORT_MESSAGES.lineTooLong, { file: [IMPORT_MESSAGES.lineTooLong] });
    }
    // a quote error in the part of a line past the last column allowed: a value there
    if ((e as { column?: number }).column === IMPORT_MAX_COLUMNS) throw tooManyColumns();
    throw notSpreadsheet();
  }
  return { format: 'csv', encoding, separator, ...tidy(table) };
}

// ---------------------------------------------------------------------------
// .xlsx
// ---------------------------------------------------------------------------

/** Excel's last row: a row number past it is no spreadsheet's. */
const EXCEL_MAX_ROWS = 1_048_576;

/**
 * How the parts of an .xlsx are scanned (server/xml/scanner.ts, with its bounds of a tag's
 * attributes and bytes and of the depth: a real part has a handful of attributes on a tag, tags
 * of a few hundred bytes and a nesting of about eight; issue 45 item 20). A part is bounded by the
 * zip's budget of inflated bytes already. Anything else, and anything not well-formed, is no
 * spreadsheet: a real one never has it, and a reader that saw it otherwise could see other cells.
 */
const partScan = {
  maxBytes: IMPORT_MAX_UNPACKED_BYTES,
  messages: { tooLarge: IMPORT_MESSAGES.tooLargeUnpacked, other: IMPORT_MESSAGES.notSpreadsheet },
};
/**
 * The elements of an XML part: `open` told of each (with its attributes when `want` names it),
 * `close` of its end; `attribute()` in them refuses a repeated attribute as no spreadsheet.
 */
const eachElement = (
  xml: Buffer,
  want: (local: string) => boolean,
  open: (local: string, attrs: XmlAttrs) => void,
  close: (local: string) => void = () => undefined,
) => scanXml(xml, { wantAttrs: want, open: (local, _prefix, attrs) => open(local, attrs), close }, partScan);

/** 'XFD12' → [12, 16384], as read-excel-file reads it (a column past the limit is only "too many"). */
function cellAddress(r: string | undefined): [number, number] {
  const m = r === undefined ? null : /^([A-Z]+)(\d+)$/.exec(r);
  if (!m) throw notSpreadsheet();
  let column = 0;
  for (const ch of m[1]!) {
    column = column * 26 + ch.charCodeAt(0) - 64;
    if (column > IMPORT_MAX_COLUMNS) {
      column = IMPORT_MAX_COLUMNS + 1;
      break;
    }
  }
  return [Number(m[2]), column];
}

/**
 * The shape of a sheet's XML, before read-excel-file reads it: the rows it would make (its gap
 * rows included), the cells holding a value (a `<v>` or an inline string: counted even when it
 * turns out blank), their widest column and their rows; refused past the bounds.
 */
function checkSheetShape(xml: Buffer) {
  const count = shapeCounter();
  let rows = 0;
  let rowNumber = 0;
  let rowWidth = 0;
  let cell: { row: number; column: number; value: boolean } | null = null;
  let lastRowWithValue = 0;
  let widest = 0;
  const endRow = () => {
    if (rowNumber) {
      if (rowNumber <= rows) throw notSpreadsheet();
      rows = rowNumber;
    } else rows++;
    if (rows > EXCEL_MAX_ROWS) throw tooManyCells();
    if (rowWidth) {
      lastRowWithValue = rows;
      if (rowWidth > widest) widest = rowWidth;
      // the rows read-excel-file pads: every row up to the last with a value, to the widest
      if (lastRowWithValue * widest > IMPORT_MAX_CELLS) throw tooManyCells();
    }
    count(rowWidth);
    rowNumber = 0;
    rowWidth = 0;
  };
  const endCell = () => {
    if (!rowNumber) rowNumber = cell!.row;
    if (cell!.value && cell!.column > rowWidth) rowWidth = cell!.column;
    if (rowWidth > IMPORT_MAX_COLUMNS) throw tooManyColumns();
    cell = null;
  };
  eachElement(
    xml,
    (t) => t === 'row' || t === 'c',
    (t, attrs) => {
      if (t === 'row') {
        const r = attribute(attrs, 'r');
        if (r !== undefined && r !== '' && !/^\d+$/.test(r)) throw notSpreadsheet();
        rowNumber = r ? Number(r) : 0;
        if (rowNumber > EXCEL_MAX_ROWS) throw tooManyCells();
        rowWidth = 0;
      } else if (t === 'c') {
        const [row, column] = cellAddress(attribute(attrs, 'r'));
        cell = { row, column, value: false };
      } else if ((t === 'v' || t === 'is') && cell) {
        cell.value = true;
      }
    },
    (t) => {
      if (t === 'row') endRow();
      else if (t === 'c' && cell) endCell();
    },
  );
}

/** The parts read-excel-file reads for the first sheet, found as it finds them. */
function xlsxParts(zip: BoundedZip): Record<string, Buffer> {
  const workbook = 'xl/workbook.xml';
  const rels = 'xl/_rels/workbook.xml.rels';
  const parts: Record<string, Buffer> = {};
  const read = (name: string) => {
    const b = zip.read(name);
    if (!b) throw notSpreadsheet();
    return (parts[name] = b);
  };
  let firstSheet: string | undefined;
  eachElement(
    read(workbook),
    (t) => t === 'sheet',
    (t, attrs) => {
      if (t === 'sheet' && firstSheet === undefined && attribute(attrs, 'name'))
        firstSheet = attribute(attrs, 'id') ?? '';
    },
  );
  const targets = new Map<string, string>();
  let sharedStrings = 'xl/sharedStrings.xml';
  let styles = 'xl/styles.xml';
  const path = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  eachElement(
    read(rels),
    (t) => t === 'Relationship',
    (t, attrs) => {
      if (t !== 'Relationship') return;
      const type = attribute(attrs, 'Type') ?? '';
      const target = attribute(attrs, 'Target') ?? '';
      const kind = type.slice(type.lastIndexOf('/') + 1);
      if (kind === 'worksheet') targets.set(attribute(attrs, 'Id') ?? '', path(target));
      else if (kind === 'sharedStrings') sharedStrings = path(target);
      else if (kind === 'styles') styles = path(target);
    },
  );
  const sheet = firstSheet === undefined ? undefined : targets.get(firstSheet);
  if (!sheet) throw notSpreadsheet();
  if (!parts[sheet]) read(sheet);
  for (const name of [sharedStrings, styles]) if (!parts[name] && zip.has(name)) read(name);
  // every part handed over, as if it were the sheet: a reader that took another part for the
  // sheet still finds nothing wider than the bounds
  for (const xml of Object.values(parts)) checkSheetShape(xml);
  return parts;
}

async function parseXlsxBytes(bytes: Buffer): Promise<ParsedSheet> {
  // loaded with the first spreadsheet, not with the server
  const [{ zipSync }, { readSheet }] = await Promise.all([import('fflate'), import('read-excel-file/node')]);
  let packed: Uint8Array;
  try {
    const zip = new BoundedZip(bytes, { maxBytes: IMPORT_MAX_UNPACKED_BYTES, maxEntries: 10_000 });
    if (!zip.has('xl/workbook.xml')) throw notSpreadsheet();
    // read-excel-file gets a zip of the parts checked here, stored, and nothing else
    packed = zipSync(Object.fromEntries(Object.entries(xlsxParts(zip)).map(([k, v]) => [k, [v, { level: 0 }]])));
  } catch (e) {
    if (e instanceof ZipError)
      throw e.problem === 'tooLarge' ? refuse(413, IMPORT_MESSAGES.tooLargeUnpacked) : notSpreadsheet();
    throw e;
  }
  let data: unknown[][];
  try {
    // numbers as their text (no binary float on the way: '0.1' stays '0.1')
    data = (await readSheet(Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength), 1, {
      parseNumber: (s: string) => s,
    })) as unknown[][];
  } catch {
    throw notSpreadsheet();
  }
  // in place: one table in memory, not two
  for (const r of data) for (let i = 0; i < r.length; i++) r[i] = cellText(r[i]);
  return { format: 'xlsx', ...tidy(data as string[][]) };
}

/**
 * One .xlsx read at a time in a process (read-excel-file yields while it reads): what a read may
 * take (a few hundred MB for the largest sheet allowed) is bounded once, not once per upload.
 * A .csv is read synchronously, so one at a time anyway.
 */
let reading: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = reading.then(work, work);
  reading = run.catch(() => undefined);
  return run;
}

/** The rows of an uploaded spreadsheet; 422 with an Italian message when it is none. */
export async function parseSpreadsheet(bytes: Buffer): Promise<ParsedSheet> {
  if (!bytes.length) throw new HttpError(422, IMPORT_MESSAGES.noFile, { file: [IMPORT_MESSAGES.noFile] });
  return isZip(bytes) ? oneAtATime(() => parseXlsxBytes(bytes)) : parseCsvBytes(bytes);
}
