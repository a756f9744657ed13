/**
 * The attack files of issue 25 items 1 and 3, made by the tests themselves (no binary fixtures):
 * an import file whose columns would be padded to a bomb, minimal .xlsx packages, and zips whose
 * central directory lies about the size an entry inflates to.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { zipSync, strToU8 } from 'fflate';

/** A CSV whose header has `columns` `;`-separated names, over `rows` one-cell rows (the issue's: 100,000 over 20,000, 818 KB). */
export function csvColumnBomb(columns = 100_000, rows = 20_000): Buffer {
  const header = Array.from({ length: columns }, (_, i) => `n${i}`).join(';');
  const lines = Array.from({ length: rows }, (_, i) => `Cliente ${i}`);
  return Buffer.from([header, ...lines].join('\r\n'), 'utf8');
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An inline-string cell. */
export const cell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
/** A row of cells: `cells` maps a column (A, B, XFD…) to its text. */
export const row = (n: number, cells: Record<string, string>) =>
  `<row r="${n}">${Object.entries(cells)
    .map(([col, v]) => cell(`${col}${n}`, v))
    .join('')}</row>`;
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${rows}</sheetData></worksheet>`;

/** The package parts of a one-sheet workbook, but the sheet. */
export function xlsxFrame(): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Clienti" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  };
}

/** A one-sheet .xlsx with these rows (row() strings). */
export function xlsx(rows: string): Buffer {
  const parts = { ...xlsxFrame(), 'xl/worksheets/sheet1.xml': sheetXml(rows) };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)]))));
}

/** The issue's .xlsx: a header with one cell in column XFD (the last, 16,384th), and `rows` one-cell rows (154 KB). */
export function xlsxColumnBomb(rows = 20_000): Buffer {
  let body = row(1, { A: 'Ragione Sociale', XFD: 'x' });
  for (let i = 2; i <= rows + 1; i++) body += row(i, { A: `Cliente ${i}` });
  return xlsx(body);
}

/**
 * Issue 45 item 20: an .xlsx whose sheet has one tag (a cell's) with `attributes` attributes
 * (`a="1" a="1" …`): a few KB zipped, 7–9 MB of XML. A scanner that looked for the next '<'
 * from every attribute onward spent minutes on it.
 */
export function xlsxAttributeBomb(attributes = 1_000_000): Buffer {
  // one attribute repeated (not well-formed, but a scanner reads on to see it): it zips to a few KB
  const many = 'a="1" '.repeat(attributes);
  const rows = `${row(1, { A: 'Ragione Sociale' })}<row r="2"><c r="A2" t="inlineStr" ${many}><is><t>Alfa</t></is></c></row>`;
  const parts = { ...xlsxFrame(), 'xl/worksheets/sheet1.xml': sheetXml(rows) };
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, [strToU8(v), { level: 9 }]]))),
  );
}

/** Issue 45 item 20: a CAMT.053 whose root has `attributes` attributes (800,000: 8.7 MB). */
export function camtAttributeBomb(attributes = 800_000): Buffer {
  const many = Array.from({ length: attributes }, (_, i) => `a${i}="x"`).join(' ');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" ${many}><BkToCstmrStmt></BkToCstmrStmt></Document>`,
  );
}

// ---------------------------------------------------------------------------
// zips that lie
// ---------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/**
 * A deflate stream of `prefix`, `megabytes` MB of `fill` and `suffix`, made without ever holding
 * the inflated bytes: one compressed megabyte repeated (each ends on a byte boundary, SYNC_FLUSH).
 */
export function deflateBomb(prefix: string, megabytes: number, suffix: string, fill = ' '): Buffer {
  const sync = { finishFlush: constants.Z_SYNC_FLUSH };
  const mb = deflateRawSync(Buffer.alloc(1024 * 1024, fill), sync);
  return Buffer.concat([
    deflateRawSync(Buffer.from(prefix), sync),
    ...Array.from({ length: megabytes }, () => mb),
    deflateRawSync(Buffer.from(suffix)),
  ]);
}

export interface ZipPart {
  name: string;
  /** the content (deflated honestly) */
  data?: string | Buffer;
  /** or a deflate stream made elsewhere, with the size the directory claims for it */
  deflated?: Buffer;
  claims?: number;
}

/** A zip written by hand: its directory (and local headers) say `claims` as an entry's inflated size. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const raw = p.data === undefined ? null : Buffer.from(p.data);
    const data = p.deflated ?? deflateRawSync(raw!);
    const size = p.claims ?? raw!.length;
    const crc = raw ? crc32(raw) : 0;
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An .xlsx whose sheet inflates to `megabytes` MB (spaces inside <sheetData>) while its directory says 2 KB. */
export function xlsxLying(megabytes: number): Buffer {
  const [head, tail] = sheetXml(`${row(1, { A: 'Ragione Sociale' })}@@${row(2, { A: 'Cliente' })}`).split('@@') as [
    string,
    string,
  ];
  return zipOf([
    ...Object.entries(xlsxFrame()).map(([name, data]) => ({ name, data })),
    { name: 'xl/worksheets/sheet1.xml', deflated: deflateBomb(head, megabytes, tail), claims: 2048 },
  ]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
/** The parts of a .docx but its document. */
export const docxFrame = (): ZipPart[] => [
  {
    name: '[Content_Types].xml',
    data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  },
  {
    name: '_rels/.rels',
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  },
];

/** A .docx whose document inflates to `megabytes` MB (spaces between paragraphs) while its directory says 2 KB. */
export function docxLying(megabytes: number): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Spett.le {cliente_ragione_sociale}</w:t></w:r></w:p>`;
  const tail = '</w:body></w:document>';
  return zipOf([
    ...docxFrame(),
    { name: 'word/document.xml', deflated: deflateBomb(head, megabytes, tail), claims: 2048 },
  ]);
}
