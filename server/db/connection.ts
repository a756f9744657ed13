/**
 * One Drizzle database over PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
 * Both run the same schema, migrations and queries.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { lockDataDir } from './dataDirLock.js';
import { isDatabaseUnavailable } from './unavailable.js';
import { MIGRATIONS_FOLDER, readSchemaImage, unpackSchemaImage } from './schemaImage.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<any, any, any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** run raw SQL text with parameters ($1…) and return rows */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * run SQL text without parameters that may hold several statements (a job queue's schema and
   * its locked maintenance, server/areas/mail); answers the rows of the last one. On PGlite the text
   * and, when it fails, a ROLLBACK hold the one connection together: a failed BEGIN…COMMIT would
   * otherwise leave every later query in an aborted transaction.
   */
  script(text: string): Promise<Record<string, unknown>[]>;
  /**
   * LISTEN on a channel (PostgreSQL: its own connection, made again with LISTEN after it is
   * lost; then `onReconnect` runs, since notifications sent meanwhile were missed); resolves to
   * the unsubscribe
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** NOTIFY every listener of every process on the database */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** embedded database only: its data folder as a tarball (`OpenOptions.image` opens it again) */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
}

const migrationsFolder = MIGRATIONS_FOLDER;

/** The embedded database's shared buffers (PostgreSQL's default: 128MB). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Where the database layer reports outages and recoveries (pino's signature). */
export interface DbLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
const silent: DbLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The embedded database's folder inside DATA_DIR. */
const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');
/** Whether a PGlite folder holds a database already (PostgreSQL's version file). */
const holdsDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Whether the embedded database of DATA_DIR has yet to be made (openDatabase's folder holds no
 * database): its first start, where the demo data goes in (server/main.ts).
 */
export const embeddedDatabaseIsNew = (dataDir = './data') => !holdsDatabase(pgliteFolder(dataDir));

/** A connection attempt that hangs (a host that does not answer) fails after this long. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Waits between attempts to reach PostgreSQL: 1 s, doubling, at most 10 s. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 10_000);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const reason = (err: unknown) =>
  err instanceof Error && err.message ? err.message.split('\n')[0] : String((err as { code?: unknown })?.code ?? err);

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /**
   * embedded database only: start from this data folder (a `dumpDataDir()` tarball) instead of
   * an empty one — the tests' demo database, migrated and seeded once per run
   */
  image?: Blob;
  /**
   * embedded database only: a new database (in memory, or a data folder without one yet) is loaded
   * from the prepared image of the migrated schema when there is one (server/db/schemaImage.ts);
   * false migrates an empty one (what makes the image)
   */
  schemaImage?: boolean;
  log?: DbLog;
  /** the lock of DATA_DIR was lost while running (embedded database): the process should stop */
  onLockLost?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? silent;
  if (opts.databaseUrl) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // numeric/date/timestamp come back as strings; the records engine converts them.
    // JIT off: the open-items rule's plan is costed high (a subplan per item) and PostgreSQL spent
    // a second compiling it for a query that runs in half that (bench/reminders: the aging 1.9 s → 0.53 s)
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: '-c TimeZone=Europe/Rome -c jit=off',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection that breaks (a restart, a failover, pg_terminate_backend) is never fatal: an
    // idle one is dropped by the pool and replaced on the next query; on one in use the query
    // fails (the API answers 503). Without these listeners the 'error' event ends the process.
    pool.on('error', (err) =>
      log.warn({ err }, `PostgreSQL: an idle connection was lost (${reason(err)}); a new one is made when needed`),
    );
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzle(pool);
    // at start the database may not be there yet (starting, failing over, not created): retry
    for (let attempt = 1; ; attempt++) {
      try {
        await migrateOn(pool);
        if (attempt > 1) log.info({ attempt }, 'PostgreSQL is reachable: starting');
        break;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          await pool.end().catch(() => undefined);
          throw err;
        }
        const wait = retryDelay(attempt);
        log.warn(
          { err, attempt, retryInMs: wait },
          `PostgreSQL is not reachable (${reason(err)}): retrying in ${wait / 1000} s (attempt ${attempt})`,
        );
        await sleep(wait);
      }
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      script: async (text) => {
        // several statements answer one result each
        const res = (await pool.query(text)) as unknown as import('pg').QueryResult | import('pg').QueryResult[];
        return (Array.isArray(res) ? res.at(-1)?.rows : res.rows) ?? [];
      },
      listen: (channel, onPayload, onReconnect) =>
        listenWithReconnect(pg.Client, opts.databaseUrl!, channel, onPayload, onReconnect, log),
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = pgliteFolder(opts.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
  }
  // one process per data folder (a second one would lose its writes); released at close
  const unlock = dir
    ? await lockDataDir(
        dirname(dir),
        log,
        opts.onLockLost ?? ((err) => log.error({ err }, 'the embedded database is no longer locked by this process')),
      )
    : async () => undefined;
  let client: InstanceType<typeof PGlite>;
  let db: ReturnType<typeof drizzle>;
  try {
    let isNew = !dir || !holdsDatabase(dir);
    // a new data folder: the schema image unpacked on disk, then opened as an existing folder
    if (dir && isNew && !opts.image && opts.schemaImage !== false && (await unpackSchemaImage(dir))) isNew = false;
    const image = opts.image ?? (isNew && opts.schemaImage !== false ? readSchemaImage() : undefined);
    // PostgreSQL's default shared buffers (128 MB) live in PGlite's WebAssembly heap and cost about
    // 130 MB of RSS from the start; 16 MB hold a studio's working set, and the data folder's files
    // stay in the OS page cache under them (issue 27 item 2; docs/decisions.md)
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    client = new PGlite({ dataDir: dir, startParams, ...(image ? { loadDataDir: image } : {}) });
    await client.exec("SET TIME ZONE 'Europe/Rome'");
    db = drizzle(client);
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await unlock();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    script: (text) =>
      client.transaction(async (tx) => ((await tx.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await client.close();
      await unlock();
    },
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
  };
}

/** Migrations, once per database at a time (an advisory lock: several processes may start together). */
async function migrateOn(pool: import('pg').Pool) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(727272)');
    await migrate(drizzle(client), { migrationsFolder });
  } catch (err) {
    failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    if (!failed || !isDatabaseUnavailable(failed))
      await client.query('SELECT pg_advisory_unlock(727272)').catch(() => undefined);
    // a connection that failed is closed (which also frees the advisory lock), not reused
    client.release(failed);
  }
}

/**
 * LISTEN on a connection of its own that is made again, with backoff, whenever it is lost;
 * after a reconnection `onReconnect` runs (notifications sent meanwhile were missed).
 */
async function listenWithReconnect(
  Client: typeof import('pg').Client,
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  log: DbLog,
): Promise<() => Promise<void>> {
  let current: import('pg').Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async () => {
    const c = new Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    current = c;
  };
  const lost = (c: import('pg').Client, err?: Error) => {
    if (stopped || current !== c) return;
    current = null;
    void c.end().catch(() => undefined);
    log.warn(
      err ? { err, channel } : { channel },
      `PostgreSQL: the connection listening on ${channel} was lost${err ? ` (${reason(err)})` : ''}: reconnecting`,
    );
    schedule();
  };
  const schedule = () => {
    if (stopped || timer) return;
    attempt++;
    timer = setTimeout(
      () => {
        timer = undefined;
        connect().then(
          () => {
            if (stopped || !current) return;
            log.info({ channel, attempt }, `PostgreSQL: listening on ${channel} again`);
            attempt = 0;
            onReconnect?.();
          },
          (err: unknown) => {
            log.warn(
              { err, channel, attempt },
              `PostgreSQL: listening on ${channel} failed (${reason(err)}): retrying`,
            );
            schedule();
          },
        );
      },
      Math.min(250 * 2 ** (attempt - 1), 10_000),
    );
    timer.unref();
  };

  try {
    await connect();
  } catch (err) {
    // the caches' short lifetimes still apply until the listening connection is back
    log.warn({ err, channel }, `PostgreSQL: cannot listen on ${channel} (${reason(err)}): retrying`);
    schedule();
  }
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = current;
    current = null;
    await c?.end().catch(() => undefined);
  };
}

export const ping = (d: Database) => d.db.execute(sql`select 1`);
