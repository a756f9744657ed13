/**
 * Word templates in Chromium (issue 11): the SuperAdmin uploads a template on its form, an
 * Admin of a studio fills it for two customers from the customers' toolbar and gets a zip of two
 * .docx, read back (unzip, the document's text) with each customer's name in place of its tag.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  closeSession,
  consoleGuard,
  login,
  openSession,
  SHOTS,
  studioFor,
  SUPERADMIN,
  type ConsoleGuard,
  type E2ESession,
} from './harness';
import { buildDocx, docxText } from '../../server/render/docxBuilder';
import { clickBulkAction, listAfter } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let admin: { context: BrowserContext; page: Page; guard: ConsoleGuard };

beforeAll(async () => {
  s = await openSession(SUPERADMIN);
  const context = await s.browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1400, height: 900 },
  });
  const guard = consoleGuard(context);
  const page = await context.newPage();
  await login(page, s.server.url, STUDIO.admin);
  admin = { context, page, guard };
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
  expect(admin.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('Word templates in Chromium', () => {
  it('11.6 the SuperAdmin uploads a template; a file that is no Word document is refused at once', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/scheda_word_template`);
    await page.getByRole('textbox', { name: /^Titolo/ }).fill('Circolare scadenze');
    const input = page.locator('#uploader-WordTemplate');
    await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('89504e47', 'hex') });
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('I formati supportati sono doc, docx');
    const path = join(SHOTS, 'circolare.docx');
    writeFileSync(
      path,
      buildDocx([
        'Spett.le {cliente_ragione_sociale}',
        'P.IVA {cliente_partita_iva}',
        'Vi ricordiamo le scadenze di fine anno.',
        '{studio_nome}',
      ]),
    );
    await input.setInputFiles(path);
    await page.getByText('Da caricare: circolare.docx').waitFor();
    await page.locator('form').getByRole('button', { name: 'Salva', exact: true }).click();
    // the route takes the new id (then back-on-save may leave): the saved template opened again
    await page.waitForURL(/\/WordTemplate\/\d+$/);
    const saved = page.url();
    await page.getByText('Elemento creato').waitFor();
    await page.goto(saved);
    await page.getByText('circolare.docx', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Campi disponibili nel modello' }).click();
    await page.getByRole('table', { name: 'Campi: Cliente' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'word-template-form.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('11.6 an Admin fills it for two customers: a zip with one .docx each, the customer in place of the tag', async () => {
    const { page } = admin;
    const base = s.server.url;
    await page.goto(`${base}/table/Customer`);
    await page.locator('tbody tr').first().waitFor();
    // the rows of the search itself, not those shown before its answer
    await listAfter(page, async () => {
      await page.getByLabel('Cerca (premi Invio)').fill('Srl');
      await page.getByLabel('Cerca (premi Invio)').press('Enter');
    });
    const column = (await page.locator('thead th').allInnerTexts()).findIndex((h) =>
      h.trim().startsWith('Ragione Sociale'),
    );
    expect(column).toBeGreaterThan(0);
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const row = page.locator('tbody tr').nth(i);
      await row.locator('input[type="checkbox"]').check();
      names.push((await row.locator('td').nth(column).innerText()).trim());
    }
    // in the bar's 'Documenti' menu (issue 25 item 18)
    await clickBulkAction(page, 'Modelli Word');
    const dialog = page.getByRole('dialog', { name: 'Informazione!!' });
    await dialog.getByRole('combobox', { name: 'Modello' }).click();
    await page.getByRole('option', { name: 'Circolare scadenze' }).click();
    await page.screenshot({ path: join(SHOTS, 'word-template-dialog.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Scarica zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Circolare_scadenze.zip');
    const zip = join(SHOTS, 'circolare.zip');
    await download.saveAs(zip);
    const entries = execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(entries).toHaveLength(2);
    const texts = entries.map((e) => {
      const out = join(SHOTS, `circolare-${entries.indexOf(e)}.docx`);
      writeFileSync(out, execFileSync('unzip', ['-p', zip, e]));
      return docxText(readFileSync(out));
    });
    for (const name of names)
      expect(
        texts.some((t) => t.includes(`Spett.le ${name}`)),
        name,
      ).toBe(true);
    expect(texts.every((t) => t.includes('Studio Demo') && !t.includes('{'))).toBe(true);
  });
});
