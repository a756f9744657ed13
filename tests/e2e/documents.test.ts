/**
 * Documents in Chromium (issue 11): the payment notice generator — one customer gives
 * Bollettino.pdf, the customers selected on the list give Bollettini.zip; each file is read
 * back (pdftotext, unzip) and the notice looked at as an image (pdftoppm).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { today as romeToday } from '../../model/dates';
import { clickBulkAction, listAfter, tickRows } from './util';

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

/** The first `count` customers found by `search` on the customers list, selected. */
async function selectCustomers(search: string, count: number) {
  const { page, server } = s;
  // a list afresh: no search nor selection left by an earlier test (react-admin keeps both)
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage))
      if (k.startsWith('RaStore') && (k.includes('list') || k.endsWith('selectedIds'))) localStorage.removeItem(k);
  });
  await page.goto(`${server.url}/table/Customer`);
  await page.locator('tbody tr').first().waitFor();
  // the rows of the search itself, not those shown before its answer
  await listAfter(page, async () => {
    await page.getByLabel('Cerca (premi Invio)').fill(search);
    await page.getByLabel('Cerca (premi Invio)').press('Enter');
  });
  await tickRows(
    page,
    Array.from({ length: count }, (_, i) => page.locator('tbody tr').nth(i)),
  );
}

async function pickService() {
  const { page } = s;
  await page.getByRole('combobox', { name: /^Servizio/ }).click();
  await page.getByRole('option').first().click();
  // the amount comes from the service's cost
  await expect.poll(() => page.getByRole('textbox', { name: /^Importo/ }).inputValue()).not.toBe('');
}

describe('payment notices in Chromium', () => {
  it('11.2 one customer: Bollettino.pdf with the customer, the amount and the IBAN', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/NewSchedaBollettino`);
    const customers = page.getByRole('combobox', { name: /^Clienti/ });
    await customers.fill('Rossi');
    await page.getByRole('option').first().click();
    const chosen = (await page.locator('.MuiChip-label').first().innerText()).trim();
    await pickService();
    await page.getByRole('textbox', { name: /^Importo/ }).fill('150,00');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Bollettino.pdf');
    const pdf = join(SHOTS, 'bollettino.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(chosen);
    expect(text).toContain('150,00 €');
    expect(text).toMatch(/IT\d\d [A-Z0-9]{4} /);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, join(SHOTS, 'bollettino')]);
    await page.screenshot({ path: join(SHOTS, 'bollettino-form.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('11.2 the customers selected on the list: Bollettini.zip with one notice each', async () => {
    const { page } = s;
    await selectCustomers('Srl', 3);
    await page.getByRole('toolbar', { name: /Azioni sui 3 elementi selezionati/ }).waitFor();
    await clickBulkAction(page, 'Bollettini');
    await page.waitForURL('**/NewSchedaBollettino');
    await expect.poll(() => page.locator('.MuiChip-label').count()).toBe(3);
    await pickService();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Bollettini.zip');
    const zip = join(SHOTS, 'bollettini.zip');
    await download.saveAs(zip);
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(3);
    expect(names.every((n) => /^Bollettino_[A-Za-z0-9._-]+\.pdf$/.test(n))).toBe(true);
  });

  it('11.4 the account statements of three selected customers: EstrattiConto.zip for the period chosen', async () => {
    const { page } = s;
    await selectCustomers('Srl', 3);
    await page.getByRole('toolbar', { name: /Azioni sui 3 elementi selezionati/ }).waitFor();
    await clickBulkAction(page, 'Estratto conto');
    const dialog = page.getByRole('dialog', { name: 'Informazione!!' });
    const year = Number(romeToday().slice(0, 4));
    expect(await dialog.getByLabel('Dal').inputValue()).toBe(`${year}-01-01`);
    await dialog.getByLabel('Dal').fill(`${year - 1}-01-01`);
    await page.screenshot({ path: join(SHOTS, 'account-balance-dialog.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Scarica PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('EstrattiConto.zip');
    const zip = join(SHOTS, 'estratti.zip');
    await download.saveAs(zip);
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(3);
    execFileSync('unzip', ['-o', '-q', zip, names[0]!, '-d', join(SHOTS, 'estratti')]);
    const text = execFileSync('pdftotext', ['-layout', join(SHOTS, 'estratti', names[0]!), '-'], { encoding: 'utf8' });
    expect(text).toContain(`dal 01-01-${year - 1} al 31-12-${year}`);
    expect(text).toMatch(/Saldo finale\s+[-\d.,]+ €/);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      join(SHOTS, 'estratti', names[0]!),
      join(SHOTS, 'estratto'),
    ]);
  });

  it('11.3 the contract of one customer: Contratto.pdf, the engagement letter with its fee', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/table/Customer`);
    await page.getByLabel('Cerca (premi Invio)').fill('Vitale');
    await page.getByLabel('Cerca (premi Invio)').press('Enter');
    const row = page.locator('tbody tr', { hasText: 'Vitale' }).first();
    await row.waitFor();
    // the selection of the earlier steps is kept by the list: start from none
    const unselect = page.getByRole('button', { name: 'Annulla selezione' });
    if (await unselect.isVisible()) await unselect.click();
    await row.locator('input[type="checkbox"]').check();
    await page.getByRole('toolbar', { name: /Azioni sui 1 elementi selezionati/ }).waitFor();
    await clickBulkAction(page, 'Contratto');
    const dialog = page.getByRole('dialog', { name: 'Informazione!!' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Scarica PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Contratto.pdf');
    const pdf = join(SHOTS, 'contratto.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Lettera di incarico professionale');
    expect(text).toContain('Vitale');
    expect(text).toMatch(/compenso annuo di [\d.]+,\d\d €/);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdf, join(SHOTS, 'contratto')]);
  });
});
