/**
 * Following up in Chromium (issue 30, done-when), as the Admin of a copy of the demo data: the
 * 'Scadenzario' with its buckets; 'Solleciti' — two levels set in 'Regole' (prefilled by the
 * suggested texts), the day's run ('Esegui ora') proposes the overdue customers, two are reviewed
 * and sent; 'Posta in uscita' shows the reminder and its link is followed to the customer's page
 * at 390 px (axe, its opening counted on the reminder); a payment recorded in the movement form
 * for a customer whose reminder is still pending, and the next run withdraws it ('Pagato').
 * ('Esegui ora' makes the same run the scheduled one makes the next day: the rule is by content,
 * and the API tests run the scheduled run of a later day.)
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, type ApiClient } from './util';

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

interface ReminderRow {
  id: number;
  customer_id: number;
  business_name: string;
  email: string | null;
  status: string;
  reason: string | null;
  opened_count: number;
}
const euro = (n: number) => n.toFixed(2).replace('.', ',');

describe('following up in Chromium', () => {
  it('30 the aging, two levels, the day’s run reviewed and sent, the customer’s page from the outbox at 390 px, a payment withdraws a pending reminder', async () => {
    const { page, server } = s;

    // the aging
    await page.goto(`${server.url}/scadenzario`);
    const customers = page.getByRole('table', { name: /cliente/i }).first();
    await customers.locator('tbody tr').first().waitFor();
    const aging = (await api.get('/api/aging')).data as { totals: { total: number; over_90: number } };
    expect(aging.totals.over_90).toBeGreaterThan(0);
    await page.getByText('Oltre 90 giorni').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'aging.png') });
    expect(await axeViolations(page)).toEqual([]);

    // two levels, from the suggested texts
    await page.goto(`${server.url}/solleciti`);
    await page.getByRole('tab', { name: 'Regole' }).click();
    await page.getByRole('button', { name: 'Aggiungi livello' }).click();
    await page.getByRole('button', { name: 'Aggiungi livello' }).click();
    const days = page.getByLabel('Giorni dopo la scadenza');
    await expect.poll(() => days.count()).toBe(2);
    await days.nth(0).fill('7');
    await days.nth(1).fill('30');
    await page.screenshot({ path: join(SHOTS, 'reminder-rules.png'), fullPage: true });
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/reminders/settings')),
      page.getByRole('button', { name: 'Salva' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    const rules = (await api.get('/api/reminders/settings')).data as { levels: Array<{ days: number; text: string }> };
    expect(rules.levels.map((l) => l.days)).toEqual([7, 30]);
    expect(rules.levels[0]!.text).toContain('{sollecito_link}');

    // the day's run, reviewed
    await page.getByRole('tab', { name: 'Da inviare' }).click();
    const [ran] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders/run')),
      page.getByRole('button', { name: 'Esegui ora' }).click(),
    ]);
    const run = (await ran.json()).data as { proposed: number };
    expect(run.proposed).toBeGreaterThan(3);
    await page.getByText(new RegExp(`Procedura del giorno: ${run.proposed} proposti`)).waitFor();
    const table = page.getByRole('table', { name: 'Solleciti da inviare' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(run.proposed);
    await page.screenshot({ path: join(SHOTS, 'reminders-review.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const pending = ((await api.get('/api/reminders', { status: 'pending' })).data as ReminderRow[]).filter(
      (r) => r.email,
    );
    const [first, second, unpaid] = pending;
    for (const r of [first!, second!])
      await page.getByRole('checkbox', { name: new RegExp(`^Seleziona ${escape(r.business_name)} \\(`) }).check();
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders/send')),
      page.getByRole('button', { name: 'Invia', exact: true }).click(),
    ]);
    expect(sent.status()).toBe(202);
    expect((await sent.json()).data.queued).toBe(2);
    // sent by the time the list drops them (it refreshes itself while any is being sent)
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(run.proposed - 2);

    // 'Posta in uscita': the reminder to the first customer, its link followed at 390 px
    await page.goto(`${server.url}/posta_in_uscita`);
    const outbox = page.getByRole('table', { name: 'Messaggi della posta in uscita' });
    const row = outbox.locator('tbody tr', { hasText: first!.email! }).first();
    await row.waitFor();
    await row.getByRole('button', { name: /^Apri il messaggio/ }).click();
    const dialog = page.getByRole('dialog', { name: /Sollecito di pagamento/ });
    await dialog.getByText('Sollecito.pdf').waitFor();
    await dialog.getByText('EstrattoConto.pdf').waitFor();
    const link = dialog.getByRole('link', { name: /\/estratto\// });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/estratto\/\d+-\d{8}-[\w-]{32}$/);
    const [customerPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await customerPage.setViewportSize({ width: 390, height: 844 });
    await customerPage.waitForLoadState('load');
    await customerPage.getByRole('heading', { level: 1 }).waitFor();
    const text = await customerPage.locator('body').innerText();
    expect(text).toContain(first!.business_name);
    expect(text).toMatch(/IT\d\d/);
    // nothing wider than the phone
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await customerPage.screenshot({ path: join(SHOTS, 'customer-page-390.png'), fullPage: true });
    expect(await axeViolations(customerPage)).toEqual([]);
    await customerPage.close();
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    const history = (await api.get(`/api/customer/${first!.customer_id}/reminders`)).data as {
      reminders: ReminderRow[];
    };
    expect(history.reminders[0]).toMatchObject({ id: first!.id, status: 'sent', opened_count: 1 });

    // a payment of everything the third customer owes — its payables, what is open — in the movement form
    const owed = (await api.get(`/api/customer/${unpaid!.customer_id}/open_items`)).data.summary.open as number;
    await page.goto(`${server.url}/Transaction/create`);
    const customer = page.getByRole('combobox', { name: /^Cliente( \*)?$/ });
    await customer.click();
    await customer.fill(unpaid!.business_name.slice(0, 20));
    await page.getByRole('option', { name: unpaid!.business_name }).first().click();
    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Incasso' }).click();
    await page.getByLabel(/^Importo/).fill(euro(owed));
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/transactions')),
      page.locator('form').locator('button[type="submit"]').click(),
    ]);
    expect(posted.status(), await posted.text()).toBe(201);
    await page.waitForURL(/\/table\/Transaction/);

    // the next run withdraws its reminder
    await page.goto(`${server.url}/solleciti`);
    await table.locator('tbody tr').first().waitFor();
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/reminders/run')),
      page.getByRole('button', { name: 'Esegui ora' }).click(),
    ]);
    expect((await again.json()).data).toMatchObject({ proposed: 0, withdrawn: 1 });
    await expect.poll(() => table.locator('tbody tr', { hasText: unpaid!.business_name }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Inviati e ritirati' }).click();
    const done = page.getByRole('table', { name: 'Solleciti inviati e ritirati' });
    const withdrawn = done.locator('tbody tr', { hasText: unpaid!.business_name });
    await withdrawn.getByText(/Pagato/).waitFor();
    await page.screenshot({ path: join(SHOTS, 'reminders-history.png'), fullPage: true });

    // the customer's card: its reminders, the withdrawn one with why
    await page.goto(`${server.url}/SchedaCustomer/${unpaid!.customer_id}`);
    await page.getByRole('heading', { name: 'Solleciti', level: 2 }).waitFor();
    await page
      .getByText(/Pagato/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'Solleciti', level: 2 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'customer-reminders.png') });
    // the home page's chart of the same buckets
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Apri lo scadenzario' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'home-aging.png'), fullPage: true });
  });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
