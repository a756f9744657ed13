/**
 * Issue 28: a send run to SdI killed with kill -9 while files are being handed over, then the
 * server started again — each invoice reaches the simulator exactly once and ends with SdI's
 * outcome. The real server as a child process on a PostgreSQL database of the test's own (so the
 * test reads the transmissions and what the simulator received while the process is gone).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login, ownPostgres, spawnServer, STARTED, within, type ServerProcess } from '../helpers/serverProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gs-sdi-kill-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function server(env: Record<string, string>): ServerProcess {
  const s = spawnServer({ DATA_DIR: dataDir, SDI_SIMULATOR_DELAY: '0', SDI_RETRY_DELAY: '1', ...env });
  cleanups.push(async () => {
    s.child.kill('SIGKILL');
    await s.exited;
  });
  return s;
}

describe('SdI drill', () => {
  it('SdI kill -9 during a send run: after the restart each invoice was sent exactly once and has its outcome', async () => {
    const db = await ownPostgres('sdikill');
    cleanups.push(() => db.drop());
    const sqlc = new pg.Client({ connectionString: db.url });
    cleanups.push(() => sqlc.end());
    const first = server({ DATABASE_URL: db.url });
    await first.waitFor(STARTED, 170_000);
    // nothing to send yet: no job queue runs until the first 'Invia a SdI'
    expect(first.output()).not.toMatch(/sending worker started/);
    await sqlc.connect();
    const { headers } = await login(first.url);
    const post = (path: string, body: unknown) =>
      fetch(`${first.url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const year = new Date().getFullYear();
    const period = { from: `${year}-03-01`, to: `${year}-03-31` };
    const preview = await (await post('/api/invoicing/preview', period)).json();
    const run = await post('/api/invoicing/run', { ...period, fingerprint: preview.data.fingerprint });
    expect(run.status).toBe(201);
    const ids = ((await run.json()).data.invoices as Array<{ id: number }>).map((i) => i.id);
    expect(ids.length).toBeGreaterThan(20);
    const sent = await post('/api/sdi/send', { ids });
    expect(sent.status).toBe(202);
    const count = async (where: string) =>
      Number((await sqlc.query(`SELECT count(*)::int AS "n" FROM "sdi_transmissions" WHERE ${where}`)).rows[0].n);
    // the first files handed over: the process dies in the middle of the run
    await within(30_000, async () => (await count(`"status" = 'sent'`)) > 0, 10);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = await count(`"status" = 'sent'`);
    expect(atKill, 'killed before every file was handed over').toBeLessThan(ids.length);

    const second = server({ DATABASE_URL: db.url });
    await second.waitFor(STARTED, 120_000);
    // files left by the killed process: the worker starts at once
    await second.waitFor(/sending worker started/, 60_000);
    await within(
      120_000,
      async () =>
        Number(
          (
            await sqlc.query(
              `SELECT count(*)::int AS "n" FROM "e_documents" WHERE "id" = ANY($1::int[]) AND "sdi_status" IN ('consegnata', 'scartata', 'mancata_consegna')`,
              [ids],
            )
          ).rows[0].n,
        ) === ids.length,
      250,
    );
    // each invoice: one file, received once by the simulator, and one 'invio' event
    const files = (
      await sqlc.query(
        `SELECT t."e_document_id", t."file_name", (SELECT count(*)::int FROM "sdi_simulator_files" s WHERE s."file_name" = t."file_name") AS "received",
          (SELECT count(*)::int FROM "sdi_events" e WHERE e."transmission_id" = t."id" AND e."kind" = 'invio') AS "events"
        FROM "sdi_transmissions" t WHERE t."e_document_id" = ANY($1::int[])`,
        [ids],
      )
    ).rows;
    expect(files).toHaveLength(ids.length);
    expect(new Set(files.map((f) => f.e_document_id)).size).toBe(ids.length);
    expect(files.filter((f) => f.received !== 1)).toEqual([]);
    expect(files.filter((f) => f.events !== 1)).toEqual([]);
    expect(Number((await sqlc.query(`SELECT count(*)::int AS "n" FROM "sdi_simulator_files"`)).rows[0].n)).toBe(
      ids.length,
    );
    await second.stop();
  });
});
