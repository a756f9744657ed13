/**
 * Issue 30: the reminders' daily run under two server processes on one PostgreSQL database, one of
 * them killed with kill -9 while the reminders are being sent, then a third started — the day's
 * run is made once, and each reminder reaches the outbox exactly once. The real server as child
 * processes, on a database of the test's own (read directly while the processes come and go).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login, ownPostgres, spawnServer, STARTED, within, type ServerProcess } from '../helpers/serverProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gs-reminders-run-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function server(env: Record<string, string>): ServerProcess {
  const s = spawnServer({ DATA_DIR: dataDir, REMINDERS_TICK_SECONDS: '1', ...env });
  cleanups.push(async () => {
    s.child.kill('SIGKILL');
    await s.exited;
  });
  return s;
}

describe('reminders drill', () => {
  it('reminders: the daily run under two processes, one killed with kill -9 while sending: one run, each reminder sent exactly once', async () => {
    const db = await ownPostgres('remrun');
    cleanups.push(() => db.drop());
    const sqlc = new pg.Client({ connectionString: db.url });
    cleanups.push(() => sqlc.end());
    // the first loads the demo data; the second starts on it
    const first = server({ DATABASE_URL: db.url });
    await first.waitFor(STARTED, 170_000);
    const second = server({ DATABASE_URL: db.url });
    await second.waitFor(STARTED, 120_000);
    await sqlc.connect();
    // no rules yet: neither process runs a job queue for the reminders
    expect(first.output()).not.toMatch(/reminders: worker started/);
    const { headers } = await login(first.url);
    // the rules: on, due since midnight, one automatic level (sent without review)
    const put = await fetch(`${first.url}/api/reminders/settings`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        run_time: '00:00',
        link_days: 30,
        levels: [
          {
            days: 1,
            subject: 'Promemoria {studio_nome}',
            text: 'Gentile {cliente_ragione_sociale}, risultano scaduti € {sollecito_totale}. {sollecito_link}',
            min_amount: 1,
            auto: true,
          },
        ],
      }),
    });
    expect(put.status, await put.text()).toBe(200);
    const count = async (q: string) => Number((await sqlc.query(q)).rows[0].n);
    const sent = () => count(`SELECT count(*)::int AS "n" FROM "reminders" WHERE "status" = 'sent'`);
    // both processes look every second; the day's run is made by one of them, then the sending
    await within(60_000, async () => (await sent()) > 0, 10);
    // the process that is sending dies (the other may be sending too, or idle)
    const victim = [first, second].find((s) => /reminders: sent/.test(s.output())) ?? second;
    const survivor = victim === first ? second : first;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const total = await count(`SELECT count(*)::int AS "n" FROM "reminders"`);
    expect(total).toBeGreaterThan(20);
    expect(await sent(), 'killed before every reminder was sent').toBeLessThan(total);

    const third = server({ DATABASE_URL: db.url });
    await third.waitFor(STARTED, 120_000);
    await within(
      120_000,
      async () => (await count(`SELECT count(*)::int AS "n" FROM "reminders" WHERE "status" = 'queued'`)) === 0,
      100,
    );
    // one scheduled run today, one reminder per customer, each with one e-mail of its own
    expect(await count(`SELECT count(*)::int AS "n" FROM "reminder_runs" WHERE "kind" = 'scheduled'`)).toBe(1);
    expect(await count(`SELECT count(DISTINCT "customer_id")::int AS "n" FROM "reminders"`)).toBe(total);
    const rows = (
      await sqlc.query(
        `SELECT r."id", r."status", r."mail_id",
          (SELECT count(*)::int FROM "mail_outbox" m WHERE m."kind" = 'reminder' AND m."id" = r."mail_id") AS "mails"
         FROM "reminders" r`,
      )
    ).rows as Array<{ id: number; status: string; mail_id: number | null; mails: number }>;
    const notSent = rows.filter((r) => r.status !== 'sent');
    // a customer without an e-mail waits for review; every other one was sent
    expect(notSent.every((r) => r.status === 'proposed')).toBe(true);
    const done = rows.filter((r) => r.status === 'sent');
    expect(done.filter((r) => r.mails !== 1)).toEqual([]);
    expect(new Set(done.map((r) => r.mail_id)).size).toBe(done.length);
    expect(await count(`SELECT count(*)::int AS "n" FROM "mail_outbox" WHERE "kind" = 'reminder'`)).toBe(done.length);
    await survivor.stop();
    await third.stop();
  });
});
