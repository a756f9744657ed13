/**
 * Issue 27 item 1: a new embedded database is loaded from the prepared image of the migrated
 * schema (server/db/schemaImage.ts) — the same tables, columns, indexes, constraints and recorded
 * migrations as one migrated from empty; an image is named by the migrations it holds.
 * Its shared buffers are sized for a studio (issue 27 item 2). PGlite only: PostgreSQL databases are
 * migrated, and their memory is the PostgreSQL server's.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from '../../server/db/connection.js';
import { makeSchemaImage, readSchemaImage, schemaHash, schemaImagePath } from '../../server/db/schemaImage.js';

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
    await makeSchemaImage();
    expect(existsSync(schemaImagePath())).toBe(true);
    // there now: a second call makes nothing
    expect(await makeSchemaImage()).toBe(false);
    expect(readSchemaImage()).toBeInstanceOf(File);
  });

  it('a new database loaded from it is the database the migrations make, and takes writes', async () => {
    await makeSchemaImage();
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
