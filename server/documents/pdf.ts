/** pdfmake set up once: standard Helvetica (no files read), no URL or local file access. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const pdfmake: any = require('pdfmake');

const STANDARD = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];
pdfmake.setFonts({ Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path: string) => STANDARD.includes(path));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function renderPdf(doc: Record<string, any>): Promise<Buffer> {
  return pdfmake.createPdf({ ...doc, defaultStyle: { font: 'Helvetica', fontSize: 9, ...doc.defaultStyle } }).getBuffer();
}
