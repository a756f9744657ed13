/**
 * How a customer pays (issue 47 item 5, model/collectionMethod.ts): 'auto' by his active mandate; the
 * invoice's ModalitaPagamento (MP05 bonifico, MP20/MP21 SDD CORE/B2B, MP19 SDD without a known
 * scheme, MP12 RiBa with the ABI/CAB of his bank) valid against the official FatturaPA schema and
 * read back from the file; the copy's 'Pagamento:' line.
 */
import { describe, expect, it } from 'vitest';
import { effectiveMethod, invoicePayment, paymentText } from '../../model/collectionMethod';
import { fatturaPaXml, fromFatturaPaXml, type FatturaPaData } from '../../server/areas/eDocuments/fatturapa';
import { fatturapaErrors } from '../helpers/fatturapaXsd';
import { italianIban } from '../../model/iban';

const CUSTOMER_IBAN = italianIban('03069', '09606', '000000800011');

const data = (payment: FatturaPaData['customer']['payment']): FatturaPaData => ({
  id: 77,
  type: 'TD01',
  number: '7',
  date: '2026-11-30',
  studio: {
    name: 'Studio Demo',
    vat: '09000020017',
    fiscal_code: '09000020017',
    address: 'Via Garibaldi 12',
    postal_code: '00184',
    city: 'Roma',
    province: 'RM',
    regime: 'RF01',
    iban: 'IT60X0542811101000000123456',
  },
  customer: {
    name: 'Rossi Costruzioni S.r.l.',
    vat: '02000010013',
    fiscal_code: '02000010013',
    address: 'Via Mazzini 27',
    postal_code: '73100',
    city: 'Lecce',
    withholdingAgent: false,
    sdi_code: 'M5UXCR1',
    payment,
  },
  rows: [{ description: 'Tenuta contabilità', quantity: 1, price: '100.00', vat: 22 }],
});
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

describe("a customer's way to pay", () => {
  it("'auto' is SDD with an active mandate, a transfer without; a chosen method stands", () => {
    expect(effectiveMethod('auto', true)).toBe('sdd');
    expect(effectiveMethod(null, false)).toBe('bonifico');
    expect(effectiveMethod('riba', true)).toBe('riba');
    expect(effectiveMethod('bonifico', true)).toBe('bonifico');
    expect(effectiveMethod('sdd', false)).toBe('sdd');
  });

  it('the ModalitaPagamento: MP05, MP20 (CORE), MP21 (B2B), MP19 (no mandate known), MP12 with the ABI/CAB of his IBAN', () => {
    expect(invoicePayment({ method: 'auto', mandateScheme: null, bankIban: null })).toEqual({ mode: 'MP05' });
    expect(invoicePayment({ method: 'auto', mandateScheme: 'CORE', bankIban: null })).toEqual({ mode: 'MP20' });
    expect(invoicePayment({ method: 'sdd', mandateScheme: 'B2B', bankIban: null })).toEqual({ mode: 'MP21' });
    expect(invoicePayment({ method: 'sdd', mandateScheme: null, bankIban: null })).toEqual({ mode: 'MP19' });
    expect(invoicePayment({ method: 'riba', mandateScheme: 'CORE', bankIban: CUSTOMER_IBAN })).toEqual({
      mode: 'MP12',
      abi: '03069',
      cab: '09606',
    });
    expect(invoicePayment({ method: 'riba', mandateScheme: null, bankIban: 'IT00X0000000000000000000000' })).toEqual({
      mode: 'MP12',
      abi: null,
      cab: null,
    });
  });

  it.each([
    ['MP05', null],
    ['MP20', { mode: 'MP20' as const }],
    ['MP21', { mode: 'MP21' as const }],
    ['MP12', { mode: 'MP12' as const, abi: '03069', cab: '09606' }],
  ])('%s: valid against the FatturaPA schema, read back from the file', async (mode, payment) => {
    const xml = fatturaPaXml(data(payment));
    expect(await fatturapaErrors(xml)).toEqual([]);
    expect(tag(xml, 'ModalitaPagamento')).toEqual([mode]);
    if (mode === 'MP12') {
      // presented at the customer's bank: its ABI and CAB, not the studio's IBAN
      expect(tag(xml, 'ABI')).toEqual(['03069']);
      expect(tag(xml, 'CAB')).toEqual(['09606']);
      expect(tag(xml, 'IBAN')).toEqual([]);
    } else expect(tag(xml, 'IBAN')).toEqual(['IT60X0542811101000000123456']);
    const back = fromFatturaPaXml(xml, 77);
    expect(back.customer.payment ?? null).toEqual(payment);
    expect(fatturaPaXml(back)).toBe(xml);
  });

  it("the copy's 'Pagamento:' line", () => {
    expect(paymentText(null, 'IT60X0542811101000000123456')).toBe(
      'bonifico bancario, IBAN IT60 X054 2811 1010 0000 0123 456',
    );
    expect(paymentText({ mode: 'MP20' }, 'IT60X0542811101000000123456')).toBe(
      'addebito diretto SEPA (SDD) sul conto indicato nel mandato',
    );
    expect(paymentText({ mode: 'MP12', abi: '03069', cab: '09606' }, null)).toBe(
      'ricevuta bancaria (RiBa) presso la banca ABI 03069 CAB 09606',
    );
    expect(paymentText(null, null)).toBeNull();
  });
});
