/**
 * Studio administration in Chromium (issue 14, done-when): the Admin of Studio Bianchi completes
 * the studio card from the missing-fields banner and the banner goes away; an Admin creates a
 * Collaboratore on the user card, who can then log in.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { closeSession, login, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { fiscalCodeCheckChar } from '../../model/validators';

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

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('studio administration in Chromium', () => {
  it('14 the Admin of Studio Bianchi completes the studio card: the banner goes away', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/Menu`);
    const banner = page.getByRole('status').filter({ hasText: 'Campi mancanti:' });
    await banner.waitFor();
    const missing = await page.evaluate(async () => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('gs_token='))!
          .slice('gs_token='.length),
      );
      const r = await fetch('/api/loggedStudio/missingRequiredFields', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await r.json()).data as Array<{ field: string; label: string }>;
    });
    expect(missing.length).toBeGreaterThan(3);
    await page.goto(`${server.url}/utente/il_mio_studio`);
    await page.waitForURL(/\/Studio\/\d+$/);
    const cf = 'BNCGLI75E52F205';
    const values: Record<string, string> = {
      manager_title: 'Dott.ssa',
      manager_cf: cf + fiscalCodeCheckChar(cf),
      manager_birth_date: '12-05-1975',
      cc_contract: 'contratti@studiobianchi.test',
      cc_account_balance: 'amministrazione@studiobianchi.test',
      cc_bollettino: 'bollettini@studiobianchi.test',
    };
    for (const m of missing) {
      const box = page.getByRole('textbox', { name: new RegExp(`^${escape(m.label)}( \\*)?$`) });
      await box.fill(
        values[m.field] ??
          (m.field === 'subtitle' ? 'Consulenza del lavoro' : m.field === 'fax_number' ? '+39 02 1234568' : 'Milano'),
      );
    }
    await page.locator('form').getByRole('button', { name: 'Aggiorna' }).click();
    await page.getByText('Elemento aggiornato').waitFor();
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'studio-card-complete.png'), fullPage: true });
  });

  it('14 an Admin creates a Collaboratore on the user card, who can log in', async () => {
    const { page, server, browser } = s;
    await page.goto(`${server.url}/scheda_user`);
    await page.waitForURL(/\/User\/create/);
    const email = `nuovo.${Date.now().toString(36)}@studiobianchi.test`;
    await page.getByRole('textbox', { name: /^Nome( \*)?$/ }).fill('Nuovo');
    await page.getByRole('textbox', { name: /^Email( \*)?$/ }).fill(email);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('Collab-2026!');
    const role = page.getByRole('combobox', { name: /^Ruolo( \*)?$/ });
    await role.click();
    await page.getByRole('option', { name: 'Collaboratore', exact: true }).click();
    // only the SuperAdmin chooses the studio
    expect(await page.getByRole('combobox', { name: /^Studio/ }).count()).toBe(0);
    await page.locator('form').locator('button[type="submit"]').click();
    await page.getByText('Elemento creato').waitFor();
    const other = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const p2 = await other.newPage();
    await login(p2, server.url, email, 'Collab-2026!');
    await p2.getByText('Nuovo', { exact: false }).first().waitFor();
    await other.close();
  });
});
