/**
 * Issue 28's done-when in Chromium, as the demo Admin on the demo data: 'Fattura addebiti' for
 * March issues the invoices of every customer with charges (each XML valid against the official
 * schema); 'Invia a SdI' on all of them brings each to 'Consegnata' or 'Scartata' (the simulator
 * rejects the customers whose VAT number no office issued, 00305) with its receipt; the rejected
 * invoice's screen shows its timeline, the error and the receipt's XML, and is still editable; a
 * delivered one is read-only.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, clickBulkAction, type ApiClient } from './util';
import { fatturapaErrors } from '../helpers/fatturapaXsd';

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

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const year = Number(today.slice(0, 4));
type Doc = { id: number; number: string; date: string; type: string; sdi_status: string };
/** the studio's invoices of this month (the list's default period), through the API */
const thisMonth = async (api: ApiClient) =>
  ((await api.get('/api/list/EDocument/EDocumentResourceListCollection', { items_per_page: -1 })).data as Doc[]).filter(
    (d) => String(d.date).slice(0, 7) === today.slice(0, 7),
  );

describe('sending the invoices to SdI in Chromium', () => {
  it("28 done-when: March's invoices issued from 'Fattura addebiti', then 'Invia a SdI' brings each to Consegnata or Scartata with its receipt", async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/fattura_addebiti`);
    await page.getByRole('heading', { name: '1. Periodo degli addebiti' }).waitFor();
    await page.getByRole('textbox', { name: 'Dal', exact: true }).fill(`${year}-03-01`);
    await page.getByRole('textbox', { name: 'Al', exact: true }).fill(`${year}-03-31`);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    const planned = page.getByRole('table', { name: 'Fatture da emettere' });
    await planned.waitFor();
    const rows = await planned.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(5);
    await page.getByRole('button', { name: `Emetti ${rows} fatture` }).click();
    await page.waitForURL('**/table/EDocument');
    await page.getByText(`Emesse ${rows} fatture`).waitFor();

    // the issued invoices (this month's list: today's date), every one a draft with a valid XML
    const docs = await thisMonth(api);
    expect(docs.length).toBeGreaterThanOrEqual(rows);
    expect(docs.every((d) => d.sdi_status === 'bozza')).toBe(true);
    for (const d of docs.slice(0, 2))
      expect(await fatturapaErrors(await api.text(`/api/edocuments/${d.id}/actions/download_xml`))).toEqual([]);

    // all of them selected ('Seleziona tutti') and sent
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    const selectAll = page.getByRole('button', { name: `Seleziona tutti (${docs.length})` });
    if (await selectAll.count()) await selectAll.click();
    await page.getByText(`${docs.length} elementi selezionati`).waitFor();
    await clickBulkAction(page, 'Invia a SdI');
    const confirm = page.getByRole('dialog', { name: 'Invia a SdI' });
    await confirm.getByText(`Inviare ${docs.length} fatture a SdI?`).waitFor();
    await confirm.getByText('Simulatore SdI', { exact: false }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'sdi-confirm.png') });
    await confirm.getByRole('button', { name: 'Invia', exact: true }).click();
    await page.getByText(`${docs.length} fatture in invio a SdI`).waitFor();

    // the simulator's receipts arrive: every invoice delivered or rejected
    const final = ['consegnata', 'scartata'];
    await expect
      .poll(async () => (await thisMonth(api)).filter((d) => !final.includes(d.sdi_status)).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(0);
    await page.reload();
    await page.getByText('Consegnata').first().waitFor();
    const statusCell = page.locator('tbody tr').getByText(/^(In invio|Inviata|Bozza)$/);
    expect(await statusCell.count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'sdi-list.png'), fullPage: true });
    // the filters: the 'Stato SdI' toggle's seven options stay inside the panel and over no other filter's label
    await page
      .getByText(/^Filtri/)
      .first()
      .click();
    const status = page.getByRole('group', { name: 'Stato SdI' });
    await status.waitFor();
    const box = (await status.boundingBox())!;
    const panelRight = await page.evaluate(
      () => document.querySelector('#main-content')!.getBoundingClientRect().right,
    );
    expect(box.x + box.width).toBeLessThanOrEqual(panelRight);
    for (const other of ['Tipo', 'Cliente']) {
      const label = page.getByText(other, { exact: true }).first();
      if (!(await label.isVisible())) continue;
      const l = (await label.boundingBox())!;
      const overlaps =
        l.x < box.x + box.width && box.x < l.x + l.width && l.y < box.y + box.height && box.y < l.y + l.height;
      expect(overlaps, `the 'Stato SdI' options over '${other}'`).toBe(false);
    }
    // and its options' labels fit their buttons, side by side without covering each other
    const buttons = await status.getByRole('button').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, fits: el.scrollWidth <= el.clientWidth + 1 };
      }),
    );
    expect(buttons).toHaveLength(7);
    for (const b of buttons) expect(b.fits).toBe(true);
    for (let i = 1; i < buttons.length; i++)
      if (buttons[i]!.top === buttons[i - 1]!.top)
        expect(buttons[i]!.left).toBeGreaterThanOrEqual(buttons[i - 1]!.right - 1);
    await page.screenshot({ path: join(SHOTS, 'sdi-filters.png') });

    // a rejected invoice: its timeline with SdI's error and the receipt's XML; still editable
    const after = await thisMonth(api);
    const rejected = after.find((d) => d.sdi_status === 'scartata');
    // an invoice (the month's credit note of the demo data is delivered too; its banner names it)
    const delivered = after.find((d) => d.sdi_status === 'consegnata' && d.type === 'TD01');
    expect(rejected, 'a customer of the demo data with a VAT number no office issued').toBeTruthy();
    expect(delivered).toBeTruthy();
    await page.goto(`${server.url}/scheda_EDocument/${rejected!.id}`);
    const history = page.getByRole('region', { name: 'Storico SdI' });
    await history.getByText('Notifica di scarto').waitFor();
    await history.getByText(/00305/).waitFor();
    await page.getByText('Scartata da SdI', { exact: false }).waitFor();
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: /^Scarica XML: Notifica di scarto/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^IT\w+_\w{5}_NS_001\.xml$/);
    await page.screenshot({ path: join(SHOTS, 'sdi-rejected.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // a delivered one: its receipt, and read-only
    await page.goto(`${server.url}/scheda_EDocument/${delivered!.id}`);
    await history.getByText('Ricevuta di consegna').waitFor();
    await page.getByText('Fattura inviata a SdI: non è più modificabile', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Salva' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'sdi-delivered.png'), fullPage: true });
  });
});
