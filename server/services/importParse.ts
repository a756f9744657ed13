/**
 * A spreadsheet's rows as text (the customer import): `.csv` separated by `;` or `,`, in UTF-8 or
 * Windows-1252 (told apart by whether the bytes are valid UTF-8), or `.xlsx` read with
 * read-excel-file — a formula cell gives the value the spreadsheet application computed and saved,
 * never a formula evaluated here. The kind of file is told by its content, not its name; an xlsx
 * whose parts would unpack past a limit (a zip bomb) is refused before it is unpacked.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { HttpError } from '../errors.js';
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES, IMPORT_MESSAGES } from '../../model/customerImport.js';

export interface ParsedSheet {
  format: 'csv' | 'xlsx';
  /** csv only */
  encoding?: 'UTF-8' | 'Windows-1252';
  separator?: ';' | ',';
  headers: string[];
  rows: string[][];
}

const notSpreadsheet = () => new HttpError(422, IMPORT_MESSAGES.notSpreadsheet, { file: [IMPORT_MESSAGES.notSpreadsheet] });

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
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoDay(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v).trim();
}

/** The header row and the rows under it, trailing empty rows and columns dropped. */
function tidy(table: string[][]): { headers: string[]; rows: string[][] } {
  const nonEmpty = (r: string[]) => r.some((c) => c !== '');
  let start = 0;
  while (start < table.length && !nonEmpty(table[start]!)) start++;
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
  const rows = table.slice(start + 1).filter(nonEmpty).map((r) => headers.map((_, i) => r[i] ?? ''));
  if (!rows.length) throw new HttpError(422, IMPORT_MESSAGES.empty, { file: [IMPORT_MESSAGES.empty] });
  if (rows.length > IMPORT_MAX_ROWS) throw new HttpError(422, IMPORT_MESSAGES.tooManyRows, { file: [IMPORT_MESSAGES.tooManyRows] });
  return { headers, rows };
}

const columnLetter = (i: number): string => (i >= 26 ? columnLetter(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

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
  let semi = 0, comma = 0, quoted = false;
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) { if (semi + comma) break; }
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return semi >= comma ? ';' : ',';
}

function parseCsvBytes(bytes: Buffer): ParsedSheet {
  if (looksBinary(bytes)) throw notSpreadsheet();
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  let table: string[][];
  try {
    table = parseCsv(text, { delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch {
    throw notSpreadsheet();
  }
  return { format: 'csv', encoding, separator, ...tidy(table) };
}

async function parseXlsxBytes(bytes: Buffer): Promise<ParsedSheet> {
  // the parts' unpacked sizes, read from the zip's directory without unpacking anything
  let unpacked = 0;
  let hasWorkbook = false;
  try {
    unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filter: (f) => {
        unpacked += f.originalSize;
        if (f.name === 'xl/workbook.xml') hasWorkbook = true;
        return false;
      },
    });
  } catch {
    throw notSpreadsheet();
  }
  if (!hasWorkbook) throw notSpreadsheet();
  if (unpacked > IMPORT_MAX_UNPACKED_BYTES) throw new HttpError(413, IMPORT_MESSAGES.tooLarge, { file: [IMPORT_MESSAGES.tooLarge] });
  let data: unknown[][];
  try {
    // numbers as their text (no binary float on the way: '0.1' stays '0.1')
    data = await readSheet(bytes, 1, { parseNumber: (s: string) => s }) as unknown[][];
  } catch {
    throw notSpreadsheet();
  }
  return { format: 'xlsx', ...tidy(data.map((r) => r.map(cellText))) };
}

/** The rows of an uploaded spreadsheet; 422 with an Italian message when it is none. */
export async function parseSpreadsheet(bytes: Buffer): Promise<ParsedSheet> {
  if (!bytes.length) throw new HttpError(422, IMPORT_MESSAGES.noFile, { file: [IMPORT_MESSAGES.noFile] });
  return isZip(bytes) ? parseXlsxBytes(bytes) : parseCsvBytes(bytes);
}
