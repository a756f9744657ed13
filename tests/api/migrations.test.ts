/**
 * Issue 7 #4: the CAP column of legal representatives becomes text of digits; the migration
 * restores the leading zeros of the integers already stored and loses no value.
 * On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres } from '../helpers/freshPostgres.js';

const MIGRATIONS = join(process.cwd(), 'server/db/migrations');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A copy of the migrations folder with only the first `count` entries in its journal. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'gs-migr-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Db {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
}

async function openDb(): Promise<Db> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL, 'migr');
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    cleanups.push(async () => {
      await pool.end();
      await fresh.drop();
    });
    return {
      query: async (t) => (await pool.query(t)).rows,
      migrate: (folder) => migrate(drizzle(pool), { migrationsFolder: folder }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  cleanups.push(() => client.close());
  return {
    query: async (t) => (await client.query(t)).rows as Record<string, unknown>[],
    migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
  };
}

describe('7.4 migration 0002_cap_text', () => {
  it('turns the integer CAPs into five-digit text, keeping the leading zeros and every value', async () => {
    const db = await openDb();
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
    const index = journal.entries.findIndex((e: { tag: string }) => e.tag === '0002_cap_text');
    expect(index).toBeGreaterThan(0);
    await db.migrate(migrationsUpTo(index));
    await db.query(`INSERT INTO studios (id, name) VALUES (1, 'Studio')`);
    await db.query(`INSERT INTO legal_representatives (id, studio_id, name, postal_code, note) VALUES
      (1, 1, 'Roma', 184, NULL), (2, 1, 'Milano', 20121, 'nota'), (3, 1, 'Aosta', 11100, NULL),
      (4, 1, 'Sbagliato', 1234567, 'nota esistente'), (5, 1, 'Vuoto', NULL, NULL)`);

    await db.migrate(MIGRATIONS);
    const rows = await db.query('SELECT id, postal_code, note FROM legal_representatives ORDER BY id');
    expect(rows).toEqual([
      { id: 1, postal_code: '00184', note: null },
      { id: 2, postal_code: '20121', note: 'nota' },
      { id: 3, postal_code: '11100', note: null },
      { id: 4, postal_code: null, note: 'nota esistente\nCAP precedente: 1234567' },
      { id: 5, postal_code: null, note: null },
    ]);
    const type = await db.query(`SELECT data_type, character_maximum_length FROM information_schema.columns
      WHERE table_name = 'legal_representatives' AND column_name = 'postal_code'`);
    expect(type).toEqual([{ data_type: 'character varying', character_maximum_length: 5 }]);
  });
});

describe('9.1 migration 0006_unique_emails', () => {
  it('9.1 migration: users sharing an e-mail by case or blanks are kept, one keeps the e-mail (active first, then oldest), the others get a marked one in the audit log; then the index refuses copies', async () => {
    const db = await openDb();
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
    const index = journal.entries.findIndex((e: { tag: string }) => e.tag === '0006_unique_emails');
    expect(index).toBeGreaterThan(0);
    await db.migrate(migrationsUpTo(index));
    await db.query(`INSERT INTO studios (id, name) VALUES (1, 'Studio Uno'), (2, 'Studio Due')`);
    await db.query(`INSERT INTO roles (id, name) VALUES (1, 'Admin')`);
    await db.query(`INSERT INTO users (id, studio_id, role_id, name, email, active, deleted_at) VALUES
      (1, 2, 1, 'Originale', ' Admin@Studio.test', TRUE, NULL),
      (2, 1, 1, 'Copia', 'admin@studio.test', TRUE, NULL),
      (3, 1, 1, 'Cestinato', 'x@y.test', TRUE, '2026-01-01'),
      (4, 2, 1, 'Attivo', 'X@Y.TEST', TRUE, NULL),
      (5, 1, 1, 'Unico', 'Solo@Z.test ', FALSE, NULL)`);

    await db.migrate(MIGRATIONS);
    const rows = await db.query('SELECT id, email FROM users ORDER BY id');
    expect(rows).toEqual([
      { id: 1, email: 'admin@studio.test' },
      { id: 2, email: 'duplicato2.admin@studio.test' },
      { id: 3, email: 'duplicato3.x@y.test' },
      { id: 4, email: 'x@y.test' },
      { id: 5, email: 'solo@z.test' },
    ]);
    const audit = await db.query(
      `SELECT studio_id, record_id, changes FROM audit_log WHERE model = 'User' ORDER BY record_id`,
    );
    expect(audit).toEqual([
      { studio_id: 1, record_id: 2, changes: { email: ['admin@studio.test', 'duplicato2.admin@studio.test'] } },
      { studio_id: 1, record_id: 3, changes: { email: ['x@y.test', 'duplicato3.x@y.test'] } },
    ]);
    await expect(
      db.query(`INSERT INTO users (studio_id, role_id, name, email) VALUES (1, 1, 'Altra copia', 'SOLO@z.test')`),
    ).rejects.toMatchObject({ code: '23505' });
    const definition = await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'users_email_uq'`);
    expect(String(definition[0]?.indexdef)).toMatch(
      /UNIQUE INDEX users_email_uq ON public\.users USING btree \(lower\(TRIM\(BOTH FROM email\)\)\)/i,
    );
  });
});
