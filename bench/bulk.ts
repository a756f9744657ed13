/**
 * Bulk actions benchmark: on 10,000 customers of one studio, the three services through the
 * API (C38 generate installments, C26 yearly amount by percentage, C34 annual balancer) against
 * one hand-written SQL statement doing the same work (the same rows and their audit rows), in
 * the same run; medians and ratios. The same statement without the audit rows is printed too.
 * Targets: installments < 3 s, yearly amount < 1 s, balancer < 3 s, each ≤ 2 × its SQL floor.
 *
 *   npm run bench:bulk                                                          # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bulk  # PostgreSQL
 *
 * Env: BENCH_CUSTOMERS (10000), BENCH_RUNS (5). It prints PASS/FAIL; it does not throw.
 */
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { int, median } from './common.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 10_000);
const RUNS = int('BENCH_RUNS', 5);

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    const studio = await a.studioId('Studio Demo');
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'yearly_accounting_amount', 'yearly_number_of_installments', 'ceased', 'deleted_at') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const have = Number(
      (await a.sql<{ n: number }>('SELECT count(*)::int AS n FROM "customers" WHERE "studio_id" = $1', [studio]))[0]!.n,
    );
    const [first] = await a.sql<{ id: number }>('SELECT min("id") AS id FROM "customers" WHERE "studio_id" = $1', [
      studio,
    ]);
    await a.sql(
      `INSERT INTO "customers" (${cols.join(', ')}, "cod", "business_name", "yearly_accounting_amount", "yearly_number_of_installments", "ceased")
      SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'BENCH' || g, 'Cliente bench ' || g, (300 + (g % 97) * 37.33)::numeric(12,2), (ARRAY[1,2,3,4,12])[1 + g % 5], 0
      FROM "customers" c CROSS JOIN generate_series(1, ${Math.max(0, CUSTOMERS - have)}) g WHERE c."id" = $1`,
      [first!.id],
    );
    await a.sql('UPDATE "customers" SET "ceased" = 0, "deleted_at" = NULL WHERE "studio_id" = $1', [studio]);
    await a.sql('ANALYZE');
    const ids = (
      await a.sql<{ id: number }>('SELECT "id" FROM "customers" WHERE "studio_id" = $1 ORDER BY "id" LIMIT $2', [
        studio,
        CUSTOMERS,
      ])
    ).map((r) => Number(r.id));
    const arr = `{${ids.join(',')}}`;
    console.log(`${t.database.kind}: ${ids.length} customers of one studio, ${RUNS} runs each`);
    await a.headers('collab');

    const time = async (fn: () => Promise<unknown>) => {
      const s = performance.now();
      await fn();
      return performance.now() - s;
    };
    const ok = (res: { statusCode: number; body: string }) => {
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    const results: Array<[string, number, number, number, number]> = [];
    /** the audit rows of the created transactions: part of the same work */
    const AUDIT = `INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action") SELECT ${studio}, 'Transaction', ins."id", 'create' FROM ins`;

    // C38: each run a new year (nothing to generate twice); the floor on another year
    const inst: number[] = [];
    const instSql: number[] = [];
    const instBare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      inst.push(
        await time(async () =>
          ok(await a.post('collab', '/api/generate_credit_transactions', { customer_ids: ids, year: 2100 + i })),
        ),
      );
      const insert = `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
        SELECT c."studio_id", c."id", 'CHARGE', (CASE WHEN k = n THEN cents - (cents / n) * (n - 1) ELSE cents / n END)::numeric / 100,
          make_timestamp($2::int, 1 + (k - 1) * (12 / n), 1, 0, 0, 0), TRUE, 'Rata ' || k || '/' || n || ' ' || $2::int
        FROM (SELECT c.*, c."yearly_number_of_installments" AS n, round(c."yearly_accounting_amount" * 100)::bigint AS cents FROM "customers" c WHERE c."id" = ANY($1::int[])) c
        CROSS JOIN LATERAL generate_series(1, n) k`;
      instSql.push(await time(() => a.sql(`WITH ins AS (${insert} RETURNING "id") ${AUDIT}`, [arr, 2150 + i])));
      instBare.push(await time(() => a.sql(insert, [arr, 2200 + i])));
    }
    results.push(['C38 generate installments', median(inst), median(instSql), 3000, median(instBare)]);

    const pct: number[] = [];
    const pctSql: number[] = [];
    const pctBare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      pct.push(
        await time(async () =>
          ok(
            await a.post('collab', '/api/update_yearly_accounting_amount', {
              customers_ids: ids,
              yearly_accounting_amount_change_percentage: i % 2 ? -2 : 2,
            }),
          ),
        ),
      );
      const update = `UPDATE "customers" c SET "yearly_accounting_amount" = GREATEST(0, round(o."old" * (100 + $2::numeric) / 100, 2)), "updated_at" = clock_timestamp()::timestamp
        FROM o WHERE c."id" = o."id"`;
      const old = `o AS (SELECT "id", "yearly_accounting_amount" AS "old" FROM "customers" WHERE "id" = ANY($1::int[]) AND "studio_id" = $3)`;
      pctSql.push(
        await time(() =>
          a.sql(
            `WITH ${old}, u AS (${update} RETURNING c."id", o."old", c."yearly_accounting_amount" AS "new")
        INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "changes") SELECT $3::int, 'Customer', u."id", 'update', jsonb_build_object('yearly_accounting_amount', jsonb_build_array(u."old", u."new")) FROM u WHERE u."old" IS DISTINCT FROM u."new"`,
            [arr, i % 2 ? 2 : -2, studio],
          ),
        ),
      );
      pctBare.push(await time(() => a.sql(`WITH ${old} ${update}`, [arr, 0, studio])));
    }
    results.push(['C26 yearly amount (percentage)', median(pct), median(pctSql), 1000, median(pctBare)]);

    const bal: number[] = [];
    const balSql: number[] = [];
    const balBare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bal.push(
        await time(async () =>
          ok(
            await a.post('collab', '/api/annual_balancer/actions/do', {
              customersData: ids.map((id) => ({ id, year: 2100 + i })),
            }),
          ),
        ),
      );
      const balance = `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
        SELECT b."studio_id", b."id", 'ADJUSTMENT', b.d, make_timestamp($2::int, 12, 31, 0, 0, 0), TRUE, 'Conguaglio annuale ' || $2::int FROM (
          SELECT c."studio_id", c."id", c."yearly_accounting_amount" - COALESCE(s.total, 0) AS d FROM "customers" c
          LEFT JOIN (SELECT t."customer_id", sum(t."amount") AS total FROM "transactions" t WHERE t."customer_id" = ANY($1::int[]) AND t."is_yearly_installment" AND t."deleted_at" IS NULL
            AND t."type" IN ('CHARGE', 'ADJUSTMENT') AND t."date" >= make_timestamp($2::int, 1, 1, 0, 0, 0) AND t."date" < make_timestamp($2::int + 1, 1, 1, 0, 0, 0) GROUP BY t."customer_id") s ON s."customer_id" = c."id"
          WHERE c."id" = ANY($1::int[])) b WHERE b.d <> 0`;
      balSql.push(await time(() => a.sql(`WITH ins AS (${balance} RETURNING "id") ${AUDIT}`, [arr, 2150 + i])));
      balBare.push(await time(() => a.sql(balance, [arr, 2200 + i])));
    }
    results.push(['C34 annual balancer', median(bal), median(balSql), 3000, median(balBare)]);

    for (const [name, ms, floor, target, bare] of results) {
      const ratio = ms / floor;
      const pass = ms < target && ratio <= 2;
      console.log(
        `${name.padEnd(32)} median ${ms.toFixed(0).padStart(6)} ms   SQL floor ${floor.toFixed(0).padStart(6)} ms (without audit rows ${bare.toFixed(0)} ms)   ratio ${ratio.toFixed(2)}   target < ${target} ms and ≤ 2×   ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    await t.close();
  }
}

await main();
