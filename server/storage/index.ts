/**
 * Where uploaded files live (issue 11 item 9). One interface, so that an S3-compatible store
 * (server/storage/s3.ts, with S3_BUCKET) replaces the local folder (the default) without touching
 * the callers: files are addressed by keys the server makes (never by a name a user chose),
 * written whole and read whole or as a stream.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  /** writes the bytes under a new key and answers it */
  put(bytes: Buffer, prefix: string): Promise<string>;
  /** writes the bytes under a key made earlier (a restore puts the files back under their keys) */
  putAt(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
  /** every stored file (the sweep of files no row names any more) */
  list(): AsyncIterable<StoredFile>;
  /** lets go of connections (the object store's), when the server stops */
  close?(): Promise<void>;
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[0-9a-f-]{36}$/;

/** a key as the server makes them, or an error (a key can never name anything else) */
export function assertKey(key: string) {
  if (!KEY.test(key)) throw new Error('chiave di archivio non valida');
}

/** A key made by the server: `{prefix}/{yyyy-mm}/{uuid}` — nothing of the user's file name. */
export function newKey(prefix: string, now = new Date()): string {
  const clean = prefix.toLowerCase().replace(/[^a-z0-9_-]/g, '_') || 'files';
  return `${clean}/${now.toISOString().slice(0, 7)}/${randomUUID()}`;
}

/** Files in a folder (default `{DATA_DIR}/files`); a key can never point outside it. */
export class LocalStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertKey(key);
    const p = resolve(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error('chiave di archivio non valida');
    return p;
  }

  async put(bytes: Buffer, prefix: string): Promise<string> {
    const key = newKey(prefix);
    await this.putAt(key, bytes);
    return key;
  }

  async putAt(key: string, bytes: Buffer): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    // written beside, then renamed: a crash never leaves half a file under the key
    const tmp = `${p}.part`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, p);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  stream(key: string): Readable {
    return createReadStream(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    const walk = async function* (dir: string, root: string): AsyncIterable<StoredFile> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = join(dir, e.name);
        if (e.isDirectory()) yield* walk(p, root);
        else if (e.isFile()) {
          const s = await stat(p);
          // a write cut off by a crash (renamed into place only when whole)
          if (e.name.endsWith('.part')) {
            if (Date.now() - s.mtimeMs > 3_600_000) await rm(p, { force: true });
            continue;
          }
          const key = relative(root, p).split(sep).join('/');
          if (KEY.test(key)) yield { key, size: s.size, modifiedAt: s.mtime };
        }
      }
    };
    yield* walk(this.root, this.root);
  }
}
