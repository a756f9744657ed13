/**
 * Images for the attack tests of issue 25 item 2 (tests/api/attackImages.test.ts,
 * tests/drills/attackImages.test.ts), made by the tests themselves.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const dataUrl = (kind: string, bytes: Buffer) => `data:image/${kind};base64,${bytes.toString('base64')}`;

export function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** An RGBA PNG of zeros (transparent black), made with zlib: 8000 × 8000 is about 250 KB. Made once per size. */
const zeroPngs = new Map<string, Buffer>();
export function zeroPng(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  if (!zeroPngs.has(key)) zeroPngs.set(key, makeZeroPng(width, height));
  return zeroPngs.get(key)!;
}
function makeZeroPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // 8 bits, RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height); // filter byte 0 and zero pixels on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A PNG whose header and chunk checksums are valid and whose compressed pixels are not. */
export async function corruptPng(): Promise<Buffer> {
  const good = await sharp({
    create: { width: 64, height: 64, channels: 4, background: { r: 26, g: 61, b: 109, alpha: 0.5 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const at = good.indexOf('IDAT', 0, 'latin1');
  const length = good.readUInt32BE(at - 4);
  const data = Buffer.from(good.subarray(at + 4, at + 4 + length));
  for (let i = 2; i < data.length - 4; i += 7) data[i] ^= 0xa5;
  return Buffer.concat([good.subarray(0, at - 4), chunk('IDAT', data), good.subarray(at + 8 + length)]);
}
