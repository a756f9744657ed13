/**
 * The payment reminder (sollecito, issue 30), as pure rendering: the letter's PDF (the customer,
 * the date, the subject, the studio's text, the overdue items, the payment notice with the EPC QR
 * code of the transfer, the link to the customer's page), the e-mail that carries it, and the
 * placeholders of the reminder texts. No database access and no I/O: the service gathers the data.
 */
import { epcQrPng, type CustomerAddress } from '../documents/index.js';
import { REMINDER_KEYS } from '../wordTemplates/index.js';
import { displayDate } from '../../../model/dates.js';
import { toCents } from '../../../model/money.js';
import { formatAmount, formatEuro } from '../../../model/types.js';
import { addressee, esc, euro, ibanText, studioDocument, tableHead, type StudioData } from '../../render/frame.js';

/** One overdue open item of the customer. */
export interface ReminderItem {
  /** due date, YYYY-MM-DD */
  due: string;
  description: string;
  invoice: string | null;
  amount: number;
  /** what is left to pay of it */
  open: number;
  days_overdue: number;
}

export interface ReminderDocData {
  /** the studio (logo: a data URL or null); `city`, when given, opens the date line ('Milano, 15-03-2026') */
  studio: StudioData & { city?: string | null };
  customer: CustomerAddress;
  /** 1..3 */
  level: number;
  /** the letter's date, YYYY-MM-DD */
  day: string;
  /** already filled */
  subject: string;
  /** the letter's body, already filled: plain text, paragraphs separated by blank lines */
  text: string;
  /** the overdue open items */
  items: ReminderItem[];
  /** total overdue (the sum of the items' open) */
  total: number;
  /** where to pay; null: no payment box, a sentence asking to contact the studio */
  iban: string | null;
  beneficiary: string;
  /** the reason for payment (causale), at most 140 characters */
  remittance: string;
  /** the customer's page */
  link: string | null;
}

// ---------------------------------------------------------------------------------------------
// Placeholders

/** The placeholders the reminder texts may use beyond the Word templates' (declared with them). */
export { REMINDER_KEYS };

/** A `{key}` placeholder. */
const KEY = /\{([a-z_][a-z0-9_]*)\}/gi;
/** How much of a template unknownKeys reads. */
const SCAN_LIMIT = 20_000;

/**
 * `template` with each `{key}` that is an own key of `values` replaced by its value, in one pass:
 * an unknown key is left as written, a value is never read again (a value holding `{x}` stays as
 * it is), nothing is evaluated, and nothing comes from the prototype (`{constructor}` stays).
 */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(KEY, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key] ?? '') : whole,
  );
}

/** The `{key}` names of `template` (its first 20,000 characters) that are not in `known`, once each. */
export function unknownKeys(template: string, known: Set<string>): string[] {
  const out = new Set<string>();
  for (const m of template.slice(0, SCAN_LIMIT).matchAll(KEY)) if (!known.has(m[1]!)) out.add(m[1]!);
  return [...out];
}

/** the oldest due date of the items, or null */
const oldestDue = (items: ReminderItem[]) =>
  items.reduce<string | null>((min, i) => (min === null || i.due < min ? i.due : min), null);

/** The values of the REMINDER_KEYS for one reminder, in Italian formats. */
export function reminderValues(d: Omit<ReminderDocData, 'subject' | 'text'>, level: number): Record<string, string> {
  const oldest = oldestDue(d.items);
  return {
    sollecito_livello: String(level),
    sollecito_partite: d.items
      .map(
        (i) =>
          `${displayDate(i.due)}  ${i.description}${i.invoice ? ` (fattura ${i.invoice})` : ''}  ${formatEuro(i.open)}`,
      )
      .join('\n'),
    sollecito_totale: formatAmount(d.total),
    sollecito_iban: ibanText(d.iban),
    sollecito_causale: d.remittance,
    sollecito_link: d.link ?? '',
    sollecito_scaduto_dal: oldest ? displayDate(oldest) : '',
  };
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** the text's paragraphs (blank lines between them), line breaks inside one kept */
const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');

/** whether a payment can be asked with a transfer and its QR code (the EPC range: 0,01 to 999.999.999,99) */
const payable = (d: Pick<ReminderDocData, 'iban' | 'total'>): d is { iban: string; total: number } => {
  const cents = toCents(d.total);
  return !!d.iban && cents >= 1 && cents <= 99_999_999_999;
};

/** only a web address becomes a link */
const webLink = (link: string | null): link is string => !!link && /^https?:\/\/\S+$/i.test(link);

const customerLines = (c: ReminderDocData['customer']) =>
  [
    c.address,
    [c.postal_code, c.city].filter(Boolean).join(' '),
    c.vat_id ? `P.IVA ${c.vat_id}` : null,
    c.fiscal_code && c.fiscal_code !== c.vat_id ? `C.F. ${c.fiscal_code}` : null,
  ].filter(Boolean) as string[];

const NO_IBAN = 'Per concordare le modalità di pagamento vi preghiamo di contattare lo studio.';
const QR_HINT = 'Inquadra il codice con l’app della tua banca per compilare il bonifico';
const LINK_LABEL = 'Consulta la tua situazione aggiornata:';

// ---------------------------------------------------------------------------------------------
// PDF

/** The pdfmake document of one reminder (attached to its e-mail as 'Sollecito.pdf'). */
export async function reminderPdfDoc(d: ReminderDocData): Promise<Record<string, unknown>> {
  const right = { alignment: 'right' };
  const head = tableHead;
  const items = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [58, '*', 70, 62, 62, 48],
      body: [
        [
          head('Scadenza'),
          head('Descrizione'),
          head('Fattura'),
          head('Importo', 'right'),
          head('Residuo', 'right'),
          head('Giorni di ritardo', 'right'),
        ],
        ...d.items.map((i) => [
          displayDate(i.due),
          i.description,
          i.invoice ?? '',
          { text: euro(i.amount), ...right },
          { text: euro(i.open), ...right },
          { text: String(i.days_overdue), ...right },
        ]),
        [
          { text: 'Totale scaduto', bold: true, colSpan: 4 },
          '',
          '',
          '',
          { text: euro(d.total), bold: true, ...right },
          '',
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 6, 0, 14],
  };

  const row = (label: string, value: string, big = false) => [
    { text: label, style: 'label', margin: [0, 3, 0, 0] },
    { text: value, fontSize: big ? 14 : 10, bold: big, margin: [0, 1, 0, 3] },
  ];
  const payment = payable(d)
    ? {
        unbreakable: true,
        stack: [
          { text: 'Avviso di pagamento', fontSize: 12, bold: true, color: '#1a3d6d', margin: [0, 0, 0, 6] },
          {
            table: {
              widths: ['*', 150],
              body: [
                [
                  {
                    stack: [
                      ...row('Importo', euro(d.total), true),
                      ...row('Beneficiario', d.beneficiary),
                      ...row('IBAN', ibanText(d.iban), true),
                      ...row('Causale', d.remittance),
                    ],
                    margin: [6, 4, 6, 4],
                  },
                  {
                    stack: [
                      {
                        image: await epcQrPng({
                          name: d.beneficiary,
                          iban: d.iban,
                          amount: d.total,
                          remittance: d.remittance,
                        }),
                        width: 130,
                        height: 130,
                        alignment: 'center',
                      },
                      { text: QR_HINT, fontSize: 7, color: '#555555', alignment: 'center', margin: [0, 4, 0, 0] },
                    ],
                    margin: [4, 8, 4, 4],
                  },
                ],
              ],
            },
            layout: 'studioBox',
          },
        ],
      }
    : !d.iban && toCents(d.total) > 0
      ? { text: NO_IBAN, margin: [0, 4, 0, 0] }
      : null;

  const place = d.studio.city?.trim();
  return studioDocument(d.studio, 'Sollecito di pagamento', [
    {
      // the addressee on the right, as in a letter
      columns: [{ width: '*', text: '' }, addressee(d.customer.business_name, customerLines(d.customer))],
      margin: [0, 0, 0, 18],
    },
    { text: `${place ? `${place}, ` : ''}${displayDate(d.day)}`, margin: [0, 0, 0, 12] },
    { text: d.subject, bold: true, fontSize: 11, margin: [0, 0, 0, 10] },
    ...paragraphsOf(d.text).map((p) => ({ text: p, margin: [0, 0, 0, 8], lineHeight: 1.15 })),
    ...(d.items.length ? [items] : []),
    ...(payment ? [payment] : []),
    ...(d.link
      ? [
          {
            text: [
              `${LINK_LABEL} `,
              webLink(d.link)
                ? { text: d.link, link: d.link, color: '#1a3d6d', decoration: 'underline' }
                : { text: d.link },
            ],
            margin: [0, 14, 0, 0],
          },
        ]
      : []),
  ]);
}

// ---------------------------------------------------------------------------------------------
// E-mail

/** The studio's signature of the e-mail. */
export interface ReminderMailStudio {
  name: string | null;
  address: string | null;
  tel: string | null;
  email: string | null;
  website: string | null;
}

/**
 * The reminder's e-mail: the letter's text, the total, how to pay (IBAN, causale) and the link to
 * the customer's page on a line of its own, signed with the studio's name and contacts. The HTML
 * variant escapes every value; the link is an <a> only when it is a web address.
 */
export function reminderMailText(
  d: ReminderDocData,
  studioMail: ReminderMailStudio,
): { subject: string; text: string; html: string } {
  const name = studioMail.name ?? d.studio.name ?? '';
  const contacts = [
    studioMail.address,
    [studioMail.tel && `Tel. ${studioMail.tel}`, studioMail.email].filter(Boolean).join(' · '),
    studioMail.website,
  ].filter(Boolean) as string[];
  const paragraphs = paragraphsOf(d.text);
  const due = toCents(d.total) > 0;
  const details: Array<[string, string]> = due
    ? [
        ['Totale scaduto', euro(d.total)],
        ...(d.iban
          ? ([
              ['IBAN', ibanText(d.iban)],
              ['Beneficiario', d.beneficiary],
              ['Causale', d.remittance],
            ] as Array<[string, string]>)
          : []),
      ]
    : [];
  const after = [
    ...(due && !d.iban ? [NO_IBAN] : []),
    ...(payable(d)
      ? [
          "In allegato il sollecito con il dettaglio delle partite scadute e il codice QR per pagare con l'app della banca.",
        ]
      : ['In allegato il sollecito con il dettaglio delle partite scadute.']),
  ];

  // the level's text may carry the link itself ({sollecito_link}): then it is not repeated below
  const linkInText = !!d.link && d.text.includes(d.link);
  const anchor = (l: string) => `<a href="${esc(l)}" style="color:#1a3d6d">${esc(l)}</a>`;
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...(details.length ? [...details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(d.link && !linkInText ? [LINK_LABEL, d.link, ''] : []),
    ...after.flatMap((p) => [p, '']),
    name,
    ...contacts,
  ].join('\n');

  const p = (s: string) =>
    `<p style="margin:0 0 12px">${s
      .split('\n')
      .map((l) => (linkInText && webLink(d.link) ? esc(l).split(esc(d.link)).join(anchor(d.link)) : esc(l)))
      .join('<br>')}</p>`;
  const link =
    d.link && !linkInText
      ? `<p style="margin:0 0 12px">${esc(LINK_LABEL)}<br>${webLink(d.link) ? anchor(d.link) : esc(d.link)}</p>`
      : '';
  const html =
    `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>${esc(d.subject)}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.45">' +
    paragraphs.map(p).join('') +
    (details.length
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${details
          .map(
            ([k, v]) =>
              `<tr><td style="padding:2px 12px 2px 0;color:#555">${esc(k)}</td><td style="padding:2px 0"><strong>${esc(v)}</strong></td></tr>`,
          )
          .join('')}</table>`
      : '') +
    link +
    after.map(p).join('') +
    `<p style="margin:16px 0 0"><strong>${esc(name)}</strong>${contacts
      .map((c) => `<br><span style="color:#555">${esc(c)}</span>`)
      .join('')}</p>` +
    '</body></html>';
  return { subject: d.subject, text, html };
}
