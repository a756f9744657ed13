/**
 * `npm run backup` / `npm run restore` (server/areas/backup): the demo data and the uploaded files go
 * through one archive and come back identical — every table's row count and content hash, every
 * file's bytes — on the embedded database and on PostgreSQL (databases of the test's own on the
 * local server, ADMIN_URL in tests/helpers/serverProcess.ts: DATABASE_URL's server if set), in
 * the drills project, once per CI run. A restore refuses a target that is not empty (unless
 * --force), an archive that is not ours and entries that would land outside the target; a backup
 * refuses while a process holds the data folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { extract, pack } from 'tar-stream';
import { openDatabase, type Database } from '../../server/db/connection.js';
import { execOn } from '../../server/records/exec.js';
import { loadDemoData } from '../../server/db/demo.js';
import { LocalStorage } from '../../server/storage/index.js';
import { backup, restore, BackupError, type Manifest } from '../../server/areas/backup/service.js';
import { freshPostgres } from '../helpers/freshPostgres.js';
import { ADMIN_URL } from '../helpers/serverProcess.js';
import { BACKUP_ENTRY, compiled } from '../helpers/serverBuild.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import { S3Storage } from '../../server/storage/s3.js';
import { s3Of } from '../../server/settings.js';
import type { Storage } from '../../server/storage/index.js';

type Kind = 'pglite' | 'postgres';
const kinds: Kind[] = ['pglite', 'postgres'];

let root: string;
const drops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  for (const d of drops) await d().catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

/** Every table outside the system schemas: its row count and an md5 of its rows. */
async function tablesOf(d: Database): Promise<Record<string, string>> {
  const tables = await d.query<{ s: string; t: string }>(
    `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [row] = await d.query<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM "${s}"."${t}" x`,
    );
    out[`${s}.${t}`] = `${row.n}:${row.h ?? ''}`;
  }
  return out;
}

/** Every file under `dir`: relative path → bytes (base64). */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out[relative(dir, p).split(sep).join('/')] = (await readFile(p)).toString('base64');
    }
  };
  await walk(dir);
  return out;
}

/** `npm run backup|restore` as a process: exit code and output. */
function cli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, STORAGE_DIR: undefined, ...env };
  for (const k of Object.keys(fullEnv)) if (fullEnv[k] === undefined) delete fullEnv[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...compiled(BACKUP_ENTRY), ...args], {
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

interface Target {
  dataDir: string;
  storageDir: string;
  databaseUrl?: string;
}

async function newTarget(kind: Kind, name: string): Promise<Target> {
  const dataDir = join(root, name);
  if (kind === 'pglite') return { dataDir, storageDir: join(dataDir, 'files') };
  const fresh = await freshPostgres(ADMIN_URL, 'backup');
  drops.push(fresh.drop);
  return { dataDir, storageDir: join(dataDir, 'files'), databaseUrl: fresh.url };
}

const open = (t: Target) => openDatabase(t.databaseUrl ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir });
const envOf = (t: Target) => ({ DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl });

/** The first `n` entries of a .tar.gz: name → bytes. */
async function entriesOf(file: string, n = Infinity): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  const ex = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), ex).catch(() => undefined);
  for await (const entry of ex) {
    const parts: Buffer[] = [];
    for await (const chunk of entry) parts.push(chunk as Buffer);
    out[entry.header.name] = Buffer.concat(parts);
    if (Object.keys(out).length >= n) {
      ex.destroy();
      break;
    }
  }
  await reading;
  return out;
}

/** A .tar.gz of the given entries, in order. */
async function tarGz(
  file: string,
  entries: Array<{ name: string; body: Buffer | string; type?: 'file' | 'symlink'; linkname?: string }>,
) {
  const p = pack();
  const done = pipeline(p, createGzip(), createWriteStream(file));
  for (const e of entries) {
    if (e.type === 'symlink') p.entry({ name: e.name, type: 'symlink', linkname: e.linkname });
    else p.entry({ name: e.name, type: 'file' }, Buffer.from(e.body));
  }
  p.finalize();
  await done;
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  let source: Target;
  let archive: string;
  let manifest: Manifest;
  let before: Record<string, string>;
  let beforeFiles: Record<string, string>;
  const uploaded = randomBytes(100_000);

  beforeAll(async () => {
    source = await newTarget(kind, `${kind}-source`);
    const d = await open(source);
    const storage = new LocalStorage(source.storageDir);
    // the demo data (with its Word template in the storage) and one more upload
    await loadDemoData(execOn(d.db), storage);
    await storage.put(uploaded, 'attachments');
    await writeFile(join(source.dataDir, 'jwt-secret'), 'backup-test-secret-0123456789abcdef\n');
    before = await tablesOf(d);
    beforeFiles = await filesOf(source.storageDir);
    await d.close();
  });

  it('writes one archive with a manifest of the tables and the files', async () => {
    archive = join(root, `${kind}.tar.gz`);
    const r = await cli(['backup', archive], envOf(source));
    expect(r.code, r.out).toBe(0);
    expect(existsSync(archive)).toBe(true);
    manifest = JSON.parse((await entriesOf(archive, 1))['manifest.json'].toString()) as Manifest;
    expect(manifest).toMatchObject({ format: 'gestionale-studi-backup', format_version: 1, kind, jwt_secret: true });
    expect(manifest.files.count).toBe(Object.keys(beforeFiles).length);
    expect(manifest.files.count).toBeGreaterThanOrEqual(2);
    for (const [t, v] of Object.entries(before)) expect(manifest.tables[t], t).toBe(Number(v.split(':')[0]));
    expect(manifest.tables['public.customers']).toBeGreaterThan(0);
  });

  it('restores every table and every file, identical, into an empty target', async () => {
    const target = await newTarget(kind, `${kind}-restored`);
    const r = await cli(['restore', archive], envOf(target));
    expect(r.code, r.out).toBe(0);
    expect(await filesOf(target.storageDir)).toEqual(beforeFiles);
    expect(Object.values(await filesOf(target.storageDir))).toContain(uploaded.toString('base64'));
    expect(await readFile(join(target.dataDir, 'jwt-secret'), 'utf8')).toBe('backup-test-secret-0123456789abcdef\n');
    const d = await open(target);
    try {
      const after = await tablesOf(d);
      expect(Object.keys(after).length).toBeGreaterThan(30);
      expect(after).toEqual(before);
    } finally {
      await d.close();
    }

    // a second restore on the same target: refused (data or files present)
    const again = await restore({ file: archive, ...target }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(BackupError);
    expect((again as BackupError).italian).toMatch(/La destinazione non è vuota/);
    expect((again as BackupError).italian).toMatch(/--force/);

    // --force replaces what the target holds (a stray file goes, the data is the backup's)
    await mkdir(join(target.storageDir, 'stray'), { recursive: true });
    await writeFile(join(target.storageDir, 'stray', 'x'), 'x');
    await restore({ file: archive, ...target, force: true });
    expect(await filesOf(target.storageDir)).toEqual(beforeFiles);
    const d2 = await open(target);
    try {
      expect(await tablesOf(d2)).toEqual(before);
    } finally {
      await d2.close();
    }
  });

  it('refuses a non-empty storage folder even when the database is empty', async () => {
    const target = await newTarget(kind, `${kind}-files-only`);
    await mkdir(target.storageDir, { recursive: true });
    await writeFile(join(target.storageDir, 'something'), 'x');
    const err = await restore({ file: archive, ...target }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as BackupError).italian).toMatch(/non è vuota/);
    expect(existsSync(join(target.dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
  });
});

describe('backup and restore with the files in an S3-compatible bucket (S3_BUCKET)', () => {
  let s3: S3TestServer;
  let source: Target;
  let sourceEnv: Record<string, string | undefined>;
  let archive: string;
  let before: Record<string, string>;
  let beforeObjects: Record<string, string>;
  const uploaded = randomBytes(50_000);
  const bucketOf = (bucket: string, prefix: string) => new S3Storage(s3Of(s3.env(bucket, prefix))!);
  /** every object of the installation: key → bytes (base64) */
  const objectsOf = async (store: Storage) => {
    const out: Record<string, string> = {};
    for await (const f of store.list()) out[f.key] = (await store.get(f.key)).toString('base64');
    return out;
  };

  beforeAll(async () => {
    s3 = await startS3Server(['sorgente', 'ripristino']);
    source = await newTarget('pglite', 's3-source');
    sourceEnv = { ...envOf(source), ...s3.env('sorgente', 'gestionale') };
    const store = bucketOf('sorgente', 'gestionale');
    const d = await open(source);
    await loadDemoData(execOn(d.db), store);
    await store.put(uploaded, 'attachments');
    before = await tablesOf(d);
    await d.close();
    beforeObjects = await objectsOf(store);
    await store.close();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('the archive holds the objects of the bucket under their keys, none of the local folder', async () => {
    archive = join(root, 's3.tar.gz');
    const r = await cli(['backup', archive], sourceEnv);
    expect(r.code, r.out).toBe(0);
    const entries = await entriesOf(archive);
    const manifest = JSON.parse(entries['manifest.json']!.toString()) as Manifest;
    expect(Object.keys(beforeObjects).length).toBeGreaterThanOrEqual(2);
    expect(manifest.files.count).toBe(Object.keys(beforeObjects).length);
    const files = Object.fromEntries(
      Object.entries(entries)
        .filter(([n]) => n.startsWith('files/'))
        .map(([n, b]) => [n.slice('files/'.length), b.toString('base64')]),
    );
    expect(files).toEqual(beforeObjects);
    expect(Object.values(files)).toContain(uploaded.toString('base64'));
  });

  it('restores the database and puts every object back into an empty bucket; a bucket with files is refused unless --force', async () => {
    const target = await newTarget('pglite', 's3-restored');
    const env = { ...envOf(target), ...s3.env('ripristino', 'gestionale') };
    const r = await cli(['restore', archive], env);
    expect(r.code, r.out).toBe(0);
    const store = bucketOf('ripristino', 'gestionale');
    try {
      expect(await objectsOf(store)).toEqual(beforeObjects);
      // nothing was put in the local folder
      expect(await filesOf(target.storageDir)).toEqual({});
      const d = await open(target);
      try {
        expect(await tablesOf(d)).toEqual(before);
      } finally {
        await d.close();
      }

      // the bucket now holds files: another restore (into a new data folder) is refused…
      const other = await newTarget('pglite', 's3-restored-again');
      const again = await cli(['restore', archive], { ...envOf(other), ...s3.env('ripristino', 'gestionale') });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/il bucket S3 contiene dei file/);
      expect(existsSync(join(other.dataDir, 'pglite', 'PG_VERSION'))).toBe(false);

      // …and --force replaces what it holds (a stray object goes)
      const stray = await store.put(Buffer.from('estraneo'), 'attachments');
      const forced = await cli(['restore', archive, '--force'], {
        ...envOf(other),
        ...s3.env('ripristino', 'gestionale'),
      });
      expect(forced.code, forced.out).toBe(0);
      const after = await objectsOf(store);
      expect(after[stray]).toBeUndefined();
      expect(after).toEqual(beforeObjects);
    } finally {
      await store.close();
    }
  });
});

describe('restore refuses what is not ours', () => {
  let manifestText: string;
  let target: Target;
  beforeAll(async () => {
    target = { dataDir: join(root, 'foreign-target'), storageDir: join(root, 'foreign-target', 'files') };
    // a genuine manifest (of an archive made by the suite above or here)
    const src: Target = { dataDir: join(root, 'tiny'), storageDir: join(root, 'tiny', 'files') };
    const d = await openDatabase({ dataDir: src.dataDir });
    await d.close();
    const { manifest } = await backup({ ...src, out: join(root, 'tiny.tar.gz') });
    manifestText = JSON.stringify(manifest);
  });

  const refused = async (file: string, pattern: RegExp) => {
    const err = await restore({ file, ...target }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as BackupError).message).toMatch(pattern);
    // nothing was restored
    expect(existsSync(join(target.dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    expect(await filesOf(target.storageDir)).toEqual({});
  };

  it('a file that is not a gzip tarball', async () => {
    const f = join(root, 'random.tar.gz');
    await writeFile(f, randomBytes(5000));
    await refused(f, /non è un backup di Gestionale Studi/);
  });

  it('a tarball of something else, or with a manifest of another format', async () => {
    const other = join(root, 'other.tar.gz');
    await tarGz(other, [
      { name: 'README', body: 'hello' },
      { name: 'manifest.json', body: manifestText },
    ]);
    await refused(other, /non è un backup di Gestionale Studi/);
    const wrong = join(root, 'wrong-format.tar.gz');
    await tarGz(wrong, [
      { name: 'manifest.json', body: JSON.stringify({ ...JSON.parse(manifestText), format: 'another-app' }) },
    ]);
    await refused(wrong, /non è un backup di Gestionale Studi/);
  });

  it('entries that would land outside the target, links and unknown entries', async () => {
    for (const [i, entry] of (
      [
        { name: 'files/../../escaped', body: 'x' },
        { name: '/tmp/escaped-absolute', body: 'x' },
        { name: 'files/a/../../../escaped', body: 'x' },
        { name: 'files/link', body: '', type: 'symlink', linkname: '/etc/passwd' },
        { name: 'other/thing', body: 'x' },
      ] as const
    ).entries()) {
      const f = join(root, `evil-${i}.tar.gz`);
      await tarGz(f, [{ name: 'manifest.json', body: manifestText }, entry]);
      await refused(f, /voce non ammessa/);
    }
    expect(existsSync(join(root, 'escaped'))).toBe(false);
    expect(existsSync(join(root, 'foreign-target', 'escaped'))).toBe(false);
  });

  it('an archive of ours cut short', async () => {
    const whole = await readFile(join(root, 'tiny.tar.gz'));
    const f = join(root, 'cut.tar.gz');
    // cut at many points: a cut gzip must be refused in words, never as an unhandled stream error
    // (one cut point fell between two awaits and escaped as an unhandled rejection)
    for (let i = 0; i < 24; i++) {
      await writeFile(f, whole.subarray(0, Math.floor(whole.length * (0.2 + i / 30))));
      await refused(f, /danneggiato o incompleto/);
    }
  });

  it('a database tarball inside the archive whose entries leave its folder', async () => {
    const inner = join(root, 'inner.tar.gz');
    await tarGz(inner, [
      { name: 'PG_VERSION', body: '17' },
      { name: '../../escaped-inner', body: 'x' },
    ]);
    const bytes = await readFile(inner);
    const m = { ...(JSON.parse(manifestText) as Manifest), jwt_secret: false, files: { count: 0, bytes: 0 } };
    m.database = { ...m.database, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    const f = join(root, 'evil-inner.tar.gz');
    await tarGz(f, [
      { name: 'manifest.json', body: JSON.stringify(m) },
      { name: 'database/pglite.tar.gz', body: bytes },
    ]);
    await refused(f, /voce non ammessa.*database\/pglite\.tar\.gz: \.\.\/\.\.\/escaped-inner/s);
  });

  it('a backup while another process holds the data folder (the server running)', async () => {
    const src: Target = { dataDir: join(root, 'tiny'), storageDir: join(root, 'tiny', 'files') };
    const d = await openDatabase({ dataDir: src.dataDir });
    try {
      const r = await cli(['backup', join(root, 'while-running.tar.gz')], { DATA_DIR: src.dataDir });
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/Il server è in esecuzione sulla cartella dati/);
      expect(r.out).toMatch(/stop it before the backup/);
      expect(existsSync(join(root, 'while-running.tar.gz'))).toBe(false);
    } finally {
      await d.close();
    }
  });
});
