/**
 * Quick find in Chromium (issue 16 item 3) on the demo data, as the Admin of Studio Demo: Ctrl+K
 * on the customers list opens the dialog, a customer's VAT number finds it, Enter opens its card;
 * axe on the open dialog; Ctrl+K from a field of the card opens it again without typing in the
 * field, Esc closes it; on a phone the app bar shows the icon only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import type { Page } from 'playwright-core';
import { apiClient, freshCustomerList, reachable, type CustomerRow } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;

/** The quick find (a Modal with a role="dialog" Paper) and its backdrop have finished fading in. */
async function quickFindShown(page: Page) {
  await page.waitForFunction(() => {
    const els = [
      ...document.querySelectorAll<HTMLElement>('.MuiModal-root [role="dialog"], .MuiModal-root .MuiBackdrop-root'),
    ];
    return els.length === 2 && els.every((e) => getComputedStyle(e).opacity === '1');
  });
}
let customer: CustomerRow & { vat_id: string };

beforeAll(async () => {
  s = await openSession(STUDIO.admin);
  const api = await apiClient(s.server.url, STUDIO.admin);
  const rows = await api.customers();
  customer = rows.find(
    (r) => typeof r.vat_id === 'string' && /^\d{11}$/.test(r.vat_id) && !r.ceased,
  ) as typeof customer;
  expect(customer).toBeTruthy();
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('quick find in Chromium', () => {
  it("Ctrl+K on the customers list, a VAT number, Enter: the customer's card opens; axe finds nothing on the dialog", async () => {
    const { page, server } = s;
    await freshCustomerList(page, server.url);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Ricerca rapida' });
    await dialog.waitFor();
    const input = dialog.getByRole('combobox', { name: 'Cerca clienti, legali rappresentanti, fatture' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // typed as people often write it: with the country prefix and blanks
    await page.keyboard.type(`IT ${customer.vat_id.slice(0, 5)} ${customer.vat_id.slice(5)}`);
    const first = dialog.getByRole('option').first();
    await expect.poll(() => first.innerText()).toContain(customer.business_name);
    expect(await first.innerText()).toContain(`P. IVA ${customer.vat_id}`);
    expect(await first.getAttribute('aria-selected')).not.toBe(null);
    expect(await dialog.getByText('Clienti', { exact: true }).isVisible()).toBe(true);
    await quickFindShown(page);
    // the result is on screen, not clipped by the dialog
    expect(await reachable(first)).toMatchObject({ ok: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'quickfind.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/Customer/${customer.id}$`));
    await dialog.waitFor({ state: 'detached' });
    const name = page.getByRole('textbox', { name: /^Ragione Sociale( \*)?$/ });
    await expect.poll(() => name.inputValue()).toBe(customer.business_name);
  });

  it('Ctrl+K while a field of the card has the focus opens the dialog without typing in the field; Esc closes it', async () => {
    const { page } = s;
    const name = page.getByRole('textbox', { name: /^Ragione Sociale( \*)?$/ });
    await name.focus();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Ricerca rapida' });
    await dialog.waitFor();
    await page.keyboard.type('zzzzqq');
    await expect.poll(() => dialog.locator('.MuiAutocomplete-noOptions').innerText()).toBe('Nessun risultato');
    // a surname: the groups the API answers, under their headings, in its order
    const surname = customer.business_name.split(' ')[0]!;
    const input = dialog.getByRole('combobox', { name: 'Cerca clienti, legali rappresentanti, fatture' });
    await input.fill(surname);
    const api = await apiClient(s.server.url, STUDIO.admin);
    const hits = (await api.get<{ data: Array<{ kind: string; title: string }> }>('/api/quick_find', { q: surname }))
      .data;
    expect(hits.length).toBeGreaterThan(0);
    const headings = {
      customer: 'Clienti',
      legal_representative: 'Legali rappresentanti',
      einvoice: 'Fatture elettroniche',
    } as Record<string, string>;
    await expect.poll(() => dialog.getByRole('option').count()).toBe(hits.length);
    expect(
      await dialog
        .getByRole('group')
        .evaluateAll((gs) =>
          gs.map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent),
        ),
    ).toEqual([...new Set(hits.map((h) => headings[h.kind]))]);
    await page.screenshot({ path: join(SHOTS, 'quickfind-groups.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe(customer.business_name);
    expect(page.url()).toMatch(new RegExp(`/Customer/${customer.id}$`));
  });

  it('on a phone the app bar shows the search icon only, still named for assistive technology', async () => {
    const { page, server } = s;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.goto(`${server.url}/Menu`);
      const button = page.getByRole('button', { name: 'Cerca… (Ctrl+K)' });
      await button.waitFor();
      expect((await button.innerText()).trim()).toBe('');
      expect((await button.boundingBox())!.width).toBeLessThan(56);
      await button.click();
      await page.getByRole('dialog', { name: 'Ricerca rapida' }).waitFor();
      await quickFindShown(page);
      await page.screenshot({ path: join(SHOTS, 'quickfind-phone.png') });
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
