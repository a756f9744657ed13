/**
 * Payment notice (bollettino, seed A §5, PRODUCT.md §6): for one customer, the studio, the
 * customer, the service, the amount, the reason for payment (causale) and the IBAN to pay to (the
 * service's bank account, else the studio's) in clear text, plus the EPC069-12 QR code of the
 * same transfer. PDF (pdfmake) and HTML (Word opens it as `.doc`).
 */
import { epcQrDataUrl, epcQrPng } from './epcQr.js';
import type { CustomerAddress } from './queries.js';
import type { InvoicePayment } from '../../../model/collectionMethod.js';
import { displayDate, today } from '../../../model/dates.js';
import {
  addressee,
  dateColumn,
  esc,
  euro,
  ibanText,
  labelledValue,
  studioDocument,
  studioHtml,
  type StudioData,
} from '../../render/frame.js';

export interface BollettinoData {
  studio: StudioData;
  customer: CustomerAddress & { id: number; payment?: InvoicePayment | null };
  service: { description: string; cod: string | null };
  amount: number;
  /** the IBAN the customer pays to and whose it is */
  iban: string;
  beneficiary: string;
}

/** The reason for payment: the service and the customer (at most 140 characters, the SEPA limit). */
export const causaleOf = (d: Pick<BollettinoData, 'service' | 'customer'>) =>
  `${d.service.description} - ${d.customer.business_name}${d.customer.vat_id ? ` (P.IVA ${d.customer.vat_id})` : d.customer.fiscal_code ? ` (C.F. ${d.customer.fiscal_code})` : ''}`.slice(
    0,
    140,
  );

const customerLines = (c: BollettinoData['customer']) =>
  [
    c.address,
    [c.postal_code, c.city].filter(Boolean).join(' '),
    c.vat_id ? `P.IVA ${c.vat_id}` : null,
    c.fiscal_code ? `C.F. ${c.fiscal_code}` : null,
  ].filter(Boolean) as string[];

const TRANSFER =
  'Si prega di effettuare il pagamento tramite bonifico bancario indicando la causale riportata sopra. Grazie.';

/**
 * How the notice asks to pay, by the customer's way to pay (issue 47 item 5): a transfer; or, for a
 * customer collected by RiBa or SEPA direct debit, that the studio collects it itself at the due
 * date, the transfer's data being only for who prefers to pay before.
 */
export function howToPay(p: InvoicePayment | null | undefined): string {
  switch (p?.mode) {
    case 'MP12':
      return `L'importo sarà incassato con ricevuta bancaria (RiBa) presentata alla Vostra banca${p.abi && p.cab ? ` (ABI ${p.abi}, CAB ${p.cab})` : ''} alla scadenza: non occorre alcun bonifico. I dati del bonifico servono solo se preferite pagare prima della scadenza. Grazie.`;
    case 'MP19':
    case 'MP20':
    case 'MP21':
      return "L'importo sarà addebitato alla scadenza sul Vostro conto con addebito diretto SEPA (SDD), secondo il mandato sottoscritto: non occorre alcun bonifico. I dati del bonifico servono solo se preferite pagare prima della scadenza. Grazie.";
    default:
      return TRANSFER;
  }
}

const transferOf = (d: BollettinoData) => ({
  name: d.beneficiary,
  iban: d.iban,
  amount: d.amount,
  remittance: causaleOf(d),
});

/** The pdfmake document of one notice. */
export async function bollettinoPdfDoc(d: BollettinoData) {
  const qr = { image: await epcQrPng(transferOf(d)), width: 130, height: 130 };
  return studioDocument(d.studio, 'Avviso di pagamento', [
    {
      // the addressee on the right, as in a letter; the date on the left
      columns: [dateColumn(), addressee(d.customer.business_name, customerLines(d.customer))],
      margin: [0, 0, 0, 18],
    },
    { text: 'Avviso di pagamento', style: 'title' },
    {
      table: {
        widths: ['*', 150],
        body: [
          [
            {
              stack: [
                ...labelledValue('Servizio', d.service.description),
                ...labelledValue('Importo da pagare', euro(d.amount), 14),
                ...labelledValue('Causale', causaleOf(d)),
                ...labelledValue('Beneficiario', d.beneficiary),
                ...labelledValue('IBAN', ibanText(d.iban), 14),
              ],
              margin: [6, 4, 6, 4],
            },
            {
              stack: [
                { ...qr, alignment: 'center' },
                {
                  text: 'Inquadra il codice con l’app della tua banca per compilare il bonifico',
                  fontSize: 7,
                  color: '#555555',
                  alignment: 'center',
                  margin: [0, 4, 0, 0],
                },
              ],
              margin: [4, 8, 4, 4],
            },
          ],
        ],
      },
      layout: 'studioBox',
    },
    {
      text: howToPay(d.customer.payment),
      margin: [0, 16, 0, 0],
      color: '#333333',
    },
  ]);
}

/** The HTML variant of one notice (every value escaped; the QR code as an embedded image). */
export async function bollettinoHtml(d: BollettinoData) {
  const qr = await epcQrDataUrl(transferOf(d));
  const line = (label: string, value: string, big = false) =>
    `<tr><th style="width:140px">${esc(label)}</th><td${big ? ' style="font-size:14pt;font-weight:bold"' : ''}>${esc(value)}</td></tr>`;
  const body = `<p style="text-align:right">Data: ${esc(displayDate(today()))}</p>
<h1>Avviso di pagamento</h1>
<p>Spett.le<br><strong>${esc(d.customer.business_name)}</strong>${customerLines(d.customer)
    .map((l) => `<br>${esc(l)}`)
    .join('')}</p>
<table style="border:1px solid #1a3d6d;width:100%"><tr><td><table>
${line('Servizio', d.service.description)}${line('Importo da pagare', euro(d.amount), true)}${line('Causale', causaleOf(d))}${line('Beneficiario', d.beneficiary)}${line('IBAN', ibanText(d.iban), true)}
</table></td><td style="width:160px;text-align:center"><img src="${qr}" alt="Codice QR del bonifico" width="140" height="140"><div class="muted">Inquadra il codice con l’app della tua banca per compilare il bonifico</div></td></tr></table>
<p>${esc(howToPay(d.customer.payment))}</p>`;
  return studioHtml(d.studio, 'Avviso di pagamento', body);
}
