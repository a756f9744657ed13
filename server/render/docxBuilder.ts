/**
 * A small, valid .docx made from paragraphs (the demo data's sample Word template, and tests):
 * the package parts Word needs — content types, relationships, the document with styles.
 */
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}` +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>' +
      '</w:body></w:document>',
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
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
