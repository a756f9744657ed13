/**
 * The area's pages of the AML declaration to read and accept (issue 50 item 3), inside the area's
 * scope (pageRoutes.ts: its session, its forms' parser):
 * - the section 'Dichiarazioni da accettare' of 'Documenti dello studio' (openings.ts
 *   addDocumentSection): each declaration in force with its state;
 * - GET  /area-clienti/dichiarazioni/{id}      what the declaration is and why (art. 22 D.Lgs.
 *   231/2007), its PDF and SHA-256, the form 'Accetto' (the checkbox and the name of who accepts),
 *   or who accepted it and when; a link to write to the studio when the data are wrong;
 * - GET  /area-clienti/dichiarazioni/{id}.pdf  the PDF as sent, to download (the opening recorded);
 * - POST /area-clienti/dichiarazioni/{id}      the acceptance (declarations.ts): a form not filled in
 *   is the page again (422) with the message under its field; a declaration replaced by a newer one
 *   is a page saying so (409); one already accepted stays as first accepted.
 * Another customer's declaration is not found.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { esc } from '../../render/frame.js';
import { attachment } from '../../routes/download.js';
import { displayDate, displayDateTime } from '../../../model/dates.js';
import { PORTAL_PATH } from '../../../model/portal.js';
import { client, formOf, portalCtx, queryOf, redirect, sendHtml, type PortalCtx } from './areaSession.js';
import { insidePage, type Notice } from './pages.js';
import { addDocumentSection } from './openings.js';
import { recordOpening } from './openingQueries.js';
import { sizeText } from './requestPages.js';
import { declarationRows, type DeclarationRow } from './declarationQueries.js';
import { ACCEPT_NAME_MAX, acceptDeclaration, areaDeclaration, type AcceptErrors } from './declarations.js';

const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });
const BASE = `${PORTAL_PATH}/dichiarazioni`;

const CSS = `
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;overflow-wrap:anywhere;word-break:break-all}
.check{display:flex;gap:.75rem;align-items:flex-start;margin:1rem 0 0}
.check input{width:1.5rem;height:1.5rem;margin:.7rem 0 0;flex:none}
.check label{font-weight:400;margin:0;min-height:44px;display:flex;align-items:center}
.accepted{border-left:4px solid #1e6b34;background:#edf7ef}
.accepted strong{color:#1e6b34}
.more a{display:inline-flex;align-items:center;min-height:44px}
`;

/** 'Accettata il … da …' of a declaration accepted. */
const acceptedText = (d: { accepted_at: string | null; accepted_name: string | null }) =>
  `Accettata il ${esc(displayDateTime(d.accepted_at))}${d.accepted_name ? ` da ${esc(d.accepted_name)}` : ''}`;

// the section of 'Documenti dello studio': the declarations in force, the one to accept marked
addDocumentSection(async (deps, ctx) => {
  const list = await declarationRows(deps.exec, ctx.studioId, ctx.customerId, true);
  if (!list.length) return '';
  const items = list.map(
    (d) => `<li class="card"><p><strong>${esc(d.title)}</strong></p>
<p><small>Inviata il ${esc(displayDate(d.sent_at.slice(0, 10)))} · ${d.accepted_at ? acceptedText(d) : '<strong>Da leggere e accettare</strong>'}</small></p>
<p><a${d.accepted_at ? '' : ' class="button"'} href="${BASE}/${d.id}">${d.accepted_at ? 'Apri la dichiarazione' : 'Leggi e accetta la dichiarazione'}</a></p></li>`,
  );
  return `<section aria-labelledby="dichiarazioni"><h2 id="dichiarazioni">Dichiarazioni da accettare</h2>
<ul class="list">${items.join('\n')}</ul>
</section>`;
});

/** What the declaration is and why it is asked. */
const introHtml = (ctx: PortalCtx) => `<section class="lead">
<p><strong>${esc(ctx.viewer.studioName)}</strong> le chiede di leggere e accettare la dichiarazione di <strong>${esc(ctx.viewer.customerName)}</strong> ai fini dell’adeguata verifica antiriciclaggio.</p>
<p>La legge (art. 22 del D.Lgs. 231/2007) chiede al cliente di fornire allo studio, sotto la propria responsabilità, le informazioni necessarie all’adeguata verifica: i dati identificativi, il titolare effettivo, lo scopo e la natura della prestazione. La dichiarazione riporta i dati raccolti dallo studio: li controlli prima di accettare.</p>
</section>`;

function documentHtml(d: DeclarationRow) {
  return `<section aria-labelledby="documento"><h2 id="documento">Il documento</h2>
<p><a class="button secondary" href="${BASE}/${d.id}.pdf">Scarica e leggi la dichiarazione (PDF)</a></p>
<p class="muted">${esc(sizeText(d.pdf.length))} · inviata il ${esc(displayDateTime(d.sent_at))}. Impronta SHA-256 del documento:</p>
<p><code>${esc(d.sha256)}</code></p>
</section>`;
}

function formHtml(ctx: PortalCtx, d: DeclarationRow, name: string, checked: boolean, e: AcceptErrors) {
  const nameInvalid = e.name ? ' aria-invalid="true" aria-describedby="nome-errore"' : '';
  const checkInvalid = e.accept ? ' aria-invalid="true" aria-describedby="accetto-errore"' : '';
  return `<section aria-labelledby="accetta"><h2 id="accetta">Accettazione</h2>
<form method="post" action="${BASE}/${d.id}" novalidate>
<input type="hidden" name="csrf" value="${esc(ctx.viewer.csrf)}">
<div class="check"><input type="checkbox" id="accetto" name="accetto" value="1" required${checked ? ' checked' : ''}${checkInvalid}><label for="accetto">Ho letto la dichiarazione: i dati sono corretti e completi e mi impegno a comunicare ogni variazione</label></div>
${e.accept ? `<p class="error" id="accetto-errore">${esc(e.accept)}</p>` : ''}
<label for="nome">Nome e cognome di chi accetta</label>
<input type="text" id="nome" name="nome" value="${esc(name)}" maxlength="${ACCEPT_NAME_MAX}" autocomplete="name" required${nameInvalid}>
${e.name ? `<p class="error" id="nome-errore">${esc(e.name)}</p>` : ''}
<p class="hint">Con l’accettazione registriamo il nome indicato, il suo indirizzo e-mail, la data e l’ora, l’indirizzo IP, il browser e l’impronta del documento, come prova.</p>
<div class="stack"><button type="submit">Accetto</button></div>
</form>
</section>`;
}

/** The page of a declaration: the form, or who accepted it and when. */
function declarationPage(
  ctx: PortalCtx,
  d: DeclarationRow,
  o: { name?: string; checked?: boolean; errors?: AcceptErrors; notice?: Notice | null } = {},
) {
  const e = o.errors ?? {};
  const state = d.accepted_at
    ? `<section class="accepted" role="status"><p><strong>${acceptedText(d)}</strong>${d.accepted_ip ? ` <span class="muted">(indirizzo IP ${esc(d.accepted_ip)})</span>` : ''}.</p></section>`
    : formHtml(ctx, d, o.name ?? ctx.personName, o.checked ?? false, e);
  const notice: Notice | null =
    e.name || e.accept
      ? { kind: 'bad', text: 'Controlli i dati indicati: la dichiarazione non è ancora accettata.' }
      : (o.notice ?? null);
  const main = `${introHtml(ctx)}
${documentHtml(d)}
${state}
<p class="more"><a href="${PORTAL_PATH}/messaggi">I dati non sono corretti? Scrivi allo studio</a></p>`;
  return insidePage(ctx.viewer, 'Dichiarazione antiriciclaggio', main, notice, false, CSS);
}

/** A declaration replaced by a newer one: nothing to accept here. */
const withdrawnPage = (ctx: PortalCtx) =>
  insidePage(
    ctx.viewer,
    'Dichiarazione sostituita',
    `<p>Questa dichiarazione è stata sostituita da una più recente: trova quella da accettare in <a href="${PORTAL_PATH}/documenti">Documenti dello studio</a>.</p>`,
    { kind: 'info', text: 'Dichiarazione sostituita da una più recente.' },
    false,
    CSS,
  );

/** `{id}` or `{id}.pdf` of the address. */
function parseId(raw: string): { id: number; pdf: boolean } | null {
  const m = /^(\d{1,9})(\.pdf)?$/.exec(raw);
  return m ? { id: Number(m[1]), pdf: !!m[2] } : null;
}

async function sendPdf(reply: FastifyReply, deps: AppDeps, ctx: PortalCtx, d: DeclarationRow) {
  await recordOpening(deps.exec, ctx, 'dichiarazione', d.id);
  return reply
    .header('Content-Disposition', attachment(d.filename))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .type('application/pdf')
    .send(d.pdf);
}

export async function declarationPageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get<{ Params: { id: string } }>(`${BASE}/:id`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const parsed = parseId(req.params.id);
    if (!parsed) throw notFound();
    const d = await areaDeclaration(deps, ctx, parsed.id);
    if (d.withdrawn_at && !d.accepted_at) return sendHtml(reply, 409, withdrawnPage(ctx));
    if (parsed.pdf) return sendPdf(reply, deps, ctx, d);
    const notice: Notice | null =
      queryOf(req).accettata === '1' && d.accepted_at
        ? { kind: 'ok', text: 'Grazie: dichiarazione accettata. Lo studio la riceve subito.' }
        : null;
    return sendHtml(reply, 200, declarationPage(ctx, d, { notice }));
  });

  scope.post<{ Params: { id: string } }>(`${BASE}/:id`, { config: config(20) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const parsed = parseId(req.params.id);
    if (!parsed || parsed.pdf) throw notFound();
    const outcome = await acceptDeclaration(deps, ctx, parsed.id, formOf(req), client(req));
    if (outcome.kind === 'accepted') return redirect(reply, `${BASE}/${parsed.id}?accettata=1`);
    if (outcome.kind === 'withdrawn') return sendHtml(reply, 409, withdrawnPage(ctx));
    if (outcome.kind === 'already')
      return sendHtml(
        reply,
        409,
        declarationPage(ctx, outcome.declaration, {
          notice: { kind: 'info', text: 'La dichiarazione era già stata accettata.' },
        }),
      );
    const d = await areaDeclaration(deps, ctx, parsed.id);
    return sendHtml(
      reply,
      422,
      declarationPage(ctx, d, { name: outcome.name, checked: outcome.checked, errors: outcome.errors }),
    );
  });
}
