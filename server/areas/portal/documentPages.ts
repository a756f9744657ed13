/**
 * The area's pages of what the studio sends (issue 50 items 3, 4):
 * - 'Documenti dello studio' (/area-clienti/documenti): the engagement letters to read and accept —
 *   through the letter's own page (/incarico/{token}, server/areas/engagements/letterPage.ts), which
 *   records who accepted, when, from which address and the SHA-256 of the PDF as sent — and the
 *   files the studio shares, each opening recorded for the studio to see;
 * - 'Da pagare' (/area-clienti/pagamenti): what the customer owes and how to pay it, the same parts
 *   as the reminders' page (the items past due, the IBAN, the causale and the EPC QR code, those not
 *   yet due), computed by the payable function through the open items; then the year's account
 *   statement and a payment notice per open item to download (sentDocuments.ts, invoicePages.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { esc } from '../../render/frame.js';
import { displayDate, displayDateTime, today as romeToday } from '../../../model/dates.js';
import { toCents } from '../../../model/money.js';
import { PORTAL_PATH } from '../../../model/portal.js';
import { customersOf } from '../documents/index.js';
import { customerSituation, SITUATION_CSS, situationHtml } from '../reminders/index.js';
import { customerLetters, letterToken, LETTER_LINK_PATH } from '../engagements/index.js';
import { addTile, portalCtx, sendHtml } from './areaSession.js';
import { insidePage } from './pages.js';
import { sharedFileRows } from './sharedQueries.js';
import { sizeText } from './requestPages.js';
import { documentSections } from './openings.js';
import { noticeItems, paymentDocumentsHtml } from './sentDocuments.js';
import { declarationsToAccept } from './declarationQueries.js';

const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

/** The files the studio shares with a customer, newest first, and whether he has opened each. */
async function sharedFiles(deps: AppDeps, studioId: number, customerId: number) {
  const rows = await sharedFileRows(deps.exec, studioId, customerId);
  return rows.filter((r) => r.scan !== 'quarantena').map((r) => ({ ...r, opened: r.first_opened_at != null }));
}

// the home page's tiles
addTile(async (deps, ctx) => {
  const letters = await customerLetters(deps.exec, ctx.studioId, ctx.customerId);
  const files = await sharedFiles(deps, ctx.studioId, ctx.customerId);
  const toRead =
    letters.filter((l) => !l.accepted_at && l.engagement_status === 'sent').length +
    files.filter((f) => !f.opened).length +
    (await declarationsToAccept(deps.exec, ctx.studioId, ctx.customerId));
  return {
    href: `${PORTAL_PATH}/documenti`,
    label: 'Documenti dello studio',
    count: toRead,
    countLabel: `${toRead} da leggere`,
  };
});
addTile(async (_deps, _ctx) => ({ href: `${PORTAL_PATH}/pagamenti`, label: 'Da pagare' }));

export async function documentPageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get(`${PORTAL_PATH}/documenti`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const today = romeToday();
    const letters = await customerLetters(deps.exec, ctx.studioId, ctx.customerId);
    const files = await sharedFiles(deps, ctx.studioId, ctx.customerId);
    const letterItems = letters.map((l) => {
      const open = !!l.nonce && !!l.link_expires && l.link_expires >= today;
      const token = open ? letterToken(deps.settings.jwtSecret, l.id, l.nonce!, l.link_expires!) : null;
      const state = l.accepted_at
        ? `Accettata il ${esc(displayDateTime(l.accepted_at))}${l.accepted_name ? ` da ${esc(l.accepted_name)}` : ''}`
        : l.engagement_status === 'signed'
          ? 'Firmata'
          : '<strong>Da leggere e accettare</strong>';
      const action = token
        ? l.accepted_at || l.engagement_status === 'signed'
          ? `<a href="${LETTER_LINK_PATH}${token}/lettera.pdf">Scarica la lettera (PDF)</a>`
          : `<a class="button" href="${LETTER_LINK_PATH}${token}">Leggi e accetta la lettera</a>`
        : '<span class="muted">Per riceverla di nuovo chieda allo studio.</span>';
      return `<li class="card"><p><strong>Lettera d'incarico: ${esc(l.engagement_title)}</strong></p>
<p><small>Inviata il ${esc(displayDate(l.created_at.slice(0, 10)))} · ${state}</small></p>
<p>${action}</p></li>`;
    });
    const fileItems = files.map(
      (f) => `<li><a href="${PORTAL_PATH}/file/${f.id}">${esc(f.filename)}</a>
<small>${sizeText(f.size)} · condiviso il ${esc(displayDate(f.created_at.slice(0, 10)))}${f.opened ? '' : ' · <strong>nuovo</strong>'}</small></li>`,
    );
    const main = `<section aria-labelledby="lettere"><h2 id="lettere">Lettere d'incarico</h2>
${letterItems.length ? `<ul class="list">${letterItems.join('\n')}</ul>` : '<p>Nessuna lettera d’incarico da leggere.</p>'}
</section>
<section aria-labelledby="condivisi"><h2 id="condivisi">File condivisi dallo studio</h2>
${fileItems.length ? `<ul class="files">${fileItems.join('\n')}</ul>` : '<p>Lo studio non ha ancora condiviso file.</p>'}
</section>`;
    // the parts' own sections (invoices, declarations…), in the order they were added
    const more = (await Promise.all(documentSections.map((section) => section(deps, ctx)))).filter(Boolean);
    return sendHtml(reply, 200, insidePage(ctx.viewer, 'Documenti dello studio', [main, ...more].join('\n')));
  });

  scope.get(`${PORTAL_PATH}/pagamenti`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const [customer] = await customersOf(deps.exec, ctx.studioId, [ctx.customerId]);
    if (!customer) return reply.status(404).send();
    const today = romeToday();
    const s = await customerSituation(deps, ctx.studioId, customer, today);
    const note =
      toCents(s.total) > 0 || s.upcoming.length
        ? '<p class="muted">Gli importi si aggiornano quando lo studio registra il pagamento.</p>'
        : '';
    // the statement and a payment notice per open item (sentDocuments.ts), downloaded from invoicePages.ts
    const documents = paymentDocumentsHtml(today, await noticeItems(deps, ctx), !!s.iban);
    return sendHtml(
      reply,
      200,
      insidePage(ctx.viewer, 'Da pagare', `${situationHtml(s)}\n${note}\n${documents}`, null, false, SITUATION_CSS),
    );
  });
}
