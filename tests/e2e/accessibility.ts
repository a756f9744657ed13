/**
 * Every screen accessible (issue 17 item 3): every route of the menu and of the route table, as
 * each role, through axe-core with the WCAG 2.2 AA rules — no serious or critical violation.
 * The routes of a role: its menu (model/menu.ts, as the app filters it), the custom routes of
 * src/routeTable.ts, and per model the list, the new-record form and the card of a real row, the
 * named views, a customer's account statement and saved payslips; the public pages logged out.
 * A screen above the role is refused (the unauthorized dialog, no crash) instead.
 *
 * The checks, registered by the test files accessibility*.test.ts: a few minutes of work in all,
 * split by role so that the workers share it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  consoleGuard,
  launchBrowser,
  login,
  SHOTS,
  studioFor,
  SUPERADMIN,
  workerServer,
  type ConsoleGuard,
  type E2EServer,
} from './harness';
import { addUtente, apiClient, inflight, type ApiClient, type InFlight } from './util';
import { APP_NAME, linksOf, menuOf, SCREEN_TITLES } from './menus';
import { atLeast, type RoleName } from '../../model/define';
import { MODELS, viewByName } from '../../model/registry';
import { ROUTES } from '../../src/routeTable';

const WCAG22AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const UNAUTHORIZED = 'Non sei autorizzato a visualizzare questo contenuto';
/** What shows that a screen crashed or was not found. */
const CRASH = /Qualcosa è andato storto|Pagina NON trovata|Errore nel caricamento/;
/** What shows that a screen opened from its menu entry failed or was refused. */
const FAILURES =
  /Operazione non consentita|Non sei autorizzato|Pagina NON trovata|Errore nel caricamento|Qualcosa è andato storto|Errore nel Salvataggio/;
const APP = APP_NAME;

/**
 * How long a screen is quiet to count as loaded (no request, no progress, nothing fading): 150 ms
 * was tried and saved nothing measurable on the 2-core machine while catching more screens mid-change.
 */
const QUIET_MS = 250;

/**
 * Opens a path (`spa`: through the app's router, as a link would, without loading the app again;
 * `fromHome`: by clicking its card on the home page, as a person opens a menu entry) and waits until
 * the screen has loaded: no request in flight for QUIET_MS, and for as long no progress bar or
 * spinner and no dialog, backdrop or notification fading in or out.
 */
async function visit(p: Page, net: InFlight, base: string, path: string, spa = false, fromHome = false) {
  if (fromHome) {
    // the home page was looked at on its own: here only its card is wanted (the click waits for it)
    if (!p.url().startsWith(base)) await p.goto(`${base}${ROUTES.menu}`);
    else if (new URL(p.url()).pathname !== ROUTES.menu)
      await p.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, ROUTES.menu);
    const card = p.locator(`#main-content a[href="${path}"]`).first();
    await card.waitFor();
    await p.evaluate(() => ((window as unknown as { __quietSince: number }).__quietSince = performance.now()));
    net.touch();
    await card.click();
  } else {
    net.touch();
    if (spa && p.url().startsWith(base)) {
      // the router renders the new location at once; the waits below are for what it loads
      await p.evaluate((to) => {
        (window as unknown as { __quietSince: number }).__quietSince = performance.now();
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else await p.goto(`${base}${path}`);
  }
  const end = Date.now() + 20_000;
  try {
    for (;;) {
      await net.quiet(QUIET_MS, end - Date.now());
      // the screen itself quiet for as long too (checked at every frame, timed by the page)
      await p.waitForFunction(
        (ms) => {
          const w = window as unknown as { __quietSince?: number };
          const busy =
            document.querySelectorAll(
              '[role="progressbar"], .MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root',
            ).length > 0 ||
            [
              ...document.querySelectorAll<HTMLElement>('.MuiDialog-container, .MuiBackdrop-root, .MuiSnackbar-root'),
            ].some((e) => getComputedStyle(e).opacity !== '1' && getComputedStyle(e).opacity !== '0');
          if (busy || w.__quietSince === undefined) w.__quietSince = performance.now();
          return !busy && performance.now() - w.__quietSince >= ms;
        },
        QUIET_MS,
        { timeout: Math.max(1, end - Date.now()) },
      );
      // nothing was asked meanwhile: loaded
      if (net.idleFor() >= QUIET_MS) return;
    }
  } catch (err) {
    throw new Error(`${path}: still loading after 20 s (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * Seed B §6: a menu entry, clicked on the home page, opens its own screen — the document title it
 * sets (`{title} - Gestionale Studi`, not the home page's, the unauthorized dialog's or the error
 * page's), its content in the main area (a list, a table, a form, a heading or an information),
 * no message of failure and no dialog. The problems found, one line each (issue 46 item 7: this
 * was the role matrix's own crawl of the same screens).
 */
async function menuEntryProblems(p: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const title = await p.title();
  const expected = SCREEN_TITLES[path];
  if (expected ? title !== `${expected} - ${APP}` : title === `Home - ${APP}` || !title.endsWith(` - ${APP}`))
    problems.push(`${path}: title '${title}'${expected ? `, not '${expected} - ${APP}'` : ''}`);
  const content = await p
    .locator('#main-content')
    .locator('table, form, h1, h2, [role="grid"], .RaList-main, .MuiAlert-standardInfo')
    .count();
  if (!content) problems.push(`${path}: no list, table, form or heading in the main area`);
  const failure = FAILURES.exec(await p.locator('body').innerText())?.[0];
  if (failure) problems.push(`${path}: '${failure}'`);
  if (await p.getByRole('dialog').count()) problems.push(`${path}: a dialog is open`);
  return problems;
}

/** `off`: a screen of a feature off on this server (credit): for everyone, 'Pagina NON trovata' (issue 25 item 14) */
interface Check {
  path: string;
  allowed: boolean;
  off?: boolean;
  /** an entry of the role's menu: opened from its card on the home page, its title and content checked */
  menu?: boolean;
}

/** The routes a role may open and those it may not, with the ids of real rows. */
async function routesOf(role: RoleName, api: ApiClient | null, other: ApiClient): Promise<Check[]> {
  const out: Check[] = [];
  const add = (path: string, allowed: boolean, off = false, menu = false) => {
    if (!out.some((c) => c.path === path))
      out.push({ path, allowed, ...(off ? { off } : {}), ...(menu ? { menu } : {}) });
  };
  add(ROUTES.menu, true);
  for (const link of linksOf(menuOf(role))) add(link, true, false, true);
  // the custom routes of the route table (the public ones are visited logged out)
  const custom: Array<[string, RoleName]> = [
    [ROUTES.myProfile, 'Utente'],
    [ROUTES.myStudio, 'Admin'],
    [ROUTES.bollettino, 'Collaboratore'],
    [ROUTES.mailOutbox, 'Admin'],
    [ROUTES.customerImport, 'Admin'],
    [ROUTES.jobsDashboard, 'Collaboratore'],
    [ROUTES.payInit, 'Admin'],
    [ROUTES.payReturn, 'Admin'],
    [ROUTES.testApi, 'SuperAdmin'],
    [ROUTES.testView, 'Admin'],
  ];
  for (const [path, min] of custom) add(path, atLeast(role, min));
  // a real row of each model: the role's own (its studio), or any for the refused cards
  const firstId = async (model: string, client: ApiClient | null): Promise<number | null> => {
    if (!client) return null;
    try {
      const r = await client.get(`/api/list/${model}/${model}ResourceListCollection`, { items_per_page: 1, page: 1 });
      return r.data[0] ? Number(r.data[0].id) : null;
    } catch {
      return null;
    }
  };
  // the SuperAdmin's crawl looks at the model screens the Admin may not open: those the Admin may,
  // the Admin's crawl looks at (the same components, with the rows of a real studio; the
  // SuperAdmin's studio has next to none), which spared the SuperAdmin's about 60 page loads
  const adminLooks = (min: RoleName) => role === 'SuperAdmin' && atLeast('Admin', min);
  // likewise the Collaboratore's crawl skips the list, form and card of a model he may open as the
  // Admin does, when they are the same screens: no field with a role of its own and no role-aware
  // parts (the customer's card) — the Admin's crawl looks at them; his menu's entries stay
  const sameAsAdmin = (m: (typeof MODELS)[number], createRole: RoleName) =>
    role === 'Collaboratore' &&
    m.name !== 'Customer' &&
    [m.access.read, m.access.write, createRole].every((min) => atLeast('Collaboratore', min)) &&
    !Object.values(m.fields).some((fd) => fd.writeRole);
  for (const m of MODELS) {
    const read = atLeast(role, m.access.read);
    const write = atLeast(role, m.access.write);
    const createRole: RoleName = m.scope === 'tenant' ? 'SuperAdmin' : m.access.write;
    const off = m.feature === 'credit';
    if (adminLooks(m.access.read) && adminLooks(createRole) && adminLooks(m.access.write) && !off) continue;
    if (sameAsAdmin(m, createRole) && !off) continue;
    add(`/table/${m.name}`, read, off);
    // the card of a row of the role's studio (the SuperAdmin's studio has few), another's when refused
    const id = off ? 1 : write ? await firstId(m.name, api) : await firstId(m.name, other);
    // the new-record form is the card's form without its values and sections (src/form/GenericForm.tsx):
    // looked at where the card is not, or where it has what the card has not (several records at once)
    const mayCreate = atLeast(role, createRole);
    if (!(mayCreate && write && id !== null && !m.multiple) || off) add(`/${m.name}/create`, mayCreate, off);
    if (id !== null) add(`/${m.name}/${id}`, write, off);
  }
  for (const [name, v] of viewByName) add(`/table/${name}`, atLeast(role, v.view.access ?? v.model.access.read));
  // a customer of the role's studio (the SuperAdmin's has none: another studio's customer is not found), another's when refused
  const mayRead = atLeast(role, 'Collaboratore');
  const customerId = mayRead ? await firstId('Customer', api) : await firstId('Customer', other);
  if (customerId !== null) {
    add(`/table/Transaction/${customerId}`, mayRead);
    add(`/cedolini_saved/${customerId}`, mayRead);
  }
  if (atLeast(role, 'Collaboratore')) add('/lista/LegalStatus', true);
  return sampleRefused(out);
}

/** The shape of a route: a model's list, new-record form or card, a named view, or a custom route. */
const shapeOf = (path: string) =>
  /^\/table\/[A-Z]\w*$/.test(path)
    ? 'list'
    : /^\/[A-Z]\w*\/create$/.test(path)
      ? 'create'
      : /^\/[A-Z]\w*\/\d+$/.test(path)
        ? 'card'
        : path.startsWith('/table/')
          ? 'view'
          : 'custom';

/**
 * Of the screens a role may not open, the first of each shape (and of the menu's entries): the
 * refusal is one guard for every route of a shape (src/routeTable.ts), the server refuses each call
 * (tests/api/roles*), and the role matrix types in the addresses of the screens above each role
 * (tests/e2e/roleMatrix.test.ts). Every screen a role may open is still looked at, with axe; the
 * other refused ones cost a page load each (≈ 0.5 s; about 100 for the Utente) and proved nothing more.
 */
function sampleRefused(checks: Check[]): Check[] {
  const seen = new Set<string>();
  return checks.filter((c) => {
    if (c.allowed || c.off) return true;
    const shape = `${c.menu ? 'menu:' : ''}${shapeOf(c.path)}`;
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}

/** Screens fixed for this test (the bulk actions bar over a list's header): a screenshot of each to look at. */
const SHOT = new Set(['/table/Assignment', '/table/EDocument', '/table/WordTemplate']);

/** Runs the checks; answers the problems found, one line each. */
async function runChecks(p: Page, net: InFlight, base: string, checks: Check[], tag: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { path, allowed, off, menu } of checks) {
    /** the problems of one visit of the screen */
    const once = async (spa: boolean): Promise<string[]> => {
      const t0 = Date.now();
      await visit(p, net, base, path, spa, menu);
      if (process.env.A11Y_TRACE) console.log(`${tag} ${path} loaded in ${Date.now() - t0} ms`);
      const url = new URL(p.url()).pathname;
      const body = await p.locator('body').innerText();
      // a screen of a feature that is off is not found, whoever asks
      if (off)
        return url.startsWith('/error') && body.includes('Pagina NON trovata')
          ? []
          : [`${path}: not 'Pagina NON trovata' with its feature off (${url})`];
      if (url.startsWith('/error') || url.startsWith('/utente/login')) return [`${path}: ended on ${url}`];
      const crash = CRASH.exec(body)?.[0];
      if (crash) return [`${path}: ${crash}`];
      const refused = body.includes(UNAUTHORIZED);
      if (!allowed) return refused ? [] : [`${path}: not refused`];
      if (refused) return [`${path}: refused`];
      if (menu) {
        const wrong = await menuEntryProblems(p, path);
        if (wrong.length) return wrong;
      }
      const t1 = Date.now();
      const violations = await axeViolations(p, WCAG22AA);
      if (process.env.A11Y_TRACE) console.log(`${tag} ${path} axe in ${Date.now() - t1} ms`);
      if (violations.length || SHOT.has(path))
        await p.screenshot({ path: join(SHOTS, `a11y-${tag}-${path.replace(/\W+/g, '_')}.png`), fullPage: true });
      return violations.map(
        (v) => `${path}: ${v.id} (${v.impact}) ×${v.nodes} ${JSON.stringify((v as { targets?: string[] }).targets)}`,
      );
    };
    const first = await once(true);
    if (!first.length) continue;
    // a screen caught mid-change (a transition, a late answer on a loaded machine) is looked at
    // again, loaded afresh; what is found twice is the screen's own
    console.log(`${tag}: looked at again after ${first.join('; ')}`);
    problems.push(...(await once(false)));
  }
  return problems;
}

/**
 * Registers, in the calling test file (`testFile`: its import.meta.url), the checks of `parts`:
 * 'public' (the public pages logged out) and the screens of each role named. With 'Utente' a user
 * of that role is made first in the file's studio (the demo data has none).
 */
export function accessibilityChecks(testFile: string, parts: Array<'public' | RoleName>) {
  // the file's studio and logins: tests/e2e/studios.ts
  const STUDIO = studioFor(testFile);
  const UTENTE = { email: `ada.utente@${STUDIO.admin.split('@')[1]}`, password: 'Utente-Prova-2026' };
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = workerServer();
    browser = await launchBrowser();
    if (parts.includes('Utente')) await addUtente(server.url, STUDIO.admin, { name: 'Ada', ...UTENTE });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  if (parts.includes('public'))
    describe('public pages logged out', () => {
      it("the login, landing, contact, registration, activation, password, error and customers' area login pages have no serious WCAG 2.2 AA violation", async () => {
        const ctx = await browser.newContext({
          locale: 'it-IT',
          timezoneId: 'Europe/Rome',
          viewport: { width: 1400, height: 900 },
        });
        const guard = consoleGuard(ctx);
        try {
          const p = await ctx.newPage();
          const net = inflight(p);
          const pages = [
            ROUTES.login,
            ROUTES.landingPage,
            ROUTES.contactForm,
            ROUTES.register,
            ROUTES.activation,
            ROUTES.recoverPassword,
            ROUTES.resetPassword,
            ROUTES.error,
            // the customers' area's login page (issue 50; its pages inside: tests/e2e/portal.test.ts)
            '/area-clienti/accedi',
          ];
          const problems: string[] = [];
          for (const path of pages) {
            await visit(p, net, server.url, path);
            // the error page says so itself
            if (path !== ROUTES.error)
              expect(CRASH.exec(await p.locator('body').innerText())?.[0] ?? null, path).toBeNull();
            for (const v of await axeViolations(p, WCAG22AA))
              problems.push(`${path}: ${v.id} (${v.impact}) ×${v.nodes}`);
          }
          expect(problems).toEqual([]);
          // the checks ran on real pages
          expect(pages.length).toBe(9);
          guard.allow(/Failed to load resource/);
          expect(guard.take()).toEqual([]);
        } finally {
          await ctx.close();
        }
      });
    });

  const ROLES: Array<{ role: RoleName; email: string; password?: string }> = [
    { role: 'SuperAdmin', email: SUPERADMIN },
    { role: 'Admin', email: STUDIO.admin },
    { role: 'Collaboratore', email: STUDIO.collaboratore },
    { role: 'Utente', email: UTENTE.email, password: UTENTE.password },
  ];

  for (const { role, email, password } of ROLES.filter((r) => parts.includes(r.role))) {
    describe(`${role}: every screen`, () => {
      let ctx: BrowserContext;
      let guard: ConsoleGuard;
      let p: Page;
      let net: InFlight;
      let checks: Check[];
      beforeAll(async () => {
        ctx = await browser.newContext({
          locale: 'it-IT',
          timezoneId: 'Europe/Rome',
          viewport: { width: 1400, height: 900 },
        });
        guard = consoleGuard(ctx);
        p = await ctx.newPage();
        net = inflight(p);
        await login(p, server.url, email, password);
        const own = role === 'Utente' ? null : await apiClient(server.url, email);
        checks = await routesOf(role, own, await apiClient(server.url, STUDIO.admin));
      });
      afterEach(() => {
        // refused screens may log the API's 403
        guard.allow(/Failed to load resource/);
        expect(guard.take(), 'console errors').toEqual([]);
      });
      afterAll(async () => {
        await ctx?.close();
      });

      it(`${role}: the menu's screens (each opened from its home card: its title and content, B§6), the custom routes and the views have no serious WCAG 2.2 AA violation; those above the role are refused`, async () => {
        const part = checks.filter(
          (c) =>
            !/^\/table\/[A-Z]\w*$|^\/[A-Z]\w*\/(create|\d+)$/.test(c.path) || linksOf(menuOf(role)).includes(c.path),
        );
        expect(part.length).toBeGreaterThan(role === 'Utente' ? 2 : 8);
        expect(await runChecks(p, net, server.url, part, role)).toEqual([]);
      });

      it(`${role}: every model's list, new-record form and card have no serious WCAG 2.2 AA violation; those above the role are refused`, async () => {
        const part = checks.filter(
          (c) =>
            /^\/table\/[A-Z]\w*$|^\/[A-Z]\w*\/(create|\d+)$/.test(c.path) && !linksOf(menuOf(role)).includes(c.path),
        );
        // the refused ones: one of each shape (sampleRefused)
        const refused = part.filter((c) => !c.allowed && !c.off).map((c) => shapeOf(c.path));
        expect(new Set(refused).size).toBe(refused.length);
        if (role === 'Utente') expect(refused.sort()).toEqual(['card', 'create', 'list']);
        else if (role === 'Collaboratore') {
          // the models whose screens differ from the Admin's (routesOf's sameAsAdmin): the customer's card among them
          expect(part.filter((c) => c.allowed).length).toBeGreaterThanOrEqual(3);
          expect(part.some((c) => c.allowed && /^\/Customer\/\d+$/.test(c.path))).toBe(true);
        } else expect(part.filter((c) => c.allowed).length).toBeGreaterThan(role === 'SuperAdmin' ? 8 : 40);
        expect(await runChecks(p, net, server.url, part, role)).toEqual([]);
      });
    });
  }
}
