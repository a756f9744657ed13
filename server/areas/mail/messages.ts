/**
 * The Italian e-mails that carry the studio's documents (C20, C31, C32): subject, plain text and
 * HTML (escaped), addressed to the customer and signed with the studio's name and contacts.
 */
import { esc, euro, ibanText } from '../../render/frame.js';
import { causaleOf, type BollettinoData } from '../documents/bollettino.js';
import { periodText, type AccountBalanceData } from '../accounts/statementDocument.js';
import type { ContractData } from '../documents/contract.js';
import type { StudioMailData } from './queries.js';

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** A letter: greeting, paragraphs, an optional table of details, the studio's signature. */
function letter(
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

/** C20: the payment notice of one customer. */
export function bollettinoMail(d: BollettinoData, studio: StudioMailData, studioName: string): MailText {
  return letter(
    studio,
    studioName,
    d.customer.business_name,
    `Avviso di pagamento: ${d.service.description}`,
    [`in allegato trova l'avviso di pagamento di ${euro(d.amount)} per ${d.service.description}.`],
    [
      ['Importo', euro(d.amount)],
      ['Causale', causaleOf(d)],
      ['IBAN', ibanText(d.iban)],
      ['Beneficiario', d.beneficiary],
    ],
    [
      "Può pagare con un bonifico con questi dati oppure inquadrando il codice QR dell'avviso con l'app della sua banca.",
    ],
  );
}

/** C31: the account statement of one customer for a period. */
export function accountBalanceMail(d: AccountBalanceData, studio: StudioMailData, studioName: string): MailText {
  const period = periodText(d.from, d.to);
  const b = d.balance;
  const closing =
    b.closing > 0
      ? `Il saldo a suo debito è di ${euro(b.closing)}.`
      : b.closing < 0
        ? `Il saldo a suo credito è di ${euro(-b.closing)}.`
        : 'Il conto risulta in pari.';
  return letter(
    studio,
    studioName,
    d.customer.business_name,
    `Estratto conto (${period})`,
    [
      d.from || d.to
        ? `in allegato l'estratto conto del periodo ${period}.`
        : "in allegato l'estratto conto con tutti i movimenti.",
    ],
    [
      ['Saldo iniziale', euro(b.opening)],
      ['Addebiti', euro(b.charges)],
      ['Incassi', euro(b.payments)],
      ['Saldo finale', euro(b.closing)],
    ],
    [closing, 'Per qualsiasi chiarimento restiamo a disposizione.'],
  );
}

/** C32: the engagement letter of one customer. */
export function contractMail(d: ContractData, studio: StudioMailData, studioName: string): MailText {
  const name = studio.name ?? studioName;
  return letter(
    studio,
    studioName,
    d.customer.business_name,
    `Lettera di incarico professionale - ${name}`,
    [`in allegato la lettera di incarico professionale con ${name}, con il compenso annuo di ${euro(d.fee.amount)}.`],
    [],
    ['La preghiamo di leggerla e di restituircene una copia firmata dal legale rappresentante.'],
  );
}

/** C36: a Word template filled for one customer. */
export function wordTemplateMail(
  title: string,
  customerName: string,
  studio: StudioMailData,
  studioName: string,
): MailText {
  return letter(
    studio,
    studioName,
    customerName,
    title,
    [`in allegato trova il documento «${title}» che lo studio ha preparato per lei.`],
    [],
    ['Per qualsiasi chiarimento può rispondere a questa email o contattarci ai recapiti qui sotto.'],
  );
}
