/**
 * 'Redditività' as a landscape A4 PDF on the studio's letterhead (issue 49 item 5): the period and
 * the filters, one row per customer, service or collaborator in the answer's order (the
 * under-paying ones marked), the totals, what 'Incassato' means here, the hours without an hourly
 * cost, and the simulated update when one was asked. Pure rendering: the service gathers the
 * figures.
 */
import type { Profitability, ProfitabilityFigures } from '../../../model/api/profitability.js';
import { hoursText } from '../../../model/engagements.js';
import { formatAmount } from '../../../model/types.js';
import { studioDocument, tableHead, type StudioData } from '../../render/frame.js';
import { collectedText, GROUP_HEADING, percentText } from './service.js';

/** the width of the landscape A4 page inside the studio document's margins (40 pt each side) */
const LANDSCAPE_WIDTH = 761;
/** the rows the PDF prints at most (pdfmake lays out every row in memory) */
export const MAX_PDF_ROWS = 3000;

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

const UNDER_COLOR = '#b71c1c';

export function profitabilityPdfDoc(studio: StudioData, data: Profitability, filterText: string) {
  const right = { alignment: 'right' };
  const customer = data.group === 'customer';
  const simulated = data.simulation !== null;
  const amount = (n: number, extra: Record<string, unknown> = {}) => ({ text: formatAmount(n), ...right, ...extra });
  const cells = (f: ProfitabilityFigures, extra: Record<string, unknown> = {}) => [
    amount(f.charged, extra),
    amount(f.collected, extra),
    amount(f.open, extra),
    { text: hoursText(f.minutes), ...right, ...extra },
    amount(f.cost, extra),
    amount(f.margin, { ...extra, ...(f.margin < 0 ? { color: UNDER_COLOR } : {}) }),
    { text: f.margin_per_hour === null ? '' : formatAmount(f.margin_per_hour), ...right, ...extra },
  ];
  const head = [
    tableHead(GROUP_HEADING[data.group]),
    ...(customer ? [tableHead('Collaboratore')] : []),
    tableHead('Addebitato', 'right'),
    tableHead('Incassato', 'right'),
    tableHead('Da incassare', 'right'),
    tableHead('Ore', 'right'),
    tableHead('Costo ore', 'right'),
    tableHead('Margine', 'right'),
    tableHead('Margine/ora', 'right'),
    ...(simulated ? [tableHead(`+${percentText(data.simulation!.percent)} %`, 'right')] : []),
  ];
  const table = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', ...(customer ? [80] : []), 58, 58, 58, 40, 58, 58, 50, ...(simulated ? [50] : [])],
      body: [
        head,
        ...data.rows.map((r) => [
          r.under_paying
            ? { text: [r.name, { text: ' (sotto-remunerato)', italics: true, color: UNDER_COLOR }] }
            : r.name,
          ...(customer ? [r.collaborator ?? ''] : []),
          ...cells(r),
          ...(simulated ? [{ text: r.update_amount === null ? '' : formatAmount(r.update_amount), ...right }] : []),
        ]),
        [
          { text: `Totale (${data.totals.rows} ${data.totals.rows === 1 ? 'riga' : 'righe'})`, bold: true },
          ...(customer ? [''] : []),
          ...cells(data.totals, { bold: true }),
          ...(simulated ? [amount(data.simulation!.amount, { bold: true })] : []),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
    margin: [0, 0, 0, 10],
  };
  const notes: string[] = [collectedText(data), 'Margine: compensi addebitati meno il costo delle ore.'];
  if (data.totals.uncosted_minutes > 0)
    notes.push(
      `Costo orario non indicato per ${hoursText(data.totals.uncosted_minutes)} h di lavoro: contate a costo zero.`,
    );
  if (data.totals.under_paying > 0)
    notes.push(
      `Sotto-remunerati: ${data.totals.under_paying} (compensi sotto il valore delle ore alle tariffe dei servizi, o margine negativo).`,
    );
  if (data.simulation)
    notes.push(
      `Aggiornamento del ${percentText(data.simulation.percent)} % dei compensi dei ${data.simulation.customers} clienti sotto-remunerati (${formatAmount(data.simulation.charged)} €): ${formatAmount(data.simulation.amount)} € in più.`,
    );
  return landscape(
    studioDocument(studio, 'Redditività', [
      { text: 'Redditività', style: 'title', margin: [0, 0, 0, 2] },
      { text: `${filterText} · importi in euro`, color: '#555555', margin: [0, 0, 0, 10] },
      data.rows.length ? table : { text: 'Nessun addebito, pagamento o tempo nel periodo.', margin: [0, 0, 0, 10] },
      ...notes.map((text) => ({ text, fontSize: 8, color: '#444444', margin: [0, 0, 0, 2] })),
    ]),
  );
}
