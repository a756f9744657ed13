/**
 * Electronic invoices in Chromium (issue 13, done-when): an Admin creates a TD01 for a customer
 * from two studio services, saves it (the route takes the id, the check says it is valid),
 * downloads an XML that the official XSD accepts, creates the TD04 that corrects it, downloads
 * both as archivio_edoc.zip from the list, and opens the PDF copy as an image. The row rules
 * (at least one row, price above 0) are shown before anything is sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations, closeSession, downloadedFile, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { fatturapaErrors } from '../helpers/fatturapaXsd';

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

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

describe('e-invoices in Chromium', () => {
  let invoiceId = 0;
  let creditId = 0;
  let invoiceNumber = '';
  let creditNumber = '';

  it('13 the row rules: one row always remains, a price of 0 and an empty description are refused before saving', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/scheda_EDocument`);
    await page.waitForURL(/\/EDocument\/create/);
    const rows = page.getByRole('region', { name: 'Righe' });
    await expect.poll(() => page.getByRole('textbox', { name: /^Numero/ }).inputValue()).toMatch(/^\d+$/);
    await expect(rows.getByRole('button', { name: 'Elimina la riga 1' }).isDisabled()).resolves.toBe(true);
    await rows.getByRole('textbox', { name: 'Prezzo' }).fill('0');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await rows.getByText('Il prezzo deve essere maggiore di 0').waitFor();
    await rows.getByText('Inserisci la descrizione').waitFor();
  });

  it('13 done-when: a TD01 from two services, saved (the route takes the id), valid, its XML accepted by the official XSD', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/scheda_EDocument`);
    await page.waitForURL(/\/EDocument\/create/);
    const customer = page.getByRole('combobox', { name: /^Cliente( \*)?$/ });
    await customer.click();
    await customer.fill('Vitale Immobiliare');
    await page.getByRole('option').filter({ hasText: 'Vitale Immobiliare' }).first().click();
    const rows = page.getByRole('region', { name: 'Righe' });
    const pick = async (i: number, nth: number) => {
      await rows.getByRole('combobox', { name: `Servizio (riga ${i})` }).click();
      await page.getByRole('option').nth(nth).click();
    };
    await pick(1, 1);
    await rows.getByRole('button', { name: 'Aggiungi riga' }).click();
    await pick(2, 2);
    const quantities = rows.getByRole('textbox', { name: 'Quantità' });
    await quantities.nth(1).fill('2');
    await expect(rows.getByRole('textbox', { name: 'Descrizione' }).nth(0).inputValue()).resolves.not.toBe('');
    const totals = page.getByRole('table', { name: 'Totali del documento' });
    await expect.poll(() => totals.innerText()).toMatch(/Totale documento\s+[\d.]+,\d{2} €/);
    invoiceNumber = await page.getByRole('textbox', { name: /^Numero/ }).inputValue();
    const shownTotal = /Totale documento\s+([\d.]+,\d{2}) €/.exec(await totals.innerText())![1]!;
    await page.screenshot({ path: join(SHOTS, 'einvoice-new.png'), fullPage: true });
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/edocument')),
      page.getByRole('button', { name: 'Salva', exact: true }).click(),
    ]);
    expect(post.status()).toBe(201);
    invoiceId = (await post.json()).data.eDocumentId;
    await page.waitForURL(new RegExp(`/EDocument/${invoiceId}$`));
    await page.getByText(/è valida$/).waitFor();
    await page.screenshot({ path: join(SHOTS, 'einvoice-saved.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^TD01_Vitale_Immobiliare.*_${invoiceId}\\.xml$`));
    const xml = readFileSync(await downloadedFile(download), 'utf8');
    expect(await fatturapaErrors(xml)).toEqual([]);
    expect(tag(xml, 'NumeroLinea')).toEqual(['1', '2']);
    expect(tag(xml, 'ImportoTotaleDocumento')[0]!.replace('.', ',')).toBe(shownTotal.replace(/\./g, ''));
  });

  it('13 done-when: the TD04 that corrects it, then both XMLs from the list as archivio_edoc.zip', async () => {
    const { page, server } = s;
    await page.getByRole('button', { name: 'Crea nota di credito' }).click();
    await page.waitForURL(/\/EDocument\/create\?corrects=/);
    await expect.poll(() => page.getByRole('combobox', { name: /^Tipo/ }).innerText()).toContain('Nota di Credito');
    await page.getByRole('combobox', { name: 'Fattura corretta' }).waitFor();
    const rows = page.getByRole('region', { name: 'Righe' });
    await rows.getByRole('button', { name: 'Elimina la riga 2' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Numero/ }).inputValue())
      .toBe(String(Number(invoiceNumber) + 1));
    creditNumber = await page.getByRole('textbox', { name: /^Numero/ }).inputValue();
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/edocument')),
      page.getByRole('button', { name: 'Salva', exact: true }).click(),
    ]);
    expect(post.status(), await post.text()).toBe(201);
    creditId = (await post.json()).data.eDocumentId;
    await page.waitForURL(new RegExp(`/EDocument/${creditId}$`));
    await page.getByText(/è valida$/).waitFor();

    await page.goto(`${server.url}/table/EDocument`);
    for (const n of [invoiceNumber, creditNumber]) {
      const row = page.locator('tbody tr').filter({ has: page.locator('td', { hasText: new RegExp(`^${n}$`) }) });
      await row.first().waitFor();
      await row.first().locator('input[type="checkbox"]').check();
    }
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica XML (zip)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('archivio_edoc.zip');
    const zipFile = await downloadedFile(zip);
    const listing = execFileSync('unzip', ['-Z1', zipFile]).toString().trim().split('\n').sort();
    expect(listing).toEqual([
      expect.stringMatching(new RegExp(`^TD01_.*_${invoiceId}\\.xml$`)),
      expect.stringMatching(new RegExp(`^TD04_.*_${creditId}\\.xml$`)),
    ]);
    const td04 = execFileSync('unzip', ['-p', zipFile, listing[1]!]).toString();
    expect(await fatturapaErrors(td04)).toEqual([]);
    expect(tag(td04, 'TipoDocumento')).toEqual(['TD04']);
  });

  it('13 the PDF copy, opened as an image', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/scheda_EDocument/${invoiceId}`);
    await page.getByText(/è valida$/).waitFor();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Copia PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const out = join(SHOTS, 'einvoice-copy');
    const pdfFile = await downloadedFile(pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfFile, out]);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString();
    expect(text).toContain('Vitale Immobiliare');
    expect(text).toContain('Totale documento');
  });
});
