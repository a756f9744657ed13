/**
 * The frame of the pages a customer opens from a signed link, outside the app (the reminders'
 * statement page, the engagement letter's page): one complete HTML document rendered on the server —
 * no JavaScript, styles inline (the pages' CSP allows nothing else), readable on a phone 390 px wide,
 * landmarks and headings for screen readers, every value escaped — with the studio's header and its
 * contacts. Each page adds its own CSS (its width, its blocks) after the frame's.
 */
import { esc, type StudioData } from './frame.js';

export type PublicPageStudio = StudioData & { pec?: string | null };

// Colours (on white unless noted), all above WCAG AA's 4.5:1: text #1f2328 (15.8), brand #1a3d6d
// (11.2; 9.9 on #eef3f9), muted #4b5563 (7.6; 6.9 on #f6f8fb), links #174ea6 (8.0).
const FRAME_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#f6f8fb;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#fff;border-bottom:3px solid #1a3d6d}
header .wrap{display:flex;align-items:center;gap:.75rem;padding-top:.75rem;padding-bottom:.75rem}
header img{max-height:48px;max-width:120px;height:auto;width:auto}
.studio{margin:0;font-size:1.1rem;font-weight:700;color:#1a3d6d;overflow-wrap:anywhere}
main{padding:1.25rem 0 2rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:0 0 .75rem;color:#1a3d6d}
section,.card{background:#fff;border:1px solid #d5dbe3;border-radius:8px;padding:1rem;margin:0 0 1rem}
.muted{color:#4b5563}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.5rem .35rem;text-align:left;vertical-align:top;border-bottom:1px solid #e3e7ed}
thead th{font-size:.85rem;color:#4b5563;border-bottom:2px solid #d5dbe3}
td.desc{overflow-wrap:anywhere;word-break:break-word}
.num{text-align:right;white-space:nowrap}
a{color:#174ea6}
address{font-style:normal}
address p{margin:.25rem 0}
footer{border-top:1px solid #d5dbe3;padding:1rem 0 2rem;font-size:.9rem;color:#4b5563}
footer p{margin:0}
`;

/** a logo a page may show inline: a PNG or JPEG data URL, nothing else */
const LOGO = /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=]+$/i;

/**
 * The complete document around a page's parts, with the frame's CSS and then the page's; `script`: the
 * address of a script of the site to run after the page is read (the customers' area; the other pages have none).
 */
export function publicPageHtml(
  title: string,
  header: string,
  main: string,
  footer: string,
  css: string,
  script?: string,
): string {
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style>${FRAME_CSS}${css}</style>
${script ? `<script src="${esc(script)}" defer></script>\n` : ''}</head>
<body>
${header}<main><div class="wrap">
${main}
</div></main>
<footer><div class="wrap">${footer}</div></footer>
</body>
</html>
`;
}

/** The studio's header: its logo (a PNG or JPEG data URL only) and its name. */
export function studioHeader(s: PublicPageStudio): string {
  const logo = s.logo && LOGO.test(s.logo) ? `<img src="${s.logo}" alt="${esc(s.name)}">` : '';
  return `<header><div class="wrap">${logo}<p class="studio">${esc(s.name)}</p></div></header>\n`;
}

/** a phone number as a tel: address (digits and a leading +) */
const telHref = (tel: string) => `tel:${tel.replace(/(?!^\+)[^\d]/g, '')}`;
/** a website as a link: as written when it has a scheme, else https:// in front; null when it is no web address */
const webHref = (site: string) => {
  const s = site.trim();
  if (/^https?:\/\/[^\s<>"']+$/i.test(s)) return s;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/[^\s<>"']*)?$/i.test(s)) return `https://${s}`;
  return null;
};
const mailHref = (mail: string) => (/^[^\s@<>"']+@[^\s@<>"']+$/.test(mail.trim()) ? `mailto:${mail.trim()}` : null);

/** 'Contatti dello studio': address, telephone, e-mail and, with `all`, PEC and website, each a link where it is one. */
export function studioContactsHtml(s: PublicPageStudio, all = true): string {
  const line = (label: string, value: string, href: string | null) =>
    `<p><span class="muted">${esc(label)}:</span> ${href ? `<a href="${esc(href)}">${esc(value)}</a>` : esc(value)}</p>`;
  const lines = [
    s.address ? `<p>${esc(s.address)}</p>` : '',
    s.tel_number ? line('Telefono', s.tel_number, /\d/.test(s.tel_number) ? telHref(s.tel_number) : null) : '',
    s.email ? line('Email', s.email, mailHref(s.email)) : '',
    all && s.pec ? line('PEC', s.pec, mailHref(s.pec)) : '',
    all && s.website ? line('Sito web', s.website, webHref(s.website)) : '',
  ].filter(Boolean);
  return `<section aria-labelledby="contatti">
<h2 id="contatti">Contatti dello studio</h2>
<address>
<p><strong>${esc(s.name)}</strong></p>
${lines.join('\n')}
</address>
</section>`;
}
