/**
 * Global set-up of the API tests: the demo database is migrated and seeded ONCE per run, and each
 * test file opens its own copy (tests/helpers/testApp.ts):
 * - PGlite: the data folder as a tarball (`dumpDataDir`), loaded by each file (`loadDataDir`);
 * - PostgreSQL (DATABASE_URL): one template database, each file `CREATE DATABASE … TEMPLATE`.
 * The uploaded files the demo data refers to (the sample Word template) are kept beside it and
 * copied into each file's own storage folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { LocalStorage } from '../../server/storage/index.js';
import { openDatabase } from '../../server/db/connection.js';
import { execOn } from '../../server/records/exec.js';
import { loadDemoData } from '../../server/db/demo.js';
import { freshPostgres } from './freshPostgres.js';

export interface DbImage {
  /** the PGlite data folder's tarball, or null on PostgreSQL */
  tarball: string | null;
  /** the template database's name on DATABASE_URL's server, or null on PGlite */
  template: string | null;
  /** the uploaded files of the demo data */
  storage: string;
  /** milliseconds the image took */
  ms: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbImage: DbImage;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'gs-image-'));
  const storage = join(dir, 'files');
  let tarball: string | null = null;
  let template: string | null = null;
  let dropTemplate: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL, 'tpl');
    dropTemplate = fresh.drop;
    template = new URL(fresh.url).pathname.slice(1);
    const database = await openDatabase({ databaseUrl: fresh.url });
    try {
      await loadDemoData(execOn(database.db), new LocalStorage(storage));
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase({ memory: true });
    try {
      await loadDemoData(execOn(database.db), new LocalStorage(storage));
      tarball = join(dir, 'pglite.tar');
      writeFileSync(tarball, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  const image: DbImage = { tarball, template, storage, ms: Date.now() - started };
  project.provide('dbImage', image);
  return async () => {
    await dropTemplate?.();
    rmSync(dir, { recursive: true, force: true });
  };
}
