/**
 * The customer import in Chromium (issue 16): an Admin opens 'Importa' from the customers list,
 * uploads a 50-row CSV with 5 bad rows, sees each bad cell with the form's message in the
 * preview, downloads the invalid rows as CSV, imports the 45 good ones, fixes the 5 in the
 * downloaded file and imports them, then undoes the first import from 'Importazioni': its
 * customers are in the trash, the fixed ones stay.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, dialogShown, parseCsv, type ApiClient } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let api: ApiClient;
beforeAll(async () => {
  s = await openSession(STUDIO.admin, { width: 1400, height: 900 });
  api = await apiClient(s.server.url, STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

function vat(first10: string) {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else {
      const x = d * 2;
      sum += x > 9 ? x - 9 : x;
    }
  }
  return first10 + String((10 - (sum % 10)) % 10);
}

const HEADER = [
  'Ragione Sociale',
  'Partita IVA',
  'Email',
  'Indirizzo',
  'CAP',
  'Città',
  'Rappresentante legale',
  'Tariffa annuale',
];
/** the 5 bad rows: index → [header, bad value, good value] */
const BAD: Record<number, [string, string, string]> = {
  4: ['Partita IVA', '12345678901', vat('0555000004')],
  11: ['Email', 'posta-sbagliata', 'e2e11@importati.test'],
  19: ['CAP', '2012A', '20121'],
  27: ['Ragione Sociale', '', 'E2E Importato 27 S.r.l.'],
  38: ['Tariffa annuale', 'novecento', '900,00'],
};
function rows(): string[][] {
  return Array.from({ length: 50 }, (_, i) => {
    const r: Record<string, string> = {
      'Ragione Sociale': `E2E Importato ${i} S.r.l.`,
      'Partita IVA': vat(String(5550000000 + i * 13)),
      Email: `e2e${i}@importati.test`,
      Indirizzo: `Via Milano ${i}`,
      CAP: '20121',
      Città: 'Milano',
      'Rappresentante legale': 'Anna Importata',
      'Tariffa annuale': '1.500,00',
    };
    if (BAD[i]) r[BAD[i]![0]] = BAD[i]![1];
    return HEADER.map((h) => r[h]!);
  });
}
const toCsv = (table: string[][]) =>
  table.map((r) => r.map((c) => (/[;"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n');

describe('customer import in Chromium', () => {
  it('16.1 a 50-row file with 5 bad rows: preview with the errors per cell, 45 imported, the 5 fixed from the error CSV and imported, the first import undone', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/table/Customer`);
    await page.getByRole('button', { name: 'Importa', exact: true }).click();
    await page.waitForURL(/\/importa_clienti$/);
    const file = join(SHOTS, 'import-50.csv');
    writeFileSync(file, toCsv([HEADER, ...rows()]));
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => page.getByText('import-50.csv').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/50 righe/).count()).toBeGreaterThan(0);
    // the Italian headers are mapped by themselves
    await expect
      .poll(() => page.getByRole('combobox', { name: /^Ragione Sociale/ }).innerText())
      .toBe('Ragione Sociale');
    await expect
      .poll(() => page.getByRole('combobox', { name: /^Rappresentante legale|^Legale rappresentante/ }).innerText())
      .toBe('Rappresentante legale');
    await page.getByRole('button', { name: 'Anteprima' }).click();
    const invalidFilter = page.getByRole('button', { name: 'Con errori (5)' });
    await invalidFilter.waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Da creare (45)' }).count()).toBe(1);
    // the bad rows are shown first, each with its form message on its cell
    const preview = page.getByLabel('Anteprima delle righe del file');
    for (const msg of [
      'Partita Iva Non Valida',
      'Email Non Valida',
      'Inserisci un Numero Intero',
      'Campo Obbligatorio',
      'Inserisci un Numero Decimale',
    ]) {
      await expect.poll(() => preview.getByText(msg, { exact: true }).count(), { message: msg }).toBe(1);
    }
    await expect.poll(() => preview.locator('tbody tr[data-line]').count()).toBe(5);
    await page.screenshot({ path: join(SHOTS, 'import-preview.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // the invalid rows as a CSV
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica righe con errori (CSV)' }).click(),
    ]);
    const errorFile = join(SHOTS, 'import-errors.csv');
    await download.saveAs(errorFile);
    const table = parseCsv(
      readFileSync(errorFile, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim(),
    );
    expect(table[0]).toEqual([...HEADER, 'Errori']);
    expect(table.length).toBe(6);
    // import the 45 valid rows
    await page.getByRole('button', { name: 'Importa 45 clienti' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Importazione completata: 45 clienti creati, 0 aggiornati, 0 saltati, 5 righe con errori.')
          .count(),
      )
      .toBe(1);
    expect(await api.customerTotal({ search_text: 'E2E Importato' })).toBe(45);
    // fix the 5 rows in the downloaded file and import it
    const fixed = table.map((r, i) =>
      i === 0
        ? r
        : r.map((c, j) => {
            const bad = Object.values(BAD).find(([h, v]) => h === HEADER[j] && v === c);
            return bad ? bad[2] : c;
          }),
    );
    const fixedFile = join(SHOTS, 'import-fixed.csv');
    writeFileSync(fixedFile, toCsv(fixed));
    await page.getByTestId('import-file').setInputFiles(fixedFile);
    await expect.poll(() => page.getByText(/5 righe/).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.getByRole('button', { name: 'Da creare (5)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Con errori (0)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Importa 5 clienti' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Importazione completata: 5 clienti creati, 0 aggiornati, 0 saltati, 0 righe con errori.')
          .count(),
      )
      .toBe(1);
    expect(await api.customerTotal({ search_text: 'E2E Importato' })).toBe(50);
    // 'Importazioni': both imports, newest first; undo the first one
    const imports = page.getByRole('table', { name: 'Importazioni' });
    await expect.poll(() => imports.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await imports.locator('tbody tr').nth(0).innerText()).toContain('import-fixed.csv');
    await page.screenshot({ path: join(SHOTS, 'import-done.png') });
    await imports.getByRole('button', { name: "Annulla l'importazione di import-50.csv" }).click();
    const confirm = page.getByRole('dialog', { name: 'Attenzione!!' });
    await confirm.waitFor();
    await dialogShown(page);
    expect(await confirm.innerText()).toContain('I 45 clienti creati andranno nel cestino');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: "Sì, annulla l'importazione" }).click();
    await expect.poll(() => imports.locator('tbody tr').nth(1).innerText()).toContain('Annullata');
    expect(await api.customerTotal({ search_text: 'E2E Importato' })).toBe(5);
    expect(await api.customerTotal({ search_text: 'E2E Importato', with_trashed: 1 })).toBe(50);
  });
});
