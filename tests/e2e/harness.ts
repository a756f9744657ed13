/**
 * Browser tests: the real server (built app + API) on a temporary database, driven by
 * playwright-core in Debian's Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freshPostgres } from '../helpers/freshPostgres';

export interface E2EServer { url: string; stop(): Promise<void> }

/** `extraEnv`: settings of this server (e.g. SMTP_URL of a mail server in the test) */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-e2e-'));
  let port = 0;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...extraEnv };
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL, 'e2e');
    env.DATABASE_URL = fresh.url;
    dropDb = fresh.drop;
  }

  // a port the server can bind: below the kernel's ephemeral range (32768+), where the server's own
  // connections to PostgreSQL take their local ports; another try on a new port if it is taken
  let child!: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    port = 20000 + Math.floor(Math.random() * 12000);
    env.PORT = String(port);
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const started = await new Promise<string | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
      const onData = (b: Buffer) => {
        out += b.toString();
        if (out.includes('is running at')) { clearTimeout(timer); resolve(null); }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code) => { clearTimeout(timer); resolve(`server exited ${code}:\n${out}`); });
    });
    if (started === null) break;
    if (!started.includes('EADDRINUSE') || attempt >= 3) throw new Error(started);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (dropDb) await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function login(page: Page, base: string, email: string, password = 'Demo2026!') {
  await page.goto(`${base}/utente/login`);
  await page.getByLabel(/email/i).first().fill(email);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /accedi/i }).click();
  await page.waitForURL(/\/Menu/);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the current page: serious and critical violations; `tags`: only the rules of these tags (e.g. WCAG 2.2 AA). */
export async function axeViolations(page: Page, tags?: string[]): Promise<Array<{ id: string; impact: string; nodes: number; help: string }>> {
  // evaluated through the DevTools protocol: the app's CSP (no inline scripts) stays on
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const res = await page.evaluate(async (only) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'tag', values: only } } : {}) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
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
export interface ConsoleGuard { allow(pattern: RegExp): void; take(): string[] }
export function consoleGuard(context: BrowserContext): ConsoleGuard {
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => { if (m.type() === 'error') seen.push(`${m.text()} (${m.location().url}) on ${p.url()}`); });
    p.on('pageerror', (e) => seen.push(`page error: ${e.message} on ${p.url()}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    allow(pattern) { allowed.push(pattern); },
    take() {
      const out = seen.filter((e) => !allowed.some((r) => r.test(e)));
      seen.length = 0;
      allowed.length = 0;
      return out;
    },
  };
}

/** A browser test's session: the server on demo data, Chromium, one context watched by the console guard, a logged-in page. */
export interface E2ESession { server: E2EServer; browser: Browser; context: BrowserContext; page: Page; guard: ConsoleGuard }
export async function openSession(email: string, viewport = { width: 1400, height: 900 }, env: NodeJS.ProcessEnv = {}): Promise<E2ESession> {
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer(env);
  const browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', viewport });
  const guard = consoleGuard(context);
  const page = await context.newPage();
  await login(page, server.url, email);
  return { server, browser, context, page, guard };
}
export async function closeSession(s: Partial<E2ESession> | undefined) {
  await s?.browser?.close();
  await s?.server?.stop();
}
