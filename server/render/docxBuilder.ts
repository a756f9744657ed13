/**
 * A small, valid .docx made from paragraphs (the demo data's sample Word template, and tests):
 * the package parts Word needs — content types, relationships, the document with styles.
 */
import PizZip from 'pizzip';
import { packageDocx, xmlText as esc } from './docxPackage.js';

export interface DocxParagraph {
  text: string;
  bold?: boolean;
  size?: number;
  align?: 'left' | 'center' | 'right' | 'both';
  spaceAfter?: number;
}

export function buildDocx(paragraphs: Array<DocxParagraph | string>): Buffer {
  const body = paragraphs
    .map((p) => {
      const para = typeof p === 'string' ? { text: p } : p;
      const ppr = `<w:pPr>${para.align ? `<w:jc w:val="${para.align}"/>` : ''}<w:spacing w:after="${para.spaceAfter ?? 160}"/></w:pPr>`;
      const rpr = `<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/>${para.bold ? '<w:b/>' : ''}<w:sz w:val="${(para.size ?? 11) * 2}"/></w:rPr>`;
      return `<w:p>${ppr}<w:r>${rpr}<w:t xml:space="preserve">${esc(para.text)}</w:t></w:r></w:p>`;
    })
    .join('');
  return packageDocx(PizZip, body);
}

/** The plain text of a .docx's document, paragraph per line (tests, previews). */
export function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return xml
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .map((t) =>
      t
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    )
    .filter((t, i, all) => t !== '' || i < all.length - 1)
    .join('\n')
    .trim();
}
