/**
 * Image fields (the studio's logo, a user's avatar): decoded once, when they are written, and
 * stored scaled down to what the documents print and the app shows (docs/decisions.md, issue 25).
 *
 * The shared rule (model/validate.ts) checks the `data:image/…;base64,` prefix; here the bytes
 * must be an image of the declared kind (the header, read without decoding), within the pixel
 * bound (the header's dimensions, before anything is decoded), and must decode whole (libvips
 * through sharp, off the JavaScript heap, one image at a time). What is stored: the image scaled
 * to the field's `imageSide` on its longest side (aspect ratio kept); JPEG stays JPEG, everything
 * else becomes PNG (transparency kept: GIF's first frame, BMP). An image already within bounds,
 * PNG or JPEG, is kept byte for byte (a form that re-sends it changes nothing).
 *
 * The documents never decode an unbounded image either: `printableImage` is the same check on a
 * stored value (data written before this rule), cached, and a logo that fails it is left out.
 */
import { createHash } from 'node:crypto';
import type { FieldDef } from '../../model/fields.js';
import type { ModelDef } from '../../model/define.js';
import {
  IMAGE_BMP_MESSAGE,
  IMAGE_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  type FieldErrors,
} from '../../model/validate.js';
import { isEmpty } from '../../model/validators.js';

/**
 * sharp, loaded with the first image rather than with the server (issue 27: the start's modules);
 * nothing kept between calls: each image is decoded once and its memory given back
 */
let sharpLoaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  }));

/** Each side at most this many pixels, */
export const MAX_SIDE = 8000;
/** and at most this many pixels in all (a 6000 × 4000 photo): decoding costs memory in proportion. */
export const MAX_PIXELS = 25_000_000;
/** The longest side an image field is stored at when its declaration does not say (`imageSide`). */
export const DEFAULT_SIDE = 600;

/** What image-size calls each declared kind. */
const KIND: Record<string, string> = { png: 'png', gif: 'gif', jpeg: 'jpg', bmp: 'bmp' };
const DATA_URL = /^data:image\/(png|gif|jpeg|bmp);base64,([A-Za-z0-9+/]*={0,2})$/i;

export type ImageResult = { ok: true; dataUrl: string } | { ok: false; message: string };
const refused = (message: string): ImageResult => ({ ok: false, message });

/** One decode at a time in the process: a burst of uploads queues instead of adding up memory. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

/** Decoded results of recent values (by digest): an upload checked before its transaction, a logo printed again. */
const recent = new Map<string, Promise<ImageResult>>();
const RECENT = 16;

/**
 * The stored form of an image data URL, longest side at most `side`: the scaled image, or the
 * Italian message why it is refused. Never decodes more than MAX_PIXELS.
 */
export function normaliseImage(dataUrl: string, side = DEFAULT_SIDE): Promise<ImageResult> {
  const key = createHash('sha256').update(`${side}:`).update(dataUrl).digest('base64');
  const hit = recent.get(key);
  if (hit) {
    recent.delete(key);
    recent.set(key, hit);
    return hit;
  }
  const result = normalise(dataUrl.trim(), side);
  recent.set(key, result);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return result;
}

async function normalise(dataUrl: string, side: number): Promise<ImageResult> {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return refused(IMAGE_MESSAGE);
  const declared = m[1]!.toLowerCase();
  const bytes = Buffer.from(m[2]!, 'base64');
  let info: { type?: string; width: number; height: number };
  try {
    // the image libraries are loaded with the first image, not with the server
    const { imageSize } = await import('image-size');
    info = imageSize(bytes);
  } catch {
    return refused(IMAGE_MESSAGE);
  }
  if (info.type !== KIND[declared] || !(info.width > 0) || !(info.height > 0)) return refused(IMAGE_MESSAGE);
  if (info.width > MAX_SIDE || info.height > MAX_SIDE || info.width * info.height > MAX_PIXELS)
    return refused(IMAGE_TOO_LARGE_MESSAGE);
  return oneAtATime(async () => {
    try {
      return declared === 'bmp' ? await fromBmp(bytes, side) : await scaled(dataUrl, bytes, declared, side);
    } catch {
      return refused(IMAGE_UNREADABLE_MESSAGE);
    }
  });
}

const inputOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const;

/** PNG, JPEG, GIF: decoded whole by libvips; kept as they are when already printable and small enough. */
async function scaled(dataUrl: string, bytes: Buffer, kind: string, side: number): Promise<ImageResult> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, inputOptions).metadata();
  const jpeg = kind === 'jpeg' && !meta.hasAlpha;
  const pipeline = sharp(bytes, inputOptions)
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  const out = await (jpeg ? pipeline.jpeg({ quality: 85 }) : pipeline.png({ compressionLevel: 9 })).toBuffer();
  const keep =
    (kind === 'png' || kind === 'jpeg') &&
    meta.width! <= side &&
    meta.height! <= side &&
    meta.depth === 'uchar' &&
    (meta.orientation ?? 1) === 1 &&
    meta.space !== 'cmyk' &&
    // and not padded (metadata, trailing bytes) far beyond what its pixels need
    bytes.length <= Math.max(2 * out.length, 64 * 1024);
  // decoded whole above (a corrupt body throws): an image already fit to print keeps its bytes
  if (keep) return { ok: true, dataUrl };
  return { ok: true, dataUrl: `data:image/${jpeg ? 'jpeg' : 'png'};base64,${out.toString('base64')}` };
}

/** BMP (libvips has no BMP loader): read here, uncompressed kinds only, then scaled to PNG. */
async function fromBmp(bytes: Buffer, side: number): Promise<ImageResult> {
  const bmp = readBmp(bytes);
  if (typeof bmp === 'string') return refused(bmp);
  const sharp = await loadSharp();
  const out = await sharp(bmp.data, {
    raw: { width: bmp.width, height: bmp.height, channels: bmp.channels },
    limitInputPixels: MAX_PIXELS,
  })
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { ok: true, dataUrl: `data:image/png;base64,${out.toString('base64')}` };
}

/**
 * The pixels of an uncompressed BMP (BI_RGB 1, 4, 8, 16, 24, 32 bits; BI_BITFIELDS 16, 32 bits),
 * top-down or bottom-up, as RGB (RGBA when the masks name an alpha channel); else the message.
 * Every row must be in the file before anything is allocated.
 */
export function readBmp(b: Buffer): { data: Buffer; width: number; height: number; channels: 3 | 4 } | string {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return IMAGE_UNREADABLE_MESSAGE;
  const offset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  if (headerSize < 40) return IMAGE_BMP_MESSAGE; // OS/2 headers
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const height = Math.abs(rawHeight);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const colors = b.readUInt32LE(46);
  if (width <= 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return IMAGE_UNREADABLE_MESSAGE;
  const bitfields = compression === 3 && (bpp === 16 || bpp === 32);
  if (!(compression === 0 && [1, 4, 8, 16, 24, 32].includes(bpp)) && !bitfields) return IMAGE_BMP_MESSAGE;
  let masks: [number, number, number, number] = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
  if (bitfields) {
    if (b.length < 70) return IMAGE_UNREADABLE_MESSAGE;
    masks = [b.readUInt32LE(54), b.readUInt32LE(58), b.readUInt32LE(62), headerSize >= 56 ? b.readUInt32LE(66) : 0];
  }
  const palette: number[][] = [];
  if (bpp <= 8) {
    const n = colors || 1 << bpp;
    if (n > 1 << bpp) return IMAGE_UNREADABLE_MESSAGE;
    const start = 14 + headerSize;
    if (start + 4 * n > Math.min(offset, b.length)) return IMAGE_UNREADABLE_MESSAGE;
    for (let i = 0; i < n; i++) palette.push([b[start + 4 * i + 2]!, b[start + 4 * i + 1]!, b[start + 4 * i]!]);
  }
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (offset < 14 + headerSize || offset + stride * height > b.length) return IMAGE_UNREADABLE_MESSAGE;
  const channels = masks[3] ? 4 : 3;
  const chans = masks.slice(0, channels).map(maskReader);
  const data = Buffer.alloc(width * height * channels);
  const black = [0, 0, 0];
  let o = 0;
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight < 0 ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      if (bpp <= 8) {
        const bit = x * bpp;
        const index = (b[row + (bit >> 3)]! >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const c = palette[index] ?? black;
        data[o++] = c[0]!;
        data[o++] = c[1]!;
        data[o++] = c[2]!;
      } else if (bpp === 24) {
        const p = row + x * 3;
        data[o++] = b[p + 2]!;
        data[o++] = b[p + 1]!;
        data[o++] = b[p]!;
      } else {
        const v = bpp === 16 ? b.readUInt16LE(row + x * 2) : b.readUInt32LE(row + x * 4);
        for (const read of chans) data[o++] = read(v);
      }
    }
  }
  return { data, width, height, channels };
}

/** The 8-bit value of the channel a mask selects. */
function maskReader(mask: number): (v: number) => number {
  if (!mask) return () => 0;
  let shift = 0;
  while (!((mask >>> shift) & 1)) shift++;
  let bits = 0;
  while ((mask >>> (shift + bits)) & 1) bits++;
  const max = 2 ** bits - 1;
  return (v) => Math.round(((((v & mask) >>> 0) >>> shift) * 255) / max);
}

/** The longest side a field's image is stored at. */
export const sideOf = (fd: FieldDef) => fd.imageSide ?? DEFAULT_SIDE;

const imageFields = (model: ModelDef) => Object.entries(model.fields).filter(([, fd]) => fd.rules?.includes('image'));

/**
 * Decodes an input's images ahead of its write, outside the transaction (decoding may take a
 * second; a transaction must not wait for it). The write's own check finds the results ready.
 */
export async function decodeImages(model: ModelDef, input: Record<string, unknown>): Promise<void> {
  await Promise.all(
    imageFields(model).map(async ([name, fd]) => {
      const value = input?.[name];
      if (typeof value === 'string' && !isEmpty(value) && DATA_URL.test(value.trim()))
        await normaliseImage(value, sideOf(fd));
    }),
  );
}

/**
 * Replaces each image field of the input by its stored form; an image that is refused gets its
 * message (fields that already have one are left alone).
 */
export async function checkImages(model: ModelDef, input: Record<string, unknown>, errors: FieldErrors) {
  for (const [name, fd] of imageFields(model)) {
    if (errors[name] || !(name in input) || isEmpty(input[name])) continue;
    const result = await normaliseImage(String(input[name]), sideOf(fd));
    if (result.ok) input[name] = result.dataUrl;
    else errors[name] = [result.message];
  }
}

/**
 * A stored image as the documents may embed it (scaled, decodable), or null: data written
 * before images were decoded at upload (an 8000-pixel logo, a corrupt body) is never decoded
 * beyond the bound, and a document prints without it rather than failing.
 */
export async function printableImage(value: string | null, side = DEFAULT_SIDE): Promise<string | null> {
  if (!value) return null;
  const result = await normaliseImage(value, side);
  return result.ok ? result.dataUrl : null;
}
