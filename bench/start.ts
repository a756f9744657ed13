/**
 * Start benchmark (issue 27 item 1–2): how long `npm start`'s server takes to answer, and what it
 * holds in memory once idle.
 *
 *   npm run bench:start            (PGlite: a new data folder with the demo data, then the same folder again)
 *   DATABASE_URL=postgresql://… npm run bench:start   (adds a start on PostgreSQL, into a database it makes and drops)
 *
 * Each start is the compiled server (`dist-server/main.mjs`, built first by `npm run build`) in a
 * process of its own, timed from the spawn to the first 200 of GET /api/health; the server's own
 * log line `ready in … ms` gives its phases (Node and the modules, the database opened, the data
 * loaded or checked, the app built, listening). RSS is read from /proc 3 s after the first answer
 * (what the start left behind) and after 30 s idle — the figure the target is about: once a process
 * has allocated nothing for a while, V8's memory reducer gives back the young generation the start
 * grew and compacts the heap (measured: between 15 and 30 s after the start, −25 to −30 MB). The
 * peak (VmHWM) is printed beside them. The baseline,
 * measured in the same run, is a bare Node process answering HTTP: its start time and RSS are what
 * no server can go under on this machine, and the ratios say how far each start is from them.
 * Targets (issue 27, on the 2-core machine): ready in ≤ 3 s on an existing data folder and ≤ 8 s on
 * a new one; idle RSS ≤ 250 MB on PGlite and ≤ 150 MB on PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { npmStartCommand, spawnServer } from '../tests/helpers/serverProcess.js';

const AFTER_START_MS = 3_000;
const IDLE_MS = 30_000;
const TIMEOUT_MS = 180_000;

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spawns `command` (tests/helpers/serverProcess.ts: its own port, output kept) and waits for
 * `path` to answer 200; answers the process, the time it took and the server's logged phases.
 */
async function start(command: string[], env: Record<string, string | undefined>, path: string) {
  const t0 = performance.now();
  const s = spawnServer(env, command);
  for (;;) {
    if (!s.alive()) throw new Error(`the process ended before answering:\n${s.output().slice(-3000)}`);
    if (performance.now() - t0 > TIMEOUT_MS)
      throw new Error(`no answer in ${TIMEOUT_MS} ms:\n${s.output().slice(-3000)}`);
    try {
      if ((await fetch(`${s.url}${path}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const readyMs = performance.now() - t0;
  // the server's own account of its phases (server/main.ts), from its JSON log
  let phases: Record<string, number> | undefined;
  let phaseRss: Record<string, number> | undefined;
  for (const line of s.output().split('\n')) {
    if (!line.includes('"startMs"')) continue;
    try {
      const logged = JSON.parse(line) as { startMs: Record<string, number>; startRssMb?: Record<string, number> };
      phases = logged.startMs;
      phaseRss = logged.startRssMb;
    } catch {
      // not a JSON line
    }
  }
  return { s, readyMs, phases, phaseRss };
}

interface Row {
  name: string;
  readyMs: number;
  /** 3 s after the first answer */
  rssAfterStart: number;
  /** after 30 s idle: what the targets are about */
  rss: number;
  peak: number;
  phases?: Record<string, number>;
  /** the server's RSS at the end of each phase, MB */
  phaseRss?: Record<string, number>;
  targetMs?: number;
  targetRss?: number;
}

async function measure(name: string, command: string[], env: Record<string, string | undefined>, path: string) {
  const { s, readyMs, phases, phaseRss } = await start(command, env, path);
  await sleep(AFTER_START_MS);
  const rssAfterStart = statusMb(s.child.pid!, 'VmRSS');
  await sleep(IDLE_MS - AFTER_START_MS);
  const rss = statusMb(s.child.pid!, 'VmRSS');
  const peak = statusMb(s.child.pid!, 'VmHWM');
  await s.stop();
  return { name, readyMs, rssAfterStart, rss, peak, phases, phaseRss };
}

// the server as `npm start` runs it (spawnServer's environment: info log, payment sandbox, PGlite
// unless DATABASE_URL is given here)
const SERVER = npmStartCommand();

const rows: Row[] = [];
rows.push(
  await measure(
    'baseline: bare Node HTTP server',
    [
      process.execPath,
      '-e',
      "require('http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, '127.0.0.1')",
    ],
    {},
    '/',
  ),
);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
try {
  const pglite = { DATA_DIR: dataDir, DEMO_DATA: 'true' };
  rows.push({
    ...(await measure('PGlite, new data folder, demo data', SERVER, pglite, '/api/health')),
    targetMs: 8_000,
    targetRss: 250,
  });
  rows.push({
    ...(await measure('PGlite, existing data folder', SERVER, pglite, '/api/health')),
    targetMs: 3_000,
    targetRss: 250,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const db = `bench_start_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${db}`;
    const onPg = { DATABASE_URL: url.toString(), DEMO_DATA: 'true' };
    rows.push({
      ...(await measure('PostgreSQL, new database, demo data', SERVER, onPg, '/api/health')),
      targetRss: 150,
    });
    rows.push({
      ...(await measure('PostgreSQL, existing database', SERVER, onPg, '/api/health')),
      targetMs: 3_000,
      targetRss: 150,
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}

const base = rows[0]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `start benchmark (${process.env.DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite'}): RSS ${AFTER_START_MS / 1000} s after the start, ` +
    `after ${IDLE_MS / 1000} s idle (the target) and its peak`,
);
for (const r of rows) {
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
  const target =
    r === base
      ? ''
      : `  target ${r.targetMs ? `≤ ${s(r.targetMs)} ${mark(r.readyMs <= r.targetMs)}` : '—'}, ` +
        `≤ ${r.targetRss} MB ${mark(r.rss <= (r.targetRss ?? Infinity))}`;
  console.log(
    `  ${r.name.padEnd(38)} ready ${s(r.readyMs).padStart(8)} (×${(r.readyMs / base.readyMs).toFixed(1)})` +
      `  RSS idle ${r.rss.toFixed(0).padStart(4)} MB (×${(r.rss / base.rss).toFixed(1)})${target}`,
  );
  console.log(
    `  ${''.padEnd(38)} RSS ${AFTER_START_MS / 1000} s after the start ${r.rssAfterStart.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB`,
  );
  if (r.phases) {
    const names = Object.keys(r.phases);
    const steps = names.map(
      (n, i) =>
        `${n} ${s(r.phases![n]! - (i ? r.phases![names[i - 1]!]! : 0))}` +
        (r.phaseRss?.[n] !== undefined ? ` (${r.phaseRss[n]} MB)` : ''),
    );
    console.log(`  ${''.padEnd(38)} phases: ${steps.join(', ')}`);
  }
}
