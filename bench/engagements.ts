/**
 * Engagements benchmark (issue 49 item 9), one named section each, run in order and printing their
 * figures (PASS/FAIL printed, never thrown):
 *
 * - `profitability`: 'Redditività' of a year with BENCH_TIME_ENTRIES (200,000) time entries — GET
 *   /api/profitability for the year by customer, by service and by collaborator, and the home
 *   page's GET /api/profitability/summary — against a baseline measured in the same run: a plain
 *   SELECT sum(minutes) over the same entries and a plain sum of the year's charges (the floor of
 *   reading the rows the figures come from). Target: < 1 s each.
 *
 *   npm run bench:engagements                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:engagements  # PostgreSQL
 *   BENCH_SECTIONS=profitability npm run bench:engagements                               # one section
 *
 * The profitability's data: a studio of its own with BENCH_CUSTOMERS (1,000) customers, 20
 * collaborators (each with an hourly cost that changes in July; one in ten with none), 6 services
 * (each with a rate that changes in June); for every customer a monthly charge of last year and this
 * year (a service each) and a payment of each charge 20 days on but one in nine left unpaid; the time
 * entries spread over this year's days, customers, services and collaborators.
 *
 * Env: BENCH_SECTIONS (all), BENCH_CUSTOMERS (1000), BENCH_TIME_ENTRIES (200000), BENCH_RUNS (10, after
 * one untimed run).
 */
import { startTestApp, type TestApp } from '../tests/helpers/testApp.js';
import { api, type Api } from '../tests/helpers/api.js';
import { benchStudio, int, median, ms, time } from './common.js';
import { chargeAtoms, paymentAtoms, timeAtoms } from '../server/areas/profitability/queries.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 1_000);
const ENTRIES = int('BENCH_TIME_ENTRIES', 200_000);
const RUNS = int('BENCH_RUNS', 10);
const PROFITABILITY_TARGET_MS = 1_000;
const COLLABORATORS = 20;
const SERVICES = 6;

interface Bench {
  t: TestApp;
  a: Api;
}

/** 'Redditività' of a year with 200,000 time entries. */
async function profitability({ t, a }: Bench) {
  const year = new Date().getFullYear();
  const demo = await a.studioId('Studio Demo');
  const studio = await benchStudio(a, 'Studio Benchmark Redditività');
  const [model] = await a.sql<{ id: number }>(
    `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
    [demo],
  );
  // the collaborators: copies of the demo Collaboratore (never logged in)
  await a.sql(
    `INSERT INTO "users" ("studio_id", "role_id", "name", "cognome", "email", "password", "active")
    SELECT $1::int, c."role_id", 'Collaboratore', 'N. ' || g, 'bench.' || g || '@redditivita.test', c."password", TRUE
    FROM "users" c CROSS JOIN generate_series(1, ${COLLABORATORS}) g WHERE c."email" = 'collaboratore@studiodemo.test'`,
    [studio],
  );
  const users = (
    await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "studio_id" = $1 ORDER BY "id"`, [studio])
  ).map((r) => Number(r.id));
  const cols = (
    await a.sql<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code', 'studio_id', 'ceased', 'ceased_on', 'collaborator_accounting_id') ORDER BY ordinal_position`,
    )
  ).map((r) => `"${r.c}"`);
  await a.sql(
    `INSERT INTO "customers" (${cols.join(', ')}, "studio_id", "cod", "business_name", "ceased", "collaborator_accounting_id")
    SELECT ${cols.map((c) => `c.${c}`).join(', ')}, $2::int, 'R' || g, 'Cliente redditività ' || lpad(g::text, 5, '0') || ' S.r.l.', 0,
      ($3::int[])[1 + g % array_length($3::int[], 1)]
    FROM "customers" c CROSS JOIN generate_series(1, ${CUSTOMERS}) g WHERE c."id" = $1`,
    [model!.id, studio, `{${users.join(',')}}`],
  );
  await a.sql(
    `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost")
    SELECT $1::int, 'S' || g, 'Servizio ' || g, 100 * g FROM generate_series(1, ${SERVICES}) g`,
    [studio],
  );
  const services = (
    await a.sql<{ id: number }>(`SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 ORDER BY "id"`, [studio])
  ).map((r) => Number(r.id));
  // costs: 18–37 € an hour, 2 € more from July; one collaborator in ten without one
  await a.sql(
    `INSERT INTO "hourly_costs" ("studio_id", "user_id", "valid_from", "cost")
    SELECT $1::int, u, make_date(${year - 1} + k, CASE k WHEN 0 THEN 1 ELSE 7 END, 1), 18 + (u % 20) + 2 * k
    FROM unnest($2::int[]) WITH ORDINALITY AS x(u, n) CROSS JOIN generate_series(0, 1) k WHERE n % 10 <> 3`,
    [studio, `{${users.join(',')}}`],
  );
  await a.sql(
    `INSERT INTO "service_rates" ("studio_id", "studio_service_id", "valid_from", "rate")
    SELECT $1::int, s, make_date(${year - 1} + k, CASE k WHEN 0 THEN 1 ELSE 6 END, 1), 40 + 10 * n + 5 * k
    FROM unnest($2::int[]) WITH ORDINALITY AS x(s, n) CROSS JOIN generate_series(0, 1) k`,
    [studio, `{${services.join(',')}}`],
  );
  const numbered = `SELECT "id", substr("cod", 2)::int AS n FROM "customers" WHERE "studio_id" = $1`;
  // a monthly charge of last year and this year; a payment of each 20 days on, one customer in nine never pays
  await a.sql(
    `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "studio_service_id", "transaction_note")
    SELECT $1::int, c."id", 'CHARGE', 150 + (c.n % 7) * 100, make_timestamp(${year - 1} + (m - 1) / 12, 1 + (m - 1) % 12, 5, 9, 0, 0),
      ($2::int[])[1 + (c.n + m) % ${SERVICES}], 'Compenso ' || m
    FROM (${numbered}) c CROSS JOIN generate_series(1, 24) m`,
    [studio, `{${services.join(',')}}`],
  );
  await a.sql(
    `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
    SELECT x."studio_id", x."customer_id", 'PAYMENT', round(x."amount" * 1.2688, 2), x."date" + interval '20 days', 'Pagamento'
    FROM "transactions" x JOIN (${numbered}) c ON c."id" = x."customer_id"
    WHERE x."studio_id" = $1 AND x."type" = 'CHARGE' AND c.n % 9 <> 4 AND x."date" + interval '20 days' < LOCALTIMESTAMP`,
    [studio],
  );
  // the time: spread over the year's days, customers, services and collaborators, 5 minutes to an hour
  await a.sql(
    `INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id", "date", "minutes", "note")
    SELECT $1::int, ($2::int[])[1 + (g * 7) % ${users.length}], c."id", ($3::int[])[1 + (g * 11) % ${SERVICES}],
      make_date(${year}, 1, 1) + (g * 13) % 365, 5 * (1 + (g * 17) % 12), 'Lavoro ' || g
    FROM generate_series(1, ${ENTRIES}) g JOIN (${numbered}) c ON c.n = 1 + (g * 31) % ${CUSTOMERS}`,
    [studio, `{${users.join(',')}}`, `{${services.join(',')}}`],
  );
  await a.sql('ANALYZE');
  const count = async (q: string) => Number(((await a.sql<{ n: number }>(q, [studio])) as [{ n: number }])[0].n);
  const entries = await count(`SELECT count(*)::int AS "n" FROM "time_entries" WHERE "studio_id" = $1`);
  const movements = await count(`SELECT count(*)::int AS "n" FROM "transactions" WHERE "studio_id" = $1`);
  console.log(
    `profitability (${t.database.kind}): ${CUSTOMERS} customers, ${users.length} users, ${entries} time entries, ${movements} movements; ${RUNS} runs`,
  );

  const period = { from: `${year}-01-01`, to: `${year}-12-31` };
  const calls = {
    customer: () => a.get('admin', '/api/profitability', { ...period, update_percent: 10 }),
    service: () => a.get('admin', '/api/profitability', { ...period, group: 'service' }),
    collaborator: () => a.get('admin', '/api/profitability', { ...period, group: 'collaborator' }),
    summary: () => a.get('admin', '/api/profitability/summary', { year }),
  };
  const floors = {
    minutes: () =>
      a.sql(
        `SELECT sum("minutes") FROM "time_entries" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "date" BETWEEN $2 AND $3`,
        [studio, period.from, period.to],
      ),
    charges: () =>
      a.sql(
        `SELECT sum("amount") FROM "transactions" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "type" = 'CHARGE' AND "date" BETWEEN $2::timestamp AND $3::timestamp`,
        [studio, `${period.from} 00:00:00`, `${period.to} 23:59:59`],
      ),
  };
  // where the time goes: the three reads of the year by customer, each alone
  const scope = { ...period };
  const parts: Record<string, () => Promise<unknown>> = {
    'read:charges': () => chargeAtoms(t.exec, studio, scope),
    'read:payments': () => paymentAtoms(t.exec, studio, scope),
    'read:time': () => timeAtoms(t.exec, studio, scope),
  };
  const samples: Record<string, number[]> = {};
  let first:
    { totals: { minutes: number; charged: number; margin: number; under_paying: number }; rows: unknown[] } | undefined;
  for (let i = -1; i < RUNS; i++) {
    for (const [name, call] of Object.entries(calls)) {
      const [d, r] = await time(call);
      if (r.statusCode !== 200) throw new Error(`${name} ${r.statusCode} ${r.body.slice(0, 300)}`);
      if (name === 'customer') first = r.json().data;
      if (i >= 0) (samples[name] ??= []).push(d);
    }
    for (const [name, q] of Object.entries(parts)) {
      const [d] = await time(q);
      if (i >= 0) (samples[name] ??= []).push(d);
    }
    for (const [name, q] of Object.entries(floors)) {
      const [d] = await time(q);
      if (i >= 0) (samples[`floor:${name}`] ??= []).push(d);
    }
  }
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<string, number>;
  const floor = m['floor:minutes']! + m['floor:charges']!;
  console.log(
    `  the year by customer: ${first!.rows.length} rows, ${first!.totals.minutes} minutes (${entries} entries' sum), charged ${first!.totals.charged}, margin ${first!.totals.margin}, ${first!.totals.under_paying} under-paying`,
  );
  console.log(
    `  baseline: SELECT sum(minutes) of the year's entries median ${ms(m['floor:minutes']!)}, sum of the year's charges ${ms(m['floor:charges']!)}; together ${ms(floor)}`,
  );
  console.log(
    `  where the time goes: charges with the open items ${ms(m['read:charges']!)}, payments ${ms(m['read:payments']!)}, time with costs and rates ${ms(m['read:time']!)}`,
  );
  for (const name of Object.keys(calls)) {
    const v = m[name]!;
    console.log(`  ${name.padEnd(12)} median ${ms(v)}; ${(v / Math.max(floor, 0.01)).toFixed(1)}× the baseline`);
  }
  for (const name of Object.keys(calls))
    console.log(`  ${m[name]! < PROFITABILITY_TARGET_MS ? 'PASS' : 'FAIL'} ${name} < ${PROFITABILITY_TARGET_MS} ms`);
}

/** The sections, in the order they run (BENCH_SECTIONS: a comma-separated choice). */
const SECTIONS: Record<string, (b: Bench) => Promise<void>> = { profitability };

async function main() {
  const chosen = (process.env.BENCH_SECTIONS ?? Object.keys(SECTIONS).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = chosen.filter((s) => !SECTIONS[s]);
  if (unknown.length)
    throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')} (known: ${Object.keys(SECTIONS).join(', ')})`);
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    for (const name of chosen) await SECTIONS[name]!({ t, a });
  } catch (e) {
    console.log(`FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
