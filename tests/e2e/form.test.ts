/**
 * The generic form in Chromium against the real server on the demo data (seed A §4, §5,
 * §8, §9): Alt+S shortcut, fiscal-code and VAT messages, the money input, a new customer
 * with its defaults, and the required fiscal code of the studio form.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  axeViolations,
  consoleGuard,
  launchBrowser,
  login,
  SHOTS,
  studioFor,
  workerServer,
  type ConsoleGuard,
  type E2EServer,
} from './harness';
import { ACTIVE, apiClient, freshCustomerList, listAfter, type ApiClient } from './util';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators';
import { today } from '../../model/fields';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let guard: ConsoleGuard;
let api: ApiClient;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  context = await browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1400, height: 900 },
  });
  guard = consoleGuard(context);
  page = await context.newPage();
  await login(page, server.url, STUDIO.admin);
  api = await apiClient(server.url, STUDIO.admin);
});
// issue 7 #16: no console error in normal use
afterEach(() => {
  expect(guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe on the current screen: no serious/critical violation (soft, so the flow goes on). */
async function noSeriousAxe(p: Page) {
  await p.mouse.move(700, 895);
  await p.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'));
  expect.soft(await axeViolations(p), `axe on ${new URL(p.url()).pathname}`).toEqual([]);
}

/** The page the form helpers work on: the list page, or a customer opened in a new tab. */
let cur: Page;
// required fields carry an asterisk in their accessible name
const textbox = (name: string) =>
  cur.getByRole('textbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`) });
/** The helper text (error message) under an input. */
async function helperOf(input: Locator): Promise<string> {
  const id = await input.getAttribute('aria-describedby');
  if (!id) return '';
  // an empty helper is a zero-width space (react-admin) or a blank (MUI)
  return (await cur.locator(`[id="${id.split(' ')[0]}"]`).innerText()).replace(/\u200b/g, '').trim();
}
/**
 * The input is marked invalid and shows `message` under it. The wait accepts the message inside
 * other text, so the flow goes on; the exact text is then a soft expectation (reported, not fatal).
 */
async function expectHelper(input: Locator, message: string) {
  await expect.poll(() => helperOf(input), { timeout: 10_000 }).toContain(message);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const label =
    (await input.getAttribute('aria-label')) ??
    (await input.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  expect.soft(await helperOf(input), `message under '${label}'`).toBe(message);
}
const submit = () => cur.locator('form').locator('button[type="submit"]');

/** Active customers of the demo studio (list columns). */
const activeCustomers = () => api.customers({ filters: [ACTIVE] });

/**
 * Opens a customer as a user does: search its code in the list, click the row, and the form
 * opens in a new tab (the default). The tab becomes the current page of the form helpers.
 */
async function openCustomer(c: { id: number; cod: string; business_name: string }): Promise<Page> {
  if (cur && cur !== page && !cur.isClosed()) await cur.close();
  cur = page;
  await freshCustomerList(page, server.url);
  const search = page.getByLabel('Cerca (premi Invio)');
  await search.fill(c.cod);
  const found = await listAfter(page, () => search.press('Enter'));
  expect(found.total).toBe(1);
  const cell = page.locator('tbody tr').first().getByText(c.business_name, { exact: true });
  const [tab] = await Promise.all([context.waitForEvent('page'), cell.click()]);
  await tab.waitForURL(new RegExp(`/Customer/${c.id}$`));
  cur = tab;
  await textbox('Ragione Sociale').waitFor();
  await expect.poll(() => textbox('Ragione Sociale').inputValue()).toBe(c.business_name);
  return tab;
}

describe('generic form: customers and studio', () => {
  it('saves with the Alt+S shortcut', async () => {
    const c = (await activeCustomers())[3]!;
    const tab = await openCustomer(c);
    const city = tab.getByRole('textbox', { name: 'Città' });
    const newCity = c.city === 'Macerata' ? 'Ancona' : 'Macerata';
    await city.fill(newCity);
    await tab.getByText('Ci sono modifiche non salvate').waitFor();
    const [put] = await Promise.all([
      tab.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/customers/${c.id}`)),
      tab.keyboard.press('Alt+S'),
    ]);
    expect(put.status()).toBe(200);
    await tab.getByText('Elemento aggiornato').waitFor();
    await expect.poll(() => tab.getByText('Ci sono modifiche non salvate').count()).toBe(0);
    expect((await api.get(`/api/customers/${c.id}`)).data.city).toBe(newCity);
    await tab.reload();
    await expect.poll(() => textbox('Ragione Sociale').inputValue()).toBe(c.business_name);
    expect(await city.inputValue()).toBe(newCity);
  });

  it('shows every fiscal-code and VAT message of the customer form', async () => {
    const c = (await activeCustomers())[5]!;
    const tab = await openCustomer(c);
    const cf = textbox('Codice fiscale');
    const vat = textbox('Partita IVA');
    let puts = 0;
    tab.on('request', (r) => {
      if (r.method() === 'PUT') puts++;
    });

    // before any submit, leaving a field with a wrong value (blur) shows nothing yet: validation runs on submit
    await vat.fill('123');
    await cf.fill('ABC123');
    await cf.blur();
    // wrong lengths; the submit is refused and focuses the first invalid field (Partita IVA comes first)
    await submit().click();
    await expectHelper(vat, 'Lunghezza Partita Iva non valida');
    await expectHelper(cf, 'Lunghezza Codice Fiscale non valida');
    await expect.poll(() => vat.evaluate((el) => el === document.activeElement)).toBe(true);

    // invalid characters (re-validated while typing after the first submit)
    await vat.fill('1234567890A');
    await expectHelper(vat, 'Uno o più caratteri non validi');
    await cf.fill('1234567890123456');
    await expectHelper(cf, 'Caratteri non validi');
    await cf.fill('1234567890A');
    await expectHelper(cf, 'Caratteri non validi');
    await tab.screenshot({ path: join(SHOTS, 'form-errors.png') });
    await noSeriousAxe(tab);

    // right shape, wrong check character / digit
    const first15 = 'RSSMRA80A01H501';
    const good = fiscalCodeCheckChar(first15);
    const bad = good === 'A' ? 'B' : 'A';
    await cf.fill(`${first15}${bad}`.toLowerCase()); // typed in lower case: upper-cased by the input
    await expect.poll(() => cf.inputValue()).toBe(`${first15}${bad}`);
    await expectHelper(cf, 'Codice Fiscale Non Valido');
    const first10 = '0123456789';
    const digit = vatCheckDigit(first10);
    await vat.fill(`${first10}${(Number(digit) + 1) % 10}`);
    await expectHelper(vat, 'Partita Iva Non Valida');
    await cf.fill(`${first10}${(Number(digit) + 3) % 10}`);
    await expectHelper(cf, 'Codice Fiscale Non Valido');
    await tab.screenshot({ path: join(SHOTS, 'form-errors-check.png') });
    await submit().click();
    await expectHelper(vat, 'Partita Iva Non Valida');
    expect(puts).toBe(0);

    // valid values clear the messages; empty values are fine on these optional fields
    await vat.fill(`${first10}${digit}`);
    await cf.fill(`${first15}${good}`);
    await expect.poll(() => helperOf(vat)).toBe('');
    await expect.poll(() => helperOf(cf)).toBe('');
    await vat.fill('');
    await cf.fill('');
    await expect.poll(() => helperOf(vat)).toBe('');
    await expect.poll(() => helperOf(cf)).toBe('');
    expect(await tab.getByText('Partita iva non immessa').count()).toBe(0);
    expect(await tab.getByText('Codice Fiscale Vuoto').count()).toBe(0);
    await vat.fill(`${first10}${digit}`);
    await cf.fill(`${first15}${good}`);
    await submit().click();
    await tab.getByText('Elemento aggiornato').waitFor();
    const saved = (await api.get(`/api/customers/${c.id}`)).data;
    expect(saved.vat_id).toBe(`${first10}${digit}`);
    expect(saved.fiscal_code).toBe(`${first15}${good}`);
  });

  it('formats the money input and saves the number', async () => {
    const c = (await activeCustomers())[8]!;
    const tab = await openCustomer(c);
    const fee = textbox('Tariffa annuale');
    expect(await fee.inputValue()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await fee.fill('1234,5');
    await fee.blur();
    await expect.poll(() => fee.inputValue()).toBe('1.234,50');
    await tab.screenshot({ path: join(SHOTS, 'money.png') });
    const [put] = await Promise.all([
      tab.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/customers/${c.id}`)),
      submit().click(),
    ]);
    expect(put.request().postDataJSON().yearly_accounting_amount).toBe(1234.5);
    await tab.getByText('Elemento aggiornato').waitFor();
    expect(Number((await api.get(`/api/customers/${c.id}`)).data.yearly_accounting_amount)).toBe(1234.5);
    await tab.reload();
    await expect.poll(() => textbox('Ragione Sociale').inputValue()).toBe(c.business_name);
    expect(await fee.inputValue()).toBe('1.234,50');

    // more than 8 significant digits: the message, nothing saved
    let puts = 0;
    tab.on('request', (r) => {
      if (r.method() === 'PUT') puts++;
    });
    const MONEY = 'Importo non valido: massimo 8 cifre e 2 decimali';
    for (const tooLong of ['123456789', '1.234.567,891', '99999999,9']) {
      await fee.fill(tooLong);
      await fee.blur();
      if (tooLong === '123456789') await submit().click();
      // some error is shown and nothing is saved; the message should be the money-limit one
      await expect.poll(() => helperOf(fee), { timeout: 10_000 }).not.toBe('');
      expect(await fee.getAttribute('aria-invalid')).toBe('true');
      if (tooLong === '123456789') await tab.screenshot({ path: join(SHOTS, 'money-error.png') });
      expect.soft(await helperOf(fee), `message under 'Tariffa annuale' for ${tooLong}`).toBe(MONEY);
    }
    await noSeriousAxe(tab);
    // 8 digits are fine
    await fee.fill('123456,78');
    await expect.poll(() => helperOf(fee)).toBe('');
    await fee.blur();
    await expect.poll(() => fee.inputValue()).toBe('123.456,78');
    // the date input of the same form: an impossible date gives the date-format message (seed A §5)
    const date = textbox('Data acquisizione');
    await date.fill('31-02-2020');
    await expectHelper(date, 'formato corretto DD-MM-YYYY');
    await date.fill('15-03-2020');
    await expect.poll(() => helperOf(date)).toBe('');
    expect(puts).toBe(0);
    await tab.close();
    cur = page;
  });

  it("creates a new customer from 'Nuovo' with the defaults", async () => {
    cur = page;
    await freshCustomerList(page, server.url);
    await page.getByRole('button', { name: 'Nuovo' }).click();
    await page.waitForURL(/\/Customer\/create/);
    await textbox('Ragione Sociale').waitFor();
    const [y, m, d] = today().split('-');
    expect(await textbox('Data acquisizione').inputValue()).toBe(`${d}-${m}-${y}`);
    expect(await textbox('Codice SDI').inputValue()).toBe('0000000');
    await page.screenshot({ path: join(SHOTS, 'form-new-empty.png') });

    // required fields ('Salva' is enabled once something is typed)
    await textbox('Città').fill('Roma');
    await submit().click();
    for (const name of ['Ragione Sociale', 'Email', 'Tariffa annuale'])
      await expectHelper(textbox(name), 'Campo Obbligatorio');
    const rep = page.getByRole('combobox', { name: /^Legale rappresentante( \*)?$/ });
    await expectHelper(rep, 'Campo Obbligatorio');
    await page.screenshot({ path: join(SHOTS, 'form-required.png') });
    await noSeriousAxe(page);

    const name = `Cliente Prova E2E ${Date.now().toString(36)} S.r.l.`;
    await textbox('Ragione Sociale').fill(name);
    await textbox('Email').fill('cliente.prova@e2e.test');
    await rep.click();
    await rep.fill('Rossi');
    // the options searched for 'Rossi', not those shown when the list opened (read, then clicked)
    const options = page.getByRole('option');
    await expect
      .poll(async () => (await options.allInnerTexts()).every((t) => /rossi/i.test(t)) && (await options.count()) > 0)
      .toBe(true);
    const option = options.filter({ hasText: 'Rossi' }).first();
    await option.waitFor();
    const repName = (await option.innerText()).trim();
    await option.click();
    await expect.poll(() => rep.inputValue()).toBe(repName);
    await textbox('Tariffa annuale').fill('2400');
    await textbox('Costo cedolino').fill('15,5');
    await textbox('Costo cedolino').blur();
    await expect.poll(() => textbox('Costo cedolino').inputValue()).toBe('15,50');
    await expect.poll(() => textbox('Tariffa annuale').inputValue()).toBe('2.400,00');
    await page.screenshot({ path: join(SHOTS, 'form-new.png') });
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/customers')),
      submit().click(),
    ]);
    expect([200, 201]).toContain(post.status());
    const created = (await post.json()).data;
    await page.getByText('Elemento creato').waitFor();
    const rec = (await api.get(`/api/customers/${created.id}`)).data;
    expect(rec).toMatchObject({
      business_name: name,
      email: 'cliente.prova@e2e.test',
      sdi_code: '0000000',
      city: 'Roma',
    });
    expect(String(rec.acquisition_date).slice(0, 10)).toBe(today());
    expect(Number(rec.yearly_accounting_amount)).toBe(2400);
    expect(Number(rec.cedolino_rate)).toBe(15.5);
    expect(rec.legal_representative_id).toBeTruthy();

    // back on the list (back-on-save), where a search finds it
    await page.waitForURL(/\/table\/Customer/);
    const search = page.getByLabel('Cerca (premi Invio)');
    await search.fill(name);
    const res = await listAfter(page, () => search.press('Enter'));
    expect(res.total).toBe(1);
    expect(await page.locator('tbody tr').first().innerText()).toContain(name);
  });

  it("requires the studio manager's fiscal code ('Codice Fiscale Vuoto')", async () => {
    cur = page;
    await page.goto(`${server.url}/utente/il_mio_studio`);
    await page.waitForURL(/\/Studio\/\d+/);
    const cf = textbox('Codice fiscale responsabile');
    await cf.waitFor();
    await expect.poll(() => cf.inputValue()).toMatch(/^[A-Z0-9]{16}$/);
    await cf.fill('');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts++;
    });
    await submit().click();
    await expectHelper(cf, 'Codice Fiscale Vuoto');
    await expect.poll(() => cf.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'studio-cf-empty.png') });
    await noSeriousAxe(page);
    // the other fiscal-code messages on this field too
    await cf.fill('ABC');
    await expectHelper(cf, 'Lunghezza Codice Fiscale non valida');
    expect(puts).toBe(0);
  });

  it("the sample entity at seed B's /scheda_entita_esempio: every field type typed as Italians write it, checked and saved", async () => {
    cur = page;
    await page.goto(`${server.url}/scheda_entita_esempio`);
    await page.waitForURL(/\/EntitaEsempio\/create$/);
    await textbox('Descrizione').fill('Prova tipi e2e');
    const time = textbox('Ora');
    const dateTime = textbox('Data e ora');
    const pct = textbox('Percentuale');
    const dec = textbox('Numero decimale');
    // each type's message while typing or on save, nothing sent
    await time.fill('25:10');
    await dateTime.fill('31-02-2026 10:00');
    await pct.fill('100,5');
    await dec.fill('1,23456');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/entita_esempios')) posts++;
    });
    await submit().click();
    await expectHelper(time, 'formato corretto HH:MM');
    await expectHelper(dateTime, 'formato corretto DD-MM-YYYY HH:MM');
    await expectHelper(pct, 'Il valore massimo è 100');
    await expectHelper(dec, 'Numero non valido: massimo 8 cifre intere e 4 decimali');
    expect(posts).toBe(0);
    await time.fill('9:05');
    await dateTime.fill('01-02-2026 18:30');
    await pct.fill('22,5');
    await dec.fill('1,2345');
    await textbox('Data dal').fill('29-02-2028');
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/entita_esempios')),
      submit().click(),
    ]);
    expect(post.status()).toBe(201);
    const id = (await post.json()).data.id;
    const saved = (await api.get(`/api/entita_esempios/${id}`)).data;
    expect(saved).toMatchObject({
      descrizione: 'Prova tipi e2e',
      ora: '09:05',
      data_ora: '2026-02-01 18:30:00',
      percentuale: 22.5,
      numero_float: 1.2345,
      data_dal: '2028-02-29',
    });
    // the edit form shows the values as typed, and the list shows them in Italian
    await page.goto(`${server.url}/scheda_entita_esempio/${id}`);
    await page.waitForURL(new RegExp(`/EntitaEsempio/${id}$`));
    await expect.poll(() => textbox('Data e ora').inputValue()).toBe('01-02-2026 18:30');
    expect(await textbox('Ora').inputValue()).toBe('09:05');
    await page.screenshot({ path: join(SHOTS, 'entita-esempio-form.png') });
    await page.goto(`${server.url}/table/EntitaEsempio`);
    const row = page.locator('tbody tr', { hasText: 'Prova tipi e2e' });
    await row.waitFor();
    const text = await row.innerText();
    for (const shown of ['01-02-2026 18:30', '09:05', '22,5 %', '1,2345', '29-02-2028']) expect(text).toContain(shown);
    await api.send('DELETE', `/api/entita_esempio/${id}?force_delete=1`);
  });
});
