/**
 * One Drizzle database over PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
 * Both run the same schema, migrations and queries.
 */
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, any, any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** run raw SQL text with parameters ($1…) and return rows */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** LISTEN on a channel (PostgreSQL: its own connection); resolves to the unsubscribe */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY every listener of every process on the database */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; memory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // numeric/date/timestamp come back as strings; the records engine converts them
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c TimeZone=Europe/Rome' });
    const db = drizzle(pool);
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727272)');
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727272)');
      client.release();
    }
    return {
      db: db as unknown as Db, kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      async listen(channel, onPayload) {
        const listener = new pg.Client({ connectionString: opts.databaseUrl });
        await listener.connect();
        listener.on('notification', (n) => { if (n.channel === channel) onPayload(n.payload ?? ''); });
        // a lost listening connection is not fatal: the caches' short lifetimes still apply
        listener.on('error', () => undefined);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        return async () => { await listener.end().catch(() => undefined); };
      },
      notify: async (channel, payload) => { await pool.query('SELECT pg_notify($1, $2)', [channel, payload]); },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite(dir);
  await client.exec("SET TIME ZONE 'Europe/Rome'");
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db, kind: 'pglite',
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => { await client.query('SELECT pg_notify($1, $2)', [channel, payload]); },
    close: () => client.close(),
  };
}

export const ping = (d: Database) => d.db.execute(sql`select 1`);
