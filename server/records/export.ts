/**
 * Exports of a list call: `format=csv&fields=a,b` streams every matching row as CSV
 * (semicolon, UTF-8 with BOM, Italian formats); `format=pdf` prints the rows.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import type { ModelDef } from '../../model/define.js';
import { exportColumns } from '../../model/export.js';
import type { Ctx } from '../auth/context.js';
import { HttpError, badRequest } from '../errors.js';
import { listRecords } from './list.js';
import { FIELD_TYPES, formatValue } from '../../model/types.js';
import { displayDate, today } from '../../model/dates.js';
import { renderPdf } from '../render/pdf.js';

type Exec = (q: SQL) => Promise<Record<string, unknown>[]>;

/**
 * OWASP's rule: a cell that a spreadsheet would run as a formula (starting with = + - @ tab or
 * CR) is prefixed with a quote. Only a number the exporter itself wrote from a numeric field
 * ('-1234,50') is left as it is: text that merely starts with minus and a digit
 * (`-2+3+cmd|' /C calc'!A0`) is neutralised too.
 */
export const safeCell = (s: string, numeric = false) =>
  (numeric && /^-?\d+(,\d+)?$/.test(s)) || !/^[=+\-@\t\r]/.test(s) ? s : `'${s}`;

export function csvExport(exec: Exec, ctx: Ctx, model: ModelDef, q: Record<string, unknown>) {
  const columns = new Map(exportColumns(model));
  const allowed = [...columns.keys()];
  const fields = String(q.fields ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chosen = fields.length ? fields : allowed;
  for (const f of chosen) if (!allowed.includes(f)) throw badRequest(`Campo non esportabile: ${f}`);
  const defs = chosen.map((n) => columns.get(n)!);
  const collection = `${model.name}CsvExport`;
  const PAGE = 1000;
  /** the rows as arrays of Italian-formatted cells, page by page */
  async function* rows() {
    yield defs.map((d) => d.label);
    for (let page = 1; ; page++) {
      const res = (await listRecords(
        exec,
        ctx,
        { ...model, collections: { ...model.collections, [collection]: { columns: chosen } } },
        collection,
        { ...q, items_per_page: String(PAGE), page: String(page), only_ids: undefined },
      )) as { data: Record<string, unknown>[]; meta: { last_page: number } };
      for (const row of res.data) {
        yield chosen.map((n, i) => {
          const fd = defs[i];
          const v = fd.type === 'relation' ? (row[n.replace(/_id$/, '')] ?? row[n]) : row[n];
          return safeCell(formatValue(fd, v, { grouping: false }), FIELD_TYPES[fd.type].numeric);
        });
      }
      if (page >= res.meta.last_page) break;
    }
  }
  // csv-stringify: semicolons, CRLF, UTF-8 BOM (Excel), quotes where a cell needs them (and around edge blanks)
  const csv = () => {
    const out = stringify({ delimiter: ';', record_delimiter: '\r\n', bom: true, quoted_match: /^\s|\s$/ });
    const source = Readable.from(rows());
    source.on('error', (e) => out.destroy(e)); // a failed page ends the download, never hangs it
    return source.pipe(out);
  };
  // a one-row query first: bad filters or a missing permission answer 4xx before any byte is streamed
  const first = listRecords(exec, ctx, model, `${model.name}ResourceListCollection`, {
    ...q,
    items_per_page: '1',
    page: '1',
  });
  return first.then(() => ({
    filename: `${model.snake}_${today()}.csv`,
    stream: csv(),
  }));
}

/** Rows a printed list may hold: beyond it the CSV export is the tool. */
export const PDF_MAX_ROWS = 5000;
export const pdfTooManyRows = (total: number) =>
  `Troppi elementi da stampare (${total}): il massimo è ${PDF_MAX_ROWS}. Restringi la ricerca o usa l'esportazione CSV.`;

export async function pdfExport(exec: Exec, ctx: Ctx, model: ModelDef, collection: string, q: Record<string, unknown>) {
  const count = (await listRecords(exec, ctx, model, collection, { ...q, items_per_page: '1', page: '1' })) as {
    meta: { total: number };
  };
  if (count.meta.total > PDF_MAX_ROWS) throw new HttpError(422, pdfTooManyRows(count.meta.total));
  const res = (await listRecords(exec, ctx, model, collection, { ...q, items_per_page: q.items_per_page ?? '-1' })) as {
    data: Record<string, unknown>[];
    meta: { total: number };
  };
  const cols = model.list.columns;
  const body = [
    cols.map((c) => ({ text: model.fields[c]?.label ?? c, bold: true, fillColor: '#eeeeee' })),
    ...res.data.map((row) =>
      cols.map((c) => {
        const fd = model.fields[c];
        const v = fd?.type === 'relation' ? row[c.replace(/_id$/, '')] : row[c];
        return {
          text: formatValue(fd, v),
          ...(fd && fd.type !== 'relation' && FIELD_TYPES[fd.type].numeric ? { alignment: 'right' } : {}),
        };
      }),
    ),
  ];
  return renderPdf({
    pageOrientation: cols.length > 5 ? 'landscape' : 'portrait',
    pageMargins: [30, 40, 30, 40],
    content: [
      { text: `Gestione ${model.plural}`, fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
      {
        text: `${ctx.studioName} — ${res.meta.total} elementi — ${displayDate(today())}`,
        color: '#555555',
        margin: [0, 0, 0, 10],
      },
      { table: { headerRows: 1, widths: cols.map(() => '*'), body }, layout: 'lightHorizontalLines' },
    ],
    // data only (the worker builds the footer): '{page}' and '{pages}' are filled in on each page
    pageFooter: { text: 'Pagina {page} di {pages}', alignment: 'right', margin: [0, 10, 30, 0], fontSize: 8 },
  });
}
