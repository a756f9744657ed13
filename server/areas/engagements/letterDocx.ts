/**
 * The engagement letter as a Word document (issue 49 item 2): the studio's own template when it has
 * uploaded one (engagement_letter_templates), else the built-in one made here once — Word's package
 * (server/render/docxPackage.ts) around paragraphs and two tables whose rows repeat for each service
 * (`{#servizi}` in a row's first cell, `{/servizi}` in its last). Both are filled by letterTemplate.ts
 * with the same values (letterData.ts letterValues): the clauses' texts, the parties, the services.
 * The built-in template, unfilled, is also what an Admin downloads to start the studio's own.
 */
import type PizZip from 'pizzip';
import { packageDocx, xmlText } from '../../render/docxPackage.js';
import { LETTER_SUBTITLE, LETTER_TITLE, letterFileName, letterValues, type LetterData } from './letterData.js';
import { fillLetterTemplate } from './letterTemplate.js';
import { docxLibrary } from '../wordTemplates/index.js';

interface Run {
  text: string;
  bold?: boolean;
  /** points */
  size?: number;
  color?: string;
}
interface Para {
  runs: Array<Run | string>;
  align?: 'left' | 'center' | 'right' | 'both';
  /** spacing before and after, in twentieths of a point */
  before?: number;
  after?: number;
  size?: number;
  keepNext?: boolean;
  /** a rule under the paragraph, in the studio's colour */
  rule?: boolean;
}

const BLUE = '1A3D6D';

function paraXml(p: Para): string {
  const ppr =
    `<w:pPr>${p.keepNext ? '<w:keepNext/>' : ''}` +
    (p.rule ? `<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="${BLUE}"/></w:pBdr>` : '') +
    `<w:spacing w:before="${p.before ?? 0}" w:after="${p.after ?? 100}"/>` +
    (p.align ? `<w:jc w:val="${p.align}"/>` : '') +
    '</w:pPr>';
  const runs = p.runs
    .map((r) => (typeof r === 'string' ? { text: r } : r))
    .map((r) => {
      const size = r.size ?? p.size ?? 10;
      const rpr =
        '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/>' +
        `${r.bold ? '<w:b/>' : ''}${r.color ? `<w:color w:val="${r.color}"/>` : ''}` +
        `<w:sz w:val="${Math.round(size * 2)}"/></w:rPr>`;
      return `<w:r>${rpr}<w:t xml:space="preserve">${xmlText(r.text)}</w:t></w:r>`;
    })
    .join('');
  return `<w:p>${ppr}${runs}</w:p>`;
}

interface Cell {
  text: string;
  bold?: boolean;
  align?: 'left' | 'right';
  width: number;
}

/** A table: a header row, and a row repeated for each service (its cells' `{…}` tags). */
function tableXml(head: Cell[], row: Cell[]): string {
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="BFC8D6"/>`;
  const cell = (c: Cell, header: boolean) =>
    `<w:tc><w:tcPr><w:tcW w:w="${c.width}" w:type="dxa"/>${header ? '<w:shd w:val="clear" w:color="auto" w:fill="E8EEF6"/>' : ''}</w:tcPr>` +
    paraXml({ runs: [{ text: c.text, bold: header || c.bold, size: 8.5 }], align: c.align, after: 0 }) +
    '</w:tc>';
  return (
    '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/>' +
    `<w:tblBorders>${['top', 'bottom', 'insideH'].map(border).join('')}</w:tblBorders>` +
    '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="60" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="60" w:type="dxa"/></w:tblCellMar>' +
    '</w:tblPr>' +
    `<w:tblGrid>${head.map((c) => `<w:gridCol w:w="${c.width}"/>`).join('')}</w:tblGrid>` +
    `<w:tr><w:trPr><w:tblHeader/><w:cantSplit/></w:trPr>${head.map((c) => cell(c, true)).join('')}</w:tr>` +
    `<w:tr><w:trPr><w:cantSplit/></w:trPr>${row.map((c) => cell(c, false)).join('')}</w:tr>` +
    '</w:tbl>' +
    paraXml({ runs: [''], after: 80 })
  );
}

/** The services with their periodicity and fee (after art. 5). */
const servicesTable = () =>
  tableXml(
    [
      { text: 'N.', width: 500 },
      { text: 'Servizio', width: 3700 },
      { text: 'Periodicità e addebito', width: 3600 },
      { text: 'Compenso', width: 1838, align: 'right' },
    ],
    [
      { text: '{#servizi}{numero}', width: 500 },
      { text: '{descrizione}', width: 3700, bold: true },
      { text: '{periodicita}: {addebito}', width: 3600 },
      { text: '{compenso} {compenso_unita}{/servizi}', width: 1838, align: 'right' },
    ],
  );

/** One charge of each service: fee, cassa, VAT, stamp, total, withholding, payable (after art. 7). */
const figuresTable = () => {
  const money = (text: string, bold = false): Cell => ({ text, width: 1005, align: 'right', bold });
  return tableXml(
    [
      { text: 'Servizio (per addebito)', width: 2603 },
      ...['Compenso', 'Cassa', 'IVA', 'Bollo', 'Totale', 'Ritenuta', 'Da pagare'].map((t) => money(t)),
    ],
    [
      { text: '{#servizi}{descrizione} ({compenso_unita})', width: 2603 },
      money('{compenso}'),
      money('{cassa}'),
      money('{iva}'),
      money('{bollo}'),
      money('{totale}'),
      money('{ritenuta}'),
      money('{da_pagare}{/servizi}', true),
    ],
  );
};

const ARTICLES: Array<[number, string, string[]]> = [
  [1, 'Oggetto dell’incarico', ['clausola_oggetto']],
  [2, 'Durata', ['clausola_durata']],
  [3, 'Obblighi del professionista', ['clausola_obblighi_professionista']],
  [4, 'Obblighi del cliente', ['clausola_obblighi_cliente']],
  [5, 'Compensi, addebiti e pagamento', ['clausola_compensi']],
  [6, 'Aggiornamento annuo dei compensi', ['clausola_aggiornamento']],
  [7, 'Trattamento fiscale e previdenziale', ['clausola_trattamento']],
  [8, 'Recesso', ['clausola_recesso']],
  [9, 'Antiriciclaggio (D.Lgs. 231/2007)', ['clausola_antiriciclaggio']],
  [10, 'Trattamento dei dati personali', ['clausola_privacy']],
  [11, 'Assicurazione professionale', ['clausola_assicurazione']],
  [12, 'Rinvio', ['clausola_rinvio']],
];

/** The built-in template's body: paragraphs and tables with the letter's `{tag}`s (each inside one run). */
function templateBody(): string {
  const text = (t: string, extra: Partial<Para> = {}): string => paraXml({ runs: [t], align: 'both', ...extra });
  const parts: string[] = [
    paraXml({ runs: [{ text: '{studio_nome}', bold: true, size: 13, color: BLUE }], after: 20 }),
    paraXml({ runs: [{ text: '{studio_indirizzo}', size: 8.5, color: '555555' }], after: 200, rule: true }),
    paraXml({ runs: [{ text: LETTER_TITLE, bold: true, size: 15 }], after: 20 }),
    paraXml({ runs: [{ text: LETTER_SUBTITLE, size: 8, color: '555555' }], after: 160 }),
    paraXml({ runs: [{ text: 'Incarico n. {incarico_numero} – «{incarico_oggetto}»', bold: true }], after: 160 }),
    paraXml({ runs: [{ text: 'Tra', color: '555555', size: 9 }], after: 40 }),
    text('{parte_professionista}'),
    paraXml({ runs: [{ text: 'e', color: '555555', size: 9 }], after: 40 }),
    text('{parte_cliente},'),
    text('{premessa}', { before: 80 }),
  ];
  for (const [n, title, keys] of ARTICLES) {
    parts.push(
      paraXml({
        runs: [{ text: `Art. ${n} – ${title}`, bold: true, color: BLUE }],
        before: 160,
        after: 60,
        keepNext: true,
      }),
      ...keys.map((k) => text(`{${k}}`)),
    );
    if (n === 5) parts.push(servicesTable(), text('{clausola_addebiti}'), text('{clausola_compenso_annuo}'));
    if (n === 7) parts.push(figuresTable());
  }
  parts.push(
    text('{clausola_approvazione}', { before: 200 }),
    paraXml({ runs: ['{luogo_data}'], before: 200, after: 360 }),
    signaturesXml(),
  );
  return parts.join('');
}

/** The two signatures side by side: who, the name, a line. */
function signaturesXml(): string {
  const cell = (label: string, tag: string) =>
    '<w:tc><w:tcPr><w:tcW w:w="4819" w:type="dxa"/></w:tcPr>' +
    paraXml({ runs: [{ text: label, size: 8.5, color: '555555' }], after: 20 }) +
    paraXml({ runs: [tag], after: 480 }) +
    paraXml({ runs: ['______________________________'], after: 0 }) +
    '</w:tc>';
  return (
    '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr><w:tblGrid><w:gridCol w:w="4819"/><w:gridCol w:w="4819"/></w:tblGrid>' +
    `<w:tr><w:trPr><w:cantSplit/></w:trPr>${cell('Il professionista', '{professionista}')}${cell('Il cliente', '{cliente_firmatario}')}</w:tr></w:tbl>` +
    paraXml({ runs: [''] })
  );
}

let builtIn: Buffer | undefined;
/** The built-in Word template of the letter (its tags unfilled), made once. */
export async function builtInLetterTemplate(): Promise<Buffer> {
  if (!builtIn) {
    const lib: { PizZip: typeof PizZip } = await docxLibrary();
    builtIn = packageDocx(lib.PizZip, templateBody(), 1134);
  }
  return builtIn;
}

/** The letter in Word: the studio's template (`template`, checked again) or the built-in one, filled. */
export async function letterDocx(d: LetterData, template: Buffer | null): Promise<{ filename: string; bytes: Buffer }> {
  const bytes = await fillLetterTemplate(template ?? (await builtInLetterTemplate()), letterValues(d));
  return { filename: letterFileName(d, 'docx'), bytes };
}
