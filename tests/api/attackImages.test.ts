/**
 * Issue 25 item 2: a legal logo made every PDF cost a gigabyte, and a PNG with a corrupt body
 * made every PDF of its studio answer 500. Images are decoded once, when written: refused when
 * they are beyond the pixel bound (read from the header, before decoding) or do not decode,
 * else stored scaled to what the documents print (logo) and the app shows (avatar). A logo
 * stored before that rule is checked the same way when a document embeds it, and left out when
 * it fails. The images are made here (zlib, sharp, a few bytes of BMP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, USERS, type Api } from '../helpers/api.js';
import { DEMO_PASSWORD } from '../../server/db/demo.js';
import { corruptPng, dataUrl, zeroPng } from '../helpers/attackImages.js';
import { IMAGE_BMP_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from '../../model/validate.js';

let t: TestApp;
let a: Api;
let demoId: number;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  customerId = (await a.firstRow('customers', demoId)).id;
});
afterAll(async () => {
  await t?.close();
});

const bytesOf = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

/** A BMP of the given rows of [r, g, b] pixels: 24 bits bottom-up, or 8 bits with a palette top-down. */
function bmp(pixels: number[][][], bits: 24 | 8): Buffer {
  const height = pixels.length;
  const width = pixels[0]!.length;
  const palette = bits === 8 ? [...new Set(pixels.flat().map((p) => p.join(',')))] : [];
  const stride = Math.floor((bits * width + 31) / 32) * 4;
  const offset = 54 + palette.length * 4;
  const b = Buffer.alloc(offset + stride * height);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(offset, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(bits === 8 ? -height : height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(bits, 28);
  b.writeUInt32LE(palette.length, 46);
  palette.forEach((c, i) => {
    const [r, g, bl] = c.split(',').map(Number);
    b[54 + i * 4] = bl!;
    b[55 + i * 4] = g!;
    b[56 + i * 4] = r!;
  });
  pixels.forEach((row, y) => {
    const start = offset + (bits === 8 ? y : height - 1 - y) * stride;
    row.forEach(([r, g, bl], x) => {
      if (bits === 8) b[start + x] = palette.indexOf(`${r},${g},${bl}`);
      else {
        b[start + x * 3] = bl!;
        b[start + x * 3 + 1] = g!;
        b[start + x * 3 + 2] = r!;
      }
    });
  });
  return b;
}
/** Each pixel of a stored image as [r, g, b] (alpha dropped). */
async function rgbOf(url: string) {
  const { data, info } = await sharp(bytesOf(url)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return Array.from({ length: info.height }, (_, y) =>
    Array.from({ length: info.width }, (_, x) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ]),
  );
}

const setLogo = (logo: string | null) => a.put('admin', `/api/studios/${demoId}`, { logo });
const storedLogo = async () =>
  (await a.sql<{ logo: string | null }>('SELECT "logo" FROM "studios" WHERE "id" = $1', [demoId]))[0]!.logo;
/** Width and height of each image a PDF embeds (pdfkit writes the dictionaries uncompressed). */
const pdfImages = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)\s*\/Height (\d+)/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
async function statementPdf() {
  const started = Date.now();
  const res = await a.get('collab', '/api/account_balance_pdf', {
    customer_ids: `[${customerId}]`,
    from: '2026-01-01',
    to: '2026-12-31',
  });
  return { res, ms: Date.now() - started };
}

describe('25.2 images are decoded once, when written, and stored scaled', () => {
  it('C40 C11 studios update: an 8000 × 8000 RGBA PNG of zeros (about 250 KB) as the logo is refused from its header, in Italian, without decoding it', async () => {
    await setLogo(null);
    const big = zeroPng(8000, 8000);
    expect(big.length).toBeLessThan(400_000);
    const started = Date.now();
    const res = await setLogo(dataUrl('png', big));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().errors.logo).toEqual([IMAGE_TOO_LARGE_MESSAGE]);
    // the header says it all: nothing decoded
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await storedLogo()).toBeNull();
  });

  it('C40 C11 studios update: a PNG with a valid header and a corrupt body is refused with the Italian message; nothing is stored', async () => {
    const res = await setLogo(dataUrl('png', await corruptPng()));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().errors.logo).toEqual([IMAGE_UNREADABLE_MESSAGE]);
    expect(await storedLogo()).toBeNull();
  });

  it('C40 C11 studios update: a 6000 × 4000 logo is stored scaled to 600 × 400, still PNG with its transparency; sending it back changes nothing', async () => {
    const res = await setLogo(dataUrl('png', zeroPng(6000, 4000)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const logo = res.json().data.logo as string;
    expect(logo.startsWith('data:image/png;base64,')).toBe(true);
    const meta = await sharp(bytesOf(logo)).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([600, 400, true]);
    expect(await storedLogo()).toBe(logo);
    // the form sends the whole card again: the stored image is kept byte for byte
    const again = await setLogo(logo);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.logo).toBe(logo);
  });

  it('C29 account_balance_pdf: with a 24-megapixel logo a statement is made fast and embeds the logo at 600 px at most', async () => {
    expect((await setLogo(dataUrl('png', zeroPng(6000, 4000)))).statusCode).toBe(200);
    const { res, ms } = await statementPdf();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const images = pdfImages(res.rawPayload);
    expect(images.length).toBeGreaterThan(0);
    for (const [w, h] of images) expect(Math.max(w!, h!)).toBeLessThanOrEqual(600);
    expect(ms).toBeLessThan(5000);
  });

  it('C29 account_balance_pdf: a logo stored before the check (corrupt, or too large) prints without it or scaled, never a 500', async () => {
    // written straight into the database, as data of an older version would be
    await a.sql('UPDATE "studios" SET "logo" = $1 WHERE "id" = $2', [dataUrl('png', await corruptPng()), demoId]);
    const corrupt = await statementPdf();
    expect(corrupt.res.statusCode, corrupt.res.body.slice(0, 300)).toBe(200);
    expect(pdfImages(corrupt.res.rawPayload)).toEqual([]);

    await a.sql('UPDATE "studios" SET "logo" = $1 WHERE "id" = $2', [dataUrl('png', zeroPng(6000, 4000)), demoId]);
    const large = await statementPdf();
    expect(large.res.statusCode).toBe(200);
    const images = pdfImages(large.res.rawPayload);
    expect(images.length).toBeGreaterThan(0);
    for (const [w, h] of images) expect([w, h]).toEqual([600, 400]);

    await a.sql('UPDATE "studios" SET "logo" = $1 WHERE "id" = $2', [dataUrl('png', zeroPng(8000, 8000)), demoId]);
    const huge = await statementPdf();
    expect(huge.res.statusCode).toBe(200);
    expect(pdfImages(huge.res.rawPayload)).toEqual([]);
    expect(huge.ms).toBeLessThan(5000);
    // the HTML variant leaves it out too
    const html = await a.get('collab', '/api/account_balance_html', { customer_ids: `[${customerId}]` });
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain('data:image');
  });

  it('C40 C11 studios update: BMP logos (24 bits, and 8 bits with a palette) and a GIF are stored as PNG with their pixels; a large JPEG stays JPEG, scaled', async () => {
    const red = [200, 30, 40];
    const blue = [20, 60, 220];
    const white = [255, 255, 255];
    const picture = [
      [red, blue, white],
      [white, red, blue],
    ];
    for (const bits of [24, 8] as const) {
      const res = await setLogo(dataUrl('bmp', bmp(picture, bits)));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const logo = res.json().data.logo as string;
      expect(logo.startsWith('data:image/png;base64,'), `${bits} bits`).toBe(true);
      expect(await rgbOf(logo), `${bits} bits`).toEqual(picture);
    }
    // a run-length compressed BMP: refused with what to do instead
    const rle = bmp(picture, 8);
    rle.writeUInt32LE(1, 30);
    const refused = await setLogo(dataUrl('bmp', rle));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.logo).toEqual([IMAGE_BMP_MESSAGE]);

    const gif = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .gif()
      .toBuffer();
    const fromGif = await setLogo(dataUrl('gif', gif));
    expect(fromGif.statusCode, fromGif.body.slice(0, 300)).toBe(200);
    const gifLogo = fromGif.json().data.logo as string;
    expect(gifLogo.startsWith('data:image/png;base64,')).toBe(true);
    const gifMeta = await sharp(bytesOf(gifLogo)).metadata();
    expect([gifMeta.width, gifMeta.height, gifMeta.hasAlpha]).toEqual([40, 20, true]);

    const jpeg = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#1a3d6d' } })
      .jpeg()
      .toBuffer();
    const fromJpeg = await setLogo(dataUrl('jpeg', jpeg));
    expect(fromJpeg.statusCode).toBe(200);
    const jpegLogo = fromJpeg.json().data.logo as string;
    expect(jpegLogo.startsWith('data:image/jpeg;base64,')).toBe(true);
    const jpegMeta = await sharp(bytesOf(jpegLogo)).metadata();
    expect([jpegMeta.width, jpegMeta.height]).toEqual([600, 300]);
    await setLogo(null);
  });

  it('C11 user/users update C02 login: the own avatar is stored at 256 px at most; a huge or corrupt one is refused in Italian', async () => {
    const me = (await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', [USERS.admin]))[0]!.id;
    const big = await a.put('admin', `/api/user/users/${me}`, { avatar: dataUrl('png', zeroPng(8000, 8000)) });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.avatar).toEqual([IMAGE_TOO_LARGE_MESSAGE]);
    const corrupt = await a.put('admin', `/api/user/users/${me}`, { avatar: dataUrl('png', await corruptPng()) });
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().errors.avatar).toEqual([IMAGE_UNREADABLE_MESSAGE]);

    const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c08040' } })
      .jpeg()
      .toBuffer();
    const ok = await a.put('admin', `/api/user/users/${me}`, { avatar: dataUrl('jpeg', photo) });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    const avatar = ok.json().data.avatar as string;
    const meta = await sharp(bytesOf(avatar)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 128]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: USERS.admin, password: DEMO_PASSWORD },
    });
    expect(login.json().avatar).toBe(avatar);
  });
});
