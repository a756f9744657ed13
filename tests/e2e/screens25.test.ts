/**
 * Issue 25 items 15, 16 and 18 in Chromium against the real server: the login page's top bar
 * (logo and name, the login / sign-up menu), an unknown route without a session on /error with
 * 'Pagina NON trovata', and the customers list — opened from the menu, its first screenful
 * painted without waiting for the rest of the page or for a chunk, and the bulk actions in one
 * line of buttons and menus, reached by keyboard. Screenshots of the screens changed by the
 * issue's items 14–18 are left in test-results/ to look at. Read-only: Studio Demo is shared.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  closeSession,
  consoleGuard,
  launchBrowser,
  openSession,
  SHOTS,
  studioFor,
  workerServer,
  type ConsoleGuard,
  type E2ESession,
} from './harness';
import { BULK_GROUPS } from '../../src/resources/Customer/bulk/groupNames';
import { dialogShown, inflight, tickRows } from './util';

const STUDIO = studioFor(import.meta.url);
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(SHOTS, `screens25-${name}.png`), fullPage });

describe('without a session', () => {
  let context: BrowserContext;
  let page: Page;
  let guard: ConsoleGuard;
  let base: string;
  beforeAll(async () => {
    base = workerServer().url;
    const browser = await launchBrowser();
    context = await browser.newContext({
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      viewport: { width: 1400, height: 900 },
    });
    guard = consoleGuard(context);
    page = await context.newPage();
  });
  afterEach(() => {
    expect(guard.take(), 'console errors').toEqual([]);
  });
  afterAll(async () => {
    await context?.browser()?.close();
  });

  it('16 the login page has the top bar: logo and name to the home page, and the login / sign-up menu (seed A §2)', async () => {
    await page.goto(`${base}/utente/login`);
    const bar = page.getByRole('banner');
    await bar.getByRole('link', { name: /Gestionale Studi – pagina iniziale/ }).waitFor();
    const nav = bar.getByRole('navigation', { name: 'Area pubblica' });
    expect(await nav.getByRole('link', { name: 'Iscriviti' }).getAttribute('href')).toBe('/utente/contact_form');
    expect(await nav.getByRole('link', { name: 'Accedi' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor();
    // the same bar as the other public pages
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y).toBe(0);
    await shot(page, 'login');
    expect(await axeViolations(page)).toEqual([]);
    await nav.getByRole('link', { name: 'Iscriviti' }).click();
    await page.waitForURL(/\/utente\/contact_form$/);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Iscriviti' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("15 an unknown route goes to /error with 'Pagina NON trovata' (seed B §2); a screen of the app to the login", async () => {
    await page.goto(`${base}/pagina_che_non_esiste`);
    await page.waitForURL(/\/error\?/);
    expect(new URL(page.url()).searchParams.get('msg')).toBe('Pagina NON trovata');
    await page.getByText('Pagina NON trovata').first().waitFor();
    // a public page: the same top bar with the login / sign-up menu
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Area pubblica' })
      .getByRole('link', { name: 'Accedi' })
      .waitFor();
    await shot(page, 'not-found');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${base}/table/Customer`);
    await page.waitForURL(/\/utente\/login$/);
  });
});

describe('logged in', () => {
  let s: E2ESession;
  beforeAll(async () => {
    s = await openSession(STUDIO.admin, { width: 1366, height: 900 });
  });
  afterEach(() => {
    expect(s.guard.take(), 'console errors').toEqual([]);
  });
  afterAll(async () => {
    await closeSession(s);
  });

  it('18 the customers list from the menu: the first screenful at once, no chunk fetched after the click', async () => {
    const { page } = s;
    // the home page loaded afresh, with every request it makes counted from its start
    const net = inflight(page);
    await page.reload();
    // the lists' parts are fetched while the app is idle, before any list is opened
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/ListViews-/.test(e.name))),
      )
      .toBe(true);
    await page.evaluate(() => {
      const w = window as unknown as { __firstRows?: number; __clickAt?: number; __rowAt?: number };
      document.addEventListener(
        'click',
        () => {
          w.__clickAt = performance.now();
        },
        { capture: true, once: true },
      );
      new MutationObserver(() => {
        const n = document.querySelectorAll('tbody .RaDatagrid-row').length;
        if (n && w.__firstRows === undefined) {
          w.__firstRows = n;
          w.__rowAt = performance.now();
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    // the home page done loading (its receivables, the idle preloads), then the click: what is
    // asked from there on (Playwright's 'networkidle' state was reached long before, at login)
    await net.quiet(500, 30_000);
    const after: string[] = [];
    page.on('request', (r) => after.push(new URL(r.url()).pathname));
    await page
      .getByRole('link', { name: /^Clienti/ })
      .first()
      .click();
    await page.locator('tbody .RaDatagrid-row').first().waitFor();
    const {
      __firstRows: firstRows,
      __clickAt: clickAt,
      __rowAt: rowAt,
    } = await page.evaluate(() => {
      const w = window as unknown as { __firstRows: number; __clickAt: number; __rowAt: number };
      return { __firstRows: w.__firstRows, __clickAt: w.__clickAt, __rowAt: w.__rowAt };
    });
    console.log(`customers list: first ${firstRows} rows ${Math.round(rowAt - clickAt)} ms after the click`);
    // the first paint holds the first screenful, not the page of 200
    expect(firstRows).toBeGreaterThan(0);
    expect(firstRows).toBeLessThanOrEqual(30);
    // the rest of the page follows
    await expect.poll(() => page.locator('tbody .RaDatagrid-row').count()).toBeGreaterThan(30);
    // nothing but the list itself was asked for: no chunk, no filter options (the filter group is closed)
    expect(after.filter((p) => p.startsWith('/assets/'))).toEqual([]);
    expect(after.filter((p) => p.startsWith('/api/'))).toEqual(['/api/list/Customer/CustomerResourceListCollection']);
    await shot(s.page, 'customers');
  });

  it('18 the bulk actions: one line of buttons and menus, every action reached by keyboard by its Italian label', async () => {
    const { page } = s;
    const rows = page.locator('tbody .RaDatagrid-row');
    await tickRows(
      page,
      [0, 1, 2].map((i) => rows.nth(i)),
    );
    const bar = page.getByRole('toolbar', { name: 'Azioni sui 3 elementi selezionati' });
    await bar.getByRole('button', { name: 'Email' }).waitFor();
    const buttons = bar.getByRole('button');
    expect(await buttons.allInnerTexts()).toEqual(['Assegna collaboratori', 'Addebiti', 'Documenti', 'Email']);
    // one line: every button on the same row, the bar no taller than one button and its padding
    const boxes = await Promise.all((await buttons.all()).map((b) => b.boundingBox()));
    const tops = new Set(boxes.map((b) => Math.round(b!.y)));
    expect(tops.size).toBe(1);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeLessThan(2 * boxes[0]!.height);
    // the labels as written, not capitalised
    expect(await buttons.first().evaluate((b) => getComputedStyle(b).textTransform)).toBe('none');
    await shot(page, 'bulk-bar');
    for (const [group, actions] of Object.entries(BULK_GROUPS)) {
      const opener = bar.getByRole('button', { name: group, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: group });
      await menu.waitFor();
      // the first item has the focus; the arrows go through the others
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      const seen: string[] = [];
      for (let i = 0; i < actions.length; i++) {
        seen.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
        await page.keyboard.press('ArrowDown');
      }
      expect(seen).toEqual(await menu.getByRole('menuitem').allInnerTexts());
      expect([...seen].sort()).toEqual([...actions].sort());
      if (group === 'Documenti') {
        await shot(page, 'bulk-menu-documenti');
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);
    }
    // an action chosen from a menu by keyboard opens its dialog; closed, the focus is back on the menu's button
    await bar.getByRole('button', { name: 'Documenti', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Documenti' }).waitFor();
    await page.keyboard.type('Estratto');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Estratto conto');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Informazione!!' });
    await dialog.waitFor();
    // the picture of the dialog itself, once the menu has faded out and the dialog in
    await dialogShown(page);
    await page.getByRole('menu', { name: 'Documenti' }).waitFor({ state: 'detached' });
    await shot(page, 'bulk-dialog');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Documenti');
  });

  it('14 15 18 the other screens changed: users without credit, /test_view, the payslip page', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/table/User`);
    await page.locator('tbody .RaDatagrid-row').first().waitFor();
    expect(await page.getByRole('columnheader', { name: /Credito/ }).count()).toBe(0);
    await shot(page, 'users');
    await page.goto(`${server.url}/table/CreditTransactionLog`);
    await page.waitForURL(/\/error\?/);
    await page.goto(`${server.url}/test_view`);
    await page.getByRole('heading', { name: 'Prova delle viste' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /element[oi] di esempio/ })
      .waitFor();
    await shot(page, 'test-view', true);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/table/CustomersForCedolini`);
    await page.getByRole('note', { name: 'Come si inseriscono i cedolini' }).waitFor();
    await page.locator('tbody .RaDatagrid-row').first().waitFor();
    await shot(page, 'cedolini');
    expect(await axeViolations(page)).toEqual([]);
  });
});
