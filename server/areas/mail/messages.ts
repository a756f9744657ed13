/**
 * The Italian e-mail that carries a studio's document: subject, plain text and HTML (escaped),
 * addressed to the customer and signed with the studio's name and contacts. The areas that send a
 * document write its paragraphs (server/areas/documents/mails.ts, server/areas/wordTemplates/mail.ts).
 */
import { esc } from '../../render/frame.js';
import type { StudioMailData } from './queries.js';

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** A letter: greeting, paragraphs, an optional table of details, the studio's signature. */
export function letter(
  studio: StudioMailData,
  fallbackName: string,
  to: string,
  subject: string,
  paragraphs: string[],
  details: Array<[string, string]> = [],
  after: string[] = [],
): MailText {
  const name = studio.name ?? fallbackName;
  const contacts = [
    studio.address,
    [studio.tel && `Tel. ${studio.tel}`, studio.email].filter(Boolean).join(' · '),
    studio.website,
  ].filter(Boolean) as string[];
  const text = [
    `Gentile ${to},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    'Cordiali saluti',
    name,
    ...contacts,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${esc(s)}</p>`;
  const html =
    `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.45">' +
    p(`Gentile ${to},`) +
    paragraphs.map(p).join('') +
    (details.length
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${details.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#555">${esc(k)}</td><td style="padding:2px 0"><strong>${esc(v)}</strong></td></tr>`).join('')}</table>`
      : '') +
    after.map(p).join('') +
    `<p style="margin:16px 0 0">Cordiali saluti<br><strong>${esc(name)}</strong>${contacts.map((c) => `<br><span style="color:#555">${esc(c)}</span>`).join('')}</p>` +
    '</body></html>';
  return { subject, text, html };
}
