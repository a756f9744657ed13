/**
 * Accounts in Chromium (issue 10): the account statement of one customer, opened from its row.
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
  s = await openSession(STUDIO.admin);
  api = await apiClient(s.server.url, STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

/** 'YYYY-MM' of the current month in Rome, and of the month before. */
function months() {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { current: `${y}-${pad(m!)}`, previous: m === 1 ? `${y! - 1}-12` : `${y}-${pad(m! - 1)}` };
}

describe('account statement in Chromium', () => {
  it("10.2 a customer's statement from its row: balances of the month above the movements, a running balance per row, the name in the title", async () => {
    const { page, server } = s;
    const reps = await api.get('/api/legal_representatives');
    const created = await api.send('POST', '/api/customers', {
      business_name: 'Estratto Prova S.p.A.',
      email: 'estratto@prova.test',
      yearly_accounting_amount: 2400,
      legal_representative_id: reps.data[0].id,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const { current, previous } = months();
    for (const [type, amount, date, note] of [
      ['CHARGE', 1000, `${previous}-05 00:00:00`, 'Rata precedente'],
      ['PAYMENT', 250.5, `${current}-01 09:00:00`, 'Bonifico parziale'],
      ['CHARGE', 300, `${current}-02 00:00:00`, 'Rata del mese'],
      ['ADJUSTMENT', 10.25, `${current}-03 00:00:00`, 'Arrotondamento'],
    ] as const) {
      const r = await api.send('POST', '/api/transactions', {
        customer_id: id,
        type,
        amount,
        date,
        transaction_note: note,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    await page.goto(`${server.url}/table/Customer`);
    await page.getByLabel('Cerca (premi Invio)').fill('Estratto Prova');
    await page.getByLabel('Cerca (premi Invio)').press('Enter');
    const row = page.locator('tbody tr', { hasText: 'Estratto Prova S.p.A.' });
    await row.getByRole('button', { name: 'Estratto Conto' }).click();
    // the list may write its state into the address (?filter=…) as soon as it opens
    await page.waitForURL(new RegExp(`/table/Transaction/${id}(\\?.*)?$`));
    await page.getByText('Estratto Conto - Estratto Prova S.p.A.').first().waitFor();
    const summary = page.getByRole('region', { name: 'Riepilogo estratto conto' });
    const figure = async (label: string) =>
      (await summary.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim();
    // a charge counts for what it asks (issue 45 item 1): the demo studio applies the 4 % cassa and 22 % VAT,
    // a private person withholds nothing — 1.000 → 1.000 + 40 + 228,80 = 1.268,80; 300 → 300 + 12 + 68,64 = 380,64
    await expect.poll(() => figure('Saldo finale')).toBe('1.409,19 €');
    expect(await figure('Saldo iniziale')).toBe('1.268,80 €');
    expect(await figure('Addebiti')).toBe('380,64 €');
    expect(await figure('Incassi')).toBe('250,50 €');
    expect(await figure('Conguagli')).toBe('10,25 €');
    // the movements of the month, newest first, each with the balance after it
    await page.locator('tbody tr', { hasText: 'Arrotondamento' }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const runningColumn = async () => {
      const i = (await page.locator('thead th').allInnerTexts()).findIndex((t) => t.trim() === 'Saldo progressivo');
      expect(i).toBeGreaterThan(0);
      return i;
    };
    const running = async (note: string) =>
      // the running balance's column, found by its header (the statement adds 'Da incassare' after it)
      (
        await page
          .locator('tbody tr', { hasText: note })
          .locator('td')
          .nth(await runningColumn())
          .innerText()
      ).trim();
    await expect.poll(() => running('Arrotondamento')).toBe('1.409,19 €');
    expect(await running('Rata del mese')).toBe('1.398,94 €');
    expect(await running('Bonifico parziale')).toBe('1.018,30 €');
    // the customer filter and the installments toggle are not offered on one customer's statement
    await page
      .getByRole('button', { name: /filtri/i })
      .first()
      .click();
    await expect.poll(() => page.getByText('Data dal').count()).toBeGreaterThan(0);
    expect(await page.getByRole('group', { name: 'Rate annuali' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Cliente' }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'statement.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // 'Seleziona tutti' takes this customer's movements of the interval only, not the studio's
    await page.keyboard.press('Escape');
    await rows.first().locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: /Seleziona tutti \(3\)/ }).click();
    await page.getByText('3 elementi selezionati').waitFor();
  });
});
