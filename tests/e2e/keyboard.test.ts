/**
 * The daily flows with the keyboard only (issue 17 item 3), as the Admin of Studio Demo on the demo
 * data: Tab, Shift+Tab, Enter, Space, arrows and typing — no mouse click. At every step the focus
 * is on an element of the page (not the body), on screen, and visibly marked (an outline, a box
 * shadow, MUI's focus-visible or focused state):
 * find a customer with Ctrl+K, edit and save its card; select customers on the list and assign
 * them a collaborator (a bulk action); open the jobs dashboard and toggle a sub-task; create an
 * e-invoice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeSession, openSession, SHOTS, studioFor, type E2ESession } from './harness';
import { apiClient, type ApiClient, type CustomerRow } from './util';

// the studio this file works in, and its logins: tests/e2e/studios.ts
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

interface Focus {
  ok: boolean;
  what: string;
}
/**
 * In the page: the focused element and whether its focus is visible (see the file's comment);
 * `visibleOnly`: false instead while it is not (for waitForFunction).
 */
function focusInPage(visibleOnly: boolean): Focus | false {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement)
    return visibleOnly ? false : { ok: false, what: 'body' };
  const labelledBy = el
    .getAttribute('aria-labelledby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  const label =
    el.getAttribute('aria-label') ??
    (labelledBy || null) ??
    (el as HTMLInputElement).labels?.[0]?.textContent ??
    el.textContent ??
    '';
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label.trim().slice(0, 60)}"`;
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden')
    return visibleOnly ? false : { ok: false, what: `${what} (not visible)` };
  // on screen, not clipped or covered (a collapsed bar's buttons are in the page but out of sight)
  const hit = document.elementFromPoint(
    Math.min(r.x + r.width / 2, innerWidth - 1),
    Math.min(r.y + r.height / 2, innerHeight - 1),
  );
  if (!hit || !(el === hit || el.contains(hit) || hit.contains(el)))
    return visibleOnly
      ? false
      : {
          ok: false,
          what: `${what} (covered by ${hit?.tagName.toLowerCase()}.${String(hit?.className).slice(0, 40)})`,
        };
  // a hidden input inside a control (checkbox, radio, switch) shows its focus on the control
  const marked = (e: Element) => {
    const c = getComputedStyle(e);
    return (c.outlineStyle !== 'none' && parseFloat(c.outlineWidth) > 0) || c.boxShadow !== 'none';
  };
  const ok =
    marked(el) ||
    !!el.closest('.Mui-focusVisible, .Mui-focused') ||
    (el.matches(':focus-visible') && marked(el.parentElement ?? el));
  return visibleOnly && !ok ? false : { ok, what };
}
/** The focused element, and whether its focus is visible. */
async function focusNow(page: Page): Promise<Focus> {
  return (await page.evaluate(focusInPage, false)) as Focus;
}
/** The focus after a key, once what it moved to has finished sliding or fading in (checked at every frame, up to 2 s). */
async function settledFocus(page: Page): Promise<Focus> {
  const visible = await page.waitForFunction(focusInPage, true, { timeout: 2_000 }).catch(() => null);
  return visible ? ((await visible.jsonValue()) as Focus) : focusNow(page);
}
/** Asserts the focus is visible now; answers what has it. */
async function visibleFocus(page: Page, step: string): Promise<string> {
  const f = await settledFocus(page);
  expect(f.ok, `${step}: focus on ${f.what}`).toBe(true);
  return f.what;
}
/** Presses a key and checks the focus after it. */
async function press(page: Page, key: string, step = key) {
  await page.keyboard.press(key);
  await visibleFocus(page, step);
}
/**
 * Tabs (or Shift+Tabs) until the focused element matches `target` (its label or text), checking
 * the focus at every step; fails after `max` presses (a trap or an unreachable control).
 */
async function tabTo(page: Page, target: RegExp, { back = false, max = 60 } = {}): Promise<void> {
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await settledFocus(page);
    trail.push(f.what);
    expect(f.ok, `tabbing to ${target}: focus on ${f.what}; after: ${trail.slice(0, -1).join(' → ')}`).toBe(true);
    if (target.test(f.what)) return;
  }
  throw new Error(`${target} not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses: ${trail.join(' → ')}`);
}

describe('keyboard only in Chromium', () => {
  let customer: CustomerRow;

  it('Ctrl+K finds a customer, Enter opens its card; Tab to the notes, typing, Tab to Aggiorna and Enter saves it', async () => {
    const { page, server } = s;
    const rows = await api.customers();
    customer = rows.find((r) => !r.ceased && /^[A-Z]/.test(r.business_name))!;
    await page.goto(`${server.url}/Menu`);
    await page.locator('#main-content h2').first().waitFor();
    // the skip link or the app bar first: the focus is visible from the first Tab
    await press(page, 'Tab', 'first Tab');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Ricerca rapida' });
    await dialog.waitFor();
    await visibleFocus(page, 'quick find open');
    await page.keyboard.type(customer.business_name);
    await expect.poll(() => dialog.getByRole('option').first().innerText()).toContain(customer.business_name);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/Customer/${customer.id}$`));
    const name = page.getByRole('textbox', { name: /^Ragione Sociale( \*)?$/ });
    await expect.poll(() => name.inputValue()).toBe(customer.business_name);
    // back on the page, the focus goes on (the dialog gave it back to the page)
    await tabTo(page, /"Note"/, { max: 120 });
    const note = `Nota da tastiera ${Date.now()}`;
    await page.keyboard.press('Control+a');
    await page.keyboard.type(note);
    await visibleFocus(page, 'typing the note');
    // the form's toolbar under the fields: 'Aggiorna' saves a card
    await tabTo(page, /^button.*"Aggiorna"/, { max: 40 });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await page.keyboard.press('Enter');
    await page.getByText('Elemento aggiornato').first().waitFor();
    await expect.poll(async () => (await api.get(`/api/customer/${customer.id}`)).data.note).toBe(note);
    await page.screenshot({ path: join(SHOTS, 'keyboard-customer-saved.png') });
  });

  it('the customers list: Tab to a row\'s checkbox, Space selects it, Shift+Tab to "Assegna collaboratori", Enter; Tab and Space pick a collaborator, Tab to "Assegna", Enter', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/table/Customer`);
    await page.locator('tbody tr').first().waitFor();
    // the first row's checkbox (after the search, the toolbar and the header's)
    await tabTo(page, /"Seleziona questa riga"/, { max: 60 });
    const rowText = await page.evaluate(
      () => (document.activeElement?.closest('tr') as HTMLElement | null)?.innerText ?? '',
    );
    const picked = (await api.customers()).find(
      (c) => c.cod && rowText.includes(c.business_name) && rowText.includes(String(c.cod)),
    );
    expect(picked, rowText).toBeTruthy();
    await press(page, 'Space', 'selecting the row');
    // the customers' own actions, loaded with the first selection
    await page
      .locator('[role="toolbar"][aria-label="Azioni sui 1 elementi selezionati"] button')
      .filter({ hasText: /^Assegna collaboratori$/i })
      .waitFor();
    // the bulk actions bar sits above the table: back to it
    await tabTo(page, /"Assegna collaboratori"/, { back: true, max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('radio').nth(2).waitFor();
    // past the relation's radio group (Tab enters a group at its checked radio) into the collaborators'
    await tabTo(page, /^input[^"]*"(?!Contabilità|Adempimenti)[^"]/, { max: 10 });
    await press(page, 'Space', 'choosing a collaborator');
    const chosen = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    expect(chosen).toMatch(/^\d+$/);
    await tabTo(page, /^button.*"Assegna"$/, { max: 10 });
    await page.keyboard.press('Enter');
    await page.getByText(/Collaboratore assegnato: \d+ clienti aggiornati/).waitFor();
    await expect
      .poll(async () => (await api.get(`/api/customer/${picked!.id}`)).data.collaborator_studio_jobs_id)
      .toBe(Number(chosen));
    // the dialog gave the focus back to the page
    await expect.poll(() => focusNow(page).then((f) => f.what)).not.toBe('body');
  });

  it('the jobs dashboard: Tab into the grid, arrows to a cell with sub-tasks, Enter opens them, Tab and Space toggle one, Escape closes', async () => {
    const { page, server } = s;
    await page.goto(`${server.url}/dashboard_jobs`);
    await page.getByRole('grid').waitFor();
    await page.locator('#job-cell-0-0').waitFor();
    await tabTo(page, /#job-cell-/, { max: 60 });
    // arrows to the first cell with sub-tasks
    const target = await page.evaluate(
      () =>
        [...document.querySelectorAll('[id^="job-cell-"]')].find((e) => e.getAttribute('data-state') !== 'empty')?.id ??
        null,
    );
    expect(target).not.toBeNull();
    const [, tr, tc] = /job-cell-(\d+)-(\d+)/.exec(target!)!.map(Number) as [number, number, number];
    const [, fr, fc] = /job-cell-(\d+)-(\d+)/
      .exec(await page.evaluate(() => document.activeElement!.id))!
      .map(Number) as [number, number, number];
    for (let i = fr; i < tr; i++) await press(page, 'ArrowDown');
    for (let i = fc; i < tc; i++) await press(page, 'ArrowRight');
    for (let i = fc; i > tc; i--) await press(page, 'ArrowLeft');
    expect(await page.evaluate(() => document.activeElement!.id)).toBe(target);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').first().waitFor();
    await tabTo(page, /: (fatto|da fare)"/, { max: 10 });
    const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).checked);
    await press(page, 'Space', 'toggling the sub-task');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(!before);
    await visibleFocus(page, 'after the toggle');
    await page.screenshot({ path: join(SHOTS, 'keyboard-subtask.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the focus is back on the cell that opened the dialog
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(target);
    await visibleFocus(page, 'back on the grid');
  });

  it('a new e-invoice: Tab to the customer, typing and Enter pick it, a service row by arrows, Tab to Salva and Enter save it', async () => {
    const { page, server } = s;
    const before = (
      await api.get('/api/list/EDocument/EDocumentResourceListCollection', { items_per_page: 1, page: 1 })
    ).meta.total as number;
    await page.goto(`${server.url}/scheda_EDocument`);
    await page.waitForURL(/\/EDocument\/create$/);
    await expect.poll(() => page.getByRole('textbox', { name: /^Numero/ }).inputValue()).toMatch(/^\d+$/);
    await tabTo(page, /"Cliente/, { max: 60 });
    await page.keyboard.type('Vitale Immobiliare');
    // the options of the whole name (the list is searched on the server while one types: those
    // of the first letters may still be shown, and the arrow would pick another customer)
    const options = page.getByRole('option');
    await expect
      .poll(
        async () =>
          (await options.allInnerTexts()).every((t) => t.includes('Vitale Immobiliare')) && (await options.count()) > 0,
      )
      .toBe(true);
    await press(page, 'ArrowDown', 'customer option');
    await press(page, 'Enter', 'customer chosen');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value))
      .toContain('Vitale Immobiliare');
    await tabTo(page, /"Servizio \(riga 1\)/, { max: 40 });
    await press(page, 'ArrowDown', 'opening the services');
    await page.getByRole('option').first().waitFor();
    await press(page, 'ArrowDown', 'a service');
    await press(page, 'Enter', 'service chosen');
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Righe' }).getByRole('textbox', { name: 'Descrizione' }).first().inputValue(),
      )
      .not.toBe('');
    await tabTo(page, /^button.*"Salva"/, { max: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/EDocument\/\d+$/, { timeout: 15_000 });
    const after = (await api.get('/api/list/EDocument/EDocumentResourceListCollection', { items_per_page: 1, page: 1 }))
      .meta.total as number;
    expect(after).toBe(before + 1);
    await page.screenshot({ path: join(SHOTS, 'keyboard-einvoice-saved.png') });
  });
});
