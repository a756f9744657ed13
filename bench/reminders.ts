/**
 * Reminders benchmark (issue 30): the aging of 10,000 customers with 100,000 charges (GET
 * /api/aging: the open-items rule over every movement, in buckets, with the customers' data)
 * against its SQL floor (the same movements read and summed into the same buckets per customer by
 * one statement, without the rule); then the day's run proposing 2,000 reminders (POST
 * /api/reminders/run) against its SQL floor (the overdue charges read and the same reminders and
 * items inserted by one statement each). Medians and ratios in the same run. Targets: the aging
 * < 1 s, the run < 5 s.
 *
 *   npm run bench:reminders                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reminders  # PostgreSQL
 *
 * Env: BENCH_CUSTOMERS (10000), BENCH_CHARGES_EACH (10), BENCH_LATE (2000: customers who have not
 * paid), BENCH_RUNS (3, at most 5; after one untimed run). It prints PASS/FAIL; it does not throw.
 */
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { benchStudio, int, median, time, ms } from './common.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 10_000);
const EACH = int('BENCH_CHARGES_EACH', 10);
const LATE = Math.min(CUSTOMERS, int('BENCH_LATE', 2_000));
const RUNS = Math.min(5, int('BENCH_RUNS', 3));

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    // a studio of its own: a copy of Studio Demo's card with only the benchmark's customers, its Admin the demo's
    const demo = await a.studioId('Studio Demo');
    const studio = await benchStudio(a, 'Studio Benchmark');
    const [model] = await a.sql<{ id: number; legal_representative_id: number }>(
      `SELECT "id", "legal_representative_id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demo],
    );
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code', 'studio_id') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const ids = (
      await a.sql<{ id: number }>(
        `INSERT INTO "customers" (${cols.join(', ')}, "studio_id", "cod", "business_name")
        SELECT ${cols.map((c) => `c.${c}`).join(', ')}, $2::int, 'B' || g, 'Cliente solleciti ' || lpad(g::text, 5, '0') || ' S.r.l.'
        FROM "customers" c CROSS JOIN generate_series(1, ${CUSTOMERS}) g WHERE c."id" = $1 RETURNING "id"`,
        [model!.id, studio],
      )
    ).map((r) => Number(r.id));
    const arr = `{${ids.join(',')}}`;
    // EACH monthly charges per customer over the last EACH months (due on their day)
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
      SELECT $1::int, c, 'CHARGE', (40 + (c + k) % 160)::numeric, date_trunc('day', LOCALTIMESTAMP) - (k * 30 + c % 20) * interval '1 day', 'Onorario ' || k
      FROM unnest($2::int[]) c CROSS JOIN generate_series(1, ${EACH}) k`,
      [studio, arr],
    );
    // every customer but the late ones has paid everything (one payment each)
    const late = ids.filter((_, i) => i % Math.max(1, Math.floor(CUSTOMERS / LATE)) === 0).slice(0, LATE);
    const lateSet = new Set(late);
    const payers = ids.filter((id) => !lateSet.has(id));
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
      SELECT $1::int, x."customer_id", 'PAYMENT', sum(x."amount"), date_trunc('day', LOCALTIMESTAMP), 'Bonifico'
      FROM "transactions" x WHERE x."customer_id" = ANY($2::int[]) AND x."type" = 'CHARGE' GROUP BY x."customer_id"`,
      [studio, `{${payers.join(',')}}`],
    );
    const levels = [
      {
        days: 7,
        subject: 'Promemoria {studio_nome}',
        text: 'Scaduti € {sollecito_totale}: {sollecito_partite}',
        min_amount: 1,
        auto: false,
      },
      {
        days: 60,
        subject: 'Sollecito {studio_nome}',
        text: 'Scaduti € {sollecito_totale}. {sollecito_link}',
        min_amount: 1,
        auto: false,
      },
    ];
    const put = await a.put('admin', '/api/reminders/settings', {
      enabled: false,
      run_time: '08:00',
      link_days: 30,
      levels,
    });
    if (put.statusCode !== 200) throw new Error(`settings ${put.statusCode} ${put.body.slice(0, 300)}`);
    await a.sql('ANALYZE');
    const [{ n: movements }] = (await a.sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "transactions" WHERE "studio_id" = $1`,
      [studio],
    )) as [{ n: number }];
    console.log(
      `${t.database.kind}: ${CUSTOMERS} customers, ${movements} movements (${CUSTOMERS * EACH} charges), ${late.length} late; ${RUNS} runs`,
    );

    // --- the aging
    const agings: number[] = [];
    const agingFloors: number[] = [];
    let rows = 0;
    for (let i = -1; i < RUNS; i++) {
      const [d, res] = await time(() => a.get('admin', '/api/aging'));
      if (res.statusCode !== 200) throw new Error(`aging ${res.statusCode} ${res.body.slice(0, 300)}`);
      rows = (res.json().data as { rows: unknown[] }).rows.length;
      const [f] = await time(() =>
        a.sql(
          `SELECT x."customer_id", c."business_name",
            sum(x."amount") FILTER (WHERE x."date"::date >= CURRENT_DATE) AS "not_due",
            sum(x."amount") FILTER (WHERE CURRENT_DATE - x."date"::date BETWEEN 1 AND 30) AS "d1_30",
            sum(x."amount") FILTER (WHERE CURRENT_DATE - x."date"::date BETWEEN 31 AND 60) AS "d31_60",
            sum(x."amount") FILTER (WHERE CURRENT_DATE - x."date"::date BETWEEN 61 AND 90) AS "d61_90",
            sum(x."amount") FILTER (WHERE CURRENT_DATE - x."date"::date > 90) AS "over_90",
            sum(CASE WHEN x."type" = 'PAYMENT' THEN -x."amount" ELSE x."amount" END) AS "total"
          FROM "transactions" x JOIN "customers" c ON c."id" = x."customer_id"
          WHERE x."studio_id" = $1 AND x."deleted_at" IS NULL GROUP BY x."customer_id", c."business_name"`,
          [studio],
        ),
      );
      if (i >= 0) {
        agings.push(d);
        agingFloors.push(f);
      }
    }
    if (rows !== late.length) throw new Error(`aging: ${rows} customers with something open, ${late.length} expected`);

    // --- the day's run
    const runs: number[] = [];
    const runFloors: number[] = [];
    let proposed = 0;
    for (let i = -1; i < RUNS; i++) {
      await a.sql(`DELETE FROM "reminders" WHERE "studio_id" = $1`, [studio]);
      const [d, res] = await time(() => a.post('admin', '/api/reminders/run'));
      if (res.statusCode !== 200) throw new Error(`run ${res.statusCode} ${res.body.slice(0, 300)}`);
      proposed = (res.json().data as { proposed: number }).proposed;
      await a.sql(`DELETE FROM "reminders" WHERE "studio_id" = $1`, [studio]);
      // the floor: the overdue charges read, the same reminders and items inserted by one statement each
      const [f] = await time(async () => {
        await a.sql(
          `WITH r AS (INSERT INTO "reminders" ("studio_id", "customer_id", "level", "status", "amount", "day", "nonce")
            SELECT $1::int, x."customer_id", 1, 'proposed', sum(x."amount"), CURRENT_DATE, md5(x."customer_id"::text)
            FROM "transactions" x WHERE x."studio_id" = $1 AND x."deleted_at" IS NULL AND x."type" = 'CHARGE'
              AND x."customer_id" = ANY($2::int[]) AND x."date" < CURRENT_DATE - 7
            GROUP BY x."customer_id" RETURNING "id", "customer_id")
          INSERT INTO "reminder_items" ("reminder_id", "charge_id", "studio_id", "level", "open")
          SELECT r."id", x."id", $1::int, 1, x."amount" FROM r JOIN "transactions" x ON x."customer_id" = r."customer_id"
            AND x."type" = 'CHARGE' AND x."date" < CURRENT_DATE - 7`,
          [studio, `{${late.join(',')}}`],
        );
      });
      if (i >= 0) {
        runs.push(d);
        runFloors.push(f);
      }
    }
    if (proposed !== late.length) throw new Error(`run: ${proposed} proposed, ${late.length} expected`);

    const ag = median(agings);
    const agFloor = median(agingFloors);
    const run = median(runs);
    const runFloor = median(runFloors);
    console.log(
      `  aging of ${CUSTOMERS} customers, ${CUSTOMERS * EACH} charges (${rows} with something open): median ${ms(ag)}; SQL floor: median ${ms(agFloor)}; ratio ${(ag / agFloor).toFixed(1)}×`,
    );
    console.log(`  ${ag < 1_000 ? 'PASS' : 'FAIL'} aging < 1 s`);
    console.log(
      `  day's run proposing ${proposed} reminders: median ${ms(run)}; SQL floor: median ${ms(runFloor)}; ratio ${(run / runFloor).toFixed(1)}×`,
    );
    console.log(`  ${run < 5_000 ? 'PASS' : 'FAIL'} run proposing ${proposed} reminders < 5 s`);
  } catch (e) {
    console.log(`FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
