/**
 * Saved views and columns of the generic table in Chromium against the real server (issue 16
 * item 2): on the customers list an Admin searches, hides a column and moves another, saves the
 * view; on another computer (a new browser context: fresh local storage) he logs in again and the
 * saved view brings the search and the columns back. Another user does not see it. axe runs with
 * the menus open.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  consoleGuard,
  launchBrowser,
  login,
  SHOTS,
  studioFor,
  workerServer,
  type ConsoleGuard,
  type E2EServer,
} from './harness';
import { ACTIVE, apiClient, dialogShown, listAfter, waitTotal, type ApiClient } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const guards: ConsoleGuard[] = [];
let api: ApiClient;

const ADMIN = STUDIO.admin;
const DEFAULT_HEADERS = [
  'Codice',
  'Ragione Sociale',
  'Partita IVA',
  'Città',
  'Email',
  'Forma giuridica',
  'Tariffa annuale',
  'Stato',
  'Azioni',
];
const VIEW_HEADERS = [
  'Codice',
  'Città',
  'Ragione Sociale',
  'Email',
  'Forma giuridica',
  'Tariffa annuale',
  'Stato',
  'Azioni',
];

beforeAll(async () => {
  server = workerServer();
  browser = await launchBrowser();
  api = await apiClient(server.url, ADMIN);
});
afterEach(() => {
  for (const g of guards) expect(g.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new computer: a browser context with empty storage, logged in as `email`, on the customers list. */
async function computer(email: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1400, height: 900 },
  });
  contexts.push(context);
  guards.push(consoleGuard(context));
  const page = await context.newPage();
  await login(page, server.url, email);
  await page.goto(`${server.url}/table/Customer`);
  await page.getByText('Gestione Clienti').first().waitFor();
  await page.locator('tbody tr').first().waitFor();
  return page;
}

const main = (p: Page) => p.locator('#main-content');
const headers = async (p: Page) =>
  (await main(p).locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
const search = (p: Page) => p.getByLabel('Cerca (premi Invio)');

/** axe with the menu or dialog open: no serious or critical violation. */
async function noSeriousAxe(p: Page, what: string) {
  await p.mouse.move(700, 895);
  await p.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'));
  // the popover has finished fading in, a button just enabled has its colours
  await p.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running'));
  expect.soft(await axeViolations(p), `axe with ${what}`).toEqual([]);
}

async function openViews(p: Page) {
  await main(p).getByRole('button', { name: 'Viste salvate', exact: true }).click();
  return p.getByRole('dialog', { name: 'Viste salvate' });
}

describe('saved views on the customers list', () => {
  it('a view saved on one computer brings back its search and columns on another; another user does not see it', async () => {
    const all = await api.customerTotal({ filters: [ACTIVE] });
    const milano = await api.customerTotal({ search_text: 'Milano', filters: [ACTIVE] });
    expect(milano).toBeGreaterThan(0);
    expect(milano).toBeLessThan(all);

    // ---- first computer ----
    const a = await computer(ADMIN);
    await waitTotal(a, all);
    expect(await headers(a)).toEqual(DEFAULT_HEADERS);
    await search(a).fill('Milano');
    await listAfter(a, () => search(a).press('Enter'));
    await waitTotal(a, milano);

    // the column chooser: hide 'Partita IVA', move 'Città' up twice by keyboard
    await main(a).getByRole('button', { name: 'Colonne', exact: true }).click();
    const chooser = a.getByRole('dialog', { name: 'Colonne della tabella' });
    await chooser.waitFor();
    await noSeriousAxe(a, 'the column chooser open');
    await a.screenshot({ path: join(SHOTS, 'savedviews-columns.png') });
    await chooser.getByRole('checkbox', { name: 'Partita IVA' }).uncheck();
    await chooser.getByRole('button', { name: 'Sposta su: Città' }).focus();
    await a.keyboard.press('Enter');
    await a.keyboard.press('Enter');
    await expect.poll(() => headers(a)).toEqual(VIEW_HEADERS);
    await a.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });

    // save the view
    const menu = await openViews(a);
    await menu.waitFor();
    await noSeriousAxe(a, 'the saved views open (none yet)');
    await menu.getByRole('button', { name: 'Salva vista corrente' }).click();
    const dialog = a.getByRole('dialog', { name: 'Salva la vista corrente come' });
    await dialogShown(a);
    await dialog.getByLabel(/Nome della vista/).fill('Clienti Milano');
    await noSeriousAxe(a, 'the save dialog open');
    await a.screenshot({ path: join(SHOTS, 'savedviews-save.png') });
    const [saved] = await Promise.all([
      a.waitForResponse(
        (r) => r.url().includes('/api/user_preferences/list.Customer.savedQueries') && r.request().method() === 'PUT',
      ),
      dialog.getByRole('button', { name: 'Salva', exact: true }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await a.getByText('Vista "Clienti Milano" salvata').waitFor();
    const kept = (await api.get('/api/user_preferences')).data as Record<string, unknown>;
    expect(kept['list.Customer.savedQueries']).toEqual([
      {
        label: 'Clienti Milano',
        value: expect.objectContaining({
          filter: expect.objectContaining({ q: 'Milano' }),
          sort: { field: 'business_name', order: 'ASC' },
          perPage: 200,
          columns: {
            order: ['cod', 'city', 'business_name', 'vat_id', 'email', 'legal_status_id', 'yearly_accounting_amount'],
            hidden: ['vat_id'],
          },
        }),
      },
    ]);

    // back to the default columns here (written to the server too): the view alone keeps them
    await main(a).getByRole('button', { name: 'Colonne', exact: true }).click();
    const [reset] = await Promise.all([
      a.waitForResponse(
        (r) => r.url().includes('/api/user_preferences/list.Customer.columns') && r.request().method() === 'DELETE',
      ),
      chooser.getByRole('button', { name: 'Ripristina le colonne predefinite' }).click(),
    ]);
    expect(reset.status()).toBe(200);
    await expect.poll(() => headers(a)).toEqual(DEFAULT_HEADERS);

    // ---- another computer: nothing in local storage ----
    const b = await computer(ADMIN);
    expect(await b.evaluate(() => Object.keys(localStorage).filter((k) => /savedQueries|columns/.test(k)))).toEqual([]);
    await waitTotal(b, all);
    expect(await headers(b)).toEqual(DEFAULT_HEADERS);
    await expect.poll(() => search(b).inputValue()).toBe('');
    const views = await openViews(b);
    await views.getByRole('button', { name: 'Clienti Milano', exact: true }).waitFor();
    await noSeriousAxe(b, 'the saved views open');
    await b.screenshot({ path: join(SHOTS, 'savedviews-menu.png') });
    const applied = await listAfter(b, () =>
      views.getByRole('button', { name: 'Clienti Milano', exact: true }).click(),
    );
    expect(applied.url.searchParams.get('search_text')).toBe('Milano');
    expect(applied.total).toBe(milano);
    await expect.poll(() => search(b).inputValue()).toBe('Milano');
    await expect.poll(() => headers(b)).toEqual(VIEW_HEADERS);
    await b.screenshot({ path: join(SHOTS, 'savedviews-applied.png') });

    // ---- another user on yet another computer: no views of the Admin's ----
    const c = await computer(STUDIO.collaboratore);
    expect(await headers(c)).toEqual(DEFAULT_HEADERS);
    const theirs = await openViews(c);
    await theirs.getByText(/salva la vista per ritrovarla/).waitFor();
    expect(await theirs.getByRole('button', { name: 'Clienti Milano' }).count()).toBe(0);
  });
});
