/**
 * Browser tests: the real server (built app + API) on a copy of the run's database image, driven
 * by playwright-core in Debian's Chromium. The global set-up (tests/e2e/globalSetup.ts) starts one
 * server and one Chromium per worker; a test file uses its worker's pair (`workerServer()`,
 * `launchBrowser()`), or starts a server of its own from the image when it needs other settings
 * (`ownServer(env)`). Which studio and logins a file uses: tests/e2e/studios.ts (`studioFor`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, expect, inject, vi, type TestContext } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import type {} from './globalSetup'; // the ProvidedContext of the global set-up

export { DEMO_STUDIO, studioFor, SUPERADMIN, type StudioLogins } from './studios';

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

// expect.poll() waits for what the page shows after a click, a save, a search: on a loaded machine
// (two workers, each with a browser and a server, on two cores) that can take more than vitest's
// default second. The deadline only; what is checked is the same.
vi.setConfig({ expect: { poll: { timeout: 15_000 } } });

/** This worker's server and browser (VITEST_POOL_ID: 1…workers, one file at a time each). */
function workerPair() {
  const { workers } = inject('e2e');
  const id = Number(process.env.VITEST_POOL_ID);
  const pair = workers[id - 1];
  if (!pair)
    throw new Error(
      `no browser-test server for VITEST_POOL_ID=${process.env.VITEST_POOL_ID} (${workers.length} started by tests/e2e/globalSetup.ts)`,
    );
  return pair;
}

/** The server of this worker, shared with the files that ran before on it: `stop()` leaves it running. */
export function workerServer(): E2EServer {
  return { url: workerPair().url, stop: async () => undefined };
}

/** A server of this file's own, on a copy of the run's image; `extraEnv`: its settings (e.g. SMTP_URL of a mail server in the test). */
export async function ownServer(extraEnv: NodeJS.ProcessEnv): Promise<E2EServer> {
  // loaded here: the other files need none of the server's modules
  const { serverFromImage } = await import('./servers');
  return serverFromImage(inject('e2e').image, extraEnv);
}

/** The connections of this file to its worker's Chromium (their pages are captured when a test fails). */
const connected = new Set<Browser>();

/** A connection to this worker's Chromium: `close()` closes the contexts it made and disconnects, the browser stays. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.connect(workerPair().ws, { timeout: 30_000 });
  connected.add(browser);
  browser.on('disconnected', () => connected.delete(browser));
  return browser;
}

/**
 * When a test has failed: every open page of `contexts` saved as it was, a screenshot and its
 * HTML (with the ARIA attributes a role query reads), in test-results/failures/ — what a flaky
 * failure looked like, without running it again.
 */
export async function captureFailure(ctx: TestContext, contexts: Iterable<BrowserContext>) {
  if (ctx.task.result?.state !== 'fail') return;
  const dir = join(SHOTS, 'failures');
  mkdirSync(dir, { recursive: true });
  const file = basename(ctx.task.file.filepath).replace(/\.test\.ts$/, '');
  const name = `${file}-${ctx.task.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}`;
  let n = 0;
  for (const c of contexts)
    for (const p of c.pages()) {
      const base = join(dir, `${name}-${++n}`);
      // a page that is closing or hung: what could be saved is saved, the test's own failure is reported
      await p.screenshot({ path: `${base}.png`, timeout: 10_000 }).catch(() => undefined);
      const html = await p.content().catch(() => null);
      if (html !== null) writeFileSync(`${base}.html`, `<!-- ${p.url()} -->\n${html}`);
      console.error(`failure captured: ${base}.png (${p.url()})`);
    }
}
// the pages of the sessions still open after a failed test (openSession's, closed in afterAll)
afterEach(async (ctx) =>
  captureFailure(
    ctx,
    [...connected].flatMap((b) => b.contexts()),
  ),
);

let downloads = 0;
/**
 * A download saved as a file of this machine (the browser is connected to, so `download.path()`
 * is not available): test-results/downloads/<test file>-<n>-<suggested name>; its path.
 */
export async function downloadedFile(d: Download): Promise<string> {
  const file = basename(expect.getState().testPath ?? 'e2e').replace(/\.test\.ts$/, '');
  const path = join(SHOTS, 'downloads', `${file}-${++downloads}-${d.suggestedFilename()}`);
  mkdirSync(dirname(path), { recursive: true });
  await d.saveAs(path);
  return path;
}

// the login page, as a person logs in (in util.ts: the benchmarks use it outside Vitest)
import { login } from './util';
export { login };

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the current page: serious and critical violations; `tags`: only the rules of these tags (e.g. WCAG 2.2 AA). */
export async function axeViolations(
  page: Page,
  tags?: string[],
): Promise<Array<{ id: string; impact: string; nodes: number; help: string }>> {
  // evaluated through the DevTools protocol: the app's CSP (no inline scripts) stays on
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const res = await page.evaluate(async (only) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = await (window as any).axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'tag', values: only } } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
    }));
  }, tags);
  return res.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
}

export const SHOTS = join(process.cwd(), 'test-results');

/**
 * Issue 7 #16: no console error in normal use. Collects every `console.error` and page error of
 * every page of a context; a test that provokes an expected HTTP error (Chromium logs
 * 'Failed to load resource' for it) declares it with `allow`. `take()` returns what was not
 * allowed and starts over (call it in afterEach and expect []).
 */
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
  take(): string[];
}
export function consoleGuard(context: BrowserContext): ConsoleGuard {
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => {
      if (m.type() === 'error') seen.push(`${m.text()} (${m.location().url}) on ${p.url()}`);
    });
    p.on('pageerror', (e) => seen.push(`page error: ${e.message} on ${p.url()}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    allow(pattern) {
      allowed.push(pattern);
    },
    take() {
      const out = seen.filter((e) => !allowed.some((r) => r.test(e)));
      seen.length = 0;
      allowed.length = 0;
      return out;
    },
  };
}

/**
 * Logged-in browser contexts for the tests of a file (`get`: the file's browser and server, once
 * its set-up has run): `open(email)` gives a new context's page, logged in; after each test every
 * context it opened is closed and its console errors fail the test.
 */
export function loggedInContexts(get: () => { browser: Browser; server: E2EServer }) {
  const opened: Array<{ ctx: BrowserContext; guard: ConsoleGuard }> = [];
  afterEach(async (t) => {
    await captureFailure(
      t,
      opened.map((o) => o.ctx),
    );
    const errors = opened.flatMap((o) => o.guard.take());
    await Promise.all(opened.splice(0).map((o) => o.ctx.close()));
    expect(errors, 'console errors').toEqual([]);
  });
  return async function open(email: string, password?: string): Promise<{ page: Page; guard: ConsoleGuard }> {
    const { browser, server } = get();
    const ctx = await browser.newContext({
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      viewport: { width: 1400, height: 900 },
    });
    const guard = consoleGuard(ctx);
    opened.push({ ctx, guard });
    const page = await ctx.newPage();
    await login(page, server.url, email, password);
    return { page, guard };
  };
}

/**
 * A browser test's session: this worker's server (or, with `env`, a server of its own with these
 * settings), a connection to this worker's Chromium, one context watched by the console guard, a
 * logged-in page.
 */
export interface E2ESession {
  server: E2EServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  guard: ConsoleGuard;
}
export async function openSession(
  email: string,
  viewport = { width: 1400, height: 900 },
  env?: NodeJS.ProcessEnv,
): Promise<E2ESession> {
  mkdirSync(SHOTS, { recursive: true });
  const server = env ? await ownServer(env) : workerServer();
  const browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', viewport });
  const guard = consoleGuard(context);
  const page = await context.newPage();
  await login(page, server.url, email);
  return { server, browser, context, page, guard };
}
/** Closes the session's contexts and connection, and its server if it has one of its own. */
export async function closeSession(s: Partial<E2ESession> | undefined) {
  await s?.browser?.close();
  await s?.server?.stop();
}
