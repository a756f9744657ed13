/**
 * E-mail in Chromium (issue 11 item 8): the real server delivers to an SMTP server in the test
 * process (SMTP_URL). An Admin e-mails the contracts of two customers from the customers'
 * toolbar, opens 'Posta in uscita' from the menu, sees both messages sent and downloads one as
 * .eml (parsed: the customer, the studio's copy, Contratto.pdf with the customer in it); the
 * payment-notice generator's 'Invia via email' answers 'Info!!' 'Invio email in coda..'.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { axeViolations, closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { clickBulkAction, dialogShown, listAfter, openMenuEntry } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  s = await openSession(STUDIO.admin, { width: 1400, height: 900 }, { SMTP_URL: sink.url });
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
});
afterAll(async () => {
  await closeSession(s);
  await sink?.stop();
});

const pdfText = (pdf: Buffer, name: string) => {
  const path = join(SHOTS, name);
  writeFileSync(path, pdf);
  // reading order (a long name wrapped in its table cell stays in one piece), spaces collapsed
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};
/** whether a PDF's text holds a name, whatever its line breaks */
const holds = (text: string, name: string) =>
  text.replace(/\s+/g, '').toLowerCase().includes(name.replace(/\s+/g, '').toLowerCase());
const to = (r: SmtpSink['received'][number]) => [r.mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

describe('e-mail in Chromium', () => {
  let names: string[] = [];

  it('11.8 the contracts of two customers by e-mail from the toolbar: queued, then delivered to each customer with the studio in copy', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/table/Customer`);
    await page.locator('tbody tr').first().waitFor();
    // the rows of the search itself, not those shown before its answer
    await listAfter(page, async () => {
      await page.getByLabel('Cerca (premi Invio)').fill('Srl');
      await page.getByLabel('Cerca (premi Invio)').press('Enter');
    });
    const column = (await page.locator('thead th').allInnerTexts()).findIndex((h) =>
      h.trim().startsWith('Ragione Sociale'),
    );
    names = [];
    for (let i = 0; i < 2; i++) {
      const row = page.locator('tbody tr').nth(i);
      await row.locator('input[type="checkbox"]').check();
      names.push((await row.locator('td').nth(column).innerText()).trim());
    }
    await page.getByRole('toolbar', { name: /Azioni sui 2 elementi selezionati/ }).waitFor();
    await clickBulkAction(page, 'Invia contratti via email');
    const dialog = page.getByRole('dialog', { name: 'Informazione!!' });
    await expect.poll(() => dialog.innerText()).toContain('ciascuno dei 2 clienti selezionati');
    await page.screenshot({ path: join(SHOTS, 'outbox-send-contracts.png') });
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.getByText('Invio dei contratti inserito nella coda (2 email)').waitFor();
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBe(2);
    for (const r of sink.received) {
      expect(r.mail.subject).toMatch(/^Lettera di incarico professionale - /);
      expect(r.rcptTo).toContain('contratti@studiodemo.test');
      const text = pdfText(
        r.mail.attachments.find((x) => x.filename === 'Contratto.pdf')!.content,
        'outbox-contratto.pdf',
      );
      expect(
        names.some((n) => holds(text, n)),
        `${names.join(' / ')} in: ${text.slice(0, 600)}`,
      ).toBe(true);
    }
  });

  it("11.8 'Posta in uscita' from the menu: both messages sent, one downloaded as .eml with its PDF", async () => {
    const { page } = s;
    await openMenuEntry(page, 'Studio', 'Posta in uscita');
    await page.waitForURL(/\/posta_in_uscita$/);
    const table = page.getByRole('table', { name: 'Messaggi della posta in uscita' });
    await table.locator('tbody tr').nth(1).waitFor();
    // sent by the time the page shows them (it refreshes itself while messages wait)
    await expect
      .poll(async () => (await table.locator('tbody tr').allInnerTexts()).slice(0, 2).map((t) => t.split('\n')[0]), {
        timeout: 20_000,
      })
      .toEqual(['Inviata', 'Inviata']);
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(
      rows
        .slice(0, 2)
        .every((t) => t.includes('Lettera di incarico professionale') && t.includes('contratti@studiodemo.test')),
    ).toBe(true);
    await page
      .getByRole('group', { name: 'Filtra per stato' })
      .getByRole('button', { name: /^Inviata \(2\)$/ })
      .waitFor();
    await page.screenshot({ path: join(SHOTS, 'outbox-list.png') });
    expect(await axeViolations(page)).toEqual([]);

    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Apri il messaggio/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /Lettera di incarico professionale/ });
    await dialog.getByText('Contratto.pdf').waitFor();
    // axe reads colours: only once the dialog has faded in (half-transparent text fails contrast)
    await dialogShown(page);
    await page.screenshot({ path: join(SHOTS, 'outbox-message.png') });
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Scarica .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Messaggio_\d+\.eml$/);
    const path = join(SHOTS, 'outbox.eml');
    await download.saveAs(path);
    const eml = await simpleParser(readFileSync(path));
    expect(eml.subject).toMatch(/^Lettera di incarico professionale - /);
    const received = sink.received.find((r) => r.mail.messageId === eml.messageId);
    expect(received, 'the .eml is the message delivered').toBeTruthy();
    expect([eml.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address))).toEqual(to(received!));
    const pdf = eml.attachments.find((x) => x.filename === 'Contratto.pdf');
    expect(pdf).toBeTruthy();
    const emlText = pdfText(pdf!.content, 'outbox-eml.pdf');
    expect(names.some((n) => holds(emlText, n))).toBe(true);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
  });

  it("11.8 the payment-notice generator's 'Invia via email': 'Info!!' 'Invio email in coda..', then the notice is delivered", async () => {
    const { page, server } = s;
    const before = sink.received.length;
    await page.goto(`${server.url}/NewSchedaBollettino`);
    const customers = page.getByRole('combobox', { name: /^Clienti/ });
    await customers.fill(names[0]!.split(' ')[0]!);
    await page.getByRole('option', { name: names[0]! }).click();
    await page.getByRole('combobox', { name: /^Servizio/ }).click();
    await page.getByRole('option').first().click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Importo/ }).inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Invia via email' }).click();
    const info = page.getByRole('dialog', { name: 'Info!!' });
    await expect.poll(() => info.innerText()).toContain('Invio email in coda..');
    await info.getByRole('button', { name: 'Ho Capito' }).click();
    await expect.poll(() => sink.received.length, { timeout: 20_000 }).toBe(before + 1);
    const r = sink.received.at(-1)!;
    expect(r.rcptTo).toContain('bollettini@studiodemo.test');
    expect(
      holds(
        pdfText(r.mail.attachments.find((x) => x.filename === 'Bollettino.pdf')!.content, 'outbox-bollettino.pdf'),
        names[0]!,
      ),
    ).toBe(true);
  });
});
