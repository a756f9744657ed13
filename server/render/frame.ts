/**
 * What every document of the studio shares: the header with the logo and the studio's data, the
 * footer line with page numbers, Italian formats, and the same for the HTML variant (escaped).
 */
import { formatEuro } from '../../model/types.js';
import { displayDate, today } from '../../model/dates.js';

export interface StudioData {
  name: string | null;
  subtitle: string | null;
  address: string | null;
  email: string | null;
  tel_number: string | null;
  vat_number: string | null;
  website: string | null;
  iban: string | null;
  footer_line1: string | null;
  logo: string | null;
}

export const euro = (n: number) => formatEuro(n);

/** A table's header cell in the documents' style (the statement, the reminder, the aging). */
export const tableHead = (text: string, align?: string) => ({
  text,
  bold: true,
  fillColor: '#e8eef6',
  ...(align ? { alignment: align } : {}),
});

/** The addressee on the right of a letter: 'Spett.le', the name in bold, the address lines. */
export const addressee = (name: string, lines: string[]) => ({
  width: 230,
  stack: [
    { text: 'Spett.le', style: 'label' },
    { text: name, fontSize: 11, bold: true },
    ...lines.map((l) => ({ text: l })),
  ],
});
/** The left column of a letter's first line: 'Data' and today's date (the addressee is on the right). */
export const dateColumn = () => ({
  width: '*',
  stack: [{ text: 'Data', style: 'label' }, { text: displayDate(today()) }],
});

/**
 * A labelled value of a document's box (the service, the amount, the IBAN): the label small, the
 * value below it; `big`: the value's font size, in bold (what is read first: the amount, the IBAN).
 */
export const labelledValue = (label: string, value: string, big?: number) => [
  { text: label, style: 'label', margin: [0, 3, 0, 0] },
  { text: value, fontSize: big ?? 10, bold: !!big, margin: [0, 1, 0, 3] },
];

/** an IBAN in groups of four, as it is printed (model/iban.ts: the screens print it the same way) */
export { ibanText } from '../../model/iban.js';

/** the studio's logo when pdfmake can draw it (PNG or JPEG data URL), else none */
const pdfLogo = (logo: string | null) => (logo && /^data:image\/(png|jpe?g);base64,/i.test(logo) ? logo : null);

const contacts = (s: StudioData) =>
  [
    s.address,
    [s.tel_number && `Tel. ${s.tel_number}`, s.email].filter(Boolean).join(' · '),
    [s.vat_number && `P.IVA ${s.vat_number}`, s.website].filter(Boolean).join(' · '),
  ].filter(Boolean) as string[];

/** pdfmake content of the studio header: logo on the left, name and contacts on the right. */
export function pdfHeader(s: StudioData) {
  const logo = pdfLogo(s.logo);
  const text = {
    stack: [
      { text: s.name ?? '', fontSize: 14, bold: true, color: '#1a3d6d' },
      ...(s.subtitle ? [{ text: s.subtitle, color: '#555555', margin: [0, 1, 0, 3] }] : []),
      ...contacts(s).map((line) => ({ text: line, fontSize: 8, color: '#444444' })),
    ],
  };
  return {
    margin: [0, 0, 0, 14],
    stack: [
      logo
        ? {
            columns: [
              { image: logo, fit: [90, 50], width: 100 },
              { ...text, width: '*' },
            ],
            columnGap: 12,
          }
        : text,
      { canvas: [{ type: 'line', x1: 0, y1: 8, x2: 515, y2: 8, lineWidth: 0.8, lineColor: '#1a3d6d' }] },
    ],
  };
}

/** A portrait A4 document of the studio: header, `content`, footer line and page numbers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function studioDocument(s: StudioData, title: string, content: any[]) {
  return {
    info: { title, author: s.name ?? '', creator: 'Gestionale Studi' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    content: [pdfHeader(s), ...content],
    pageFooter: {
      text: `${s.footer_line1 ? `${s.footer_line1}   ·   ` : ''}Pagina {page} di {pages}`,
      alignment: 'center',
      margin: [40, 16, 40, 0],
      fontSize: 7,
      color: '#666666',
    },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 10] },
      label: { fontSize: 8, color: '#666666' },
      value: { fontSize: 10, margin: [0, 0, 0, 6] },
    },
  };
}

/** HTML-escaped text. */
export const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The HTML variant of a studio document (opened by Word as `.doc`): header, body, footer; every value escaped. */
export function studioHtml(s: StudioData, title: string, body: string) {
  const logo =
    s.logo && /^data:image\/(png|jpe?g|gif|bmp);base64,[A-Za-z0-9+/=]+$/i.test(s.logo)
      ? `<img src="${s.logo}" alt="" style="max-height:60px;max-width:120px">`
      : '';
  return `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;font-size:10pt;color:#222}h1{font-size:16pt}.studio{color:#1a3d6d;font-size:14pt;font-weight:bold}.muted{color:#555;font-size:8pt}table{border-collapse:collapse}td,th{padding:3px 6px;text-align:left;vertical-align:top}.num{text-align:right}</style>
</head><body>
<table style="width:100%;border-bottom:1px solid #1a3d6d"><tr><td>${logo}</td><td><div class="studio">${esc(s.name)}</div>${s.subtitle ? `<div>${esc(s.subtitle)}</div>` : ''}${contacts(
    s,
  )
    .map((l) => `<div class="muted">${esc(l)}</div>`)
    .join('')}</td></tr></table>
${body}
<p class="muted" style="text-align:center;margin-top:24px">${esc(s.footer_line1)}</p>
</body></html>`;
}
