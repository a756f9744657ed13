/**
 * The engagement letter as a PDF on the studio's letterhead (issue 49 item 2), through pdfmake as
 * every document of the studio (server/render): the title, the parties, the premise, the twelve
 * articles of letterData.ts with the services' table after art. 5 and, after art. 7, what one
 * charge of each fixed-fee service costs (fee, cassa, VAT, withholding, stamp duty, payable: the
 * one payable function's figures), the specific approval, place and date, the two signatures.
 */
import { displayDate } from '../../../model/dates.js';
import { studioDocument, tableHead } from '../../render/frame.js';
import { renderPdf, type PdfDoc } from '../../render/pdf.js';
import {
  clauseApproval,
  customerSignatory,
  euroText,
  LETTER_SUBTITLE,
  LETTER_TITLE,
  letterArticles,
  partyCustomer,
  partyProfessional,
  placeDate,
  premise,
  professionalName,
  serviceViews,
  type LetterData,
  type LetterServiceView,
} from './letterData.js';

const BLUE = '#1a3d6d';

const article = (n: number, title: string) => ({
  text: `Art. ${n} – ${title}`,
  bold: true,
  fontSize: 10,
  color: BLUE,
  margin: [0, 9, 0, 3],
});

const paragraph = (text: string) => ({ text, alignment: 'justify', margin: [0, 0, 0, 4] });

/** The services with their periodicity, when they are charged and the fee agreed. */
function servicesTable(services: LetterServiceView[]) {
  return {
    table: {
      headerRows: 1,
      widths: [16, '*', 150, 82],
      dontBreakRows: true,
      body: [
        [tableHead('N.'), tableHead('Servizio'), tableHead('Periodicità e addebito'), tableHead('Compenso', 'right')],
        ...services.map((s) => [
          { text: String(s.number) },
          { text: s.description, bold: true },
          { stack: [{ text: s.periodicity }, { text: s.billing, fontSize: 7.5, color: '#555555' }] },
          {
            stack: [
              { text: euroText(s.fee), bold: true, alignment: 'right' },
              { text: s.unit, fontSize: 7.5, color: '#555555', alignment: 'right' },
            ],
          },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8.5,
    margin: [0, 2, 0, 6],
  };
}

/** One charge of each fixed-fee service: fee, cassa, VAT, withholding, stamp, total, payable. */
function figuresTable(services: LetterServiceView[]) {
  const fixed = services.filter((s) => s.figures);
  const variable = services.filter((s) => !s.figures);
  const money = (cents: number, bold = false) => ({ text: euroText(cents), alignment: 'right', bold });
  const stamp = fixed.some((s) => s.figures!.stamp > 0);
  const withholding = fixed.some((s) => s.figures!.withholding > 0);
  const cassa = fixed.some((s) => s.figures!.cassa > 0);
  const columns: Array<{ head: string; width: number | string; cell: (s: LetterServiceView) => object }> = [
    { head: 'Servizio (per addebito)', width: '*', cell: (s) => ({ text: `${s.description} (${s.unit})` }) },
    { head: 'Compenso', width: 58, cell: (s) => money(s.figures!.fee) },
    ...(cassa ? [{ head: 'Cassa 4 %', width: 48, cell: (s: LetterServiceView) => money(s.figures!.cassa) }] : []),
    { head: 'IVA', width: 50, cell: (s) => money(s.figures!.vat) },
    ...(stamp ? [{ head: 'Bollo', width: 36, cell: (s: LetterServiceView) => money(s.figures!.stamp) }] : []),
    { head: 'Totale', width: 56, cell: (s) => money(s.figures!.total) },
    ...(withholding
      ? [{ head: 'Ritenuta', width: 52, cell: (s: LetterServiceView) => money(-s.figures!.withholding) }]
      : []),
    { head: 'Da pagare', width: 60, cell: (s) => money(s.figures!.payable, true) },
  ];
  return [
    ...(fixed.length
      ? [
          {
            table: {
              headerRows: 1,
              widths: columns.map((c) => c.width),
              dontBreakRows: true,
              body: [
                columns.map((c, i) => tableHead(c.head, i === 0 ? undefined : 'right')),
                ...fixed.map((s) => columns.map((c) => c.cell(s))),
              ],
            },
            layout: 'lightHorizontalLines',
            fontSize: 8,
            margin: [0, 2, 0, 4],
          },
        ]
      : []),
    ...(variable.length
      ? [
          paragraph(
            `Per ${variable.map((s) => `«${s.description}» (${euroText(s.fee)} ${s.unit})`).join(', ')} l’importo di ogni addebito dipende dal numero o dalle ore del mese; si applicano le stesse voci, nella stessa misura.`,
          ),
        ]
      : []),
  ];
}

const signature = (label: string, name: string) => ({
  width: '*',
  stack: [
    { text: label, style: 'label' },
    { text: name, fontSize: 9, margin: [0, 1, 0, 0] },
    { canvas: [{ type: 'line', x1: 0, y1: 26, x2: 220, y2: 26, lineWidth: 0.6, lineColor: '#777777' }] },
  ],
});

/** The letter's pdfmake document. */
export function letterPdfDoc(d: LetterData): PdfDoc {
  const services = serviceViews(d);
  const content: unknown[] = [
    { text: LETTER_TITLE, style: 'title', margin: [0, 0, 0, 2] },
    { text: LETTER_SUBTITLE, fontSize: 7.5, color: '#555555', margin: [0, 0, 0, 10] },
    { text: `Incarico n. ${d.engagement.id} – «${d.engagement.title}»`, bold: true, margin: [0, 0, 0, 8] },
    { text: 'Tra', style: 'label' },
    paragraph(partyProfessional(d)),
    { text: 'e', style: 'label' },
    paragraph(`${partyCustomer(d)},`),
    { ...paragraph(premise()), margin: [0, 4, 0, 2] },
  ];
  for (const a of letterArticles(d)) {
    // the article's title kept on the page of its first paragraph
    content.push({ stack: [article(a.n, a.title), paragraph(a.text[0]!)], unbreakable: true });
    const rest = a.text.slice(1).map(paragraph);
    if (a.n === 5) content.push(servicesTable(services), ...rest);
    else if (a.n === 7) content.push(...rest, ...figuresTable(services));
    else content.push(...rest);
  }
  content.push(
    { ...paragraph(clauseApproval()), margin: [0, 10, 0, 10] },
    { text: placeDate(d), margin: [0, 4, 0, 14] },
    {
      columns: [
        signature('Il professionista', professionalName(d) || d.studio.name || ''),
        signature('Il cliente', customerSignatory(d)),
      ],
      columnGap: 40,
      unbreakable: true,
    },
  );
  const base = studioDocument(d.studio, `${LETTER_TITLE} – ${d.customer.business_name}`, content);
  return {
    ...base,
    defaultStyle: { fontSize: 9, lineHeight: 1.15 },
    pageFooter: {
      ...base.pageFooter,
      text: `${d.customer.business_name} – Lettera di incarico n. ${d.engagement.id} del ${displayDate(d.date)}   ·   Pagina {page} di {pages}`,
    },
  };
}

/** The letter as PDF bytes. */
export const letterPdf = (d: LetterData, opts: { batch?: boolean } = {}) => renderPdf(letterPdfDoc(d), opts);
