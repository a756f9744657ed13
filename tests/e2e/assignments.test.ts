/**
 * Assignments in Chromium (issue 10 item 4): create an assignment in its form, 'Genera
 * compensi', see the fees, change the duration, save, 'Aggiorna', see the new fees.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, type ApiClient } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let api: ApiClient;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  s = await openSession(STUDIO.collaboratore);
  api = await apiClient(s.server.url, STUDIO.collaboratore);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
});

describe('assignments in Chromium', () => {
  it("10.4 an assignment's 'Genera compensi' then, after a change of duration, 'Aggiorna'", async () => {
    const { page, server } = s;
    const textbox = (name: string) =>
      page.getByRole('textbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`) });
    const submit = () => page.locator('form').locator('button[type="submit"]');
    await page.goto(`${server.url}/scheda_assignment`);
    await page.waitForURL(/\/Assignment\/create/);
    const title = `Incarico E2E ${Date.now().toString(36)}`;
    await textbox('Titolo').fill(title);
    const customer = page.getByRole('combobox', { name: /^Cliente( \*)?$/ });
    await customer.click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    await option.click();
    await textbox('Compenso annuo').fill('1500,25');
    await textbox('Durata (anni)').fill('3');
    await textbox('Data inizio').fill('29-02-2024');
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/assignments')),
      submit().click(),
    ]);
    expect(post.status()).toBe(201);
    const id = (await post.json()).data.id as number;

    // the form of the saved assignment
    await page.goto(`${server.url}/scheda_assignment/${id}`);
    await page.waitForURL(new RegExp(`/Assignment/${id}$`));
    const fees = page.getByRole('region', { name: 'Compensi' });
    await fees.getByText('Nessun compenso generato').waitFor();
    await fees.getByRole('button', { name: 'Genera compensi' }).click();
    const rows = fees.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(
      (await rows.allInnerTexts()).map((t) =>
        t
          .split('\t')
          .slice(0, 2)
          .map((x) => x.trim()),
      ),
    ).toEqual([
      ['29-02-2024', '1.500,25'],
      ['28-02-2025', '1.500,25'],
      ['28-02-2026', '1.500,25'],
    ]);
    await fees.getByRole('button', { name: 'Aggiorna' }).waitFor();

    // a change of duration: the button waits for the save
    await textbox('Durata (anni)').fill('2');
    await expect.poll(() => fees.getByRole('button', { name: 'Aggiorna' }).isDisabled()).toBe(true);
    await fees.getByText(/Salva le modifiche/).waitFor();
    const [put] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/api/assignments/${id}`)),
      submit().click(),
    ]);
    expect(put.status()).toBe(200);
    await page.getByText('Elemento aggiornato').waitFor();
    const again = fees.getByRole('button', { name: 'Aggiorna' });
    await expect.poll(() => again.isEnabled()).toBe(true);
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/assignments/${id}/make_transactions`),
      ),
      again.click(),
    ]);
    await expect.poll(() => rows.count()).toBe(2);
    expect(
      (await rows.allInnerTexts()).map((t) =>
        t
          .split('\t')
          .slice(0, 2)
          .map((x) => x.trim()),
      ),
    ).toEqual([
      ['29-02-2024', '1.500,25'],
      ['28-02-2025', '1.500,25'],
    ]);
    const listed = await api.get(`/api/assignments/${id}/transactions`);
    expect(listed.data.map((r: { date: string }) => r.date)).toEqual(['2024-02-29 00:00:00', '2025-02-28 00:00:00']);
    await page.screenshot({ path: join(SHOTS, 'assignment-fees.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
