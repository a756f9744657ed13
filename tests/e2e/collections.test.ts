/**
 * Collecting the fees in Chromium (issue 29, done-when), as the demo Admin on a copy of the demo
 * data: two SDD mandates created in their form; 'Incassa con SDD' presents the month's open
 * installments of the customers with a mandate, to the demo studio's account, whose bank takes CBI
 * 00.01.01 (issue 47), and the CBI file is downloaded (valid against the CBI schema in
 * ../shared/cbi); a CBI RH statement (named .txt) written from the batch pays most of them, plus a bank transfer
 * named only by an invoice number and one unknown credit; the matches are confirmed with 'Conferma
 * tutti'; the statement shows the charges settled and the unknown line stays unmatched. The demo's
 * customers who pay by RiBa (issue 47 item 5): 'Presenta RiBa' presents their month's installments,
 * the CBI file is downloaded (records of 120 characters, counts and total right), and a receipt
 * marked unpaid in the presentation's detail opens its charges again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, closeSession, downloadedFile, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { ACTIVE, apiClient, type ApiClient } from './util';
import { strFromU8, unzipSync } from 'fflate';
import { cbiSddErrors } from '../helpers/cbiXsd';
import { cbiStatusReport } from '../helpers/sddReports';
import { ibanText } from '../../model/iban';
import type { CamtEntry } from '../helpers/camt';
import { cbiRh } from '../../server/areas/collections/rhWriter';
import { parseRiba } from '../../server/areas/collections/riba';

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
const first = `${today.slice(0, 7)}-01`;
const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).toISOString().slice(0, 10);

interface OpenItem {
  id: number;
  date: string;
  due: string;
  open: number;
  presented: boolean;
  invoice: string | null;
}

/** Customers with an item of this month, due in it, still open, not in a batch, without an active mandate. */
async function customersToCollect(n: number) {
  const mandates = (await api.get('/api/list/SddMandate/SddMandateResourceListCollection', { items_per_page: -1 }))
    .data as Array<{ customer_id: number; status: string }>;
  const covered = new Set(mandates.filter((m) => m.status === 'active').map((m) => Number(m.customer_id)));

  const rows = await api.customers({ filters: [ACTIVE], sort_by: 'id' });
  const out: Array<{ id: number; name: string; item: OpenItem }> = [];
  for (const c of rows) {
    // a customer who pays by transfer or RiBa (issue 47) is never in a direct debit's batch
    if (covered.has(c.id) || c.collection_method === 'bonifico' || c.collection_method === 'riba') continue;
    const items = (await api.get(`/api/customer/${c.id}/open_items`)).data.items as OpenItem[];
    // the month's own charge (an engagement's charge of last month may fall due in this one: issue 49)
    const item = items.find(
      (i) =>
        i.due >= first &&
        i.due <= last &&
        i.date.slice(0, 10) >= first &&
        i.date.slice(0, 10) <= last &&
        !i.presented &&
        !i.invoice &&
        i.open > 0,
    );
    if (item) out.push({ id: c.id, name: c.business_name, item });
    if (out.length === n) break;
  }
  expect(out, 'customers with an installment of the month still open').toHaveLength(n);
  return out;
}

describe('collecting the fees in Chromium', () => {
  it('29 two mandates, the month’s installments presented by SDD in the CBI format, a CBI RH statement reconciled: the charges settled, the unknown credit still unmatched', async () => {
    const { page, server } = s;
    const [c1, c2, c3] = await customersToCollect(3);

    // two mandates, in their form
    for (const [i, c] of [c1!, c2!].entries()) {
      await page.goto(`${server.url}/table/SddMandate`);
      await page.getByRole('button', { name: 'Nuovo', exact: true }).first().click();
      await page.waitForURL(/\/SddMandate\/create/);
      const customer = page.getByRole('combobox', { name: /^Cliente( \*)?$/ });
      await customer.click();
      await customer.fill(c.name.slice(0, 20));
      await page.getByRole('option', { name: c.name }).first().click();
      await page.getByRole('textbox', { name: /^Riferimento mandato( \*)?$/ }).fill(`E2E-MANDATO-${i + 1}`);
      await page
        .getByRole('textbox', { name: /^IBAN del debitore( \*)?$/ })
        .fill(['IT60X0542811101000000123456', 'IT42L1234512345123456789012'][i]!);
      if (i === 0) await page.screenshot({ path: join(SHOTS, 'sdd-mandate-form.png'), fullPage: true });
      const [post] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/sdd_mandates')),
        page.locator('form').locator('button[type="submit"]').click(),
      ]);
      expect(post.status(), await post.text()).toBe(201);
      // saved, the form goes back to the list: wait for it before going elsewhere
      await page.waitForURL(/\/table\/SddMandate/);
      await page.locator('tbody tr', { hasText: `E2E-MANDATO-${i + 1}` }).waitFor();
    }

    // 'Incassa con SDD': the month's open installments of the customers with a mandate
    await page.goto(`${server.url}/incassa_sdd`);
    await page.getByRole('textbox', { name: 'Scadenze dal', exact: true }).fill(first);
    await page.getByRole('textbox', { name: 'Scadenze al', exact: true }).fill(last);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    const debits = page.getByRole('table', { name: 'Disposizioni SDD' });
    await debits.locator('tbody tr', { hasText: c1!.name }).waitFor();
    await debits.locator('tbody tr', { hasText: c2!.name }).waitFor();
    // the account with the studio's IBAN, its bank's format (issue 47)
    await page.getByText(/File per la banca: CBI 00\.01\.01 \(CUC [A-Z0-9]{8}\)/).waitFor();
    await page.screenshot({ path: join(SHOTS, 'sdd-preview.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/sdd/batches')),
      page.getByRole('button', { name: 'Crea distinta' }).click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const batch = (await created.json()).data as { id: number; message_id: string };
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica file SDD' }).click(),
    ]);
    // the demo's mandates include B2B ones: then the CORE and B2B messages come in a ZIP
    const name = download.suggestedFilename();
    expect([`SDD_CBI_${batch.message_id}.xml`, `SDD_CBI_${batch.message_id}.zip`]).toContain(name);
    const bytes = readFileSync(await downloadedFile(download));
    const messages = name.endsWith('.zip')
      ? Object.values(unzipSync(new Uint8Array(bytes))).map((u) => strFromU8(u))
      : [bytes.toString('utf8')];
    for (const m of messages) expect(await cbiSddErrors(m, '00.01.01')).toEqual([]);
    const xml = messages.join('\n');
    expect(xml).toContain('<PhyMsgTpCd>INC-SDDC-01</PhyMsgTpCd>');
    expect(xml).toContain('<MndtId>E2E-MANDATO-1</MndtId>');
    expect(xml).toContain('<MndtId>E2E-MANDATO-2</MndtId>');

    // the bank's statement: the batch's debits collected but one, a transfer naming an invoice, an unknown credit
    const detail = (await api.get(`/api/sdd/batches/${batch.id}`)).data as {
      debit_list: Array<{ customer_id: number; end_to_end_id: string; amount: number }>;
    };
    const paid = detail.debit_list.length > 2 ? detail.debit_list.slice(0, -1) : detail.debit_list;
    if (!paid.some((d) => d.customer_id === c1!.id))
      paid.push(detail.debit_list.find((d) => d.customer_id === c1!.id)!);
    // issue 47: the bank's answer rejects the debit the statement will not pay: 'Esiti' on the batch reopens it
    const rejected = detail.debit_list.find((d) => !paid.includes(d));
    if (rejected) {
      const report = join(SHOTS, 'downloads', 'esito-e2e.xml');
      writeFileSync(
        report,
        cbiStatusReport({
          msgId: `ESITO-${batch.message_id}`,
          orgnlMsgId: batch.message_id,
          rejects: [{ e2e: rejected.end_to_end_id, code: 'AM04', amount: rejected.amount.toFixed(2) }],
        }),
      );
      await page.getByRole('button', { name: `Dettaglio della distinta ${batch.message_id}` }).click();
      const dialog = page.getByRole('dialog', { name: `Distinta ${batch.message_id}` });
      await dialog.getByLabel("File dell'esito della banca").setInputFiles(report);
      const [outcome] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/actions/outcome')),
        dialog.getByRole('button', { name: 'Importa esito' }).click(),
      ]);
      expect(outcome.status(), await outcome.text()).toBe(201);
      await dialog
        .getByRole('table', { name: `Addebiti respinti dall'esito ESITO-${batch.message_id}` })
        .getByText('AM04 — fondi insufficienti')
        .waitFor();
      await page.screenshot({ path: join(SHOTS, 'sdd-outcome.png'), fullPage: true });
      await dialog.getByRole('button', { name: 'Chiudi' }).click();
      const items = (await api.get(`/api/customer/${rejected.customer_id}/open_items`)).data as {
        items: Array<{ presented: boolean }>;
      };
      expect(items.items.some((i) => !i.presented)).toBe(true);
    }
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    // the third customer's installment invoiced ('Fattura addebiti'), then paid naming the invoice only
    const period = { from: c3!.item.date.slice(0, 10), to: c3!.item.date.slice(0, 10), customer_ids: [c3!.id] };
    const plan = await api.send('POST', '/api/invoicing/preview', period);
    expect(plan.status).toBe(200);
    expect(plan.body.data.invoices, JSON.stringify(plan.body.data.skipped)).toHaveLength(1);
    const run = await api.send('POST', '/api/invoicing/run', { ...period, fingerprint: plan.body.data.fingerprint });
    expect(run.status).toBe(201);
    const invoice = run.body.data.invoices[0].number as string;
    const entries: CamtEntry[] = [
      ...paid.map((d) => ({
        kind: 'credit' as const,
        amount: d.amount,
        date: day(1),
        endToEndId: d.end_to_end_id,
        name: 'INCASSO SDD',
        remittance: `SDD ${batch.message_id}`,
      })),
      {
        kind: 'credit',
        amount: c3!.item.open,
        date: day(1),
        name: 'AMMINISTRAZIONE CONDOMINIALE ALFA',
        remittance: `SALDO FATTURA N. ${invoice}/${today.slice(0, 4)}`,
        ref: 'E2E-FATTURA',
      },
      {
        kind: 'credit',
        amount: 77.7,
        date: day(1),
        name: 'ZETA SCONOSCIUTA SPA',
        remittance: 'RIMBORSO',
        ref: 'E2E-IGNOTO',
      },
    ];
    const [own] = (await api.get('/api/list/Studio/StudioResourceListCollection', { items_per_page: 1 }))
      .data as Array<{
      id: number;
    }>;
    const studio = (await api.get(`/api/studios/${own!.id}`)).data as { iban: string };
    // the bank's statement as Italian banks send it by default: the CBI RH flat file (issue 47), named .txt
    const iban = studio.iban.replace(/\s+/g, '');
    const file = join(SHOTS, 'downloads', 'estratto-e2e.txt');
    writeFileSync(file, cbiRh({ abi: iban.slice(5, 10), sia: 'S0001', iban, created: today, entries }));

    // 'Riconciliazione bancaria': imported, matched, 'Conferma tutti'
    await page.goto(`${server.url}/riconciliazione`);
    await page.getByRole('heading', { name: 'Importa estratto conto' }).waitFor();
    const [imported] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/bank/statements')),
      page.getByTestId('bank-file').setInputFiles(file),
    ]);
    expect(imported.status(), await imported.text()).toBe(201);
    expect((await imported.json()).data.format).toBe('cbi_rh');
    await page.getByText(/Estratto conto «estratto-e2e\.txt» \(CBI RH, conto IT\w+\) importato/).waitFor();
    const counts = (await imported.json()).data.counts as { matched: number; unmatched: number };
    expect(counts.matched).toBe(paid.length + 1);
    expect(counts.unmatched).toBe(1);
    const confirmAll = page.getByRole('button', { name: 'Conferma tutti' });
    await confirmAll.waitFor();
    await page.screenshot({ path: join(SHOTS, 'reconciliation-matched.png'), fullPage: true });
    // at 1400 px the statements' table fits: nothing cut on the right, its 'Movimenti' in view (issue 45 item 18)
    const statements = page.getByRole('region', { name: 'Estratti conto importati' });
    const fit = await statements.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll, 'the statements table is wider than its box').toBeLessThanOrEqual(fit.client);
    expect(await page.getByRole('row').filter({ hasText: 'estratto-e2e.txt' }).first().textContent()).toContain(
      ibanText(studio.iban),
    );
    expect(await axeViolations(page)).toEqual([]);
    await confirmAll.click();
    const [done] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/confirm_all')),
      page.getByRole('button', { name: `Sì, registra ${paid.length + 1} movimenti` }).click(),
    ]);
    expect(done.status()).toBe(200);
    expect((await done.json()).data.confirmed).toBe(paid.length + 1);
    const tabs = page.getByRole('tablist', { name: 'Movimenti per stato' });
    await tabs.getByRole('tab', { name: /^Da abbinare \(1\)/ }).click();
    await page.locator('tbody tr', { hasText: 'ZETA SCONOSCIUTA SPA' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'reconciliation-unmatched.png'), fullPage: true });

    // the statement: the collected and the invoiced installments settled
    for (const c of [c1!, c3!]) {
      const items = (await api.get(`/api/customer/${c.id}/open_items`)).data.items as OpenItem[];
      expect(items.find((i) => i.id === c.item.id)).toBeUndefined();
    }
    await page.goto(`${server.url}/table/Transaction/${c1!.id}`);
    await page.getByRole('region', { name: 'Riepilogo estratto conto' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Saldato' });
    await expect.poll(() => row.count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'statement-settled.png'), fullPage: true });
  });

  it("issue 47 the demo's RiBa customers: 'Presenta RiBa' presents the month's installments in a CBI file, and a receipt marked unpaid opens its charges again", async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/presenta_riba`);
    await page.getByRole('textbox', { name: 'Scadenze dal', exact: true }).fill(first);
    await page.getByRole('textbox', { name: 'Scadenze al', exact: true }).fill(last);
    const [previewed] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/riba/preview')),
      page.getByRole('button', { name: 'Anteprima' }).click(),
    ]);
    expect(previewed.status(), await previewed.text()).toBe(200);
    const plan = (await previewed.json()).data as {
      receipts: Array<{ customer_id: number; business_name: string; charges: Array<{ charge_id: number }> }>;
      totals: { receipts: number; amount: number };
    };
    expect(plan.receipts.length, 'the demo has RiBa customers with an installment this month').toBeGreaterThan(0);
    const receipts = page.getByRole('table', { name: 'Ricevute RiBa' });
    await receipts.locator('tbody tr', { hasText: plan.receipts[0]!.business_name }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'riba-preview.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/riba/presentations')),
      page.getByRole('button', { name: 'Crea presentazione' }).click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const presentation = (await created.json()).data as { id: number; support_name: string; total: number };
    expect(presentation.total).toBe(plan.totals.amount);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica file RiBa' }).click(),
    ]);
    const bytes = readFileSync(await downloadedFile(download));
    const lines = bytes.toString('latin1').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.every((l) => l.length === 120 && /^[\x20-\x7e]+$/.test(l))).toBe(true);
    const parsed = parseRiba(bytes);
    expect(parsed.receipts).toHaveLength(plan.totals.receipts);
    expect(Number(parsed.totalCents)).toBe(Math.round(plan.totals.amount * 100));

    // the presentation's detail: the first receipt unpaid
    await page.getByRole('button', { name: `Dettaglio della presentazione ${presentation.support_name}` }).click();
    const dialog = page.getByRole('dialog');
    const number = parsed.receipts[0]!.number;
    await dialog.getByRole('checkbox', { name: `Scegli la ricevuta ${number}`, exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Insoluto: fondi insufficienti');
    await page.screenshot({ path: join(SHOTS, 'riba-unpaid.png'), fullPage: true });
    const [unpaid] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/actions/unpaid')),
      dialog.getByRole('button', { name: 'Segna insolute' }).click(),
    ]);
    expect(unpaid.status(), await unpaid.text()).toBe(200);
    const unpaidOne = plan.receipts[0]!;
    const items = (await api.get(`/api/customer/${unpaidOne.customer_id}/open_items`)).data.items as OpenItem[];
    for (const c of unpaidOne.charges) {
      const item = items.find((i) => i.id === c.charge_id);
      expect(item, "the unpaid receipt's charge is open again").toBeDefined();
      expect(item!.presented).toBe(false);
    }
    // the others still wait for the bank
    const other = plan.receipts.find((r) => r.customer_id !== unpaidOne.customer_id);
    if (other) {
      const theirs = (await api.get(`/api/customer/${other.customer_id}/open_items`)).data.items as OpenItem[];
      expect(theirs.find((i) => i.id === other.charges[0]!.charge_id)?.presented).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: join(SHOTS, 'riba-390.png'), fullPage: true });
    const fit = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(fit, 'the screen fits 390 px').toBe(true);
  });
});
