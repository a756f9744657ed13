/**
 * Issue 49: the engagements' daily billing run under several server processes on one PostgreSQL
 * database. 3,000 signed engagements are made due today (several batches of the run); two
 * processes race for the day's run, the one that has made a batch is killed with kill -9 in the
 * middle, a third is started — the day's run is made once, every period is billed exactly once with
 * its one movement, and the killed batch left nothing half-written. Then two processes started at
 * once on new work, neither killed: once again. The real server as child processes, on a database
 * of the test's own (read directly while the processes come and go).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { today as romeToday } from '../../model/dates.js';
import { lastLines, ownPostgres, spawnServer, STARTED, within, type ServerProcess } from '../helpers/serverProcess.js';

/** engagements made due today in each part: 3,000 + the demo's ≈ 7 batches of 500 */
const DUE = 3_000;
const BATCH_MADE = /engagements: batch made/;

const dataDir = mkdtempSync(join(tmpdir(), 'gs-engagements-run-'));
const cleanups: Array<() => Promise<unknown>> = [];
let db: Awaited<ReturnType<typeof ownPostgres>>;
let sqlc: pg.Client;
let studio: number;

afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function server(env: Record<string, string>): ServerProcess {
  const s = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: db.url, ...env });
  cleanups.push(async () => {
    s.child.kill('SIGKILL');
    await s.exited;
  });
  return s;
}

const count = async (q: string, params: unknown[] = []) => Number((await sqlc.query(q, params)).rows[0].n);

/** today's scheduled run of the demo studio, if any */
const todaysRun = async (day: string) =>
  (
    await sqlc.query(
      `SELECT "id", "finished_at" FROM "engagement_runs" WHERE "studio_id" = $1 AND "day" = $2 AND "kind" = 'scheduled'`,
      [studio, day],
    )
  ).rows as Array<{ id: number; finished_at: Date | null }>;

/**
 * With no server running: DUE signed engagements on the demo's customers, each with one monthly
 * service (a fee of its own) whose period of this month is billed today; today's scheduled run
 * removed, so the next processes make it again. Answers today.
 */
async function makeDue(tag: string): Promise<string> {
  const day = romeToday();
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const monthStart = `${y}-${String(m).padStart(2, '0')}-01`;
  await sqlc.query('BEGIN');
  await sqlc.query(
    `WITH c AS (SELECT "id", (row_number() OVER (ORDER BY "id"))::int - 1 AS "k" FROM "customers"
        WHERE "studio_id" = $1 AND "deleted_at" IS NULL),
      n AS (SELECT count(*)::int AS "n" FROM c)
    INSERT INTO "engagements" ("studio_id", "title", "customer_id", "start_date", "end_date", "notice_days", "billing_day",
      "payment_days", "update_kind", "update_percent", "istat_share", "status", "sent_at", "signed_at", "signed_how")
    SELECT $1, $2 || ' ' || lpad(g::text, 5, '0'), c."id", $3::date, NULL, 90, $4::int, 30, 'none', NULL, 100, 'signed',
      LOCALTIMESTAMP, LOCALTIMESTAMP, 'Firmato su carta (scansione allegata)'
    FROM generate_series(1, $5::int) g CROSS JOIN n JOIN c ON c."k" = g % n."n"`,
    [studio, tag, monthStart, d, DUE],
  );
  await sqlc.query(
    `INSERT INTO "engagement_services" ("studio_id", "engagement_id", "position", "studio_service_id", "description", "rule", "fee", "unit_source")
    SELECT $1, e."id", 1, (SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1),
      $2 || ' servizio ' || k, 'monthly', 100 + k * 0.01, NULL
    FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS "k" FROM "engagements" WHERE "studio_id" = $1 AND "title" LIKE $2 || ' %') e`,
    [studio, tag],
  );
  await sqlc.query(`DELETE FROM "engagement_runs" WHERE "studio_id" = $1 AND "day" = $2 AND "kind" = 'scheduled'`, [
    studio,
    day,
  ]);
  await sqlc.query('COMMIT');
  expect(await dueServices(tag)).toBe(DUE);
  return day;
}

const tagServices = `SELECT s."id", s."fee" FROM "engagement_services" s JOIN "engagements" e ON e."id" = s."engagement_id"
  WHERE e."studio_id" = $1 AND e."title" LIKE $2 || ' %'`;
const dueServices = (tag: string) => count(`SELECT count(*)::int AS "n" FROM (${tagServices}) s`, [studio, tag]);
/** the periods billed of the part's services */
const billed = (tag: string) =>
  count(
    `SELECT count(*)::int AS "n" FROM "engagement_charges" c WHERE c."engagement_service_id" IN (SELECT "id" FROM (${tagServices}) s)`,
    [studio, tag],
  );

/** Today's run made exactly once: one scheduled run, each period once, each with one movement and no movement without it. */
async function expectBilledOnce(tag: string, day: string) {
  expect(
    await count(
      `SELECT count(*)::int AS "n" FROM "engagement_runs" WHERE "studio_id" = $1 AND "day" = $2 AND "kind" = 'scheduled'`,
      [studio, day],
    ),
  ).toBe(1);
  // no (service, period) twice, anywhere (the unique index says so; the drill reads it)
  expect(
    await count(`SELECT count(*)::int AS "n" FROM (SELECT 1 FROM "engagement_charges"
      GROUP BY "engagement_service_id", "period_start" HAVING count(*) > 1) x`),
  ).toBe(0);
  const due = await dueServices(tag);
  expect(due).toBe(DUE);
  // each service due has its period of this month, billed today
  expect(
    await count(
      `SELECT count(*)::int AS "n" FROM "engagement_charges" c JOIN (${tagServices}) s ON s."id" = c."engagement_service_id"
      WHERE c."billing_date" = $3::date AND c."period_start" = date_trunc('month', $3::date)::date AND c."amount" = s."fee"`,
      [studio, tag, day],
    ),
  ).toBe(due);
  expect(await billed(tag)).toBe(due);
  // every period with an amount points at one CHARGE movement of its amount, no movement shared
  const links = (
    await sqlc.query(
      `SELECT count(*)::int AS "periods", count(t."id")::int AS "movements", count(DISTINCT t."id")::int AS "distinct",
        count(*) FILTER (WHERE t."type" = 'CHARGE' AND t."amount" = c."amount" AND t."deleted_at" IS NULL
          AND t."date" = $3::date::timestamp)::int AS "matching"
      FROM "engagement_charges" c JOIN (${tagServices}) s ON s."id" = c."engagement_service_id"
      LEFT JOIN "transactions" t ON t."id" = c."charge_id"
      WHERE c."amount" > 0`,
      [studio, tag, day],
    )
  ).rows[0] as { periods: number; movements: number; distinct: number; matching: number };
  expect(links).toEqual({ periods: due, movements: due, distinct: due, matching: due });
  // the movements of the part's services made today: as many as the services due, none without its period
  const movements = (
    await sqlc.query(
      `SELECT count(*)::int AS "n", coalesce(sum(t."amount"), 0)::text AS "sum",
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM "engagement_charges" c WHERE c."charge_id" = t."id"))::int AS "orphans"
      FROM "transactions" t
      WHERE t."studio_id" = $1 AND t."type" = 'CHARGE' AND t."date" = $3::date::timestamp AND t."transaction_note" LIKE $2 || ' servizio %'`,
      [studio, tag, day],
    )
  ).rows[0] as { n: number; sum: string; orphans: number };
  const fees = (await sqlc.query(`SELECT sum(s."fee")::text AS "sum" FROM (${tagServices}) s`, [studio, tag])).rows[0]
    .sum as string;
  expect(movements).toEqual({ n: due, sum: fees, orphans: 0 });
}

/** the day's scheduled run finished (by whichever process) */
async function runFinished(day: string, servers: ServerProcess[]) {
  return within(
    120_000,
    async () => (await todaysRun(day)).some((r) => r.finished_at !== null),
    100,
    async () => `run ${JSON.stringify(await todaysRun(day))}\n${servers.map((s) => lastLines(s, 8)).join('\n---\n')}`,
  );
}

describe('engagements drill', () => {
  beforeAll(async () => {
    db = await ownPostgres('engrun');
    cleanups.push(() => db.drop());
    sqlc = new pg.Client({ connectionString: db.url });
    cleanups.push(() => sqlc.end());
    // the first loads the demo data (billed up to yesterday; its start's look bills today's), then stops
    const first = server({ ENGAGEMENTS_TICK_SECONDS: '3600' });
    await first.waitFor(STARTED, 170_000);
    await sqlc.connect();
    expect(await first.stop()).toBe(0);
    studio = Number((await sqlc.query(`SELECT "id" FROM "studios" WHERE "name" = 'Studio Demo'`)).rows[0].id);
    expect(
      await count(`SELECT count(*)::int AS "n" FROM "engagement_charges" WHERE "studio_id" = $1`, [studio]),
    ).toBeGreaterThan(0);
  });

  it('engagements: the daily run under two processes, the one making batches killed with kill -9, a third started: the run made once, each period billed once', async () => {
    const tag = 'Drill incarico A';
    const day = await makeDue(tag);
    // two processes look every second from their start: the day's run is claimed by one, the other joins it
    const a = server({ ENGAGEMENTS_TICK_SECONDS: '1' });
    const b = server({ ENGAGEMENTS_TICK_SECONDS: '1' });
    // the first that has committed a batch (looked at every 5 ms: the run has ≈ 7 batches)
    await within(
      120_000,
      async () => BATCH_MADE.test(a.output()) || BATCH_MADE.test(b.output()),
      5,
      () => `${lastLines(a, 8)}\n---\n${lastLines(b, 8)}`,
    );
    const victim = BATCH_MADE.test(a.output()) ? a : b;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const survivor = victim === a ? b : a;
    // killed in the middle of the run: some periods billed, not all, the run not finished
    const atKill = await billed(tag);
    expect(victim.output()).not.toMatch(/engagements: daily run made/);
    expect(atKill, 'the victim had committed a batch').toBeGreaterThan(0);
    expect(atKill, 'killed before the run had billed every period').toBeLessThan(DUE);
    expect((await todaysRun(day)).map((r) => r.finished_at)).toEqual([null]);

    const third = server({ ENGAGEMENTS_TICK_SECONDS: '1' });
    await third.waitFor(STARTED, 120_000);
    await runFinished(day, [survivor, third]);
    expect(`${survivor.output()}${third.output()}`).toMatch(/engagements: daily run made/);
    await expectBilledOnce(tag, day);
    expect(await survivor.stop()).toBe(0);
    expect(await third.stop()).toBe(0);
  });

  it("engagements: two processes started at once on the day's work, neither killed: the run made once, each period billed once", async () => {
    const tag = 'Drill incarico B';
    const day = await makeDue(tag);
    const a = server({ ENGAGEMENTS_TICK_SECONDS: '1' });
    const b = server({ ENGAGEMENTS_TICK_SECONDS: '1' });
    await Promise.all([a.waitFor(STARTED, 120_000), b.waitFor(STARTED, 120_000)]);
    await runFinished(day, [a, b]);
    await expectBilledOnce(tag, day);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  });
});
