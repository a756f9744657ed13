/**
 * The area's invoices and the downloads of what the studio sends (issue 50 items 3, 4), inside the
 * area's scope (pageRoutes.ts: its session):
 * - GET /area-clienti/fatture                     'Fatture': the customer's electronic invoices that SdI
 *                                                 has (never a draft nor a rejected one), newest first:
 *                                                 type, number, date, total, SdI's state in plain words,
 *                                                 each with its PDF and its XML
 * - GET /area-clienti/fatture/{id}.pdf|.xml       the invoice's PDF copy (made from the file sent) or its
 *                                                 XML exactly as sent to SdI
 * - GET /area-clienti/estratto-conto.pdf          the account statement of the year up to today
 * - GET /area-clienti/avvisi/{movement}.pdf       the payment notice of an open item (with the QR code)
 * The documents are made in sentDocuments.ts; each download is recorded as an opening (openings.ts)
 * for the studio to see; another customer's id, or a document that is not one of these, is a 404.
 * Downloads are attachments, never rendered by the browser (nosniff, a sandboxing CSP). Also the
 * home page's tile 'Fatture' (how many the customer has never opened) and its section in
 * 'Documenti dello studio'.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { attachment, type Download } from '../../routes/download.js';
import { esc, euro } from '../../render/frame.js';
import { today as romeToday } from '../../../model/dates.js';
import { PORTAL_PATH } from '../../../model/portal.js';
import { addTile, portalCtx, sendHtml } from './areaSession.js';
import { insidePage } from './pages.js';
import { addDocumentSection } from './openings.js';
import { recordOpening, type OpeningKind } from './openingQueries.js';
import { areaInvoiceRows, type AreaInvoice } from './invoiceQueries.js';
import { invoiceFile, invoiceTitle, noticeFile, statementFile } from './sentDocuments.js';

const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

/** SdI's state of an invoice, in plain words */
const SDI_TEXT: Record<string, string> = {
  in_invio: 'In invio al Sistema di Interscambio (SdI)',
  inviata: 'Inviata al Sistema di Interscambio (SdI), in attesa di consegna',
  consegnata: 'Consegnata dal Sistema di Interscambio (SdI)',
  mancata_consegna:
    "Non recapitata dal Sistema di Interscambio: la trova nella sua area riservata del sito dell'Agenzia delle Entrate",
};
export const sdiText = (status: string) => SDI_TEXT[status] ?? 'Inviata al Sistema di Interscambio (SdI)';

const CSS = `
.invoices{list-style:none;margin:0;padding:0}
.invoices p{margin:.25rem 0}
.invoices small{display:block;color:#4b5563;font-size:.9rem}
.downloads{display:flex;gap:.75rem;margin-top:.75rem}
.downloads a{flex:1}
`;

const invoiceItem = (i: AreaInvoice) => {
  const title = invoiceTitle(i);
  return `<li class="card"><p><strong>${esc(title)}</strong>${i.opened ? '' : ' · <strong>nuova</strong>'}</p>
<p><small>Totale ${esc(euro(i.total))} · ${esc(sdiText(i.sdi_status))}</small></p>
<p class="downloads"><a class="button secondary" href="${PORTAL_PATH}/fatture/${i.id}.pdf" aria-label="PDF: ${esc(title)}">PDF</a>
<a class="button secondary" href="${PORTAL_PATH}/fatture/${i.id}.xml" aria-label="XML: ${esc(title)}">XML</a></p></li>`;
};

export function invoicesHtml(invoices: AreaInvoice[]): string {
  const intro = `<p>Le fatture elettroniche dello studio trasmesse al Sistema di Interscambio (SdI), le più recenti prima.
Il file XML è l'originale con valore fiscale; il PDF ne è una copia leggibile.</p>`;
  return invoices.length
    ? `${intro}\n<ul class="invoices">${invoices.map(invoiceItem).join('\n')}</ul>`
    : `${intro}\n<p>Non ci sono ancora fatture elettroniche.</p>`;
}

// the home page's tile: the invoices never opened
addTile(async (deps, ctx) => {
  const fresh = (await areaInvoiceRows(deps.exec, ctx.studioId, ctx.customerId)).filter((i) => !i.opened).length;
  return {
    href: `${PORTAL_PATH}/fatture`,
    label: 'Fatture',
    count: fresh,
    countLabel: fresh === 1 ? '1 fattura nuova' : `${fresh} fatture nuove`,
  };
});

// 'Documenti dello studio': where the invoices and the statement are
addDocumentSection(async (deps, ctx) => {
  const invoices = await areaInvoiceRows(deps.exec, ctx.studioId, ctx.customerId);
  return `<section aria-labelledby="fatture-studio"><h2 id="fatture-studio">Fatture ed estratto conto</h2>
<ul class="files"><li><a href="${PORTAL_PATH}/fatture">Fatture elettroniche</a>
<small>${invoices.length === 1 ? '1 fattura' : `${invoices.length} fatture`}</small></li>
<li><a href="${PORTAL_PATH}/pagamenti">Estratto conto e avvisi di pagamento</a></li></ul>
</section>`;
});

/** Sends a document to download: an attachment the browser never renders. */
const sendFile = (reply: FastifyReply, f: Download) =>
  reply
    .header('Content-Disposition', attachment(f.name))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .type(f.type)
    .send(f.body);

const INVOICE_FILE = /^(\d{1,9})\.(pdf|xml)$/;
const NOTICE_FILE = /^(\d{1,9})\.pdf$/;

export async function invoicePageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get(`${PORTAL_PATH}/fatture`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const invoices = await areaInvoiceRows(deps.exec, ctx.studioId, ctx.customerId);
    return sendHtml(reply, 200, insidePage(ctx.viewer, 'Fatture', invoicesHtml(invoices), null, false, CSS));
  });

  scope.get<{ Params: { file: string } }>(
    `${PORTAL_PATH}/fatture/:file`,
    { config: config(60) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const m = INVOICE_FILE.exec(req.params.file);
      if (!m) throw notFound();
      const id = Number(m[1]);
      const format = m[2] as 'pdf' | 'xml';
      const f = await invoiceFile(deps, ctx, id, format);
      if (!f) throw notFound();
      const kind: OpeningKind = format === 'pdf' ? 'fattura_pdf' : 'fattura_xml';
      await recordOpening(deps.exec, ctx, kind, id);
      return sendFile(reply, f);
    },
  );

  scope.get(`${PORTAL_PATH}/estratto-conto.pdf`, { config: config(30) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const f = await statementFile(deps, ctx, romeToday());
    if (!f) throw notFound();
    await recordOpening(deps.exec, ctx, 'estratto', 0);
    return sendFile(reply, f);
  });

  scope.get<{ Params: { file: string } }>(`${PORTAL_PATH}/avvisi/:file`, { config: config(60) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const m = NOTICE_FILE.exec(req.params.file);
    if (!m) throw notFound();
    const id = Number(m[1]);
    const f = await noticeFile(deps, ctx, id);
    if (!f) throw notFound();
    await recordOpening(deps.exec, ctx, 'avviso', id);
    return sendFile(reply, f);
  });
}
