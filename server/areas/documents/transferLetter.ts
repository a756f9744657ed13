/**
 * Bank-transfer letter (lettera di bonifico, PRODUCT.md §6): for one customer and an amount, the
 * customer's order to its bank to transfer the amount to the studio's IBAN with the reason,
 * ready to be signed by its legal representative.
 */
import type { DocCustomer } from './queries.js';
import { dateColumn, euro, ibanText, labelledValue, studioDocument, type StudioData } from '../../render/frame.js';

export interface TransferLetterData {
  studio: StudioData;
  customer: DocCustomer;
  representative: { name: string; fiscal_code: string | null } | null;
  amount: number;
}

export const transferReason = (d: Pick<TransferLetterData, 'customer' | 'studio'>) =>
  `Compensi professionali ${d.studio.name ?? ''} - ${d.customer.business_name}`.slice(0, 140);

export function transferLetterPdfDoc(d: TransferLetterData) {
  const c = d.customer;
  const who = d.representative
    ? `Il/La sottoscritto/a ${d.representative.name}${d.representative.fiscal_code ? ` (C.F. ${d.representative.fiscal_code})` : ''}, in qualità di legale rappresentante di ${c.business_name}`
    : `${c.business_name}`;
  return studioDocument(d.studio, 'Lettera di bonifico', [
    {
      columns: [
        dateColumn(),
        {
          width: 230,
          stack: [
            { text: 'Spett.le', style: 'label' },
            { text: 'Banca ______________________________', margin: [0, 4, 0, 0] },
            { text: 'Filiale di ____________________________', margin: [0, 8, 0, 0] },
          ],
        },
      ],
      margin: [0, 0, 0, 18],
    },
    { text: 'Oggetto: disposizione di bonifico', style: 'title' },
    {
      text: `${who}${c.vat_id ? `, P.IVA ${c.vat_id}` : c.fiscal_code ? `, C.F. ${c.fiscal_code}` : ''}, titolare del conto corrente IBAN ________________________________, chiede di disporre il seguente bonifico:`,
      margin: [0, 0, 0, 12],
      lineHeight: 1.3,
    },
    {
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: [
                ...labelledValue('Beneficiario', d.studio.name ?? ''),
                ...labelledValue('IBAN del beneficiario', ibanText(d.studio.iban), 13),
                ...labelledValue('Importo', euro(d.amount), 13),
                ...labelledValue('Causale', transferReason(d)),
              ],
              margin: [6, 4, 6, 4],
            },
          ],
        ],
      },
      layout: 'studioBox',
    },
    { text: 'Distinti saluti.', margin: [0, 18, 0, 40] },
    {
      columns: [
        { width: '*', text: '' },
        {
          width: 230,
          stack: [
            { text: 'Timbro e firma', style: 'label' },
            { canvas: [{ type: 'line', x1: 0, y1: 30, x2: 220, y2: 30, lineWidth: 0.5 }] },
            ...(d.representative ? [{ text: d.representative.name, margin: [0, 4, 0, 0] }] : []),
          ],
        },
      ],
    },
  ]);
}
