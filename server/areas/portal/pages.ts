/**
 * The pages of the customers' own area (issue 50), rendered on the server as complete HTML
 * documents — phone first: one column, targets at least 44 px high, 16 px text (no zoom on focus),
 * landmarks, headings and labelled fields for screen readers, Italian, every value escaped — in
 * the frame of the customers' pages (server/render/publicPage.ts). A page is usable with no script
 * at all (its forms post to the area); the first screen comes in one response, styles inline, so
 * that it shows within a second on a slow mobile network (bench/portal).
 */
import { esc } from '../../render/frame.js';
import { publicPageHtml } from '../../render/publicPage.js';
import { PORTAL_PATH, SESSION_IDLE_MINUTES } from '../../../model/portal.js';
import { AREA_SCRIPT_PATH } from './areaScript.js';

/** The Content-Security-Policy of the area's pages: inline styles, data: images, forms to the area itself. */
export const PORTAL_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// Colours (on white unless noted), all above WCAG AA's 4.5:1: text #1f2328, brand #1a3d6d, muted
// #4b5563, links #174ea6, errors #b3261e, success #1e6b34.
const STYLE = `
.wrap{max-width:40rem;margin:0 auto;padding:0 1rem}
header .wrap{justify-content:space-between;flex-wrap:wrap}
.who{font-size:.95rem;color:#4b5563;margin:0;overflow-wrap:anywhere}
nav ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.tiles a,.button,button{display:flex;align-items:center;justify-content:center;min-height:48px;font:inherit;font-weight:700;border-radius:8px;text-decoration:none;cursor:pointer}
.tiles a{justify-content:space-between;background:#fff;border:1px solid #d5dbe3;color:#1a3d6d;padding:.75rem 1rem}
.tiles a:hover{border-color:#1a3d6d}
.badge{background:#1a3d6d;color:#fff;border-radius:999px;padding:.1rem .6rem;font-size:.9rem;min-width:1.6rem;text-align:center}
.badge.late{background:#b3261e}
button,.button{color:#fff;background:#1a3d6d;border:0;padding:.75rem 1.25rem;width:100%}
button.secondary,.button.secondary{background:#fff;color:#1a3d6d;border:2px solid #1a3d6d}
button.link{background:none;border:0;color:#174ea6;text-decoration:underline;font-weight:400;width:auto;min-height:44px;padding:0}
form{margin:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=email],input[type=password],input[type=text],textarea,select{width:100%;font:inherit;font-size:16px;padding:.7rem .75rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#1f2328;min-height:48px}
input:focus,textarea:focus,select:focus,button:focus,a:focus{outline:3px solid #174ea6;outline-offset:2px}
.hint{color:#4b5563;font-size:.9rem;margin:.25rem 0 0}
.error{color:#b3261e;font-weight:600;margin:.35rem 0 0}
[aria-invalid=true]{border-color:#b3261e!important}
.notice{border-left:4px solid #1a3d6d;background:#eef3f9}
.notice.ok{border-color:#1e6b34;background:#edf7ef}
.notice.bad{border-color:#b3261e;background:#fdf0ef}
.stack{display:grid;gap:.75rem;margin-top:1rem}
.areas li form button{justify-content:flex-start;text-align:left;background:#fff;color:#1a3d6d;border:1px solid #d5dbe3;padding:.75rem 1rem}
.areas small{display:block;font-weight:400;color:#4b5563}
.bar{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center;justify-content:space-between;margin:0 0 1rem}
.bar form{flex:none;margin-left:auto}
.bar a{display:inline-flex;align-items:center;min-height:44px;padding:0 .25rem}
button.link{padding:0 .5rem}
.files li a{display:inline-block;padding:.55rem 0;min-height:44px}
.list{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.5rem}
.list a{display:block;background:#fff;border:1px solid #d5dbe3;border-radius:8px;padding:.75rem 1rem;text-decoration:none;color:#1f2328;min-height:48px}
.list a strong{color:#1a3d6d}
.list small,.files small{display:block;color:#4b5563;font-size:.9rem}
.late-text{color:#b3261e;font-weight:700}
.lead{background:#eef3f9;border-color:#1a3d6d}
.message{white-space:pre-line}
.item h2{margin-bottom:.25rem}
.state{display:inline-block;font-weight:700;font-size:.9rem;border-radius:999px;padding:.15rem .7rem;margin:0 0 .5rem;background:#eef3f9;color:#1a3d6d}
.s-accettato{background:#edf7ef;color:#1e6b34}
.s-da_rifare{background:#fdf0ef;color:#b3261e}
.reason{border-left:4px solid #b3261e;padding-left:.6rem}
.files{list-style:none;margin:.5rem 0;padding:0}
.files li{padding:.4rem 0;border-bottom:1px solid #e3e7ed;overflow-wrap:anywhere}
.files .rejected a{color:#4b5563;text-decoration:line-through}
input[type=file]{display:block;width:100%;font:inherit;padding:.6rem;border:1px dashed #6b7280;border-radius:6px;background:#fff;min-height:48px}
details{margin-top:1rem}
summary{cursor:pointer;min-height:44px;display:flex;align-items:center;color:#174ea6;font-weight:600}
progress{width:100%;height:1.25rem}
.upload-status:empty{display:none}
`;

/** A flash message above a page's content. */
export interface Notice {
  kind: 'ok' | 'bad' | 'info';
  text: string;
}

const noticeHtml = (n: Notice | null | undefined) =>
  n
    ? `<section class="notice${n.kind === 'info' ? '' : ` ${n.kind}`}" role="${n.kind === 'bad' ? 'alert' : 'status'}"><p>${esc(n.text)}</p></section>`
    : '';

/** Who is in the area, for its header. */
export interface PortalViewer {
  studioName: string;
  customerName: string;
  email: string;
  csrf: string;
}

const plainHeader = (studioName: string | null) =>
  `<header><div class="wrap"><p class="studio">${esc(studioName ?? 'Area clienti')}</p></div></header>\n`;

const viewerHeader = (v: PortalViewer) =>
  `<header><div class="wrap"><p class="studio">${esc(v.studioName)}</p><p class="who">${esc(v.customerName)}</p></div></header>\n`;

const footer = (v?: PortalViewer) =>
  v
    ? `<p>Accesso come ${esc(v.email)}. La sessione termina dopo ${SESSION_IDLE_MINUTES} minuti senza attività.</p>`
    : '<p>Area clienti riservata ai clienti dello studio.</p>';

/** A page of someone not logged in (login, link, errors). */
export function outsidePage(title: string, main: string, notice?: Notice | null, studioName: string | null = null) {
  return publicPageHtml(
    `${title} - Area clienti`,
    plainHeader(studioName),
    `<h1>${esc(title)}</h1>\n${noticeHtml(notice)}\n${main}`,
    footer(),
    STYLE,
  );
}

/** A page of the area, with the person's header and the way home and out. */
export function insidePage(
  v: PortalViewer,
  title: string,
  main: string,
  notice?: Notice | null,
  home = false,
  css = '',
) {
  const bar = `<div class="bar">${home ? '' : `<a href="${PORTAL_PATH}">← Area clienti</a>`}<form method="post" action="${PORTAL_PATH}/esci"><input type="hidden" name="csrf" value="${esc(v.csrf)}"><button class="link" type="submit">Esci</button></form></div>`;
  return publicPageHtml(
    `${title} - Area clienti`,
    viewerHeader(v),
    `${bar}<h1>${esc(title)}</h1>\n${noticeHtml(notice)}\n${main}`,
    footer(v),
    STYLE + css,
    AREA_SCRIPT_PATH,
  );
}

const emailField = (id: string, value = '', error?: string) =>
  `<label for="${id}">Indirizzo e-mail</label>
<input type="email" id="${id}" name="email" autocomplete="email" inputmode="email" required maxlength="254" value="${esc(value)}"${error ? ` aria-invalid="true" aria-describedby="${id}-err"` : ''}>
${error ? `<p class="error" id="${id}-err">${esc(error)}</p>` : ''}`;

/** The login page: a link by e-mail, or the password chosen. */
export function loginPage(o: {
  notice?: Notice | null;
  email?: string;
  errors?: { link?: string; password?: string };
}) {
  const e = o.errors ?? {};
  return outsidePage(
    "Accesso all'area clienti",
    `<section aria-labelledby="link-h">
<h2 id="link-h">Ricevi un link di accesso</h2>
<p class="muted">Le inviamo per e-mail un link che vale 30 minuti, per un solo accesso.</p>
<form method="post" action="${PORTAL_PATH}/accedi" novalidate>
${emailField('link-email', o.email, e.link)}
<div class="stack"><button type="submit">Inviami il link</button></div>
</form>
</section>
<section aria-labelledby="pw-h">
<h2 id="pw-h">Oppure con la password</h2>
<form method="post" action="${PORTAL_PATH}/accedi/password" novalidate>
${emailField('pw-email', o.email)}
<label for="pw">Password</label>
<input type="password" id="pw" name="password" autocomplete="current-password" required maxlength="128"${e.password ? ' aria-invalid="true" aria-describedby="pw-err"' : ''}>
${e.password ? `<p class="error" id="pw-err">${esc(e.password)}</p>` : ''}
<p class="hint">La password si sceglie dall'area clienti, dopo il primo accesso con il link.</p>
<div class="stack"><button type="submit" class="secondary">Accedi</button></div>
</form>
</section>`,
    o.notice,
  );
}

/** The page a link opens: a button spends it (a GET never does: mail scanners open links). */
export function linkPage(secret: string, studioName: string | null) {
  return outsidePage(
    "Accesso all'area clienti",
    `<section>
<p>Per entrare nell'area clienti${studioName ? ` di ${esc(studioName)}` : ''} prema il pulsante. Il link vale per un solo accesso.</p>
<form method="post" action="${PORTAL_PATH}/link/${esc(secret)}">
<div class="stack"><button type="submit">Entra nell'area clienti</button></div>
</form>
</section>`,
    null,
    studioName,
  );
}

/** A link that cannot be used (invalid, used, expired) or an access no longer active. */
export function linkProblemPage(message: string) {
  return outsidePage(
    'Link non utilizzabile',
    `<section>
<p><a class="button" href="${PORTAL_PATH}/accedi">Chiedi un nuovo link di accesso</a></p>
</section>`,
    { kind: 'bad', text: message },
  );
}

/** The areas a person of several customers chooses from. */
export function choosePage(
  areas: Array<{ id: number; customerName: string; studioName: string }>,
  csrf: string,
  email: string,
) {
  const items = areas
    .map(
      (a) => `<li><form method="post" action="${PORTAL_PATH}/scegli">
<input type="hidden" name="csrf" value="${esc(csrf)}"><input type="hidden" name="access" value="${a.id}">
<button type="submit">${esc(a.customerName)}<small>${esc(a.studioName)}</small></button></form></li>`,
    )
    .join('\n');
  return publicPageHtml(
    'Scegli il cliente - Area clienti',
    plainHeader(null),
    `<h1>Scegli il cliente</h1>
<p>Il suo indirizzo ${esc(email)} ha accesso all'area clienti di più clienti: scelga con quale entrare.</p>
<nav aria-label="Clienti"><ul class="areas">${items}</ul></nav>
<form method="post" action="${PORTAL_PATH}/esci"><input type="hidden" name="csrf" value="${esc(csrf)}"><div class="stack"><button class="secondary" type="submit">Esci</button></div></form>`,
    footer(),
    STYLE,
  );
}

/** A tile of the home page: a section of the area, with a count when it has one. */
export interface Tile {
  href: string;
  label: string;
  count?: number;
  late?: boolean;
  /** what the count means, for screen readers */
  countLabel?: string;
}

export function homePage(v: PortalViewer, tiles: Tile[], notice?: Notice | null) {
  const list = tiles
    .map(
      (t) =>
        `<li><a href="${esc(t.href)}"><span>${esc(t.label)}</span>${t.count ? `<span class="badge${t.late ? ' late' : ''}" aria-label="${esc(t.countLabel ?? String(t.count))}">${t.count}</span>` : ''}</a></li>`,
    )
    .join('\n');
  return insidePage(
    v,
    'Area clienti',
    `<p>Benvenuto nell'area clienti di ${esc(v.customerName)} presso ${esc(v.studioName)}.</p>
<nav aria-label="Sezioni dell'area clienti"><ul class="tiles">${list}</ul></nav>`,
    notice,
    true,
  );
}

/** The page to choose the password of the studio's area. */
export function passwordPage(v: PortalViewer, errors: { password?: string; confirm?: string } = {}, notice?: Notice) {
  const field = (id: string, name: string, label: string, error?: string, hint?: string) =>
    `<label for="${id}">${esc(label)}</label>
<input type="password" id="${id}" name="${name}" autocomplete="new-password" required minlength="8" maxlength="128"${error || hint ? ` aria-describedby="${[hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ')}"` : ''}${error ? ' aria-invalid="true"' : ''}>
${hint ? `<p class="hint" id="${id}-hint">${esc(hint)}</p>` : ''}${error ? `<p class="error" id="${id}-err">${esc(error)}</p>` : ''}`;
  return insidePage(
    v,
    'Password di accesso',
    `<section>
<p>Con una password potrà entrare nell'area clienti di ${esc(v.studioName)} senza chiedere ogni volta un link. Le altre sessioni aperte con il suo indirizzo si chiudono.</p>
<form method="post" action="${PORTAL_PATH}/password" novalidate>
<input type="hidden" name="csrf" value="${esc(v.csrf)}">
${field('np', 'password', 'Nuova password', errors.password, 'Almeno 8 caratteri; meglio una frase che solo lei conosce.')}
${field('np2', 'confirm', 'Ripeta la password', errors.confirm)}
<div class="stack"><button type="submit">Salva la password</button></div>
</form>
</section>`,
    notice,
  );
}
