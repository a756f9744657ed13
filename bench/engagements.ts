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
 * - `billing`: the billing run of a studio with BENCH_ENGAGEMENTS (10,000) signed engagements, up to a
 *   day with nothing billed yet (runBilling of server/areas/engagements/billing.ts, kind 'manual', as
 *   'Esegui ora'), against its SQL floor measured in the same run: the plain set-based INSERT … SELECT
 *   of the same CHARGE movements and engagement_charges rows (what the run writes, without the plan).
 *   Targets: < 5 s and ≤ 3 × the floor.
 *
 * The billing's data: a studio of its own with one customer per engagement, 5 services; each
 * engagement signed from 1 January of last year (billing day 1–31, one in five updated by ISTAT, one in
 * five by a fixed 2 %: no anniversary falls in the run) with 1–3 services, their rules in turn
 * quarterly, monthly, yearly, per unit (counts typed by hand for January, one service in seven
 * without: a problem named, the period held back) and by time (1–3 entries in January for three in
 * four; the others bill a zero that makes no movement). Run up to 28 February: two months of monthly
 * fees, the first quarter, the year, January's counts and hours (≈ 23,400 periods).
 *
 * Env: BENCH_SECTIONS (all), BENCH_CUSTOMERS (1000), BENCH_TIME_ENTRIES (200000), BENCH_RUNS (10, after
 * one untimed run), BENCH_ENGAGEMENTS (10000), BENCH_BILLING_RUNS (3 runs, after one untimed run; the
 * run's writes deleted after each).
 */
import { startTestApp, type TestApp } from '../tests/helpers/testApp.js';
import { api, type Api } from '../tests/helpers/api.js';
import { benchStudio, int, median, ms, time } from './common.js';
import { chargeAtoms, paymentAtoms, timeAtoms } from '../server/areas/profitability/queries.js';
import { planEngagements, runBilling } from '../server/areas/engagements/billing.js';
import { engagementsOf, planData } from '../server/areas/engagements/billingQueries.js';
import { inTransaction } from '../server/records/exec.js';
import type { Tx } from '../server/records/crud.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 1_000);
const ENTRIES = int('BENCH_TIME_ENTRIES', 200_000);
const RUNS = int('BENCH_RUNS', 10);
const PROFITABILITY_TARGET_MS = 1_000;
const COLLABORATORS = 20;
const SERVICES = 6;
const ENGAGEMENTS = int('BENCH_ENGAGEMENTS', 10_000);
const BILLING_RUNS = int('BENCH_BILLING_RUNS', 3);
const BILLING_TARGET_MS = 5_000;
const BILLING_FLOOR_RATIO = 3;

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

/** The billing run of 10,000 signed engagements up to a day, against the plain INSERT … SELECT of what it writes. */
async function billing({ t, a }: Bench) {
  const year = new Date().getFullYear() - 1;
  const day = `${year}-02-28`;
  const demo = await a.studioId('Studio Demo');
  const studio = await benchStudio(a, 'Studio Benchmark Addebiti');
  const [admin] = await a.sql<{ id: number }>(`SELECT "id" FROM "users" WHERE "email" = 'admin@studiodemo.test'`);
  const [model] = await a.sql<{ id: number }>(
    `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
    [demo],
  );
  const cols = (
    await a.sql<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code', 'studio_id', 'ceased', 'ceased_on') ORDER BY ordinal_position`,
    )
  ).map((r) => `"${r.c}"`);
  await a.sql(
    `INSERT INTO "customers" (${cols.join(', ')}, "studio_id", "cod", "business_name", "ceased")
    SELECT ${cols.map((c) => `c.${c}`).join(', ')}, $2::int, 'A' || g, 'Cliente incarico ' || lpad(g::text, 5, '0') || ' S.r.l.', 0
    FROM "customers" c CROSS JOIN generate_series(1, ${ENGAGEMENTS}) g WHERE c."id" = $1`,
    [model!.id, studio],
  );
  await a.sql(
    `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost")
    SELECT $1::int, 'B' || g, 'Servizio ' || g, 100 * g FROM generate_series(1, 5) g`,
    [studio],
  );
  const services = `{${(
    await a.sql<{ id: number }>(`SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 ORDER BY "id"`, [studio])
  )
    .map((r) => Number(r.id))
    .join(',')}}`;
  await a.sql(
    `INSERT INTO "engagements" ("studio_id", "title", "customer_id", "start_date", "end_date", "notice_days", "billing_day",
      "payment_days", "update_kind", "update_percent", "istat_share", "status", "sent_at", "signed_at", "signed_how")
    SELECT $1::int, 'Contabilità e dichiarativi', c."id", make_date(${year}, 1, 1), NULL, 90, 1 + (c.n * 7) % 31, 30,
      CASE c.n % 5 WHEN 0 THEN 'istat' WHEN 1 THEN 'fixed' ELSE 'none' END, CASE WHEN c.n % 5 = 1 THEN 2 END, 100, 'signed',
      make_timestamp(${year - 1}, 12, 10, 9, 0, 0), make_timestamp(${year - 1}, 12, 15, 10, 30, 0), 'Accettato online'
    FROM (SELECT "id", substr("cod", 2)::int AS n FROM "customers" WHERE "studio_id" = $1) c`,
    [studio],
  );
  // 1–3 services each, the rules in turn (distinct within an engagement), each on a service of its own
  await a.sql(
    `INSERT INTO "engagement_services" ("studio_id", "engagement_id", "position", "studio_service_id", "description", "rule", "fee", "unit_source")
    SELECT $1::int, e."id", p, ($2::int[])[1 + r], 'Servizio ' || (1 + r) || ' come da lettera', (ARRAY['quarterly', 'monthly', 'yearly', 'per_unit', 'by_time'])[1 + r],
      CASE r WHEN 0 THEN 450 + (e.n % 5) * 25 WHEN 1 THEN 120 + (e.n % 4) * 10 WHEN 2 THEN 600 + (e.n % 3) * 50 WHEN 3 THEN 7.5 ELSE 65 END,
      CASE r WHEN 3 THEN 'manual' END
    FROM (SELECT "id", (row_number() OVER (ORDER BY "id"))::int AS n FROM "engagements" WHERE "studio_id" = $1) e
      CROSS JOIN generate_series(1, 3) p CROSS JOIN LATERAL (SELECT (e.n + p) % 5 AS r) x
    WHERE p <= 1 + e.n % 3`,
    [studio, services],
  );
  // January's counts typed, one in ten missing; January's hours for three by-time services in four
  await a.sql(
    `INSERT INTO "engagement_units" ("engagement_service_id", "period_start", "studio_id", "units", "updated_by")
    SELECT "id", make_date(${year}, 1, 1), $1::int, 1 + "id" % 6, $2::int FROM "engagement_services"
    WHERE "studio_id" = $1 AND "rule" = 'per_unit' AND "id" % 7 <> 3`,
    [studio, admin!.id],
  );
  await a.sql(
    `INSERT INTO "time_entries" ("studio_id", "user_id", "customer_id", "studio_service_id", "date", "minutes", "note")
    SELECT $1::int, $2::int, e."customer_id", s."studio_service_id", make_date(${year}, 1, 1) + (s."id" * k) % 31,
      15 * (1 + (s."id" + k) % 8), 'Consulenza'
    FROM "engagement_services" s JOIN "engagements" e ON e."id" = s."engagement_id" CROSS JOIN generate_series(1, 3) k
    WHERE s."studio_id" = $1 AND s."rule" = 'by_time' AND s."id" % 4 <> 0 AND k <= 1 + s."id" % 3`,
    [studio, admin!.id],
  );
  await a.sql('ANALYZE');
  const count = async (q: string) => Number(((await a.sql<{ n: number }>(q, [studio])) as [{ n: number }])[0].n);
  const engagements = await count(`SELECT count(*)::int AS "n" FROM "engagements" WHERE "studio_id" = $1`);
  const lines = await count(`SELECT count(*)::int AS "n" FROM "engagement_services" WHERE "studio_id" = $1`);
  const entries = await count(`SELECT count(*)::int AS "n" FROM "time_entries" WHERE "studio_id" = $1`);
  console.log(
    `billing (${t.database.kind}): ${engagements} signed engagements, ${lines} services, ${entries} time entries; up to ${day}; ${BILLING_RUNS} runs`,
  );

  /** what a run wrote, deleted (the movements are the studio's only ones), the tables vacuumed: the next run starts as the first */
  const clean = async () => {
    await a.sql(`DELETE FROM "engagement_charges" WHERE "studio_id" = $1`, [studio]);
    await a.sql(`DELETE FROM "engagement_fee_changes" WHERE "studio_id" = $1`, [studio]);
    await a.sql(`DELETE FROM "transactions" WHERE "studio_id" = $1`, [studio]);
    await a.sql(`DELETE FROM "engagement_runs" WHERE "studio_id" = $1`, [studio]);
    await a.sql(`VACUUM ANALYZE "engagement_charges"`);
    await a.sql(`VACUUM ANALYZE "transactions"`);
  };
  const tx: Tx = (fn) => inTransaction(t.database, fn);
  const run = () => runBilling(tx, t.exec, studio, day, 'manual', null);
  // the floor: the same rows, from a copy of what the first run wrote, in one INSERT … SELECT each
  const floor = () =>
    a.sql(`WITH src AS (SELECT f.*, CASE WHEN f."amount" > 0 THEN nextval(pg_get_serial_sequence('transactions', 'id')) END AS "tid" FROM "bench_billing_floor" f),
      m AS (INSERT INTO "transactions" ("id", "studio_id", "customer_id", "type", "amount", "date", "due_date", "is_yearly_installment", "studio_service_id", "transaction_note")
        SELECT "tid", "studio_id", "customer_id", 'CHARGE', "amount", "date", "due_date", FALSE, "studio_service_id", "transaction_note" FROM src WHERE "tid" IS NOT NULL)
      INSERT INTO "engagement_charges" ("studio_id", "engagement_id", "engagement_service_id", "period_start", "period_end", "billing_date", "charge_id", "fee", "quantity", "amount", "run_id")
      SELECT "studio_id", "engagement_id", "engagement_service_id", "period_start", "period_end", "billing_date", "tid", "fee", "quantity", "amount", NULL FROM src`);

  const samples: Record<string, number[]> = {};
  let outcome: Awaited<ReturnType<typeof run>> | undefined;
  let periods = 0;
  for (let i = -1; i < BILLING_RUNS; i++) {
    const [d, out] = await time(run);
    outcome = out;
    if (i >= 0) {
      const made = await count(`SELECT count(*)::int AS "n" FROM "engagement_charges" WHERE "studio_id" = $1`);
      if (made !== periods) throw new Error(`run ${i + 1} billed ${made} periods, the first ${periods}`);
    } else {
      periods = await count(`SELECT count(*)::int AS "n" FROM "engagement_charges" WHERE "studio_id" = $1`);
      await a.sql(`DROP TABLE IF EXISTS "bench_billing_floor"`);
      await a.sql(
        `CREATE TABLE "bench_billing_floor" AS SELECT c."studio_id", c."engagement_id", c."engagement_service_id", c."period_start",
          c."period_end", c."billing_date", c."fee", c."quantity", c."amount", e."customer_id", t."date", t."due_date", t."studio_service_id",
          t."transaction_note"
        FROM "engagement_charges" c JOIN "engagements" e ON e."id" = c."engagement_id" LEFT JOIN "transactions" t ON t."id" = c."charge_id"
        WHERE c."studio_id" = $1 ORDER BY c."id"`,
        [studio],
      );
    }
    await clean();
    // where the time goes: the plan's reads, then the whole plan (reads and the rules in JS), nothing written
    const [reads] = await time(async () => planData(t.exec, studio, await engagementsOf(t.exec, studio, null), day));
    const [plan] = await time(() => planEngagements(t.exec, studio, day, null));
    const [f] = await time(floor);
    const made = await count(`SELECT count(*)::int AS "n" FROM "engagement_charges" WHERE "studio_id" = $1`);
    if (made !== periods) throw new Error(`the floor wrote ${made} periods, the run ${periods}`);
    await clean();
    if (i >= 0) {
      (samples.run ??= []).push(d);
      (samples.reads ??= []).push(reads);
      (samples.plan ??= []).push(plan);
      (samples.floor ??= []).push(f);
    }
  }
  await a.sql(`DROP TABLE IF EXISTS "bench_billing_floor"`);
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<string, number>;
  const ratio = m.run! / Math.max(m.floor!, 0.01);
  console.log(
    `  the run: ${periods} periods billed, ${outcome!.charges} movements (${outcome!.amount} €), ${outcome!.problems.length} problems (counts not typed)`,
  );
  console.log(`  floor: INSERT … SELECT of the same movements and periods median ${ms(m.floor!)}`);
  console.log(
    `  where the time goes: the plan's reads ${ms(m.reads!)}, the whole plan (reads and rules) ${ms(m.plan!)}, the batches' writes and their plans ≈ ${ms(m.run! - m.plan!)}`,
  );
  console.log(`  run          median ${ms(m.run!)}; ${ratio.toFixed(1)}× the floor`);
  console.log(`  ${m.run! < BILLING_TARGET_MS ? 'PASS' : 'FAIL'} run < ${BILLING_TARGET_MS} ms`);
  console.log(`  ${ratio <= BILLING_FLOOR_RATIO ? 'PASS' : 'FAIL'} run ≤ ${BILLING_FLOOR_RATIO} × the floor`);
}

/** The sections, in the order they run (BENCH_SECTIONS: a comma-separated choice). */
const SECTIONS: Record<string, (b: Bench) => Promise<void>> = { profitability, billing };

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
