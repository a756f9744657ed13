/**
 * Customers' area benchmark (issue 50 item 7): the area (`/area-clienti`, HTML rendered by the server)
 * "loads its first screen in < 1 s on a throttled mobile profile (Chromium's CPU ×4 slowdown and a
 * fast-3G network)". Target: first contentful paint of the home page < 1000 ms under that profile.
 *
 *   npm run bench:portal                   (builds first: the server into dist-server/)
 *   BENCH_RUNS=3 npm run bench:portal      (a quick run)
 *
 * The compiled server (`dist-server/main.mjs`, spawned by tests/helpers/serverProcess.ts) starts on a
 * new data folder with the demo data. As the demo Admin, through the API: a document request for a
 * demo customer (two documents), a message of the studio to it, and an invitation of the customer's
 * address to the area; the link is read from the outbox ('Posta in uscita', GET /api/mail_outbox/{id}).
 * Debian's Chromium (playwright-core, the browser tests' flags) in a phone's context — 390×844 CSS px,
 * isMobile, hasTouch, device scale factor 3, it-IT — opens the link and presses its button (the
 * login, not measured). Then each page is loaded WARMUP + RUNS times in each variant, the variants
 * alternated load by load so that drift touches them alike:
 *
 * - throttled: through a CDP session of the tab, `Emulation.setCPUThrottlingRate {rate: 4}` and
 *   `Network.emulateNetworkConditions` with Chrome DevTools' 'Fast 3G' preset (the one DevTools now
 *   calls 'Slow 4G', and Lighthouse's mobile profile, the same numbers): latency 150 ms × 3.75 =
 *   562.5 ms, download 1.6 Mbit/s × 0.9 = 1.44 Mbit/s = 180,000 B/s, upload 750 kbit/s × 0.9 = 675
 *   kbit/s = 84,375 B/s (devtools-frontend core/sdk/NetworkManager.ts, puppeteer's
 *   PredefinedNetworkConditions). Chromium applies the latency to each request: its response is
 *   complete no earlier than 562.5 ms after it was sent (over loopback its headers come at once and
 *   its body after the latency), so each round trip costs 562.5 ms whatever its size;
 * - unthrottled: the baseline, in the same run, same browser and tab: no CPU slowdown, no network
 *   emulation (loopback to the server);
 *
 * and, for each of them: cold — a new navigation started inside the page's previous load, as a tap on
 * one of the area's links does (`location.assign` of the page's address with a parameter of its own,
 * `run=…`, which no page reads), the HTTP cache off (`Network.setCacheDisabled`: the area's script
 * fetched again); warm — the same with the cache on (the script, immutable, from the cache); new tab
 * (the home, the login page and the floor) — the page opened in a new tab of the browser (a bookmark,
 * an address typed), the cache off. The pages themselves are `no-store`: every load reads the page from
 * the server. The first screen after the login is the home reached from the link's page of the same
 * area, in the same tab: the target is read on the cold loads.
 *
 * Each load is timed inside the page, from the navigation's start (its time origin): the first
 * contentful paint (the 'paint' entry), DOMContentLoaded (domContentLoadedEventStart), load
 * (loadEventStart), the document's last byte (responseEnd) and its transferred bytes (transferSize:
 * headers and body as sent; the server does not compress). The resources of each load are listed with
 * Chromium's renderBlockingStatus: a render-blocking one means that the first paint waited on a second
 * round trip — printed as a defect. A fixed loop run in the page after each load checks the CPU
 * slowdown the page actually got.
 *
 * Pages: the home (/area-clienti, the first screen after the login), the requests' list, the request,
 * 'Da pagare', the messages, the studio's documents; logged out, the login page; the floor, a minimal
 * document (one heading, no style, no script) served by the benchmark itself — what any page costs on
 * this machine under the profile; and, a new person each run (a new invitation, a new browser context:
 * nothing cached), the link's page from the e-mail and, after its button, the home page, timed from
 * the button's navigation (the POST, its 303 and the GET: two round trips — information, next to the
 * target's figure).
 *
 * Env: BENCH_RUNS (5), BENCH_WARMUP (1), CHROMIUM_PATH. Prints the figures; exits non-zero when the
 * set-up or a load fails (an error in the page, a page not answered 200, a 429 of the area's rate
 * limits — the benchmark paces its loads under them), never because of the target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { npmStartCommand, spawnServer, STARTED } from '../tests/helpers/serverProcess.js';
import { ACTIVE, apiClient, type ApiClient } from '../tests/e2e/util.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/servers.js';
import { DEMO_LOGINS } from '../server/db/demo.js';
import { PORTAL_PATH } from '../model/portal.js';
import { addDays } from '../model/dates.js';
import { int, median } from './common.js';

const RUNS = int('BENCH_RUNS', 5);
const WARMUP = int('BENCH_WARMUP', 1, 0);
const TARGET_MS = 1_000;
const ADMIN = DEMO_LOGINS.find((l) => l.role === 'Admin' && l.studio === 'Studio Demo')!.email;

/** Chrome DevTools' 'Fast 3G' (now 'Slow 4G'): 150 ms RTT × 3.75, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const NO_NETWORK_EMULATION = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const CPU_SLOWDOWN = 4;

type Profile = 'throttled' | 'unthrottled';
/**
 * cold / warm: a new navigation inside the tab, from the page's previous load (what a tap on a link of
 * the area does), the HTTP cache off / on; new tab: the page opened in a new tab of the same browser
 * (a bookmark, an address typed), the cache off.
 */
type Kind = 'cold' | 'warm' | 'new tab';
const VARIANTS: Array<[Profile, Kind]> = [
  ['throttled', 'cold'],
  ['unthrottled', 'cold'],
  ['throttled', 'warm'],
  ['unthrottled', 'warm'],
];
const NEW_TAB: Array<[Profile, Kind]> = [
  ['throttled', 'new tab'],
  ['unthrottled', 'new tab'],
];

/** What one load measured, in ms from the navigation's start. */
interface Load {
  url: string;
  type: string;
  status: number;
  redirects: number;
  /** the end of the redirect (the POST of the link's button), 0 without one */
  redirectEnd: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  fp: number | null;
  fcp: number | null;
  dcl: number;
  load: number;
  transfer: number;
  decoded: number;
  resources: Array<{ path: string; start: number; end: number; transfer: number; blocking: string; status: number }>;
  /** a fixed loop of JavaScript run after the load: the CPU slowdown seen by the page */
  cpuProbe: number;
}

/** the statuses of /favicon.ico seen */
const favicon = new Set<number>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The area's rate limits (per route and address, fixed windows of a minute; server/areas/portal): the
 * loads are paced under them (at most `limit` in any 61 s), so that no 429 spoils a figure.
 */
const PAGE_LIMIT = 110; // of 120 a minute: the area's pages and its script
const ACCEDI_LIMIT = 50; // of 60: the login page, the link's page
const LINK_POST_LIMIT = 18; // of 20: the link's button
const SCRIPT: [string, number] = ['script', PAGE_LIMIT];
const hits = new Map<string, number[]>();
async function pace(routes: Array<[route: string, limit: number]>) {
  for (;;) {
    const now = Date.now();
    let wait = 0;
    for (const [route, limit] of routes) {
      const recent = (hits.get(route) ?? []).filter((t) => t > now - 61_000);
      hits.set(route, recent);
      if (recent.length >= limit) wait = Math.max(wait, recent[0]! + 61_000 - now);
    }
    if (!wait) break;
    process.stderr.write(`(pausing ${(wait / 1000).toFixed(0)} s under the area's rate limits)\n`);
    await sleep(wait);
  }
  for (const [route] of routes) hits.get(route)!.push(Date.now());
}

/** The timings of the page's current document, once its first contentful paint is there (or 10 s went by). */
async function measure(page: Page): Promise<Load> {
  // no function held in a variable here: tsx's keepNames would wrap it in a helper the page lacks
  return page.evaluate(async () => {
    const fcp = await new Promise<number | null>((resolve) => {
      const seen = performance.getEntriesByName('first-contentful-paint')[0];
      if (seen) return resolve(seen.startTime);
      const obs = new PerformanceObserver((list) => {
        const e = list.getEntriesByName('first-contentful-paint')[0];
        if (e) {
          obs.disconnect();
          resolve(e.startTime);
        }
      });
      obs.observe({ type: 'paint', buffered: true });
      setTimeout(() => {
        obs.disconnect();
        resolve(null);
      }, 10_000);
    });
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
      responseStatus?: number;
    };
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      path: new URL(r.name).pathname,
      start: r.startTime,
      end: r.responseEnd,
      transfer: r.transferSize,
      blocking: (r as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus ?? '?',
      status: (r as PerformanceResourceTiming & { responseStatus?: number }).responseStatus ?? 0,
    }));
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 2_000_000; i++) x = (x + i * 7) % 1_000_003;
    const cpuProbe = performance.now() - t0 + (x < 0 ? 1 : 0);
    return {
      url: location.pathname,
      type: nav.type,
      status: nav.responseStatus ?? 0,
      redirects: nav.redirectCount,
      redirectEnd: nav.redirectEnd,
      requestStart: nav.requestStart,
      responseStart: nav.responseStart,
      responseEnd: nav.responseEnd,
      fp: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      fcp,
      dcl: nav.domContentLoadedEventStart,
      load: nav.loadEventStart,
      transfer: nav.transferSize,
      decoded: nav.decodedBodySize,
      resources,
      cpuProbe,
    };
  });
}

/** A tab of its own with a CDP session for the throttling. */
interface Tab {
  page: Page;
  cdp: CDPSession;
  errors: string[];
}

async function newTab(context: BrowserContext): Promise<Tab> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // a failed resource is reported below, with its address
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() < 400) return;
    // the icon Chromium asks for after the load (the area's pages name none): not the page's
    if (path === '/favicon.ico') favicon.add(r.status());
    else errors.push(`${r.status()}${r.status() === 429 ? ' (rate limit)' : ''} on ${path}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { page, cdp, errors };
}

async function setProfile(tab: Tab, profile: Profile, kind: Kind) {
  await tab.cdp.send('Emulation.setCPUThrottlingRate', { rate: profile === 'throttled' ? CPU_SLOWDOWN : 1 });
  await tab.cdp.send('Network.emulateNetworkConditions', profile === 'throttled' ? FAST_3G : NO_NETWORK_EMULATION);
  await tab.cdp.send('Network.setCacheDisabled', { cacheDisabled: kind !== 'warm' });
}

let runNo = 0;

/**
 * One load of `url` and its timings: a new navigation to an address of its own (`run=…`, a parameter no
 * page reads: never the same address twice), started inside the tab's current page as a link would
 * (a new tab: `tab` is new and blank, the browser navigates).
 */
async function timedLoad(tab: Tab, url: string, profile: Profile, kind: Kind): Promise<Load> {
  const target = `${url}${url.includes('?') ? '&' : '?'}run=${++runNo}`;
  await setProfile(tab, profile, kind);
  if (kind === 'new tab') await tab.page.goto(target, { waitUntil: 'load', timeout: 30_000 });
  else
    await Promise.all([
      tab.page.waitForURL(target, { waitUntil: 'load', timeout: 30_000 }),
      tab.page.evaluate((u) => {
        setTimeout(() => location.assign(u), 0);
      }, target),
    ]);
  const load = await measure(tab.page);
  await setProfile(tab, 'unthrottled', 'warm');
  if (load.status !== 200) throw new Error(`${target}: answered ${load.status}`);
  if (load.type !== 'navigate') throw new Error(`${target}: a navigation of type ${load.type}`);
  if (load.fcp === null) throw new Error(`${target}: no first contentful paint within 10 s of the load`);
  if (tab.errors.length) throw new Error(`errors in the page ${target}: ${tab.errors.join('\n')}`);
  return load;
}

interface Series {
  name: string;
  profile: Profile;
  kind: Kind | 'new person';
  loads: Load[];
}

const series: Series[] = [];
const LINK_PAGE = "link's page (from the e-mail)";
const LINK_HOME = "link's button → home (POST, 303, GET)";
const seriesOf = (name: string, profile: Profile, kind: Series['kind']) => {
  let s = series.find((x) => x.name === name && x.profile === profile && x.kind === kind);
  if (!s) series.push((s = { name, profile, kind, loads: [] }));
  return s;
};

/** The newest invitation in the outbox to `email`: its link's path. */
async function inviteLink(api: ApiClient, email: string): Promise<string> {
  const list = await api.get<{ data: Array<{ id: number; kind: string; to: string[] }> }>('/api/mail_outbox', {
    items_per_page: 50,
  });
  const mail = list.data.find((m) => m.kind === 'portal_invite' && m.to.includes(email));
  if (!mail) throw new Error(`no invitation to ${email} in the outbox`);
  const detail = await api.get<{ data: { body_text: string } }>(`/api/mail_outbox/${mail.id}`);
  const link = new RegExp(`${PORTAL_PATH}/link/[\\w-]+`).exec(detail.data.body_text)?.[0];
  if (!link) throw new Error(`no link in the invitation ${mail.id}: ${detail.data.body_text.slice(0, 300)}`);
  return link;
}

async function invite(api: ApiClient, customer: number, email: string): Promise<string> {
  const res = await api.send('POST', `/api/customer/${customer}/portal/invite`, { emails: email });
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${JSON.stringify(res.body)}`);
  return inviteLink(api, email);
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  locale: 'it-IT',
  timezoneId: 'Europe/Rome',
};

/**
 * The floor, served by the benchmark itself (node:http, nothing read, nothing computed): a minimal
 * document of one heading, no style, no script — what any page costs on this machine under the
 * profile (one round trip, the first paint of the tab).
 */
const FLOOR_HTML = `<!DOCTYPE html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Area clienti</title></head>
<body><h1>Area clienti</h1></body>
</html>
`;
const floorServer = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(FLOOR_HTML);
});
const FLOOR = 'floor: a minimal page (served by the benchmark)';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-portal-'));
const server = spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' }, npmStartCommand());
let browser: Browser | undefined;
let load: number[] = [];
let customerName = '';
let browserVersion = '';
/** the area's Cross-Origin-Opener-Policy (helmet's): it decides whether a page opened in a new tab gets a process of its own */
let coop: string | null = null;
try {
  await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
  const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}/`;
  await server.waitFor(STARTED, 180_000);
  const base = server.url;
  const api = await apiClient(base, ADMIN);
  const head = await fetch(`${base}${PORTAL_PATH}/accedi`);
  await head.arrayBuffer();
  coop = head.headers.get('cross-origin-opener-policy');

  // a demo customer with an address: a request of two documents, the invitation, a message of the studio
  const customers = await api.customers({ filters: [ACTIVE], sort_by: 'business_name' });
  const customer = customers.find((c) => typeof c.email === 'string' && c.email.includes('@'));
  if (!customer) throw new Error('no active demo customer with an e-mail address');
  customerName = customer.business_name;
  const email = String(customer.email).trim().toLowerCase();
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const created = await api.send<{ data: { request_ids: number[] } }>('POST', '/api/portal/requests', {
    customer_ids: [customer.id],
    title: 'Documenti per la dichiarazione',
    due_date: addDays(today, 14),
    items: 'Fatture di acquisto\nEstratto conto',
  });
  if (created.status !== 201) throw new Error(`request: ${created.status} ${JSON.stringify(created.body)}`);
  const requestId = created.body.data.request_ids[0]!;
  const link = await invite(api, customer.id, email);
  const message = await api.send('POST', `/api/customer/${customer.id}/portal/messages`, {
    body: 'Buongiorno, le abbiamo chiesto i documenti per la dichiarazione. Grazie.',
  });
  if (message.status !== 201) throw new Error(`message: ${message.status} ${JSON.stringify(message.body)}`);

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  browserVersion = browser.version();
  const inside = await browser.newContext(PHONE);
  const outside = await browser.newContext(PHONE);
  const LINK_ROUTES: Array<[string, number]> = [
    ['link GET', ACCEDI_LIMIT],
    ['link POST', LINK_POST_LIMIT],
    [PORTAL_PATH, PAGE_LIMIT],
    SCRIPT,
  ];

  // the login through the link (not measured)
  {
    const tab = await newTab(inside);
    await pace(LINK_ROUTES);
    await tab.page.goto(`${base}${link}`);
    await Promise.all([
      tab.page.waitForURL(`${base}${PORTAL_PATH}`),
      tab.page.getByRole('button', { name: "Entra nell'area clienti" }).click(),
    ]);
    if (!(await inside.cookies()).some((c) => c.name === 'gs_area_clienti'))
      throw new Error('no gs_area_clienti cookie after the link');
    // the request is there, with its documents
    await tab.page.goto(`${base}${PORTAL_PATH}/richieste/${requestId}`);
    await tab.page.getByRole('heading', { name: 'Fatture di acquisto' }).waitFor({ timeout: 5_000 });
    if (tab.errors.length) throw new Error(`errors in the page: ${tab.errors.join('\n')}`);
    await tab.page.close();
  }
  load = [loadavg()[0]!];

  const pages: Array<{
    name: string;
    url: string;
    context: BrowserContext;
    routes: (kind: Kind) => Array<[string, number]>;
    newTab?: boolean;
  }> = [
    ...[
      ['home (the first screen)', PORTAL_PATH],
      ['requests', `${PORTAL_PATH}/richieste`],
      ['request (2 documents)', `${PORTAL_PATH}/richieste/${requestId}`],
      ['to pay', `${PORTAL_PATH}/pagamenti`],
      ['messages', `${PORTAL_PATH}/messaggi`],
      ['documents', `${PORTAL_PATH}/documenti`],
    ].map(([name, path]) => ({
      name: name!,
      url: `${base}${path}`,
      context: inside,
      // the page's route, and the area's script when it is not taken from the cache
      routes: (kind: Kind): Array<[string, number]> => [[path!, PAGE_LIMIT], ...(kind === 'warm' ? [] : [SCRIPT])],
      newTab: path === PORTAL_PATH,
    })),
    {
      name: 'login (logged out)',
      url: `${base}${PORTAL_PATH}/accedi`,
      context: outside,
      routes: () => [[`${PORTAL_PATH}/accedi`, ACCEDI_LIMIT]],
      newTab: true,
    },
    { name: FLOOR, url: floorUrl, context: outside, routes: () => [], newTab: true },
  ];
  for (const p of pages) {
    // the tab on the page first (untimed): each load then starts from the page's previous one
    const tab = await newTab(p.context);
    await pace(p.routes('cold'));
    await tab.page.goto(p.url);
    for (let round = 0; round < WARMUP + RUNS; round++) {
      const variants = p.newTab ? [...VARIANTS, ...NEW_TAB] : VARIANTS;
      for (let v = 0; v < variants.length; v++) {
        const [profile, kind] = variants[(v + round) % variants.length]!;
        await pace(p.routes(kind));
        const fresh = kind === 'new tab' ? await newTab(p.context) : null;
        let l: Load;
        try {
          l = await timedLoad(fresh ?? tab, p.url, profile, kind);
        } finally {
          await fresh?.page.close();
        }
        if (l.url !== new URL(p.url).pathname) throw new Error(`${p.url} ended at ${l.url}`);
        if (round >= WARMUP) seriesOf(p.name, profile, kind).loads.push(l);
        process.stderr.write(
          `${p.name}, ${profile} ${kind} ${round < WARMUP ? 'warm-up' : `${round + 1 - WARMUP}/${RUNS}`}: FCP ${l.fcp!.toFixed(0)} ms\n`,
        );
      }
    }
    await tab.page.close();
  }

  // a new person each run (a new invitation, a new context): the link's page, then its button to the home page
  for (let round = 0; round < WARMUP + RUNS; round++) {
    const order: Profile[] = round % 2 ? ['unthrottled', 'throttled'] : ['throttled', 'unthrottled'];
    for (const profile of order) {
      const path = await invite(api, customer.id, email);
      const context = await browser.newContext(PHONE);
      try {
        const tab = await newTab(context);
        await pace(LINK_ROUTES);
        await setProfile(tab, profile, 'cold');
        const res = await tab.page.goto(`${base}${path}`, { waitUntil: 'load' });
        if (!res || res.status() !== 200) throw new Error(`${path}: answered ${res?.status()}`);
        const linkLoad = await measure(tab.page);
        await Promise.all([
          tab.page.waitForURL(`${base}${PORTAL_PATH}`, { waitUntil: 'load' }),
          tab.page.getByRole('button', { name: "Entra nell'area clienti" }).click(),
        ]);
        const home = await measure(tab.page);
        if (home.redirects !== 1)
          throw new Error(`the link's button reached the home page after ${home.redirects} redirects`);
        if (linkLoad.fcp === null || home.fcp === null) throw new Error('no first contentful paint within 10 s');
        if (tab.errors.length) throw new Error(`errors in the page: ${tab.errors.join('\n')}`);
        if (round >= WARMUP) {
          seriesOf(LINK_PAGE, profile, 'new person').loads.push(linkLoad);
          seriesOf(LINK_HOME, profile, 'new person').loads.push(home);
        }
        process.stderr.write(
          `link, ${profile} ${round < WARMUP ? 'warm-up' : `${round + 1 - WARMUP}/${RUNS}`}: link page FCP ${linkLoad.fcp.toFixed(0)} ms, button → home FCP ${home.fcp.toFixed(0)} ms\n`,
        );
      } finally {
        await context.close();
      }
    }
  }
  load.push(loadavg()[0]!);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  if (!server.alive()) console.error(server.output().slice(-3000));
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server.stop();
  floorServer.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (!process.exitCode) report();

function report() {
  const f = (ms: number) => ms.toFixed(0);
  const signed = (ms: number) => (ms < 0 ? `−${f(-ms)}` : `+${f(ms)}`);
  const mm = (xs: number[]) => `${f(median(xs))} (${f(Math.max(...xs))})`.padStart(11);
  const latency = FAST_3G.latency;
  const find = (name: string, kind: Series['kind'], profile: Profile) =>
    series.find((s) => s.name === name && s.kind === kind && s.profile === profile && s.loads.length);
  const fcps = (s: Series) => s.loads.map((l) => l.fcp!);
  console.log(
    `portal benchmark: the customers' area (${PORTAL_PATH}), Chromium ${browserVersion} as a phone (390×844, mobile, touch, ` +
      `device scale factor 3, it-IT), the compiled server on PGlite with the demo data; the customer: ${customerName}`,
  );
  console.log(
    `  throttled: CPU ×${CPU_SLOWDOWN} (Emulation.setCPUThrottlingRate) and DevTools' 'Fast 3G' (now 'Slow 4G') through ` +
      `Network.emulateNetworkConditions: latency ${latency} ms a request, down ${FAST_3G.downloadThroughput} B/s (1.44 Mbit/s), ` +
      `up ${FAST_3G.uploadThroughput} B/s (675 kbit/s)`,
  );
  console.log(
    `  baseline: the same loads unthrottled, in the same run, alternated load by load; cold: HTTP cache disabled; warm: cache on`,
  );
  console.log(
    `  ${RUNS} runs each after ${WARMUP} untimed; ms from the navigation's start, median (max); doc bytes: the document as transferred ` +
      `(headers and body, not compressed); ratio: median FCP throttled / unthrottled`,
  );
  console.log(
    `  ${'page'.padEnd(47)} ${'load'.padEnd(10)} ${'profile'.padEnd(11)} ${'last byte'.padStart(11)} ${'FCP'.padStart(11)} ` +
      `${'DCL'.padStart(11)} ${'load'.padStart(11)}  ${'doc bytes'.padStart(9)}  ${'ratio'.padStart(6)}  FCP < ${TARGET_MS} ms`,
  );
  for (const name of new Set(series.map((s) => s.name))) {
    for (const kind of ['cold', 'warm', 'new tab', 'new person'] as const) {
      const t = find(name, kind, 'throttled');
      const u = find(name, kind, 'unthrottled');
      for (const s of [t, u]) {
        if (!s) continue;
        const ratio = s === t && u ? `${(median(fcps(s)) / median(fcps(u))).toFixed(1)} ×` : '';
        const verdict = s === t && name !== FLOOR ? (median(fcps(s)) < TARGET_MS ? 'PASS' : 'OVER') : '';
        console.log(
          `  ${(s === t ? name : '').padEnd(47)} ${(s === t ? kind : '').padEnd(10)} ${s.profile.padEnd(11)} ` +
            `${mm(s.loads.map((l) => l.responseEnd))} ${mm(fcps(s))} ${mm(s.loads.map((l) => l.dcl))} ${mm(s.loads.map((l) => l.load))}  ` +
            `${String(median(s.loads.map((l) => l.transfer))).padStart(9)}  ${ratio.padStart(6)}  ${verdict}`,
        );
      }
    }
  }
  const home = find('home (the first screen)', 'cold', 'throttled');
  if (home)
    console.log(
      `  TARGET: first contentful paint of the home page (cold) under the throttled profile < ${TARGET_MS} ms: ` +
        `median ${f(median(fcps(home)))} ms, max ${f(Math.max(...fcps(home)))} ms → ${median(fcps(home)) < TARGET_MS ? 'PASS' : 'OVER'}`,
    );

  // what the first paint waited on
  const floor = find(FLOOR, 'cold', 'throttled');
  const paintAfter = (s: Series) => median(s.loads.map((l) => l.fcp! - l.responseEnd));
  console.log(
    `  what the first paint waited on, throttled (paint: FCP − the document's last byte; the floor's: ${floor ? f(paintAfter(floor)) : '?'} ms):`,
  );
  const blocked: string[] = [];
  const kinds: Array<Series['kind']> = ['cold', 'warm', 'new tab', 'new person'];
  const ordered = [...series].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  const names = [...new Set(series.map((s) => s.name))];
  ordered.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  for (const s of ordered.filter((x) => x.profile === 'throttled' && x.name !== FLOOR)) {
    const blocking = new Set<string>();
    const before = new Map<string, string>();
    for (const l of s.loads)
      for (const r of l.resources) {
        if (r.blocking === 'blocking') blocking.add(r.path);
        if (r.start < l.fcp!) before.set(r.path, `${r.transfer > 0 ? 'network' : 'cache'}, ${r.blocking}`);
      }
    const scripts = s.loads.flatMap((l) => l.resources.filter((r) => r.path.endsWith('.js')));
    const fetched = scripts.filter((r) => r.transfer > 0);
    const script = scripts.length
      ? `; the deferred script ${fetched.length ? `over the network in ${fetched.length} of ${s.loads.length} loads` : 'from the cache'}, DCL − FCP ${f(median(s.loads.map((l) => l.dcl - l.fcp!)))} ms`
      : '';
    if (blocking.size) blocked.push(`${s.name} (${s.kind}): ${[...blocking].join(', ')}`);
    console.log(
      `    ${`${s.name}, ${s.kind}`.padEnd(58)} last byte ${f(median(s.loads.map((l) => l.responseEnd)))}, paint ${f(paintAfter(s))} ms; ` +
        `asked before FCP: ${before.size ? [...before].map(([p, how]) => `${p} (${how})`).join(', ') : 'nothing'}; ` +
        `render-blocking: ${blocking.size ? [...blocking].join(', ') : 'none'}${script}`,
    );
  }
  console.log(
    blocked.length
      ? `  DEFECT: a page waits on a second round trip (≥ ${latency} ms) before its first paint: ${blocked.join('; ')}`
      : `  no page waits on a second round trip before its first paint: one response each, styles inline, the one script deferred`,
  );
  const tabbed = find('home (the first screen)', 'new tab', 'throttled');
  const floorTab = find(FLOOR, 'new tab', 'throttled');
  if (home && tabbed && floor && floorTab)
    console.log(
      `  the home opened in a new tab (information): FCP median ${f(median(fcps(tabbed)))} ms, ` +
        `${signed(median(fcps(tabbed)) - median(fcps(home)))} ms against a load in the tab; the floor in a new tab: ` +
        `${signed(median(fcps(floorTab)) - median(fcps(floor)))} ms; the area's Cross-Origin-Opener-Policy: ${coop ?? 'none'}, the floor's: none`,
    );
  const link = find(LINK_HOME, 'new person', 'throttled');
  if (link)
    console.log(
      `  the link's button: its POST answers 303 at ${f(median(link.loads.map((l) => l.redirectEnd)))} ms (median), then the GET of the home: ` +
        `two round trips before the first screen (information; the target is the home's own load)`,
    );
  if (favicon.size)
    console.log(
      `  /favicon.ico, asked by Chromium after the load: ${[...favicon].join(', ')} (not counted; the pages name no icon)`,
    );
  const probe = (p: Profile, k: Series['kind']) =>
    median(series.filter((s) => s.profile === p && s.kind === k).flatMap((s) => s.loads.map((l) => l.cpuProbe)));
  console.log(
    `  CPU check (a fixed loop run in each page after its load), throttled / unthrottled: ` +
      kinds
        .filter((k) => series.some((s) => s.kind === k))
        .map(
          (k) =>
            `${k} ${f(probe('throttled', k))} / ${f(probe('unthrottled', k))} ms (× ${(probe('throttled', k) / probe('unthrottled', k)).toFixed(1)})`,
        )
        .join(', '),
  );
  console.log(
    `  machine: ${cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(2)).join(' before the runs, ')} after`,
  );
  // the browser and the server alone keep the load at about 1–2 on 2 cores: more is other work
  if (Math.max(...load) > 1.5 * cpus().length)
    console.log('  warning: the machine was busy during the runs, the figures are noisy: run again when it is idle');
}
