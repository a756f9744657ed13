/**
 * A local S3-compatible server for the tests (s3rver, from npm: the S3 REST API over a folder),
 * on a free port of 127.0.0.1, with the buckets asked for. `env` gives the server's settings for
 * one bucket (S3_BUCKET and the rest, as an installation would set them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  endpoint: string;
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (bucket, prefix) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
