/**
 * The jobs dashboard in Chromium (issue 12): as the Admin, a red cell (nothing done) is opened,
 * a sub-task ticked, the cell turns orange at once and stays so after a reload; the collaborator
 * filter narrows the grid; as the Collaboratore there is no filter. Screenshots and axe.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  axeViolations,
  closeSession,
  consoleGuard,
  login,
  openSession,
  SHOTS,
  studioFor,
  type E2ESession,
} from './harness';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;

beforeAll(async () => {
  s = await openSession(STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('Dashboard Adempimenti in Chromium', () => {
  it('12.3 the Admin ticks a sub-task of a red cell: orange at once, still orange after a reload', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/dashboard_jobs`);
    const grid = page.getByRole('grid');
    await grid.waitFor();
    await page.screenshot({ path: join(SHOTS, 'jobs-dashboard.png') });
    const red = page.locator('button[data-state="todo"]').first();
    const id = await red.getAttribute('id');
    const name = await red.getAttribute('aria-label');
    expect(name).toMatch(/: 0\/\d+, Da iniziare, 0 di \d+ completati$/);
    await red.click();
    const dialog = page.getByRole('dialog');
    const first = dialog.getByRole('checkbox').first();
    await first.waitFor();
    // a click, not check(): the box flips only once the server has confirmed
    await first.click();
    await expect.poll(() => dialog.getByRole('checkbox').first().isChecked()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'jobs-dashboard-dialog.png') });
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    const cell = page.locator(`#${id}`);
    await expect.poll(() => cell.getAttribute('data-state')).toBe('partial');
    expect(await cell.getAttribute('aria-label')).toMatch(/: 1\/\d+, In corso, 1 di \d+ completati$/);
    // the customer's name in the cell's label finds it again after a reload (rows are virtualised)
    await page.reload();
    await grid.waitFor();
    const again = page.getByRole('button', { name: (name ?? '').replace(/: .*$/, ':'), exact: false });
    await expect.poll(async () => again.first().getAttribute('data-state')).toBe('partial');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('12.3 arrows move the focus between cells, Enter opens the sub-tasks', async () => {
    const { page } = s;
    const first = page.locator('#job-cell-0-0');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('job-cell-0-1');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('job-cell-1-1');
    const state = await page.locator('#job-cell-1-1').getAttribute('data-state');
    if (state !== 'empty') {
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
    }
  });

  it('12.3 the collaborator filter narrows the grid; the Collaboratore has no filter', async () => {
    const { page, server, browser } = s;
    const total = Number(/Cliente \((\d+)\)/.exec(await page.getByRole('columnheader').first().innerText())![1]);
    await page.getByRole('combobox', { name: 'Collaboratore' }).click();
    await page.getByRole('option', { name: 'Senza collaboratore' }).click();
    await expect
      .poll(async () =>
        Number(/Cliente \((\d+)\)/.exec(await page.getByRole('columnheader').first().innerText())?.[1] ?? -1),
      )
      .toBeLessThan(total);
    const context = await browser.newContext({
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      viewport: { width: 1400, height: 900 },
    });
    const guard = consoleGuard(context);
    const collab = await context.newPage();
    await login(collab, server.url, STUDIO.collaboratore);
    await collab.goto(`${server.url}/dashboard_jobs`);
    await collab.getByRole('grid').waitFor();
    expect(await collab.getByRole('combobox', { name: 'Collaboratore' }).count()).toBe(0);
    await collab.screenshot({ path: join(SHOTS, 'jobs-dashboard-collaboratore.png') });
    expect(guard.take()).toEqual([]);
    await context.close();
  });
});
