/**
 * The EPC069-12 SEPA credit-transfer QR code ("GiroCode"), which Italian and European banking
 * apps scan to fill a transfer: version 002 (BIC optional), UTF-8, error correction M.
 */
import QRCode from 'qrcode';
import { toCents } from '../../model/money.js';

export interface Transfer { name: string; iban: string; bic?: string | null; amount: number; remittance: string }

/** Cuts text to `max` characters, without line breaks (each field is one line of the payload). */
const field = (s: string | null | undefined, max: number) => (s ?? '').replace(/[\r\n]+/g, ' ').trim().slice(0, max);

/** The payload lines: BCD, 002, 1 (UTF-8), SCT, BIC, name (70), IBAN, EUR amount, purpose, reference, text (140). */
export function epcPayload(t: Transfer): string {
  const cents = toCents(t.amount);
  if (!(cents >= 1 && cents <= 99_999_999_999)) throw new Error('EPC: importo fuori intervallo');
  return [
    'BCD', '002', '1', 'SCT', field(t.bic, 11), field(t.name, 70), t.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`, '', '', field(t.remittance, 140),
  ].join('\n');
}

/** The QR code of a transfer as a PNG data URL (for pdfmake and for the HTML variant). */
export function epcQrDataUrl(t: Transfer): Promise<string> {
  return QRCode.toDataURL(epcPayload(t), { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

/**
 * The QR code of a transfer as pdfmake vector drawing (a canvas of rectangles, one per run of
 * dark modules in a row): sharp at any zoom, and about twenty times cheaper to make than a PNG.
 * `size` is the side in points, quiet zone included (2 modules).
 */
export function epcQrCanvas(t: Transfer, size: number) {
  const qr = QRCode.create(epcPayload(t), { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  const rects: Array<{ type: 'rect'; x: number; y: number; w: number; h: number; color: string }> = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) { col++; continue; }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      // a hair wider and taller than the module: no seams between neighbouring rectangles
      rects.push({ type: 'rect', x: (start + quiet) * cell, y: (row + quiet) * cell, w: (col - start) * cell + 0.05, h: cell + 0.05, color: '#000000' });
    }
  }
  return { canvas: rects, width: size, height: size };
}
