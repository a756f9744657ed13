/** A freshly created PostgreSQL database next to `baseUrl` (tests, browser tests, benchmarks). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `template`: a database to copy (CREATE DATABASE … TEMPLATE), e.g. the tests' demo database made once per run */
export async function freshPostgres(
  baseUrl: string,
  prefix = 'test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  if (template && !/^[a-z0-9_]+$/.test(template)) throw new Error(`template database name: ${template}`);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
