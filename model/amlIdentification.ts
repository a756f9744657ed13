/**
 * The checks of a customer's identification (issue 48 items 1 and 8; art. 18–22 D.Lgs. 231/2007,
 * CNDCEC Regola Tecnica 2): what the zod schema of model/api/aml.ts cannot say alone — dates against
 * today, a document still valid, who must be identified for a person or a company, the beneficial
 * owners' tax codes and shares. Pure: used by the server (422 by field) and the form (before sending).
 */
import { amlService } from './aml.js';
import { slashDate } from './dates.js';
import { checkFiscalCode } from './validators.js';

/** The part of the identification these checks read (model/api/aml.ts AmlIdentificationInput). */
export interface IdentificationToCheck {
  subject: 'persona_fisica' | 'persona_giuridica';
  customer_person?: { name?: string; tax_code?: string; birth_date?: string };
  executor?: { name?: string; tax_code?: string; role?: string };
  documents: Array<{ holder: 'cliente' | 'esecutore'; number: string; issued_on?: string; expires_on: string }>;
  identified_on: string;
  owners: Array<{ name: string; tax_code?: string; share?: number; birth_date?: string }>;
  sanctions_checked_on: string;
  sanctions_outcome: 'negativo' | 'positivo';
  pep: boolean;
  pep_details?: string;
  services: readonly string[];
}

export type IdentificationErrors = Record<string, string[]>;

const push = (errors: IdentificationErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

/** A share's text: 25 → '25 %', 33.5 → '33,5 %'. */
const shareText = (n: number) => `${String(n).replace('.', ',')} %`;

/**
 * The problems of an identification, by field (`documents.0.expires_on`, `owners.1.tax_code`, …);
 * empty when it may be saved. `today` is the studio's day (YYYY-MM-DD).
 */
export function checkIdentification(input: IdentificationToCheck, today: string): IdentificationErrors {
  const errors: IdentificationErrors = {};
  const company = input.subject === 'persona_giuridica';

  if (input.identified_on > today) push(errors, 'identified_on', 'La data di identificazione non può essere futura');
  if (input.sanctions_checked_on > today)
    push(errors, 'sanctions_checked_on', 'La data del controllo sulle liste non può essere futura');

  // who is identified: the customer himself (a natural person) or whoever acts for the company
  if (!company) {
    const cf = input.customer_person?.tax_code?.trim();
    if (!input.customer_person?.name?.trim()) push(errors, 'customer_person.name', 'Indica nome e cognome del cliente');
    if (!cf) push(errors, 'customer_person.tax_code', 'Indica il codice fiscale del cliente');
    else if (cf.length !== 16 || checkFiscalCode(cf))
      push(errors, 'customer_person.tax_code', 'Codice fiscale del cliente non valido (16 caratteri)');
  }
  if (company && !input.executor)
    push(
      errors,
      'executor',
      'Per un ente indica l’esecutore: chi agisce per il cliente (legale rappresentante, procuratore o delegato)',
    );
  if (input.executor) {
    const cf = input.executor.tax_code?.trim();
    if (!cf) push(errors, 'executor.tax_code', 'Indica il codice fiscale dell’esecutore');
    else if (cf.length !== 16 || checkFiscalCode(cf))
      push(errors, 'executor.tax_code', 'Codice fiscale dell’esecutore non valido (16 caratteri)');
  }

  // the identity documents: one valid for whoever was identified
  const holder = company ? 'esecutore' : 'cliente';
  if (!input.documents.some((d) => d.holder === holder))
    push(
      errors,
      'documents',
      company ? 'Manca il documento di identità dell’esecutore' : 'Manca il documento di identità del cliente',
    );
  input.documents.forEach((d, i) => {
    if (d.holder === 'esecutore' && !input.executor)
      push(errors, `documents.${i}.holder`, 'Il documento è dell’esecutore, ma l’esecutore non è indicato');
    if (d.expires_on < today)
      push(
        errors,
        `documents.${i}.expires_on`,
        `Il documento n. ${d.number} è scaduto il ${slashDate(d.expires_on)}: serve un documento in corso di validità`,
      );
    if (d.issued_on && d.issued_on > d.expires_on)
      push(errors, `documents.${i}.issued_on`, 'La data di rilascio è successiva alla scadenza');
    if (d.issued_on && d.issued_on > today)
      push(errors, `documents.${i}.issued_on`, 'La data di rilascio non può essere futura');
  });

  // the beneficial owners (art. 20): a company has at least one; each with a valid tax code
  if (company && input.owners.length === 0)
    push(
      errors,
      'owners',
      'Indica almeno un titolare effettivo: in mancanza di proprietà o controllo, chi ha poteri di rappresentanza o amministrazione (art. 20 c. 5)',
    );
  let total = 0;
  input.owners.forEach((o, i) => {
    const cf = o.tax_code?.trim();
    if (!cf) push(errors, `owners.${i}.tax_code`, `Indica il codice fiscale del titolare effettivo ${o.name || i + 1}`);
    else if (cf.length !== 16 || checkFiscalCode(cf))
      push(errors, `owners.${i}.tax_code`, `Codice fiscale del titolare effettivo ${o.name || i + 1} non valido`);
    if (o.share != null) {
      if (o.share > 100)
        push(
          errors,
          `owners.${i}.share`,
          `La quota di ${o.name || 'un titolare'} (${shareText(o.share)}) supera il 100 %`,
        );
      else total += o.share;
    }
    if (o.birth_date && o.birth_date > today)
      push(errors, `owners.${i}.birth_date`, 'La data di nascita non può essere futura');
  });
  if (total > 100 && !Object.keys(errors).some((k) => /^owners\.\d+\.share$/.test(k)))
    push(
      errors,
      'owners',
      `Le quote dei titolari effettivi sommano ${shareText(Math.round(total * 100) / 100)}: più del 100 %`,
    );

  if (input.pep && !input.pep_details?.trim())
    push(errors, 'pep_details', 'Indica chi è persona politicamente esposta e quale carica ricopre');

  const unknown = input.services.filter((c) => !amlService(c));
  if (unknown.length) push(errors, 'services', `Prestazioni sconosciute: ${unknown.join(', ')}`);
  if (!input.services.length) push(errors, 'services', 'Indica almeno una prestazione svolta per il cliente');
  return errors;
}

/** The first expiry among the documents (YYYY-MM-DD), or null. */
export const firstExpiry = (documents: ReadonlyArray<{ expires_on: string }>): string | null =>
  documents.reduce<string | null>((min, d) => (min == null || d.expires_on < min ? d.expires_on : min), null);
