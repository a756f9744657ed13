/**
 * The aging of what customers owe (Scadenzario, issue 30) as a file: the CSV for a spreadsheet
 * (semicolons, UTF-8 with BOM, amounts with a decimal comma and no grouping, as Italian Excel
 * reads them; cells that a spreadsheet would run as formulas quoted) and the landscape PDF (the
 * filters, the customers with the five buckets, the totals, the totals by collaborator). Pure
 * rendering: the service gathers the rows.
 */
import { stringify } from 'csv-stringify/sync';
import { AGING_BUCKETS, AGING_LABELS, type Aging, type AgingBuckets } from '../../../model/api/reminders.js';
import { displayDate } from '../../../model/dates.js';
import { centsText, toCents } from '../../../model/money.js';
import { formatAmount } from '../../../model/types.js';
import { safeCell } from '../../records/export.js';
import { studioDocument, tableHead, type StudioData } from '../../render/frame.js';

/** The CSV's columns (the buckets with a plain hyphen, as a spreadsheet's header reads best). */
export const AGING_CSV_HEADER = [
  'Cliente',
  'Collaboratore',
  'Forma giuridica',
  'Mandato SDD',
  'Non scaduto',
  '1-30 giorni',
  '31-60 giorni',
  '61-90 giorni',
  'Oltre 90 giorni',
  'Totale',
];

/** an amount as Italian Excel reads it: '1234,50', '-12,00' (by its digits, never by a float's) */
const csvAmount = (n: number) => {
  const cents = toCents(n);
  return Number.isSafeInteger(cents) ? centsText(cents).replace('.', ',') : '';
};
const amounts = (b: AgingBuckets) =>
  [...AGING_BUCKETS.map((k) => b[k]), b.total].map((n) => safeCell(csvAmount(n), true));

/**
 * The aging as CSV: the header, one row per customer, the 'Totale' row last. `filtersText` is not
 * written into the file (a line of it would break the table a spreadsheet reads); it names what the
 * PDF prints above the table and is taken for the same call's sake.
 */
export function agingCsv(data: Aging, filtersText: string): string {
  void filtersText;
  const rows = data.rows.map((r) => [
    safeCell(r.business_name),
    safeCell(r.collaborator ?? ''),
    safeCell(r.legal_status ?? ''),
    r.has_mandate ? 'Sì' : 'No',
    ...amounts(r),
  ]);
  const total = ['Totale', '', '', '', ...amounts(data.totals)];
  // csv-stringify: quotes where a cell needs them (doubled inside), around edge blanks and around a
  // line break (it quotes a lone CR by itself otherwise not, which would split the row in Excel)
  return stringify([AGING_CSV_HEADER, ...rows, total], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: true,
    quoted_match: [/^\s|\s$/, /[\r\n]/],
  });
}

/** the width of the landscape A4 page inside the studio document's margins (40 pt each side) */
const LANDSCAPE_WIDTH = 761;

interface Part {
  canvas?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

/** The studio document turned landscape, its header's rule drawn across the wider page. */
function landscape(doc: ReturnType<typeof studioDocument>): Record<string, unknown> {
  const [header, ...rest] = doc.content as [{ stack: Part[] }, ...unknown[]];
  const wide = {
    ...header,
    stack: header.stack.map((part) =>
      Array.isArray(part.canvas) ? { ...part, canvas: part.canvas.map((l) => ({ ...l, x2: LANDSCAPE_WIDTH })) } : part,
    ),
  };
  return { ...doc, pageOrientation: 'landscape', content: [wide, ...rest] };
}

/** The aging as a landscape A4 PDF document (pdfmake). */
export function agingPdfDoc(studio: StudioData, data: Aging, filtersText: string): Record<string, unknown> {
  const right = { alignment: 'right' };
  const head = tableHead;
  /** an amount of a customer's row: blank when nothing is owed there, so the buckets that matter stand out */
  const cell = (n: number, bold = false) => ({ text: toCents(n) === 0 ? '' : formatAmount(n), ...right, bold });
  const sum = (n: number) => ({ text: formatAmount(n), ...right, bold: true });
  // new objects for each table: pdfmake marks the nodes it lays out, so none is shared
  const bucketHeads = () => [...AGING_BUCKETS.map((k) => head(AGING_LABELS[k], 'right')), head('Totale', 'right')];
  const amountWidths = () => [...AGING_BUCKETS.map(() => 56), 62];

  const customers = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 80, 62, 24, ...amountWidths()],
      body: [
        [head('Cliente'), head('Collaboratore'), head('Forma giuridica'), head('SDD'), ...bucketHeads()],
        ...data.rows.map((r) => [
          r.contested
            ? { text: [r.business_name, { text: ' (contestato)', italics: true, color: '#9a3412' }] }
            : r.business_name,
          r.collaborator ?? '',
          r.legal_status ?? '',
          r.has_mandate ? 'Sì' : '',
          ...AGING_BUCKETS.map((k) => cell(r[k])),
          cell(r.total, true),
        ]),
        [
          {
            text: `Totale (${data.totals.customers} ${data.totals.customers === 1 ? 'cliente' : 'clienti'})`,
            bold: true,
            colSpan: 4,
          },
          '',
          '',
          '',
          ...AGING_BUCKETS.map((k) => sum(data.totals[k])),
          sum(data.totals.total),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
    margin: [0, 0, 0, 16],
  };

  const collaborators = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 40, ...amountWidths()],
      body: [
        [head('Collaboratore'), head('Clienti', 'right'), ...bucketHeads()],
        ...data.by_collaborator.map((c) => [
          c.collaborator,
          { text: String(c.customers), ...right },
          ...AGING_BUCKETS.map((k) => ({ text: formatAmount(c[k]), ...right })),
          { text: formatAmount(c.total), ...right, bold: true },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };

  return landscape(
    studioDocument(studio, 'Scadenzario clienti', [
      { text: 'Scadenzario clienti', style: 'title', margin: [0, 0, 0, 2] },
      {
        text: `Situazione al ${displayDate(data.as_of)}${filtersText ? ` · ${filtersText}` : ''} · importi in euro`,
        color: '#555555',
        margin: [0, 0, 0, 10],
      },
      data.rows.length ? customers : { text: 'Nessun importo aperto con questi filtri.', margin: [0, 0, 0, 16] },
      ...(data.by_collaborator.length
        ? [
            {
              text: 'Per collaboratore',
              fontSize: 11,
              bold: true,
              margin: [0, 0, 0, 6],
            },
            collaborators,
          ]
        : []),
    ]),
  );
}
