/**
 * The run-time check of an invoice (C55 validate_xml, issue 13): the project's own rules, written
 * from the FatturaPA specification's facts (the official XSD is for the tests, or for a server
 * that configures its path): the data the schema requires and the formats it restricts, each
 * problem in Italian naming the field to fix.
 */
import type { FatturaPaData } from './fatturapa.js';
import { EDOCUMENT_MESSAGES, NATURES } from '../../../model/eDocument.js';
import { vatCheckDigit } from '../../../model/validators.js';

const CAP = /^\d{5}$/;
const CF_PERSON = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const CF_COMPANY = /^\d{11}$/;
const SDI = /^[A-Z0-9]{6,7}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

const vatOk = (v: string) => {
  const s = v.replace(/\s+/g, '').toUpperCase().replace(/^IT/, '');
  return /^\d{11}$/.test(s) && vatCheckDigit(s.slice(0, 10)) === s[10];
};
const cfOk = (v: string) => {
  const s = v.replace(/\s+/g, '').toUpperCase();
  return CF_PERSON.test(s) || CF_COMPANY.test(s);
};
const blank = (v: string | null | undefined) => !v || !v.trim();

/**
 * A company SdI cannot deliver to: with a VAT number (a business) but neither an SDI code other
 * than 0000000 nor a PEC address (a private person gets it in the tax office's reserved area).
 */
export function unreachableBuyer(c: FatturaPaData['customer']): boolean {
  const sdi = (c.sdi_code ?? '').trim();
  return !!c.vat && (!sdi || /^0{7}$/.test(sdi)) && !c.pec?.trim();
}

/** What keeps the invoice from being accepted: one Italian line per problem ([] when none). */
export function eDocumentProblems(d: FatturaPaData): string[] {
  const out: string[] = [];
  const party = (who: 'Studio' | 'Cliente', p: FatturaPaData['studio'] | FatturaPaData['customer']) => {
    if (blank(p.name)) out.push(`${who}: manca la denominazione`);
    if (blank(p.vat) && blank(p.fiscal_code)) out.push(`${who}: serve la partita IVA o il codice fiscale`);
    if (!blank(p.vat) && !vatOk(p.vat!)) out.push(`${who}: partita IVA non valida (${p.vat})`);
    if (!blank(p.fiscal_code) && !cfOk(p.fiscal_code!))
      out.push(`${who}: codice fiscale non valido (${p.fiscal_code})`);
    if (blank(p.address)) out.push(`${who}: manca l'indirizzo`);
    if (blank(p.postal_code)) out.push(`${who}: manca il CAP`);
    else if (!CAP.test(p.postal_code.trim())) out.push(`${who}: CAP non valido (${p.postal_code}): servono 5 cifre`);
    if (blank(p.city)) out.push(`${who}: manca il comune`);
    if (p.province && !/^[A-Za-z]{2}$/.test(p.province.trim()))
      out.push(`${who}: sigla della provincia non valida (${p.province})`);
  };
  party('Studio', d.studio);
  if (blank(d.studio.vat)) out.push('Studio: la partita IVA del cedente è obbligatoria');
  party('Cliente', d.customer);
  const sdi = (d.customer.sdi_code ?? '').trim().toUpperCase();
  if (sdi && !SDI.test(sdi)) out.push(`Cliente: codice destinatario SDI non valido (${d.customer.sdi_code})`);
  if (d.studio.iban && !IBAN.test(d.studio.iban.replace(/\s+/g, '').toUpperCase())) out.push('Studio: IBAN non valido');
  if (!['TD01', 'TD04'].includes(d.type)) out.push('Tipo documento non ammesso: TD01 o TD04');
  if (blank(d.number)) out.push('Manca il numero del documento');
  else if (d.number.trim().length > 20) out.push('Il numero del documento supera i 20 caratteri');
  if (!DATE.test(d.date)) out.push('Data del documento non valida');
  // a TD04 may leave out the invoice it corrects (DatiFattureCollegate is optional): a warning, below
  if (d.type === 'TD04' && d.corrects && (blank(d.corrects.number) || !DATE.test(d.corrects.date)))
    out.push('La fattura corretta dalla nota di credito non ha numero o data validi');
  if (!d.rows.length) out.push('Serve almeno una riga');
  d.rows.forEach((r, i) => {
    const n = `Riga ${i + 1}`;
    if (blank(r.description)) out.push(`${n}: manca la descrizione`);
    if (!Number.isInteger(r.quantity) || r.quantity <= 0)
      out.push(`${n}: la quantità deve essere un intero maggiore di 0`);
    if (!(Number(r.price) > 0)) out.push(`${n}: il prezzo deve essere maggiore di 0`);
    if (!(r.vat >= 0 && r.vat <= 100)) out.push(`${n}: aliquota IVA non valida`);
    if (r.nature && !NATURES.some((x) => x.value === r.nature)) out.push(`${n}: natura IVA non ammessa (${r.nature})`);
  });
  return out;
}

/** What does not keep the invoice from being accepted but is worth saying: a credit note that names no invoice. */
export function eDocumentWarnings(d: FatturaPaData): string[] {
  return d.type === 'TD04' && !d.corrects ? [EDOCUMENT_MESSAGES.creditNoteUnlinked] : [];
}
