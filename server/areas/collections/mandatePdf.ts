/**
 * The SEPA Direct Debit mandate form a customer signs (issue 29), on the studio's letterhead: one
 * A4 page with what the EPC's mandate form requires — the title, the unique mandate reference,
 * the authorisation text, the debtor's name, address and IBAN (in groups of four), the
 * creditor's name, address and creditor identifier (CID), the type of payment (recurrent), place
 * and date of signature and the signature box.
 *
 * - CORE: the standard Italian authorisation, with the debtor's right to a refund within 8 weeks.
 * - B2B: the business-to-business wording: no refund after the debit, the right to have the bank
 *   refuse the debit up to the due date, and the debtor's duty to tell its bank about the mandate
 *   (a B2B debit is checked by the debtor's bank against the mandate before the first one).
 *
 * The date printed is the mandate's signature date, the one every debit file carries (DtOfSgntr):
 * the paper and the files say the same. The place is left blank for the debtor.
 */
import { displayDate } from '../../../model/dates.js';
import { badRequest } from '../../errors.js';
import { renderPdf } from '../../render/pdf.js';
import { ibanText, studioDocument, type StudioData } from '../../render/frame.js';

/** The studio as the creditor: its letterhead (StudioData) plus the address parts and the CID. */
export interface MandateStudio extends StudioData {
  postal_code: string | null;
  city: string | null;
  province: string | null;
  sdd_creditor_id: string | null;
}

export interface MandateData {
  /** the unique mandate reference (UMR) */
  reference: string;
  /** 'YYYY-MM-DD' */
  signature_date: string;
  scheme: 'CORE' | 'B2B';
  /** the debtor's IBAN */
  iban: string;
  /** the account holder when not the customer itself */
  debtor_name: string | null;
}

export interface MandateCustomer {
  business_name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  fiscal_code: string | null;
  vat_id: string | null;
}

/** The form's title: the Italian name and the EPC's English one. */
export const mandateTitle = (scheme: MandateData['scheme']) =>
  scheme === 'B2B'
    ? { it: 'Mandato per addebito diretto SEPA B2B', en: 'SEPA Business-to-Business Direct Debit Mandate' }
    : { it: 'Mandato per addebito diretto SEPA', en: 'SEPA Direct Debit Mandate' };

/** The authorisation the debtor signs, with the creditor's name, in the scheme's wording. */
export function mandateAuthorisation(creditor: string, scheme: MandateData['scheme']): string {
  const grant =
    `La sottoscrizione del presente mandato comporta l'autorizzazione a ${creditor} a richiedere alla banca del ` +
    `debitore l'addebito del suo conto e l'autorizzazione alla banca del debitore di procedere a tale addebito ` +
    `conformemente alle disposizioni impartite da ${creditor}.`;
  if (scheme === 'B2B') {
    return (
      `${grant} Il presente mandato è finalizzato esclusivamente a transazioni tra imprese (debitore non ` +
      `consumatore). Il debitore non ha diritto di ottenere il rimborso dalla propria banca dopo l'addebito in ` +
      `conto, ma ha diritto di chiedere alla propria banca di non effettuare l'addebito fino al giorno in cui il ` +
      `pagamento è dovuto.`
    );
  }
  return (
    `${grant} Il debitore ha diritto di essere rimborsato dalla propria banca secondo gli accordi ed alle ` +
    `condizioni che regolano il rapporto con quest'ultima; se del caso, il rimborso deve essere richiesto nel ` +
    `termine di 8 settimane a decorrere dalla data di addebito in conto.`
  );
}

/** The note at the foot of the form. */
export const mandateNote = (scheme: MandateData['scheme']) =>
  scheme === 'B2B'
    ? 'Il debitore si impegna a informare la propria banca della sottoscrizione del presente mandato, ' +
      'consegnandone copia o comunicandone gli estremi (riferimento del mandato e identificativo del creditore) ' +
      'prima del primo addebito: la banca del debitore verifica il mandato prima di addebitare il conto.'
    : 'I diritti del sottoscrittore del presente mandato sono indicati nella documentazione ottenibile dalla propria banca.';

const line = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');

/** one labelled value of a box; a blank line to fill by hand when the value is unknown */
const field = (label: string, value: string, big = false) => [
  { text: label, style: 'label', margin: [0, 3, 0, 0] },
  value
    ? { text: value, fontSize: big ? 12 : 10, bold: big, margin: [0, 1, 0, 3] }
    : { canvas: [{ type: 'line', x1: 0, y1: 14, x2: 220, y2: 14, lineWidth: 0.5 }], margin: [0, 0, 0, 3] },
];

const box = (title: string, stack: unknown[]) => ({
  table: {
    widths: ['*'],
    body: [
      [
        {
          stack: [{ text: title, bold: true, color: '#1a3d6d', margin: [0, 0, 0, 2] }, ...stack],
          margin: [6, 4, 6, 4],
        },
      ],
    ],
  },
  layout: 'studioBox',
});

/** a square to tick, ticked or not, and its text (drawn: table layouts cannot cross to the PDF worker) */
const choice = (checked: boolean, text: string) => ({
  width: 'auto',
  columns: [
    {
      width: 10,
      canvas: [
        { type: 'rect', x: 0, y: 1, w: 8, h: 8, lineWidth: 0.7 },
        ...(checked
          ? [
              { type: 'line', x1: 1.5, y1: 2.5, x2: 6.5, y2: 7.5, lineWidth: 1 },
              { type: 'line', x1: 1.5, y1: 7.5, x2: 6.5, y2: 2.5, lineWidth: 1 },
            ]
          : []),
      ],
    },
    { width: 'auto', text, margin: [3, 0, 18, 0] },
  ],
});

/** The pdfmake document of the mandate form. */
export function mandatePdfDoc(studio: MandateStudio, mandate: MandateData, customer: MandateCustomer) {
  const cid = (studio.sdd_creditor_id ?? '').replace(/\s+/g, '').toUpperCase();
  if (!cid) throw badRequest("Manca l'identificativo creditore SEPA (CID) nella scheda dello studio");
  const creditor = (studio.name ?? '').trim();
  if (!creditor) throw badRequest('Manca il nome dello studio');
  const title = mandateTitle(mandate.scheme);
  const debtor = (mandate.debtor_name ?? '').trim() || customer.business_name;
  const forCustomer = debtor !== customer.business_name ? customer.business_name : null;
  const taxId = line(
    customer.vat_id ? `P.IVA ${customer.vat_id}` : null,
    customer.fiscal_code && customer.fiscal_code !== customer.vat_id ? `C.F. ${customer.fiscal_code}` : null,
  );
  // the country is not stored: an Italian postal code (5 digits) says Italy, else it is filled by hand
  const debtorCountry = /^\d{5}$/.test(customer.postal_code ?? '') ? 'Italia' : '';
  return studioDocument(studio, title.it, [
    { text: title.it, style: 'title', margin: [0, 0, 0, 0] },
    { text: title.en, color: '#555555', margin: [0, 0, 0, 10] },
    {
      columns: [
        { width: '*', stack: field('Riferimento del mandato', mandate.reference, true) },
        { width: '*', stack: field('Schema', mandate.scheme === 'B2B' ? 'SDD B2B' : 'SDD CORE') },
      ],
      margin: [0, 0, 0, 8],
    },
    {
      text: mandateAuthorisation(creditor, mandate.scheme),
      lineHeight: 1.25,
      margin: [0, 0, 0, 10],
      alignment: 'justify',
    },
    box('Debitore', [
      ...field('Nome e cognome / Ragione sociale del debitore', debtor),
      ...(forCustomer ? field('Per conto di', forCustomer) : []),
      ...field('Indirizzo', line(customer.address)),
      ...field('CAP e località', line(customer.postal_code, customer.city)),
      ...field('Paese', debtorCountry),
      ...(taxId ? field('Partita IVA / Codice fiscale', taxId) : []),
      ...field('IBAN del conto da addebitare', ibanText(mandate.iban), true),
    ]),
    { text: '', margin: [0, 0, 0, 8] },
    box('Creditore', [
      ...field('Nome del creditore', creditor),
      ...field('Codice identificativo del creditore (CID)', cid, true),
      ...field('Indirizzo', line(studio.address)),
      ...field(
        'CAP e località',
        line(studio.postal_code, studio.city, studio.province ? `(${studio.province.toUpperCase()})` : null),
      ),
      ...field('Paese', 'Italia'),
    ]),
    {
      margin: [0, 10, 0, 0],
      stack: [
        { text: 'Tipo di pagamento', style: 'label', margin: [0, 0, 0, 3] },
        { columns: [choice(true, 'Ricorrente'), choice(false, 'Singolo (una tantum)')] },
      ],
    },
    {
      margin: [0, 12, 0, 0],
      columns: [
        {
          width: '*',
          stack: [
            { text: 'Luogo di sottoscrizione', style: 'label' },
            { canvas: [{ type: 'line', x1: 0, y1: 18, x2: 220, y2: 18, lineWidth: 0.5 }] },
            { text: 'Data di sottoscrizione', style: 'label', margin: [0, 8, 0, 0] },
            { text: displayDate(mandate.signature_date), fontSize: 10, margin: [0, 2, 0, 0] },
          ],
        },
        {
          width: 240,
          stack: [
            { text: 'Firma del debitore', style: 'label', margin: [0, 0, 0, 3] },
            {
              table: { widths: ['*'], heights: [60], body: [[{ text: '' }]] },
              layout: 'studioBox',
            },
          ],
        },
      ],
    },
    { text: mandateNote(mandate.scheme), fontSize: 8, color: '#444444', margin: [0, 12, 0, 4], alignment: 'justify' },
    { text: `Restituire il modulo firmato a ${creditor}.`, fontSize: 8, color: '#444444' },
  ]);
}

/** The PDF of the mandate form, ready to be signed. */
export async function mandatePdf(
  studio: MandateStudio,
  mandate: MandateData,
  customer: MandateCustomer,
): Promise<Buffer> {
  return renderPdf(mandatePdfDoc(studio, mandate, customer));
}
