/**
 * Mixed-load benchmark (issue 17 item 1): simulated staff of the four roles across five studios
 * for a minute against TWO server processes on ONE PostgreSQL database (round robin on
 * loopback), doing what staff do — lists with search and filters, opening and saving records
 * with their version, bulk actions (installments, yearly amount, balancer), documents (a
 * payment notice, a zip of 20 account balances), e-mails, payslip inserts, jobs toggles,
 * e-invoice saves. It prints throughput and p50/p95/p99 per kind of call, then checks invariants
 * on the database: every acknowledged write is there, each customer's balance (as the API
 * answers it) equals the sum of its transactions, no duplicate installment or invoice number,
 * one audit row per acknowledged save, every queued e-mail delivered (to a test SMTP server)
 * exactly once or still queued. Targets: 0 errors, 0 broken invariants, p99 of lists < 100 ms.
 *
 *   npm run bench:load            # the local PostgreSQL (or DATABASE_URL's server)
 *
 * Each simulated user pauses after every answer, as a person reads a screen before the next
 * click: a think time drawn from an exponential distribution of mean BENCH_THINK_MS (1000 ms).
 * BENCH_THINK_MS=0 makes every user fire its next call at once: a saturation run, which measures
 * the throughput ceiling, not the latency staff see.
 *
 * The measured minute follows BENCH_WARMUP_SECONDS (10) of the same work on the just-started
 * servers: its calls count for errors and invariants, its times are printed apart.
 *
 * Env: BENCH_USERS (50), BENCH_STUDIOS (one per ten users, at least 5), BENCH_SECONDS (60), BENCH_THINK_MS, BENCH_WARMUP_SECONDS. A fresh database is created and dropped. A 409/412/
 * 422 that the product answers by design to a race (two saves of one invoice number) is counted
 * as a conflict and retried, not as an error. It prints PASS/FAIL and exits 1 on a FAIL.
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import pg from 'pg';
import {
  npmStartCommand,
  spawnServer,
  STARTED,
  ADMIN_URL,
  type ServerProcess,
} from '../tests/helpers/serverProcess.js';
import { buildServer } from '../scripts/buildServer.js';
import { freshPostgres } from '../tests/helpers/freshPostgres.js';
import { startSmtpSink } from '../tests/helpers/smtpSink.js';
import { int } from './common.js';

const USERS = int('BENCH_USERS', 50);
const SECONDS = int('BENCH_SECONDS', 60);
/** the first seconds after the servers start (cold JIT, PDF workers loading, pools opening): run, checked, timed apart */
const WARMUP = int('BENCH_WARMUP_SECONDS', 10, 0);
const THINK_MS = int('BENCH_THINK_MS', 1000, 0);
/** a person's pause before the next click: exponential, mean THINK_MS, at most 5 × it, never past `until` */
const think = (until: number) =>
  THINK_MS
    ? new Promise((r) =>
        setTimeout(
          r,
          Math.min(5 * THINK_MS, -Math.log(1 - Math.random()) * THINK_MS, Math.max(0, until - performance.now())),
        ),
      )
    : Promise.resolve();
/**
 * studios of the run: a studio has about ten staff at work (at least five studios). With a fixed
 * five, 200 users put 40 staff on Studio Bianchi's 20 customers, and those without a customer of
 * their own called /api/customers/undefined (issue 45 item 27: the benchmark's errors, not the product's).
 */
const STUDIOS = int('BENCH_STUDIOS', Math.max(5, Math.ceil(USERS / 10)), 2);
const PASSWORD = 'Demo2026!';
const YEAR = new Date().getFullYear();

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
interface Answer {
  status: number;
  body: string;
  json<T = any>(): T;
}
function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}
const qs = (q: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]))}`;

// ---------------------------------------------------------------------------
// measurements
// ---------------------------------------------------------------------------
/**
 * CPU time so far, in seconds (Linux /proc): the whole machine (busy, not idle or waiting), the
 * two servers, PostgreSQL's processes and this benchmark (its simulated users and the SMTP sink).
 * Taken when the measured minute starts and ends, it says whether the cores were the bound.
 */
function cpuNow(serverPids: number[]) {
  const tick = 100; // USER_HZ on Linux
  const own = (pid: number | string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return { comm: f.slice(f.indexOf('(') + 1, f.lastIndexOf(')')), s: (Number(rest[11]) + Number(rest[12])) / tick };
    } catch {
      return { comm: '', s: 0 };
    }
  };
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const busy = cpu.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const p = own(pid);
    if (p.comm === 'postgres') postgres += p.s;
  }
  return {
    machine: busy / tick,
    servers: serverPids.reduce((a, pid) => a + own(pid).s, 0),
    postgres,
    bench: own(process.pid).s,
  };
}

const times = new Map<string, number[]>();
/** the warm-up's times, apart (errors of the warm-up count) */
const warmTimes = new Map<string, number[]>();
let measuring = false;
const errors = new Map<string, string[]>();
let conflicts = 0;
/** calls slower than 100 ms: when they ended (ms from the start of the load) */
const slow: Array<{ kind: string; at: number; ms: number }> = [];
let loadStart = 0;
function record(kind: string, ms: number) {
  const into = measuring ? times : warmTimes;
  (into.get(kind) ?? into.set(kind, []).get(kind)!).push(ms);
  if (measuring && ms > 100) slow.push({ kind, at: performance.now() - loadStart, ms });
}
function fail(kind: string, what: string) {
  (errors.get(kind) ?? errors.set(kind, []).get(kind)!).push(what);
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : 0;
};

/** what the invariants check afterwards: every acknowledged write */
const acked = {
  saves: new Map<number, string>(), // customer → last acknowledged note token
  saveTokens: [] as Array<{ id: number; token: string }>,
  installments: [] as Array<{ ids: number[]; year: number }>,
  invoices: [] as number[],
  payslips: [] as Array<{ customerId: number; month: number; year: number; quantity: number }>,
  jobs: new Map<string, { status: number; key: [number, number, number, number] }>(),
  mails: 0,
};

interface Vu {
  billable: number[];
  userId: number;
  n: number;
  role: 'SuperAdmin' | 'Admin' | 'Collaboratore' | 'Utente';
  email: string;
  studioId: number;
  token: string;
  own: number[];
  all: number[];
  service: number | null;
  jobs: Array<{ id: number; tasks: number[] }>;
}

async function main() {
  // the server as `npm start` runs it: compiled into dist-server/
  await buildServer();
  const fresh = await freshPostgres(process.env.DATABASE_URL || ADMIN_URL, 'load');
  const sink = await startSmtpSink();
  const dirs = [mkdtempSync(join(tmpdir(), 'gs-load-a-')), mkdtempSync(join(tmpdir(), 'gs-load-b-'))];
  const servers: ServerProcess[] = [];
  const db = new pg.Client({ connectionString: fresh.url });
  let failed = false;
  try {
    const env = {
      DATABASE_URL: fresh.url,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
      MAIL_RETRY_DELAY: '1',
      JWT_SECRET: 'load-bench-secret-of-enough-length-0123456789',
    };
    servers.push(spawnServer({ ...env, DATA_DIR: dirs[0] }, npmStartCommand()));
    await servers[0]!.waitFor(STARTED, 120_000);
    servers.push(spawnServer({ ...env, DATA_DIR: dirs[1], DEMO_DATA: 'false' }, npmStartCommand()));
    await servers[1]!.waitFor(STARTED, 120_000);
    const bases = servers.map((s) => s.url);
    let rr = 0;
    const base = () => bases[rr++ % bases.length]!;
    await db.connect();
    const vus = await seed(db, base);
    console.log(
      `PostgreSQL, 2 server processes; ${vus.length} simulated users (${['SuperAdmin', 'Admin', 'Collaboratore', 'Utente'].map((r) => `${vus.filter((v) => v.role === r).length} ${r}`).join(', ')}) in ${STUDIOS} studios, ${WARMUP ? `${WARMUP} s of warm-up, then ` : ''}${SECONDS} s measured, ${THINK_MS ? `think time ${THINK_MS} ms on average after each answer` : 'no think time (saturation)'}`,
    );

    const end = performance.now() + (WARMUP + SECONDS) * 1000;
    let started = performance.now();
    const startMeasuring = () => {
      measuring = true;
      started = loadStart = performance.now();
    };
    const pids = servers.map((s) => s.child.pid!);
    let cpuFrom = cpuNow(pids);
    if (WARMUP)
      setTimeout(() => {
        startMeasuring();
        cpuFrom = cpuNow(pids);
      }, WARMUP * 1000);
    else startMeasuring();
    await Promise.all(vus.map((vu) => runUser(vu, base, end)));
    const elapsed = (performance.now() - started) / 1000;
    const cpuTo = cpuNow(pids);
    const cores = (k: keyof typeof cpuTo) => ((cpuTo[k] - cpuFrom[k]) / elapsed).toFixed(2);

    // ---------------------------------------------------------------- figures
    if (WARMUP) {
      const warm = [...warmTimes.values()].reduce((s, xs) => s + xs.length, 0);
      const warmLists = [...warmTimes.entries()].filter(([k]) => k.startsWith('list')).flatMap(([, xs]) => xs);
      const warmDocs = warmTimes.get('document bollettino') ?? [];
      console.log(
        `\nwarm-up, ${WARMUP} s on the just-started servers (not in the figures below): ${warm} calls; p99 of lists ${pct(warmLists, 99).toFixed(1)} ms, slowest payment notice ${Math.max(0, ...warmDocs).toFixed(0)} ms`,
      );
    }
    const total = [...times.values()].reduce((s, xs) => s + xs.length, 0);
    console.log(
      `\n${total} calls in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(1)} calls/s; conflicts answered by design and retried: ${conflicts}`,
    );
    console.log('kind                  calls   /s     p50 ms   p95 ms   p99 ms   errors');
    for (const [kind, xs] of [...times.entries()].sort()) {
      console.log(
        `${kind.padEnd(20)} ${String(xs.length).padStart(6)} ${(xs.length / elapsed).toFixed(1).padStart(6)} ${pct(xs, 50).toFixed(1).padStart(9)} ${pct(xs, 95).toFixed(1).padStart(8)} ${pct(xs, 99).toFixed(1).padStart(8)} ${String(errors.get(kind)?.length ?? 0).padStart(8)}`,
      );
    }
    for (const [kind, es] of errors) console.log(`  errors of ${kind}: ${[...new Set(es)].slice(0, 3).join(' | ')}`);
    // where the slow calls fall: a stall (start-up, a pause of the process) hits every kind at once
    const windows = new Map<number, string[]>();
    for (const c of slow)
      (
        windows.get(Math.floor(c.at / 5000)) ?? windows.set(Math.floor(c.at / 5000), []).get(Math.floor(c.at / 5000))!
      ).push(c.kind);
    console.log(
      `calls over 100 ms by 5-s window: ${
        [...windows.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([w, ks]) => `${w * 5}s: ${ks.length} (${ks.filter((k) => k.startsWith('list')).length} lists)`)
          .join(', ') || 'none'
      }`,
    );

    console.log(
      `CPU of the measured time, in cores busy of ${availableParallelism()}: machine ${cores('machine')}; the two servers ${cores('servers')} (their PDF workers included), PostgreSQL ${cores('postgres')}, this benchmark ${cores('bench')}`,
    );

    // ---------------------------------------------------------------- invariants
    const broken: string[] = [];
    // every queued message delivered (or still queued) — give the workers time to drain
    for (let i = 0; i < 60; i++) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM "mail_outbox" WHERE "status" IN ('queued', 'sending')`,
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const check = (name: string, ok: boolean, detail = '') => {
      console.log(`${ok ? 'ok  ' : 'BROKEN'} ${name}${detail ? `: ${detail}` : ''}`);
      if (!ok) broken.push(name);
    };
    console.log('\ninvariants');
    // acknowledged saves: the last note of each customer, one audit row per save
    const saveIds = [...acked.saves.keys()];
    const { rows: notes } = await db.query(`SELECT "id", "note" FROM "customers" WHERE "id" = ANY($1::int[])`, [
      saveIds,
    ]);
    const wrong =
      notes.filter((r) => r.note !== acked.saves.get(Number(r.id))).length + (saveIds.length - notes.length);
    check(
      `every acknowledged customer save is there (${saveIds.length} customers, ${acked.saveTokens.length} saves)`,
      wrong === 0,
      `${wrong} missing`,
    );
    const { rows: audits } =
      await db.query(`SELECT "changes"->'note'->>1 AS "token", count(*)::int AS "n" FROM "audit_log" WHERE "model" = 'Customer' AND "action" = 'update'
      AND "changes"->'note'->>1 LIKE 'load-%' GROUP BY 1`);
    const auditOf = new Map(audits.map((r) => [r.token as string, Number(r.n)]));
    const badAudit = acked.saveTokens.filter((s) => auditOf.get(s.token) !== 1).length;
    check('one audit row per acknowledged save', badAudit === 0, `${badAudit} saves without exactly one audit row`);
    // installments: there for every acknowledged call, never twice
    let missingInst = 0;
    for (const i of acked.installments) {
      const { rows } = await db.query(
        `SELECT count(DISTINCT "customer_id")::int AS n FROM "transactions" WHERE "customer_id" = ANY($1::int[]) AND "is_yearly_installment"
        AND "type" = 'CHARGE' AND "date" >= make_date($2, 1, 1) AND "date" < make_date($2 + 1, 1, 1) AND "deleted_at" IS NULL`,
        [i.ids, i.year],
      );
      if (rows[0].n !== i.ids.length) missingInst++;
    }
    check(
      `every acknowledged installment call is there (${acked.installments.length} calls)`,
      missingInst === 0,
      `${missingInst} calls missing rows`,
    );
    const { rows: dupInst } =
      await db.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM "transactions" WHERE "is_yearly_installment" AND "type" = 'CHARGE' AND "deleted_at" IS NULL
      GROUP BY "customer_id", "date", "transaction_note" HAVING count(*) > 1) d`);
    check('no duplicate installment', dupInst[0].n === 0, `${dupInst[0].n} duplicates`);
    // invoices
    const { rows: inv } = await db.query(`SELECT count(*)::int AS n FROM "e_documents" WHERE "id" = ANY($1::int[])`, [
      acked.invoices,
    ]);
    check(
      `every acknowledged e-invoice is there (${acked.invoices.length})`,
      inv[0].n === acked.invoices.length,
      `${acked.invoices.length - inv[0].n} missing`,
    );
    const { rows: dupInv } = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM "e_documents" GROUP BY "studio_id", "year", "number" HAVING count(*) > 1) d`,
    );
    check('no duplicate invoice number', dupInv[0].n === 0, `${dupInv[0].n} duplicates`);
    // payslips and job toggles
    let missingPay = 0;
    for (const p of acked.payslips) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM "payslips" WHERE "customer_id" = $1 AND "month" = $2 AND "year" = $3`,
        [p.customerId, p.month, p.year],
      );
      if (rows[0].n !== 1) missingPay++;
    }
    check(
      `every acknowledged payslip entry is there once (${acked.payslips.length})`,
      missingPay === 0,
      `${missingPay} missing or twice`,
    );
    let wrongJobs = 0;
    for (const { status, key } of acked.jobs.values()) {
      const { rows } = await db.query(
        `SELECT "status" FROM "task_job_statuses" WHERE "studio_job_id" = $1 AND "task_id" = $2 AND "customer_id" = $3 AND "year" = $4`,
        key,
      );
      if (Number(rows[0]?.status ?? 0) !== status) wrongJobs++;
    }
    check(
      `every acknowledged job toggle is the sub-task's state (${acked.jobs.size} sub-tasks)`,
      wrongJobs === 0,
      `${wrongJobs} wrong`,
    );
    // balances: as the API answers them, against the sum of the transactions
    let wrongBalance = 0;
    const sample = vus
      .filter((v) => v.role === 'Admin' || v.role === 'Collaboratore')
      .flatMap((v) => v.own.slice(0, 2).map((id) => ({ v, id })));
    for (const { v, id } of sample) {
      const res = await call(base(), 'GET', `/api/customers/${id}`, v.token);
      const { rows } = await db.query(
        `SELECT coalesce(sum(CASE "type" WHEN 'PAYMENT' THEN -"amount" ELSE "amount" END), 0)::text AS s FROM "transactions" WHERE "customer_id" = $1 AND "deleted_at" IS NULL`,
        [id],
      );
      if (res.status !== 200 || Math.abs(Number(res.json().data.balance) - Number(rows[0].s)) > 0.001) wrongBalance++;
    }
    check(
      `each customer's balance is the sum of its transactions (${sample.length} customers)`,
      wrongBalance === 0,
      `${wrongBalance} differ`,
    );
    // mail
    const { rows: mail } = await db.query(`SELECT "status", count(*)::int AS n FROM "mail_outbox" GROUP BY 1`);
    const byStatus = Object.fromEntries(mail.map((r) => [r.status, Number(r.n)]));
    const sent = byStatus.sent ?? 0;
    const ids = sink.received.map((r) => r.mail.messageId ?? '');
    check(
      `every queued e-mail delivered once or still queued (${acked.mails} sends acknowledged; outbox ${JSON.stringify(byStatus)}; SMTP received ${sink.received.length})`,
      !byStatus.failed && !byStatus.kept && new Set(ids).size === ids.length && sink.received.length === sent,
    );

    const listP99 = Math.max(
      ...[...times.entries()].filter(([k]) => k.startsWith('list')).map(([, xs]) => pct(xs, 99)),
    );
    const errorCount = [...errors.values()].reduce((s, e) => s + e.length, 0);
    console.log('');
    const results: Array<[string, boolean]> = [
      ['0 errors', errorCount === 0],
      ['0 broken invariants', broken.length === 0],
      [`p99 of lists < 100 ms (${listP99.toFixed(1)} ms)`, listP99 < 100],
    ];
    for (const [name, ok] of results) {
      console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
      if (!ok) failed = true;
    }
  } finally {
    await db.end().catch(() => undefined);
    for (const s of servers) await s.stop();
    await sink.stop();
    await fresh.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    agent.destroy();
  }
  if (failed) process.exitCode = 1;
}

// ---------------------------------------------------------------------------
// seeding: five studios with staff of every role and their customers
// ---------------------------------------------------------------------------
async function copyRow(db: pg.Client, table: string, id: number, overrides: Record<string, unknown>): Promise<number> {
  const { rows: cols } = await db.query(
    `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND column_name <> 'id' ORDER BY ordinal_position`,
    [table],
  );
  const names = cols.map((r) => r.c as string);
  const keys = Object.keys(overrides);
  const select = names.map((c) => (keys.includes(c) ? `$${keys.indexOf(c) + 2}` : `t."${c}"`));
  const { rows } = await db.query(
    `INSERT INTO "${table}" (${names.map((c) => `"${c}"`).join(', ')}) SELECT ${select.join(', ')} FROM "${table}" t WHERE t."id" = $1 RETURNING "id"`,
    [id, ...keys.map((k) => overrides[k])],
  );
  return Number(rows[0].id);
}

async function seed(db: pg.Client, base: () => string): Promise<Vu[]> {
  const one = async (q: string, p: unknown[] = []) => (await db.query(q, p)).rows[0];
  const demo = Number((await one(`SELECT "id" FROM "studios" WHERE "name" = 'Studio Demo'`)).id);
  const bianchi = Number((await one(`SELECT "id" FROM "studios" WHERE "name" = 'Studio Bianchi'`)).id);
  const studios = [demo, bianchi];
  for (let i = 1; studios.length < STUDIOS; i++) {
    const id = await copyRow(db, 'studios', demo, { name: `Studio Carico ${i}`, email: `carico${i}@load.test` });
    studios.push(id);
    await db.query(
      `INSERT INTO "legal_representatives" ("studio_id", "name", "surname") VALUES ($1, 'Rappresentante', 'Carico ${i}')`,
      [id],
    );
    const rep = Number(
      (await one(`SELECT max("id") AS id FROM "legal_representatives" WHERE "studio_id" = $1`, [id])).id,
    );
    const { rows: cust } = await db.query(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 150`,
      [demo],
    );
    for (const c of cust)
      await copyRow(db, 'customers', Number(c.id), {
        studio_id: id,
        legal_representative_id: rep,
        legal_status_id: null,
        collaborator_accounting_id: null,
        collaborator_studio_jobs_id: null,
        cod: null,
      });
    const { rows: svc } = await db.query(
      `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL`,
      [demo],
    );
    for (const s of svc) await copyRow(db, 'studio_services', Number(s.id), { studio_id: id });
  }
  // every customer active, with a cedolino rate and an e-mail (payslips, mails)
  await db.query(
    `UPDATE "customers" SET "ceased" = 0, "cedolino_rate" = GREATEST("cedolino_rate", 12.5), "email" = 'cliente' || "id" || '@load.test' WHERE "studio_id" = ANY($1::int[])`,
    [studios],
  );
  const hash = (await one(`SELECT "password" FROM "users" WHERE "email" = 'admin@studiodemo.test'`)).password;
  const roleId = async (name: string) => Number((await one(`SELECT "id" FROM "roles" WHERE "name" = $1`, [name])).id);
  const plan: Array<Vu['role']> = [];
  for (let i = 0; i < USERS; i++)
    plan.push(
      i < 2 ? 'SuperAdmin' : (['Admin', 'Collaboratore', 'Collaboratore', 'Collaboratore', 'Utente'] as const)[i % 5]!,
    );
  const vus: Vu[] = [];
  for (let i = 0; i < plan.length; i++) {
    const role = plan[i]!;
    // five users in a row (an Admin, three Collaboratori, an Utente) to one studio: every studio has every role
    const studioId = studios[Math.floor(i / 5) % STUDIOS]!;
    const email = role === 'SuperAdmin' ? 'superadmin@gestionale.test' : `load${i}@load.test`;
    if (role !== 'SuperAdmin') {
      await db.query(
        `INSERT INTO "users" ("studio_id", "role_id", "name", "email", "password", "active") VALUES ($1, $2, $3, $4, $5, TRUE)`,
        [studioId, await roleId(role), `Utente carico ${i}`, email, hash],
      );
    }
    vus.push({
      billable: [],
      userId: 0,
      n: i,
      role,
      email,
      studioId,
      token: '',
      own: [],
      all: [],
      service: null,
      jobs: [],
    });
  }
  for (const vu of vus) {
    for (let attempt = 0; ; attempt++) {
      const res = await call(base(), 'POST', '/api/user/login', undefined, { email: vu.email, password: PASSWORD });
      if (res.status === 200) {
        vu.token = res.json().access_token;
        vu.userId = Number(res.json().id);
        break;
      }
      if (res.status !== 429 || attempt > 20) throw new Error(`login ${vu.email}: ${res.status} ${res.body}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  // each user of a studio saves, bills and books its own customers (two users never save one record)
  for (const s of studios) {
    const staff = vus.filter((v) => v.studioId === s && v.role !== 'SuperAdmin');
    const { rows } = await db.query(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id"`,
      [s],
    );
    const ids = rows.map((r) => Number(r.id));
    staff.forEach((v, k) => {
      v.all = ids;
      v.own = ids.filter((_, j) => j % staff.length === k).slice(0, 25);
    });
    // a user with no customer of its own would ask for /api/customers/undefined: the run's set-up is wrong
    const without = staff.filter((v) => v.role !== 'Utente' && !v.own.length);
    if (without.length)
      throw new Error(
        `studio ${s}: ${without.length} of ${staff.length} staff have no customer of their own (${ids.length} customers): raise BENCH_STUDIOS`,
      );
    // customers an e-invoice can be made for (VAT number or fiscal code, address)
    const { rows: bill } = await db.query(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND ("vat_id" IS NOT NULL OR "fiscal_code" IS NOT NULL)
      AND "address" IS NOT NULL AND "postal_code" IS NOT NULL AND "city" IS NOT NULL ORDER BY "id"`,
      [s],
    );
    for (const v of staff) v.billable = bill.map((r) => Number(r.id)).filter((id) => v.own.includes(id));
    const svc = await one(
      `SELECT "id" FROM "studio_services" WHERE "studio_id" = $1 AND "deleted_at" IS NULL AND "cost" > 0 ORDER BY "id" LIMIT 1`,
      [s],
    );
    const { rows: jobs } = await db
      .query(
        `SELECT j."id", array_agg(p."task_id") AS tasks FROM "studio_jobs" j JOIN "studio_job_tasks" p ON p."studio_job_id" = j."id"
      WHERE j."studio_id" = $1 AND j."deleted_at" IS NULL GROUP BY j."id" ORDER BY j."id" LIMIT 3`,
        [s],
      )
      .catch(() => ({ rows: [] as Array<{ id: number; tasks: number[] }> }));
    for (const v of staff) {
      v.service = svc ? Number(svc.id) : null;
      v.jobs = jobs.map((j) => ({ id: Number(j.id), tasks: (j.tasks as number[]).map(Number) }));
    }
  }
  return vus;
}

// ---------------------------------------------------------------------------
// one simulated user
// ---------------------------------------------------------------------------
const SEARCHES = ['srl', 'milano', 'ros', 'a', 'consulenze', 'via', 'bianchi', '020'];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

async function runUser(vu: Vu, base: () => string, end: number) {
  let iteration = 0;
  const may = (min: Vu['role']) =>
    ({ SuperAdmin: 4, Admin: 3, Collaboratore: 2, Utente: 1 })[vu.role] >=
    { SuperAdmin: 4, Admin: 3, Collaboratore: 2, Utente: 1 }[min];
  const timed = async (
    kind: string,
    method: string,
    path: string,
    body?: unknown,
    ok = [200, 201],
  ): Promise<Answer | null> => {
    const t0 = performance.now();
    try {
      const res = await call(base(), method, path, vu.token, body);
      record(kind, performance.now() - t0);
      if (!ok.includes(res.status)) {
        fail(kind, `${res.status} ${res.body.slice(0, 160)}`);
        return null;
      }
      return res;
    } catch (e) {
      record(kind, performance.now() - t0);
      fail(kind, (e as Error).message);
      return null;
    } finally {
      // no pause once the time is up: the run ends with the calls in flight
      if (performance.now() < end) await think(end);
    }
  };
  // people do not all click in the same millisecond: each starts after a pause of its own
  await think(end);
  while (performance.now() < end) {
    iteration++;
    const r = Math.random();
    // an Utente sees its menu and its own profile (customers are Collaboratore and above)
    if (vu.role === 'Utente') {
      if (r < 0.5) await timed('menu', 'GET', '/api/menu_items');
      else await timed('own profile', 'GET', `/api/user/users/${vu.userId}`);
      continue;
    }
    // the SuperAdmin looks after the studios and their users
    if (vu.role === 'SuperAdmin') {
      if (r < 0.5)
        await timed(
          'list studios',
          'GET',
          `/api/list/Studio/StudioResourceListCollection${qs({ page: 1, items_per_page: 50, search_text: pick(['studio', 'demo', 'carico']) })}`,
        );
      else
        await timed(
          'list users',
          'GET',
          `/api/list/User/UserResourceListCollection${qs({ page: 1, items_per_page: 50 })}`,
        );
      continue;
    }
    // lists with search and filters, most of the time
    if (r < 0.35) {
      const filters =
        Math.random() < 0.5
          ? [{ name: 'ceased', type: 'OR', val: [0], glue: 'and' }]
          : [
              { name: 'city', type: 'OR', val: ['Milano', 'Roma'], glue: 'and' },
              { name: 'ceased', type: 'OR', val: [0], glue: 'and' },
            ];
      await timed(
        'list customers',
        'GET',
        `/api/list/Customer/CustomerResourceListCollection${qs({ search_text: pick(SEARCHES), page: 1, items_per_page: 50, sort: 'business_name', order: 'asc', filters })}`,
      );
      continue;
    }
    if (r < 0.45) {
      await timed('open customer', 'GET', `/api/customers/${pick(vu.all)}`);
      if (Math.random() < 0.3)
        await timed(
          'list transactions',
          'GET',
          `/api/list/Transaction/TransactionResourceListCollection${qs({ page: 1, items_per_page: 50, filters: [{ name: 'customer_id', type: 'OR', val: [pick(vu.all)], glue: 'and' }] })}`,
        );
      continue;
    }
    const own = vu.own;
    const choice = Math.random();
    if (choice < 0.25) {
      // open and save with the version read
      const id = pick(own);
      const got = await timed('open customer', 'GET', `/api/customers/${id}`);
      if (!got) continue;
      const rec = got.json().data;
      const token = `load-${vu.n}-${iteration}`;
      const { balance: _b, ...body } = rec;
      const saved = await timed('save customer', 'PUT', `/api/customers/${id}`, { ...body, note: token });
      if (saved) {
        acked.saves.set(id, token);
        acked.saveTokens.push({ id, token });
      }
    } else if (choice < 0.35) {
      const ids = [pick(own), pick(own), pick(own)].filter((x, i, a) => a.indexOf(x) === i);
      // years of the product's range, some generated again: the service must not post them twice
      const year = 2100 + ((vu.n * 37 + iteration) % 100);
      const res = await timed('bulk installments', 'POST', '/api/generate_credit_transactions', {
        customer_ids: ids,
        year,
      });
      if (res) acked.installments.push({ ids, year });
    } else if (choice < 0.42 && may('Admin')) {
      await timed('bulk yearly amount', 'POST', '/api/update_yearly_accounting_amount', {
        customers_ids: own.slice(0, 5),
        yearly_accounting_amount_change_percentage: iteration % 2 ? 1 : -1,
      });
    } else if (choice < 0.48 && may('Admin')) {
      await timed('bulk balancer', 'POST', '/api/annual_balancer/actions/do', {
        customersData: own.slice(0, 5).map((id) => ({ id, year: YEAR })),
      });
    } else if (choice < 0.55 && vu.service) {
      await timed(
        'document bollettino',
        'GET',
        `/api/bollettino/actions/download_pdf${qs({ customers_ids: JSON.stringify([pick(own)]), amount: '123.45', studio_service_id: vu.service })}`,
      );
    } else if (choice < 0.6) {
      await timed(
        'document zip 20 balances',
        'GET',
        `/api/account_balance_pdf${qs({ customer_ids: JSON.stringify(vu.all.slice(0, 20)), from: `${YEAR}-01-01`, to: `${YEAR}-12-31` })}`,
      );
    } else if (choice < 0.66) {
      const res = await timed(
        'mail account balance',
        'GET',
        `/api/send_account_balance_mail${qs({ customer_ids: JSON.stringify([pick(own)]), from: `${YEAR}-01-01`, to: `${YEAR}-12-31` })}`,
      );
      if (res) acked.mails++;
    } else if (choice < 0.76) {
      const customerId = pick(own);
      const month = 1 + (iteration % 12);
      const year = YEAR;
      const quantity = 1 + (iteration % 9);
      const res = await timed('payslip insert', 'POST', '/api/cedolini', {
        customerData: [{ customerId, business_name: 'x', cedoliniQuantity: quantity, month, year }],
      });
      if (res) acked.payslips.push({ customerId, month, year, quantity });
    } else if (choice < 0.88 && vu.jobs.length) {
      const job = pick(vu.jobs);
      const task = pick(job.tasks);
      const customer = pick(own);
      const cell = `${job.id}-${task}-${customer}-${YEAR}`;
      const status = acked.jobs.get(cell)?.status === 1 ? 0 : 1;
      const res = await timed(
        'jobs toggle',
        'POST',
        `/api/studio_jobs_status/${job.id}/task/${task}/customers/${customer}/year/${YEAR}/actions/change_state`,
        { status, note: `load ${vu.n}` },
      );
      if (res) acked.jobs.set(cell, { status, key: [job.id, task, customer, YEAR] });
    } else if (vu.service && vu.billable.length) {
      // an e-invoice with the suggested number; two users of a studio may race for one number (422), then it asks again
      for (let attempt = 0; attempt < 5; attempt++) {
        const num = await timed('e-invoice number', 'GET', `/api/edocuments_suggested_number${qs({ year: YEAR })}`);
        if (!num) break;
        const res = await timed(
          'e-invoice save',
          'POST',
          '/api/edocument',
          {
            studioId: vu.studioId,
            customerId: pick(vu.billable),
            documentType: 'TD01',
            documentDate: `${YEAR}-06-15`,
            documentNumber: num.json().data,
            serviceRows: [
              { description: 'Consulenza', quantity: 1, price: '100.00', vat: 22, studio_service_id: vu.service },
            ],
          },
          [201, 422],
        );
        if (!res) break;
        if (res.status === 201) {
          acked.invoices.push(Number(res.json().data.eDocumentId));
          break;
        }
        if (!/numero/i.test(res.body)) {
          fail('e-invoice save', `422 ${res.body.slice(0, 160)}`);
          break;
        }
        conflicts++;
      }
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
