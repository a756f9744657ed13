/**
 * Invoicing benchmark (issue 28): 1,000 customers' charges of a month (one each, a second for one
 * in two) invoiced through the API — the preview, then the run (one TD01 per customer, one line
 * per charge, the numbering, the links, the audit rows) — against the SQL floor of the same
 * inserts (the documents, their lines, their audit rows, from the same charges, in one statement)
 * in the same run; medians and ratios; then every XML of the last run checked against the
 * official FatturaPA schema (../shared/fatturapa), and sent to SdI through the simulator. Targets:
 * the run < 10 s and ≤ 3 × its floor; 'Invia a SdI' of the 1,000 invoices queued in < 5 s.
 *
 *   npm run bench:invoicing                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:invoicing  # PostgreSQL
 *
 * Env: BENCH_CUSTOMERS (1000), BENCH_RUNS (3, at most 5; after one untimed run that warms the code up), BENCH_XSD (1: validate every XML of the last run;
 * 0: skip). It prints PASS/FAIL; it does not throw.
 */
import { performance } from 'node:perf_hooks';
import { ownDatabaseUrl, startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { fatturapaErrors } from '../tests/helpers/fatturapaXsd.js';
import { eDocumentSources } from '../server/areas/eDocuments/queries.js';
import { fatturaPaXml } from '../server/areas/eDocuments/fatturapa.js';
import { startSdiWorker } from '../server/areas/sdi/worker.js';
import { simulatorChannel } from '../server/areas/sdi/simulator.js';
import { int, median, time, ms } from './common.js';

const CUSTOMERS = int('BENCH_CUSTOMERS', 1000);
// at most 5: each run invoices a month of last year's first half, its floor one of the second half
const RUNS = Math.min(5, int('BENCH_RUNS', 3));
const XSD = int('BENCH_XSD', 1, 0) === 1;

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    const studio = await a.studioId('Studio Demo');
    // the benchmark's customers: copies of one with every datum an invoice needs
    const [model] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "vat_id" IS NOT NULL AND "sdi_code" IS NOT NULL
      AND "address" <> '' AND "postal_code" ~ '^[0-9]{5}$' AND "city" <> '' AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [studio],
    );
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const ids = (
      await a.sql<{ id: number }>(
        `INSERT INTO "customers" (${cols.join(', ')}, "cod", "business_name")
        SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'FATT' || g, 'Cliente fatturazione ' || lpad(g::text, 5, '0')
        FROM "customers" c CROSS JOIN generate_series(1, ${CUSTOMERS}) g WHERE c."id" = $1 RETURNING "id"`,
        [model!.id],
      )
    ).map((r) => Number(r.id));
    const arr = `{${ids.join(',')}}`;
    /** a month's charges of the benchmark's customers: one each, a second for one in two */
    const charges = (year: number, month: number) =>
      a.sql(
        `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
        SELECT $1::int, c, 'CHARGE', (100 + c % 50)::numeric, make_timestamp($3::int, $4::int, 10, 0, 0, 0), 'Onorario ' || $4::int || '/' || $3::int
        FROM unnest($2::int[]) c
        UNION ALL
        SELECT $1::int, c, 'CHARGE', 25.00, make_timestamp($3::int, $4::int, 20, 0, 0, 0), 'Spese di segreteria'
        FROM unnest($2::int[]) c WHERE c % 2 = 0`,
        [studio, arr, year, month],
      );
    await a.sql('ANALYZE');
    const lines = CUSTOMERS + ids.filter((id) => id % 2 === 0).length;
    console.log(`${t.database.kind}: ${CUSTOMERS} customers, ${lines} charges a month, ${RUNS} runs`);
    await a.headers('collab');

    const previews: number[] = [];
    const runs: number[] = [];
    const floors: number[] = [];
    let lastIds: number[] = [];
    // charges of last year's months (the invoices are dated today, after every invoice of this year)
    const year = new Date().getFullYear() - 1;
    // the first run untimed: V8 compiles the plan's code on its first call (≈ 300 ms of 1,000 invoices)
    for (let i = -1; i < RUNS; i++) {
      const month = 2 + i;
      await charges(year, month);
      const period = {
        from: `${year}-${String(month).padStart(2, '0')}-01`,
        to: `${year}-${String(month).padStart(2, '0')}-28`,
        customer_ids: ids,
      };
      const [p, preview] = await time(() => a.post('collab', '/api/invoicing/preview', period));
      if (preview.statusCode !== 200) throw new Error(`preview ${preview.statusCode} ${preview.body.slice(0, 300)}`);
      const plan = preview.json().data as { fingerprint: string; invoices: unknown[]; totals: { lines: number } };
      if (plan.invoices.length !== CUSTOMERS || plan.totals.lines !== lines)
        throw new Error(`preview: ${plan.invoices.length} invoices, ${plan.totals.lines} lines`);
      if (i >= 0) previews.push(p);
      const [r, run] = await time(() =>
        a.post('collab', '/api/invoicing/run', { ...period, fingerprint: plan.fingerprint }),
      );
      if (run.statusCode !== 201) throw new Error(`run ${run.statusCode} ${run.body.slice(0, 300)}`);
      if (i >= 0) runs.push(r);
      lastIds = (run.json().data.invoices as Array<{ id: number }>).map((d) => d.id);

      // the floor: the same charges (of another month) made into documents, lines and audit rows by one statement
      await charges(year, 8 + i);
      const [f] = await time(() =>
        a.sql(
          `WITH ch AS (
            SELECT t."id", t."customer_id", t."amount", t."transaction_note", row_number() OVER (PARTITION BY t."customer_id" ORDER BY t."date", t."id") AS pos
            FROM "transactions" t WHERE t."studio_id" = $1 AND t."customer_id" = ANY($2::int[]) AND t."type" = 'CHARGE'
              AND t."date" >= make_timestamp($3::int, $4::int, 1, 0, 0, 0) AND t."date" < make_timestamp($3::int, $4::int, 28, 0, 0, 0)),
          per AS (SELECT "customer_id", sum("amount") AS taxable, row_number() OVER (ORDER BY "customer_id") AS n FROM ch GROUP BY "customer_id"),
          docs AS (INSERT INTO "e_documents" ("studio_id", "type", "number", "date", "year", "customer_id", "taxable", "tax", "total", "sdi_status")
            SELECT $1::int, 'TD01', 'F' || $4::int || '-' || per.n, make_date(1999, 1, 1), 1999, per."customer_id", per.taxable, round(per.taxable * 0.22, 2), round(per.taxable * 1.22, 2), 'bozza'
            FROM per RETURNING "id", "customer_id"),
          ls AS (INSERT INTO "e_document_services" ("e_document_id", "position", "transaction_id", "description", "quantity", "price", "vat", "nature")
            SELECT docs."id", ch.pos, ch."id", ch."transaction_note", 1, ch."amount", 22, NULL FROM ch JOIN docs ON docs."customer_id" = ch."customer_id")
          INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action") SELECT $1::int, 'EDocument', docs."id", 'create' FROM docs`,
          [studio, arr, year, 8 + i],
        ),
      );
      if (i >= 0) floors.push(f);
      // the floor's documents out of the way (they are of 1999, but link charges)
      await a.sql(`DELETE FROM "e_documents" WHERE "studio_id" = $1 AND "year" = 1999`, [studio]);
    }

    let invalid = 0;
    let checked = 0;
    if (XSD) {
      const sources = await eDocumentSources(t.exec, studio, lastIds);
      for (const d of sources) {
        const errors = await fatturapaErrors(fatturaPaXml(d));
        checked++;
        if (errors.length) {
          invalid++;
          if (invalid <= 3) console.log(`  invoice ${d.number}: ${errors.slice(0, 3).join('; ')}`);
        }
      }
    }

    // issue 28: the last run's invoices sent to SdI through the simulator — 'Invia a SdI' answers once
    // every file is written and queued (target < 5 s); then, for information, until every file is
    // handed over and every outcome recorded
    const worker = await startSdiWorker({
      database: t.database,
      settings: { databaseUrl: await ownDatabaseUrl(t), sdiRetryDelaySeconds: 1 },
      channel: simulatorChannel(t.exec, { delaySeconds: 0 }),
      pollingIntervalSeconds: 0.5,
    });
    t.app.sdi.attach(worker);
    // meanwhile another studio's list is asked for every 200 ms: the server keeps answering
    const bianchi = await a.headers('bianchi');
    const others: number[] = [];
    let sending = true;
    const ticker = (async () => {
      while (sending) {
        const s = performance.now();
        await t.app.inject({ method: 'GET', url: '/api/edocuments?items_per_page=10', headers: bianchi });
        others.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const [queued, sent] = await time(() => a.post('collab', '/api/sdi/send', { ids: lastIds }));
    if (sent.statusCode !== 202) throw new Error(`send ${sent.statusCode} ${sent.body.slice(0, 300)}`);
    const count = async (where: string) =>
      Number((await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "sdi_transmissions" WHERE ${where}`))[0]!.n);
    const waitFor = async (where: string) => {
      const s = performance.now();
      while ((await count(where)) < lastIds.length && performance.now() - s < 300_000)
        await new Promise((r) => setTimeout(r, 100));
      return performance.now() - s + queued;
    };
    const handed = await waitFor(`"status" = 'sent'`);
    const outcomes = await waitFor(`"outcome" IS NOT NULL`);
    sending = false;
    await ticker;
    t.app.sdi.attach(null);
    await worker.stop(5000);

    const run = median(runs);
    const floor = median(floors);
    console.log(`  preview of ${CUSTOMERS} invoices (${lines} lines): median ${ms(median(previews))}`);
    console.log(
      `  run (issue them): median ${ms(run)}; SQL floor of the same inserts: median ${ms(floor)}; run / floor = ${(run / floor).toFixed(1)}×`,
    );
    console.log(`  ${run < 10_000 ? 'PASS' : 'FAIL'} run < 10 s`);
    console.log(`  ${run <= 3 * floor ? 'PASS' : 'FAIL'} run ≤ 3 × its floor`);
    console.log(
      `  'Invia a SdI' of ${lastIds.length} invoices: queued in ${ms(queued)}; all handed to the simulator after ${ms(handed)}; all outcomes after ${ms(outcomes)}`,
    );
    console.log(
      `  another studio's list asked ${others.length} times meanwhile: median ${ms(median(others))}, slowest ${ms(Math.max(...others))}`,
    );
    console.log(`  ${queued < 5_000 ? 'PASS' : 'FAIL'} ${lastIds.length} sent through the simulator queued in < 5 s`);
    if (XSD)
      console.log(
        `  ${invalid === 0 && checked === CUSTOMERS ? 'PASS' : 'FAIL'} ${checked - invalid} of ${checked} XMLs valid against the official schema`,
      );
  } catch (e) {
    console.log(`FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
