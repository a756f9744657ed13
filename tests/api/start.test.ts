/**
 * What the server does at every start (issue 27 items 1–2). The bootstrap of roles, permissions
 * and default grants, set-based (on PGlite, and on PostgreSQL with DATABASE_URL). And a new
 * embedded database is loaded from the prepared image of the migrated
 * schema (server/db/schemaImage.ts) — the same tables, columns, indexes, constraints and recorded
 * migrations as one migrated from empty; an image is named by the migrations it holds.
 * Its shared buffers are sized for a studio (issue 27 item 2). PGlite only: PostgreSQL databases are
 * migrated, and their memory is the PostgreSQL server's.
 */
import { describe, expect, it } from 'vitest';
import { freshPostgres } from '../helpers/freshPostgres.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from '../../server/db/connection.js';
import { execOn } from '../../server/records/exec.js';
import { loadDemoDataWhole } from '../../server/db/demo.js';
import { LocalStorage } from '../../server/storage/index.js';
import { bootstrap, grantedByDefault, ROLE_NAMES } from '../../server/db/bootstrap.js';
import { MODELS } from '../../model/registry.js';
import { VERBS, permissionName } from '../../model/define.js';
import {
  makeSchemaImage,
  readSchemaImage,
  schemaHash,
  schemaImagePath,
  unpackSchemaImage,
} from '../../server/db/schemaImage.js';

/** What a schema is made of, in a stable order. */
async function shapeOf(d: Database) {
  const q = (text: string) => d.query(text).then((rows) => rows.map((r) => JSON.stringify(r)));
  return {
    columns: await q(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    ),
    indexes: await q(`SELECT schemaname, tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname NOT IN ('pg_catalog') ORDER BY 1, 2, 3`),
    constraints: await q(`SELECT conrelid::regclass::text AS rel, conname, pg_get_constraintdef(oid) AS def
        FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace) ORDER BY 1, 2`),
    functions: await q(`SELECT proname, pg_get_function_identity_arguments(oid) AS args FROM pg_proc
        WHERE pronamespace = 'public'::regnamespace ORDER BY 1, 2`),
    migrations: await q(`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`),
  };
}

const migratedDb = () => openDatabase({ memory: true, schemaImage: false });

describe.skipIf(process.env.DATABASE_URL)('the embedded database (PGlite): its schema image and its memory', () => {
  it("runs with 16 MB of shared buffers, not PostgreSQL's 128 MB (issue 27 item 2)", async () => {
    const d = await openDatabase({ memory: true });
    try {
      expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
      expect(await d.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await d.close();
    }
  });

  it('is named by the hash of the migrations and of PGlite, and made once', async () => {
    expect(basename(schemaImagePath())).toBe(`pglite-schema-${schemaHash()}.tar.gz`);
    expect(schemaHash()).toMatch(/^[0-9a-f]{16}$/);
    await makeSchemaImage(migratedDb);
    expect(existsSync(schemaImagePath())).toBe(true);
    // there now: a second call makes nothing
    expect(await makeSchemaImage(migratedDb)).toBe(false);
    expect(readSchemaImage()).toBeInstanceOf(File);
  });

  it('a new database loaded from it is the database the migrations make, and takes writes', async () => {
    await makeSchemaImage(migratedDb);
    const migrated = await openDatabase({ memory: true, schemaImage: false });
    const loaded = await openDatabase({ memory: true });
    try {
      const [a, b] = [await shapeOf(migrated), await shapeOf(loaded)];
      expect(a.migrations.length).toBeGreaterThan(10);
      expect(a.columns.length).toBeGreaterThan(100);
      expect(b).toEqual(a);
      // a live database, not a read-only copy: a studio goes in, with its serial id
      const [studio] = await loaded.query<{ id: number }>(
        `INSERT INTO studios (name) VALUES ('Studio Prova') RETURNING id`,
      );
      expect(await loaded.query(`SELECT name FROM studios WHERE id = $1`, [studio!.id])).toEqual([
        { name: 'Studio Prova' },
      ]);
    } finally {
      await migrated.close();
      await loaded.close();
    }
  });
});

describe.skipIf(process.env.DATABASE_URL)('a new data folder made from the schema image (on disk)', () => {
  it('is unpacked beside and renamed into place, is the database the migrations make, takes writes and opens again', async () => {
    await makeSchemaImage(migratedDb);
    const root = mkdtempSync(join(tmpdir(), 'gs-unpack-'));
    try {
      const dir = join(root, 'pglite');
      expect(await unpackSchemaImage(dir)).toBe(true);
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(`${dir}.unpacking`)).toBe(false);
      // a folder that holds something is never unpacked over
      expect(await unpackSchemaImage(dir)).toBe(false);

      const migrated = await openDatabase({ memory: true, schemaImage: false });
      let opened = await openDatabase({ dataDir: root });
      try {
        expect(await shapeOf(opened)).toEqual(await shapeOf(migrated));
        await opened.query(`INSERT INTO studios (name) VALUES ('Studio su disco')`);
        await opened.close();
        opened = await openDatabase({ dataDir: root });
        expect(await opened.query(`SELECT name FROM studios WHERE name = 'Studio su disco'`)).toHaveLength(1);
      } finally {
        await migrated.close();
        await opened.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the bootstrap at every start: roles, permissions, default grants', () => {
  it('grants the defaults once, set-based whatever the models, and keeps what an administrator changed', async () => {
    const fresh = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
    const d = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true });
    try {
      const exec = execOn(d.db);
      const roles = await bootstrap(exec);
      const expected = MODELS.flatMap((m) =>
        VERBS.flatMap((verb) =>
          ROLE_NAMES.filter((r) => grantedByDefault(r, m, verb)).map((r) => `${r} ${permissionName(m)}.${verb}`),
        ),
      ).sort();
      const grants = async () =>
        (
          await d.query<{ g: string }>(
            `SELECT r.name || ' ' || p.name AS g FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
              JOIN permissions p ON p.id = rp.permission_id ORDER BY 1`,
          )
        ).map((r) => r.g);
      expect(expected.length).toBeGreaterThan(200);
      expect(await grants()).toEqual(expected);
      expect((await d.query<{ n: number }>('SELECT count(*)::int AS n FROM permissions'))[0]!.n).toBe(
        MODELS.length * VERBS.length,
      );
      // an administrator takes a grant away: the next start does not give it back
      const [taken] = await d.query<{ permission_id: number }>(
        `DELETE FROM role_permissions WHERE role_id = $1 AND permission_id = (SELECT id FROM permissions WHERE name = $2)
          RETURNING permission_id`,
        [roles.Admin, `${permissionName(MODELS[0]!)}.view`],
      );
      expect(taken).toBeDefined();
      expect(await bootstrap(exec)).toEqual(roles);
      expect(await grants()).toEqual(expected.filter((g) => g !== `Admin ${permissionName(MODELS[0]!)}.view`));
    } finally {
      await d.close();
      await fresh?.drop();
    }
  });
});

describe.skipIf(process.env.DATABASE_URL)("a new folder's demo data: all or nothing", () => {
  it('a load cut short (here: its last step, storing the Word templates, fails) leaves none of it; loaded again it is whole', async () => {
    const d = await openDatabase({ memory: true });
    const dir = mkdtempSync(join(tmpdir(), 'gs-demo-files-'));
    try {
      const files = new LocalStorage(dir);
      const failing = Object.assign(Object.create(files) as LocalStorage, {
        put: async () => {
          throw new Error('disk full');
        },
      });
      await expect(loadDemoDataWhole(d, failing)).rejects.toThrow('disk full');
      const count = async (table: string) =>
        Number((await d.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`))[0]!.n);
      for (const table of ['studios', 'users', 'customers', 'transactions', 'roles'])
        expect(await count(table)).toBe(0);
      expect(await loadDemoDataWhole(d, files)).toBe(true);
      expect(await count('studios')).toBeGreaterThan(1);
      expect(await count('customers')).toBeGreaterThan(100);
      expect(await count('attachments')).toBeGreaterThan(0);
    } finally {
      await d.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
