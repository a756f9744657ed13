/**
 * The customer's declaration for the due diligence (issue 48 item 4; art. 22 D.Lgs. 231/2007),
 * modelled on form AV.4 of the CNDCEC guidelines of 2019 ('Dichiarazione del cliente ai fini
 * dell'adeguata verifica'): the declarant (the customer or its esecutore) with the identity
 * document, the customer's data, the beneficial owners with their shares, the PEP statement, scopo
 * e natura of the service, the origin of the funds when given, the commitment to report changes,
 * the warning of art. 55 c. 3, the privacy note, place, date and signature.
 *
 * The declaration is filled from the identification in force (the latest saved); a customer not yet
 * identified gets the same form with the registry's data and dotted lines to fill by hand.
 *
 * Two formats: the PDF on the studio's letterhead (pdfmake, server/render) and a Word document: a
 * built-in .docx made here once, whose `{key}` placeholders (DECLARATION_KEYS) docxtemplater fills
 * with the options of the Word templates' engine (server/areas/wordTemplates/template.ts): the
 * default parser — a tag is a name looked up in a plain object without prototype, never an
 * expression —, an empty value prints nothing, no raw-XML tags, every value escaped as text.
 * The engine's own filler is not used because it fills only the keys it knows (REPLACE_KEYS and
 * the reminders'), which these are not.
 *
 * Also the pure text helpers the file's other documents share (filePdf.ts, exportZip.ts).
 */
import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import { amlService } from '../../../model/aml.js';
import {
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_METHODS,
  OWNER_CRITERIA,
  OWNER_SOURCES,
  type AmlIdentificationInput,
} from '../../../model/api/aml.js';
import { displayDate, today } from '../../../model/dates.js';
import { notFound } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import type { Storage } from '../../storage/index.js';
import { renderPdf, type PdfDoc } from '../../render/pdf.js';
import { studioDocument, type StudioData } from '../../render/frame.js';
import { safeEntryName } from '../../render/zip.js';
import { packageDocx, xmlText } from '../../render/docxPackage.js';
import { identificationsOf } from './amlQueries.js';
import { amlDocCustomer, type AmlDocCustomer } from './documentQueries.js';
import { studioData } from '../studio/index.js';

// ---------------------------------------------------------------------------------------------
// Shared text helpers (pure)
// ---------------------------------------------------------------------------------------------

export type AmlPersonData = NonNullable<AmlIdentificationInput['customer_person']>;
export type AmlOwnerData = AmlIdentificationInput['owners'][number];
export type AmlDocumentData = AmlIdentificationInput['documents'][number];

/** A number with `digits` decimals and the Italian comma: 1.78 → '1,78', 3 → '3,00'. */
export const decimalText = (n: number, digits = 2) => Number(n).toFixed(digits).replace('.', ',');

/** A share in per cent as Italians write it: 25 → '25 %', 33.5 → '33,5 %', 12.345 → '12,35 %'. */
export const shareText = (n: number) =>
  `${n
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', ',')} %`;

/** The text of a code among a list of `{ value, text }` (the code itself when unknown). */
export const labelOf = (list: readonly { value: string; text: string }[], value: string | null | undefined) =>
  value == null ? '' : (list.find((x) => x.value === value)?.text ?? value);

/** The words of a list that are given, joined. */
export const joined = (parts: Array<string | null | undefined>, sep = ' ') =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(sep);

/** 'Roma, 01-02-1970' — where and when a person was born ('' when neither is known). */
export const birthText = (p: { birth_place?: string; birth_date?: string } | null | undefined) =>
  joined([p?.birth_place, p?.birth_date ? displayDate(p.birth_date) : null], ', ');

/** The customer's seat or residence on one line: 'Via Roma 1, 00100 Roma (RM)'. */
export const customerAddressText = (c: Pick<AmlDocCustomer, 'address' | 'postal_code' | 'city' | 'province'>) =>
  joined([c.address, joined([c.postal_code, c.city, c.province ? `(${c.province.toUpperCase()})` : null])], ', ');

/** An identity document on one line: 'Carta d'identità n. CA12345AB, rilasciata da Comune di Roma il …, scadenza …'. */
export const documentText = (d: AmlDocumentData) =>
  joined(
    [
      `${labelOf(ID_DOCUMENT_TYPES, d.type)} n. ${d.number}`,
      `rilasciato da ${d.issuer}${d.issued_on ? ` il ${displayDate(d.issued_on)}` : ''}`,
      `scadenza ${displayDate(d.expires_on)}`,
    ],
    ', ',
  );

/** A beneficial owner on one line (the Word declaration lists them so). */
export const ownerText = (o: AmlOwnerData) =>
  joined(
    [
      o.name,
      o.tax_code ? `C.F. ${o.tax_code}` : null,
      birthText(o) ? `nato/a a ${birthText(o)}` : null,
      o.address ? `residente in ${o.address}` : null,
      o.citizenship ? `cittadinanza ${o.citizenship}` : null,
      o.share != null ? `quota ${shareText(o.share)}` : null,
      labelOf(OWNER_CRITERIA, o.criterion).toLowerCase(),
      o.pep ? 'persona politicamente esposta' : null,
    ],
    ', ',
  );

/** The services' descriptions (model/aml.ts AML_SERVICES). */
export const servicesText = (codes: readonly string[]) => codes.map((c) => amlService(c)?.description ?? c);

/** The file name of a customer's document: `{prefix}_{customer}.{ext}` in safe characters. */
export const amlFileName = (prefix: string, customer: string, ext: string) =>
  `${prefix}_${safeEntryName(customer, 80).replace(/\.+$/, '')}.${ext}`;

export { IDENTIFICATION_METHODS, OWNER_SOURCES };

// ---------------------------------------------------------------------------------------------
// The declaration's data
// ---------------------------------------------------------------------------------------------

export interface DeclarationData {
  studio: StudioData;
  customer: AmlDocCustomer;
  /** the identification in force; null: the blank form */
  identification: AmlIdentificationInput | null;
}

/** Who signs: the esecutore when there is one, else the customer as a natural person; null when unknown. */
export interface Declarant {
  person: AmlPersonData | null;
  /** 'cliente': a natural person acting for himself; 'esecutore': acting for the customer, `role` says how */
  capacity: 'cliente' | 'esecutore' | null;
  role: string | null;
  document: AmlDocumentData | null;
}

export function declarantOf(data: AmlIdentificationInput | null): Declarant {
  if (data?.executor)
    return {
      person: data.executor,
      capacity: 'esecutore',
      role: data.executor.role,
      document: data.documents.find((d) => d.holder === 'esecutore') ?? null,
    };
  if (data?.subject === 'persona_fisica' && data.customer_person)
    return {
      person: data.customer_person,
      capacity: 'cliente',
      role: null,
      document: data.documents.find((d) => d.holder === 'cliente') ?? null,
    };
  return { person: null, capacity: null, role: null, document: null };
}

/** The customer's data, the declaration's and the identification in force; 404 when not the studio's. */
export async function declarationData(exec: Exec, studioId: number, customerId: number): Promise<DeclarationData> {
  const customer = await amlDocCustomer(exec, studioId, customerId);
  if (!customer) throw notFound();
  const [studio, identifications] = await Promise.all([
    studioData(exec, studioId),
    identificationsOf(exec, studioId, customerId),
  ]);
  return { studio, customer, identification: identifications[0]?.data ?? null };
}

// ---------------------------------------------------------------------------------------------
// The texts of the form
// ---------------------------------------------------------------------------------------------

const studioName = (s: StudioData) => s.name?.trim() || 'lo studio professionale';

export const DECLARATION_TITLE = 'Dichiarazione del cliente ai fini dell’adeguata verifica';
export const DECLARATION_SUBTITLE =
  'art. 22 D.Lgs. 21 novembre 2007, n. 231 – modello AV.4 delle Linee guida CNDCEC per l’adeguata verifica della clientela';

export const declarationIntro = (s: StudioData) =>
  `Il/La sottoscritto/a, ai sensi dell’art. 22 del D.Lgs. 21 novembre 2007, n. 231, consapevole dell’obbligo di ` +
  `fornire per iscritto, sotto la propria responsabilità, tutte le informazioni necessarie e aggiornate per ` +
  `consentire a ${studioName(s)} di adempiere agli obblighi di adeguata verifica della clientela, e delle ` +
  `conseguenze penali previste per chi fornisce dati falsi o informazioni non veritiere,`;

export const PEP_NO =
  'che né il cliente, né l’esecutore, né i titolari effettivi sono persone politicamente esposte, loro familiari ' +
  'o soggetti con i quali esse intrattengono notoriamente stretti legami (art. 1, comma 2, lett. dd, D.Lgs. 231/2007)';
export const PEP_YES =
  'che il cliente, l’esecutore o un titolare effettivo è persona politicamente esposta, familiare di una persona ' +
  'politicamente esposta o soggetto con cui essa intrattiene notoriamente stretti legami, come segue:';

export const COMMITMENTS = [
  'che le informazioni fornite sono complete, veritiere e aggiornate;',
  'di impegnarsi a comunicare tempestivamente allo studio ogni variazione dei dati e delle informazioni dichiarati, ' +
    'compresi quelli sul titolare effettivo (art. 22, comma 1, D.Lgs. 231/2007);',
  'di essere a conoscenza che, quando non è possibile completare l’adeguata verifica, il professionista è tenuto ad ' +
    'astenersi dalla prestazione (art. 42 D.Lgs. 231/2007).',
];

export const ART_55_TITLE = 'Avvertenza – art. 55, comma 3, D.Lgs. 231/2007';
export const ART_55 =
  '«Salvo che il fatto costituisca più grave reato, chiunque, essendo obbligato, ai sensi del presente decreto, a ' +
  'fornire i dati e le informazioni necessarie ai fini dell’adeguata verifica della clientela, fornisce dati falsi o ' +
  'informazioni non veritiere, è punito con la reclusione da sei mesi a tre anni e con la multa da 10.000 euro a ' +
  '30.000 euro.»';

export const privacyNote = (s: StudioData) =>
  `Titolare del trattamento è ${studioName(s)}. I dati personali sono trattati, anche con strumenti informatici, al ` +
  `solo fine di adempiere agli obblighi di adeguata verifica e di conservazione previsti dal D.Lgs. 231/2007: il loro ` +
  `conferimento è obbligatorio per legge (art. 6, par. 1, lett. c, Reg. UE 2016/679) e il rifiuto impedisce di ` +
  `eseguire la prestazione. I dati sono conservati per dieci anni dalla cessazione del rapporto (art. 31 D.Lgs. ` +
  `231/2007) e sono comunicati soltanto alle autorità competenti nei casi previsti dalla legge. L’interessato può ` +
  `esercitare i diritti degli artt. 15–22 del Regolamento nei limiti dell’art. 2-undecies del D.Lgs. 196/2003 e ` +
  `proporre reclamo al Garante per la protezione dei dati personali.`;

// ---------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------

/** the width of an A4 page inside the studio document's margins */
const WIDTH = 515;
const GAP = 12;
const BLUE = '#1a3d6d';

/** a dotted line to write on by hand */
const dotted = (width: number, y = 13) => ({
  canvas: [
    {
      type: 'line',
      x1: 0,
      y1: y,
      x2: width,
      y2: y,
      lineWidth: 0.6,
      dash: { length: 1, space: 2 },
      lineColor: '#777777',
    },
  ],
});

/** a labelled value of the form; the dotted line when the value is unknown */
const field = (label: string, value: string | null | undefined, width: number) => ({
  width,
  stack: [
    { text: label, style: 'label' },
    value?.trim() ? { text: value.trim(), fontSize: 10, margin: [0, 1, 0, 0] } : dotted(width),
  ],
});

/** a line of fields; their widths and the gaps between them make the page's width */
const row = (...cells: Array<[string, string | null | undefined, number]>) => ({
  columns: cells.map(([l, v, w]) => field(l, v, w)),
  columnGap: GAP,
  margin: [0, 0, 0, 7],
});

/** parts kept on one page (a section's title with what opens it) */
const kept = (...nodes: unknown[]) => ({ stack: nodes, unbreakable: true });

const section = (title: string) => ({
  stack: [
    { text: title, bold: true, fontSize: 10.5, color: BLUE },
    { canvas: [{ type: 'line', x1: 0, y1: 2, x2: WIDTH, y2: 2, lineWidth: 0.6, lineColor: BLUE }] },
  ],
  margin: [0, 10, 0, 6],
  unbreakable: true,
});

/** a square, ticked or not, and its text (drawn: a box character is not in the standard fonts) */
const choice = (checked: boolean, text: unknown, width: number | string = 'auto') => ({
  width,
  columns: [
    {
      width: 11,
      canvas: [
        { type: 'rect', x: 0, y: 1.5, w: 8, h: 8, lineWidth: 0.7 },
        ...(checked
          ? [
              { type: 'line', x1: 1.5, y1: 3, x2: 6.5, y2: 8, lineWidth: 1 },
              { type: 'line', x1: 1.5, y1: 8, x2: 6.5, y2: 3, lineWidth: 1 },
            ]
          : []),
      ],
    },
    { width: '*', text: text as string },
  ],
  columnGap: 3,
  margin: [0, 0, 0, 4],
});

const head = (text: string) => ({ text, bold: true, fontSize: 8, fillColor: '#e8eef6' });

/** The beneficial owners' table; three empty rows on the blank form. */
function ownersTable(owners: AmlOwnerData[] | null) {
  const cell = (text: string) => ({ text, fontSize: 8 });
  const rows = owners
    ? owners.map((o) => [
        { text: o.name, fontSize: 8.5, bold: true },
        { text: o.tax_code ?? '', fontSize: 7.5 },
        cell(birthText(o)),
        cell(joined([o.address, o.citizenship ? `(${o.citizenship})` : null])),
        { text: o.share != null ? shareText(o.share) : '', fontSize: 8.5, alignment: 'right' },
        cell(labelOf(OWNER_CRITERIA, o.criterion)),
        { text: o.pep ? 'Sì' : 'No', fontSize: 8, alignment: 'center' },
      ])
    : [0, 1, 2].map(() => ['', '', '', '', '', '', '']);
  return {
    table: {
      headerRows: 1,
      // lightHorizontalLines pads 8 pt each side of an inner edge: 6 × 16 of the 515
      widths: [78, 78, 58, 62, 28, 95, 20],
      ...(owners ? {} : { heights: [12, 24, 24, 24] }),
      body: [
        [
          head('Nome e cognome'),
          head('Codice fiscale'),
          head('Luogo e data di nascita'),
          head('Residenza (cittadinanza)'),
          { ...head('Quota'), alignment: 'right' },
          head('Titolo (art. 20)'),
          { ...head('PEP'), alignment: 'center' },
        ],
        ...rows,
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 4],
  };
}

/** Dotted lines to write a longer answer by hand. */
const handLines = (n: number) => ({
  stack: Array.from({ length: n }, () => dotted(WIDTH, 16)),
  margin: [0, 0, 0, 6],
});

/** A longer answer: its label and the text, or dotted lines. */
const answer = (label: string, value: string | null | undefined, lines = 2) => ({
  stack: [
    { text: label, style: 'label' },
    value?.trim() ? { text: value.trim(), fontSize: 10, margin: [0, 1, 0, 7] } : handLines(lines),
  ],
});

/** The pdfmake document of the declaration. */
export function declarationPdfDoc(d: DeclarationData, now = new Date()): PdfDoc {
  const id = d.identification;
  const who = declarantOf(id);
  const p = who.person;
  const doc = who.document;
  const c = d.customer;
  const company = id ? id.subject === 'persona_giuridica' : null;
  const owners = id ? id.owners : null;
  const services = id ? servicesText(id.services) : [];
  const funds = id ? id.funds_origin?.trim() || null : null;
  const nature = joined([
    company === null ? null : company ? 'Ente o società' : 'Persona fisica',
    c.legal_status ? `(${c.legal_status})` : null,
  ]);

  const content: unknown[] = [
    { text: DECLARATION_TITLE, style: 'title', margin: [0, 0, 0, 2] },
    { text: DECLARATION_SUBTITLE, color: '#555555', fontSize: 8.5, margin: [0, 0, 0, 10] },
    { text: declarationIntro(d.studio), alignment: 'justify', lineHeight: 1.2, margin: [0, 0, 0, 4] },
    { text: 'DICHIARA', bold: true, alignment: 'center', fontSize: 11, margin: [0, 4, 0, 0] },

    kept(
      section('1. I propri dati (il dichiarante)'),
      row(['Nome e cognome', p?.name, 300], ['Codice fiscale', p?.tax_code, WIDTH - 300 - GAP]),
    ),
    row(['Luogo e data di nascita', birthText(p), 300], ['Cittadinanza', p?.citizenship, WIDTH - 300 - GAP]),
    row(['Residenza', p?.address, WIDTH]),
    {
      stack: [
        { text: 'In qualità di', style: 'label', margin: [0, 0, 0, 2] },
        {
          columns: [
            choice(who.capacity === 'cliente', 'cliente, persona fisica che agisce in nome proprio', 220),
            choice(
              who.capacity === 'esecutore',
              {
                text: [
                  'esecutore per conto del cliente, come ',
                  who.role ? { text: who.role, bold: true } : who.capacity ? '' : '……………………………………',
                ],
              },
              '*',
            ),
          ],
          columnGap: 10,
        },
      ],
      margin: [0, 0, 0, 5],
    },
    row(
      ['Documento di riconoscimento', doc ? labelOf(ID_DOCUMENT_TYPES, doc.type) : null, 160],
      ['Numero', doc?.number, 110],
      ['Rilasciato da', doc?.issuer, WIDTH - 160 - 110 - 2 * GAP],
    ),
    row(
      ['Data di rilascio', doc?.issued_on ? displayDate(doc.issued_on) : null, 160],
      ['Data di scadenza', doc ? displayDate(doc.expires_on) : null, 110],
    ),

    kept(
      section('2. I dati del cliente'),
      row(['Denominazione o nome e cognome', c.business_name, 300], ['Natura', nature || null, WIDTH - 300 - GAP]),
      row(
        ['Codice fiscale', c.fiscal_code, 160],
        ['Partita IVA', c.vat_id, 110],
        ['Sede legale o residenza', customerAddressText(c), WIDTH - 160 - 110 - 2 * GAP],
      ),
      ...(id?.subject === 'persona_fisica' && id.customer_person
        ? [
            row(
              ['Luogo e data di nascita del cliente', birthText(id.customer_person), 300],
              ['Cittadinanza', id.customer_person.citizenship, WIDTH - 300 - GAP],
            ),
          ]
        : []),
    ),

    kept(section('3. I titolari effettivi (art. 20 D.Lgs. 231/2007)'), {
      text:
        owners && owners.length === 1
          ? 'che il titolare effettivo del cliente è:'
          : 'che i titolari effettivi del cliente sono:',
      margin: [0, 0, 0, 4],
    }),
    owners && owners.length === 0
      ? { text: 'Nessun titolare effettivo indicato.', italics: true, color: '#555555', margin: [0, 0, 0, 4] }
      : ownersTable(owners),

    kept(
      section('4. Persone politicamente esposte'),
      choice(id ? !id.pep : false, `${PEP_NO};`, WIDTH),
      choice(id ? id.pep : false, PEP_YES, WIDTH),
      id?.pep && id.pep_details?.trim()
        ? { text: id.pep_details.trim(), margin: [14, 0, 0, 4], bold: true }
        : id?.pep || !id
          ? { ...handLines(2), margin: [14, 0, 0, 4] }
          : { text: '' },
    ),

    kept(section('5. Scopo e natura della prestazione professionale'), {
      stack: [
        { text: 'Prestazioni richieste', style: 'label' },
        services.length ? { ul: services, fontSize: 9.5, margin: [0, 1, 0, 7] } : handLines(2),
      ],
    }),
    answer('Scopo della prestazione', id?.purpose),
    answer('Natura della prestazione', id?.nature),
    ...(funds || !id
      ? [
          kept(
            section('6. Origine dei fondi'),
            answer(
              id
                ? 'Origine dei fondi e delle risorse impiegati nella prestazione'
                : 'Origine dei fondi e delle risorse impiegati nella prestazione (per l’adeguata verifica rafforzata)',
              funds,
            ),
          ),
        ]
      : []),

    kept(section(`${funds || !id ? '7' : '6'}. Dichiara inoltre`), {
      ul: COMMITMENTS,
      alignment: 'justify',
      margin: [0, 0, 0, 8],
    }),
    {
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: [
                { text: ART_55_TITLE, bold: true, color: BLUE, margin: [0, 0, 0, 2] },
                { text: ART_55, alignment: 'justify', fontSize: 8.5 },
              ],
              fillColor: '#f3f6fb',
              margin: [6, 4, 6, 4],
            },
          ],
        ],
      },
      layout: 'studioBox',
      margin: [0, 0, 0, 8],
      unbreakable: true,
    },
    {
      stack: [
        { text: 'Informativa sul trattamento dei dati personali (art. 13 Reg. UE 2016/679)', bold: true, fontSize: 8 },
        { text: privacyNote(d.studio), fontSize: 7.5, color: '#444444', alignment: 'justify' },
      ],
      margin: [0, 0, 0, 14],
    },
    {
      columns: [
        {
          width: 230,
          stack: [{ text: 'Luogo e data', style: 'label' }, dotted(230, 24)],
        },
        {
          width: '*',
          stack: [{ text: 'Firma del dichiarante', style: 'label' }, dotted(WIDTH - 230 - 40, 24)],
        },
      ],
      columnGap: 40,
      unbreakable: true,
    },
  ];
  const base = studioDocument(d.studio, `${DECLARATION_TITLE} – ${c.business_name}`, content);
  return {
    ...base,
    pageFooter: {
      ...base.pageFooter,
      text: `${c.business_name} – Dichiarazione ai fini dell’adeguata verifica (art. 22 D.Lgs. 231/2007), modulo del ${displayDate(today(now))}   ·   Pagina {page} di {pages}`,
    },
  };
}

/**
 * The declaration of a customer of the studio as a PDF, ready to be signed (another part of the
 * product attaches it to an e-mail). 404 when the customer is not the studio's. `storage` is not
 * read (the letterhead's logo is in the studio's row); it is in the signature for the callers'
 * sake, as the other documents of a customer take it.
 */
export async function declarationPdf(
  exec: Exec,
  _storage: Storage | null | undefined,
  studioId: number,
  customerId: number,
  now: Date = new Date(),
  opts: { batch?: boolean } = {},
): Promise<{ filename: string; bytes: Buffer }> {
  const d = await declarationData(exec, studioId, customerId);
  return {
    filename: amlFileName('Dichiarazione_antiriciclaggio', d.customer.business_name, 'pdf'),
    bytes: await renderPdf(declarationPdfDoc(d, now), opts),
  };
}

// ---------------------------------------------------------------------------------------------
// Word
// ---------------------------------------------------------------------------------------------

/** What fills a line left blank in the Word form. */
export const DOTS = '……………………………………………';

/**
 * The placeholders of the Word declaration, with their meaning. The customer's and the studio's
 * keep the names of the Word templates' REPLACE_KEYS.
 */
export const DECLARATION_KEYS: Array<{ key: string; description: string }> = [
  ['studio_nome', 'Nome dello studio'],
  ['data_oggi', 'Data di oggi (GG-MM-AAAA)'],
  ['dichiarante_nome', 'Nome e cognome del dichiarante'],
  ['dichiarante_codice_fiscale', 'Codice fiscale del dichiarante'],
  ['dichiarante_nascita', 'Luogo e data di nascita del dichiarante'],
  ['dichiarante_residenza', 'Residenza del dichiarante'],
  ['dichiarante_cittadinanza', 'Cittadinanza del dichiarante'],
  ['qualita_cliente', '☒ quando il dichiarante è il cliente, altrimenti ☐'],
  ['qualita_esecutore', '☒ quando il dichiarante è l’esecutore, altrimenti ☐'],
  ['esecutore_ruolo', 'In che veste agisce l’esecutore'],
  ['documento', 'Il documento di riconoscimento del dichiarante'],
  ['cliente_ragione_sociale', 'Ragione sociale o nome e cognome del cliente'],
  ['cliente_natura', 'Persona fisica o ente, con la forma giuridica'],
  ['cliente_codice_fiscale', 'Codice fiscale del cliente'],
  ['cliente_partita_iva', 'Partita IVA del cliente'],
  ['cliente_sede', 'Sede legale o residenza del cliente'],
  ['titolari_effettivi', 'I titolari effettivi, uno per riga'],
  ['pep_no', '☒ quando nessuno è persona politicamente esposta, altrimenti ☐'],
  ['pep_si', '☒ quando qualcuno è persona politicamente esposta, altrimenti ☐'],
  ['pep_dettagli', 'Chi è persona politicamente esposta e con quale carica'],
  ['prestazioni', 'Le prestazioni richieste, una per riga'],
  ['scopo', 'Scopo della prestazione'],
  ['natura', 'Natura della prestazione'],
  ['origine_fondi', 'Origine dei fondi'],
].map(([key, description]) => ({ key: key!, description: description! }));

const box = (checked: boolean) => (checked ? '☒' : '☐');

/** The values of DECLARATION_KEYS for one customer (DOTS where the form is to be filled by hand). */
export function declarationValues(d: DeclarationData, now = new Date()): Record<string, string> {
  const id = d.identification;
  const who = declarantOf(id);
  const p = who.person;
  const c = d.customer;
  const or = (v: string | null | undefined) => v?.trim() || DOTS;
  const company = id ? id.subject === 'persona_giuridica' : null;
  return {
    studio_nome: d.studio.name ?? '',
    data_oggi: displayDate(today(now)),
    dichiarante_nome: or(p?.name),
    dichiarante_codice_fiscale: or(p?.tax_code),
    dichiarante_nascita: or(birthText(p)),
    dichiarante_residenza: or(p?.address),
    dichiarante_cittadinanza: or(p?.citizenship),
    qualita_cliente: box(who.capacity === 'cliente'),
    qualita_esecutore: box(who.capacity === 'esecutore'),
    esecutore_ruolo: who.capacity === 'esecutore' ? or(who.role) : who.capacity ? '' : DOTS,
    documento: or(who.document ? documentText(who.document) : null),
    cliente_ragione_sociale: c.business_name,
    cliente_natura: or(
      joined([
        company === null ? null : company ? 'Ente o società' : 'Persona fisica',
        c.legal_status ? `(${c.legal_status})` : null,
      ]),
    ),
    cliente_codice_fiscale: or(c.fiscal_code),
    cliente_partita_iva: or(c.vat_id),
    cliente_sede: or(customerAddressText(c)),
    titolari_effettivi: id
      ? id.owners.length
        ? id.owners.map((o, i) => `${i + 1}. ${ownerText(o)}`).join('\n')
        : 'Nessun titolare effettivo indicato.'
      : `1. ${DOTS}\n2. ${DOTS}\n3. ${DOTS}`,
    pep_no: box(!!id && !id.pep),
    pep_si: box(!!id && id.pep),
    pep_dettagli: id ? (id.pep ? or(id.pep_details) : '') : DOTS,
    prestazioni: id && id.services.length ? servicesText(id.services).join('\n') : DOTS,
    scopo: or(id?.purpose),
    natura: or(id?.nature),
    origine_fondi: or(id?.funds_origin),
  };
}

// the built-in template: Word's package parts around paragraphs of runs

interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** points */
  size?: number;
  color?: string;
}
interface Para {
  runs: Array<Run | string>;
  align?: 'left' | 'center' | 'both';
  /** space after, in twentieths of a point */
  after?: number;
  before?: number;
  /** left indent, in twentieths of a point */
  indent?: number;
  size?: number;
  keepNext?: boolean;
  /** a rule under the paragraph, in the studio's colour */
  rule?: boolean;
}

function paraXml(p: Para): string {
  const ppr =
    `<w:pPr>${p.keepNext ? '<w:keepNext/>' : ''}` +
    (p.rule ? '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="1A3D6D"/></w:pBdr>' : '') +
    `<w:spacing w:before="${p.before ?? 0}" w:after="${p.after ?? 120}"/>` +
    (p.indent ? `<w:ind w:left="${p.indent}"/>` : '') +
    (p.align ? `<w:jc w:val="${p.align}"/>` : '') +
    '</w:pPr>';
  const runs = p.runs
    .map((r) => (typeof r === 'string' ? { text: r } : r))
    .map((r) => {
      const size = r.size ?? p.size ?? 10;
      const rpr =
        '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>' +
        `${r.bold ? '<w:b/>' : ''}${r.italic ? '<w:i/>' : ''}${r.color ? `<w:color w:val="${r.color}"/>` : ''}` +
        `<w:sz w:val="${Math.round(size * 2)}"/></w:rPr>`;
      return `<w:r>${rpr}<w:t xml:space="preserve">${xmlText(r.text)}</w:t></w:r>`;
    })
    .join('');
  return `<w:p>${ppr}${runs}</w:p>`;
}

/** The paragraphs of the Word declaration, with its `{key}` placeholders (each inside one run). */
function templateParagraphs(): Para[] {
  const title = (text: string): Para => ({
    runs: [{ text, bold: true, size: 11, color: '1A3D6D' }],
    before: 200,
    after: 100,
    keepNext: true,
    rule: true,
  });
  const labelled = (label: string, key: string): Para => ({
    runs: [{ text: `${label}: `, color: '555555' }, `{${key}}`],
    after: 60,
  });
  return [
    { runs: [{ text: '{studio_nome}', bold: true, size: 13, color: '1A3D6D' }], after: 240, rule: true },
    { runs: [{ text: DECLARATION_TITLE, bold: true, size: 15 }], after: 40 },
    { runs: [{ text: DECLARATION_SUBTITLE, size: 8.5, color: '555555' }], after: 200 },
    {
      runs: [
        'Il/La sottoscritto/a, ai sensi dell’art. 22 del D.Lgs. 21 novembre 2007, n. 231, consapevole dell’obbligo di fornire per iscritto, sotto la propria responsabilità, tutte le informazioni necessarie e aggiornate per consentire a ',
        '{studio_nome}',
        ' di adempiere agli obblighi di adeguata verifica della clientela, e delle conseguenze penali previste per chi fornisce dati falsi o informazioni non veritiere,',
      ],
      align: 'both',
    },
    { runs: [{ text: 'DICHIARA', bold: true, size: 11 }], align: 'center', before: 60, after: 60 },
    title('1. I propri dati (il dichiarante)'),
    labelled('Nome e cognome', 'dichiarante_nome'),
    labelled('Codice fiscale', 'dichiarante_codice_fiscale'),
    labelled('Luogo e data di nascita', 'dichiarante_nascita'),
    labelled('Residenza', 'dichiarante_residenza'),
    labelled('Cittadinanza', 'dichiarante_cittadinanza'),
    {
      runs: [
        { text: 'In qualità di: ', color: '555555' },
        '{qualita_cliente}',
        ' cliente (persona fisica che agisce in nome proprio)   ',
        '{qualita_esecutore}',
        ' esecutore per conto del cliente, come ',
        { text: '{esecutore_ruolo}', bold: true },
      ],
      after: 60,
    },
    labelled('Documento di riconoscimento', 'documento'),
    title('2. I dati del cliente'),
    labelled('Denominazione o nome e cognome', 'cliente_ragione_sociale'),
    labelled('Natura', 'cliente_natura'),
    labelled('Codice fiscale', 'cliente_codice_fiscale'),
    labelled('Partita IVA', 'cliente_partita_iva'),
    labelled('Sede legale o residenza', 'cliente_sede'),
    title('3. I titolari effettivi (art. 20 D.Lgs. 231/2007)'),
    { runs: ['che i titolari effettivi del cliente sono:'], after: 60 },
    { runs: ['{titolari_effettivi}'], indent: 280 },
    title('4. Persone politicamente esposte'),
    { runs: ['{pep_no}', ` ${PEP_NO};`], align: 'both', after: 60 },
    { runs: ['{pep_si}', ` ${PEP_YES}`], align: 'both', after: 60 },
    { runs: [{ text: '{pep_dettagli}', bold: true }], indent: 280 },
    title('5. Scopo e natura della prestazione professionale'),
    { runs: [{ text: 'Prestazioni richieste:', color: '555555' }], after: 40 },
    { runs: ['{prestazioni}'], indent: 280 },
    labelled('Scopo della prestazione', 'scopo'),
    labelled('Natura della prestazione', 'natura'),
    title('6. Origine dei fondi'),
    labelled('Origine dei fondi e delle risorse impiegati nella prestazione', 'origine_fondi'),
    title('7. Dichiara inoltre'),
    ...COMMITMENTS.map((t): Para => ({ runs: [`– ${t}`], indent: 280, align: 'both', after: 60 })),
    { runs: [{ text: ART_55_TITLE, bold: true, color: '1A3D6D' }], before: 160, after: 40, keepNext: true },
    { runs: [{ text: ART_55, size: 9 }], align: 'both' },
    {
      runs: [
        { text: 'Informativa sul trattamento dei dati personali (art. 13 Reg. UE 2016/679)', bold: true, size: 8.5 },
      ],
      before: 120,
      after: 40,
      keepNext: true,
    },
    {
      runs: [
        {
          text: privacyNote({ name: '{studio_nome}' } as StudioData),
          size: 8,
          color: '444444',
        },
      ],
      align: 'both',
    },
    { runs: [`Luogo e data ${DOTS}`], before: 360, after: 360 },
    { runs: [`Firma del dichiarante ${DOTS}`] },
  ];
}

/** The built-in Word template of the declaration (placeholders DECLARATION_KEYS), made once. */
export function declarationTemplate(lib: { PizZip: typeof PizZip }): Buffer {
  const body = templateParagraphs().map(paraXml).join('');
  return packageDocx(lib.PizZip, body, 1134);
}

interface DocxLibrary {
  PizZip: typeof PizZip;
  Docxtemplater: typeof Docxtemplater;
}
let library: Promise<DocxLibrary & { template: Buffer }> | undefined;
/** docxtemplater, pizzip and the built-in template, loaded with the first Word declaration */
const docxLibrary = () =>
  (library ??= Promise.all([import('pizzip'), import('docxtemplater')]).then(([z, d]) => {
    const lib = { PizZip: z.default, Docxtemplater: d.default };
    return { ...lib, template: declarationTemplate(lib) };
  }));

/**
 * The built-in template filled with `values`, as the Word templates' engine fills (see the file's
 * head): only own keys of DECLARATION_KEYS, every value plain text.
 */
export async function fillDeclarationTemplate(values: Record<string, string>): Promise<Buffer> {
  const lib = await docxLibrary();
  const doc = new lib.Docxtemplater(new lib.PizZip(lib.template), {
    paragraphLoop: true,
    linebreaks: true,
    nullGetter: () => '',
    errorLogging: false,
  });
  const data: Record<string, string> = Object.create(null);
  for (const { key } of DECLARATION_KEYS) data[key] = Object.hasOwn(values, key) ? String(values[key] ?? '') : '';
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** The declaration of a customer of the studio as a Word document (.docx). 404 when not the studio's. */
export async function declarationDocx(
  exec: Exec,
  studioId: number,
  customerId: number,
  now: Date = new Date(),
): Promise<{ filename: string; bytes: Buffer }> {
  const d = await declarationData(exec, studioId, customerId);
  return {
    filename: amlFileName('Dichiarazione_antiriciclaggio', d.customer.business_name, 'docx'),
    bytes: await fillDeclarationTemplate(declarationValues(d, now)),
  };
}
