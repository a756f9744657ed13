/**
 * Issue 49's journey in Chromium, on a fresh copy of the demo studio: the Admin opens a demo
 * customer's card, 'Nuovo incarico' (the customer filled in), saves it, adds its services on the
 * engagement's card (a monthly fee billed today, advice by the hour), sends the letter; the
 * customer opens the link of the e-mail in 'Posta in uscita' and accepts it on his page (390 px);
 * the engagement is signed; 'Esegui ora' on 'Addebiti degli incarichi' makes the month's charge once
 * (a second run makes nothing); a collaborator's timer in the app bar records time on the by-time
 * service, which the plan of the month's end bills as hours × rate; 'Redditività' ranks the
 * customers by margin and its figures for the customer are those of his statement. Screenshots at
 * 1400 and 390 px.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { ACTIVE, apiClient, type ApiClient } from './util';
import { clampDay } from '../../model/engagements';
import { today as romeToday } from '../../model/dates';

const STUDIO = studioFor(import.meta.url);

let s: E2ESession;
let collab: E2ESession;
let api: ApiClient;

beforeAll(async () => {
  s = await openSession(STUDIO.admin);
  api = await apiClient(s.server.url, STUDIO.admin);
});
afterEach(() => {
  expect(s.guard.take(), 'console errors').toEqual([]);
  if (collab) expect(collab.guard.take(), 'console errors (collaborator)').toEqual([]);
});
afterAll(async () => {
  await closeSession(collab);
  await closeSession(s);
});

const today = romeToday();
const [year, month, day] = today.split('-').map(Number) as [number, number, number];
const dmy = (iso: string) => iso.split('-').reverse().join('-');
const euro = (n: number) => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2 }).format(n);

describe('engagements in Chromium', () => {
  it('issue 49 an engagement made, its letter sent and accepted by the customer, the month’s charge made once, a timer feeding a by-time service, Redditività to the cent with the statement', async () => {
    const { page, server } = s;
    // a demo customer without an engagement, with an e-mail
    const customers = await api.customers({ filters: [ACTIVE], sort_by: 'id' });
    const taken = new Set(
      (await api.get('/api/list/Engagement/EngagementResourceListCollection', { items_per_page: -1 })).data.map(
        (e: { customer_id: number }) => e.customer_id,
      ),
    );
    const customer = customers.find((c) => !taken.has(c.id) && c.email)!;
    expect(customer, 'a demo customer without an engagement').toBeDefined();

    // the customer's card → 'Nuovo incarico'
    await page.goto(`${server.url}/Customer/${customer.id}`);
    const section = page.getByRole('region', { name: 'Incarichi professionali' });
    await section.getByText(/Nessun incarico professionale/).waitFor();
    await section.getByRole('link', { name: 'Nuovo incarico' }).click();
    await page.waitForURL(/\/Engagement\/create/);
    const textbox = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
    await textbox('Oggetto').fill('Contabilità semplificata e consulenza');
    await textbox('Data inizio').fill(dmy(`${year}-${String(month).padStart(2, '0')}-01`));
    await textbox(/Giorno di addebito.*/.source).fill(String(day));
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/engagements')),
      page.locator('form').locator('button[type="submit"]').click(),
    ]);
    expect(post.status(), await post.text()).toBe(201);
    const created = (await post.json()).data;
    expect(created.customer_id).toBe(customer.id);
    expect(created.status).toBe('draft');
    const id = created.id as number;

    // its services: a monthly fee and advice by the hour
    await page.goto(`${server.url}/Engagement/${id}`);
    const services = page.getByRole('region', { name: 'Servizi e compensi' });
    await services.getByText(/La fattura di ogni addebito: IVA 22 %/).waitFor();
    const choose = async (row: number, label: string, option: string | RegExp) => {
      await services.getByRole('combobox', { name: label }).nth(row).click();
      await page.getByRole('option', { name: option }).first().click();
    };
    for (const [i, service, rule, fee] of [
      [0, 'Tenuta contabilità semplificata', 'Mensile', '110,00'],
      [1, 'Consulenza fiscale', /^A tempo/, '95,00'],
    ] as const) {
      await services.getByRole('button', { name: 'Aggiungi servizio' }).click();
      await choose(i, 'Servizio', service);
      await choose(i, 'Regola', rule);
      await services.getByRole('textbox', { name: i === 0 ? 'Compenso del periodo' : 'Tariffa oraria' }).fill(fee);
    }
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/engagement/${id}/services`)),
      services.getByRole('button', { name: 'Salva servizi' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    // the next charge: today, the month's fee
    await services
      .getByRole('table', { name: 'Prossimi addebiti' })
      .or(services.getByText('Prossimi addebiti'))
      .first()
      .waitFor();
    await page.screenshot({ path: join(SHOTS, 'engagement-card-1400.png'), fullPage: true });

    // the letter sent
    await page.getByRole('button', { name: 'Invia al cliente' }).click();
    const send = page.getByRole('dialog', { name: 'Invia la lettera al cliente' });
    await send.getByText(customer.email!).waitFor();
    const [sent] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/engagement/${id}/actions/send`),
      ),
      send.getByRole('button', { name: 'Invia', exact: true }).click(),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);

    // the customer's page from the outbox, at 390 px: 'Accetto'
    await page.goto(`${server.url}/posta_in_uscita`);
    const outbox = page.getByRole('table', { name: 'Messaggi della posta in uscita' });
    const row = outbox.locator('tbody tr', { hasText: customer.email! }).first();
    await row.waitFor();
    await row.getByRole('button', { name: /^Apri il messaggio/ }).click();
    const message = page.getByRole('dialog', { name: /incarico/i });
    const link = message.getByRole('link', { name: /\/incarico\// });
    const href = (await link.getAttribute('href'))!;
    const customerPage = await s.context.newPage();
    await customerPage.setViewportSize({ width: 390, height: 844 });
    await customerPage.goto(href);
    await customerPage.getByRole('heading', { level: 1 }).waitFor();
    expect(await customerPage.locator('body').innerText()).toContain('Tenuta contabilità semplificata');
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await customerPage.getByLabel(/Nome e cognome/i).fill('Mario Cliente');
    await customerPage.getByLabel('Ho letto la lettera d’incarico e la accetto').check();
    await customerPage.screenshot({ path: join(SHOTS, 'engagement-accept-390.png'), fullPage: true });
    await Promise.all([
      customerPage.waitForLoadState('load'),
      customerPage.getByRole('button', { name: 'Accetto' }).click(),
    ]);
    await customerPage
      .getByText(/accettat/i)
      .first()
      .waitFor();
    await customerPage.close();
    const engagement = (await api.get(`/api/engagements/${id}`)).data;
    expect(engagement.status).toBe('signed');
    expect(engagement.signed_how).toMatch(/Mario Cliente/);

    // the month's charge, made once on the billing day (today)
    await page.goto(`${server.url}/addebiti_incarichi`);
    const statement = async () =>
      (
        (await api.get(`/api/list/Transaction/TransactionResourceListCollection`, {
          items_per_page: -1,
          filters: [{ name: 'customer_id', type: 'OR', val: [customer.id], glue: 'and' }],
          with_trashed: 0,
        })) as { data: Array<{ type: string; amount: number; transaction_note: string }> }
      ).data.filter((t) => t.type === 'CHARGE' && /Tenuta contabilità semplificata/.test(t.transaction_note ?? ''));
    // the server's daily run may have made it already: either way, once
    const plan = page.getByRole('region', { name: 'Addebiti del periodo' });
    if ((await statement()).length === 0) {
      await plan.getByText(customer.business_name).first().waitFor();
      await page.getByRole('button', { name: 'Esegui ora' }).click();
      await page
        .getByRole('dialog', { name: 'Esegui ora gli addebiti' })
        .getByRole('button', { name: 'Esegui' })
        .click();
      await page.getByText(/^Fatti \d+ addebiti/).waitFor();
    }
    await expect.poll(async () => (await statement()).map((t) => t.amount)).toEqual([110]);
    // a second run makes nothing more
    const again = await api.send('POST', '/api/engagements/billing/run');
    expect(again.status).toBe(201);
    expect((await statement()).length).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'engagement-billing-1400.png'), fullPage: true });

    // a collaborator's timer on the by-time service
    collab = await openSession(STUDIO.collaboratore);
    const cp = collab.page;
    await cp.getByRole('button', { name: 'Avvia un timer' }).click();
    const start = cp.getByRole('dialog', { name: 'Avvia un timer' });
    await start.getByRole('combobox', { name: /^Cliente( \*)?$/ }).fill(customer.business_name.slice(0, 12));
    await cp.getByRole('option', { name: customer.business_name }).first().click();
    await start.getByRole('combobox', { name: /^Servizio( \*)?$/ }).fill('Consulenza');
    await cp
      .getByRole('option', { name: /Consulenza fiscale/ })
      .first()
      .click();
    await start.getByRole('button', { name: 'Avvia' }).click();
    const running = cp.getByRole('button', { name: /^Timer in corso per/ });
    await running.waitFor();
    const [stopped] = await Promise.all([
      cp.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/time/timer/stop')),
      cp.getByRole('button', { name: 'Ferma il timer e registra il tempo' }).click(),
    ]);
    expect(stopped.status(), await stopped.text()).toBe(201);
    const minutes = (await stopped.json()).data.entry.minutes as number;
    expect(minutes).toBeGreaterThanOrEqual(1);
    // the month's hours become the charge on the next billing day: hours × 95 €/h, in the plan
    const next = month === 12 ? clampDay(year + 1, 1, day) : clampDay(year, month + 1, day);
    const ahead = (await api.get('/api/engagements/billing/preview', { day: next })).data as {
      charges: Array<{ engagement_id: number; rule: string; quantity: number; amount: number; label: string }>;
    };
    const byTime = ahead.charges.find((c) => c.engagement_id === id && c.rule === 'by_time')!;
    expect(byTime.quantity).toBeCloseTo(minutes / 60, 2);
    expect(byTime.amount).toBe(Math.round((minutes * 95 * 100) / 60) / 100);

    // 'Redditività': the customers ranked by margin; this customer's figures are his statement's
    await page.bringToFront();
    await page.goto(`${server.url}/redditivita`);
    await page.screenshot({ path: join(SHOTS, 'redditivita-loading-1400.png'), fullPage: true });
    await page.getByRole('region', { name: 'Redditività per cliente' }).waitFor();
    const from = `${year}-01-01`;
    // the screen's default period: this year
    const to = `${year}-12-31`;
    const report = (await api.get('/api/profitability', { from, to, group: 'customer', order: 'asc' })).data;
    const margins = (report.rows as Array<{ margin: number }>).map((r) => r.margin);
    expect(margins).toEqual([...margins].sort((a, b) => a - b));
    const mine = (
      report.rows as Array<{ id: number; charged: number; payable: number; collected: number; minutes: number }>
    ).find((r) => r.id === customer.id)!;
    const st = (await api.get(`/api/customer/${customer.id}/statement`, { from, to })).data;
    // what the charges ask (fee, cassa, VAT, stamp, less withholding) and what was paid: the statement's figures
    expect(mine.payable).toBe(st.charges);
    expect(mine.charged).toBeGreaterThanOrEqual(110);
    expect(mine.collected).toBe(st.payments);
    expect(mine.minutes).toBeGreaterThanOrEqual(minutes);
    await page
      .getByText(customer.business_name)
      .first()
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    expect(await page.locator('body').innerText()).toContain(euro(report.totals.charged));
    await page.screenshot({ path: join(SHOTS, 'redditivita-1400.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/Engagement/${id}`);
    await page.getByRole('region', { name: 'Servizi e compensi' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'engagement-card-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
