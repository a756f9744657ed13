/**
 * The work the offload pool (offload/pool.ts) runs on its worker threads: each task a function of
 * plain data (structured clone: a Buffer arrives as a Uint8Array) to plain data. What a task may
 * allocate or compute grows with the uploaded file, so it never runs on the request's thread.
 * Like serverParts.ts this file composes the areas; it is the worker's entry point (compiled to
 * dist-server/offloadTasks.mjs by scripts/buildServer.ts).
 */
import { parseSpreadsheet, stagedSheet, type StagedSheet } from './areas/customerImport/parse.js';
import { parseCamt053 } from './areas/collections/camt.js';
import { parseCbiRh } from './areas/collections/cbiRh.js';
import {
  bankFileFormat,
  bankLinesFromSheet,
  type BankFileFormat,
  type BankMapping,
} from './areas/collections/bankCsv.js';
import { matchLines, type MatchBook, type MatchLine, type MatchResult } from './areas/collections/match.js';
import type { ParsedStatement } from './areas/collections/types.js';

const bufferOf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export const tasks = {
  /** An uploaded spreadsheet's rows as the customer import stages them. */
  spreadsheet: async (bytes: Uint8Array): Promise<StagedSheet> => stagedSheet(await parseSpreadsheet(bufferOf(bytes))),

  /** A bank file's columns and first rows (a CAMT.053 or a CBI RH has none: it is only checked). */
  bankColumns: async (
    bytes: Uint8Array,
  ): Promise<{ format: BankFileFormat; headers: string[]; sample: string[][]; titleRows: number }> => {
    const format = bankFileFormat(bytes);
    if (format === 'camt053') {
      parseCamt053(bufferOf(bytes)); // refused here already when it is not a statement
      return { format, headers: [], sample: [], titleRows: 0 };
    }
    if (format === 'cbi_rh') {
      parseCbiRh(bufferOf(bytes)); // a malformed record is refused here with its line
      return { format, headers: [], sample: [], titleRows: 0 };
    }
    const sheet = await parseSpreadsheet(bufferOf(bytes));
    return { format: sheet.format, headers: sheet.headers, sample: sheet.rows.slice(0, 5), titleRows: sheet.titleRows };
  },

  /**
   * A bank file read whole: a CAMT.053's statement, a CBI RH file's statements (one per account and
   * bank), or a CSV/XLSX's lines by the mapping with the rows it cannot read.
   */
  bankStatement: async (input: {
    bytes: Uint8Array;
    mapping: BankMapping | null;
    ownIban: string | null;
  }): Promise<
    | { kind: 'statements'; statements: ParsedStatement[] }
    | {
        kind: 'sheet';
        format: 'csv' | 'xlsx';
        statement: ParsedStatement | null;
        errors: Array<{ line: number; message: string }>;
      }
  > => {
    const format = bankFileFormat(input.bytes);
    if (format === 'camt053') return { kind: 'statements', statements: [parseCamt053(bufferOf(input.bytes))] };
    if (format === 'cbi_rh') return { kind: 'statements', statements: parseCbiRh(bufferOf(input.bytes)) };
    const sheet = await parseSpreadsheet(bufferOf(input.bytes));
    // a sheet comes with its mapping (the caller refuses one without before sending it here)
    const { lines, errors } = bankLinesFromSheet(sheet, input.mapping!, { ownIban: input.ownIban });
    if (errors.length) return { kind: 'sheet', format: sheet.format, statement: null, errors };
    const days = lines.map((l) => l.bookingDate).sort();
    return {
      kind: 'sheet',
      format: sheet.format,
      errors: [],
      statement: {
        format: sheet.format,
        iban: null,
        statementRef: null,
        fromDate: days[0] ?? null,
        toDate: days.at(-1) ?? null,
        openingBalance: null,
        closingBalance: null,
        lines,
      },
    };
  },

  /** A statement's credits matched to the studio's customers and charges. */
  match: (input: { lines: MatchLine[]; book: MatchBook }): MatchResult[] => matchLines(input.lines, input.book),
};

export type OffloadTasks = typeof tasks;
