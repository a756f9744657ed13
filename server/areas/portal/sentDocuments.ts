/**
 * The documents the studio sends that a customer downloads in the area (issue 50 items 3, 4), made
 * by the same functions as the studio's own downloads, for the customer of the session only:
 * - an electronic invoice's XML, the file handed to SdI byte for byte (the e-invoices' `sentFiles`),
 *   and its PDF copy made from that file (as the studio's 'PDF' and the courtesy copy), both named
 *   as the studio's download names them (type_businessname_id);
 * - the account statement (as the studio's C29 makes it) of the current year up to today, with the
 *   opening balance of the years before;
 * - a payment notice (bollettino, with the EPC QR code) of one open item for what is still open of
 *   it, as the open items compute it (the same amounts as 'Da pagare'), to the studio's IBAN.
 * A document that is not the customer's, or not one of these, is null (the caller answers 404).
 */
import type { AppDeps } from '../../deps.js';
import type { Download } from '../../routes/download.js';
import { renderPdf } from '../../render/pdf.js';
import { safeEntryName } from '../../render/zip.js';
import { esc, euro } from '../../render/frame.js';
import { displayDate } from '../../../model/dates.js';
import { PORTAL_PATH } from '../../../model/portal.js';
import { eDocumentPdfDoc, fromFatturaPaXml, sentFiles } from '../eDocuments/index.js';
import {
  accountBalancePdfDoc,
  bollettinoPdfDoc,
  customersOf,
  movementText,
  studioData,
  type BollettinoData,
} from '../documents/index.js';
import { accountBalances, customerOpenItems } from '../accounts/index.js';
import { isAreaInvoice } from './invoiceQueries.js';

type Deps = Pick<AppDeps, 'exec'>;
/** whose documents: the session's studio and customer */
export interface Owner {
  studioId: number;
  customerId: number;
}

/** 'Fattura' or 'Nota di credito', by the FatturaPA type */
export const documentKind = (type: string) => (type === 'TD04' ? 'Nota di credito' : 'Fattura');
/** 'Fattura n. 12 del 30-11-2026' */
export const invoiceTitle = (d: { type: string; number: string; date: string }) =>
  `${documentKind(d.type)} n. ${d.number} del ${displayDate(d.date)}`;

/**
 * An invoice's file name as the studio's download names it (the e-invoices' `xmlName`, seed B §7:
 * type_businessname_id.ext — its service is not the area's to import: it reaches the records' layer).
 */
const invoiceFileName = (d: { type: string; id: number; customer: { name: string } }, ext: 'pdf' | 'xml') =>
  `${d.type}_${safeEntryName(d.customer.name, 80)}_${d.id}.${ext}`;

/** An invoice's file as the customer downloads it: its XML as sent, or its PDF made from that XML. */
export async function invoiceFile(deps: Deps, o: Owner, id: number, format: 'pdf' | 'xml'): Promise<Download | null> {
  if (!(await isAreaInvoice(deps.exec, o.studioId, o.customerId, id))) return null;
  const file = (await sentFiles(deps.exec, o.studioId, [id])).get(id);
  if (!file) return null;
  // the data of the file sent, not of today's (issue 45 item 6)
  const data = fromFatturaPaXml(file.xml, id);
  if (format === 'xml')
    return { name: invoiceFileName(data, 'xml'), type: 'application/xml; charset=utf-8', body: file.xml };
  const studio = await studioData(deps.exec, o.studioId);
  return {
    name: invoiceFileName(data, 'pdf'),
    type: 'application/pdf',
    body: await renderPdf(eDocumentPdfDoc(studio, data)),
  };
}

/** The statement's period: from the first of January of `today`'s year to `today`. */
export const statementPeriodOf = (today: string) => ({ from: `${today.slice(0, 4)}-01-01`, to: today });

/** The customer's account statement of the period up to `today`, as the studio's C29 makes it. */
export async function statementFile(deps: Deps, o: Owner, today: string): Promise<Download | null> {
  const [customer] = await customersOf(deps.exec, o.studioId, [o.customerId]);
  if (!customer) return null;
  const { from, to } = statementPeriodOf(today);
  const studio = await studioData(deps.exec, o.studioId);
  const balances = await accountBalances(deps.exec, { studioId: o.studioId }, [customer.id], from, to);
  const balance = balances.get(customer.id)!;
  const pdf = await renderPdf(accountBalancePdfDoc({ studio, customer, balance, from, to }));
  return { name: 'EstrattoConto.pdf', type: 'application/pdf', body: pdf };
}

/** An open item a payment notice is made for: what is still open of it, as the open items compute it. */
export interface NoticeItem {
  /** the movement */
  id: number;
  /** YYYY-MM-DD */
  due: string;
  /** the movement as the statement describes it, with its invoice when it has one */
  description: string;
  open: number;
}

/** The customer's open items (past due and not yet due, as 'Da pagare' shows them), oldest due first. */
export async function noticeItems(deps: Deps, o: Owner): Promise<NoticeItem[]> {
  return (await customerOpenItems(deps.exec, o.studioId, o.customerId)).map((i) => ({
    id: i.id,
    due: i.due,
    description: i.invoice ? `${movementText(i)} (fattura ${i.invoice})` : movementText(i),
    open: Number(i.open),
  }));
}

/**
 * The payment notice of one of the customer's open items: the item for its open amount, to the
 * studio's IBAN (as the reminders' page); null when the item is not open, not the customer's, or the
 * studio has no IBAN.
 */
export async function noticeData(deps: Deps, o: Owner, movementId: number): Promise<BollettinoData | null> {
  const item = (await noticeItems(deps, o)).find((i) => i.id === movementId);
  if (!item) return null;
  const [customer] = await customersOf(deps.exec, o.studioId, [o.customerId]);
  const studio = await studioData(deps.exec, o.studioId);
  if (!customer || !studio.iban) return null;
  return {
    studio,
    customer,
    service: { description: item.description, cod: null },
    amount: item.open,
    iban: studio.iban,
    beneficiary: studio.name ?? '',
  };
}

/** The payment notice's PDF of one open item (see `noticeData`). */
export async function noticeFile(deps: Deps, o: Owner, movementId: number): Promise<Download | null> {
  const d = await noticeData(deps, o, movementId);
  if (!d) return null;
  return {
    name: `Avviso_di_pagamento_${movementId}.pdf`,
    type: 'application/pdf',
    body: await renderPdf(await bollettinoPdfDoc(d)),
  };
}

/**
 * The part of 'Da pagare' with the documents to download: the statement of the year (its period
 * said) and a payment notice per open item (none when the studio has no IBAN: how to pay is asked
 * of the studio).
 */
export function paymentDocumentsHtml(today: string, items: NoticeItem[], iban: boolean): string {
  const { from } = statementPeriodOf(today);
  const statement = `<section aria-labelledby="estratto"><h2 id="estratto">Estratto conto</h2>
<p><a class="button secondary" href="${PORTAL_PATH}/estratto-conto.pdf">Scarica l'estratto conto (PDF)</a></p>
<p class="hint">I movimenti dal ${esc(displayDate(from))} a oggi (${esc(displayDate(today))}), con il saldo degli anni precedenti.</p>
</section>`;
  if (!items.length) return statement;
  const notices = iban
    ? `<ul class="files">${items
        .map(
          (i) =>
            `<li><a href="${PORTAL_PATH}/avvisi/${i.id}.pdf" aria-label="Avviso di pagamento (PDF): ${esc(i.description)}, ${esc(euro(i.open))}">Avviso di pagamento (PDF)</a>
<small>${esc(i.description)} · scadenza ${esc(displayDate(i.due))} · ${esc(euro(i.open))}</small></li>`,
        )
        .join('\n')}</ul>`
    : '<p>Per gli avvisi di pagamento chieda allo studio i dati del bonifico.</p>';
  return `${statement}
<section aria-labelledby="avvisi"><h2 id="avvisi">Avvisi di pagamento</h2>
<p class="hint">Uno per ogni importo da pagare, con l'IBAN, la causale e il codice QR del bonifico.</p>
${notices}
</section>`;
}
