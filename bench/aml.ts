/**
 * AML checks benchmark (issue 48 item 3): 'Verifiche antiriciclaggio' of a studio of 10,000
 * customers — the first page of GET /api/aml/checks and the home page's GET
 * /api/aml/checks/summary — against a baseline measured in the same run: the generic customers list
 * call (GET /api/list/Customer/CustomerResourceListCollection, 50 rows), and, for reference, a plain
 * SELECT count(*) of the customers. Medians and ratios. Target: the first page < 300 ms (printed,
 * never asserted).
 *
 *   npm run bench:aml                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:aml  # PostgreSQL
 *
 * The data: BENCH_CUSTOMERS customers; 1 in 20 never assessed; the others assessed (a mix of the
 * three levels, half of them twice — the latest in force), a third with the next check past; an
 * identification each with its documents' expiry spread from a month ago to four years on; every
 * customer BENCH_CHARGES_EACH monthly charges of a bookkeeping service its assessment covers; 1 in
 * 20 assessed ones billed an extraordinary-finance service after the assessment (a new service).
 *
 * Env: BENCH_CUSTOMERS (10000), BENCH_CHARGES_EACH (12), BENCH_RUNS (10, after one untimed run).
 * It prints PASS/FAIL; it does not throw.
 */
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { benchStudio, int, median, time, ms } from './common.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 10_000);
const EACH = int('BENCH_CHARGES_EACH', 12, 0);
const RUNS = int('BENCH_RUNS', 10);
const TARGET_MS = 300;

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    // a studio of its own: a copy of Studio Demo's card with only the benchmark's customers, its Admin the demo's
    const demo = await a.studioId('Studio Demo');
    const studio = await benchStudio(a, 'Studio Benchmark AML');
    const [{ id: admin }] = (await a.sql<{ id: number }>(
      `SELECT "id" FROM "users" WHERE "email" = 'admin@studiodemo.test'`,
    )) as [{ id: number }];
    const [model] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demo],
    );
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code', 'studio_id', 'ceased', 'ceased_on', 'acquisition_date', 'collaborator_accounting_id') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    await a.sql(
      `INSERT INTO "customers" (${cols.join(', ')}, "studio_id", "cod", "business_name", "ceased", "acquisition_date", "collaborator_accounting_id")
      SELECT ${cols.map((c) => `c.${c}`).join(', ')}, $2::int, 'A' || g, 'Cliente antiriciclaggio ' || lpad(g::text, 5, '0') || ' S.r.l.',
        0, CURRENT_DATE - (g % 3000), CASE WHEN g % 2 = 0 THEN $3::int END
      FROM "customers" c CROSS JOIN generate_series(1, ${CUSTOMERS}) g WHERE c."id" = $1`,
      [model!.id, studio, admin],
    );
    // the studio's services: bookkeeping (covered by every assessment) and extraordinary finance (new)
    const [{ id: bookkeeping }] = (await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost", "aml_service") VALUES ($1, 'TC', 'Tenuta contabilità', 100, 'tenuta-contabilita') RETURNING "id"`,
      [studio],
    )) as [{ id: number }];
    const [{ id: extraordinary }] = (await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "cod", "description", "cost", "aml_service") VALUES ($1, 'FS', 'Operazione straordinaria', 2000, 'finanza-straordinaria') RETURNING "id"`,
      [studio],
    )) as [{ id: number }];
    // n: the customer's number (1…CUSTOMERS) from its code
    const numbered = `SELECT "id", substr("cod", 2)::int AS n FROM "customers" WHERE "studio_id" = $1`;
    // the assessments: all but 1 in 20; half assessed twice (the older one first); a third with the next check past
    await a.sql(
      `INSERT INTO "aml_assessments" ("studio_id", "customer_id", "services", "customer_scores", "flags", "inherent",
        "specific", "effective", "computed_level", "level", "reasons", "next_check", "created_by_name", "created_at")
      SELECT $1::int, c."id", '["tenuta-contabilita"]'::jsonb, '{}'::jsonb, '{}'::jsonb, 3, 2, 2.3,
        lv, lv, '[]'::jsonb,
        CASE WHEN k = 2 THEN CURRENT_DATE - 2000 WHEN c.n % 3 = 0 THEN CURRENT_DATE - (1 + c.n % 400) ELSE CURRENT_DATE + (1 + c.n % 1000) END,
        'Benchmark', LOCALTIMESTAMP - ((c.n % 700) + 1 + (k - 1) * 1000) * interval '1 day'
      FROM (${numbered}) c CROSS JOIN generate_series(1, 2) k
        CROSS JOIN LATERAL (SELECT (ARRAY['semplificata', 'ordinaria', 'rafforzata'])[1 + c.n % 3] AS lv) l
      WHERE c.n % 20 <> 0 AND (k = 1 OR c.n % 2 = 0)`,
      [studio],
    );
    await a.sql(
      `INSERT INTO "aml_identifications" ("studio_id", "customer_id", "data", "identified_on", "documents_expire_on", "created_by_name", "created_at")
      SELECT $1::int, c."id", '{}'::jsonb, CURRENT_DATE - 700, CURRENT_DATE + ((c.n * 7) % 1500) - 30, 'Benchmark', LOCALTIMESTAMP - interval '700 days'
      FROM (${numbered}) c WHERE c.n % 20 <> 0`,
      [studio],
    );
    if (EACH > 0)
      await a.sql(
        `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "studio_service_id", "transaction_note")
        SELECT $1::int, c."id", 'CHARGE', 100, date_trunc('day', LOCALTIMESTAMP) - (k * 30) * interval '1 day', $2::int, 'Contabilità ' || k
        FROM (${numbered}) c CROSS JOIN generate_series(1, ${EACH}) k`,
        [studio, bookkeeping],
      );
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "studio_service_id", "transaction_note")
      SELECT $1::int, c."id", 'CHARGE', 2000, date_trunc('day', LOCALTIMESTAMP) - (c.n % 30) * interval '1 day', $2::int, 'Cessione di ramo d''azienda'
      FROM (${numbered}) c WHERE c.n % 20 = 7`,
      [studio, extraordinary],
    );
    await a.sql('ANALYZE');
    const count = async (sql: string) => Number(((await a.sql<{ n: number }>(sql, [studio])) as [{ n: number }])[0].n);
    const assessments = await count(`SELECT count(*)::int AS "n" FROM "aml_assessments" WHERE "studio_id" = $1`);
    const movements = await count(`SELECT count(*)::int AS "n" FROM "transactions" WHERE "studio_id" = $1`);
    console.log(
      `${t.database.kind}: ${CUSTOMERS} customers, ${assessments} assessments, ${movements} movements; ${RUNS} runs`,
    );

    const LIST = '/api/list/Customer/CustomerResourceListCollection';
    const samples = { page: [] as number[], summary: [] as number[], list: [] as number[], count: [] as number[] };
    let first: { total: number; late: number; data: Array<{ reason: string }> } | undefined;
    let summary: { due: number; late: number } | undefined;
    for (let i = -1; i < RUNS; i++) {
      const [p, pr] = await time(() => a.get('admin', '/api/aml/checks'));
      if (pr.statusCode !== 200) throw new Error(`checks ${pr.statusCode} ${pr.body.slice(0, 300)}`);
      const [s, sr] = await time(() => a.get('admin', '/api/aml/checks/summary'));
      if (sr.statusCode !== 200) throw new Error(`summary ${sr.statusCode} ${sr.body.slice(0, 300)}`);
      const [l, lr] = await time(() => a.get('admin', LIST, { items_per_page: 50, page: 1 }));
      if (lr.statusCode !== 200) throw new Error(`list ${lr.statusCode} ${lr.body.slice(0, 300)}`);
      const [c] = await time(() =>
        a.sql(`SELECT count(*) FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL`, [studio]),
      );
      first = pr.json();
      summary = sr.json().data;
      if (i >= 0) {
        samples.page.push(p);
        samples.summary.push(s);
        samples.list.push(l);
        samples.count.push(c);
      }
    }
    const reasons = [...new Set(first!.data.map((r) => r.reason))].join(', ');
    const [page, sum, list, cnt] = [samples.page, samples.summary, samples.list, samples.count].map(median) as [
      number,
      number,
      number,
      number,
    ];
    console.log(
      `  due within 30 days: ${first!.total} rows, ${first!.late} late (summary: ${summary!.due}, ${summary!.late}); first page's reasons: ${reasons}`,
    );
    console.log(`  baseline, customers list call (50 rows): median ${ms(list)}`);
    console.log(`  baseline, SELECT count(*) of the customers: median ${ms(cnt)}`);
    console.log(
      `  GET /api/aml/checks (first page): median ${ms(page)}; ratio ${(page / list).toFixed(1)}× the list call, ${(page / Math.max(cnt, 0.01)).toFixed(0)}× the count`,
    );
    console.log(
      `  GET /api/aml/checks/summary: median ${ms(sum)}; ratio ${(sum / list).toFixed(1)}× the list call, ${(sum / Math.max(cnt, 0.01)).toFixed(0)}× the count`,
    );
    console.log(`  ${page < TARGET_MS ? 'PASS' : 'FAIL'} first page < ${TARGET_MS} ms`);
    console.log(`  ${sum < TARGET_MS ? 'PASS' : 'FAIL'} summary < ${TARGET_MS} ms`);
  } catch (e) {
    console.log(`FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
