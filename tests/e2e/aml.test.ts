/**
 * The customer's anti-money-laundering file in Chromium (issue 48, first step), as the demo Admin:
 * a customer's card, 'Nuova valutazione' — the services, Tabella A, the live result with its
 * reasons —, 'Registra valutazione'; the section then shows the level applied, the effective risk
 * and the next check, and the history keeps it; the customer can no longer be trashed. Screenshots
 * at 1400 and 390 px.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { ACTIVE, apiClient, type ApiClient } from './util';

const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let api: ApiClient;

beforeAll(async () => {
  s = await openSession(STUDIO.admin);
  api = await apiClient(s.server.url, STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('the AML file in Chromium', () => {
  it("issue 48 an Admin assesses a demo customer's risk on its card: the live result, the level recorded, the history, the customer kept", async () => {
    const { page, server } = s;
    const [customer] = await api.customers({ filters: [ACTIVE], sort_by: 'id' });
    await page.goto(`${server.url}/Customer/${customer!.id}`);
    const section = page.getByRole('region', { name: 'Antiriciclaggio' });
    await section.getByText('Nessuna valutazione del rischio').waitFor();
    await section.getByRole('button', { name: 'Nuova valutazione' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova valutazione del rischio' });
    await dialog.getByRole('combobox', { name: 'Prestazioni svolte per il cliente' }).click();
    await page.getByRole('option', { name: /^Tenuta della contabilità/ }).click();
    await page.keyboard.press('Escape');
    for (const [label, n] of [
      ['Natura giuridica', 1],
      ['Prevalente attività svolta', 2],
      ['Comportamento tenuto', 1],
      ['Area geografica di residenza', 1],
    ] as const) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('option', { name: new RegExp(`^${n} – `) }).click();
    }
    // 3 × 30 % + 1,25 × 70 % = 1,78: semplificata
    await dialog
      .getByText(/Rischio effettivo 1,78/)
      .first()
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Scopo e natura del rapporto' }).fill('Contabilità semplificata');
    await page.screenshot({ path: join(SHOTS, 'aml-assessment-form.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/aml/assessments')),
      dialog.getByRole('button', { name: 'Registra valutazione' }).click(),
    ]);
    expect(posted.status(), await posted.text()).toBe(201);
    expect((await posted.json()).data).toMatchObject({ effective: 1.78, level: 'semplificata' });
    await section.getByText('Adeguata verifica semplificata').first().waitFor();
    await section
      .getByText(/Rischio effettivo 1,78/)
      .first()
      .waitFor();
    const history = section.getByRole('table', { name: 'Storico delle valutazioni' });
    await expect.poll(() => history.locator('tbody tr', { hasText: '1,78' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'aml-section.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'aml-section-390.png'), fullPage: true });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(fits, 'the card fits 390 px').toBe(true);
    // kept as the law says: the customer is not trashed
    const trash = await api.send('DELETE', `/api/customers/${customer!.id}`);
    expect(trash.status).toBe(409);
    expect(trash.body.message).toMatch(/dieci anni dalla fine del rapporto/);
  });
});
