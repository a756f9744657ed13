/**
 * The engagement letter's data and texts (issue 49 item 2), shared by its PDF (letterPdf.ts), its
 * Word document (letterDocx.ts) and the customer's page (acceptPage.ts).
 *
 * The built-in letter is modelled on the CNDCEC's facsimile of the engagement letter (Nota
 * informativa n. 66/2012, after art. 9 D.L. 24 gennaio 2012 n. 1): the parties; the object and the
 * services; the duration and the withdrawal with notice; the fees agreed when the engagement is
 * given, with every cost item, as a preventivo — each service with its billing rule, the billing
 * day, the payment term; the yearly update (none, ISTAT FOI, a fixed percentage); the treatment the
 * invoice will take, with what one period of each service costs worked by the one payable function
 * (model/eDocument.ts chargePayable: fee, cassa 4 %, VAT, withholding 20 %, stamp duty); the
 * customer's duties; the anti-money-laundering clause (D.Lgs. 231/2007, art. 22); the privacy clause
 * (Reg. UE 2016/679, art. 13); the professional insurance (art. 5 DPR 137/2012); place, date and the
 * signatures.
 *
 * The texts are pure functions of the data (`LetterData`): the same words in the PDF, in the Word
 * letter (where each clause is also a tag a studio's own template may use: LETTER_KEYS) and on the
 * page.
 */
import { chargePayable, isWithholdingAgent, CASSA_RATE, WITHHOLDING_RATE } from '../../../model/eDocument.js';
import type { InvoicingTreatment } from '../../../model/eDocument.js';
import { billingRuleText, UNIT_SOURCES, type BillingRule } from '../../../model/engagements.js';
import { displayDate, today } from '../../../model/dates.js';
import { formatAmount } from '../../../model/types.js';
import type { Exec } from '../../records/exec.js';
import type { StudioData } from '../../render/frame.js';
import { safeEntryName } from '../../render/zip.js';
import { notFound } from '../../errors.js';
import { studioData } from '../studio/index.js';
import { templateCustomers, REPLACE_KEYS } from '../wordTemplates/index.js';
import {
  letterCustomer,
  letterServices,
  letterSignatory,
  type EngagementRow,
  type LetterCustomer,
  type LetterServiceRow,
  type LetterSignatory,
} from './letterQueries.js';

// ---------------------------------------------------------------------------------------------
// the data

export interface LetterData {
  studio: StudioData;
  signatory: LetterSignatory;
  customer: LetterCustomer;
  engagement: EngagementRow;
  services: LetterServiceRow[];
  /** how the studio invoices (the payable function's input) */
  treatment: InvoicingTreatment;
  /** the customer withholds the 20 % (a sostituto d'imposta) */
  withholdingAgent: boolean;
  /** the values of the Word templates' tags (REPLACE_KEYS) for the customer and the studio */
  base: Record<string, string>;
  /** the letter's date (YYYY-MM-DD) */
  date: string;
}

/** The letter's data for an engagement already read with the caller's scope; 404 when its customer is gone. */
export async function letterData(exec: Exec, e: EngagementRow, now: Date = new Date()): Promise<LetterData> {
  const [studio, signatory, customer, services, base] = await Promise.all([
    studioData(exec, e.studio_id),
    letterSignatory(exec, e.studio_id),
    letterCustomer(exec, e.studio_id, e.customer_id),
    letterServices(exec, e.studio_id, e.id),
    templateCustomers(exec, e.studio_id, [e.customer_id], now),
  ]);
  if (!customer) throw notFound();
  return {
    studio,
    signatory,
    customer,
    engagement: e,
    services,
    treatment: {
      regime: signatory.regime,
      withholding: signatory.withholding,
      cassa: signatory.cassa,
      stampCharged: signatory.stampCharged,
    },
    withholdingAgent: isWithholdingAgent(customer),
    base: base[0]?.values ?? {},
    date: today(now),
  };
}

// ---------------------------------------------------------------------------------------------
// figures

/** What one invoice of a service's period asks, in cents: the payable function's figures. */
export interface PeriodFigures {
  fee: number;
  cassa: number;
  vat: number;
  withholding: number;
  /** the stamp duty charged to the customer (its own line), 0 when none */
  stamp: number;
  /** ImportoTotaleDocumento */
  total: number;
  /** what the customer pays: the total less the withholding */
  payable: number;
}

/** The figures of one period of a fee of `feeCents` (model/eDocument.ts chargePayable: the one payable function). */
export function periodFigures(
  feeCents: number,
  treatment: InvoicingTreatment,
  withholdingAgent: boolean,
): PeriodFigures {
  const t = chargePayable(feeCents, treatment, { withholdingAgent });
  return {
    fee: t.fee,
    cassa: t.cassa,
    vat: t.tax,
    withholding: t.withholding,
    stamp: t.stampCharged,
    total: t.total,
    payable: t.payable,
  };
}

/** Whether a rule bills a fee per period (one charge = the fee): the periodic ones and the one-off. */
export const chargesWholeFee = (rule: string) => !['per_unit', 'by_time'].includes(rule);

/** How many charges a year a periodic rule makes (0: one-off, per unit, by time). */
const PER_YEAR: Record<string, number> = { yearly: 1, half_yearly: 2, quarterly: 4, monthly: 12 };

/** '1.234,56 €' of cents. */
export const euroText = (cents: number) => `${formatAmount(cents / 100)} €`;

/** What the fee is for: 'all'anno', 'a trimestre', 'per cedolino', 'all'ora'. */
export function feeUnitText(rule: string, unitSource: string | null): string {
  switch (rule) {
    case 'yearly':
      return 'all’anno';
    case 'half_yearly':
      return 'a semestre';
    case 'quarterly':
      return 'a trimestre';
    case 'monthly':
      return 'al mese';
    case 'one_off':
      return 'una tantum';
    case 'per_unit':
      return unitSource === 'payslips' ? 'per cedolino' : 'per unità';
    case 'by_time':
      return 'all’ora';
    default:
      return '';
  }
}

/** 'il giorno 5', 'il giorno 30 (o l'ultimo giorno del mese, se più breve)', 'l'ultimo giorno'. */
export function billingDayText(day: number): string {
  if (day >= 31) return 'l’ultimo giorno';
  if (day >= 29) return `il giorno ${day} (o l’ultimo giorno del mese, se più breve)`;
  return `il giorno ${day}`;
}

/** When a service's charges are made, in words. */
export function billingText(rule: string, day: number, unitSource: string | null): string {
  const d = billingDayText(day);
  switch (rule as BillingRule) {
    case 'yearly':
      return `in via anticipata, ${d} di gennaio di ogni anno`;
    case 'half_yearly':
      return `in via anticipata, ${d} di gennaio e di luglio`;
    case 'quarterly':
      return `in via anticipata, ${d} di gennaio, aprile, luglio e ottobre`;
    case 'monthly':
      return `in via anticipata, ${d} di ogni mese`;
    case 'one_off':
      return `una sola volta, ${d} del mese di inizio dell’incarico (o del mese successivo, se quel giorno precede l’inizio)`;
    case 'per_unit': {
      const source = UNIT_SOURCES.find((u) => u.value === unitSource)?.value;
      return `a consuntivo, ${d} del mese successivo, per il numero di ${source === 'payslips' ? 'cedolini elaborati nel mese' : 'unità rese nel mese'}`;
    }
    case 'by_time':
      return `a consuntivo, ${d} del mese successivo, per le ore dedicate nel mese, rilevate dallo studio`;
    default:
      return d;
  }
}

/** A service as the letter shows it. */
export interface LetterServiceView {
  number: number;
  description: string;
  rule: string;
  /** 'Trimestrale' */
  periodicity: string;
  /** when it is charged, in words */
  billing: string;
  /** cents */
  fee: number;
  /** 'a trimestre', 'per cedolino' */
  unit: string;
  /** one charge's figures (periodic and one-off services); null when the amount depends on a count or on hours */
  figures: PeriodFigures | null;
}

export function serviceViews(d: LetterData): LetterServiceView[] {
  return d.services.map((s, i) => ({
    number: i + 1,
    description: s.description,
    rule: s.rule,
    periodicity: billingRuleText(s.rule),
    billing: billingText(s.rule, d.engagement.billing_day, s.unit_source),
    fee: s.fee,
    unit: feeUnitText(s.rule, s.unit_source),
    figures: chargesWholeFee(s.rule) ? periodFigures(s.fee, d.treatment, d.withholdingAgent) : null,
  }));
}

/** The yearly fees of the periodic services (cents, before cassa and VAT): yearly × 1, half-yearly × 2, … */
export const annualFee = (d: LetterData) => d.services.reduce((sum, s) => sum + s.fee * (PER_YEAR[s.rule] ?? 0), 0);
/** The one-off fees (cents). */
export const oneOffFee = (d: LetterData) =>
  d.services.filter((s) => s.rule === 'one_off').reduce((sum, s) => sum + s.fee, 0);

// ---------------------------------------------------------------------------------------------
// the texts

const joined = (parts: Array<string | null | undefined>, sep = ' ') =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(sep);

const percentText = (n: number) =>
  `${n
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', ',')} %`;

export const LETTER_TITLE = 'Lettera di incarico professionale';
export const LETTER_SUBTITLE =
  'art. 9, comma 4, D.L. 24 gennaio 2012, n. 1 – secondo il fac-simile del Consiglio Nazionale dei Dottori Commercialisti e degli Esperti Contabili';

const studioName = (d: LetterData) => d.studio.name?.trim() || 'lo studio professionale';

/** 'Dott. Mario Rossi' (the studio's manager), '' when unknown. */
export const professionalName = (d: LetterData) =>
  joined([d.signatory.manager_title, d.signatory.manager_name, d.signatory.manager_surname]);

/** The Order the professional belongs to, in words ('' when unknown). */
export function orderText(d: LetterData): string {
  const s = d.signatory;
  if (!s.ordine_number && !s.ordine_city) return '';
  const order = s.ordine_name?.trim() || 'Ordine dei Dottori Commercialisti e degli Esperti Contabili';
  return joined([
    `iscritto all’${order.replace(/^l['’]/i, '')}`,
    s.ordine_city ? `di ${s.ordine_city}` : null,
    s.ordine_number ? `al n. ${s.ordine_number}` : null,
  ]);
}

const customerAddress = (c: LetterCustomer) =>
  joined([c.address, joined([c.postal_code, c.city, c.province ? `(${c.province.toUpperCase()})` : null])], ', ');

/** Who signs for the customer: the legal representative, else the customer itself. */
export const customerSignatory = (d: LetterData) => d.customer.representative ?? d.customer.business_name;

/** The professional as a party. */
export function partyProfessional(d: LetterData): string {
  const manager = professionalName(d);
  return `${studioName(d)}${manager ? `, nella persona di ${manager}` : ''}${orderText(d) ? `, ${orderText(d)}` : ''}${
    d.studio.address ? `, con sede in ${d.studio.address}` : ''
  }${d.signatory.vat_number ? `, P.IVA ${d.signatory.vat_number}` : ''} (di seguito «il professionista»)`;
}

/** The customer as a party. */
export function partyCustomer(d: LetterData): string {
  const c = d.customer;
  const address = customerAddress(c);
  return joined(
    [
      c.business_name,
      c.fiscal_code ? `, C.F. ${c.fiscal_code}` : '',
      c.vat_id ? `, P.IVA ${c.vat_id}` : '',
      address ? `, con sede o residenza in ${address}` : '',
      c.representative ? `, in persona del legale rappresentante ${c.representative}` : '',
      ' (di seguito «il cliente»)',
    ],
    '',
  );
}

export const premise = () =>
  'Ai sensi dell’art. 9, comma 4, del D.L. 24 gennaio 2012, n. 1, convertito dalla L. 24 marzo 2012, n. 27, il ' +
  'compenso è pattuito al momento del conferimento dell’incarico: con la presente lettera il professionista rende ' +
  'noti al cliente, come preventivo, le singole prestazioni e tutte le voci di costo, comprensive di oneri e ' +
  'contributi, il grado di complessità dell’incarico e la copertura assicurativa. Le parti convengono quanto segue.';

export const clauseObject = (d: LetterData) =>
  `Il cliente conferisce al professionista, che accetta, l’incarico professionale «${d.engagement.title}», avente ` +
  `per oggetto le prestazioni elencate all’art. 5, nella misura e con le modalità ivi indicate. Le prestazioni non ` +
  `elencate, se richieste, sono oggetto di un accordo separato.`;

/** 'dal 01-01-2026 al 31-12-2026' or 'dal 01-01-2026, a tempo indeterminato'. */
export const durationText = (e: EngagementRow) =>
  e.end_date
    ? `dal ${displayDate(e.start_date)} al ${displayDate(e.end_date)}`
    : `dal ${displayDate(e.start_date)}, a tempo indeterminato`;

const noticeText = (days: number) =>
  days > 0 ? `con un preavviso scritto di ${days} ${days === 1 ? 'giorno' : 'giorni'}` : 'senza preavviso';

export const clauseDuration = (d: LetterData) => {
  const e = d.engagement;
  return e.end_date
    ? `L’incarico decorre dal ${displayDate(e.start_date)} e termina il ${displayDate(e.end_date)}, salvo recesso ai sensi dell’art. 8.`
    : `L’incarico decorre dal ${displayDate(e.start_date)} ed è a tempo indeterminato: ciascuna parte può recedervi ${noticeText(e.notice_days)}, ai sensi dell’art. 8.`;
};

export const clauseProfessionalDuties = () =>
  'Il professionista svolge l’incarico con la diligenza richiesta dalla natura dell’attività esercitata (art. 1176, ' +
  'comma 2, c.c.), nel rispetto delle norme di legge e del Codice deontologico della professione, ed è tenuto al ' +
  'segreto professionale su quanto appreso nello svolgimento dell’incarico. Può avvalersi, sotto la propria ' +
  'direzione e responsabilità, di collaboratori e dipendenti (art. 2232 c.c.).';

export const clauseCustomerDuties = () =>
  'Il cliente si impegna a fornire al professionista, in tempo utile per gli adempimenti, i documenti, i dati e le ' +
  'informazioni necessari allo svolgimento dell’incarico, e garantisce che sono completi, veritieri e corretti. Il ' +
  'professionista non risponde delle conseguenze di documenti o informazioni forniti in ritardo, incompleti o non ' +
  'veritieri, né di fatti non comunicati. Il cliente comunica tempestivamente ogni variazione rilevante.';

export const clauseFees = () =>
  'Per le prestazioni dell’incarico il cliente corrisponde al professionista i compensi indicati nella tabella ' +
  'seguente, ciascuno con la sua periodicità.';

/** The billing day and the payment term. */
export function clauseBilling(d: LetterData): string {
  const e = d.engagement;
  const pay =
    e.payment_days > 0
      ? `entro ${e.payment_days} ${e.payment_days === 1 ? 'giorno' : 'giorni'} dalla data della fattura`
      : 'a vista, al ricevimento della fattura';
  return (
    `I compensi sono addebitati ${billingDayText(e.billing_day)} del mese indicato per ciascun servizio; il periodo ` +
    `in corso alla data di inizio e quello in corso alla cessazione sono dovuti per intero. Il pagamento avviene ${pay}. ` +
    `Le spese anticipate in nome e per conto del cliente (art. 15 D.P.R. 633/1972) sono rimborsate a parte, senza IVA.`
  );
}

/** The yearly fees of the periodic services, in words ('' when there are none). */
export function annualText(d: LetterData): string {
  const yearly = annualFee(d);
  const once = oneOffFee(d);
  const parts = [
    yearly ? `Compenso annuo dei servizi periodici: ${euroText(yearly)}` : null,
    once ? `compensi una tantum: ${euroText(once)}` : null,
  ].filter(Boolean);
  return parts.length ? `${parts.join('; ')} (oltre a contributo integrativo e IVA, se dovuti).` : '';
}

export function clauseUpdate(d: LetterData): string {
  const e = d.engagement;
  if (e.update_kind === 'istat') {
    const share = e.istat_share ?? 100;
    return (
      `Ogni anno, alla ricorrenza della data di inizio dell’incarico, i compensi sono aggiornati in misura pari al ` +
      `${percentText(share)} della variazione annua dell’indice ISTAT dei prezzi al consumo per le famiglie di operai e ` +
      `impiegati (FOI) senza tabacchi, del mese precedente rispetto allo stesso mese dell’anno prima. Una variazione ` +
      `negativa lascia invariati i compensi. L’aggiornamento si applica ai compensi addebitati da quella data.`
    );
  }
  if (e.update_kind === 'fixed' && e.update_percent)
    return (
      `Ogni anno, alla ricorrenza della data di inizio dell’incarico, i compensi sono aumentati del ` +
      `${percentText(e.update_percent)}. L’aggiornamento si applica ai compensi addebitati da quella data.`
    );
  return 'I compensi restano invariati per tutta la durata dell’incarico, salvo nuovo accordo scritto tra le parti.';
}

/** The treatment the invoices take, in words: VAT by the regime, cassa, withholding, stamp duty. */
export function clauseTreatment(d: LetterData): string {
  const t = d.treatment;
  const flat = t.regime === 'RF19';
  const withholding = !!t.withholding && !flat && d.withholdingAgent;
  const parts = [
    t.cassa ? `il contributo integrativo del ${CASSA_RATE} % per la cassa di previdenza, sul compenso` : null,
    flat
      ? 'nessuna IVA: il professionista applica il regime forfettario (art. 1, commi 54–89, L. 190/2014; operazione non soggetta, Natura N2.2)'
      : `l’IVA al 22 % sul compenso${t.cassa ? ' e sul contributo integrativo' : ''}`,
    withholding
      ? `la ritenuta d’acconto del ${WITHHOLDING_RATE} % sul compenso (art. 25 D.P.R. 600/1973), che il cliente, sostituto d’imposta, trattiene e versa all’Erario per conto del professionista`
      : null,
    flat && t.stampCharged
      ? 'l’imposta di bollo di 2,00 €, a carico del cliente, sulle fatture senza IVA oltre 77,47 €'
      : null,
  ].filter(Boolean) as string[];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join('; ')}; e ${parts.at(-1)}` : parts[0]!;
  return (
    `Le fatture dell’incarico applicano ${list}. La tabella seguente indica, per ciascun servizio a compenso fisso, ` +
    `quanto costa ogni addebito e quanto il cliente paga.`
  );
}

export function clauseWithdrawal(d: LetterData): string {
  const notice = noticeText(d.engagement.notice_days);
  return (
    `Il cliente può recedere dall’incarico in ogni momento (art. 2237, comma 1, c.c.) ${notice}, rimborsando le ` +
    `spese sostenute e corrispondendo il compenso per l’opera svolta. Il professionista può recedere per giusta ` +
    `causa (art. 2237, comma 2, c.c.) ${notice}, in modo da evitare pregiudizio al cliente. Il recesso si comunica ` +
    `per iscritto (raccomandata, PEC o email con ricevuta); le parti possono concordare una cessazione consensuale ` +
    `senza preavviso.`
  );
}

export const clauseAml = () =>
  'Il cliente prende atto che il professionista è soggetto agli obblighi del D.Lgs. 21 novembre 2007, n. 231 ' +
  '(antiriciclaggio): si impegna a fornire per iscritto, sotto la propria responsabilità, tutte le informazioni ' +
  'necessarie e aggiornate per l’adeguata verifica della clientela, compresi i dati del titolare effettivo (art. 22), ' +
  'e a comunicarne ogni variazione. Quando non è possibile effettuare l’adeguata verifica il professionista si astiene ' +
  'dall’incarico o vi pone fine (art. 42). Chi fornisce dati falsi o informazioni non veritiere è punito ai sensi ' +
  'dell’art. 55, comma 3.';

export const clausePrivacy = (d: LetterData) =>
  `${studioName(d)}, titolare del trattamento, tratta i dati personali del cliente e delle persone che agiscono per ` +
  `suo conto ai sensi del Regolamento (UE) 2016/679 e del D.Lgs. 196/2003, per eseguire l’incarico e adempiere agli ` +
  `obblighi di legge (art. 6, par. 1, lett. b e c, del Regolamento), anche con strumenti informatici e per mezzo di ` +
  `collaboratori autorizzati. I dati sono comunicati soltanto a chi ne ha titolo per l’esecuzione dell’incarico ` +
  `(amministrazione finanziaria, enti previdenziali, intermediari) e conservati per il tempo previsto dalla legge. ` +
  `L’interessato può esercitare i diritti degli artt. 15–22 del Regolamento e proporre reclamo al Garante per la ` +
  `protezione dei dati personali. Il cliente dichiara di aver ricevuto l’informativa dell’art. 13 del Regolamento.`;

export const clauseInsurance = () =>
  'Il professionista dichiara di essere assicurato per la responsabilità civile professionale con una polizza per i ' +
  'danni provocati nell’esercizio dell’attività, come prevede l’art. 5 del D.P.R. 7 agosto 2012, n. 137; gli estremi ' +
  'della polizza e il massimale sono comunicati al cliente a richiesta (art. 9, comma 4, D.L. 1/2012).';

export const clauseReferral = () =>
  'Per quanto non previsto dalla presente lettera si applicano le norme del codice civile sul contratto d’opera ' +
  'intellettuale (artt. 2229 e seguenti c.c.) e il Codice deontologico della professione.';

export const clauseApproval = () =>
  'Ai sensi degli artt. 1341 e 1342 c.c. il cliente dichiara di approvare specificamente gli articoli 4 (obblighi del ' +
  'cliente), 5 (compensi), 6 (aggiornamento dei compensi) e 8 (recesso).';

/** 'Roma, 15-03-2026' (the studio's city of signature, else its city). */
export const placeDate = (d: LetterData) =>
  joined([d.signatory.sign_city ?? d.signatory.city, displayDate(d.date)], ', ');

/** The articles of the letter in order: number, title and text; the fees' tables follow art. 5 and 7. */
export function letterArticles(d: LetterData): Array<{ n: number; title: string; text: string[] }> {
  const annual = annualText(d);
  return [
    { n: 1, title: 'Oggetto dell’incarico', text: [clauseObject(d)] },
    { n: 2, title: 'Durata', text: [clauseDuration(d)] },
    { n: 3, title: 'Obblighi del professionista', text: [clauseProfessionalDuties()] },
    { n: 4, title: 'Obblighi del cliente', text: [clauseCustomerDuties()] },
    {
      n: 5,
      title: 'Compensi, addebiti e pagamento',
      text: [clauseFees(), clauseBilling(d), ...(annual ? [annual] : [])],
    },
    { n: 6, title: 'Aggiornamento annuo dei compensi', text: [clauseUpdate(d)] },
    { n: 7, title: 'Trattamento fiscale e previdenziale', text: [clauseTreatment(d)] },
    { n: 8, title: 'Recesso', text: [clauseWithdrawal(d)] },
    { n: 9, title: 'Antiriciclaggio (D.Lgs. 231/2007)', text: [clauseAml()] },
    { n: 10, title: 'Trattamento dei dati personali', text: [clausePrivacy(d)] },
    { n: 11, title: 'Assicurazione professionale', text: [clauseInsurance()] },
    { n: 12, title: 'Rinvio', text: [clauseReferral()] },
  ];
}

/** The file name of an engagement's letter: 'Lettera_incarico_{customer}.{ext}' in safe characters. */
export const letterFileName = (d: LetterData, ext: string) =>
  `Lettera_incarico_${safeEntryName(d.customer.business_name, 80).replace(/\.+$/, '')}.${ext}`;

// ---------------------------------------------------------------------------------------------
// the Word letter's tags

export interface LetterKey {
  key: string;
  description: string;
  group: string;
}

/** The tags of one service, inside the loop {#servizi}…{/servizi}. */
export const SERVICE_KEYS: LetterKey[] = [
  ['numero', 'Numero del servizio (1, 2, …)'],
  ['descrizione', 'Descrizione del servizio'],
  ['periodicita', 'Periodicità (Annuale, Trimestrale, A quantità, A tempo, …)'],
  ['addebito', 'Quando si addebita, in parole'],
  ['compenso', 'Compenso pattuito (es. 600,00 €)'],
  ['compenso_unita', 'Per che cosa è il compenso (a trimestre, per cedolino, all’ora, …)'],
  ['cassa', 'Contributo integrativo di un addebito (— se a quantità o a tempo)'],
  ['iva', 'IVA di un addebito'],
  ['ritenuta', 'Ritenuta d’acconto di un addebito'],
  ['bollo', 'Imposta di bollo a carico del cliente di un addebito'],
  ['totale', 'Totale fattura di un addebito'],
  ['da_pagare', 'Quanto il cliente paga per un addebito (totale meno ritenuta)'],
].map(([key, description]) => ({
  key: key!,
  description: description!,
  group: 'Servizi (dentro {#servizi}…{/servizi})',
}));

/** The engagement's own tags, beside the Word templates' (customer, legal representative, studio, dates). */
export const ENGAGEMENT_KEYS: LetterKey[] = [
  ...[
    ['incarico_numero', 'Numero dell’incarico'],
    ['incarico_oggetto', 'Oggetto dell’incarico'],
    ['incarico_data_inizio', 'Data di inizio (GG-MM-AAAA)'],
    ['incarico_data_fine', 'Data di fine (vuota se a tempo indeterminato)'],
    ['incarico_durata', 'Durata in parole (dal … al … / a tempo indeterminato)'],
    ['incarico_preavviso_giorni', 'Giorni di preavviso per il recesso'],
    ['incarico_giorno_addebito', 'Giorno di addebito in parole'],
    ['incarico_pagamento_giorni', 'Giorni per il pagamento dalla fattura'],
    ['incarico_compenso_annuo', 'Compenso annuo dei servizi periodici (es. 2.400,00 €)'],
    ['incarico_una_tantum', 'Totale dei compensi una tantum'],
    ['luogo_data', 'Luogo e data della lettera (es. Roma, 15-03-2026)'],
    ['professionista', 'Il professionista che firma (titolo, nome e cognome)'],
    ['professionista_ordine', 'Iscrizione all’Ordine del professionista'],
    ['cliente_firmatario', 'Chi firma per il cliente (legale rappresentante o cliente)'],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Incarico' })),
  ...[
    ['parte_professionista', 'Il professionista come parte della lettera'],
    ['parte_cliente', 'Il cliente come parte della lettera'],
    ['premessa', 'Premessa (art. 9 D.L. 1/2012)'],
    ['clausola_oggetto', 'Art. 1 – Oggetto dell’incarico'],
    ['clausola_durata', 'Art. 2 – Durata'],
    ['clausola_obblighi_professionista', 'Art. 3 – Obblighi del professionista'],
    ['clausola_obblighi_cliente', 'Art. 4 – Obblighi del cliente'],
    ['clausola_compensi', 'Art. 5 – Compensi (prima della tabella dei servizi)'],
    ['clausola_addebiti', 'Art. 5 – Giorno di addebito e pagamento'],
    ['clausola_compenso_annuo', 'Art. 5 – Compenso annuo dei servizi periodici, in parole'],
    ['clausola_aggiornamento', 'Art. 6 – Aggiornamento annuo dei compensi'],
    ['clausola_trattamento', 'Art. 7 – IVA, cassa, ritenuta e bollo'],
    ['clausola_recesso', 'Art. 8 – Recesso'],
    ['clausola_antiriciclaggio', 'Art. 9 – Antiriciclaggio (D.Lgs. 231/2007)'],
    ['clausola_privacy', 'Art. 10 – Trattamento dei dati personali'],
    ['clausola_assicurazione', 'Art. 11 – Assicurazione professionale'],
    ['clausola_rinvio', 'Art. 12 – Rinvio'],
    ['clausola_approvazione', 'Approvazione specifica (artt. 1341 e 1342 c.c.)'],
  ].map(([key, description]) => ({ key: key!, description: description!, group: 'Clausole' })),
  {
    key: 'servizi',
    description: 'Elenco dei servizi: {#servizi} … {/servizi} ripete ciò che racchiude per ogni servizio',
    group: 'Servizi',
  },
];

/** Every tag a letter template may use at the top level (the Word templates' and the engagement's). */
export const LETTER_KEYS: LetterKey[] = [
  ...REPLACE_KEYS.map((k) => ({ key: k.key, description: k.description, group: k.group })),
  ...ENGAGEMENT_KEYS,
];

/** The values of one service's tags. */
function serviceValues(s: LetterServiceView): Record<string, string> {
  const f = s.figures;
  const money = (cents: number | undefined) => (f ? euroText(cents ?? 0) : '—');
  return {
    numero: String(s.number),
    descrizione: s.description,
    periodicita: s.periodicity,
    addebito: s.billing,
    compenso: euroText(s.fee),
    compenso_unita: s.unit,
    cassa: money(f?.cassa),
    iva: money(f?.vat),
    ritenuta: money(f?.withholding),
    bollo: money(f?.stamp),
    totale: money(f?.total),
    da_pagare: money(f?.payable),
  };
}

/** The data a letter template is filled with: every top-level tag (plain text) and the services' list. */
export interface LetterValues {
  values: Record<string, string>;
  services: Array<Record<string, string>>;
}

export function letterValues(d: LetterData): LetterValues {
  const e = d.engagement;
  const yearly = annualFee(d);
  const once = oneOffFee(d);
  const values: Record<string, string> = {
    ...d.base,
    data_oggi: displayDate(d.date),
    anno_corrente: d.date.slice(0, 4),
    incarico_numero: String(e.id),
    incarico_oggetto: e.title,
    incarico_data_inizio: displayDate(e.start_date),
    incarico_data_fine: e.end_date ? displayDate(e.end_date) : '',
    incarico_durata: durationText(e),
    incarico_preavviso_giorni: String(e.notice_days),
    incarico_giorno_addebito: billingDayText(e.billing_day),
    incarico_pagamento_giorni: String(e.payment_days),
    incarico_compenso_annuo: yearly ? euroText(yearly) : '',
    incarico_una_tantum: once ? euroText(once) : '',
    luogo_data: placeDate(d),
    professionista: professionalName(d),
    professionista_ordine: orderText(d),
    cliente_firmatario: customerSignatory(d),
    parte_professionista: partyProfessional(d),
    parte_cliente: partyCustomer(d),
    premessa: premise(),
    clausola_oggetto: clauseObject(d),
    clausola_durata: clauseDuration(d),
    clausola_obblighi_professionista: clauseProfessionalDuties(),
    clausola_obblighi_cliente: clauseCustomerDuties(),
    clausola_compensi: clauseFees(),
    clausola_addebiti: clauseBilling(d),
    clausola_compenso_annuo: annualText(d),
    clausola_aggiornamento: clauseUpdate(d),
    clausola_trattamento: clauseTreatment(d),
    clausola_recesso: clauseWithdrawal(d),
    clausola_antiriciclaggio: clauseAml(),
    clausola_privacy: clausePrivacy(d),
    clausola_assicurazione: clauseInsurance(),
    clausola_rinvio: clauseReferral(),
    clausola_approvazione: clauseApproval(),
  };
  return { values, services: serviceViews(d).map(serviceValues) };
}
