/**
 * Uploads of one studio against another studio's clicks (issue 45 items 20–21): while a Collaboratore
 * of Studio Demo sends, again and again, an .xlsx whose one tag has a million attributes (to the
 * columns call), a CAMT.053 whose root has 800,000 attributes, and a statement of BENCH_LINES lines from
 * one IBAN that BENCH_SHARED customers share, an Admin of Studio Bianchi reads its customers' list. The
 * list's p50 and p99 under that load against the same list alone (the baseline, measured in the same
 * run). Target: p99 under load < 100 ms.
 *
 *   npm run bench:uploads                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:uploads  # PostgreSQL
 *
 * Env: BENCH_LINES (10000), BENCH_SHARED (5000), BENCH_SECONDS (20: how long the load lasts).
 * It prints PASS/FAIL; it does not throw.
 */
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { multipart } from '../tests/helpers/multipart.js';
import { camtAttributeBomb, xlsxAttributeBomb } from '../tests/helpers/attackFiles.js';
import { camt053, type CamtEntry } from '../server/areas/collections/camtWriter.js';
import { int, median, time, ms } from './common.js';

const LINES = int('BENCH_LINES', 10_000);
const SHARED = int('BENCH_SHARED', 5_000);
const SECONDS = int('BENCH_SECONDS', 20);
const SHARED_IBAN = 'IT02A0306909606100000012345';

const p99 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    const studio = await a.studioId('Studio Demo');
    const [{ iban }] = (await a.sql<{ iban: string }>(`SELECT "iban" FROM "studios" WHERE "id" = $1`, [studio])) as [
      { iban: string },
    ];
    // SHARED customers on one IBAN (a Collaboratore can set this up through the mandates)
    const [model] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [studio],
    );
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name', 'deleted_at', 'vat_id', 'fiscal_code') ORDER BY ordinal_position`,
      )
    ).map((r) => `"${r.c}"`);
    const ids = (
      await a.sql<{ id: number }>(
        `INSERT INTO "customers" (${cols.join(', ')}, "cod", "business_name")
        SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'IBAN' || g, 'Controllata ' || lpad(g::text, 5, '0') || ' S.r.l.'
        FROM "customers" c CROSS JOIN generate_series(1, ${SHARED}) g WHERE c."id" = $1 RETURNING "id"`,
        [model!.id],
      )
    ).map((r) => Number(r.id));
    await a.sql(
      `INSERT INTO "sdd_mandates" ("studio_id", "customer_id", "reference", "iban", "signature_date", "scheme", "sequence_type", "status")
      SELECT $1::int, c, 'SHARED-' || c, $3, CURRENT_DATE - 60, 'CORE', 'RCUR', 'active' FROM unnest($2::int[]) c`,
      [studio, `{${ids.join(',')}}`, SHARED_IBAN],
    );
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
      SELECT $1::int, c, 'CHARGE', (50 + c % 90)::numeric, LOCALTIMESTAMP - interval '20 days', 'Onorario' FROM unnest($2::int[]) c`,
      [studio, `{${ids.join(',')}}`],
    );
    await a.sql('ANALYZE');
    const xlsx = xlsxAttributeBomb(1_000_000);
    const camt = camtAttributeBomb(800_000);
    const statement = (n: number) => {
      const entries: CamtEntry[] = Array.from({ length: LINES }, (_, k) => ({
        kind: 'credit',
        amount: 50 + (k % 90),
        date: new Date(Date.now() - (k % 20) * 86_400_000).toISOString().slice(0, 10),
        name: 'HOLDING SPA',
        iban: SHARED_IBAN,
        remittance:
          k % 2 ? `ONORARI CONTROLLATA ${String((k % SHARED) + 1).padStart(5, '0')} SRL` : `ONORARI ${n}-${k}`,
      }));
      return Buffer.from(camt053({ iban: iban.replace(/\s+/g, ''), id: `UPLOADS-${n}`, entries }));
    };
    console.log(
      `${t.database.kind}: ${SHARED} customers on one IBAN, statements of ${LINES} lines, ${SECONDS} s of load`,
    );
    const list = () => a.get('bianchi', '/api/list/Customer/CustomerResourceListCollection', { items_per_page: 25 });
    await a.headers('collab');
    await list();

    // the baseline: the list alone
    const alone: number[] = [];
    for (let i = 0; i < 200; i++) alone.push((await time(list))[0]);

    // the load: the three uploads over and over, from one studio
    let stop = false;
    const counts = { xlsx: 0, camt: 0, statements: 0, other: 0 };
    const upload = async (url: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) => {
      const body = await multipart(fields, [{ name, bytes }], 'file');
      return a.call('collab', 'POST', url, { payload: body.payload, headers: body.headers });
    };
    const loop = async (fn: () => Promise<void>) => {
      while (!stop) await fn();
    };
    let n = 0;
    const loads = [
      loop(async () => {
        const r = await upload('/api/bank/statements/columns', 'movimenti.xlsx', xlsx);
        if (r.statusCode === 422) counts.xlsx++;
        else counts.other++;
      }),
      loop(async () => {
        const r = await upload('/api/bank/statements', 'estratto.xml', camt);
        if (r.statusCode === 422) counts.camt++;
        else counts.other++;
      }),
      loop(async () => {
        const r = await upload('/api/bank/statements', `condivisi-${n}.xml`, statement(n++));
        if (r.statusCode === 201) counts.statements++;
        else counts.other++;
      }),
    ];
    const loaded: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) loaded.push((await time(list))[0]);
    stop = true;
    await Promise.all(loads);

    console.log(
      `  another studio's list alone: p50 ${ms(median(alone))}, p99 ${ms(p99(alone))} (${alone.length} calls)`,
    );
    console.log(
      `  the same list under the uploads: p50 ${ms(median(loaded))}, p99 ${ms(p99(loaded))} (${loaded.length} calls); ratio of p99 ${(p99(loaded) / p99(alone)).toFixed(1)}×`,
    );
    console.log(
      `  uploads meanwhile: ${counts.xlsx} sheets and ${counts.camt} CAMT files of a million attributes refused, ${counts.statements} statements of ${LINES} lines imported, ${counts.other} other answers`,
    );
    console.log(`  ${p99(loaded) < 100 ? 'PASS' : 'FAIL'} another studio's list p99 < 100 ms under the uploads`);
  } finally {
    await t.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
