/**
 * 'Fattura addebiti' in Chromium (issue 28 item 1), as the demo Collaboratore on the demo data:
 * from the menu, March's charges previewed (invoices with their numbers and totals, customers
 * left out and why) and issued at once; the invoices are in the e-invoices' list and each XML is
 * valid against the official schema; from the customers' bulk bar, two customers' March charges
 * are found already invoiced (a charge is invoiced once).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, clickBulkAction, freshCustomerList, openMenuEntry, tickRows, type ApiClient } from './util';
import { fatturapaErrors } from '../helpers/fatturapaXsd';

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

const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));

describe('invoicing the charges in Chromium', () => {
  it('28.1 March’s charges: preview from the menu, then every invoice issued at once, each XML schema-valid; the selected customers’ charges are not invoiced twice', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/Menu`);
    await openMenuEntry(page, 'Fatturazione', 'Fattura addebiti');
    await page.waitForURL('**/fattura_addebiti');
    await page.getByRole('heading', { name: '1. Periodo degli addebiti' }).waitFor();
    await page.getByRole('textbox', { name: 'Dal', exact: true }).fill(`${year}-03-01`);
    await page.getByRole('textbox', { name: 'Al', exact: true }).fill(`${year}-03-31`);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    const planned = page.getByRole('table', { name: 'Fatture da emettere' });
    await planned.waitFor();
    const rows = await planned.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(5);
    const emit = page.getByRole('button', { name: `Emetti ${rows} fatture` });
    await emit.waitFor();
    await page.screenshot({ path: join(SHOTS, 'invoicing-preview.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const firstNumber = (await planned.locator('tbody tr').first().locator('td').first().innerText()).trim();

    await emit.click();
    await page.waitForURL('**/table/EDocument');
    await page.getByText(`Emesse ${rows} fatture`).waitFor();
    await page.locator('tbody tr', { hasText: firstNumber }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'invoicing-issued.png'), fullPage: true });

    // the issued invoices, through the API: their number of lines is the period's charges, each XML valid
    const list = await api.get('/api/list/EDocument/EDocumentResourceListCollection', { items_per_page: -1 });
    const issued = (list.data as Array<{ id: number; number: string }>).filter(
      (d) => Number(d.number) >= Number(firstNumber),
    );
    expect(issued).toHaveLength(rows);
    for (const d of issued.slice(0, 3)) {
      const xml = await api.text(`/api/edocuments/${d.id}/actions/download_xml`);
      expect(await fatturapaErrors(xml)).toEqual([]);
      expect(xml).toContain(`<Numero>${d.number}</Numero>`);
    }

    // two customers from the bulk bar: their March charges are on the invoices above
    await freshCustomerList(page, server.url);
    await tickRows(page, [page.locator('tbody tr').nth(0), page.locator('tbody tr').nth(1)]);
    await clickBulkAction(page, 'Fattura addebiti');
    await page.waitForURL('**/fattura_addebiti');
    await page.getByText('Solo i 2 clienti selezionati.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Dal', exact: true }).fill(`${year}-03-01`);
    await page.getByRole('textbox', { name: 'Al', exact: true }).fill(`${year}-03-31`);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.getByText('Nessuna fattura da emettere').waitFor();
    expect(await page.getByRole('button', { name: 'Emetti 0 fatture' }).isDisabled()).toBe(true);
  });
});
