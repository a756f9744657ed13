/**
 * The studio's engagement letter (lettera di incarico professionale, PRODUCT.md §6) for one
 * customer: the parties (the studio's manager and the customer with its legal representative),
 * the object, duration, fee and installments, the customer's duties, anti-money-laundering and
 * privacy clauses, signatures. PDF (pdfmake) and HTML (Word opens it as `.doc`).
 */
import { displayDate, today } from '../../../model/dates.js';
import { Customer } from '../../../model/models/Customer.js';
import { fromCents, toCents } from '../../../model/money.js';
import type { DocCustomer } from './queries.js';
import { esc, euro, ibanText, studioDocument, studioHtml, type StudioData } from '../../render/frame.js';

export interface ContractData {
  studio: StudioData;
  manager: Record<string, string | null>;
  customer: DocCustomer;
  representative: { name: string; fiscal_code: string | null };
  fee: { amount: number; installments: number; since: string | null };
}

/** The split of the yearly fee in exact cents: equal installments, the remainder on the last. */
export function installmentsOf(amount: number, n: number): number[] {
  const cents = toCents(amount);
  const each = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => fromCents(i === n - 1 ? cents - each * (n - 1) : each));
}

const periodicity = (n: number) =>
  String(
    Customer.fields.yearly_number_of_installments!.choices!.find((c) => Number(c.value) === n)?.text ?? `${n} rate`,
  ).toLowerCase();

/** The letter as paragraphs: [heading or null, text]. One text for the PDF and the HTML. */
export function contractParagraphs(d: ContractData): Array<[string | null, string]> {
  const m = d.manager;
  const c = d.customer;
  const parts = installmentsOf(d.fee.amount, d.fee.installments);
  const equal = parts.every((p) => p === parts[0]);
  const split =
    d.fee.installments === 1
      ? `in un'unica soluzione annuale di ${euro(d.fee.amount)}`
      : `in ${d.fee.installments} rate con cadenza ${periodicity(d.fee.installments)}${equal ? ` di ${euro(parts[0]!)} ciascuna` : ` (${parts.map(euro).join(', ')})`}`;
  const customerId = [
    c.vat_id ? `P.IVA ${c.vat_id}` : null,
    c.fiscal_code && c.fiscal_code !== c.vat_id ? `C.F. ${c.fiscal_code}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    [
      null,
      `Tra ${m.manager_title} ${m.manager_name} ${m.manager_surname}, nato/a a ${m.manager_birth_city} il ${displayDate(m.manager_birth_date)}, C.F. ${m.manager_cf}, iscritto/a all'${m.manager_ordine_commercialisti_name} di ${m.manager_ordine_commercialisti_city} al n. ${m.manager_ordine_commercialisti_number}, con studio in ${d.studio.address} (di seguito "il Professionista"),`,
    ],
    [
      null,
      `e ${c.business_name}, con sede in ${[c.address, [c.postal_code, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}, ${customerId}, in persona del legale rappresentante ${d.representative.name}${d.representative.fiscal_code ? `, C.F. ${d.representative.fiscal_code}` : ''} (di seguito "il Cliente"),`,
    ],
    [null, 'si conviene e si stipula quanto segue.'],
    [
      "1. Oggetto dell'incarico",
      "Il Cliente conferisce al Professionista, che accetta, l'incarico di tenuta della contabilità, di predisposizione e trasmissione delle dichiarazioni fiscali e dei modelli di versamento, e di assistenza negli adempimenti fiscali e amministrativi ordinari. Prestazioni diverse saranno concordate per iscritto.",
    ],
    [
      '2. Durata',
      `L'incarico decorre dal ${displayDate(d.fee.since ?? today())} e si intende a tempo indeterminato; ciascuna parte può recedere con preavviso scritto di tre mesi, salvo il compenso maturato per l'attività svolta.`,
    ],
    [
      '3. Compenso',
      `Per le prestazioni indicate il Cliente corrisponde un compenso annuo di ${euro(d.fee.amount)}, oltre al contributo integrativo e all'IVA di legge, da pagare ${split}, mediante bonifico sul conto dello studio${d.studio.iban ? ` (IBAN ${ibanText(d.studio.iban)})` : ''}.`,
    ],
    [
      '4. Obblighi del Cliente',
      "Il Cliente si impegna a consegnare in tempo utile la documentazione necessaria, completa e veritiera, e a comunicare ogni fatto rilevante per l'incarico. Il Professionista non risponde di conseguenze dovute a documentazione tardiva, incompleta o non veritiera.",
    ],
    [
      '5. Antiriciclaggio',
      'Le parti danno atto degli obblighi di adeguata verifica della clientela previsti dal D.Lgs. 231/2007; il Cliente fornisce le informazioni e i documenti richiesti a tal fine.',
    ],
    [
      '6. Riservatezza e dati personali',
      "Il Professionista tratta i dati del Cliente nel rispetto del Regolamento (UE) 2016/679 e del segreto professionale, per le sole finalità dell'incarico.",
    ],
    ['7. Foro competente', `Per ogni controversia è competente il foro di ${m.sign_city}.`],
  ];
}

export function contractPdfDoc(d: ContractData) {
  const m = d.manager;
  return studioDocument(d.studio, `Lettera di incarico ${d.customer.business_name}`, [
    { text: 'Lettera di incarico professionale', style: 'title', alignment: 'center' },
    ...contractParagraphs(d).flatMap(([heading, text]) => [
      ...(heading ? [{ text: heading, bold: true, margin: [0, 8, 0, 2] }] : []),
      { text, alignment: 'justify', lineHeight: 1.25, margin: [0, 0, 0, 4] },
    ]),
    { text: `${m.sign_city}, ${displayDate(today())}`, margin: [0, 16, 0, 24] },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: 'Il Professionista', style: 'label' },
            { canvas: [{ type: 'line', x1: 0, y1: 28, x2: 200, y2: 28, lineWidth: 0.5 }] },
            { text: `${m.manager_title} ${m.manager_name} ${m.manager_surname}`, margin: [0, 4, 0, 0] },
          ],
        },
        {
          width: '*',
          stack: [
            { text: 'Il Cliente', style: 'label' },
            { canvas: [{ type: 'line', x1: 0, y1: 28, x2: 200, y2: 28, lineWidth: 0.5 }] },
            { text: `${d.customer.business_name} – ${d.representative.name}`, margin: [0, 4, 0, 0] },
          ],
        },
      ],
    },
  ]);
}

export function contractHtml(d: ContractData) {
  const m = d.manager;
  const body = `<h1 style="text-align:center">Lettera di incarico professionale</h1>
${contractParagraphs(d)
  .map(([h, t]) => `${h ? `<h3>${esc(h)}</h3>` : ''}<p style="text-align:justify">${esc(t)}</p>`)
  .join('\n')}
<p style="margin-top:24px">${esc(m.sign_city)}, ${esc(displayDate(today()))}</p>
<table style="width:100%;margin-top:24px"><tr><td>Il Professionista<br><br>______________________<br>${esc(`${m.manager_title} ${m.manager_name} ${m.manager_surname}`)}</td>
<td>Il Cliente<br><br>______________________<br>${esc(`${d.customer.business_name} – ${d.representative.name}`)}</td></tr></table>`;
  return studioHtml(d.studio, `Lettera di incarico ${d.customer.business_name}`, body);
}
