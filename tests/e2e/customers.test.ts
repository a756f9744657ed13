import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
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

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let guard: ConsoleGuard;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  guard = consoleGuard(context);
  page = await context.newPage();
});
// issue 7 #16: no console error in normal use
afterEach(() => {
  expect(guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('customers in Chromium', () => {
  it('logs in and shows the Italian shell', async () => {
    await login(page, server.url, STUDIO.admin);
    await page
      .getByText(/versione 3\.5\.1/i)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Clienti' }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'menu.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the customers list of its own studio', async () => {
    await page.goto(`${server.url}/table/Customer`);
    await page.getByText('Gestione Clienti').first().waitFor();
    await page.locator('tbody tr').first().waitFor();
    // the first screenful is painted first, the rest of the page right after (issue 25 item 18)
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(50);
    await page.screenshot({ path: join(SHOTS, 'customers.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('opens a customer in a new tab, changes and saves it', async () => {
    const headers = await page.locator('thead th').allInnerTexts();
    const col = headers.findIndex((h) => h.includes('Ragione Sociale'));
    expect(col).toBeGreaterThan(-1);
    const first = page.locator('tbody tr').first();
    const name = (await first.locator('td').nth(col).innerText()).trim();
    const [tab] = await Promise.all([context.waitForEvent('page'), first.locator('td').nth(col).click()]);
    await tab.waitForLoadState();
    const field = tab.getByLabel('Città', { exact: false }).first();
    await field.waitFor();
    expect(await tab.getByLabel('Ragione Sociale').first().inputValue()).toBe(name);
    await field.fill('Ancona');
    await tab.getByText('Ci sono modifiche non salvate').waitFor();
    await tab.screenshot({ path: join(SHOTS, 'customer-edit.png') });
    expect(await axeViolations(tab)).toEqual([]);
    await tab.locator('form').getByRole('button', { name: 'Aggiorna' }).click();
    await tab.getByText('Elemento aggiornato').waitFor();
    await tab.reload();
    await tab.getByLabel('Città', { exact: false }).first().waitFor();
    expect(await tab.getByLabel('Città', { exact: false }).first().inputValue()).toBe('Ancona');
    await tab.close();
  });

  it('trashes a customer, shows it in the trash and restores it', async () => {
    await page.goto(`${server.url}/table/Customer`);
    const search = page.getByLabel('Cerca (premi Invio)');
    await search.fill('Ancona');
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const row = page.locator('tbody tr').first();
    await row.getByRole('button', { name: /Azioni riga/ }).click();
    await page.getByRole('menuitem', { name: 'Cestina' }).click();
    await page.getByText('Elemento spostato nel cestino').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 0);
    await page.getByLabel('Mostra cestinati').click();
    await page.getByText('Cestinato', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'trash.png') });
    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /Azioni riga/ })
      .click();
    await page.getByRole('menuitem', { name: 'Ripristina' }).click();
    await page.getByText('Elemento ripristinato').waitFor();
    await page.waitForFunction(
      () => !document.body.innerText.includes('Cestinato\n') && document.querySelectorAll('tbody tr').length === 1,
    );
    expect(await page.getByText('Cestinato', { exact: true }).count()).toBe(0);
  });
});
