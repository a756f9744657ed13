/**
 * The Italian e-mails that carry the studio's documents to a customer (C20, C31, C32): the payment
 * notice, the account statement, the contract, each in the mail area's letter.
 */
import { euro, ibanText } from '../../render/frame.js';
import { letter, type MailText, type StudioMailData } from '../mail/index.js';
import { causaleOf, howToPay, type BollettinoData } from './bollettino.js';
import { periodText, type AccountBalanceData } from './statement.js';
import type { ContractData } from './contract.js';

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
      // a customer collected by RiBa or SDD is told the studio collects it (issue 47 item 5)
      d.customer.payment?.mode && d.customer.payment.mode !== 'MP05'
        ? howToPay(d.customer.payment)
        : "Può pagare con un bonifico con questi dati oppure inquadrando il codice QR dell'avviso con l'app della sua banca.",
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
