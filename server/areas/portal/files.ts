/**
 * What a customer's file must be to enter the area (issue 50 item 6), from its bytes, never from the
 * name or the type the phone claims:
 * - a PDF, a photo (JPEG, PNG, WebP), a Word or Excel document (Office Open XML, OpenDocument, or the
 *   97–2003 binary formats): recognised by file-type (for the zip-based ones, their entries);
 * - an archive (ZIP, RAR, 7z, gzip…) is refused with its own message (its contents cannot be checked);
 * - a name whose extension says another kind than the content is refused ('lying about its type');
 * - a photo is decoded (at most MAX_PIXELS, one at a time in the process) and stored re-encoded —
 *   turned upright, at most PHOTO_MAX_SIDE pixels a side, every metadata (GPS position, camera,
 *   comments) and anything appended to it dropped; JPEG, and WebP as JPEG, at quality 85, PNG as PNG;
 * - ClamAV's daemon scans the bytes kept when it is configured (scan.ts): a file it flags is stored
 *   in quarantine (never served), one it cannot scan is refused (503), none configured: 'non_verificato'.
 */
import { extname } from 'node:path';
import { HttpError } from '../../errors.js';
import { PHOTO_MAX_SIDE, REQUEST_MESSAGES as M } from '../../../model/portal.js';
import { MAX_PIXELS } from '../../records/images.js';
import { ScannerUnavailable, scanBytes } from './scan.js';
import type { Settings } from '../../settings.js';

export type PortalKind = 'pdf' | 'jpeg' | 'png' | 'docx' | 'xlsx' | 'odt' | 'ods' | 'doc';

/** file-type's answer → the kind kept, its content type and the extensions a name of it may have. */
const KINDS: Record<string, { kind: PortalKind; type: string; ext: string[] }> = {
  pdf: { kind: 'pdf', type: 'application/pdf', ext: ['.pdf'] },
  jpg: { kind: 'jpeg', type: 'image/jpeg', ext: ['.jpg', '.jpeg', '.jfif', '.webp', '.heic'] },
  png: { kind: 'png', type: 'image/png', ext: ['.png'] },
  webp: { kind: 'jpeg', type: 'image/jpeg', ext: ['.webp', '.jpg', '.jpeg'] },
  docx: {
    kind: 'docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: ['.docx'],
  },
  xlsx: { kind: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: ['.xlsx'] },
  odt: { kind: 'odt', type: 'application/vnd.oasis.opendocument.text', ext: ['.odt'] },
  ods: { kind: 'ods', type: 'application/vnd.oasis.opendocument.spreadsheet', ext: ['.ods'] },
  cfb: { kind: 'doc', type: 'application/octet-stream', ext: ['.doc', '.xls'] },
};
const ARCHIVES = new Set([
  'zip',
  'rar',
  '7z',
  'gz',
  'bz2',
  'xz',
  'tar',
  'cab',
  'zst',
  'lz',
  'lzh',
  'arj',
  'Z',
  'jar',
  'apk',
]);
/** extensions of every kind above: a name with one of them must match its content */
const KNOWN_EXT = new Set(
  Object.values(KINDS)
    .flatMap((k) => k.ext)
    .concat(['.zip', '.rar', '.7z', '.exe', '.pdf']),
);
/** the extension a kept file's name gets */
const EXT_OF: Record<PortalKind, string> = {
  pdf: '.pdf',
  jpeg: '.jpg',
  png: '.png',
  docx: '.docx',
  xlsx: '.xlsx',
  odt: '.odt',
  ods: '.ods',
  doc: '.doc',
};

/** A file's name as kept: no path, no control or odd characters, at most 150 characters, the kind's extension. */
export function safeName(raw: string, kind: PortalKind, fallback = 'documento'): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[. ]+/, '')
    .trim();
  const ext = extname(base).toLowerCase();
  const stem = (KNOWN_EXT.has(ext) ? base.slice(0, -ext.length) : base).slice(0, 140).trim() || fallback;
  // a .xls stays .xls, a .doc .doc (both 'doc': the binary Office container)
  const keep = kind === 'doc' && (ext === '.xls' || ext === '.doc') ? ext : EXT_OF[kind];
  return `${stem}${keep}`;
}

export interface CheckedFile {
  kind: PortalKind;
  contentType: string;
  bytes: Buffer;
  filename: string;
}

/** sharp, loaded with the first photo; one decode at a time in the process */
let sharpLoaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  }));
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

/** A photo re-encoded (see the file's comment), or null when it does not decode. */
async function reencode(bytes: Buffer, as: 'jpeg' | 'png'): Promise<Buffer | null> {
  const sharp = await loadSharp();
  return oneAtATime(async () => {
    try {
      const img = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      return await (as === 'png' ? img.png() : img.jpeg({ quality: 85 })).toBuffer();
    } catch {
      return null;
    }
  });
}

const refuse = (message: string, status = 422) => new HttpError(status, message, { file: [message] });

/** The file as the area keeps it, or a 422 saying why not (see the file's comment). */
export async function checkFile(name: string, raw: Buffer): Promise<CheckedFile> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(raw);
  if (found && ARCHIVES.has(found.ext)) throw refuse(M.archive);
  const k = found ? KINDS[found.ext] : undefined;
  if (!k) throw refuse(M.badKind);
  const ext = extname(name).toLowerCase();
  if (KNOWN_EXT.has(ext) && !k.ext.includes(ext)) throw refuse(M.lying(safeName(name, k.kind).slice(0, 80)));
  let bytes = raw;
  if (k.kind === 'jpeg' || k.kind === 'png') {
    const again = await reencode(raw, k.kind);
    if (!again) throw refuse(M.unreadableImage);
    bytes = again;
  }
  return { kind: k.kind, contentType: k.type, bytes, filename: safeName(name, k.kind) };
}

/** The antivirus' verdict on bytes to keep: 'ok', 'quarantena' with the signature, or 'non_verificato' (none configured); 503 when it cannot answer. */
export async function scanFile(
  settings: Pick<Settings, 'clamav'>,
  bytes: Buffer,
): Promise<{ scan: 'ok' | 'quarantena' | 'non_verificato'; result: string | null }> {
  if (!settings.clamav) return { scan: 'non_verificato', result: null };
  try {
    const v = await scanBytes(settings.clamav, bytes);
    return v.clean ? { scan: 'ok', result: null } : { scan: 'quarantena', result: v.signature };
  } catch (e) {
    if (e instanceof ScannerUnavailable)
      throw new HttpError(503, "L'antivirus non risponde: riprovi tra qualche minuto", {
        file: ["L'antivirus non risponde: riprovi tra qualche minuto"],
      });
    throw e;
  }
}

export type ScreenedFile = CheckedFile & Awaited<ReturnType<typeof scanFile>>;

/**
 * Files as the area keeps them, each checked (`checkFile`) and then scanned (`scanFile`): all checked
 * first, so that a refused kind answers before the antivirus is asked anything. The uploads of a
 * document, a message's files and the studio's shared files go through here.
 */
export async function screenFiles(
  settings: Pick<Settings, 'clamav'>,
  files: Array<{ name: string; bytes: Buffer }>,
): Promise<ScreenedFile[]> {
  const checked: CheckedFile[] = [];
  for (const f of files) checked.push(await checkFile(f.name, f.bytes));
  const screened: ScreenedFile[] = [];
  for (const c of checked) screened.push({ ...c, ...(await scanFile(settings, c.bytes)) });
  return screened;
}
