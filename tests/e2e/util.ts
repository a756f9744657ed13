/**
 * Helpers shared by the browser tests of the generic table and form: a bearer-token API
 * client (to compute the expected answers) and waits on the list's pagination.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

const DEMO_PASSWORD = 'Demo2026!'; // server/db/demo.ts

/** A row of the customers list (list columns, plus id and trashed). */
export interface CustomerRow {
  id: number;
  cod: string;
  business_name: string;
  [field: string]: any;
}

export interface ApiClient {
  get<T = any>(path: string, query?: Record<string, unknown>): Promise<T>;
  status(path: string): Promise<number>;
  /** a GET answered as text (an XML, a CSV) */
  text(path: string): Promise<string>;
  /** a write with a JSON body; answers the status and the JSON answer */
  send<T = any>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** meta.total of the customers list for a query (search_text, filters, with_trashed) */
  customerTotal(query?: Record<string, unknown>): Promise<number>;
  /** every row of the customers list for a query */
  customers(query?: Record<string, unknown>): Promise<CustomerRow[]>;
}

const qs = (query: Record<string, unknown> = {}) => {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    );
  return parts.length ? `?${parts.join('&')}` : '';
};

/** Logs in through POST /api/user/login and returns a client with that token. */
export async function apiClient(base: string, email: string): Promise<ApiClient> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const token = (await res.json()).access_token as string;
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const self: ApiClient = {
    async get(path, query) {
      const r = await fetch(`${base}${path}${qs(query)}`, { headers });
      if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
      return r.json();
    },
    async text(path) {
      const r = await fetch(`${base}${path}`, { headers });
      if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
      return r.text();
    },
    async status(path) {
      const r = await fetch(`${base}${path}`, { headers });
      await r.arrayBuffer();
      return r.status;
    },
    async send(method, path, body) {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        // method is POST, PUT or DELETE here (the rule cannot tell)
        // oxlint-disable-next-line unicorn/no-invalid-fetch-options
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
    async customerTotal(query = {}) {
      const r = await self.get('/api/list/Customer/CustomerResourceListCollection', {
        ...query,
        items_per_page: 1,
        page: 1,
      });
      return r.meta.total;
    },
    async customers(query = {}) {
      const r = await self.get('/api/list/Customer/CustomerResourceListCollection', { ...query, items_per_page: -1 });
      return r.data;
    },
  };
  return self;
}

/** The list's default filter: active customers (the 'Stato' toggle, always joined with AND). */
export const ACTIVE = { name: 'ceased', type: 'OR', val: [0], glue: 'and' } as const;

export const isCustomerList = (r: Response) =>
  r.url().includes('/api/list/Customer/CustomerResourceListCollection') && r.request().method() === 'GET';

/** Total shown by the pagination ('1-50 di 177'), or 0 when the table is empty; null while loading. */
export async function shownTotal(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const p = document.querySelector('.MuiTablePagination-displayedRows');
    const m = p ? /di\s+(\d+)/.exec(p.textContent ?? '') : null;
    if (m) return Number(m[1]);
    if (document.querySelectorAll('tbody tr').length === 0 && document.body.innerText.includes('Nessun risultato'))
      return 0;
    return null;
  });
}

/** Waits until the pagination shows `total` and the table shows min(total, perPage) rows. */
export async function waitTotal(page: Page, total: number, perPage = 200) {
  await page.waitForFunction(
    ([t, pp]) => {
      const rows = document.querySelectorAll('tbody tr:not(.RaDatagrid-expandedPanel)').length;
      const p = document.querySelector('.MuiTablePagination-displayedRows');
      const m = p ? /di\s+(\d+)/.exec(p.textContent ?? '') : null;
      const empty = rows === 0 && document.body.innerText.includes('Nessun risultato');
      const shown = m ? Number(m[1]) : empty ? 0 : -1;
      return shown === t && rows === Math.min(t, pp);
    },
    [total, perPage] as const,
    { timeout: 15_000 },
  );
}

/**
 * Runs `action` and waits for the customers list call it triggers; returns the total of that
 * answer after the table shows it.
 */
export async function listAfter(
  page: Page,
  action: () => Promise<unknown>,
  perPage = 200,
): Promise<{ total: number; url: URL }> {
  const [resp] = await Promise.all([page.waitForResponse(isCustomerList, { timeout: 15_000 }), action()]);
  const body = await resp.json();
  const total = Number(body.meta.total);
  await waitTotal(page, total, perPage);
  return { total, url: new URL(resp.url()) };
}

/** Opens the customers list with a fresh list state (search, trash, filters, page size from the defaults). */
export async function freshCustomerList(page: Page, base: string) {
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage))
      if (k.startsWith('RaStore') && k.includes('list')) localStorage.removeItem(k);
  });
  await page.goto(`${base}/table/Customer`);
  await page.getByText('Gestione Clienti').first().waitFor();
  await page.locator('tbody tr').first().waitFor();
}

/** Waits for the open dialogs (and backdrops) to finish their fade-in. */
export async function dialogShown(page: Page) {
  await page.waitForFunction(() => {
    const els = [...document.querySelectorAll<HTMLElement>('.MuiDialog-container, .MuiDialog-root .MuiBackdrop-root')];
    return els.length > 0 && els.every((e) => getComputedStyle(e).opacity === '1');
  });
}

/**
 * Whether a real pointer can reach the element: the topmost element at its centre is the
 * element itself or inside it (not covered or clipped by something else).
 */
export async function reachable(loc: Locator): Promise<{ ok: boolean; hit: string }> {
  return loc.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {
      ok: !!hit && (el === hit || el.contains(hit)),
      hit: hit ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 40)}"` : 'nothing',
    };
  });
}

/** Minimal CSV parser: semicolons, double-quoted cells, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The page's requests in flight (API calls, lazy chunks): their count, and waits for a quiet network. */
export interface InFlight {
  (): number;
  /** milliseconds since a request last started or ended (0 while one is in flight) */
  idleFor(): number;
  /** counts from now, as if a request had just ended (a navigation about to start) */
  touch(): void;
  /** resolves once no request has been in flight for `ms`; rejects after `timeout` */
  quiet(ms: number, timeout: number): Promise<void>;
}
export function inflight(p: Page): InFlight {
  let n = 0;
  let last = Date.now();
  const waiters = new Set<() => void>();
  const changed = () => {
    last = Date.now();
    for (const w of waiters) w();
  };
  p.on('request', () => {
    n++;
    changed();
  });
  p.on('requestfinished', () => {
    n--;
    changed();
  });
  p.on('requestfailed', () => {
    n--;
    changed();
  });
  const idleFor = () => (n > 0 ? 0 : Date.now() - last);
  return Object.assign(() => n, {
    idleFor,
    touch: () => {
      last = Date.now();
    },
    async quiet(ms: number, timeout: number) {
      const end = Date.now() + timeout;
      while (idleFor() < ms) {
        const left = end - Date.now();
        if (left <= 0)
          throw new Error(`requests in flight, or started within ${ms} ms, for ${timeout} ms (${n} in flight now)`);
        // the next request's start or end, or — none in flight — the end of the quiet interval:
        // the interval is real time, what is measured here
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, n > 0 ? left : Math.min(left, ms - idleFor()));
          waiters.add(done);
        });
      }
    },
  });
}

/** The bar of the selected rows' bulk actions (src/list/GenericList.tsx SelectionActions). */
export const bulkBar = (page: Page): Locator =>
  page.getByRole('toolbar', { name: /^Azioni sui \d+ elementi selezionati$/ });

/**
 * Opens a screen from the sidebar: its group opened (if it is not) and, once the group has finished
 * sliding open, its entry activated from the keyboard (focus and Enter), as a keyboard user does.
 * A pointer click at the entry's position could land while the sidebar still moves (its group
 * opening, the page settling) and be lost: CI saw the pointer on the entry above. The caller waits
 * for the screen's address.
 */
export async function openMenuEntry(page: Page, group: string, entry: string) {
  const sidebar = page.locator('[aria-label="Menu principale"]');
  const toggle = sidebar.getByRole('menuitem', { name: group, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  // MUI's Collapse marks its wrapper 'entered' when the opening is over
  const opened = sidebar.locator('.MuiCollapse-entered').getByRole('group', { name: group, exact: true });
  await opened.waitFor();
  const item = opened.getByRole('menuitem', { name: entry, exact: true });
  // a dialog still closing would keep the focus (its trap): the page has none open first
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await item.focus();
  await item.press('Enter');
}

/**
 * Clicks a bulk action of the customers' bar (issue 25 item 18): its button, or its item in the
 * bar's menu it belongs to (src/resources/Customer/bulk/groupNames.ts).
 */
export async function clickBulkAction(page: Page, name: string) {
  const { bulkGroupOf } = await import('../../src/resources/Customer/bulk/groupNames');
  const bar = bulkBar(page);
  const group = bulkGroupOf(name);
  if (!group) {
    await bar.getByRole('button', { name, exact: true }).click();
    return;
  }
  await bar.getByRole('button', { name: group, exact: true }).click();
  await page.getByRole('menu', { name: group }).getByRole('menuitem', { name, exact: true }).click();
}

/**
 * Ticks the rows' checkboxes one after the other, as a person does: after each tick the bulk
 * actions' bar is shown with its actions (loaded with the first selection), so the next tick
 * lands on a table that no longer moves.
 */
export async function tickRows(page: Page, rows: Locator[]) {
  const bar = bulkBar(page);
  for (const row of rows) {
    await row.locator('input[type="checkbox"]').check();
    await bar.waitFor();
    await bar.getByLabel('Caricamento delle azioni').waitFor({ state: 'detached' });
  }
}

/**
 * Adds a user of the role Utente (the demo data has none) to the studio of `admin` (its Admin's
 * e-mail), through the API.
 */
export async function addUtente(base: string, admin: string, user: { name: string; email: string; password: string }) {
  const client = await apiClient(base, admin);
  const roles = await client.get('/api/list/Role/RoleResourceListCollection', { items_per_page: -1 });
  const utente = roles.data.find((r: { name: string }) => r.name === 'Utente');
  const res = await client.send('POST', '/api/user/users', {
    name: user.name,
    cognome: 'Utente',
    email: user.email,
    password: user.password,
    role_id: Number(utente.id),
  });
  if (res.status !== 201) throw new Error(`Utente not created: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Logs in through the login page, as a person does; waits for the home page. */
export async function login(page: Page, base: string, email: string, password = 'Demo2026!') {
  await page.goto(`${base}/utente/login`);
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /accedi/i }).click();
  await page.waitForURL(/\/Menu/);
}
