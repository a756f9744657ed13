/**
 * Where uploaded files live (issue 27 item 5): the local folder (the embedded default) and an
 * S3-compatible bucket (S3_BUCKET…, server/storage/s3.ts) keep the same contract, tested on both
 * against a local S3-compatible server (s3rver, tests/helpers/s3Server.ts); and a server set to
 * the bucket keeps its Word templates there — upload, mail-merge, download and delete go through
 * it, nothing lands in the local folder, and a second server on the same database and bucket
 * (another machine behind the balancer) reads what the first one stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalStorage, type Storage } from '../../server/storage/index.js';
import { S3Storage } from '../../server/storage/s3.js';
import { s3Of, loadSettings } from '../../server/settings.js';
import { sweepStorage } from '../../server/storage/sweep.js';
import { buildApp } from '../../server/app.js';
import { buildDocx, docxText } from '../../server/render/docxBuilder.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { multipart } from '../helpers/multipart.js';

let s3: S3TestServer;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server(['contratto', 'studi']);
  folder = await mkdtemp(join(tmpdir(), 'gs-storage-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const readAll = async (r: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};
const keysOf = async (s: Storage) => {
  const keys: string[] = [];
  for await (const f of s.list()) keys.push(f.key);
  return keys.sort();
};

const stores: Array<[string, () => Storage]> = [
  ['the local folder', () => new LocalStorage(folder)],
  ['an S3-compatible bucket', () => new S3Storage(s3Of(s3.env('contratto', 'installazione-a'))!)],
];

describe.each(stores)('the storage contract on %s', (_name, make) => {
  it('put answers a key of its own making; get, stream and list give the bytes back; remove takes them away', async () => {
    const s = make();
    const bytes = Buffer.from('Lettera di prova — àèìòù €'.repeat(1000));
    const key = await s.put(bytes, 'Word Templates!');
    expect(key).toMatch(/^word_templates_\/\d{4}-\d{2}\/[0-9a-f-]{36}$/);
    expect(Buffer.compare(await s.get(key), bytes)).toBe(0);
    expect(Buffer.compare(await readAll(s.stream(key)), bytes)).toBe(0);
    const listed = [];
    for await (const f of s.list()) if (f.key === key) listed.push(f);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.size).toBe(bytes.length);
    expect(Math.abs(listed[0]!.modifiedAt.getTime() - Date.now())).toBeLessThan(120_000);
    await s.remove(key);
    await expect(s.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readAll(s.stream(key))).rejects.toBeTruthy();
    expect(await keysOf(s)).not.toContain(key);
    await s.close?.();
  });

  it('putAt writes under a key made earlier (a restore); a key the server would not make is refused', async () => {
    const s = make();
    const key = 'attachments/2025-01/0f8fad5b-d9cb-469f-a165-70867728950e';
    await s.putAt(key, Buffer.from('ripristinato'));
    expect((await s.get(key)).toString()).toBe('ripristinato');
    for (const bad of ['../../etc/passwd', 'attachments/../../x', 'Attachments/2025-01/nome.docx', '']) {
      await expect(s.get(bad), bad).rejects.toThrow('chiave di archivio non valida');
      await expect(s.putAt(bad, Buffer.from('x')), bad).rejects.toThrow('chiave di archivio non valida');
    }
    await s.remove(key);
    await s.close?.();
  });
});

describe('the S3 settings', () => {
  it('S3_BUCKET turns the bucket on; the endpoint, the key pair and the prefix are checked', () => {
    expect(s3Of({})).toBeUndefined();
    expect(s3Of({ S3_BUCKET: 'archivio' })).toEqual({
      bucket: 'archivio',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      keyPrefix: '',
    });
    expect(s3Of({ ...s3.env('archivio'), S3_PREFIX: '/studi/prod/' })).toMatchObject({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      keyPrefix: 'studi/prod/',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(() => s3Of({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('manca S3_BUCKET');
    expect(() => s3Of({ S3_BUCKET: 'a', S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT non valido');
    expect(() => s3Of({ S3_BUCKET: 'a', S3_ACCESS_KEY_ID: 'solo' })).toThrow('servono entrambe le chiavi');
    expect(() => s3Of({ S3_BUCKET: 'a', S3_PREFIX: '../fuori' })).toThrow('S3_PREFIX non valido');
  });

  it('two installations in one bucket (different S3_PREFIX) never see nor sweep the files of the other', async () => {
    const a = new S3Storage(s3Of(s3.env('contratto', 'studio-uno'))!);
    const b = new S3Storage(s3Of(s3.env('contratto', 'studio-due'))!);
    const keyB = await b.put(Buffer.from('di B'), 'attachments');
    const keyA = await a.put(Buffer.from('di A'), 'attachments');
    expect(await keysOf(a)).toEqual([keyA]);
    expect(await keysOf(b)).toEqual([keyB]);
    await a.remove(keyA);
    expect((await b.get(keyB)).toString()).toBe('di B');
    await Promise.all([a.close(), b.close()]);
  });
});

describe('a server whose files live in an S3-compatible bucket', () => {
  let t: TestApp;
  let a: Api;
  let bucket: S3Storage;
  let second: FastifyInstance;
  const letter = buildDocx(['Spett.le {cliente_ragione_sociale}', 'Studio: {studio_nome}']);

  beforeAll(async () => {
    t = await startTestApp({ env: s3.env('studi', 'produzione') });
    a = api(t);
    bucket = new S3Storage(s3Of(s3.env('studi', 'produzione'))!);
    second = await buildApp(
      loadSettings({
        ...process.env,
        ...s3.env('studi', 'produzione'),
        JWT_SECRET: t.settings.jwtSecret,
        LOG_LEVEL: 'silent',
      }),
      t.database,
      { logger: false },
    );
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await bucket?.close();
    await t?.close();
  });

  it('C76 C37 C78 C77 a template uploaded to one server is stored in the bucket, merged and downloaded by the other, and deleted from the bucket', async () => {
    const created = await a.post('superadmin', '/api/word_templates', {
      title: 'Lettera nel bucket',
      description: 'S3',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const localBefore = await readdir(t.storageDir, { recursive: true });
    const body = await multipart({ word_template_id: String(id) }, [{ name: 'lettera.docx', bytes: letter }]);
    const up = await a.call('superadmin', 'POST', '/api/word_template_attachments', {
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    const row = up.json().data[0];
    const [{ storage_path }] = await a.sql<{ storage_path: string }>(
      'SELECT "storage_path" FROM "attachments" WHERE "id" = $1',
      [row.id],
    );
    // in the bucket, under the installation's prefix; nothing new in the local folder
    expect(await keysOf(bucket)).toContain(storage_path);
    expect(Buffer.compare(await bucket.get(storage_path), letter)).toBe(0);
    expect(await readdir(t.storageDir, { recursive: true })).toEqual(localBefore);

    // the other server (same database, same bucket) merges and downloads it
    const headers = await t.login('collaboratore@studiodemo.test');
    const [customer] = await a.sql<{ id: number; business_name: string }>(
      `SELECT c."id", c."business_name" FROM "customers" c JOIN "studios" s ON s."id" = c."studio_id"
       WHERE s."name" = 'Studio Demo' AND c."deleted_at" IS NULL ORDER BY c."id" LIMIT 1`,
    );
    const merged = await second.inject({
      method: 'GET',
      url: `/api/word_template/${id}/actions/replace_and_download?customer_ids=${encodeURIComponent(JSON.stringify([Number(customer!.id)]))}`,
      headers,
    });
    expect(merged.statusCode, merged.body.slice(0, 300)).toBe(200);
    expect(docxText(merged.rawPayload)).toContain(`Spett.le ${customer!.business_name}`);
    const dl = await second.inject({ method: 'GET', url: `/api/allegato_download/${row.id}`, headers });
    expect(dl.statusCode).toBe(200);
    expect(Buffer.compare(dl.rawPayload, letter)).toBe(0);

    // C77: the row and the object go
    const del = await a.del(
      'superadmin',
      `/api/word_template_attachments/${encodeURIComponent(JSON.stringify([row.id]))}`,
      { column: 'id' },
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(await keysOf(bucket)).not.toContain(storage_path);
    expect((await second.inject({ method: 'GET', url: `/api/allegato_download/${row.id}`, headers })).statusCode).toBe(
      404,
    );
  });

  it('the sweep removes from the bucket the files no row names any more, and keeps the others', async () => {
    const orphan = await bucket.put(Buffer.from('nessuno mi nomina'), 'attachments');
    const before = await keysOf(bucket);
    expect(before).toContain(orphan);
    const r = await sweepStorage(t.exec, bucket, 0);
    expect(r.removed).toBeGreaterThanOrEqual(1);
    const after = await keysOf(bucket);
    expect(after).not.toContain(orphan);
    const named = await a.sql<{ storage_path: string }>('SELECT "storage_path" FROM "attachments"');
    for (const k of after) expect(named.map((n) => n.storage_path)).toContain(k);
  });
});
