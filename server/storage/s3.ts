/**
 * Uploaded files in an S3-compatible object store (issue 27 item 5): AWS S3, MinIO, Ceph,
 * Scaleway, Wasabi… — every process on every machine sees the same files. The same keys as the
 * local folder (`{prefix}/{yyyy-mm}/{uuid}`, made by the server), under an optional key prefix
 * of the bucket. The SDK is loaded when the store is first used (the local folder, the default,
 * never loads it).
 *
 * Checksums are sent and checked only where the S3 API requires them: the SDK's default since
 * 2025 (a CRC32 trailer on every upload) is not understood by several S3-compatible stores.
 */
import { PassThrough, Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../settings.js';
import { assertKey, newKey, type Storage, type StoredFile } from './index.js';

type Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements Storage {
  private sdk?: Promise<{ sdk: Sdk; client: S3Client }>;
  constructor(readonly settings: S3Settings) {}

  private async connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
        ...(this.settings.credentials ? { credentials: this.settings.credentials } : {}),
        forcePathStyle: this.settings.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return this.sdk;
  }

  private objectKey(key: string) {
    assertKey(key);
    return this.settings.keyPrefix + key;
  }

  async put(bytes: Buffer, prefix: string): Promise<string> {
    const key = newKey(prefix);
    await this.putAt(key, bytes);
    return key;
  }

  async putAt(key: string, bytes: Buffer): Promise<void> {
    const { sdk, client } = await this.connect();
    // one request: the object appears whole or not at all
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.body(key);
    return Buffer.from(await body.transformToByteArray());
  }

  private async body(key: string) {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!res.Body) throw new Error(`oggetto vuoto: ${key}`);
      return res.Body;
    } catch (err) {
      if (notFound(err)) throw Object.assign(new Error(`file non trovato: ${key}`), { code: 'ENOENT' });
      throw err;
    }
  }

  stream(key: string): Readable {
    const out = new PassThrough();
    this.body(key).then(
      (body) => {
        const source = body as unknown as Readable;
        source.on('error', (err) => out.destroy(err));
        source.pipe(out);
      },
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<StoredFile> {
    const { sdk, client } = await this.connect();
    const { keyPrefix } = this.settings;
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.settings.bucket,
          ...(keyPrefix ? { Prefix: keyPrefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        const key = (o.Key ?? '').slice(keyPrefix.length);
        // only the keys this server makes (anything else in the bucket is not ours)
        if (isKey(key)) yield { key, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** closes the SDK's connections */
  async close() {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

const isKey = (key: string) => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
};
