/**
 * Documents benchmark (issue 11): 1,000 payment notices of one studio, zipped and streamed over
 * HTTP (C21) — wall time, peak RSS of the process while it runs (the PDF workers are threads of
 * the same process) and the zip's size; then the same notice rendered by Chromium's `page.pdf`
 * from its HTML variant against pdfmake, per notice, in the same run.
 * Targets: < 8 s on 2 cores, peak RSS < 300 MB (with PostgreSQL: the embedded database alone
 * takes ≈300 MB, so with PGlite the figure printed is the growth during the call), ≥ 3 × faster
 * than Chromium.
 *
 *   npm run bench:documents                                                          # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:documents  # PostgreSQL
 *
 * Env: BENCH_NOTICES (1000), BENCH_CHROMIUM_SAMPLES (40). It prints PASS/FAIL; it does not throw.
 */
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { startTestApp } from '../tests/helpers/testApp.js';
import { api } from '../tests/helpers/api.js';
import { bollettini } from '../server/areas/documents/service.js';
import { bollettinoHtml, bollettinoPdfDoc } from '../server/areas/documents/bollettino.js';
import { renderPdf, PDF_WORKERS } from '../server/render/pdf.js';
import { int } from './common.js';

const NOTICES = int('BENCH_NOTICES', 1000);
const SAMPLES = int('BENCH_CHROMIUM_SAMPLES', 40);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const t = await startTestApp({ env: { CHECK_RESPONSES: '0' } });
  const a = api(t);
  try {
    const studio = await a.studioId('Studio Demo');
    const cols = (
      await a.sql<{ c: string }>(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'customers' AND column_name NOT IN ('id', 'cod', 'business_name')`,
      )
    ).map((r) => `"${r.c}"`);
    const have = Number(
      (
        await a.sql<{ n: number }>(
          'SELECT count(*)::int AS n FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL',
          [studio],
        )
      )[0]!.n,
    );
    const [first] = await a.sql<{ id: number }>('SELECT min("id") AS id FROM "customers" WHERE "studio_id" = $1', [
      studio,
    ]);
    await a.sql(
      `INSERT INTO "customers" (${cols.join(', ')}, "cod", "business_name")
      SELECT ${cols.map((c) => `c.${c}`).join(', ')}, 'DOC' || g, 'Cliente documenti ' || g FROM "customers" c CROSS JOIN generate_series(1, ${Math.max(0, NOTICES - have)}) g WHERE c."id" = $1`,
      [first!.id],
    );
    const ids = (
      await a.sql<{ id: number }>(
        'SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT $2',
        [studio, NOTICES],
      )
    ).map((r) => Number(r.id));
    const [svc] = await a.sql<{ id: number }>(
      `INSERT INTO "studio_services" ("studio_id", "description", "cost") VALUES ($1, 'Tenuta contabilità', 120) RETURNING "id"`,
      [studio],
    );
    const headers = await a.headers('collab');
    console.log(`${t.database.kind}: ${ids.length} notices, ${PDF_WORKERS} PDF workers`);

    // warm the workers (their first document loads pdfmake and the fonts); the notice's data as
    // the service reads it (a SuperAdmin context of the studio: no permission lookups)
    const ctx = {
      userId: 0,
      name: 'bench',
      email: '',
      role: 'SuperAdmin',
      studioId: studio,
      studioName: 'Studio Demo',
      permissions: new Set<string>(),
      jti: '',
    } as const;
    const [sample] = await bollettini(t.exec, ctx, {
      customers_ids: JSON.stringify([ids[0]]),
      amount: '120',
      studio_service_id: String(svc!.id),
    });
    await Promise.all(Array.from({ length: PDF_WORKERS * 2 }, async () => renderPdf(await bollettinoPdfDoc(sample!))));

    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const qs = new URLSearchParams({
      customers_ids: JSON.stringify(ids),
      amount: '120.00',
      studio_service_id: String(svc!.id),
    });
    const start = performance.now();
    const res = await fetch(`${url}/api/bollettino/actions/download_pdf?${qs}`, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    const wall = performance.now() - start;
    clearInterval(timer);
    console.log(
      `C21 ${ids.length} notices zipped and streamed: ${(wall / 1000).toFixed(2)} s, ${mb(bytes)} MB zip, RSS ${mb(base)} MB before, peak ${mb(peak)} MB (+${mb(peak - base)} MB)`,
    );

    // one notice: pdfmake (through the pool, one at a time) against Chromium's page.pdf of its HTML
    const html = await bollettinoHtml(sample!);
    const doc = await bollettinoPdfDoc(sample!);
    let s = performance.now();
    for (let i = 0; i < SAMPLES; i++) await renderPdf(doc);
    const pdfmakeEach = (performance.now() - s) / SAMPLES;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    let chromiumEach = 0;
    try {
      const page = await browser.newPage();
      await page.setContent(html);
      await page.pdf({ format: 'A4' });
      s = performance.now();
      for (let i = 0; i < SAMPLES; i++) {
        await page.setContent(html);
        await page.pdf({ format: 'A4' });
      }
      chromiumEach = (performance.now() - s) / SAMPLES;
    } finally {
      await browser.close();
    }
    const ratio = chromiumEach / pdfmakeEach;
    console.log(
      `one notice, ${SAMPLES} in a row: pdfmake ${pdfmakeEach.toFixed(1)} ms, Chromium page.pdf ${chromiumEach.toFixed(1)} ms (a warm page; launching it is extra): ${ratio.toFixed(1)} × faster`,
    );
    const rssOk = t.database.kind === 'postgres' ? peak < 300 * 1024 * 1024 : peak - base < 300 * 1024 * 1024;
    console.log(
      `targets: < 8 s ${wall < 8000 ? 'PASS' : 'FAIL'} · RSS < 300 MB ${rssOk ? 'PASS' : 'FAIL'}${t.database.kind === 'postgres' ? '' : ' (growth; PGlite itself ≈300 MB)'} · ≥ 3 × Chromium ${ratio >= 3 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await t.close();
  }
}

await main();
