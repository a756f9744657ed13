/**
 * The area's page of the SEPA mandate (issue 50 item 4), inside the area's scope (pageRoutes.ts: its
 * session, its forms' parser), for the customers the studio collects by SDD (mandates.ts
 * `collectedBySdd`; the others get no tile, and the page says the studio does not collect them by
 * direct debit):
 * - GET  /area-clienti/mandato             the active mandate (reference, the IBAN's last 4 characters,
 *   signature date, scheme, its PDF when it was signed here), and the form to sign one — 'Firma il
 *   mandato', or 'Cambia il conto di addebito' with one active: the account holder, the IBAN, the
 *   creditor's data and the CORE authorisation as the mandate's form words it, the checkbox
 *   'Autorizzo …', the signer's name. Without the studio's creditor identifier (CID): contact the studio.
 * - POST /area-clienti/mandato             the signature (mandates.ts `signMandate`): bad input is the
 *   form again (422) with the messages under their fields, nothing written; done, the page with
 *   'Mandato firmato'.
 * - GET  /area-clienti/mandato/{id}.pdf    the mandate's PDF as signed (the opening recorded).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { esc, ibanText } from '../../render/frame.js';
import { attachment } from '../../routes/download.js';
import { displayDate } from '../../../model/dates.js';
import { PORTAL_PATH } from '../../../model/portal.js';
import { mandateAuthorisation, mandateNote, type MandateStudio } from '../collections/index.js';
import { addTile, client, formOf, portalCtx, queryOf, redirect, sendHtml, type PortalCtx } from './areaSession.js';
import { insidePage, type Notice } from './pages.js';
import { recordOpening } from './openingQueries.js';
import { mandateCustomer, type ActiveMandate } from './mandateQueries.js';
import {
  MANDATE_MESSAGES as M,
  SIGNER_MAX,
  areaSignature,
  collectedBySdd,
  holderMax,
  mandateState,
  signMandate,
  signedFileName,
  type MandateErrors,
  type MandateForm,
  type MandateState,
} from './mandates.js';

const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });
const BASE = `${PORTAL_PATH}/mandato`;

const CSS = `
.data{margin:.5rem 0 1rem}
.data dt{font-weight:600;color:#4b5563;font-size:.9rem;margin-top:.6rem}
.data dd{margin:0;overflow-wrap:anywhere}
.iban{font-variant-numeric:tabular-nums;letter-spacing:.02em}
.auth{text-align:justify}
.check{display:flex;gap:.75rem;align-items:flex-start;margin:1rem 0 0}
.check input{width:1.5rem;height:1.5rem;margin:.7rem 0 0;flex:none}
.check label{font-weight:400;margin:0;min-height:44px;display:flex;align-items:center}
`;

// the home page's tile: only for the customers collected by SDD; '1 da firmare' without a mandate
addTile(async (deps, ctx) => {
  const c = await mandateCustomer(deps.exec, ctx.studioId, ctx.customerId);
  if (!c || !collectedBySdd(c)) return null;
  return { href: BASE, label: 'Mandato SEPA', count: c.active ? 0 : 1, countLabel: '1 mandato da firmare' };
});

/** An IBAN shown by its last 4 characters only. */
export const maskedIban = (iban: string) => {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  return `${'•••• '.repeat(Math.ceil(Math.max(0, s.length - 4) / 4))}${s.slice(-4)}`;
};

function activeHtml(a: ActiveMandate) {
  const pdf = a.signature_id
    ? `<p><a class="button secondary" href="${BASE}/${a.signature_id}.pdf">Scarica il mandato firmato (PDF)</a></p>`
    : '';
  return `<section aria-labelledby="attivo"><h2 id="attivo">Il mandato attivo</h2>
<dl class="data">
<dt>Riferimento del mandato</dt><dd>${esc(a.reference)}</dd>
<dt>Conto addebitato (IBAN)</dt><dd><span class="iban">${esc(maskedIban(a.iban))}</span> <small>(ne mostriamo solo le ultime 4 cifre)</small></dd>
<dt>Data di firma</dt><dd>${esc(displayDate(a.signature_date))}</dd>
<dt>Schema</dt><dd>SDD ${esc(a.scheme)}</dd>
</dl>
${pdf}
</section>`;
}

/** A text field with its label, hint and error. */
function field(
  o: { id: string; label: string; value: string; max: number; hint: string; error?: string },
  attrs: string,
) {
  const described = [`${o.id}-hint`, o.error ? `${o.id}-err` : ''].filter(Boolean).join(' ');
  return `<label for="${o.id}">${esc(o.label)}</label>
<input type="text" id="${o.id}" name="${o.id}" value="${esc(o.value)}" maxlength="${o.max}" required ${attrs} aria-describedby="${described}"${o.error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="${o.id}-hint">${esc(o.hint)}</p>
${o.error ? `<p class="error" id="${o.id}-err">${esc(o.error)}</p>` : ''}`;
}

/** The creditor as the mandate names it. */
function creditorHtml(c: MandateStudio) {
  const place = [c.postal_code, c.city, c.province ? `(${c.province.toUpperCase()})` : null].filter(Boolean).join(' ');
  // a letterhead's address often has its postal code and city already
  const address =
    c.address && c.postal_code && c.address.includes(c.postal_code)
      ? c.address
      : [c.address, place].filter(Boolean).join(', ');
  return `<h3>Il creditore</h3>
<dl class="data">
<dt>Creditore</dt><dd>${esc(c.name)}</dd>
<dt>Codice identificativo del creditore (CID)</dt><dd>${esc(c.sdd_creditor_id)}</dd>
${address ? `<dt>Indirizzo</dt><dd>${esc(address)}</dd>` : ''}
</dl>`;
}

function formHtml(ctx: PortalCtx, s: MandateState, creditor: MandateStudio, form: MandateForm, e: MandateErrors) {
  const active = s.customer.active;
  const name = creditor.name ?? ctx.viewer.studioName;
  return `<section aria-labelledby="firma"><h2 id="firma">${active ? 'Cambia il conto di addebito' : 'Firma il mandato'}</h2>
${active ? `<p>Con un nuovo mandato il mandato attivo (${esc(active.reference)}) è revocato: i prossimi addebiti andranno sul conto che indica qui.</p>` : `<p>Con il mandato autorizza ${esc(name)} ad addebitare sul suo conto, alle scadenze, quanto dovuto allo studio (addebito diretto SEPA).</p>`}
<form method="post" action="${BASE}" novalidate>
<input type="hidden" name="csrf" value="${esc(ctx.viewer.csrf)}">
<h3>Il conto da addebitare</h3>
${field({ id: 'intestatario', label: 'Intestatario del conto', value: form.holder, max: holderMax(), hint: 'Il nome del titolare del conto, come lo conosce la banca.', error: e.holder }, 'autocomplete="name"')}
${field({ id: 'iban', label: 'IBAN', value: form.iban ? ibanText(form.iban) : '', max: 50, hint: 'Lo trova sull’estratto conto o nell’app della banca; gli spazi non contano.', error: e.iban }, 'autocomplete="off" autocapitalize="characters" spellcheck="false"')}
${creditorHtml(creditor)}
<h3>Autorizzazione</h3>
<p class="auth">${esc(mandateAuthorisation(name, 'CORE'))}</p>
<p class="hint">${esc(mandateNote('CORE'))} Schema SDD CORE, pagamento ricorrente.</p>
<div class="check"><input type="checkbox" id="autorizzo" name="autorizzo" value="1" required${form.authorized ? ' checked' : ''}${e.authorize ? ' aria-invalid="true" aria-describedby="autorizzo-err"' : ''}><label for="autorizzo">Autorizzo ${esc(name)} a chiedere alla mia banca l’addebito del conto indicato e la mia banca a eseguirlo, secondo il mandato qui sopra</label></div>
${e.authorize ? `<p class="error" id="autorizzo-err">${esc(e.authorize)}</p>` : ''}
${field({ id: 'firmatario', label: 'Nome e cognome di chi firma', value: form.signer, max: SIGNER_MAX, hint: 'Con la firma registriamo il nome indicato, il suo indirizzo e-mail, la data e l’ora, l’indirizzo IP e il browser; il PDF del mandato firmato resta su questa pagina.', error: e.signer }, 'autocomplete="name"')}
<div class="stack"><button type="submit">Firma il mandato</button></div>
</form>
</section>`;
}

/** The form as it first shows: the customer as the holder, the person's name (when the studio wrote one) as the signer. */
const blankForm = (ctx: PortalCtx, s: MandateState): MandateForm => ({
  holder: s.customer.form.business_name,
  iban: '',
  signer: ctx.personName !== ctx.email ? ctx.personName : '',
  authorized: false,
});

function mandatePage(
  ctx: PortalCtx,
  s: MandateState,
  o: { form?: MandateForm; errors?: MandateErrors; notice?: Notice | null } = {},
) {
  if (!s.sdd)
    return insidePage(
      ctx.viewer,
      'Mandato SEPA',
      `<p>${esc(M.notSdd)}</p>\n<p><a class="button secondary" href="${PORTAL_PATH}/pagamenti">Vai a «Da pagare»</a></p>`,
      o.notice,
      false,
      CSS,
    );
  const e = o.errors ?? {};
  const notice: Notice | null = Object.keys(e).length
    ? { kind: 'bad', text: 'Controlli i dati indicati: il mandato non è ancora firmato.' }
    : (o.notice ?? null);
  const active = s.customer.active
    ? activeHtml(s.customer.active)
    : '<p>Non c’è ancora un mandato attivo: lo firmi qui sotto perché lo studio possa addebitare i suoi pagamenti sul conto.</p>';
  const sign = s.creditor
    ? formHtml(ctx, s, s.creditor, o.form ?? blankForm(ctx, s), e)
    : `<section class="notice"><p>${esc(M.noCreditor)}</p><p><a href="${PORTAL_PATH}/messaggi">Scrivi allo studio</a></p></section>`;
  return insidePage(ctx.viewer, 'Mandato SEPA', `${active}\n${sign}`, notice, false, CSS);
}

export async function mandatePageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get(BASE, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const s = await mandateState(deps, ctx);
    const notice: Notice | null = queryOf(req).firmato === '1' && s.sdd ? { kind: 'ok', text: M.signed } : null;
    return sendHtml(reply, 200, mandatePage(ctx, s, { notice }));
  });

  scope.post(BASE, { config: config(20) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const outcome = await signMandate(deps, ctx, formOf(req), client(req));
    if (outcome.kind === 'signed') return redirect(reply, `${BASE}?firmato=1`);
    const s = await mandateState(deps, ctx);
    if (outcome.kind === 'invalid')
      return sendHtml(reply, 422, mandatePage(ctx, s, { form: outcome.form, errors: outcome.errors }));
    // not collected by SDD (the page says so), or no creditor identifier: nothing written
    const notice: Notice = { kind: 'bad', text: 'Il mandato non è stato firmato.' };
    return sendHtml(reply, outcome.kind === 'notSdd' ? 403 : 409, mandatePage(ctx, s, { notice }));
  });

  scope.get<{ Params: { file: string } }>(`${BASE}/:file`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const m = /^(\d{1,9})\.pdf$/.exec(req.params.file);
    if (!m) throw notFound();
    const sig = await areaSignature(deps, ctx, Number(m[1]));
    await recordOpening(deps.exec, ctx, 'mandato', sig.id);
    return reply
      .header('Content-Disposition', attachment(signedFileName(sig.reference)))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type('application/pdf')
      .send(sig.pdf);
  });
}
