/**
 * The generic list table in Chromium against the real server on the demo data (seed A
 * "Generic list table", §4, §5, §8, §9): search on Enter, AND/OR filter group, trash /
 * restore / delete forever, CSV export, select-all across pages and bulk delete.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import {
  axeViolations,
  consoleGuard,
  downloadedFile,
  launchBrowser,
  login,
  SHOTS,
  studioFor,
  workerServer,
  type ConsoleGuard,
  type E2EServer,
} from './harness';
import {
  ACTIVE,
  apiClient,
  dialogShown,
  freshCustomerList,
  listAfter,
  parseCsv,
  reachable,
  shownTotal,
  waitTotal,
  type ApiClient,
} from './util';
import { today } from '../../model/fields';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let guard: ConsoleGuard;
let api: ApiClient;
/** every customers-list call the page made, in order */
const listCalls: URL[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  context = await browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  });
  guard = consoleGuard(context);
  page = await context.newPage();
  page.on('request', (r: Request) => {
    if (r.url().includes('/api/list/Customer/CustomerResourceListCollection')) listCalls.push(new URL(r.url()));
  });
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

const search = () => page.getByLabel('Cerca (premi Invio)');
const refreshButton = () => page.locator('#main-content').getByRole('button', { name: 'Aggiorna', exact: true });
const filtersFor = (extra: object[] = []) => [...extra, ACTIVE];

/** axe on the current screen: no serious/critical violation (soft, so the flow goes on and every screen is reported). */
async function noSeriousAxe(p: Page) {
  // no hover tooltip half-way through its fade-in
  await p.mouse.move(700, 895);
  await p.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'));
  const where = new URL(p.url()).pathname;
  expect.soft(await axeViolations(p), `axe on ${where}`).toEqual([]);
}

/** Runs a search through the box (fill + Enter) and waits for the list to show its answer. */
async function runSearch(text: string) {
  await search().fill(text);
  return listAfter(page, () => search().press('Enter'));
}

describe('generic table: customers', () => {
  it('searches only when Enter is pressed', async () => {
    await freshCustomerList(page, server.url);
    const all = await api.customerTotal({ filters: filtersFor() });
    await waitTotal(page, all);
    const word = 'Tipografia';
    const expected = await api.customerTotal({ search_text: word, filters: filtersFor() });
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(all);

    // typing alone does not filter: a refresh after typing still asks (and shows) every row
    await search().fill(word);
    const afterTyping = await listAfter(page, () => refreshButton().click());
    expect(afterTyping.url.searchParams.get('search_text')).toBeNull();
    expect(afterTyping.total).toBe(all);
    expect(listCalls.some((u) => u.searchParams.get('search_text'))).toBe(false);

    // Enter runs it
    const afterEnter = await listAfter(page, () => search().press('Enter'));
    expect(afterEnter.url.searchParams.get('search_text')).toBe(word);
    expect(afterEnter.total).toBe(expected);
    const names = await page.locator('tbody tr').allInnerTexts();
    expect(names.every((t) => t.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'search.png') });
    await noSeriousAxe(page);

    // clearing the box and pressing Enter brings every row back
    const cleared = await runSearch('');
    expect(cleared.total).toBe(all);
  });

  it('combines the filter group with OR inside a combo and AND/OR between conditions', async () => {
    await freshCustomerList(page, server.url);
    const statuses = (await api.get('/api/list/LegalStatus/LegalStatusResourceListCollection', { items_per_page: -1 }))
      .data as Array<{ id: number; cod: string; description: string }>;
    const srl = statuses.find((s) => s.cod === 'SRL')!;
    const spa = statuses.find((s) => s.cod === 'SPA')!;
    expect(srl && spa).toBeTruthy();
    const activeTotal = await api.customerTotal({ filters: filtersFor() });
    const statusOr = { name: 'legal_status_id', type: 'OR', val: [srl.id, spa.id], glue: 'and' };
    const gte = { name: 'acquisition_date', type: 'gte', val: ['2016-01-01 00:00:00'], glue: 'and' };
    const lte = { name: 'acquisition_date', type: 'lte', val: ['2019-12-31 23:59:59'], glue: 'and' };
    // expected counts from the API, each condition alone and both together
    const onlySrl = await api.customerTotal({ filters: filtersFor([{ ...statusOr, val: [srl.id] }]) });
    const onlySpa = await api.customerTotal({ filters: filtersFor([{ ...statusOr, val: [spa.id] }]) });
    const nStatus = await api.customerTotal({ filters: filtersFor([statusOr]) });
    const nInterval = await api.customerTotal({ filters: filtersFor([gte, lte]) });
    const expectedAnd = await api.customerTotal({ filters: filtersFor([statusOr, gte, lte]) });
    // OR between the conditions: status SRL/SPA, or acquired in the interval (inclusion–exclusion)
    const expectedOr = nStatus + nInterval - expectedAnd;
    // the same for the API in one call: the interval (both bounds) first, then the status with glue 'or'
    expect(await api.customerTotal({ filters: filtersFor([gte, lte, { ...statusOr, glue: 'or' }]) })).toBe(expectedOr);
    expect(nStatus).toBe(onlySrl + onlySpa);
    expect(expectedAnd).toBeGreaterThan(0);
    expect(expectedOr).toBeLessThan(activeTotal);

    await page.getByRole('button', { name: /^Filtri/ }).click();
    const combo = page.getByRole('combobox', { name: 'Forma giuridica' });
    await combo.waitFor();

    // one status, then a second one in the same combo: OR within the combo
    const pick = async (s: { cod: string }) => {
      await combo.click();
      const res = await listAfter(page, () => page.getByRole('option', { name: new RegExp(`^${s.cod}\\b`) }).click());
      await page.keyboard.press('Escape');
      return res;
    };
    const one = await pick(srl);
    expect(one.total).toBe(onlySrl);
    const two = await pick(spa);
    expect(two.total).toBe(nStatus);
    expect(two.total).toBeGreaterThan(one.total);
    expect(JSON.parse(two.url.searchParams.get('filters')!)).toContainEqual({
      name: 'legal_status_id',
      type: 'OR',
      val: [srl.id, spa.id],
      glue: 'and',
    });

    // a date interval on 'Data acquisizione', AND mode (the default)
    const from = page.getByRole('textbox', { name: 'Data acquisizione dal' });
    const to = page.getByRole('textbox', { name: 'Data acquisizione al' });
    await listAfter(page, () => from.fill('01-01-2016'));
    const and = await listAfter(page, () => to.fill('31-12-2019'));
    expect(and.total).toBe(expectedAnd);
    // 4 conditions: status, the two bounds and the default 'Stato: Attivi'
    await page.getByText('Filtri (4 attivi)').waitFor();
    await page.screenshot({ path: join(SHOTS, 'filters.png') });
    await noSeriousAxe(page);

    // OR mode: 'Almeno una condizione' — a customer of those statuses OR acquired in the interval
    const or = await listAfter(page, () => page.getByRole('button', { name: 'Almeno una condizione (OR)' }).click());
    await page.screenshot({ path: join(SHOTS, 'filters-or.png') });
    expect(or.total).not.toBe(and.total);
    expect
      .soft(
        or.total,
        `OR mode shows ${or.total} rows; expected ${expectedOr} (status SRL/SPA: ${nStatus}, OR acquired 2016–2019: ${nInterval}, both: ${expectedAnd}); all active: ${activeTotal}; filters sent: ${or.url.searchParams.get('filters')}`,
      )
      .toBe(expectedOr);

    // back to AND: the AND count again
    const andAgain = await listAfter(page, () =>
      page.getByRole('button', { name: 'Tutte le condizioni (AND)' }).click(),
    );
    expect(andAgain.total).toBe(expectedAnd);

    // an inverted interval: the message, and no filter is emitted
    const callsBefore = listCalls.length;
    await to.fill('31-12-2014');
    await page.getByText('La data di inizio intervallo è maggiore di quella di fine').waitFor();
    const afterInverted = await listAfter(page, () => refreshButton().click());
    expect(listCalls.slice(callsBefore).some((u) => (u.searchParams.get('filters') ?? '').includes('2014-12-31'))).toBe(
      false,
    );
    // the inverted interval is left out: the other conditions (the two statuses) still apply
    expect(afterInverted.total).toBe(nStatus);
    await page.screenshot({ path: join(SHOTS, 'filters-inverted.png') });
    await noSeriousAxe(page);

    // 'Azzera filtri' brings back the default (active customers)
    await listAfter(page, () => page.getByRole('button', { name: 'Azzera filtri' }).click());
    expect(await shownTotal(page)).toBe(activeTotal);
    expect(await page.getByText('La data di inizio intervallo è maggiore di quella di fine').count()).toBe(0);
  });

  it('trashes, restores and deletes forever through the row actions menu', async () => {
    // a customer without movements (a demo customer's transactions keep it from being deleted forever: 409)
    const reps = await api.get('/api/legal_representatives');
    const made = await api.send('POST', '/api/customers', {
      cod: 'ELIM01',
      business_name: 'Da Eliminare S.r.l.',
      email: 'elimina@esempio.test',
      yearly_accounting_amount: 100,
      legal_representative_id: reps.data[0].id,
    });
    expect(made.status).toBe(201);
    const victim = made.body.data as { id: number; cod: string; business_name: string };
    await freshCustomerList(page, server.url);
    const found = await runSearch(victim.cod);
    expect(found.total).toBe(1);
    const row = () => page.locator('tbody tr').first();
    await expect.poll(() => row().innerText()).toContain(victim.business_name);

    // trash
    await row()
      .getByRole('button', { name: `Azioni riga ${victim.id}` })
      .click();
    await page.getByRole('menu').screenshot({ path: join(SHOTS, 'row-menu.png') });
    await listAfter(page, () => page.getByRole('menuitem', { name: 'Cestina' }).click());
    await page.getByText('Elemento spostato nel cestino').waitFor();
    await waitTotal(page, 0);
    expect((await api.get(`/api/customers/${victim.id}`)).data.trashed).toBeTruthy();

    // the trash toggle shows it as 'Cestinato'
    await listAfter(page, () => page.getByLabel('Mostra cestinati').click());
    await waitTotal(page, 1);
    await row().getByText('Cestinato', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'trash-shown.png') });
    await noSeriousAxe(page);

    // restore
    await row()
      .getByRole('button', { name: `Azioni riga ${victim.id}` })
      .click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Ripristina', 'Elimina definitivamente']);
    await listAfter(page, () => page.getByRole('menuitem', { name: 'Ripristina' }).click());
    await page.getByText('Elemento ripristinato').waitFor();
    await expect.poll(() => row().getByText('Cestinato', { exact: true }).count()).toBe(0);
    await row().getByText('Attivo', { exact: true }).waitFor();
    expect((await api.get(`/api/customers/${victim.id}`)).data.trashed).toBeFalsy();

    // trash again, then delete forever from the trash
    await row()
      .getByRole('button', { name: `Azioni riga ${victim.id}` })
      .click();
    await listAfter(page, () => page.getByRole('menuitem', { name: 'Cestina' }).click());
    await row().getByText('Cestinato', { exact: true }).waitFor();
    await row()
      .getByRole('button', { name: `Azioni riga ${victim.id}` })
      .click();
    await listAfter(page, () => page.getByRole('menuitem', { name: 'Elimina definitivamente' }).click());
    await page.getByText('Elemento eliminato definitivamente').waitFor();
    await waitTotal(page, 0);
    expect(await api.status(`/api/customers/${victim.id}`)).toBe(404);
    expect(await api.customerTotal({ search_text: victim.cod, with_trashed: 1 })).toBe(0);

    // leave the trash view
    await listAfter(page, () => page.getByLabel('Mostra cestinati').click());
  });

  it('exports the CSV of every matching row with the chosen fields', async () => {
    await freshCustomerList(page, server.url);
    // 50 rows per page, so the list has several pages
    await page.getByRole('combobox', { name: /Righe per pagina/ }).click();
    const paged = await listAfter(page, () => page.getByRole('option', { name: '50', exact: true }).click(), 50);
    expect(paged.total).toBeGreaterThan(50);
    expect(await page.locator('tbody tr').count()).toBe(50);
    const expected = await api.customers({ filters: filtersFor() });
    expect(paged.total).toBe(expected.length);

    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esporta CSV: scegli i campi' });
    await dialog.waitFor();
    await dialogShown(page);
    await dialog.getByRole('button', { name: 'Deseleziona tutti' }).click();
    expect(await dialog.getByRole('button', { name: 'Esporta' }).isDisabled()).toBe(true);
    const chosen = ['Codice', 'Ragione Sociale', 'Data acquisizione', 'Tariffa annuale'];
    for (const label of chosen) await dialog.getByRole('checkbox', { name: label, exact: true }).check();
    expect(await dialog.getByRole('checkbox', { checked: true }).count()).toBe(chosen.length);
    await dialog.locator('.MuiDialogContent-root').evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.screenshot({ path: join(SHOTS, 'csv-dialog.png') });
    await noSeriousAxe(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Esporta' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`customer_${today()}.csv`);
    expect(download.suggestedFilename()).toMatch(/^customer_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await downloadedFile(download));
    await dialog.waitFor({ state: 'hidden' });

    // UTF-8 with BOM, semicolons, the chosen labels only (model order), one line per row of all pages
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = parseCsv(text);
    const header = lines[0]!;
    expect(new Set(header)).toEqual(new Set(chosen));
    expect(header).toHaveLength(chosen.length);
    expect(text.split('\r\n')[0]).toBe(header.join(';'));
    const data = lines.slice(1);
    expect(data).toHaveLength(paged.total);
    expect(data.every((r) => r.length === chosen.length)).toBe(true);
    const col = (label: string) => header.indexOf(label);
    const byCod = new Map(expected.map((c) => [c.cod, c]));
    for (const r of data) {
      const c = byCod.get(r[col('Codice')]!);
      expect(c, `row ${r.join(';')}`).toBeTruthy();
      expect(r[col('Ragione Sociale')]).toBe(c!.business_name);
      expect(r[col('Tariffa annuale')]).toMatch(/^\d+,\d{2}$/);
      expect(r[col('Tariffa annuale')]).toBe(Number(c!.yearly_accounting_amount).toFixed(2).replace('.', ','));
      expect(r[col('Data acquisizione')]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    }
    // dates as DD-MM-YYYY: a sample checked against the record
    for (const r of data.filter((_r, i) => i % 20 === 0)) {
      const rec = (await api.get(`/api/customers/${byCod.get(r[col('Codice')]!)!.id}`)).data;
      expect(r[col('Data acquisizione')]).toBe(
        String(rec.acquisition_date).slice(0, 10).split('-').reverse().join('-'),
      );
    }
    expect(new Set(data.map((r) => r[col('Codice')])).size).toBe(paged.total);
  });

  it('selects all rows across pages, then bulk-deletes a searched subset', async () => {
    await freshCustomerList(page, server.url);
    await page.getByRole('combobox', { name: /Righe per pagina/ }).click();
    const paged = await listAfter(page, () => page.getByRole('option', { name: '50', exact: true }).click(), 50);
    expect(paged.total).toBeGreaterThan(50);

    // select-all across pages: every matching id, not just the 50 visible rows
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByText('1 elemento selezionato').waitFor();
    const selectAll = (n: number) => page.getByRole('button', { name: `Seleziona tutti (${n})` });
    await selectAll(paged.total).waitFor();
    await page.screenshot({ path: join(SHOTS, 'select-all.png') });
    // the bulk toolbar must be reachable by the pointer (not hidden behind the filter group)
    const reach = await reachable(selectAll(paged.total));
    expect
      .soft(
        reach.ok,
        `the bulk actions toolbar ('Seleziona tutti', 'Elimina') is covered: a click at the centre of 'Seleziona tutti' lands on ${reach.hit}`,
      )
      .toBe(true);
    // pressed with the keyboard, which reaches it either way
    const press = async (loc: Locator) => {
      await loc.focus();
      await loc.press('Enter');
    };
    await press(selectAll(paged.total));
    await page.getByText(`${paged.total} elementi selezionati`).waitFor();
    await noSeriousAxe(page);
    await press(page.getByRole('button', { name: 'Annulla selezione' }));
    await expect.poll(() => page.locator('tbody input[type="checkbox"]:checked').count()).toBe(0);

    // a searched subset: select all of it and delete it
    const word = 'Ottica';
    const subset = await api.customers({ search_text: word, filters: filtersFor() });
    expect(subset.length).toBeGreaterThan(1);
    expect(subset.length).toBeLessThan(50);
    const found = await runSearch(word);
    expect(found.total).toBe(subset.length);
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByText('1 elemento selezionato').waitFor();
    await press(selectAll(subset.length));
    await page.getByText(`${subset.length} elementi selezionati`).waitFor();
    const del = page.getByRole('button', { name: 'Elimina', exact: true });
    expect.soft((await reachable(del)).ok, "the bulk 'Elimina' button is covered").toBe(true);
    await press(del);
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await dialogShown(page);
    await page.screenshot({ path: join(SHOTS, 'bulk-delete-confirm.png') });
    await noSeriousAxe(page);
    expect(await confirm.innerText()).toContain(`Sei sicuro di voler eliminare questi ${subset.length} elementi?`);
    expect
      .soft(await confirm.getByRole('heading').innerText(), 'the confirm title names the resource in Italian')
      .not.toMatch(/customers/i);
    const [deleted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/customer/')),
      confirm.getByRole('button', { name: 'Conferma' }).click(),
    ]);
    expect(deleted.status()).toBe(200);
    const url = new URL(deleted.url());
    expect(url.searchParams.get('force_delete')).toBe('auto');
    expect(JSON.parse(decodeURIComponent(url.pathname.split('/').pop()!)).sort()).toEqual(
      subset.map((c) => c.id).sort(),
    );
    await page.getByText(`${subset.length} elementi eliminati`).waitFor();
    await waitTotal(page, 0);
    expect(await api.customerTotal({ search_text: word, filters: filtersFor() })).toBe(0);
    for (const c of subset) {
      const d = (await api.get(`/api/customers/${c.id}`)).data;
      expect(d.trashed, `customer ${c.id}`).toBeTruthy();
      expect(d.deleted_at, `customer ${c.id}`).toBeTruthy();
    }
    // the rest of the list is untouched
    await search().fill('');
    const rest = await listAfter(page, () => search().press('Enter'), 50);
    expect(rest.total).toBe(paged.total - subset.length);
  });
});
