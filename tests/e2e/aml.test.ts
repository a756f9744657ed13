/**
 * The customer's anti-money-laundering file in Chromium (issue 48, first step), as the demo Admin:
 * a customer's card, 'Nuova valutazione' — the services, Tabella A, the live result with its
 * reasons —, 'Registra valutazione'; the section then shows the level applied, the effective risk
 * and the next check, and the history keeps it; the customer can no longer be trashed. Screenshots
 * at 1400 and 390 px.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { axeViolations, closeSession, downloadedFile, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { fiscalCodeCheckChar } from '../../model/validators';
import { ACTIVE, apiClient, type ApiClient } from './util';

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

describe('the AML file in Chromium', () => {
  it("issue 48 an Admin assesses a demo customer's risk on its card: the live result, the level recorded, the history, the customer kept", async () => {
    const { page, server } = s;
    const [customer] = await api.customers({ filters: [ACTIVE], sort_by: 'id' });
    await page.goto(`${server.url}/Customer/${customer!.id}`);
    const section = page.getByRole('region', { name: 'Antiriciclaggio' });
    await section.getByRole('tab', { name: 'Valutazione del rischio' }).click();
    await section.getByText('Nessuna valutazione del rischio').waitFor();
    await section.getByRole('button', { name: 'Nuova valutazione' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova valutazione del rischio' });
    await dialog.getByRole('combobox', { name: 'Prestazioni svolte per il cliente' }).click();
    await page.getByRole('option', { name: /^Tenuta della contabilità/ }).click();
    await page.keyboard.press('Escape');
    for (const [label, n] of [
      ['Natura giuridica', 1],
      ['Prevalente attività svolta', 2],
      ['Comportamento tenuto', 1],
      ['Area geografica di residenza', 1],
    ] as const) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('option', { name: new RegExp(`^${n} – `) }).click();
    }
    // 3 × 30 % + 1,25 × 70 % = 1,78: semplificata
    await dialog
      .getByText(/Rischio effettivo 1,78/)
      .first()
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Scopo e natura del rapporto' }).fill('Contabilità semplificata');
    await page.screenshot({ path: join(SHOTS, 'aml-assessment-form.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const [posted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/aml/assessments')),
      dialog.getByRole('button', { name: 'Registra valutazione' }).click(),
    ]);
    expect(posted.status(), await posted.text()).toBe(201);
    expect((await posted.json()).data).toMatchObject({ effective: 1.78, level: 'semplificata' });
    await section.getByText('Adeguata verifica semplificata').first().waitFor();
    await section
      .getByText(/Rischio effettivo 1,78/)
      .first()
      .waitFor();
    const history = section.getByRole('table', { name: 'Storico delle valutazioni' });
    await expect.poll(() => history.locator('tbody tr', { hasText: '1,78' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'aml-section.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'aml-section-390.png'), fullPage: true });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(fits, 'the card fits 390 px').toBe(true);
    // kept as the law says: the customer is not trashed
    const trash = await api.send('DELETE', `/api/customers/${customer!.id}`);
    expect(trash.status).toBe(409);
    expect(trash.body.message).toMatch(/dieci anni dalla fine del rapporto/);
  });

  it("issue 48 done when: an Admin completes a demo customer's identification, prints the declaration and the file; the checks due are listed; the self-assessment gives its band; a ceased customer's file is kept", async () => {
    const { page, server } = s;
    // an active company of the demo without a file
    const companies = (await api.customers({ filters: [ACTIVE], sort_by: 'id' })).filter((c) =>
      c.business_name.endsWith(' S.r.l.'),
    );
    let customer: (typeof companies)[number] | undefined;
    for (const c of companies) {
      const file = await api.get(`/api/customer/${c.id}/aml`);
      if (!file.data.identification && !file.data.current) {
        customer = c;
        break;
      }
    }
    expect(customer, 'a demo company without an AML file').toBeDefined();
    await page.goto(`${server.url}/Customer/${customer!.id}`);
    const section = page.getByRole('region', { name: 'Antiriciclaggio' });
    await section.getByText('Identificazione non ancora registrata').waitFor();
    await section.getByRole('button', { name: 'Registra identificazione' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registra identificazione' });
    // the esecutore is the legal representative, prefilled from the card
    const executor = dialog.getByRole('group', { name: 'Esecutore' });
    await expect.poll(() => executor.getByRole('textbox', { name: 'Nome e cognome' }).inputValue()).not.toBe('');
    const doc = dialog.getByRole('group', { name: 'Documento 1' });
    await doc.getByRole('textbox', { name: 'Numero' }).fill('CA00000AA');
    await doc.getByRole('textbox', { name: 'Rilasciato da' }).fill('Comune di Roma');
    await doc.getByRole('textbox', { name: 'Data di scadenza' }).fill('31-12-2032');
    const owner = dialog.getByRole('group', { name: 'Titolare effettivo 1' });
    await owner.getByRole('textbox', { name: 'Nome e cognome' }).fill('Luigi Verdi');
    await owner
      .getByRole('textbox', { name: 'Codice fiscale' })
      .fill('VRDLGU75C12F205' + fiscalCodeCheckChar('VRDLGU75C12F205'));
    await owner.getByRole('textbox', { name: 'Quota (%)' }).fill('100');
    await owner.getByRole('combobox', { name: 'Criterio' }).click();
    await page.getByRole('option', { name: /^Proprietà diretta/ }).click();
    await owner.getByRole('combobox', { name: 'Fonte della verifica' }).click();
    await page.getByRole('option', { name: 'Registro dei titolari effettivi' }).click();
    await dialog.getByRole('textbox', { name: 'Scopo del rapporto' }).fill('Tenuta della contabilità');
    await dialog.getByRole('textbox', { name: 'Natura del rapporto' }).fill('Rapporto continuativo');
    const services = dialog.getByRole('combobox', { name: 'Prestazioni svolte per il cliente' });
    if (!(await dialog.getByRole('button', { name: /^Tenuta della contabilità/ }).count())) {
      await services.click();
      await page.getByRole('option', { name: /^Tenuta della contabilità/ }).click();
      await page.keyboard.press('Escape');
    }
    await page.screenshot({ path: join(SHOTS, 'aml-identification-form.png'), fullPage: true });
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/aml/identifications')),
      dialog.getByRole('button', { name: 'Registra identificazione' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(201);
    await section.getByText('Luigi Verdi').first().waitFor();
    await section.getByText('CA00000AA').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'aml-identification.png'), fullPage: true });

    // the declaration and the whole file, printed from 'File e documenti'
    await section.getByRole('tab', { name: 'File e documenti' }).click();
    for (const [label, name] of [
      ['Dichiarazione (PDF)', /^Dichiarazione_antiriciclaggio_.+\.pdf$/],
      ['Fascicolo (PDF)', /\.pdf$/],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(name);
      const bytes = readFileSync(await downloadedFile(download));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    // what is due, studio-wide: the demo's late check is there
    await page.goto(`${server.url}/verifiche_antiriciclaggio`);
    await page.getByRole('heading', { name: 'Verifiche antiriciclaggio' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await page
      .getByText(/in ritardo/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'aml-checks.png'), fullPage: true });

    // the studio's self-assessment of last year: its band
    await page.goto(`${server.url}/autovalutazione_antiriciclaggio`);
    await page
      .getByText(/significativo/i)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'aml-self-assessment.png'), fullPage: true });

    // ceased today: the file is kept ten years, the customer cannot be trashed
    const card = await api.get(`/api/customers/${customer!.id}`);
    const ceased = await api.send('PUT', `/api/customers/${customer!.id}`, {
      ...card.data,
      ceased: 1,
      ceased_on: null,
    });
    expect(ceased.status).toBe(200);
    const trash = await api.send('DELETE', `/api/customers/${customer!.id}`);
    expect(trash.status).toBe(409);
    expect(trash.body.message).toMatch(/conservare fino al \d\d\/\d\d\/\d{4}/);
  });
});
