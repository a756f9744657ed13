/**
 * The customer's whole anti-money-laundering file as one PDF (issue 48 item 4), for the studio's
 * records and an inspection: the customer; the identification in force and every version's date
 * and author; the identity documents; the beneficial owners; each risk assessment (date, author,
 * services, the scores of Tabella A and B, inherent, specific and effective risk, the level computed
 * and the level applied with its reason, the next check); the files with their SHA-256; the Admin's
 * notes only when the caller is the Admin. The footer numbers the pages and, once the relationship
 * has ended, says until when the file must be kept (Regola Tecnica 3: ten years).
 */
import {
  CUSTOMER_FACTORS,
  LEVEL_LABELS,
  OPERATION_FACTORS,
  SCORE_LABELS,
  amlService,
  retentionEnd,
  riskBand,
  type DueDiligenceLevel,
  type Score,
} from '../../../model/aml.js';
import {
  AML_FILE_KINDS,
  AML_NOTE_KINDS,
  AML_NOTE_OUTCOMES,
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_METHODS,
  OWNER_CRITERIA,
  OWNER_SOURCES,
  type AmlFile,
  type AmlIdentification,
  type AmlNote,
} from '../../../model/api/aml.js';
import { displayDate, displayDateTime, nowDateTime } from '../../../model/dates.js';
import { studioDocument, type StudioData } from '../../render/frame.js';
import type { PdfDoc } from '../../render/pdf.js';
import type { assessmentsOf } from './amlQueries.js';
import {
  birthText,
  customerAddressText,
  decimalText,
  joined,
  labelOf,
  shareText,
  type AmlPersonData,
} from './declaration.js';
import type { AmlDocCustomer } from './documentQueries.js';

export type AmlAssessmentRow = Awaited<ReturnType<typeof assessmentsOf>>[number];

export interface AmlFileData {
  studio: StudioData;
  customer: AmlDocCustomer;
  /** newest first: the first is in force */
  identifications: AmlIdentification[];
  /** newest first */
  assessments: AmlAssessmentRow[];
  files: AmlFile[];
  /** the Admin's notes; null: the caller is not the Admin, and the section is left out */
  notes: AmlNote[] | null;
  /** who printed it */
  printedBy: string;
}

const BLUE = '#1a3d6d';
const WIDTH = 515;

/** 'Semplificata' from 'semplificata' */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A score of the rules' scale as it is read: '2 – Poco significativo'. */
export const scoreText = (n: number | undefined) =>
  n == null ? '–' : `${n} – ${SCORE_LABELS[n as Score] ?? ''}`.replace(/ – $/, '');

/** The SHA-256 on two lines of 32 characters (it fits a narrow column). */
export const shaLines = (sha: string) => (sha.length > 32 ? `${sha.slice(0, 32)}\n${sha.slice(32)}` : sha);

/** A size in bytes as people read it: '850 B', '12,4 KB', '3,1 MB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimalText(bytes / 1024, 1)} KB`;
  return `${decimalText(bytes / 1024 / 1024, 1)} MB`;
}

/** The footer's text: the customer, 'Conservare fino al …' once the relationship ended, the page. */
export const fileFooterText = (customer: Pick<AmlDocCustomer, 'business_name' | 'ceased_on'>) =>
  joined(
    [
      `${customer.business_name} – Fascicolo antiriciclaggio`,
      customer.ceased_on ? `Conservare fino al ${displayDate(retentionEnd(customer.ceased_on))}` : null,
      'Pagina {page} di {pages}',
    ],
    '   ·   ',
  );

const section = (title: string) => ({
  stack: [
    { text: title, bold: true, fontSize: 11, color: BLUE },
    { canvas: [{ type: 'line', x1: 0, y1: 2, x2: WIDTH, y2: 2, lineWidth: 0.6, lineColor: BLUE }] },
  ],
  margin: [0, 14, 0, 6],
});

const head = (text: string, align?: string) => ({
  text,
  bold: true,
  fontSize: 8,
  fillColor: '#e8eef6',
  ...(align ? { alignment: align } : {}),
});
const cell = (text: string | null | undefined, extra: Record<string, unknown> = {}) => ({
  text: text ?? '',
  fontSize: 8,
  ...extra,
});
const muted = (text: string) => ({ text, italics: true, color: '#555555', margin: [0, 0, 0, 4] });

/** a table of labelled values: the label on the left in grey, the value on the right */
function facts(rows: Array<[string, unknown]>) {
  const shown = rows.filter(([, v]) => v != null && v !== '');
  return {
    table: {
      widths: [150, '*'],
      body: shown.map(([l, v]) => [
        { text: l, fontSize: 8.5, color: '#555555' },
        typeof v === 'string' ? { text: v, fontSize: 9 } : v,
      ]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

const personText = (p: (AmlPersonData & { role?: string }) | undefined) =>
  p
    ? joined(
        [
          p.role ? `${p.name} (${p.role})` : p.name,
          p.tax_code ? `C.F. ${p.tax_code}` : null,
          birthText(p) ? `nato/a a ${birthText(p)}` : null,
          p.address ? `residente in ${p.address}` : null,
          p.citizenship ? `cittadinanza ${p.citizenship}` : null,
        ],
        ', ',
      )
    : '';

function identificationPart(d: AmlFileData) {
  const [current] = d.identifications;
  if (!current) return [section('1. Identificazione'), muted('Il cliente non è ancora stato identificato.')];
  const x = current.data;
  const services = x.services.map((c) => amlService(c)?.description ?? c);
  return [
    section('1. Identificazione in vigore'),
    facts([
      ['Registrata il', `${displayDateTime(current.created_at)} da ${current.created_by_name}`],
      ['Soggetto', x.subject === 'persona_fisica' ? 'Persona fisica' : 'Ente o società'],
      ['Identificato il', displayDate(x.identified_on)],
      ['Modalità', labelOf(IDENTIFICATION_METHODS, x.method)],
      ['Cliente (persona fisica)', personText(x.customer_person)],
      ['Esecutore', personText(x.executor)],
      ['Persona politicamente esposta', x.pep ? joined(['Sì', x.pep_details ? `– ${x.pep_details}` : null]) : 'No'],
      [
        'Liste delle sanzioni finanziarie',
        joined(
          [
            `controllate il ${displayDate(x.sanctions_checked_on)}`,
            `esito ${x.sanctions_outcome}`,
            x.sanctions_lists ? `(${x.sanctions_lists})` : null,
          ],
          ', ',
        ),
      ],
      ['Prestazioni', services.length ? { ul: services, fontSize: 9 } : ''],
      ['Scopo', x.purpose],
      ['Natura', x.nature],
      ['Origine dei fondi', x.funds_origin],
    ]),
    { text: 'Versioni dell’identificazione', bold: true, fontSize: 9, margin: [0, 4, 0, 3] },
    {
      table: {
        headerRows: 1,
        widths: [70, 80, '*', 70, 90],
        body: [
          [
            head('Versione'),
            head('Registrata il'),
            head('Da'),
            head('Identificato il'),
            head('Primo documento in scadenza'),
          ],
          ...d.identifications.map((v, i) => [
            cell(`${d.identifications.length - i}${i === 0 ? ' (in vigore)' : ''}`, { bold: i === 0 }),
            cell(displayDateTime(v.created_at)),
            cell(v.created_by_name),
            cell(displayDate(v.identified_on)),
            cell(v.documents_expire_on ? displayDate(v.documents_expire_on) : ''),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

function documentsPart(d: AmlFileData) {
  const current = d.identifications[0]?.data;
  const out: unknown[] = [section('2. Documenti di identità')];
  if (!current?.documents.length) return [...out, muted('Nessun documento registrato.')];
  const fileName = new Map(d.files.map((f) => [f.id, f.original_filename]));
  return [
    ...out,
    {
      table: {
        headerRows: 1,
        widths: [46, 70, 62, '*', 50, 50, 80],
        body: [
          [
            head('Di chi'),
            head('Tipo'),
            head('Numero'),
            head('Rilasciato da'),
            head('Rilascio'),
            head('Scadenza'),
            head('Scansione'),
          ],
          ...current.documents.map((doc) => [
            cell(doc.holder === 'cliente' ? 'Cliente' : 'Esecutore'),
            cell(labelOf(ID_DOCUMENT_TYPES, doc.type)),
            cell(doc.number),
            cell(doc.issuer),
            cell(doc.issued_on ? displayDate(doc.issued_on) : ''),
            cell(displayDate(doc.expires_on)),
            cell(doc.file_id != null ? (fileName.get(doc.file_id) ?? `file n. ${doc.file_id}`) : ''),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

function ownersPart(d: AmlFileData) {
  const current = d.identifications[0]?.data;
  const out: unknown[] = [section('3. Titolari effettivi')];
  if (!current) return [...out, muted('Non ancora individuati: manca l’identificazione.')];
  if (!current.owners.length) return [...out, muted('Nessun titolare effettivo indicato.')];
  return [
    ...out,
    {
      table: {
        headerRows: 1,
        // lightHorizontalLines pads 8 pt each side of an inner edge: 6 × 16 of the 515
        widths: [96, 78, 56, 28, 80, 61, 20],
        body: [
          [
            head('Nome e cognome, residenza'),
            head('Codice fiscale'),
            head('Nascita'),
            head('Quota', 'right'),
            head('Titolo (art. 20)'),
            head('Fonte'),
            head('PEP', 'center'),
          ],
          ...current.owners.map((o) => [
            {
              stack: [
                cell(o.name, { bold: true }),
                cell(joined([o.address, o.citizenship ? `(${o.citizenship})` : null]), {
                  fontSize: 7.5,
                  color: '#444444',
                }),
              ],
            },
            cell(o.tax_code, { fontSize: 7.5 }),
            cell(birthText(o)),
            cell(o.share != null ? shareText(o.share) : '', { alignment: 'right' }),
            cell(labelOf(OWNER_CRITERIA, o.criterion)),
            cell(labelOf(OWNER_SOURCES, o.source)),
            cell(o.pep ? 'Sì' : 'No', { alignment: 'center' }),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

const FLAG_TEXT: Record<string, string> = {
  pep: 'Persona politicamente esposta (art. 24 c. 5 lett. c)',
  pepPublicAuthority: 'PEP che agisce come organo della pubblica amministrazione',
  highRiskCountry: 'Paese terzo ad alto rischio (art. 24 c. 5 lett. a)',
  suspicion: 'Sospetto di riciclaggio o di finanziamento del terrorismo (art. 23)',
};

/** The scores of one table (A or B) as rows: the factor and its score. */
function scoresTable(
  title: string,
  factors: readonly { key: string; label: string }[],
  scores: Record<string, number>,
) {
  return {
    table: {
      headerRows: 1,
      widths: ['*', 104],
      body: [
        [head(title), head('Punteggio')],
        ...factors.map((f) => [cell(f.label), cell(scoreText(scores[f.key]), { fontSize: 7.5 })]),
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

const levelText = (l: string) => LEVEL_LABELS[l as DueDiligenceLevel] ?? capital(l);

/** one assessment, on one page when it fits; `heading`: the section's title kept with the first */
function assessmentBlock(a: AmlAssessmentRow, inForce: boolean, heading?: unknown) {
  const services = a.services.map((c) => {
    const s = amlService(c);
    return s ? `${s.description} (rischio inerente ${s.inherent ?? 'escluso'})` : c;
  });
  const flags = Object.entries(a.flags)
    .filter(([, v]) => v)
    .map(([k]) => FLAG_TEXT[k] ?? k);
  const figure = (label: string, value: string, size = 11, bold = false) => ({
    stack: [
      { text: label, fontSize: 7.5, color: '#555555' },
      { text: value, fontSize: size, bold, margin: [0, size < 11 ? 2 : 0, 0, 0] },
    ],
    fillColor: '#f3f6fb',
    margin: [4, 3, 4, 3],
  });
  const band = (() => {
    try {
      return riskBand(a.effective).label;
    } catch {
      return '';
    }
  })();
  return {
    stack: [
      ...(heading ? [heading] : []),
      {
        columns: [
          {
            width: '*',
            text: [
              { text: `Valutazione del ${displayDateTime(a.created_at)}`, bold: true, fontSize: 10 },
              { text: `  –  ${a.created_by_name}`, fontSize: 9, color: '#444444' },
            ],
          },
          inForce
            ? {
                width: 'auto',
                table: {
                  body: [[{ text: 'IN VIGORE', bold: true, fontSize: 7.5, color: '#ffffff', fillColor: BLUE }]],
                },
                layout: 'noBorders',
              }
            : { width: 'auto', text: '' },
        ],
        margin: [0, 0, 0, 4],
      },
      { text: 'Prestazioni', fontSize: 7.5, color: '#555555' },
      { ul: services, fontSize: 8.5, margin: [0, 1, 0, 5] },
      {
        columns: [
          { width: '*', ...scoresTable('Tabella A – Cliente', CUSTOMER_FACTORS, a.customer_scores) },
          a.operation_scores
            ? { width: '*', ...scoresTable('Tabella B – Prestazione', OPERATION_FACTORS, a.operation_scores) }
            : {
                width: '*',
                stack: [
                  { text: 'Tabella B – Prestazione', bold: true, fontSize: 8, margin: [0, 0, 0, 2] },
                  {
                    text: 'Non compilata: le prestazioni valutate ne sono esenti (il rischio specifico è la media della Tabella A).',
                    fontSize: 8,
                    italics: true,
                    color: '#555555',
                  },
                ],
              },
        ],
        columnGap: 12,
        margin: [0, 0, 0, 6],
      },
      {
        table: {
          widths: ['*', '*', '*', '*'],
          body: [
            [
              figure('Rischio inerente', decimalText(a.inherent)),
              figure('Rischio specifico', decimalText(a.specific)),
              figure('Rischio effettivo', decimalText(a.effective), 13, true),
              figure('Fascia', band || '–', 9),
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 4],
      },
      facts([
        ['Livello calcolato', levelText(a.computed_level)],
        [
          'Livello applicato',
          {
            text: [
              { text: levelText(a.level), bold: true },
              a.level !== a.computed_level ? { text: '  (diverso da quello calcolato)', color: '#8a1c1c' } : '',
            ],
            fontSize: 9,
          },
        ],
        ['Motivo del livello applicato', a.level_reason],
        ['Prossimo controllo costante', displayDate(a.next_check)],
        ['Indicatori', flags.length ? flags.join('; ') : null],
        ['Scopo e natura', a.purpose],
      ]),
    ],
    margin: [0, 0, 0, 10],
    // on one page when it fits (pdfmake breaks it all the same when it does not)
    unbreakable: true,
  };
}

function assessmentsPart(d: AmlFileData) {
  const out: unknown[] = [section('4. Valutazioni del rischio (Regola Tecnica 2)')];
  if (!d.assessments.length) return [...out, muted('Nessuna valutazione del rischio registrata.')];
  const [title] = out;
  return d.assessments.map((a, i) => assessmentBlock(a, i === 0, i === 0 ? title : undefined));
}

function filesPart(d: AmlFileData) {
  const out: unknown[] = [section('5. File del fascicolo')];
  if (!d.files.length) return [...out, muted('Nessun file caricato.')];
  return [
    ...out,
    {
      table: {
        headerRows: 1,
        widths: [18, '*', 62, 122, 52, 56],
        body: [
          [head('N.'), head('Nome'), head('Tipo'), head('SHA-256'), head('Caricato il'), head('Da')],
          ...d.files.map((f) => [
            cell(String(f.id)),
            {
              stack: [
                cell(f.original_filename, { bold: true }),
                cell(joined([f.description, sizeText(f.size)], ' – '), { color: '#555555', fontSize: 7.5 }),
              ],
            },
            cell(labelOf(AML_FILE_KINDS, f.kind)),
            cell(shaLines(f.sha256), { fontSize: 6.5, color: '#333333' }),
            cell(displayDateTime(f.created_at)),
            cell(f.created_by_name),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

function notesPart(notes: AmlNote[]) {
  const out: unknown[] = [section('6. Note dell’Admin (riservate)')];
  if (!notes.length) return [...out, muted('Nessuna nota.')];
  return [
    ...out,
    ...notes.map((n) => ({
      stack: [
        {
          text: [
            { text: `${displayDateTime(n.created_at)} – ${n.created_by_name}`, bold: true },
            { text: `   ${labelOf(AML_NOTE_KINDS, n.kind)}`, color: '#444444' },
            n.outcome ? { text: ` – esito: ${labelOf(AML_NOTE_OUTCOMES, n.outcome)}`, color: '#444444' } : '',
          ],
          fontSize: 8.5,
        },
        { text: n.body, fontSize: 9, margin: [0, 2, 0, 0] },
      ],
      margin: [0, 0, 0, 8],
    })),
  ];
}

/** The pdfmake document of the customer's AML file. */
export function amlFilePdfDoc(d: AmlFileData, now = new Date()): PdfDoc {
  const c = d.customer;
  const current = d.assessments[0];
  const summary: Array<[string, unknown]> = [
    ['Cliente', { text: c.business_name, bold: true, fontSize: 10 }],
    [
      'Codice fiscale / Partita IVA',
      joined([c.fiscal_code, c.vat_id && c.vat_id !== c.fiscal_code ? c.vat_id : null], ' / '),
    ],
    ['Sede legale o residenza', customerAddressText(c)],
    ['Forma giuridica', c.legal_status],
    [
      'Adeguata verifica in vigore',
      current
        ? `${levelText(current.level)} (rischio effettivo ${decimalText(current.effective)}), prossimo controllo il ${displayDate(current.next_check)}`
        : 'Nessuna valutazione del rischio',
    ],
    [
      'Rapporto',
      c.ceased_on
        ? `cessato il ${displayDate(c.ceased_on)}: il fascicolo va conservato fino al ${displayDate(retentionEnd(c.ceased_on))} (art. 31 D.Lgs. 231/2007)`
        : 'in corso',
    ],
  ];
  const content: unknown[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: 'Fascicolo antiriciclaggio', style: 'title', margin: [0, 0, 0, 2] },
            {
              text: 'D.Lgs. 21 novembre 2007, n. 231 – Regole Tecniche CNDCEC',
              color: '#555555',
              fontSize: 8.5,
            },
          ],
        },
        {
          width: 'auto',
          stack: [
            { text: 'Stampato il', style: 'label', alignment: 'right' },
            { text: displayDateTime(nowDateTime(now)), alignment: 'right' },
            { text: `da ${d.printedBy}`, alignment: 'right', fontSize: 8, color: '#444444' },
          ],
        },
      ],
      margin: [0, 0, 0, 10],
    },
    facts(summary),
    ...identificationPart(d),
    ...documentsPart(d),
    ...ownersPart(d),
    ...assessmentsPart(d),
    ...filesPart(d),
    ...(d.notes ? notesPart(d.notes) : []),
  ];
  const base = studioDocument(d.studio, `Fascicolo antiriciclaggio – ${c.business_name}`, content);
  return { ...base, pageFooter: { ...base.pageFooter, text: fileFooterText(c) } };
}
