/**
 * Account statement (estratto conto, PRODUCT.md §6) of one customer for a period: opening
 * balance, the movements of the period with the running balance, closing balance. PDF (pdfmake)
 * and HTML (Word opens it as `.doc`).
 */
import { displayDate, displayDateTime } from '../../../model/dates.js';
import { TRANSACTION_TYPES } from '../../../model/models/Transaction.js';
import type { DocCustomer } from './queries.js';
import { type AccountBalance } from '../accounts/index.js';
import { addressee, esc, euro, studioDocument, tableHead, studioHtml, type StudioData } from '../../render/frame.js';

export interface AccountBalanceData {
  studio: StudioData;
  customer: DocCustomer;
  balance: AccountBalance;
  from: string | null;
  to: string | null;
}

const TYPE_TEXT = Object.fromEntries(TRANSACTION_TYPES.map((t) => [t.value, t.text])) as Record<string, string>;
export const periodText = (from: string | null, to: string | null) =>
  from && to
    ? `dal ${displayDate(from)} al ${displayDate(to)}`
    : from
      ? `dal ${displayDate(from)}`
      : to
        ? `fino al ${displayDate(to)}`
        : 'tutti i movimenti';
/** a movement's day (the time only when it is not midnight) */
const dayOf = (dt: string) => (dt.endsWith(' 00:00:00') ? displayDate(dt.slice(0, 10)) : displayDateTime(dt));
/** a movement as the statement (and a reminder's letter) describes it: its kind, then its note */
export const movementText = (m: { type: string; note: string | null }) =>
  [TYPE_TEXT[m.type] ?? m.type, m.note].filter(Boolean).join(' – ');
/** debit (the customer owes more) and credit columns */
const dare = (signed: number) => (signed > 0 ? euro(signed) : '');
const avere = (signed: number) => (signed < 0 ? euro(-signed) : '');

const addressLines = (c: DocCustomer) =>
  [c.address, [c.postal_code, c.city].filter(Boolean).join(' '), c.vat_id ? `P.IVA ${c.vat_id}` : null].filter(
    Boolean,
  ) as string[];

export function accountBalancePdfDoc(d: AccountBalanceData) {
  const b = d.balance;
  const right = { alignment: 'right' };
  const head = tableHead;
  const rows = [
    [head('Data'), head('Descrizione'), head('Dare', 'right'), head('Avere', 'right'), head('Saldo', 'right')],
    [
      { text: d.from ? displayDate(d.from) : '', color: '#555555' },
      { text: 'Saldo iniziale', italics: true },
      '',
      '',
      { text: euro(b.opening), ...right, italics: true },
    ],
    ...b.movements.map((m) => [
      dayOf(m.date),
      movementText(m),
      { text: dare(m.signed), ...right },
      { text: avere(m.signed), ...right },
      { text: euro(m.balance), ...right },
    ]),
    [
      { text: d.to ? displayDate(d.to) : '', color: '#555555' },
      { text: 'Saldo finale', bold: true },
      '',
      '',
      { text: euro(b.closing), ...right, bold: true },
    ],
  ];
  const summary = [
    ['Saldo iniziale', b.opening],
    ['Addebiti', b.charges],
    ['Incassi', b.payments],
    ['Conguagli', b.adjustments],
    ['Saldo finale', b.closing],
  ] as const;
  return studioDocument(d.studio, `Estratto conto ${d.customer.business_name}`, [
    {
      columns: [
        { width: '*', stack: [{ text: 'Periodo', style: 'label' }, { text: periodText(d.from, d.to) }] },
        addressee(d.customer.business_name, addressLines(d.customer)),
      ],
      margin: [0, 0, 0, 16],
    },
    { text: 'Estratto conto', style: 'title' },
    {
      table: {
        widths: summary.map(() => '*'),
        body: [
          summary.map(([l]) => ({ text: l, style: 'label' })),
          summary.map(([l, v]) => ({ text: euro(v), bold: l === 'Saldo finale', fontSize: 11 })),
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 12],
    },
    { table: { headerRows: 1, widths: [62, '*', 62, 62, 70], body: rows }, layout: 'lightHorizontalLines' },
    {
      text:
        b.closing > 0
          ? `Saldo a vostro debito: ${euro(b.closing)}.`
          : b.closing < 0
            ? `Saldo a vostro credito: ${euro(-b.closing)}.`
            : 'Nessun importo dovuto.',
      margin: [0, 12, 0, 0],
      bold: true,
    },
  ]);
}

export function accountBalanceHtml(d: AccountBalanceData) {
  const b = d.balance;
  const tr = (cells: string[], bold = false) =>
    `<tr${bold ? ' style="font-weight:bold"' : ''}>${cells.map((c, i) => `<td${i >= 2 ? ' class="num"' : ''}>${c}</td>`).join('')}</tr>`;
  const body = `<p><strong>Periodo:</strong> ${esc(periodText(d.from, d.to))}</p>
<p style="margin-left:55%">Spett.le<br><strong>${esc(d.customer.business_name)}</strong>${addressLines(d.customer)
    .map((l) => `<br>${esc(l)}`)
    .join('')}</p>
<h1>Estratto conto</h1>
<table style="width:100%;border-top:1px solid #999;border-bottom:1px solid #999">
<tr><th>Data</th><th>Descrizione</th><th class="num">Dare</th><th class="num">Avere</th><th class="num">Saldo</th></tr>
${tr([esc(d.from ? displayDate(d.from) : ''), 'Saldo iniziale', '', '', esc(euro(b.opening))])}
${b.movements.map((m) => tr([esc(dayOf(m.date)), esc(movementText(m)), esc(dare(m.signed)), esc(avere(m.signed)), esc(euro(m.balance))])).join('\n')}
${tr([esc(d.to ? displayDate(d.to) : ''), 'Saldo finale', '', '', esc(euro(b.closing))], true)}
</table>
<p>Addebiti ${esc(euro(b.charges))} · Incassi ${esc(euro(b.payments))} · Conguagli ${esc(euro(b.adjustments))}</p>`;
  return studioHtml(d.studio, `Estratto conto ${d.customer.business_name}`, body);
}
