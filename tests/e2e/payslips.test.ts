/**
 * Payslips in Chromium (issue 10): a month of payslips inserted for a customer from
 * /table/CustomersForCedolini (two clicks), then its saved view with the quantity.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, type ApiClient } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let api: ApiClient;

beforeAll(async () => {
  s = await openSession(STUDIO.collaboratore);
  api = await apiClient(s.server.url, STUDIO.collaboratore);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

const MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
];

describe('payslips in Chromium', () => {
  it('10.5 a payslip month inserted for a customer of the list (two clicks), then its saved view shows the quantity and the charge', async () => {
    const { page, server } = s;
    const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .split('-')
      .map(Number);
    const reps = await api.get('/api/legal_representatives');
    const created = await api.send('POST', '/api/customers', {
      business_name: 'Cedolini Prova S.r.l.',
      email: 'cedolini@prova.test',
      cedolino_rate: 12.5,
      yearly_accounting_amount: 1200,
      legal_representative_id: reps.data[0].id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    await page.goto(`${server.url}/table/CustomersForCedolini`);
    // a view of the generic customers list: its title, search on Enter, no 'Nuovo'
    await page.waitForFunction(() => document.title.startsWith('Cedolini - Clienti con costo cedolino'));
    await page.getByLabel('Cerca (premi Invio)').fill('Cedolini Prova');
    await page.getByLabel('Cerca (premi Invio)').press('Enter');
    expect(await page.getByRole('button', { name: 'Nuovo' }).count()).toBe(0);
    const row = page.locator('tbody tr', { hasText: 'Cedolini Prova S.r.l.' });
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await row.locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Inserisci cedolini' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inserisci cedolini' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Mese' }).innerText()).toBe(MONTHS[m! - 1]);
    const qty = dialog.getByRole('spinbutton', { name: 'Quantità Cedolini Prova S.r.l.' });
    expect(await qty.inputValue()).toBe('1');
    await qty.fill('3');
    await dialog.getByRole('button', { name: 'Inserisci' }).click();
    await dialog.getByRole('button', { name: 'Sicuro?' }).waitFor();
    // the first click turns the button into 'Sicuro?' in the theme's warning colour (#a15c00; the mouse moved off it: not the hover shade)
    await page.mouse.move(5, 5);
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Sicuro?' }).evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(161, 92, 0)');
    await page.screenshot({ path: join(SHOTS, 'payslips-insert.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Sicuro?' }).click();
    await page.getByText('Cedolini inseriti').waitFor();

    // the charge was posted
    const year = await api.get(`/api/cedolini?customer_id=${id}&year=${y}`);
    expect(year.data[String(m)]).toBe(3);

    await row.locator('td', { hasText: 'Cedolini Prova S.r.l.' }).click();
    await page.waitForURL(`**/cedolini_saved/${id}`);
    await page.getByRole('heading', { name: 'Cedolini di Cedolini Prova S.r.l.' }).waitFor();
    await page.getByText('Costo cedolino: 12,50 €').waitFor();
    const month = page.getByRole('spinbutton', { name: `Quantità ${MONTHS[m! - 1]} ${y}` });
    await expect.poll(() => month.inputValue()).toBe('3');
    expect(await page.getByTestId(`cedolini-month-${m}`).innerText()).toContain('37,50 €');
    await page.screenshot({ path: join(SHOTS, 'payslips-saved.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
