/**
 * The SQL of backups and restores (server/areas/backup): which tables a database holds, their row
 * counts (written into a backup's manifest and checked after a restore), whether a database is
 * empty, and emptying one (restore --force on PostgreSQL).
 */

/** Runs one statement with parameters ($1…) and answers its rows (PGlite's or pg's `query`). */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Schemas of PostgreSQL itself, never backed up or counted. */
const SYSTEM_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`;

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Every ordinary table outside the system schemas, as `schema.table`, sorted. */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${SYSTEM_SCHEMAS} ORDER BY 1, 2`,
  );
  return rows.map((r) => `${r.schema}.${r.name}`);
}

/** The row count of every table (`schema.table` → rows), read in whatever snapshot the caller holds. */
export async function tableRowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of await listTables(query)) {
    const [schema, ...rest] = t.split('.');
    const [row] = await query<{ n: string | number }>(
      `SELECT count(*)::text AS n FROM ${quoteIdent(schema)}.${quoteIdent(rest.join('.'))}`,
    );
    counts[t] = Number(row.n);
  }
  return counts;
}

/** The objects (tables, views, sequences…) outside the system schemas: none on an empty database. */
export async function userRelationCount(query: Query): Promise<number> {
  const [row] = await query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${SYSTEM_SCHEMAS}`,
  );
  return Number(row.n);
}

/** Drops every schema but the system ones and recreates an empty `public` (restore --force). */
export async function emptyDatabase(query: Query): Promise<void> {
  const schemas = await query<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${SYSTEM_SCHEMAS} ORDER BY 1`,
  );
  for (const s of schemas) await query(`DROP SCHEMA ${quoteIdent(s.name)} CASCADE`);
  await query('CREATE SCHEMA IF NOT EXISTS public');
}

/** The server's version (`server_version`), written into a PostgreSQL backup's manifest. */
export async function serverVersion(query: Query): Promise<string> {
  const [row] = await query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return row.v;
}

/** A snapshot for pg_dump --snapshot (REPEATABLE READ transaction begun by the caller). */
export async function exportSnapshot(query: Query): Promise<string> {
  await query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  const [row] = await query<{ id: string }>('SELECT pg_export_snapshot() AS id');
  return row.id;
}
