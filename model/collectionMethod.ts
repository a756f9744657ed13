/**
 * How a customer pays the studio (issue 47 item 5): by bank transfer, by SEPA direct debit under a
 * mandate, or by RiBa (ricevuta bancaria) at the customer's bank. It decides which collection picks
 * up his charges ('Incassa con SDD', 'Presenta RiBa') and what his invoices say in DatiPagamento:
 * the FatturaPA's ModalitaPagamento codes (Agenzia delle Entrate, specifiche tecniche FatturaPA 1.2,
 * table of ModalitaPagamento): MP05 bonifico, MP12 RIBA, MP19 SEPA Direct Debit, MP20 SEPA Direct
 * Debit CORE, MP21 SEPA Direct Debit B2B. 'auto' keeps what the product did before the choice
 * existed: SDD when the customer has an active mandate, else a transfer.
 */
import { ibanText, italianBankCoordinates } from './iban.js';

export const COLLECTION_METHODS = [
  { value: 'auto', text: 'Automatica: SDD se ha un mandato attivo, altrimenti bonifico' },
  { value: 'bonifico', text: 'Bonifico' },
  { value: 'sdd', text: 'Addebito diretto SDD' },
  { value: 'riba', text: 'Ricevuta bancaria (RiBa)' },
] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number]['value'];

export type PaymentMode = 'MP05' | 'MP12' | 'MP19' | 'MP20' | 'MP21';

/** What an invoice's DatiPagamento says of a customer's way to pay. */
export interface InvoicePayment {
  mode: PaymentMode;
  /** MP12: the ABI and CAB of the customer's bank (from his IBAN), where the receipt is presented */
  abi?: string | null;
  cab?: string | null;
}

/** The customer's method as it applies: 'auto' resolved by his active mandate. */
export function effectiveMethod(
  method: string | null | undefined,
  activeMandate: boolean,
): Exclude<CollectionMethod, 'auto'> {
  if (method === 'bonifico' || method === 'sdd' || method === 'riba') return method;
  return activeMandate ? 'sdd' : 'bonifico';
}

/** The invoice's ModalitaPagamento (and a RiBa's ABI/CAB) for a customer. */
export function invoicePayment(c: {
  method: string | null | undefined;
  /** the scheme of his active mandate, if any */
  mandateScheme: string | null | undefined;
  /** his bank account's IBAN (RiBa) */
  bankIban: string | null | undefined;
}): InvoicePayment {
  const m = effectiveMethod(c.method, !!c.mandateScheme);
  if (m === 'riba') {
    const bank = italianBankCoordinates(c.bankIban);
    return { mode: 'MP12', abi: bank?.abi ?? null, cab: bank?.cab ?? null };
  }
  if (m === 'sdd') return { mode: c.mandateScheme === 'B2B' ? 'MP21' : c.mandateScheme === 'CORE' ? 'MP20' : 'MP19' };
  return { mode: 'MP05' };
}

/** How an invoice's copy says it is paid (the PDF's 'Pagamento:'), or null when nothing is to say. */
export function paymentText(
  p: InvoicePayment | null | undefined,
  studioIban: string | null | undefined,
): string | null {
  const iban = ibanText(studioIban);
  switch (p?.mode ?? 'MP05') {
    case 'MP12':
      return `ricevuta bancaria (RiBa)${p?.abi && p.cab ? ` presso la banca ABI ${p.abi} CAB ${p.cab}` : ''}`;
    case 'MP19':
    case 'MP20':
    case 'MP21':
      return 'addebito diretto SEPA (SDD) sul conto indicato nel mandato';
    default:
      return iban ? `bonifico bancario, IBAN ${iban}` : null;
  }
}
