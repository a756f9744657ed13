/**
 * An uploaded zip (a .docx template, an .xlsx import) read without trusting what it says about
 * itself (issue 25 item 3). The central directory gives each entry's name and where its data
 * starts; its sizes are never believed: every entry is inflated by node:zlib with
 * `maxOutputLength` set to what is left of a budget shared by the whole archive, so the inflater
 * stops as soon as the output passes it. A directory that says '42 bytes' of an entry that inflates
 * to a gigabyte costs the budget, not the gigabyte.
 */
import { inflateRawSync } from 'node:zlib';

export type ZipProblem = 'invalid' | 'tooLarge' | 'tooManyEntries' | 'badPath';

/** Why an archive is refused; the caller words it for its user. */
export class ZipError extends Error {
  constructor(
    readonly problem: ZipProblem,
    detail: string = problem,
  ) {
    super(`zip: ${detail}`);
  }
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

const invalid = (detail: string) => new ZipError('invalid', detail);

/** A name that would leave the package when unpacked ('../', an absolute path, a drive, a backslash). */
export const unsafeEntryName = (name: string) =>
  name.includes('..') || name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.includes('\0');

export class BoundedZip {
  private readonly entries = new Map<string, Entry>();
  private used = 0;

  /**
   * Reads the central directory (no data is inflated): `maxEntries` entries at most, every name
   * inside the package. `maxBytes` is the budget of inflated bytes for every read() together.
   */
  constructor(
    private readonly bytes: Buffer,
    private readonly opts: { maxBytes: number; maxEntries: number },
  ) {
    try {
      this.readDirectory();
    } catch (e) {
      // a read past the end of a cut or forged archive is one more broken zip
      throw e instanceof ZipError ? e : invalid(String(e));
    }
  }

  private readDirectory() {
    const { bytes: b, opts } = this;
    // the end-of-central-directory record: the last 22 bytes, or before a comment of up to 64 KB
    let eocd = -1;
    for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
      if (b.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw invalid('no end of central directory');
    let count = b.readUInt16LE(eocd + 10);
    let cdOffset = b.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdOffset === MAX32) {
      // zip64: the locator just before, then the zip64 record it points at
      const loc = eocd - 20;
      if (loc < 0 || b.readUInt32LE(loc) !== EOCD64_LOCATOR) throw invalid('zip64 locator missing');
      const rec = Number(b.readBigUInt64LE(loc + 8));
      if (rec < 0 || rec + 56 > b.length || b.readUInt32LE(rec) !== EOCD64) throw invalid('zip64 record missing');
      const count64 = b.readBigUInt64LE(rec + 32);
      if (count64 > BigInt(opts.maxEntries)) throw new ZipError('tooManyEntries');
      count = Number(count64);
      cdOffset = Number(b.readBigUInt64LE(rec + 48));
    }
    if (count > opts.maxEntries) throw new ZipError('tooManyEntries');
    let p = cdOffset;
    for (let n = 0; n < count; n++) {
      if (p + 46 > b.length || b.readUInt32LE(p) !== CENTRAL) throw invalid('central directory');
      const flags = b.readUInt16LE(p + 8);
      const method = b.readUInt16LE(p + 10);
      let compressedSize = b.readUInt32LE(p + 20);
      const declaredSize = b.readUInt32LE(p + 24);
      const nameLen = b.readUInt16LE(p + 28);
      const extraLen = b.readUInt16LE(p + 30);
      const commentLen = b.readUInt16LE(p + 32);
      let localOffset = b.readUInt32LE(p + 42);
      const end = p + 46 + nameLen + extraLen + commentLen;
      if (end > b.length) throw invalid('central directory');
      const name = b.toString('utf8', p + 46, p + 46 + nameLen);
      // zip64 sizes and offset, in this order, for the fields that say 0xffffffff
      if (compressedSize === MAX32 || declaredSize === MAX32 || localOffset === MAX32) {
        let e = p + 46 + nameLen;
        const extraEnd = e + extraLen;
        while (e + 4 <= extraEnd) {
          const id = b.readUInt16LE(e);
          const size = b.readUInt16LE(e + 2);
          if (e + 4 + size > extraEnd) throw invalid('extra field');
          if (id === 0x0001) {
            let q = e + 4;
            const next = () => {
              if (q + 8 > e + 4 + size) throw invalid('zip64 extra');
              const v = Number(b.readBigUInt64LE(q));
              q += 8;
              return v;
            };
            if (declaredSize === MAX32) next();
            if (compressedSize === MAX32) compressedSize = next();
            if (localOffset === MAX32) localOffset = next();
            break;
          }
          e += 4 + size;
        }
      }
      if (unsafeEntryName(name)) throw new ZipError('badPath', name);
      if (this.entries.has(name)) throw invalid(`duplicate entry ${name}`);
      this.entries.set(name, { name, method, flags, compressedSize, localOffset });
      p = end;
    }
  }

  /** The entries' names, in the directory's order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Bytes inflated so far. */
  get inflated(): number {
    return this.used;
  }

  /**
   * The entry's bytes (null when there is no such entry), counted against the budget: a
   * ZipError('tooLarge') as soon as the archive's inflated bytes pass it, whatever the directory says.
   */
  read(name: string): Buffer | null {
    const e = this.entries.get(name);
    if (!e) return null;
    const b = this.bytes;
    if (e.flags & 1) throw invalid('encrypted entry');
    const h = e.localOffset;
    if (h + 30 > b.length || b.readUInt32LE(h) !== LOCAL) throw invalid('local header');
    const start = h + 30 + b.readUInt16LE(h + 26) + b.readUInt16LE(h + 28);
    if (start + e.compressedSize > b.length) throw invalid('entry data past the end');
    const data = b.subarray(start, start + e.compressedSize);
    const left = this.opts.maxBytes - this.used;
    let out: Buffer;
    if (e.method === 0) {
      if (data.length > left) throw new ZipError('tooLarge');
      out = Buffer.from(data);
    } else if (e.method === 8) {
      try {
        // the inflater stops as soon as its output passes the budget left
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError('tooLarge');
        throw invalid(`inflate ${name}: ${(err as Error).message}`);
      }
      if (out.length > left) throw new ZipError('tooLarge');
    } else {
      throw invalid(`compression method ${e.method}`);
    }
    this.used += out.length;
    return out;
  }
}
