/**
 * Collections benchmark (issue 29): a 10,000-charge SDD batch built and written through the API —
 * the preview, then the batch with its pain.008.001.02 file — against the SQL floor of the same
 * read and inserts (the open charges with their mandates, the batch's rows, in one statement);
 * then a 10,000-line CAMT.053 statement (made from the studio's open charges by the realistic
 * statement's generator) imported and matched through the API, against the SQL floor of reading
 * what the matcher reads and inserting the same lines in one statement. Medians and ratios in the
 * same run. Targets: the batch < 5 s, the statement < 10 s.
 *
 * Issue 47 (the banks' CBI files), in the same run: the CBI writer against the pain.008 writer on
 * the same 10,000 debits (< 2 s, ≤ 1.5 × pain.008), a 10,000-movement CBI RH statement imported and
 * matched through the API against a CAMT.053 of as many movements (< 10 s, ≤ 1.5 × the CAMT path),
 * and a RiBa presentation file of 5,000 receipts written (< 2 s), and through the API: the preview and
 * the presentation of 5,000 receipts of 1,000 RiBa customers with its file (< 2 s).
 *
 *   npm run bench:collections                                                            # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:collections  # PostgreSQL
 *
 * Env: BENCH_CHARGES (10000), BENCH_LINES (10000), BENCH_RUNS (3, at most 5; after one untimed run
 * that warms the code up), BENCH_XSD (1: the last batch's file checked against ../shared/sepa).
 * It prints PASS/FAIL; it does not throw.
 */
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { multipart } from '../tests/helpers/multipart.js';
import { pain008Errors } from '../tests/helpers/sepaXsd.js';
import { cbiSddErrors } from '../tests/helpers/cbiXsd.js';
import { writePain008 } from '../server/areas/collections/pain008.js';
import { writeCbiSdd } from '../server/areas/collections/cbiSdd.js';
import { cbiRh } from '../server/areas/collections/rhWriter.js';
import { writeRiba, type RibaReceipt } from '../server/areas/collections/riba.js';
import type { SddDebit } from '../server/areas/collections/types.js';
import { italianIban } from '../model/iban.js';
import { camt053 } from '../server/areas/collections/camtWriter.js';
import { realisticStatement } from '../server/areas/collections/demoStatement.js';
import { sepaCreditorId } from '../model/iban.js';
import { int, median, time, ms } from './common.js';

const CHARGES = int('BENCH_CHARGES', 10_000);
const LINES = int('BENCH_LINES', 10_000);
const RUNS = Math.min(5, int('BENCH_RUNS', 3));
const XSD = int('BENCH_XSD', 1, 0) === 1;
const PER_CUSTOMER = 5;

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    const studio = await a.studioId('Studio Demo');
    const customers = Math.ceil(CHARGES / PER_CUSTOMER);
    await a.sql(`UPDATE "studios" SET "sdd_creditor_id" = $2 WHERE "id" = $1`, [studio, sepaCreditorId('01234567897')]);
    // the benchmark's customers: copies of a demo customer, each with an active mandate
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
        SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'SDD' || g, 'Cliente incassi ' || lpad(g::text, 5, '0') || ' S.r.l.'
        FROM "customers" c CROSS JOIN generate_series(1, ${customers}) g WHERE c."id" = $1 RETURNING "id"`,
        [model!.id],
      )
    ).map((r) => Number(r.id));
    const arr = `{${ids.join(',')}}`;
    await a.sql(
      `INSERT INTO "sdd_mandates" ("studio_id", "customer_id", "reference", "iban", "signature_date", "scheme", "sequence_type", "status")
      SELECT $1::int, c, 'BENCH-' || c, 'IT60X0542811101000000123456', CURRENT_DATE - 60, 'CORE', 'RCUR', 'active' FROM unnest($2::int[]) c`,
      [studio, arr],
    );
    /** the charges of a month of next year: PER_CUSTOMER for each benchmark customer */
    const year = new Date().getFullYear() + 1;
    const charges = (month: number) =>
      a.sql(
        `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
        SELECT $1::int, c, 'CHARGE', (50 + (c + k) % 90)::numeric, make_timestamp($3::int, $4::int, k * 5, 0, 0, 0), 'Onorario ' || k || '/' || $4::int
        FROM unnest($2::int[]) c CROSS JOIN generate_series(1, ${PER_CUSTOMER}) k`,
        [studio, arr, year, month],
      );
    const range = (month: number) => ({
      due_from: `${year}-${String(month).padStart(2, '0')}-01`,
      due_to: `${year}-${String(month).padStart(2, '0')}-28`,
      collection_date: `${year}-${String(month + 1).padStart(2, '0')}-05`,
      customer_ids: ids,
    });
    await a.sql('ANALYZE');
    console.log(
      `${t.database.kind}: ${customers} customers with a mandate, ${customers * PER_CUSTOMER} charges a batch, ${RUNS} runs`,
    );
    await a.headers('collab');

    // --- the SDD batch
    const previews: number[] = [];
    const batches: number[] = [];
    const batchFloors: number[] = [];
    let lastBatch = 0;
    for (let i = -1; i < RUNS; i++) {
      const month = 2 + i;
      await charges(month);
      const [p, preview] = await time(() => a.post('collab', '/api/sdd/preview', range(month)));
      if (preview.statusCode !== 200) throw new Error(`preview ${preview.statusCode} ${preview.body.slice(0, 300)}`);
      const plan = preview.json().data as { fingerprint: string; totals: { charges: number; debits: number } };
      if (plan.totals.charges !== customers * PER_CUSTOMER || plan.totals.debits !== customers)
        throw new Error(`preview: ${plan.totals.debits} debits, ${plan.totals.charges} charges`);
      const [b, batch] = await time(() =>
        a.post('collab', '/api/sdd/batches', { ...range(month), fingerprint: plan.fingerprint }),
      );
      if (batch.statusCode !== 201) throw new Error(`batch ${batch.statusCode} ${batch.body.slice(0, 300)}`);
      lastBatch = batch.json().data.id;
      if (i >= 0) {
        previews.push(p);
        batches.push(p + b);
      }
      // the floor: another month's charges read with their mandates and made into a batch's rows by one statement
      await charges(8 + i);
      const [f] = await time(() =>
        a.sql(
          `WITH b AS (INSERT INTO "sdd_batches" ("studio_id", "message_id", "collection_date", "due_from", "due_to", "creditor", "debits", "total", "xml")
            VALUES ($1::int, 'FLOOR-' || $4::int, CURRENT_DATE + 1, CURRENT_DATE, CURRENT_DATE, '{}'::jsonb, 0, 0, '') RETURNING "id")
          INSERT INTO "sdd_batch_items" ("studio_id", "batch_id", "customer_id", "mandate_id", "charge_id", "amount", "end_to_end_id", "sequence_type")
          SELECT $1::int, b."id", t."customer_id", m."id", t."id", t."amount", 'FLOOR-' || $4::int || '-' || t."customer_id", m."sequence_type"
          FROM "transactions" t JOIN "sdd_mandates" m ON m."customer_id" = t."customer_id" AND m."status" = 'active' CROSS JOIN b
          WHERE t."studio_id" = $1 AND t."customer_id" = ANY($2::int[]) AND t."type" = 'CHARGE' AND t."deleted_at" IS NULL
            AND t."date" >= make_timestamp($3::int, $4::int, 1, 0, 0, 0) AND t."date" < make_timestamp($3::int, $4::int, 28, 0, 0, 0)`,
          [studio, arr, year, 8 + i],
        ),
      );
      if (i >= 0) batchFloors.push(f);
      await a.sql(`DELETE FROM "sdd_batches" WHERE "studio_id" = $1 AND "message_id" LIKE 'FLOOR-%'`, [studio]);
    }
    let xsdErrors: string[] = [];
    // the demo studio's account is CBI 00.01.01 (issue 47): the file is checked against its own schema
    const lastFile = await a.get('collab', `/api/sdd_batch/${lastBatch}/actions/file`);
    const cbi = String(lastFile.headers['content-disposition']).includes('SDD_CBI_');
    if (XSD) xsdErrors = cbi ? await cbiSddErrors(lastFile.body, '00.01.01') : await pain008Errors(lastFile.body);

    // --- the statement
    const [{ iban }] = (await a.sql<{ iban: string }>(`SELECT "iban" FROM "studios" WHERE "id" = $1`, [studio])) as [
      { iban: string },
    ];
    const imports: number[] = [];
    const importFloors: number[] = [];
    let matched = 0;
    const today = new Date().toISOString().slice(0, 10);
    for (let i = -1; i < RUNS; i++) {
      const plan = await realisticStatement(t.exec, studio, {
        lines: LINES,
        seed: 100 + i,
        from: `${today.slice(0, 4)}-01-01`,
        to: today,
      });
      const xml = camt053({ iban: iban.replace(/\s+/g, ''), id: `BENCH-${i}`, entries: plan.entries });
      const body = await multipart({}, [{ name: `bench-${i}.xml`, bytes: Buffer.from(xml) }], 'file');
      const [d, res] = await time(() =>
        a.call('collab', 'POST', '/api/bank/statements', { payload: body.payload, headers: body.headers }),
      );
      if (res.statusCode !== 201) throw new Error(`import ${res.statusCode} ${res.body.slice(0, 300)}`);
      const s = res.json().data as { lines: number; counts: { matched: number } };
      if (s.lines !== LINES) throw new Error(`import: ${s.lines} lines`);
      if (i >= 0) {
        imports.push(d);
        matched = s.counts.matched;
      }
      // the floor: what the matcher reads (the open charges by the rule, the customers) and the same lines in one insert
      const rows = JSON.stringify(
        plan.entries.map((e, k) => ({
          line_no: k + 1,
          fingerprint: `FLOOR-${i}-${k}`,
          booking_date: e.date,
          amount: (e.kind === 'credit' ? e.amount : -e.amount).toFixed(2),
          counterparty: e.name ?? null,
          counterparty_iban: e.iban ?? null,
          remittance: e.remittance ?? null,
          status: 'unmatched',
        })),
      );
      const [f] = await time(async () => {
        await a.sql(`SELECT count(*) FROM "customers" WHERE "studio_id" = $1`, [studio]);
        await a.sql(
          `SELECT count(*) FROM "transactions" t WHERE t."studio_id" = $1 AND t."deleted_at" IS NULL AND t."type" = 'CHARGE'`,
          [studio],
        );
        await a.sql(
          `WITH s AS (INSERT INTO "bank_statements" ("studio_id", "file_name", "format", "file_hash") VALUES ($1::int, 'floor', 'camt053', 'floor-' || $2::text) RETURNING "id")
          INSERT INTO "bank_statement_lines" ("studio_id", "statement_id", "line_no", "fingerprint", "booking_date", "amount", "counterparty", "counterparty_iban", "remittance", "status")
          SELECT $1::int, s."id", x."line_no", x."fingerprint", x."booking_date"::date, x."amount"::numeric, x."counterparty", x."counterparty_iban", x."remittance", x."status"
          FROM s, jsonb_to_recordset($3::jsonb) AS x("line_no" int, "fingerprint" text, "booking_date" text, "amount" text, "counterparty" text, "counterparty_iban" text, "remittance" text, "status" text)`,
          [studio, String(i), rows],
        );
      });
      if (i >= 0) importFloors.push(f);
      await a.sql(`DELETE FROM "bank_statements" WHERE "studio_id" = $1 AND "file_name" = 'floor'`, [studio]);
    }

    // --- issue 47: the same path for a CBI RH statement of as many movements (other payments of the same charges)
    const rhImports: number[] = [];
    let rhMatched = 0;
    for (let i = -1; i < RUNS; i++) {
      const plan = await realisticStatement(t.exec, studio, {
        lines: LINES,
        seed: 300 + i,
        from: `${today.slice(0, 4)}-01-01`,
        to: today,
      });
      const rh = cbiRh({
        abi: iban.slice(5, 10),
        sia: 'S0001',
        iban: iban.replace(/\s+/g, ''),
        created: today,
        entries: plan.entries,
      });
      const body = await multipart({}, [{ name: `bench-${i}.txt`, bytes: Buffer.from(rh) }], 'file');
      const [d, res] = await time(() =>
        a.call('collab', 'POST', '/api/bank/statements', { payload: body.payload, headers: body.headers }),
      );
      if (res.statusCode !== 201) throw new Error(`RH import ${res.statusCode} ${res.body.slice(0, 300)}`);
      const s = res.json().data as { lines: number; format: string; counts: { matched: number } };
      if (s.lines !== LINES || s.format !== 'cbi_rh') throw new Error(`RH import: ${s.lines} lines as ${s.format}`);
      if (i >= 0) {
        rhImports.push(d);
        rhMatched = s.counts.matched;
      }
    }

    // --- issue 47 item 5: a RiBa presentation of 5,000 receipts through the API (preview + presentation
    // with its file): a thousand of the customers pay by RiBa, five charges each on five due dates;
    // each run's presentation is cancelled after it, which frees the same charges for the next run
    const RIBA_CUSTOMERS = Math.min(ids.length, 1_000);
    const ribaIds = ids.slice(0, RIBA_CUSTOMERS);
    await a.sql(
      `UPDATE "customers" SET "collection_method" = 'riba', "bank_iban" = $2, "address" = 'Via Roma 1', "postal_code" = '00184',
        "city" = 'Roma', "province" = 'RM', "vat_id" = '01234567897' WHERE "id" = ANY($1::int[])`,
      [`{${ribaIds.join(',')}}`, italianIban('03069', '03204', '000000012345')],
    );
    await a.sql(`UPDATE "bank_accounts" SET "sia" = 'S0001' WHERE "studio_id" = $1 AND "sia" IS NULL`, [studio]);
    const ribaMonth = 12;
    await a.sql(
      `INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "transaction_note")
      SELECT $1::int, c, 'CHARGE', (50 + (c + k) % 90)::numeric, make_timestamp($3::int, $4::int, k * 5, 0, 0, 0), 'Onorario ' || k
      FROM unnest($2::int[]) c CROSS JOIN generate_series(1, ${PER_CUSTOMER}) k`,
      [studio, `{${ribaIds.join(',')}}`, year, ribaMonth],
    );
    const ribaRange = {
      due_from: `${year}-${ribaMonth}-01`,
      due_to: `${year}-${ribaMonth}-28`,
      customer_ids: ribaIds,
    };
    const ribaApiTimes: number[] = [];
    let ribaReceipts = 0;
    for (let i = -1; i < RUNS; i++) {
      const [total, made] = await time(async () => {
        const p = await a.post('collab', '/api/riba/preview', ribaRange);
        if (p.statusCode !== 200) throw new Error(`RiBa preview ${p.statusCode} ${p.body.slice(0, 300)}`);
        const plan = p.json().data as { fingerprint: string; totals: { receipts: number } };
        ribaReceipts = plan.totals.receipts;
        const r = await a.post('collab', '/api/riba/presentations', { ...ribaRange, fingerprint: plan.fingerprint });
        if (r.statusCode !== 201) throw new Error(`RiBa presentation ${r.statusCode} ${r.body.slice(0, 300)}`);
        return r.json().data as { id: number };
      });
      if (i >= 0) ribaApiTimes.push(total);
      const c = await a.post('collab', `/api/riba_presentation/${made.id}/actions/cancel`);
      if (c.statusCode !== 200) throw new Error(`RiBa cancel ${c.statusCode} ${c.body.slice(0, 300)}`);
    }

    // --- issue 47: the writers on the same 10,000 debits, and a RiBa presentation of 5,000 receipts
    const debits: SddDebit[] = Array.from({ length: CHARGES }, (_x, k) => ({
      endToEndId: `BENCH-${String(k).padStart(6, '0')}`,
      amount: (50 + (k % 900) + 0.37).toFixed(2),
      mandateReference: `BENCH-M-${k}`,
      mandateSignatureDate: '2026-01-15',
      sequenceType: k % 7 ? 'RCUR' : 'FRST',
      scheme: 'CORE',
      debtorName: `Cliente incassi ${k} S.r.l.`,
      debtorIban: 'IT60X0542811101000000123456',
      remittance: `Onorari rata ${k % 12} 2026 fattura ${k}/2026`,
    }));
    const sddFile = {
      messageId: 'BENCH-001',
      createdAt: '2026-11-30T10:00:00',
      collectionDate: '2026-12-10',
      creditor: { name: 'Studio Demo', iban: 'IT60X0542811101000000123456', creditorId: sepaCreditorId('01234567897') },
      debits,
    };
    const painTimes: number[] = [];
    const cbiTimes: number[] = [];
    for (let i = -1; i < RUNS; i++) {
      const [p] = await time(async () => writePain008(sddFile));
      const [c] = await time(async () => writeCbiSdd(sddFile, { version: '00.01.01', cuc: 'BENCH001' }));
      if (i >= 0) {
        painTimes.push(p);
        cbiTimes.push(c);
      }
    }
    const RECEIPTS = 5_000;
    const receipts: RibaReceipt[] = Array.from({ length: RECEIPTS }, (_x, k) => ({
      number: k + 1,
      dueDate: '2026-12-31',
      amount: (100 + (k % 500) + 0.5).toFixed(2),
      debtorCode: `C${k}`,
      debtorName: `Cliente RiBa ${k} S.r.l.`,
      debtorTaxCode: '01234567897',
      debtorAddress: 'Via Roma 1',
      debtorZip: '00184',
      debtorCity: 'Roma',
      debtorProvince: 'RM',
      debtorIban: italianIban('03069', '03204', String(k).padStart(12, '0')),
      description: `PER LA FATTURA N. ${k}/2026 DEL 30/11/2026 IMP ${(100 + (k % 500) + 0.5).toFixed(2).replace('.', ',')}`,
    }));
    const ribaTimes: number[] = [];
    for (let i = -1; i < RUNS; i++) {
      const [r] = await time(async () =>
        writeRiba({
          created: '2026-11-30',
          kind: 'sbf',
          creditor: {
            name: 'Studio Demo',
            address: 'Via Emilia 10',
            zipCity: '40100 Bologna',
            vatOrTaxCode: '01234567897',
            iban: 'IT60X0542811101000000123456',
            sia: 'S0001',
          },
          receipts,
        }),
      );
      if (i >= 0) ribaTimes.push(r);
    }

    const batch = median(batches);
    const batchFloor = median(batchFloors);
    const imp = median(imports);
    const impFloor = median(importFloors);
    console.log(
      `  SDD preview of ${customers} debits (${customers * PER_CUSTOMER} charges): median ${ms(median(previews))}`,
    );
    console.log(
      `  SDD batch built and written (preview + batch with its file): median ${ms(batch)}; SQL floor: median ${ms(batchFloor)}; ratio ${(batch / batchFloor).toFixed(1)}×`,
    );
    console.log(`  ${batch < 5_000 ? 'PASS' : 'FAIL'} ${customers * PER_CUSTOMER}-charge batch < 5 s`);
    if (XSD)
      console.log(
        `  ${xsdErrors.length === 0 ? 'PASS' : 'FAIL'} the batch's file valid against ${cbi ? 'CBI 00.01.01' : 'pain.008.001.02'}${xsdErrors.length ? `: ${xsdErrors.slice(0, 2).join('; ')}` : ''}`,
      );
    console.log(
      `  statement of ${LINES} lines imported and matched: median ${ms(imp)} (${matched} matched automatically); SQL floor: median ${ms(impFloor)}; ratio ${(imp / impFloor).toFixed(1)}×`,
    );
    console.log(`  ${imp < 10_000 ? 'PASS' : 'FAIL'} ${LINES}-line statement < 10 s`);
    const rhImp = median(rhImports);
    console.log(
      `  CBI RH statement of ${LINES} movements imported and matched: median ${ms(rhImp)} (${rhMatched} matched automatically); the CAMT.053 path: median ${ms(imp)}; ratio ${(rhImp / imp).toFixed(2)}×`,
    );
    console.log(
      `  ${rhImp < 10_000 && rhImp <= 1.5 * imp ? 'PASS' : 'FAIL'} RH statement < 10 s and ≤ 1.5 × the CAMT path`,
    );
    const pain = median(painTimes);
    const cbiW = median(cbiTimes);
    console.log(
      `  ${CHARGES} debits written: pain.008 median ${ms(pain)}, CBI 00.01.01 median ${ms(cbiW)}; ratio ${(cbiW / pain).toFixed(2)}×`,
    );
    console.log(
      `  ${cbiW < 2_000 && cbiW <= 1.5 * pain ? 'PASS' : 'FAIL'} CBI file of ${CHARGES} debits < 2 s and ≤ 1.5 × pain.008`,
    );
    const riba = median(ribaTimes);
    console.log(`  RiBa presentation of ${RECEIPTS} receipts written: median ${ms(riba)}`);
    console.log(`  ${riba < 2_000 ? 'PASS' : 'FAIL'} RiBa file of ${RECEIPTS} receipts < 2 s`);
    const ribaApi = median(ribaApiTimes);
    console.log(
      `  RiBa presentation of ${ribaReceipts} receipts through the API (preview + presentation with its file): median ${ms(ribaApi)}; the writer alone ${ms(riba)}; ratio ${(ribaApi / riba).toFixed(1)}×`,
    );
    console.log(
      `  ${ribaApi < 2_000 && ribaReceipts === RIBA_CUSTOMERS * PER_CUSTOMER ? 'PASS' : 'FAIL'} RiBa presentation of ${ribaReceipts} receipts through the API < 2 s`,
    );
  } catch (e) {
    console.log(`FAIL ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
