/**
 * List benchmark: the Customer list through the server's HTTP interface versus the same SQL
 * run directly on the database (target: server ≤ 1.3 × direct + 2 ms).
 *
 *   npm run bench:list                                                     # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:list   # PostgreSQL
 *
 * Env: BENCH_STUDIOS (100), BENCH_CUSTOMERS (1000 per studio), BENCH_RUNS (200), BENCH_WARMUP (20),
 * BENCH_SEARCH (s.r.l), BENCH_CLIENT (fetch | http), BENCH_BREAKDOWN (1: also time the stages of a
 * request, 0: off).
 * It prints figures and PASS/FAIL; it does not throw when the target is missed.
 * See bench/README.md.
 */
import { freshPostgres } from '../tests/helpers/freshPostgres.js';
import { rng } from '../server/db/demo.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { loadSettings, type Settings } from '../server/settings.js';
import { openDatabase, type Database } from '../server/db/connection.js';
import { buildApp } from '../server/app.js';
import { execOn } from '../server/records/exec.js';
import { bootstrap } from '../server/db/bootstrap.js';
import { hashPassword } from '../server/auth/password.js';
import { personFiscalCode, vatNumber } from '../server/db/demo.js';
import { buildListQuery, listRecords, parseListParams } from '../server/records/list.js';
import { Tokens } from '../server/auth/tokens.js';
import { Sessions } from '../server/auth/session.js';
import type { Ctx } from '../server/auth/context.js';
import type { RoleName } from '../model/define.js';
import { modelByName } from '../model/registry.js';
import { int } from './common.js';

// ---------------------------------------------------------------- settings

const STUDIOS = int('BENCH_STUDIOS', 100);
const CUSTOMERS = int('BENCH_CUSTOMERS', 1000);
const RUNS = int('BENCH_RUNS', 200);
const WARMUP = int('BENCH_WARMUP', 20, 0);
const SEARCH = process.env.BENCH_SEARCH || 's.r.l';
const BREAKDOWN = process.env.BENCH_BREAKDOWN !== '0';
/** HTTP client of the timed requests: Node's fetch (default) or node:http with a keep-alive agent. */
// node:http with keep-alive by default: the client runs in the server's process, and fetch's own
// cost (≈0.3–0.6 ms a call) would be counted as server time
const CLIENT: 'fetch' | 'http' = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http';
export const PASSWORD = 'Bench2026!';
const JWT_SECRET = 'bench-secret-'.padEnd(48, 'x');

const MODEL = modelByName.get('Customer')!;
export const COLLECTION = 'CustomerResourceListCollection';
const FILTERS = [
  { name: 'ceased', type: 'OR', val: [0] },
  { name: 'acquisition_date', type: 'gte', val: '2015-01-01' },
];
/** The list call, as the browser sends it (query-string values are strings). */
export const QUERY: Record<string, string> = {
  items_per_page: '200',
  search_text: SEARCH,
  filters: JSON.stringify(FILTERS),
  sort_by: 'business_name',
};
export const LIST_PATH = `/api/list/Customer/${COLLECTION}?${new URLSearchParams(QUERY).toString()}`;

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- data

const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
  'Sala',
  'De Angelis',
  'Gatti',
  'Pellegrini',
  'Palumbo',
  'Sanna',
  'Farina',
  'Rizzi',
  'Monti',
  'Cattaneo',
];
const MALE = [
  'Marco',
  'Giuseppe',
  'Luca',
  'Francesco',
  'Alessandro',
  'Andrea',
  'Matteo',
  'Lorenzo',
  'Davide',
  'Stefano',
  'Paolo',
  'Roberto',
  'Giovanni',
  'Antonio',
  'Fabio',
  'Simone',
  'Riccardo',
  'Emanuele',
  'Claudio',
  'Massimo',
];
const FEMALE = [
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Laura',
  'Valentina',
  'Elena',
  'Anna',
  'Martina',
  'Silvia',
  'Paola',
  'Federica',
  'Alessia',
  'Roberta',
  'Maria',
  'Elisa',
  'Barbara',
  'Cristina',
  'Monica',
  'Daniela',
];
const CITIES: Array<[string, string, string, string]> = [
  ['Roma', '00184', 'RM', 'H501'],
  ['Milano', '20121', 'MI', 'F205'],
  ['Torino', '10121', 'TO', 'L219'],
  ['Napoli', '80133', 'NA', 'F839'],
  ['Bologna', '40121', 'BO', 'A944'],
  ['Firenze', '50123', 'FI', 'D612'],
  ['Bari', '70121', 'BA', 'A662'],
  ['Verona', '37121', 'VR', 'L781'],
  ['Padova', '35122', 'PD', 'G224'],
  ['Brescia', '25121', 'BS', 'B157'],
  ['Parma', '43121', 'PR', 'G337'],
  ['Modena', '41121', 'MO', 'F257'],
  ['Perugia', '06121', 'PG', 'G478'],
  ['Pescara', '65121', 'PE', 'G482'],
  ['Trento', '38122', 'TN', 'L378'],
  ['Lecce', '73100', 'LE', 'E506'],
  ['Genova', '16121', 'GE', 'D969'],
  ['Palermo', '90133', 'PA', 'G273'],
  ['Catania', '95121', 'CT', 'C351'],
  ['Venezia', '30121', 'VE', 'L736'],
  ['Bergamo', '24121', 'BG', 'A794'],
  ['Vicenza', '36100', 'VI', 'L840'],
  ['Ancona', '60121', 'AN', 'A271'],
  ['Cagliari', '09124', 'CA', 'B354'],
];
const STREETS = [
  'Via Roma',
  'Corso Italia',
  'Via Garibaldi',
  'Via Mazzini',
  'Piazza della Repubblica',
  'Via Dante',
  'Viale Europa',
  'Via Cavour',
  'Via Verdi',
  'Corso Vittorio Emanuele II',
  'Via XX Settembre',
  'Via Marconi',
  'Viale della Libertà',
  'Via Manzoni',
  'Via Leopardi',
];
const SECTORS = [
  'Costruzioni',
  'Impianti Elettrici',
  'Trasporti',
  'Consulenze',
  'Ristorazione',
  'Informatica',
  'Arredamenti',
  'Immobiliare',
  'Commercio',
  'Servizi',
  'Logistica',
  'Meccanica',
  'Abbigliamento',
  'Farmaceutica',
  'Agricola',
  'Edilizia',
  'Tipografia',
  'Ottica',
  'Autofficina',
  'Studio Tecnico',
  'Termoidraulica',
  'Serramenti',
  'Pasticceria',
  'Alimentari',
  'Marmi',
  'Ceramiche',
  'Viaggi',
  'Elettronica',
  'Carpenteria',
  'Giardinaggio',
];
const PREFIXES = [
  'Nuova ',
  'Euro',
  'Tecno',
  'Italia ',
  'Global ',
  'Centro ',
  'Gruppo ',
  'Eco',
  'Idea ',
  'Sud ',
  'Nord ',
];
/** [cod, description, weight, suffix of the business name] */
const LEGAL_STATUSES: Array<[string, string, number, string]> = [
  ['SRL', 'Società a responsabilità limitata', 38, 'S.r.l.'],
  ['SRLS', 'Società a responsabilità limitata semplificata', 12, 'S.r.l.s.'],
  ['SPA', 'Società per azioni', 3, 'S.p.A.'],
  ['SAS', 'Società in accomandita semplice', 8, 's.a.s.'],
  ['SNC', 'Società in nome collettivo', 8, 's.n.c.'],
  ['DI', 'Ditta individuale', 16, ''],
  ['LP', 'Libero professionista', 9, ''],
  ['ASS', 'Associazione', 3, ''],
  ['COOP', 'Società cooperativa', 3, 'Soc. Coop.'],
];
const STATUS_WEIGHT = LEGAL_STATUSES.reduce((s, l) => s + l[2], 0);
const FEES = [480, 600, 750, 900, 1200, 1500, 1800, 2400, 3000, 3600, 4800, 6000, 7200, 9600];
const INSTALLMENTS = [1, 2, 3, 4, 12];
const SDI = ['M5UXCR1', 'KRRH6B9', 'SUBM70N', 'T04ZHR3', 'USAL8PV', 'W7YVJK9', 'BA6ET11'];
const NOTES = [
  'Cliente con contabilità semplificata; documenti consegnati a fine mese.',
  'Contabilità ordinaria, bilancio a cura dello studio.',
  'Regime forfettario: verificare i limiti di ricavi ogni anno.',
  'Paghe e contributi per 4 dipendenti.',
];

type Row = unknown[];
type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Runs `fn` in one transaction on the driver's own client (fast bulk inserts). */
async function inDriverTransaction(database: Database, fn: (q: Query) => Promise<void>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = (database.db as any).$client;
  if (database.kind === 'postgres') {
    const conn: pg.PoolClient = await (client as pg.Pool).connect();
    try {
      await conn.query('BEGIN');
      await fn(async (t, p) => (await conn.query(t, p)).rows);
      await conn.query('COMMIT');
    } catch (e) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      conn.release();
    }
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await client.transaction(async (tx: any) => fn(async (t, p) => (await tx.query(t, p)).rows));
}

/** Multi-row INSERT in chunks of at most ~30,000 parameters; the returned rows of RETURNING, in order. */
async function bulkInsert(q: Query, table: string, cols: string[], rows: Row[], returning = '') {
  const out: Record<string, unknown>[] = [];
  const per = Math.max(1, Math.floor(30_000 / cols.length));
  const head = `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES `;
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const params: unknown[] = [];
    const tuples = chunk.map(
      (r) =>
        `(${r
          .map((v) => {
            params.push(v);
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    const res = await q(head + tuples.join(', ') + (returning ? ` RETURNING ${returning}` : ''), params);
    out.push(...res);
  }
  return out;
}

interface Seeded {
  studioIds: number[];
  adminEmails: string[];
  customers: number;
  seconds: number;
}

export async function seed(database: Database): Promise<Seeded> {
  const t0 = performance.now();
  const roles = await bootstrap(execOn(database.db));
  const password = await hashPassword(PASSWORD);
  const rand = rng(20260301);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)];
  const status = () => {
    let x = rand() * STATUS_WEIGHT;
    for (let i = 0; i < LEGAL_STATUSES.length; i++) {
      x -= LEGAL_STATUSES[i][2];
      if (x < 0) return i;
    }
    return 0;
  };
  const isoDate = (y0: number, years: number) =>
    new Date(Date.UTC(y0 + Math.floor(rand() * years), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)))
      .toISOString()
      .slice(0, 10);
  const expire = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const width = Math.max(3, String(STUDIOS).length);
  const studioName = (i: number) => `Studio ${pick(SURNAMES)} & Associati ${pad(i + 1, width)}`;
  const adminEmail = (i: number) => `admin@studio${pad(i + 1, width)}.bench`;
  let customers = 0;
  const studioIds: number[] = [];

  await inDriverTransaction(database, async (q) => {
    const studios = await bulkInsert(
      q,
      'studios',
      [
        'name',
        'email',
        'address',
        'vat_number',
        'iban',
        'status',
        'subscription_expire_date',
        'manager_name',
        'manager_surname',
      ],
      Array.from({ length: STUDIOS }, (_, i) => {
        const city = pick(CITIES);
        return [
          studioName(i),
          `info@studio${pad(i + 1, width)}.bench`,
          `${pick(STREETS)} ${1 + i}, ${city[1]} ${city[0]} (${city[2]})`,
          vatNumber(8_000_000 + i),
          'IT60X0542811101000000123456',
          1,
          expire,
          pick(MALE),
          pick(SURNAMES),
        ];
      }),
      '"id"',
    );
    studioIds.push(...studios.map((r) => Number(r.id)));

    await bulkInsert(
      q,
      'users',
      ['studio_id', 'role_id', 'name', 'cognome', 'email', 'password', 'active', 'credit'],
      studioIds.map((sid, i) => [sid, roles.Admin, pick(MALE), pick(SURNAMES), adminEmail(i), password, true, 0]),
    );

    // legal statuses: the nine forms of every studio
    const statusRows = await bulkInsert(
      q,
      'legal_statuses',
      ['studio_id', 'cod', 'description'],
      studioIds.flatMap((sid) => LEGAL_STATUSES.map(([cod, description]) => [sid, cod, description])),
      '"id"',
    );
    const statusIds = (s: number) =>
      statusRows.slice(s * LEGAL_STATUSES.length, (s + 1) * LEGAL_STATUSES.length).map((r) => Number(r.id));

    // legal representatives: one for about every four customers
    const repsPerStudio = Math.max(5, Math.ceil(CUSTOMERS / 4));
    type Rep = { name: string; surname: string; fiscal: string; city: (typeof CITIES)[number] };
    for (let s = 0; s < studioIds.length; s++) {
      const sid = studioIds[s];
      const reps: Rep[] = [];
      const repRows: Row[] = [];
      for (let i = 0; i < repsPerStudio; i++) {
        const female = rand() < 0.45;
        const name = pick(female ? FEMALE : MALE);
        const surname = pick(SURNAMES);
        const city = pick(CITIES);
        const birth = new Date(
          Date.UTC(1945 + Math.floor(rand() * 55), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
        );
        const fiscal = personFiscalCode(surname, name, birth, female, city[3]);
        const slug = `${name}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '');
        reps.push({ name, surname, fiscal, city });
        repRows.push([
          sid,
          `LR${pad(i + 1, 5)}`,
          name,
          surname,
          fiscal,
          `${pick(STREETS)} ${1 + Math.floor(rand() * 150)}`,
          Number(city[1]),
          city[0],
          `${slug}${i}@pec.bench`,
          `+39 3${pad(Math.floor(rand() * 1e9), 9)}`,
          `${slug}${i}@mail.bench`,
        ]);
      }
      const repIds = (
        await bulkInsert(
          q,
          'legal_representatives',
          [
            'studio_id',
            'cod',
            'name',
            'surname',
            'fiscal_code',
            'address',
            'postal_code',
            'city',
            'pec',
            'mobile_number',
            'email',
          ],
          repRows,
          '"id"',
        )
      ).map((r) => Number(r.id));
      const stIds = statusIds(s);

      const rows: Row[] = [];
      for (let i = 0; i < CUSTOMERS; i++) {
        const repIdx = Math.floor(rand() * reps.length);
        const rep = reps[repIdx];
        const st = status();
        const [form, , , suffix] = LEGAL_STATUSES[st];
        const person = form === 'DI' || form === 'LP';
        const city = rand() < 0.7 ? rep.city : pick(CITIES);
        let business: string;
        if (form === 'DI') business = `${rep.surname} ${rep.name} — ${pick(SECTORS)}`;
        else if (form === 'LP')
          business = `${pick(['Dott.', 'Avv.', 'Ing.', 'Arch.', 'Geom.', 'Rag.'])} ${rep.name} ${rep.surname}`;
        else if (form === 'ASS')
          business = `Associazione ${pick(['Culturale', 'Sportiva', 'Musicale', 'di Volontariato'])} ${pick(SURNAMES)} ${city[0]}`;
        else {
          const r = rand();
          const core =
            r < 0.45
              ? `${pick(SURNAMES)} ${pick(SECTORS)}`
              : r < 0.65
                ? `${pick(SURNAMES)} & ${pick(SURNAMES)}`
                : r < 0.85
                  ? `${pick(PREFIXES)}${pick(SECTORS)}`
                  : `${pick(SECTORS)} ${city[0]}`;
          business = `${core} ${suffix}`.trim();
        }
        customers++;
        const vat = vatNumber(customers);
        const slug = business
          .toLowerCase()
          .replace(/[^a-z]+/g, '')
          .slice(0, 20);
        const amount =
          rand() < 0.7 ? pick(FEES) : Math.round((300 + rand() * 11_700) / 10) * 10 + (rand() < 0.2 ? 0.5 : 0);
        const deleted = rand() < 0.02 ? `${isoDate(2024, 2)} 10:00:00` : null;
        rows.push([
          sid,
          `C${pad(i + 1, 5)}`,
          business,
          vat,
          person ? rep.fiscal : vat,
          `${pick(STREETS)} ${1 + Math.floor(rand() * 200)}`,
          city[1],
          city[0],
          `${slug}${i}@pec.bench`,
          `+39 0${pad(Math.floor(rand() * 1e9), 9)}`,
          rand() < 0.6 ? `+39 3${pad(Math.floor(rand() * 1e9), 9)}` : null,
          `${slug}${i}@mail.bench`,
          rand() < 0.3 ? pick(NOTES) : null,
          pick(INSTALLMENTS),
          amount,
          rand() < 0.4 ? pick([12, 15, 18, 20, 25]) : 0,
          isoDate(2005, 21),
          rand() < 0.5 ? 1 : 0,
          rand() < 0.5 ? '0000000' : pick(SDI),
          rand() < 0.08 ? 1 : 0,
          repIds[repIdx],
          rand() < 0.97 ? stIds[st] : null,
          deleted,
        ]);
      }
      await bulkInsert(
        q,
        'customers',
        [
          'studio_id',
          'cod',
          'business_name',
          'vat_id',
          'fiscal_code',
          'address',
          'postal_code',
          'city',
          'pec',
          'telephone',
          'mobile_number',
          'email',
          'note',
          'yearly_number_of_installments',
          'yearly_accounting_amount',
          'cedolino_rate',
          'acquisition_date',
          'money_laundering_module_av1_enable_default_values',
          'sdi_code',
          'ceased',
          'legal_representative_id',
          'legal_status_id',
          'deleted_at',
        ],
        rows,
      );
    }
  });
  await database.query('ANALYZE');
  return {
    studioIds,
    adminEmails: studioIds.map((_, i) => adminEmail(i)),
    customers,
    seconds: (performance.now() - t0) / 1000,
  };
}

// ---------------------------------------------------------------- database

// ---------------------------------------------------------------- statistics

const quantile = (sorted: number[], q: number) => {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
};
interface Stats {
  runs: number;
  median: number;
  p95: number;
  min: number;
  mean: number;
}
const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    runs: s.length,
    median: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    min: s[0],
    mean: s.reduce((a, b) => a + b, 0) / s.length,
  };
};
const r2 = (n: number) => Math.round(n * 100) / 100;
const ms = (n: number) => n.toFixed(2).padStart(8);
const mb = (n: number) => Math.round(n / 1024 / 1024);

// ---------------------------------------------------------------- HTTP client

type Get = (path: string, headers?: Record<string, string>) => Promise<{ status: number; body: string }>;

/** A GET on `origin` that reads the whole body, with the client chosen by BENCH_CLIENT. */
function httpClient(origin: string): { get: Get; close: () => void } {
  if (CLIENT === 'fetch') {
    return {
      get: async (path, headers) => {
        const res = await fetch(origin + path, { headers });
        return { status: res.status, body: await res.text() };
      },
      close: () => undefined,
    };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  return {
    get: (path, headers) =>
      new Promise((resolveGet, reject) => {
        http
          .get({ host: hostname, port, path, agent, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolveGet({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
            );
            res.on('error', reject);
          })
          .on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------- breakdown

/** Times `fn` alone, `RUNS` times after `WARMUP`. */
async function timeAlone(fn: () => Promise<unknown>): Promise<Stats> {
  const xs: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    await fn();
    if (i >= WARMUP) xs.push(performance.now() - t0);
  }
  return stats(xs);
}

interface BreakdownInput {
  database: Database;
  settings: Settings;
  authorization: string;
  ctx: Ctx;
  mainSql: SQL;
  direct: () => Promise<unknown>;
}

/**
 * Diagnostics: (a) the phases of the same GET, timed by Fastify hooks on a twin of the app
 * (the measured app has no hooks added); (b) each stage of a request timed alone.
 */
async function whereTheTimeGoes({ database, settings, authorization, ctx, mainSql, direct }: BreakdownInput) {
  const twin = await buildApp(settings, database, { logger: false });
  const mark: Record<string, number> = {};
  // added after buildApp's own hooks, so each runs after them: helmet (onRequest), auth (preHandler)
  twin.addHook('onRequest', async () => {
    mark.onRequest = performance.now();
  });
  twin.addHook('preHandler', async () => {
    mark.authDone = performance.now();
  });
  twin.addHook('preSerialization', async (_req, _reply, payload) => {
    mark.handlerDone = performance.now();
    return payload;
  });
  twin.addHook('onSend', async (_req, _reply, payload) => {
    mark.serialized = performance.now();
    return payload;
  });
  twin.addHook('onResponse', async () => {
    mark.onResponse = performance.now();
  });
  await twin.listen({ port: 0, host: '127.0.0.1' });
  const phases: Array<[string, string]> = [
    ['request', `${CLIENT} sends, Fastify parses, routes, helmet`],
    ['auth', 'auth preHandler: JWT + user query (+ permissions, cached)'],
    ['handler', 'handler: parse params, build SQL, run it, shape rows'],
    ['serialize', 'JSON serialization of the answer'],
    ['send', 'writing the answer to the socket'],
    ['receive', `${CLIENT} receives and reads the body`],
    ['total', 'total, as the client sees it'],
  ];
  const acc: Record<string, number[]> = Object.fromEntries(phases.map(([k]) => [k, []]));
  try {
    const client = httpClient(`http://127.0.0.1:${(twin.server.address() as AddressInfo).port}`);
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      await client.get(LIST_PATH, { authorization });
      const t1 = performance.now();
      if (i < WARMUP) continue;
      acc.request.push(mark.onRequest - t0);
      acc.auth.push(mark.authDone - mark.onRequest);
      acc.handler.push(mark.handlerDone - mark.authDone);
      acc.serialize.push(mark.serialized - mark.handlerDone);
      acc.send.push(mark.onResponse - mark.serialized);
      acc.receive.push(t1 - mark.onResponse);
      acc.total.push(t1 - t0);
    }
    client.close();
  } finally {
    await twin.close();
  }
  const ph = Object.fromEntries(phases.map(([k]) => [k, stats(acc[k])])) as Record<string, Stats>;

  const exec = execOn(database.db);
  const tokens = new Tokens(settings.jwtSecret, settings.tokenHours);
  const sessions = new Sessions(tokens, exec);
  const fakeReq = { headers: { authorization } } as unknown as Parameters<Sessions['authenticate']>[0];
  const token = authorization.slice('Bearer '.length);
  const answer = await listRecords(exec, ctx, MODEL, COLLECTION, QUERY);
  const app = await buildApp(settings, database, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = httpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  const stages: Array<[string, string, () => Promise<unknown>]> = [
    ['direct', 'list SQL on the driver (the measured "direct")', direct],
    ['drizzle', 'list SQL through drizzle db.execute', () => exec(mainSql)],
    [
      'engine',
      'listRecords in-process (parse+build+SQL+shape)',
      () => listRecords(exec, ctx, MODEL, COLLECTION, QUERY),
    ],
    ['authenticate', 'Sessions.authenticate (JWT + user query)', () => sessions.authenticate(fakeReq)],
    ['jwt', 'JWT verify alone (jose, HS256)', () => tokens.verify(token)],
    ['json', 'JSON.stringify of the answer', async () => JSON.stringify(answer)],
    [
      'http_floor',
      `HTTP floor: ${CLIENT} GET /api/var/client_var (no auth, no DB)`,
      () => client.get('/api/var/client_var'),
    ],
    ['http_auth', `HTTP + auth: ${CLIENT} GET /api/menu_items`, () => client.get('/api/menu_items', { authorization })],
  ];
  const st: Record<string, Stats> = {};
  try {
    for (const [k, , fn] of stages) st[k] = await timeAlone(fn);
  } finally {
    client.close();
    await app.close();
  }

  console.log('');
  console.log('where the time goes (diagnostic, after the measurement; median / p95 ms)');
  console.log('a) phases of the same GET, from Fastify hooks on a twin of the app:');
  for (const [k, label] of phases) console.log(`   ${label.padEnd(60)} ${ms(ph[k].median)} ${ms(ph[k].p95)}`);
  console.log('b) stages timed alone:');
  for (const [k, label] of stages) console.log(`   ${label.padEnd(60)} ${ms(st[k].median)} ${ms(st[k].p95)}`);
  const round = (x: Stats) => ({ median: r2(x.median), p95: r2(x.p95) });
  return {
    phases: Object.fromEntries(phases.map(([k, label]) => [k, { label, ...round(ph[k]) }])),
    stages: Object.fromEntries(stages.map(([k, label]) => [k, { label, ...round(st[k]) }])),
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  const kind = baseUrl ? 'postgres' : 'pglite';
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanup = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((e) => console.error('cleanup:', (e as Error).message));
  };
  process.once('SIGINT', () => {
    void cleanup().finally(() => process.exit(130));
  });

  try {
    console.log(
      `List benchmark on ${kind}: ${STUDIOS} studios × ${CUSTOMERS.toLocaleString('en')} customers, ${RUNS} runs after ${WARMUP} warm-up, HTTP client ${CLIENT}`,
    );
    let database: Database;
    if (baseUrl) {
      const fresh = await freshPostgres(baseUrl, 'bench');
      cleanups.push(fresh.drop);
      console.log(`fresh database ${new URL(fresh.url).pathname.slice(1)} (dropped at the end)`);
      database = await openDatabase({ databaseUrl: fresh.url });
    } else {
      database = await openDatabase({ memory: true });
    }
    cleanups.push(() => database.close());

    const seeded = await seed(database);
    const rssSeeded = process.memoryUsage().rss;
    console.log(
      `seeded ${seeded.studioIds.length} studios, ${seeded.customers.toLocaleString('en')} customers in ${seeded.seconds.toFixed(1)} s (ANALYZE done); RSS ${mb(rssSeeded)} MB`,
    );

    const settings = loadSettings({
      JWT_SECRET,
      DATA_DIR: join(tmpdir(), 'gestionale-bench'),
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv);
    const app = await buildApp(settings, database, { logger: false });
    cleanups.push(() => app.close());
    await app.ready();

    // the admin of a studio in the middle
    const s = Math.floor(seeded.studioIds.length / 2);
    const email = seeded.adminEmails[s];
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
    const token = login.json().access_token as string;
    const authorization = `Bearer ${token}`;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;

    // ctx of that admin, as the server builds it (same permissions)
    const u = (
      await database.query(
        `SELECT u."id", u."name", u."email", u."studio_id", u."role_id", r."name" AS "role", s."name" AS "studio_name"
      FROM "users" u JOIN "roles" r ON r."id" = u."role_id" JOIN "studios" s ON s."id" = u."studio_id" WHERE u."email" = $1`,
        [email],
      )
    )[0];
    const perms = await database.query<{ name: string }>(
      `SELECT p."name" FROM "role_permissions" rp JOIN "permissions" p ON p."id" = rp."permission_id" WHERE rp."role_id" = $1`,
      [u.role_id],
    );
    const ctx: Ctx = {
      userId: Number(u.id),
      name: String(u.name),
      email: String(u.email),
      role: u.role as RoleName,
      studioId: Number(u.studio_id),
      studioName: String(u.studio_name),
      permissions: new Set(perms.map((p) => p.name)),
      jti: 'bench',
    };

    // the same SQL the server runs
    const { main: mainSql } = buildListQuery(MODEL, ctx, COLLECTION, parseListParams(MODEL, QUERY));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const compiled = (database.db as any).dialect.sqlToQuery(mainSql) as { sql: string; params: unknown[] };
    const direct = () => database.query(compiled.sql, compiled.params);
    const client = httpClient(origin);
    cleanups.push(async () => client.close());
    const server = async () => {
      const { status, body } = await client.get(LIST_PATH, { authorization });
      if (status !== 200) throw new Error(`GET ${LIST_PATH}: ${status} ${body.slice(0, 300)}`);
      return body;
    };

    // both must answer the same rows before anything is timed
    const httpBody = JSON.parse(await server()) as { data: Array<{ id: number }>; meta: { total: number } };
    const directRows = await direct();
    const directTotal = directRows.length ? Number(directRows[0].__total) : 0;
    const sameIds = httpBody.data.map((r) => Number(r.id)).join(',') === directRows.map((r) => Number(r.id)).join(',');
    console.log(`studio #${ctx.studioId} (${email}); GET ${LIST_PATH}`);
    console.log(
      `check: server ${httpBody.data.length} rows of ${httpBody.meta.total}, direct SQL ${directRows.length} rows of ${directTotal}, same ids in the same order: ${sameIds ? 'yes' : 'NO'}`,
    );
    if (httpBody.data.length !== directRows.length || httpBody.meta.total !== directTotal || !sameIds) {
      throw new Error('server and direct SQL disagree: the benchmark would compare different work');
    }
    if (directTotal <= Number(QUERY.items_per_page)) {
      console.log(
        `note: only ${directTotal} rows match; choose a BENCH_SEARCH that matches more than ${QUERY.items_per_page} to fill a page`,
      );
    }

    const loadBefore = loadavg()[0];
    // 1. the measurement: server and direct SQL alternate, their order swapped every run, so
    //    drift (GC, caches, other load) hits both alike; nothing else runs in this loop
    const serverTimes: number[] = [];
    const directTimes: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const order: Array<[number[], () => Promise<unknown>]> =
        i % 2
          ? [
              [directTimes, direct],
              [serverTimes, server],
            ]
          : [
              [serverTimes, server],
              [directTimes, direct],
            ];
      for (const [into, fn] of order) {
        const t0 = performance.now();
        await fn();
        const dt = performance.now() - t0;
        if (i >= WARMUP) into.push(dt);
      }
    }
    const rssRuns = process.memoryUsage().rss;
    const loadAfter = loadavg()[0];
    const srv = stats(serverTimes);
    const dir = stats(directTimes);
    const limit = 1.3 * dir.median + 2;
    const pass = srv.median <= limit;
    const limitP95 = 1.3 * dir.p95 + 2;

    console.log('');
    console.log(`                          runs   median ms    p95 ms`);
    console.log(`server (HTTP)            ${String(srv.runs).padStart(5)}  ${ms(srv.median)}  ${ms(srv.p95)}`);
    console.log(`direct SQL               ${String(dir.runs).padStart(5)}  ${ms(dir.median)}  ${ms(dir.p95)}`);
    console.log(
      `ratio median(server)/median(direct): ${(srv.median / dir.median).toFixed(2)}; overhead median(server) − median(direct): ${(srv.median - dir.median).toFixed(2)} ms`,
    );
    console.log(
      `target server ≤ 1.3 × direct + 2 ms (medians): ${srv.median.toFixed(2)} ≤ 1.3 × ${dir.median.toFixed(2)} + 2 = ${limit.toFixed(2)} → ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  same rule on p95 (information only): ${srv.p95.toFixed(2)} ≤ ${limitP95.toFixed(2)} → ${srv.p95 <= limitP95 ? 'pass' : 'fail'}`,
    );
    console.log(`memory RSS: after seeding ${mb(rssSeeded)} MB, after the runs ${mb(rssRuns)} MB`);
    console.log(
      `machine: ${cpus().length} CPUs, load average (1 min) ${loadBefore.toFixed(2)} before the runs, ${loadAfter.toFixed(2)} after${Math.max(loadBefore, loadAfter) > cpus().length ? ' — busy machine: figures are noisy, run again when idle' : ''}`,
    );

    // 2. where the time goes (after the measurement, so it cannot disturb it)
    let breakdown: Record<string, unknown> | undefined;
    if (BREAKDOWN) breakdown = await whereTheTimeGoes({ database, settings, authorization, ctx, mainSql, direct });

    const out = {
      db: kind,
      date: new Date().toISOString(),
      node: process.version,
      client: CLIENT,
      cpus: cpus().length,
      load_avg_1m: { before: r2(loadBefore), after: r2(loadAfter) },
      studios: STUDIOS,
      customers_per_studio: CUSTOMERS,
      customers: seeded.customers,
      seed_seconds: r2(seeded.seconds),
      runs: RUNS,
      warmup: WARMUP,
      studio_id: ctx.studioId,
      url: LIST_PATH,
      rows: directRows.length,
      total: directTotal,
      response_bytes: Buffer.byteLength(JSON.stringify(httpBody)),
      server_ms: { median: r2(srv.median), p95: r2(srv.p95), min: r2(srv.min), mean: r2(srv.mean) },
      direct_ms: { median: r2(dir.median), p95: r2(dir.p95), min: r2(dir.min), mean: r2(dir.mean) },
      ratio: r2(srv.median / dir.median),
      overhead_ms: r2(srv.median - dir.median),
      target: {
        rule: 'median(server) <= 1.3 * median(direct) + 2 ms',
        limit_ms: r2(limit),
        pass,
        p95_limit_ms: r2(limitP95),
        p95_pass: srv.p95 <= limitP95,
      },
      rss_mb: { after_seed: mb(rssSeeded), after_runs: mb(rssRuns) },
      breakdown,
    };
    const file = join(here, 'results', `list-${kind}.json`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nfigures written to ${file}`);
  } finally {
    await cleanup();
  }
}

// run when executed (npm run bench:list), not when imported for its seeding helpers
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
