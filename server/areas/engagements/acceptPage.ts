/**
 * The customer's page of an engagement letter's link (issue 49 item 2), rendered on the server as
 * one complete HTML document: no JavaScript, styles inline in the page (PAGE_CSP allows nothing
 * else; forms post only to the page itself), readable on a phone 390 px wide, landmarks, headings
 * and labelled fields for screen readers, every value escaped. It shows the studio, the
 * engagement's object and dates, the services with their fee, periodicity and what each charge asks,
 * the link to the PDF as sent with its SHA-256, and the form 'Accetto' (the signer's name and the
 * required 'Ho letto la lettera d'incarico e la accetto'). Pure rendering: letterPage.ts gathers
 * the data and records the acceptance.
 */
import { displayDate, displayDateTime } from '../../../model/dates.js';
import { esc } from '../../render/frame.js';
import { publicPageHtml, studioContactsHtml, studioHeader, type PublicPageStudio } from '../../render/publicPage.js';
import { euroText, type LetterServiceView } from './letterData.js';

/** The Content-Security-Policy of these pages: inline styles and data: images; forms to the page itself. */
export const PAGE_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// Colours (on white unless noted), all above WCAG AA's 4.5:1: text #1f2328, brand #1a3d6d, muted
// #4b5563, links #174ea6, errors #b3261e, success #1e6b34.
/** this page's own CSS, after the frame's (server/render/publicPage.ts) */
const STYLE = `
.wrap{max-width:46rem;margin:0 auto;padding:0 1rem}
.lead{background:#eef3f9;border-color:#1a3d6d}
.ok{background:#edf7ef;border-color:#1e6b34}
.ok strong{color:#1e6b34}
p{margin:0 0 .5rem}
td small{display:block;color:#4b5563;font-size:.85rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;overflow-wrap:anywhere;word-break:break-all}
.download{display:inline-block;font-weight:600;padding:.5rem 0}
label{display:block;font-weight:600;margin:0 0 .25rem}
input[type=text]{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#1f2328}
input[type=text]:focus,input[type=checkbox]:focus,button:focus{outline:3px solid #174ea6;outline-offset:2px}
.check{display:flex;gap:.6rem;align-items:flex-start;margin:1rem 0}
.check input{width:1.3rem;height:1.3rem;margin:.15rem 0 0;flex:none}
.check label{font-weight:400;margin:0}
.error{color:#b3261e;font-weight:600;margin:.35rem 0 0}
[aria-invalid=true]{border-color:#b3261e!important}
button{font:inherit;font-weight:700;color:#fff;background:#1a3d6d;border:0;border-radius:6px;padding:.75rem 1.5rem;cursor:pointer;width:100%;max-width:20rem}
@media (max-width:30rem){body{font-size:15px}.wrap{padding:0 .75rem}section,.card{padding:.75rem}th,td{padding:.45rem .25rem}
table.svc,table.svc tbody,table.svc tr,table.svc td{display:block;width:100%}
table.svc thead{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
table.svc tr{border-bottom:1px solid #e3e7ed;padding:.5rem 0}
table.svc td{border:0;padding:.1rem 0;text-align:left;white-space:normal}
table.svc td.num small{display:inline;margin-left:.25rem}
table.svc td[data-label]::before{content:attr(data-label) ": ";color:#4b5563;font-size:.85rem}}
`;

export type PageStudio = PublicPageStudio;

/** The letter as the page shows it. */
export interface LetterPageData {
  studio: PageStudio;
  customer: string;
  title: string;
  /** 'dal 01-01-2026, a tempo indeterminato' */
  duration: string;
  services: LetterServiceView[];
  /** the yearly fees in words ('' when none) */
  annual: string;
  /** the page's own address (the form posts to it) and the PDF's */
  action: string;
  pdfHref: string;
  pdfSize: number;
  sha256: string;
  /** YYYY-MM-DD HH:MM:SS */
  sent_at: string;
  /** YYYY-MM-DD */
  expires: string;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('it-IT')} KB`;

function servicesHtml(d: LetterPageData): string {
  const rows = d.services.map(
    (s) =>
      `<tr><td class="desc"><strong>${esc(s.description)}</strong><small>${esc(s.periodicity)}: ${esc(s.billing)}</small></td>` +
      `<td class="num" data-label="Compenso">${esc(euroText(s.fee))}<small>${esc(s.unit)}</small></td>` +
      `<td class="num" data-label="Da pagare per addebito">${s.figures ? esc(euroText(s.figures.payable)) : '<span class="muted">secondo il mese</span>'}</td></tr>`,
  );
  return `<section aria-labelledby="servizi">
<h2 id="servizi">Servizi e compensi</h2>
<table class="svc">
<thead><tr><th scope="col">Servizio</th><th scope="col" class="num">Compenso</th><th scope="col" class="num">Da pagare per addebito</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${d.annual ? `<p class="muted" style="margin-top:.75rem">${esc(d.annual)}</p>` : ''}
<p class="muted">«Da pagare» comprende contributo integrativo e IVA ed è al netto della ritenuta d’acconto, quando dovuti; i dettagli sono nella lettera.</p>
</section>`;
}

function documentHtml(d: LetterPageData): string {
  return `<section aria-labelledby="documento">
<h2 id="documento">La lettera</h2>
<p><a class="download" href="${esc(d.pdfHref)}">Scarica la lettera d’incarico (PDF, ${esc(kb(d.pdfSize))})</a></p>
<p class="muted">Inviata il ${esc(displayDateTime(d.sent_at))}. Impronta SHA-256 del documento:</p>
<p><code>${esc(d.sha256)}</code></p>
</section>`;
}

const footerOf = (d: LetterPageData) =>
  `<p>Pagina personale di ${esc(d.customer)}, valida fino al ${esc(displayDate(d.expires))}.</p>`;

const intro = (d: LetterPageData) =>
  `<div class="card lead"><p><strong>${esc(d.studio.name)}</strong> propone a <strong>${esc(d.customer)}</strong> l’incarico professionale «${esc(d.title)}», ${esc(d.duration)}.</p></div>`;

/** What the form was given and what was wrong with it. */
export interface AcceptForm {
  name: string;
  errors?: { name?: string; accept?: string };
}

/** The page with the letter and the form 'Accetto'. */
export function acceptPageHtml(d: LetterPageData, form: AcceptForm = { name: '' }): string {
  const e = form.errors ?? {};
  const summary =
    e.name || e.accept
      ? `<div class="card" role="alert"><p class="error">Controlla i dati indicati: la lettera non è ancora accettata.</p></div>`
      : '';
  const main = [
    `<h1>Lettera di incarico professionale</h1>`,
    summary,
    intro(d),
    servicesHtml(d),
    documentHtml(d),
    `<section aria-labelledby="accetta">
<h2 id="accetta">Accettazione</h2>
<form method="post" action="${esc(d.action)}" novalidate>
<label for="nome">Nome e cognome di chi accetta</label>
<input type="text" id="nome" name="nome" value="${esc(form.name)}" maxlength="120" autocomplete="name" required${
      e.name ? ' aria-invalid="true" aria-describedby="nome-errore"' : ''
    }>
${e.name ? `<p class="error" id="nome-errore">${esc(e.name)}</p>` : ''}
<div class="check"><input type="checkbox" id="accetto" name="accetto" value="1" required${
      e.accept ? ' aria-invalid="true" aria-describedby="accetto-errore"' : ''
    }><label for="accetto">Ho letto la lettera d’incarico e la accetto</label></div>
${e.accept ? `<p class="error" id="accetto-errore">${esc(e.accept)}</p>` : ''}
<p class="muted">Con l’accettazione registriamo il nome indicato, la data e l’ora, l’indirizzo IP e l’impronta del documento, come prova del consenso.</p>
<button type="submit">Accetto</button>
</form>
</section>`,
    studioContactsHtml(d.studio, false),
  ].filter(Boolean);
  return publicPageHtml(
    `Lettera di incarico – ${d.studio.name ?? ''}`,
    studioHeader(d.studio),
    main.join('\n'),
    footerOf(d),
    STYLE,
  );
}

/** The page of a letter accepted (now or before): who, when, and the document. */
export function acceptedPageHtml(
  d: LetterPageData,
  accepted: { name: string; at: string; ip: string | null },
  justNow: boolean,
): string {
  const main = [
    `<h1>${justNow ? 'Grazie: lettera d’incarico accettata' : 'Lettera già accettata'}</h1>`,
    `<div class="card ok" role="status"><p><strong>${justNow ? 'Lettera accettata il' : 'Lettera già accettata il'} ${esc(displayDateTime(accepted.at))}</strong> da ${esc(accepted.name)}${
      accepted.ip ? ` <span class="muted">(indirizzo IP ${esc(accepted.ip)})</span>` : ''
    }.</p>${justNow ? '<p>Lo studio riceve subito la conferma. Può conservare la lettera scaricandola qui sotto.</p>' : ''}</div>`,
    intro(d),
    servicesHtml(d),
    documentHtml(d),
    studioContactsHtml(d.studio, false),
  ];
  return publicPageHtml(
    `Lettera di incarico accettata – ${d.studio.name ?? ''}`,
    studioHeader(d.studio),
    main.join('\n'),
    footerOf(d),
    STYLE,
  );
}

/** A page with a message only ('Link non valido', 'Link scaduto', 'Questa lettera è stata sostituita…'). */
export function letterMessageHtml(title: string, message: string, studio?: PageStudio): string {
  return publicPageHtml(
    title,
    studio ? studioHeader(studio) : '',
    `<h1>${esc(title)}</h1>\n<div class="card"><p>${esc(message)}</p></div>${studio ? `\n${studioContactsHtml(studio, false)}` : ''}`,
    '<p>Per informazioni contatti il suo studio.</p>',
    STYLE,
  );
}
