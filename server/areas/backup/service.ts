/**
 * Backups and restores (issue 17 item 4): one `.tar.gz` holding, in this order,
 *
 *   manifest.json            what the archive is (format, version, kind, created_at, app version,
 *                            the row count of every table, the database entry's size and SHA-256,
 *                            the number and bytes of the uploaded files)
 *   database/pglite.tar.gz   the embedded database: PGlite's own dumpDataDir('gzip')
 *   database/postgres.dump   or PostgreSQL: pg_dump --format=custom
 *   data/jwt-secret          the secret generated in DATA_DIR, when there is one
 *   files/…                  the uploaded files (STORAGE_DIR, or the S3-compatible bucket when
 *                            S3_BUCKET is set), under their storage keys
 *
 * Consistency: the embedded database is read by this process alone, under the lock of DATA_DIR
 * (server/db/dataDirLock.ts), so a running server makes the backup stop with a message saying to
 * stop it first. PostgreSQL is dumped from one exported snapshot (the row counts of the manifest
 * are read in the same snapshot) while the server may keep running.
 *
 * A restore reads the manifest first and refuses anything else; every entry name is checked
 * (no absolute paths, no `..`, no links, only the entries above), the database and the files are
 * staged and checked against the manifest before the target is touched, and the target must be
 * empty (an empty data folder, an empty database) unless `force`. After loading, the row counts
 * of every table must match the manifest.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { fromRoot } from '../../paths.js';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Extract, type Pack } from 'tar-stream';
import { z } from 'zod';
import { DataDirLockedError, lockDataDir } from '../../db/dataDirLock.js';
import { assertKey, type Storage } from '../../storage/index.js';
import {
  emptyDatabase,
  exportSnapshot,
  serverVersion,
  tableRowCounts,
  userRelationCount,
  type Query,
} from './queries.js';

export const FORMAT = 'gestionale-studi-backup';
export const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DB_ENTRY = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;
const SECRET_ENTRY = 'data/jwt-secret';
const FILES_PREFIX = 'files/';
/** a staging folder of a restore in progress, inside STORAGE_DIR (same file system as the target) */
const STAGING_PREFIX = '.restore-';
/** what the server keeps in DATA_DIR besides the database and the files */
const DATA_DIR_OWN = new Set(['pglite', 'pglite.lock', 'pglite.pid', 'jwt-secret']);

export type Kind = 'pglite' | 'postgres';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  format_version: z.number().int().positive(),
  kind: z.enum(['pglite', 'postgres']),
  created_at: z.string(),
  app_version: z.string(),
  postgres_version: z.string().optional(),
  database: z.object({
    entry: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  jwt_secret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A failure explained to the operator, in Italian and in English. */
export class BackupError extends Error {
  constructor(
    public italian: string,
    public english: string,
  ) {
    super(`${italian}\n${english}`);
    this.name = 'BackupError';
  }
}

export interface Progress {
  (line: string): void;
}

export interface BackupOptions {
  /** DATA_DIR (the embedded database is DATA_DIR/pglite) */
  dataDir: string;
  /** STORAGE_DIR (uploaded files) */
  storageDir: string;
  /** PostgreSQL instead of the embedded database */
  databaseUrl?: string;
  /** the uploaded files are in this object store (S3), not in STORAGE_DIR */
  objects?: Storage;
  /** the archive to write (must not exist) */
  out: string;
  log?: Progress;
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  storageDir: string;
  databaseUrl?: string;
  /** the uploaded files go into this object store (S3), not into STORAGE_DIR */
  objects?: Storage;
  /** replace what the target holds instead of refusing */
  force?: boolean;
  log?: Progress;
}

const appVersion = (): string => {
  const pkg = fromRoot('package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
};

/* ------------------------------------------------------------------ entry names */

/** A storage-relative path made only of plain segments (no '', '.', '..', hidden names, backslashes). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
export function safeRelative(name: string): string | null {
  if (name.length > 1000) return null;
  const parts = name.split('/');
  return parts.every((p) => SEGMENT.test(p)) ? parts.join('/') : null;
}

/** `rel` under `root`, never outside it. */
function inside(root: string, rel: string): string {
  const p = resolve(root, rel);
  if (!p.startsWith(resolve(root) + sep)) throw unsafe(rel);
  return p;
}

const unsafe = (name: string) =>
  new BackupError(
    `L'archivio contiene una voce non ammessa (${JSON.stringify(name.slice(0, 200))}): ripristino rifiutato.`,
    `The archive holds an entry that is not allowed (${JSON.stringify(name.slice(0, 200))}): restore refused.`,
  );

const foreign = (why: string) =>
  new BackupError(
    `Il file non è un backup di Gestionale Studi (${why}): ripristino rifiutato.`,
    `The file is not a Gestionale Studi backup (${why}): restore refused.`,
  );

/* ------------------------------------------------------------------ helpers */

const sha256File = async (path: string) => {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
};

/** a node or streamx writable */
interface Sink {
  write(chunk: Buffer): boolean;
}

/** chunks into a writable, minding its back-pressure */
async function copyInto(src: AsyncIterable<unknown>, dest: Sink, onChunk?: (b: Buffer) => void) {
  for await (const chunk of src) {
    const b = chunk as Buffer;
    onChunk?.(b);
    if (!dest.write(b)) await once(dest as unknown as NodeJS.EventEmitter, 'drain');
  }
}

async function readAll(src: AsyncIterable<unknown>, limit: number, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of src) {
    n += (chunk as Buffer).length;
    if (n > limit) throw unsafe(name);
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** PostgreSQL's client tools take the URL without its password (kept out of the process list). */
function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  try {
    const u = new URL(databaseUrl);
    if (u.password) {
      env.PGPASSWORD = decodeURIComponent(u.password);
      u.password = '';
    }
    return { url: u.toString(), env };
  } catch {
    return { url: databaseUrl, env };
  }
}

/** Runs pg_dump / pg_restore; its error output becomes the message. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString()).slice(-4000);
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new BackupError(
              `${tool} non trovato: installa i programmi client di PostgreSQL (pacchetto postgresql-client).`,
              `${tool} not found: install PostgreSQL's client programs (package postgresql-client).`,
            )
          : e,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolveRun()
        : reject(
            new BackupError(
              `${tool} non riuscito (codice ${code}): ${err.trim()}`,
              `${tool} failed (exit code ${code}): ${err.trim()}`,
            ),
          ),
    );
  });
}

async function pgClient(databaseUrl: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
  return { client, query };
}

/** Takes DATA_DIR's lock as the server does; a running server makes it fail with what to do. */
async function lockForTool(dataDir: string, action: 'backup' | 'restore', log: Progress) {
  let lost: Error | undefined;
  try {
    const unlock = await lockDataDir(dataDir, { info: (_o, msg) => log(msg ?? ''), error: () => undefined }, (err) => {
      lost = err;
    });
    return {
      unlock,
      check() {
        if (lost)
          throw new BackupError(
            `Il blocco di ${dataDir} è stato perso durante l'operazione: riprova.`,
            `The lock of ${dataDir} was lost during the operation: try again.`,
          );
      },
    };
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const who = err.owner ? ` (pid ${err.owner.pid})` : '';
    throw new BackupError(
      `Il server è in esecuzione sulla cartella dati ${dataDir}${who}: fermalo prima di ${action === 'backup' ? 'fare il backup' : 'ripristinare'}, poi riavvialo (il database integrato può essere aperto da un solo processo).`,
      `The server is running on the data folder ${dataDir}${who}: stop it before the ${action}, then start it again (the embedded database can be opened by one process only).`,
    );
  }
}

/* ------------------------------------------------------------------ backup */

interface FileToSave {
  rel: string;
  /** in STORAGE_DIR */
  path?: string;
  /** or in the object store, with its size and date as listed */
  object?: { size: number; modifiedAt: Date };
}

/** The object store's files, sorted by key. */
async function listObjects(objects: Storage): Promise<FileToSave[]> {
  const out: FileToSave[] = [];
  for await (const f of objects.list()) out.push({ rel: f.key, object: { size: f.size, modifiedAt: f.modifiedAt } });
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The uploaded files, sorted, skipping writes in progress, staging folders and DATA_DIR's own entries. */
async function listFiles(storageDir: string, exclude: Set<string>, log: Progress): Promise<FileToSave[]> {
  const out: FileToSave[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = join(dir, e.name);
      if (exclude.has(p) || e.name.startsWith(STAGING_PREFIX)) continue;
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && !e.name.endsWith('.part')) {
        const rel = relative(storageDir, p).split(sep).join('/');
        if (safeRelative(rel)) out.push({ rel, path: p });
        else log(`  saltato (nome non ammesso) / skipped (name not allowed): ${rel}`);
      }
    }
  };
  await walk(storageDir);
  return out;
}

/** Adds one entry whose bytes come from `src` (exactly `size` of them). */
function addEntry(
  p: Pack,
  name: string,
  size: number,
  src: Buffer | AsyncIterable<unknown>,
  mtime?: Date,
): Promise<void> {
  return new Promise<void>((done, fail) => {
    const header = { name, size, mode: 0o600, mtime: mtime ?? new Date(), type: 'file' as const };
    if (Buffer.isBuffer(src)) {
      p.entry(header, src, (err) => (err ? fail(err) : done()));
      return;
    }
    const sink = p.entry(header, (err) => (err ? fail(err) : done()));
    copyInto(src, sink).then(
      () => sink.end(undefined),
      (err: unknown) => {
        sink.destroy(err as Error);
        fail(err);
      },
    );
  });
}

export async function backup(opts: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const log = opts.log ?? (() => undefined);
  const dataDir = resolve(opts.dataDir);
  const storageDir = resolve(opts.storageDir);
  const out = resolve(opts.out);
  if (existsSync(out))
    throw new BackupError(
      `Il file ${out} esiste già: scegli un altro nome.`,
      `The file ${out} already exists: choose another name.`,
    );
  const kind: Kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const tmp = await mkdtemp(join(tmpdir(), 'gestionale-backup-'));
  let lock: Awaited<ReturnType<typeof lockForTool>> | undefined;
  try {
    // 1. the database, with the row counts of the same snapshot
    let db: { bytes: number; sha256: string; source: () => Buffer | AsyncIterable<unknown> };
    let tables: Record<string, number>;
    let postgresVersion: string | undefined;
    if (kind === 'pglite') {
      const dir = join(dataDir, 'pglite');
      if (!existsSync(join(dir, 'PG_VERSION'))) {
        throw new BackupError(
          `Nessun database integrato in ${dataDir} (manca ${join(dir, 'PG_VERSION')}): controlla DATA_DIR.`,
          `No embedded database in ${dataDir} (${join(dir, 'PG_VERSION')} is missing): check DATA_DIR.`,
        );
      }
      lock = await lockForTool(dataDir, 'backup', log);
      log(`Database integrato / embedded database: ${dir}`);
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = new PGlite(dir);
      let bytes: Buffer;
      try {
        tables = await tableRowCounts(async (text, params) => (await pglite.query(text, params)).rows as never);
        bytes = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        await pglite.close();
      }
      db = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), source: () => bytes };
    } else {
      log('PostgreSQL: pg_dump --format=custom');
      const dumpFile = join(tmp, 'postgres.dump');
      const { client, query } = await pgClient(opts.databaseUrl!);
      try {
        postgresVersion = await serverVersion(query);
        const snapshot = await exportSnapshot(query);
        tables = await tableRowCounts(query);
        const { url, env } = libpq(opts.databaseUrl!);
        await runTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, '--no-password', '--file', dumpFile, '--dbname', url],
          env,
        );
        await query('COMMIT');
      } finally {
        await client.end().catch(() => undefined);
      }
      const size = (await lstat(dumpFile)).size;
      db = { bytes: size, sha256: await sha256File(dumpFile), source: () => createReadStream(dumpFile) };
    }

    // 2. the files (immutable under their keys: see server/storage)
    const exclude = new Set([out, ...[...DATA_DIR_OWN].map((n) => join(dataDir, n))]);
    const files = opts.objects ? await listObjects(opts.objects) : await listFiles(storageDir, exclude, log);
    if (opts.objects) log(`File nel bucket S3 / files in the S3 bucket: ${files.length}`);
    let filesBytes = 0;
    for (const f of files) filesBytes += f.object ? f.object.size : (await lstat(f.path!)).size;
    const secretPath = join(dataDir, 'jwt-secret');
    const secret = existsSync(secretPath) ? await readFile(secretPath) : undefined;

    const manifest: Manifest = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      kind,
      created_at: new Date().toISOString(),
      app_version: appVersion(),
      ...(postgresVersion ? { postgres_version: postgresVersion } : {}),
      database: { entry: DB_ENTRY[kind], bytes: db.bytes, sha256: db.sha256 },
      tables,
      files: { count: files.length, bytes: filesBytes },
      jwt_secret: !!secret,
    };

    // 3. the archive, written beside and renamed when whole
    await mkdir(dirname(out), { recursive: true });
    const part = `${out}.part`;
    const packer = pack();
    const written = pipeline(packer, createGzip(), createWriteStream(part, { flags: 'wx', mode: 0o600 }));
    const entries = (async () => {
      await addEntry(packer, MANIFEST, 0, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
      await addEntry(packer, DB_ENTRY[kind], db.bytes, db.source());
      if (secret) await addEntry(packer, SECRET_ENTRY, secret.length, secret);
      for (const f of files) {
        if (f.object) {
          await addEntry(packer, FILES_PREFIX + f.rel, f.object.size, opts.objects!.stream(f.rel), f.object.modifiedAt);
          continue;
        }
        const fh = await open(f.path!, 'r').catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'ENOENT'
            ? new BackupError(
                `Il file ${f.rel} è stato rimosso durante il backup: riprova.`,
                `The file ${f.rel} was removed during the backup: try again.`,
              )
            : err;
        });
        try {
          const st = await fh.stat();
          await addEntry(packer, FILES_PREFIX + f.rel, st.size, fh.createReadStream({ autoClose: false }), st.mtime);
        } finally {
          await fh.close();
        }
      }
      packer.finalize();
    })();
    try {
      await Promise.all([entries, written]);
    } catch (err) {
      packer.destroy(err as Error);
      await Promise.allSettled([entries, written]);
      await rm(part, { force: true });
      throw err;
    }
    lock?.check();
    await rename(part, out);
    log(`Backup scritto / backup written: ${out} (${Object.keys(tables).length} tabelle/tables, ${files.length} file)`);
    return { file: out, manifest };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await lock?.unlock();
  }
}

/* ------------------------------------------------------------------ restore */

function parseManifest(text: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    throw foreign('manifest.json non leggibile / unreadable');
  }
  const format = (json as { format?: unknown })?.format;
  if (format !== FORMAT) throw foreign(`format ${JSON.stringify(format ?? null)}`);
  const version = (json as { format_version?: unknown }).format_version;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new BackupError(
      `Il backup ha il formato ${version}, questa versione legge fino al ${FORMAT_VERSION}: aggiorna l'applicazione.`,
      `The backup has format ${version}, this version reads up to ${FORMAT_VERSION}: upgrade the application.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw foreign(`manifest.json: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  if (parsed.data.database.entry !== DB_ENTRY[parsed.data.kind]) throw foreign('database entry');
  return parsed.data;
}

/** What the target holds already (empty list: it is empty). */
async function targetContents(opts: RestoreOptions, dataDir: string, storageDir: string): Promise<string[]> {
  const found: string[] = [];
  if (opts.databaseUrl) {
    const { client, query } = await pgClient(opts.databaseUrl);
    try {
      const n = await userRelationCount(query);
      if (n)
        found.push(
          `il database di DATABASE_URL ha ${n} tabelle o altri oggetti / the DATABASE_URL database has ${n} tables or other objects`,
        );
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    const dir = join(dataDir, 'pglite');
    const entries = await readdir(dir).catch(() => [] as string[]);
    if (entries.length) found.push(`${dir} contiene un database / holds a database`);
  }
  if (opts.objects) {
    const keys: string[] = [];
    for await (const f of opts.objects.list()) if (keys.push(f.key) >= 3) break;
    if (keys.length)
      found.push(
        `il bucket S3 contiene dei file / the S3 bucket holds files (${keys.join(', ')}${keys.length >= 3 ? ', …' : ''})`,
      );
    return found;
  }
  const stored = (await readdir(storageDir).catch(() => [] as string[])).filter(
    (n) => !n.startsWith(STAGING_PREFIX) && !(storageDir === dataDir && DATA_DIR_OWN.has(n)),
  );
  if (stored.length)
    found.push(
      `${storageDir} contiene dei file / holds files (${stored.slice(0, 3).join(', ')}${stored.length > 3 ? ', …' : ''})`,
    );
  return found;
}

/** --force: empties the database and the files (never the lock, nor the staging folder). */
async function wipeTarget(opts: RestoreOptions, dataDir: string, storageDir: string) {
  if (opts.databaseUrl) {
    const { client, query } = await pgClient(opts.databaseUrl);
    try {
      await emptyDatabase(query);
    } finally {
      await client.end().catch(() => undefined);
    }
  } else {
    await rm(join(dataDir, 'pglite'), { recursive: true, force: true });
  }
  if (opts.objects) {
    const keys: string[] = [];
    for await (const f of opts.objects.list()) keys.push(f.key);
    for (const k of keys) await opts.objects.remove(k);
    return;
  }
  for (const n of await readdir(storageDir).catch(() => [] as string[])) {
    if (n.startsWith(STAGING_PREFIX) || (storageDir === dataDir && DATA_DIR_OWN.has(n))) continue;
    await rm(join(storageDir, n), { recursive: true, force: true });
  }
}

/** The staged files into the object store, each under its key (a name no server makes is skipped). */
async function uploadStaged(objects: Storage, stagedFiles: string, log: Progress) {
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        await walk(p);
        continue;
      }
      const key = relative(stagedFiles, p).split(sep).join('/');
      try {
        assertKey(key);
      } catch {
        log(`  saltato (nome non ammesso nel bucket) / skipped (name not allowed in the bucket): ${key}`);
        continue;
      }
      await objects.putAt(key, await readFile(p));
    }
  };
  await walk(stagedFiles);
}

/** one entry of an archive being read (tar-stream does not name the type) */
type TarEntry = Extract extends AsyncIterable<infer E> ? E : never;

/**
 * Reads a .tar.gz entry by entry, `each` awaited for every one. A failure of the file, gzip or tar
 * (a cut archive) comes out as this call's error, never as an unhandled rejection: the pipeline's
 * promise is handled as soon as it is made, since it may reject while `each` awaits a write.
 */
async function eachTarEntry(path: string, each: (entry: TarEntry) => Promise<void>): Promise<void> {
  const ex = extract();
  const reading = pipeline(createReadStream(path), createGunzip(), ex);
  reading.catch(() => undefined);
  try {
    for await (const entry of ex) await each(entry);
    await reading;
  } catch (err) {
    ex.destroy();
    await reading.catch(() => undefined);
    throw err;
  }
}

/** The tarball of the embedded database: names that stay in its folder, files and folders only. */
async function checkPgliteTarball(path: string) {
  try {
    await eachTarEntry(path, async (entry) => {
      const h = entry.header;
      // PGlite names its entries from the data folder's root ('/PG_VERSION') and joins them to it
      const name = h.name.replace(/^\/+/, '').replace(/\/+$/, '');
      const parts = name.split('/');
      if (
        !name ||
        name.includes('\\') ||
        parts.some((p) => p === '..' || p === '.' || p === '') ||
        (h.type !== 'file' && h.type !== 'directory')
      )
        throw unsafe(`${DB_ENTRY.pglite}: ${h.name}`);
      entry.resume();
    });
  } catch (err) {
    throw err instanceof BackupError ? err : damaged(err);
  }
}

const damaged = (err: unknown) =>
  new BackupError(
    `Il file di backup è danneggiato o incompleto (${err instanceof Error ? err.message : String(err)}).`,
    `The backup file is damaged or incomplete (${err instanceof Error ? err.message : String(err)}).`,
  );

function compareCounts(expected: Record<string, number>, actual: Record<string, number>) {
  const diffs: string[] = [];
  for (const t of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (expected[t] !== actual[t]) diffs.push(`${t}: ${expected[t] ?? '-'} → ${actual[t] ?? '-'}`);
  }
  if (diffs.length) {
    throw new BackupError(
      `Il database ripristinato non corrisponde al backup: ${diffs.slice(0, 10).join('; ')}`,
      `The restored database does not match the backup: ${diffs.slice(0, 10).join('; ')}`,
    );
  }
}

export async function restore(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const file = resolve(opts.file);
  const dataDir = resolve(opts.dataDir);
  const storageDir = resolve(opts.storageDir);
  if (!existsSync(file)) throw new BackupError(`Il file ${file} non esiste.`, `The file ${file} does not exist.`);
  await mkdir(dataDir, { recursive: true });
  const lock = opts.databaseUrl ? undefined : await lockForTool(dataDir, 'restore', log);
  let staging: string | undefined;
  try {
    await mkdir(storageDir, { recursive: true });
    staging = await mkdtemp(join(storageDir, STAGING_PREFIX));
    const stagedFiles = join(staging, 'files');
    const stagedDb = join(staging, 'database');
    let stagedDbHash = '';
    let stagedDbBytes = 0;

    // 1. read the archive: the manifest first, then stage every entry
    let manifest: Manifest | undefined;
    let secret: Buffer | undefined;
    let filesCount = 0;
    let filesBytes = 0;
    let wipe = false;
    const seen = new Set<string>();
    try {
      await eachTarEntry(file, async (entry) => {
        const h = entry.header;
        if (!manifest) {
          if (h.name !== MANIFEST || h.type !== 'file')
            throw foreign(`la prima voce è / the first entry is ${JSON.stringify(h.name.slice(0, 100))}`);
          manifest = parseManifest(await readAll(entry, 1 << 20, h.name));
          if (manifest.kind === 'postgres' && !opts.databaseUrl) {
            throw new BackupError(
              'Questo backup è di un database PostgreSQL: imposta DATABASE_URL sul database vuoto in cui ripristinarlo.',
              'This backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore it into.',
            );
          }
          if (manifest.kind === 'pglite' && opts.databaseUrl) {
            throw new BackupError(
              'Questo backup è del database integrato (PGlite): ripristinalo senza DATABASE_URL.',
              'This backup is of the embedded database (PGlite): restore it without DATABASE_URL.',
            );
          }
          log(
            `Backup del / taken on ${manifest.created_at}, versione / version ${manifest.app_version}, ${manifest.kind}`,
          );
          const present = await targetContents(opts, dataDir, storageDir);
          if (present.length && !opts.force) {
            throw new BackupError(
              `La destinazione non è vuota: ${present.join('; ')}. Il ripristino si fa su una cartella dati${opts.databaseUrl ? ' e un database' : ''} vuoti; per sostituirne il contenuto aggiungi --force.`,
              `The target is not empty (see above). Restore into an empty data folder${opts.databaseUrl ? ' and an empty database' : ''}, or add --force to replace what it holds.`,
            );
          }
          wipe = present.length > 0;
          return;
        }
        if (seen.has(h.name)) throw unsafe(h.name);
        seen.add(h.name);
        if (h.type !== 'file') throw unsafe(h.name);
        if (h.name === manifest.database.entry) {
          const hash = createHash('sha256');
          const ws = createWriteStream(stagedDb, { flags: 'wx', mode: 0o600 });
          await copyInto(entry, ws, (b) => {
            hash.update(b);
            stagedDbBytes += b.length;
          });
          ws.end();
          await finished(ws);
          stagedDbHash = hash.digest('hex');
        } else if (h.name === SECRET_ENTRY) {
          secret = await readAll(entry, 4096, h.name);
          if (!/^[A-Za-z0-9_-]{16,1000}\s*$/.test(secret.toString('utf8'))) throw unsafe(h.name);
        } else if (h.name.startsWith(FILES_PREFIX) && safeRelative(h.name.slice(FILES_PREFIX.length))) {
          const dest = inside(stagedFiles, h.name.slice(FILES_PREFIX.length));
          await mkdir(dirname(dest), { recursive: true });
          const ws = createWriteStream(dest, { flags: 'wx', mode: 0o600 });
          await copyInto(entry, ws, (b) => {
            filesBytes += b.length;
          });
          ws.end();
          await finished(ws);
          filesCount++;
        } else {
          throw unsafe(h.name);
        }
      });
    } catch (err) {
      if (err instanceof BackupError) throw err;
      if (!manifest) throw foreign(err instanceof Error ? err.message : String(err));
      throw damaged(err);
    }
    if (!manifest) throw foreign('archivio vuoto / empty archive');

    // 2. everything there and as the manifest says
    if (stagedDbHash !== manifest.database.sha256 || stagedDbBytes !== manifest.database.bytes)
      throw damaged(new Error(`${manifest.database.entry}: SHA-256`));
    if (filesCount !== manifest.files.count || filesBytes !== manifest.files.bytes) {
      throw damaged(
        new Error(`files: ${filesCount}/${manifest.files.count}, ${filesBytes}/${manifest.files.bytes} bytes`),
      );
    }
    if (manifest.jwt_secret !== !!secret) throw damaged(new Error(SECRET_ENTRY));
    if (manifest.kind === 'pglite') await checkPgliteTarball(stagedDb);

    // 3. the target: emptied (--force), then the database, checked against the manifest
    if (wipe) {
      log('--force: contenuto precedente rimosso / previous content removed');
      await wipeTarget(opts, dataDir, storageDir);
    }
    if (manifest.kind === 'pglite') {
      const dir = join(dataDir, 'pglite');
      await mkdir(dir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      let ok = false;
      try {
        const pglite = new PGlite(dir, { loadDataDir: new File([await readFile(stagedDb)], 'pglite.tar.gz') });
        try {
          await pglite.waitReady;
          compareCounts(
            manifest.tables,
            await tableRowCounts(async (text, params) => (await pglite.query(text, params)).rows as never),
          );
          ok = true;
        } finally {
          await pglite.close();
        }
      } finally {
        // the folder stays empty for another attempt
        if (!ok) await rm(dir, { recursive: true, force: true });
      }
    } else {
      const { url, env } = libpq(opts.databaseUrl!);
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          '--no-password',
          '--dbname',
          url,
          stagedDb,
        ],
        env,
      );
      const { client, query } = await pgClient(opts.databaseUrl!);
      try {
        compareCounts(manifest.tables, await tableRowCounts(query));
      } finally {
        await client.end().catch(() => undefined);
      }
    }

    // 4. the files moved into place (same file system: renames; or uploaded to the bucket under
    // their keys), the secret
    if (opts.objects) await uploadStaged(opts.objects, stagedFiles, log);
    else
      for (const n of await readdir(stagedFiles).catch(() => [] as string[]))
        await rename(join(stagedFiles, n), join(storageDir, n));
    if (secret) await writeFile(join(dataDir, 'jwt-secret'), secret, { mode: 0o600 });
    lock?.check();
    log(
      `Ripristino completato / restore complete: ${Object.keys(manifest.tables).length} tabelle/tables, ${filesCount} file`,
    );
    return manifest;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    await lock?.unlock();
  }
}
