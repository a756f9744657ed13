/**
 * The migrated schema of the embedded database as a prepared image: a new PGlite database (a new
 * DATA_DIR, a test's fresh database) is loaded from it instead of running every migration on an
 * empty one (issue 27 item 1: a new data folder's database phase 9.4 s → 2.2–3.0 s on the 2-core
 * machine, bench/start.ts). `npm run build` makes it
 * (scripts/buildServer.ts); its name carries a hash of the migrations and of PGlite's version, so
 * an image made before a migration was added, or by another PGlite, is never used: the database
 * is then migrated as before. The migrations still run after the load, and find nothing to do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { fromRoot } from '../paths.js';

export const MIGRATIONS_FOLDER = fromRoot('server', 'db', 'migrations');
const IMAGE_FOLDER = fromRoot('dist-server');
const PREFIX = 'pglite-schema-';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();

/** A hash of every migration file (name and content) and of the PGlite version that runs them. */
export function schemaHash(): string {
  const h = createHash('sha256');
  h.update(
    JSON.parse(readFileSync(fromRoot('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version,
  );
  for (const f of filesUnder(MIGRATIONS_FOLDER)) {
    h.update(relative(MIGRATIONS_FOLDER, f));
    h.update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

/** The image for the current migrations: its path, whether or not it was made. */
export const schemaImagePath = () => join(IMAGE_FOLDER, `${PREFIX}${schemaHash()}.tar.gz`);

/** The image for the current migrations, if it was made (a File PGlite's `loadDataDir` takes). */
export function readSchemaImage(): File | undefined {
  try {
    const path = schemaImagePath();
    return existsSync(path) ? new File([readFileSync(path)], 'schema.tar.gz') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new data folder (`dir`, empty) made from the image by unpacking it on disk, before PGlite opens
 * it as an existing folder. Same result as PGlite's `loadDataDir`, which unpacks it through its
 * WebAssembly file system and leaves that heap ≈ 85 MB larger for the life of the process (bench/start:
 * a new data folder idled at 430 MB). Unpacked beside and renamed into place: a crash leaves no half
 * database. Answers false (nothing done) when there is no image or `dir` is not empty.
 */
export async function unpackSchemaImage(dir: string): Promise<boolean> {
  const path = schemaImagePath();
  if (!existsSync(path) || (existsSync(dir) && readdirSync(dir).length)) return false;
  const staging = `${dir}.unpacking`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    // inflated on this thread in one piece: zlib's streams run on the thread pool, whose threads'
    // allocator arenas keep what they freed (≈ 80 MB of RSS for the life of the process)
    const ex = extract();
    const reading = pipeline(Readable.from([gunzipSync(readFileSync(path))]), ex);
    reading.catch(() => undefined);
    for await (const entry of ex) {
      // entries are named from the data folder's root ('/PG_VERSION'); none may leave it
      const name = entry.header.name.replace(/^\/+/, '').replace(/\/+$/, '');
      const target = resolve(staging, name);
      if (!name || (target !== staging && !target.startsWith(staging + sep)))
        throw new Error(`schema image: entry outside the folder: ${entry.header.name}`);
      if (entry.header.type === 'directory') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        const parts: Buffer[] = [];
        for await (const chunk of entry) parts.push(chunk as Buffer);
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        await writeFile(target, Buffer.concat(parts), { mode: 0o600 });
      } else {
        throw new Error(`schema image: unexpected entry ${entry.header.type} ${entry.header.name}`);
      }
    }
    await reading;
    if (!existsSync(join(staging, 'PG_VERSION'))) throw new Error('schema image: no PG_VERSION');
    if (existsSync(dir)) await rmdir(dir);
    await rename(staging, dir);
    return true;
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/** What the image is made from: an empty database, migrated (connection.ts's `openDatabase` with `schemaImage: false`). */
export interface MigratedDatabase {
  dumpDataDir?(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Makes the image for the current migrations if it is not there (`migrated()`, dumped), written
 * under a temporary name then renamed, so that a reader never sees half of it; the images of older
 * migrations are removed. Answers whether it was made now.
 */
export async function makeSchemaImage(migrated: () => Promise<MigratedDatabase>): Promise<boolean> {
  const path = schemaImagePath();
  if (existsSync(path)) return false;
  const database = await migrated();
  try {
    const tarball = Buffer.from(await (await database.dumpDataDir!('gzip')).arrayBuffer());
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, tarball);
    renameSync(tmp, path);
  } finally {
    await database.close();
  }
  for (const f of existsSync(IMAGE_FOLDER) ? readdirSync(IMAGE_FOLDER) : [])
    if (f.startsWith(PREFIX) && join(IMAGE_FOLDER, f) !== path && !f.endsWith('.tmp'))
      rmSync(join(IMAGE_FOLDER, f), { force: true });
  return true;
}
