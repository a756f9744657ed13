/**
 * The readable copy of an e-invoice (copia di cortesia, issue 13): the same figures as its
 * FatturaPA XML (model/eDocument.ts eDocumentTotals), on the studio's letterhead, with the words
 * customers expect: it is not the tax document, which is the XML sent through the SDI.
 */
import { displayDate } from '../../../model/dates.js';
import { eDocumentTotals, STAMP_DUTY_LINE } from '../../../model/eDocument.js';
import { EDOCUMENT_TYPES } from '../../../model/models/EDocument.js';
import { fromCents, toCents } from '../../../model/money.js';
import type { FatturaPaData } from './fatturapa.js';
import { FORFETTARIO_NOTE } from './fatturapa.js';
import { euro, studioDocument, type StudioData } from '../../render/frame.js';
import { paymentText } from '../../../model/collectionMethod.js';

const typeText = (t: string) => EDOCUMENT_TYPES.find((x) => x.value === t)?.text ?? t;
const eur = (cents: number) => euro(fromCents(cents));
const pct = (n: number) => `${String(n).replace('.', ',')}%`;

export function eDocumentPdfDoc(studio: StudioData, d: FatturaPaData) {
  const t = eDocumentTotals(d);
  const c = d.customer;
  const payment = paymentText(c.payment, d.studio.iban);
  const party = (label: string, p: FatturaPaData['customer'] | FatturaPaData['studio']) => ({
    width: '*',
    stack: [
      { text: label, style: 'label' },
      { text: p.name, bold: true, margin: [0, 2, 0, 1] },
      { text: p.address || '' },
      // an address typed in full (street, postal code and town) is not repeated
      ...(p.postal_code && (p.address ?? '').includes(p.postal_code)
        ? []
        : [{ text: [p.postal_code, p.city, p.province ? `(${p.province})` : ''].filter(Boolean).join(' ') }]),
      ...(p.vat ? [{ text: `P.IVA ${p.vat}` }] : []),
      ...(p.fiscal_code && p.fiscal_code !== p.vat ? [{ text: `C.F. ${p.fiscal_code}` }] : []),
    ],
  });
  const head = ['Descrizione', 'Q.tà', 'Prezzo', 'IVA', 'Importo'].map((h, i) => ({
    text: h,
    bold: true,
    fillColor: '#eef2f7',
    alignment: i ? 'right' : 'left',
  }));
  const body = d.rows.map((r, i) => [
    { text: r.description },
    { text: String(r.quantity), alignment: 'right' },
    { text: eur(toCents(r.price)), alignment: 'right' },
    { text: t.lines[i]!.nature ? `${t.lines[i]!.nature}` : pct(t.lines[i]!.vat), alignment: 'right' },
    { text: eur(t.lines[i]!.total), alignment: 'right' },
  ]);
  // the stamp duty charged to the customer: its own line, as in the XML
  if (t.stampCharged)
    body.push([
      { text: STAMP_DUTY_LINE },
      { text: '1', alignment: 'right' },
      { text: eur(t.stampCharged), alignment: 'right' },
      { text: 'N1', alignment: 'right' },
      { text: eur(t.stampCharged), alignment: 'right' },
    ]);
  const sum = (label: string, cents: number, bold = false) => [
    { text: label, bold },
    { text: eur(cents), alignment: 'right', bold },
  ];
  const totals = [
    sum('Imponibile', t.taxable),
    ...(t.cassa ? [sum('Cassa previdenza 4%', t.cassa)] : []),
    ...t.summary.map((s) =>
      sum(
        s.nature ? `Operazioni ${s.nature} (senza IVA)` : `IVA ${pct(s.vat)} su ${eur(s.taxable)}`,
        s.nature ? s.taxable : s.tax,
      ),
    ),
    sum('Totale documento', t.total, true),
    ...(t.withholding ? [sum("Ritenuta d'acconto 20%", -t.withholding), sum('Netto a pagare', t.payable, true)] : []),
    ...(t.stampDuty && !t.stampCharged
      ? [sum('Imposta di bollo (assolta in modo virtuale, a carico dello studio)', t.stampDuty)]
      : []),
  ];
  const title = `${typeText(d.type)} n. ${d.number} del ${displayDate(d.date)}`;
  return studioDocument(studio, title, [
    { text: title, style: 'title' },
    {
      text: 'Copia di cortesia: il documento fiscale è la fattura elettronica trasmessa tramite il Sistema di Interscambio.',
      fontSize: 8,
      italics: true,
      color: '#555555',
      margin: [0, 0, 0, 10],
    },
    {
      columns: [party('Cedente / prestatore', d.studio), party('Cessionario / committente', c)],
      columnGap: 20,
      margin: [0, 0, 0, 12],
    },
    ...(d.type === 'TD04' && d.corrects
      ? [
          {
            text: `Nota di credito a storno della fattura n. ${d.corrects.number} del ${displayDate(d.corrects.date)}`,
            bold: true,
            margin: [0, 0, 0, 8],
          },
        ]
      : []),
    {
      table: { headerRows: 1, widths: ['*', 40, 70, 45, 75], body: [head, ...body] },
      layout: 'studioBox',
      margin: [0, 0, 0, 10],
    },
    {
      columns: [
        { width: '*', text: '' },
        { width: 260, table: { widths: ['*', 90], body: totals }, layout: 'noBorders' },
      ],
    },
    ...(d.studio.regime === 'RF19' ? [{ text: FORFETTARIO_NOTE, fontSize: 8, margin: [0, 12, 0, 0] }] : []),
    ...(payment ? [{ text: [{ text: 'Pagamento: ', bold: true }, payment], margin: [0, 12, 0, 0] }] : []),
    {
      text: `Codice destinatario: ${c.sdi_code || '0000000'}${c.pec && (c.sdi_code || '0000000') === '0000000' ? ` · PEC ${c.pec}` : ''}`,
      fontSize: 8,
      color: '#555555',
      margin: [0, 8, 0, 0],
    },
  ]);
}
