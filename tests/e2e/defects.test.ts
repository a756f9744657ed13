/**
 * Issue 7: defects found by using the product as a studio employee would — the ones measured in
 * real layout (pixels): the table's scrolling, what stays in view at 1400 and 700 px, the home
 * cards. In Chromium against the real server on the demo data; each test is named after the item
 * it proves. The items that check one screen's behaviour (7.1–7.10, 7.13–7.15) are UI tests now:
 * tests/ui/defects.test.tsx.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { closeSession, consoleGuard, login, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { ACTIVE, apiClient, freshCustomerList, reachable, waitTotal, type ApiClient } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

const VIEWPORT = { width: 1400, height: 900 };
let session: E2ESession;
let server: E2ESession['server'];
let page: Page;
let api: ApiClient;
const extraContexts: BrowserContext[] = [];

async function newContext(viewport = VIEWPORT) {
  const c = await session.browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', viewport });
  extraContexts.push(c);
  return c;
}

beforeAll(async () => {
  session = await openSession(STUDIO.admin, VIEWPORT);
  ({ server, page } = session);
  api = await apiClient(server.url, STUDIO.admin);
});
// issue 7 #16: no console error in normal use
afterEach(() => {
  expect(session.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  for (const c of extraContexts) await c.close().catch(() => undefined);
  await closeSession(session);
});

describe('7 seed rules', () => {
  it('7.11 the rows scroll inside the table, with its header and the bulk toolbar in view', async () => {
    await freshCustomerList(page, server.url);
    const total = await api.customerTotal({ filters: [ACTIVE] });
    await waitTotal(page, total);
    const wrapper = page.locator('.RaDatagrid-tableWrapper');
    const sizes = await wrapper.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    expect(sizes.client).toBeGreaterThanOrEqual(500);
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeLessThanOrEqual(VIEWPORT.height + 100);
    // scroll the table to its last row and select it: header and bulk toolbar are in view
    await wrapper.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const last = page.locator('tbody tr:not(.RaDatagrid-expandedPanel)').last();
    await last.locator('input[type="checkbox"]').check();
    const toolbar = page.getByRole('button', { name: /Seleziona tutti/ });
    await toolbar.waitFor();
    // a notification left by an earlier step (bottom of the page) is not what this checks
    await page
      .locator('.MuiSnackbar-root')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    for (const loc of [toolbar, page.locator('thead th').filter({ hasText: 'Ragione Sociale' }), last]) {
      const box = (await loc.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height);
      // on failure the diff names what covers it
      expect(await reachable(loc)).toMatchObject({ ok: true });
    }
    await last.locator('input[type="checkbox"]').uncheck();
  });
});

describe('7 usability', () => {
  it("7.12 at 1400 px the row menu and 'Estratto Conto' are in view", async () => {
    await freshCustomerList(page, server.url);
    const row = page.locator('tbody tr').first();
    for (const loc of [
      row.getByRole('button', { name: 'Estratto Conto' }),
      row.getByRole('button', { name: /^Azioni riga/ }),
    ]) {
      const box = (await loc.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORT.width);
      expect((await reachable(loc)).ok).toBe(true);
    }
    await page.screenshot({ path: join(SHOTS, '7.12-actions-in-view.png') });
  });

  it("7.17 at 700 px the 'Mostra cestinati' switch is not clipped", async () => {
    const ctx = await newContext({ width: 700, height: 900 });
    const g = consoleGuard(ctx);
    const p = await ctx.newPage();
    await login(p, server.url, STUDIO.admin);
    await p.goto(`${server.url}/table/Customer`);
    await p.locator('tbody tr').first().waitFor();
    const sw = p.locator('.MuiSwitch-root').first();
    const toolbar = p.locator('.RaList-main').first();
    const [s, t] = [(await sw.boundingBox())!, (await toolbar.boundingBox())!];
    expect(s.x).toBeGreaterThanOrEqual(t.x);
    expect(s.x + s.width).toBeLessThanOrEqual(t.x + t.width);
    expect((await reachable(p.getByLabel('Mostra cestinati'))).ok).toBe(true);
    await p.screenshot({ path: join(SHOTS, '7.17-narrow-toolbar.png') });
    expect(g.take()).toEqual([]);
  });

  it('7.18 home cards: a card that is a link looks and acts like one, and cards do not stretch', async () => {
    await page.goto(`${server.url}/Menu`);
    const card = (title: string) =>
      page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .first();
    await card('Anagrafiche').waitFor();
    const payslips = card('Il mio profilo');
    const link = payslips.getByRole('link');
    expect(await link.getAttribute('href')).toBe('/utente/il_mio_profilo');
    const p = (await payslips.boundingBox())!;
    // not stretched to the tallest card of its row (a card with entries on the same row)
    const boxes = await Promise.all(
      ['Anagrafiche', 'Adempimenti', 'Contabilità', 'Studio'].map(async (t) => (await card(t).boundingBox())!),
    );
    expect(p.height).toBeLessThan(120);
    // beside a card with entries (when the row has one), half its height at most
    const a = boxes.find((b) => Math.abs(b.y - p.y) < 2);
    if (a) expect(p.height).toBeLessThan(a.height / 2);
    expect(Math.min(...boxes.map((b) => b.height))).toBeGreaterThan(p.height * 2);
    // the whole card is the link
    const l = (await link.boundingBox())!;
    expect(l.height).toBeGreaterThan(p.height - 4);
    await page.screenshot({ path: join(SHOTS, '7.18-home.png'), fullPage: true });
  });
});
