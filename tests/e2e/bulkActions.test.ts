/**
 * The customers' bulk toolbar in Chromium (issue 10): generate next year's installments on a
 * selection (a second run adds nothing), raise the yearly amount by 5 % with its preview, the
 * annual balancer's two clicks and result, a collaborator in exclusive mode, and one movement
 * for the selected customers through the transaction form in multiple mode.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, clickBulkAction, tickRows, type ApiClient } from './util';
import { today as romeToday } from '../../model/dates';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let api: ApiClient;
const NAMES = ['Massa Uno S.r.l.', 'Massa Due S.r.l.', 'Massa Tre S.r.l.'];
const ids: number[] = [];
const nextYear = Number(romeToday().slice(0, 4)) + 1;

beforeAll(async () => {
  s = await openSession(STUDIO.admin);
  api = await apiClient(s.server.url, STUDIO.admin);
  const reps = await api.get('/api/legal_representatives');
  for (const [i, name] of NAMES.entries()) {
    const r = await api.send('POST', '/api/customers', {
      business_name: name,
      email: `massa${i}@esempio.test`,
      yearly_accounting_amount: 1000 * (i + 1),
      yearly_number_of_installments: [1, 4, 12][i],
      legal_representative_id: reps.data[0].id,
    });
    expect(r.status).toBe(201);
    ids.push(r.body.data.id);
  }
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

/** The customers list searched for 'Massa', the three rows selected. */
async function selectThree() {
  const { page, server } = s;
  await page.goto(`${server.url}/table/Customer`);
  await page.getByLabel('Cerca (premi Invio)').fill('Massa');
  await page.getByLabel('Cerca (premi Invio)').press('Enter');
  for (const name of NAMES) await page.locator('tbody tr', { hasText: name }).waitFor();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
  await tickRows(
    page,
    NAMES.map((name) => page.locator('tbody tr', { hasText: name })),
  );
}
const dialog = (): Locator => s.page.getByRole('dialog');
/** a bulk action of the toolbar, its button or its item in the bar's menu (issue 25 item 18) */
const bulk = (name: string) => ({ click: () => clickBulkAction(s.page, name) });
const installments = async (id: number, year: number) =>
  (
    await api.get('/api/list/Transaction/TransactionResourceListCollection', {
      items_per_page: -1,
      filters: [
        { name: 'customer_id', type: 'OR', val: [id] },
        { name: 'is_yearly_installment', type: 'OR', val: [1] },
        { name: 'date', type: 'gte', val: [`${year}-01-01 00:00:00`] },
        { name: 'date', type: 'lte', val: [`${year}-12-31 23:59:59`] },
      ],
    })
  ).data as Array<{ amount: number; type: string }>;

describe('bulk actions on customers in Chromium', () => {
  it("10.3 generate next year's installments on a selection; a second run adds nothing", async () => {
    const { page } = s;
    await selectThree();
    await bulk('Genera rate').click();
    await dialog().getByLabel('Anno', { exact: true }).fill(String(nextYear));
    await dialog().getByRole('button', { name: 'Genera', exact: true }).click();
    await dialog().getByText('Rate create: 17').waitFor();
    await page.screenshot({ path: join(SHOTS, 'bulk-installments.png') });
    expect(await axeViolations(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Chiudi' }).click();
    expect((await installments(ids[1]!, nextYear)).map((t) => t.amount)).toEqual([500, 500, 500, 500]);
    // again: every customer is skipped with the reason
    await bulk('Genera rate').click();
    await dialog().getByLabel('Anno', { exact: true }).fill(String(nextYear));
    await dialog().getByRole('button', { name: 'Genera', exact: true }).click();
    await dialog().getByText('Rate create: 0').waitFor();
    expect(await dialog().getByText(`Rate già generate per il ${nextYear}`).count()).toBe(3);
    await dialog().getByRole('button', { name: 'Chiudi' }).click();
  });

  it('10.3 the yearly amount +5 % after its preview, then the annual balancer: two clicks and the result', async () => {
    const { page } = s;
    await selectThree();
    await bulk('Tariffa annuale').click();
    await dialog().getByLabel('Variazione (%)').fill('5');
    await dialog().getByRole('button', { name: 'Anteprima' }).click();
    await dialog().getByText('2.100,00 €').waitFor();
    await dialog().getByRole('button', { name: 'Conferma' }).click();
    await expect.poll(async () => (await api.get(`/api/customer/${ids[2]}`)).data.yearly_accounting_amount).toBe(3150);

    await selectThree();
    await bulk('Conguaglio annuale').click();
    await dialog().getByLabel('Anno', { exact: true }).fill(String(nextYear));
    // per customer and year: each selected customer shows the selection's year, editable
    await dialog().getByRole('switch', { name: 'Anno diverso per cliente' }).check();
    const perCustomer = dialog().getByRole('table', { name: 'Anno per cliente' });
    await perCustomer.waitFor();
    await expect.poll(() => perCustomer.getByRole('spinbutton').count()).toBe(3);
    for (const input of await perCustomer.getByRole('spinbutton').all())
      expect(await input.inputValue()).toBe(String(nextYear));
    await page.screenshot({ path: join(SHOTS, 'bulk-balancer-years.png') });
    const run = dialog().getByRole('button', { name: 'Esegui conguaglio' });
    await run.click();
    // the first click only arms it
    const sure = dialog().getByRole('button', { name: 'Sicuro?' });
    await sure.waitFor();
    expect(await installments(ids[0]!, nextYear)).toHaveLength(1);
    await sure.click();
    const table = dialog().getByRole('table', { name: 'Risultato del conguaglio' });
    await table.waitFor();
    for (const amount of ['50,00 €', '100,00 €', '150,00 €']) await table.getByText(amount, { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'bulk-balancer.png') });
    const adjustment = (await installments(ids[0]!, nextYear)).find((t) => t.type === 'ADJUSTMENT');
    expect(adjustment?.amount).toBe(50);
  });

  it('10.3 a collaborator for the selected customers (one each), then one movement for all of them', async () => {
    const { page } = s;
    await selectThree();
    await bulk('Assegna collaboratori').click();
    await dialog().getByRole('radio', { name: 'Adempimenti' }).check();
    await dialog()
      .getByRole('radio', { name: /^Marco Rossi/ })
      .check();
    await dialog().getByRole('button', { name: 'Assegna' }).click();
    await expect
      .poll(async () => (await api.get(`/api/customer/${ids[0]}`)).data.collaborator_studio_jobs_id)
      .toBeGreaterThan(0);

    await selectThree();
    await bulk('Aggiungi movimento').click();
    await page.waitForURL('**/Transaction/create');
    // multiple mode with the three customers already chosen
    for (const name of NAMES)
      await page
        .getByRole('button', { name })
        .or(page.getByText(name, { exact: true }))
        .first()
        .waitFor();
    // the form is there (the shot shows it filled in)
    await page.getByLabel('Importo').waitFor();
    await page.screenshot({ path: join(SHOTS, 'bulk-add-transaction.png'), fullPage: true });
    await page.getByLabel('Importo').fill('99,90');
    await page.getByLabel(/Nota movimento/).fill('Diritti di segreteria');
    await page.getByRole('button', { name: /salva/i }).first().click();
    // the list may write its state into the address (?filter=…) as soon as it opens
    await page.waitForURL(/\/table\/Transaction(\?.*)?$/);
    for (const id of ids) {
      const rows = (
        await api.get('/api/list/Transaction/TransactionResourceListCollection', {
          items_per_page: -1,
          filters: [{ name: 'customer_id', type: 'OR', val: [id] }],
          search_text: 'Diritti di segreteria',
        })
      ).data as Array<{ amount: number }>;
      expect(rows.map((r) => r.amount)).toEqual([99.9]);
    }
  });
});
