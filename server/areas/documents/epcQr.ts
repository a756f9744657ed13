/**
 * The EPC069-12 SEPA credit-transfer QR code ("GiroCode"), which Italian and European banking
 * apps scan to fill a transfer: version 002 (BIC optional), UTF-8, error correction M.
 */
import { toCents } from '../../../model/money.js';

export interface Transfer {
  name: string;
  iban: string;
  bic?: string | null;
  amount: number;
  remittance: string;
}

/** Cuts text to `max` characters, without line breaks (each field is one line of the payload). */
const field = (s: string | null | undefined, max: number) =>
  (s ?? '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, max);

/** The payload lines: BCD, 002, 1 (UTF-8), SCT, BIC, name (70), IBAN, EUR amount, purpose, reference, text (140). */
export function epcPayload(t: Transfer): string {
  const cents = toCents(t.amount);
  if (!(cents >= 1 && cents <= 99_999_999_999)) throw new Error('EPC: importo fuori intervallo');
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    field(t.bic, 11),
    field(t.name, 70),
    t.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    '',
    '',
    field(t.remittance, 140),
  ].join('\n');
}

/** The QR code of a transfer as a PNG data URL (for pdfmake and for the HTML variant). */
/** qrcode, loaded with the first code drawn, not with the server */
const qrcode = async () => (await import('qrcode')).default;

export async function epcQrDataUrl(t: Transfer): Promise<string> {
  return (await qrcode()).toDataURL(epcPayload(t), { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

/**
 * The QR code of a transfer as a PNG of one pixel per module (quiet zone of 2 modules), for
 * pdfmake to draw at the size asked: about half the cost of the vector drawing per notice (the
 * PDF holds a 1 KB image instead of hundreds of rectangles) and as sharp, since PDF viewers
 * enlarge a small image without smoothing.
 */
export async function epcQrPng(t: Transfer): Promise<string> {
  return (await qrcode()).toDataURL(epcPayload(t), { errorCorrectionLevel: 'M', margin: 2, scale: 1 });
}
