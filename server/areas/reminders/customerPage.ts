/**
 * The customer's page opened from a reminder's link (issue 30): what is open and how to pay it,
 * rendered on the server as one complete HTML document — no JavaScript, styles inline in the
 * page (PAGE_CSP allows nothing else), readable on a phone 390 px wide, landmarks and headings
 * for screen readers, every value escaped. Pure rendering: the service gathers the data.
 */
import { displayDate } from '../../../model/dates.js';
import { toCents } from '../../../model/money.js';
import { esc, euro, ibanText } from '../../render/frame.js';
import { publicPageHtml, studioContactsHtml, studioHeader, type PublicPageStudio } from '../../render/publicPage.js';
import type { ReminderItem } from './documents.js';

/** The Content-Security-Policy of these pages: inline styles and data: images, nothing else. */
export const PAGE_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface CustomerPageData {
  studio: PublicPageStudio;
  customer: { business_name: string };
  /** the items past their due date: what is asked (the total, the QR code) */
  items: ReminderItem[];
  total: number;
  /** the open items not yet due: shown apart, not asked */
  upcoming: ReminderItem[];
  iban: string | null;
  beneficiary: string;
  remittance: string;
  /** the EPC QR code of the transfer, a PNG data URL */
  qr: string | null;
  /** YYYY-MM-DD HH:MM */
  updated: string;
  /** YYYY-MM-DD */
  expires: string;
}

// Colours (on white unless noted), all above WCAG AA's 4.5:1: text #1f2328 (15.8), brand #1a3d6d
// (11.2; 9.9 on #eef3f9), muted #4b5563 (7.6; 6.9 on #f6f8fb), links #174ea6 (8.0).
/** the CSS of what is owed and how to pay (situationHtml), after the frame's */
export const SITUATION_CSS = `
.total{background:#eef3f9;border-color:#1a3d6d}
.total p{margin:0}
.total .amount{display:block;font-size:2rem;font-weight:700;color:#1a3d6d;line-height:1.2;margin-top:.25rem}
td.desc small{display:block;color:#4b5563;font-size:.85rem}
.date{white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0;padding-top:.75rem}
dl{margin:0 0 1rem}
dt{font-size:.85rem;color:#4b5563;margin-top:.5rem}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
dd.iban{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.05rem;letter-spacing:.02em;user-select:all}
.qr{text-align:center;margin:1rem 0 0}
.qr img{width:220px;max-width:100%;height:auto;image-rendering:pixelated;border:1px solid #d5dbe3;background:#fff}
.qr p{margin:.5rem 0 0}
@media (max-width:30rem){body{font-size:15px}.wrap{padding:0 .75rem}section,.card{padding:.75rem}th,td{padding:.45rem .25rem}.total .amount{font-size:1.75rem}}
`;
/** this page's own CSS, after the frame's (server/render/publicPage.ts) */
const STYLE = `
.wrap{max-width:44rem;margin:0 auto;padding:0 1rem}
${SITUATION_CSS}`;

const QR = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/i;

/** 'Aggiornata al 15-03-2026 alle 10:30' */
const updatedText = (updated: string) => {
  const time = /(\d{2}:\d{2})/.exec(updated.slice(10))?.[1];
  return `Aggiornata al ${displayDate(updated)}${time ? ` alle ${time}` : ''}`;
};

function itemsHtml(items: ReminderItem[], total: number, upcoming = false): string {
  const id = upcoming ? 'in-scadenza' : 'partite';
  const rows = items.map((i) => {
    const notes = [
      i.invoice ? `Fattura ${i.invoice}` : '',
      i.days_overdue > 0 ? `${i.days_overdue} ${i.days_overdue === 1 ? 'giorno' : 'giorni'} di ritardo` : '',
      toCents(i.open) !== toCents(i.amount) ? `importo ${euro(i.amount)}` : '',
    ].filter(Boolean);
    return `<tr><td class="date">${esc(displayDate(i.due))}</td><td class="desc">${esc(i.description)}${
      notes.length ? `<small>${esc(notes.join(' · '))}</small>` : ''
    }</td><td class="num">${esc(euro(i.open))}</td></tr>`;
  });
  return `<section aria-labelledby="${id}">
<h2 id="${id}">${upcoming ? 'In scadenza (non ancora da pagare)' : 'Importi scaduti'}</h2>
<table>
<thead><tr><th scope="col">Scadenza</th><th scope="col">Descrizione</th><th scope="col" class="num">Da pagare</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot><tr><th scope="row" colspan="2">${upcoming ? 'Totale in scadenza' : 'Totale'}</th><td class="num">${esc(euro(total))}</td></tr></tfoot>
</table>
</section>`;
}

function paymentHtml(d: Omit<CustomerPageData, 'expires' | 'updated'>): string {
  if (!d.iban)
    return `<section aria-labelledby="pagare">
<h2 id="pagare">Come pagare</h2>
<p>Per concordare le modalità di pagamento contatta lo studio ai recapiti qui sotto.</p>
</section>`;
  const qr =
    d.qr && QR.test(d.qr)
      ? `<div class="qr"><img src="${d.qr}" alt="Codice QR per pagare con l'app della banca" width="220" height="220">
<p class="muted">Dal computer: inquadra il codice QR con l'app della tua banca e il bonifico si compila da solo. Dal telefono: copia IBAN e causale nel bonifico.</p></div>`
      : '';
  return `<section aria-labelledby="pagare">
<h2 id="pagare">Come pagare</h2>
<p>Con un bonifico bancario con questi dati:</p>
<dl>
<dt>Importo</dt><dd>${esc(euro(d.total))}</dd>
<dt>Beneficiario</dt><dd>${esc(d.beneficiary)}</dd>
<dt>IBAN</dt><dd class="iban">${esc(ibanText(d.iban))}</dd>
<dt>Causale</dt><dd>${esc(d.remittance)}</dd>
</dl>
${qr}
</section>`;
}

const sumCents = (items: ReminderItem[]) => items.reduce((s, i) => s + toCents(i.open), 0) / 100;

/**
 * What a customer owes and how to pay it, the page's main parts after its heading: the total due,
 * the items past due, how to pay (IBAN, causale, the EPC QR code), those not yet due. Also the
 * customers' area's 'Da pagare' (server/areas/portal), with SITUATION_CSS.
 */
export function situationHtml(d: Omit<CustomerPageData, 'expires' | 'updated'>): string {
  const due = toCents(d.total) > 0;
  return [
    due
      ? `<div class="card total"><p>Totale da pagare <strong class="amount">${esc(euro(d.total))}</strong></p></div>`
      : `<div class="card total"><p>Non risultano importi da pagare. Grazie!</p></div>`,
    due && d.items.length ? itemsHtml(d.items, d.total) : '',
    due ? paymentHtml(d) : '',
    d.upcoming.length ? itemsHtml(d.upcoming, sumCents(d.upcoming), true) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The customer's page: the total due, the items past due, how to pay, those not yet due, the studio's contacts. */
export function customerPageHtml(d: CustomerPageData): string {
  const main = [
    `<h1>Situazione di ${esc(d.customer.business_name)}</h1>`,
    situationHtml(d),
    studioContactsHtml(d.studio),
  ];
  const footer = `<p>Pagina personale, valida fino al ${esc(displayDate(d.expires))}. ${esc(updatedText(d.updated))}.</p>`;
  return publicPageHtml(
    `Situazione di ${d.customer.business_name}${d.studio.name ? ` – ${d.studio.name}` : ''}`,
    studioHeader(d.studio),
    main.join('\n'),
    footer,
    STYLE,
  );
}

/** A page with a message only (e.g. 'Link non valido', 'Link scaduto'), in the same style. */
export function errorPageHtml(title: string, message: string): string {
  return publicPageHtml(
    title,
    '',
    `<h1>${esc(title)}</h1>\n<div class="card"><p>${esc(message)}</p></div>`,
    '<p>Per informazioni contatta il tuo studio.</p>',
    STYLE,
  );
}
