/**
 * The generic list table of the customers (/table/Customer), walked as a user does: search on
 * Enter, the AND/OR filter group, trash / restore / delete forever, the CSV export, select-all
 * across pages and a bulk delete. Moved here from the browser tests (tests/e2e/table.test.ts,
 * same test names); the whole <App/> runs in jsdom with a logged Admin, and the API is a small
 * in-memory fake (msw) answering as server/records/list.ts, crud.ts and export.ts do. What the
 * browser read back from the server is asserted here as the exact calls the app sends.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, queryOf, renderApp, shellHandlers } from './harness';
import { ITEM_META, replaceText, seriousAxe, useFakeApi } from './journeys';
import { Customer } from '../../model/models/Customer';
import { exportColumns } from '../../model/export';
import { formatValue } from '../../model/types';
import { today } from '../../model/dates';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

type User = ReturnType<typeof userEvent.setup>;

// ---------------------------------------------------------------------------
// the studio's data
// ---------------------------------------------------------------------------

interface Cust {
  id: number;
  cod: string;
  business_name: string;
  vat_id: string | null;
  city: string;
  email: string;
  legal_status_id: number | null;
  acquisition_date: string;
  yearly_accounting_amount: number;
  ceased: 0 | 1;
  note: string | null;
  deleted_at: string | null;
  updated_at: string;
}

const STATUSES = [
  { id: 1, cod: 'SRL', description: 'Società a responsabilità limitata' },
  { id: 2, cod: 'SPA', description: 'Società per azioni' },
  { id: 3, cod: 'SNC', description: 'Società in nome collettivo' },
  { id: 4, cod: 'DI', description: 'Ditta individuale' },
].map((s) => ({ ...s, label: `${s.cod} ${s.description}` }));
const SRL = STATUSES[0];
const SPA = STATUSES[1];

const TRADES = [
  'Tipografia',
  'Ottica',
  'Panificio',
  'Ferramenta',
  'Studio Tecnico',
  'Autofficina',
  'Farmacia',
  'Enoteca',
];
const SURNAMES = [
  'Rossi',
  'Bianchi',
  'Verdi',
  'Neri',
  'Gallo',
  'Costa',
  'Fontana',
  'Conti',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
];
const CITIES = ['Milano', 'Roma', 'Torino', 'Bologna', 'Firenze', 'Napoli', 'Bari'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * `n` customers: every tenth ceased, eight trades, four legal forms and none, 2010–2024. Each row
 * costs its render: 30 for a test of one page, 60 (54 active) where more than 50 make two pages.
 */
function demoCustomers(n: number): Cust[] {
  return Array.from({ length: n }, (_x, k) => {
    const i = k + 1;
    return {
      id: i,
      cod: `C${pad(i, 3)}`,
      business_name: `${TRADES[i % 8]} ${SURNAMES[Math.floor(i / 8) % 12]}`,
      vat_id: i % 3 ? `0${pad(i * 7919, 10)}` : null,
      city: CITIES[i % 7],
      email: `info${i}@esempio.test`,
      legal_status_id: i % 5 === 0 ? null : STATUSES[i % 4].id,
      acquisition_date: `${2010 + ((i * 7) % 15)}-${pad(1 + (i % 12))}-${pad(1 + ((i * 3) % 28))}`,
      yearly_accounting_amount: 600 + ((i * 37.5) % 2400),
      ceased: i % 10 === 0 ? 1 : 0,
      note: i % 4 ? null : `Nota del cliente ${i}`,
      deleted_at: null,
      updated_at: `2026-01-${pad(1 + (i % 28))} 10:00:00`,
    };
  });
}

/** The customer the browser test created through the API before trashing it (no movements). */
const VICTIM: Cust = {
  id: 501,
  cod: 'ELIM01',
  business_name: 'Da Eliminare S.r.l.',
  vat_id: null,
  city: 'Milano',
  email: 'elimina@esempio.test',
  legal_status_id: null,
  acquisition_date: '2026-03-05',
  yearly_accounting_amount: 100,
  ceased: 0,
  note: null,
  deleted_at: null,
  updated_at: '2026-03-05 09:00:00',
};

let db: Cust[] = [];
/** a clock of the fake: every write gets a later `updated_at` (the version the app must send back) */
let tick = 0;
const stamp = () => `2026-03-05 10:${pad(Math.floor(++tick / 60))}:${pad(tick % 60)}`;

// ---------------------------------------------------------------------------
// the fake API (as server/records/list.ts, crud.ts and export.ts answer)
// ---------------------------------------------------------------------------

interface FilterSpec {
  name: string;
  type: string;
  val: unknown[];
  glue?: string;
}

interface Api {
  /** every JSON list call of Customer (not csv/only_ids), with the total it was answered */
  lists: Array<{ url: URL; total: number }>;
  selectAll: URL[];
  csv: URL[];
  deletes: Array<{ ids: number[]; query: Record<string, string> }>;
  puts: Array<{ path: string; body: unknown }>;
}
const fresh = (): Api => ({ lists: [], selectAll: [], csv: [], deletes: [], puts: [] });
let api = fresh();

const SEARCHABLE = Object.entries(Customer.fields)
  .filter(([, fd]) => fd.searchable)
  .map(([n]) => n);

function condition(c: Cust, f: FilterSpec): boolean {
  const v = (c as unknown as Record<string, unknown>)[f.name];
  switch (f.type) {
    case 'OR':
      return f.val.some((x) => (x === null ? v === null : String(x) === String(v)));
    case 'gte':
      return v !== null && String(v) >= String(f.val[0]).slice(0, 10);
    case 'lte':
      return v !== null && String(v) <= String(f.val[0]).slice(0, 10);
    default:
      throw new Error(`filter type ${f.type}`);
  }
}

/** The rows of a list call: scope, trash, every word of the search, the filters folded left by their glue. */
function matching(q: URLSearchParams): Cust[] {
  const words = (q.get('search_text') ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  const filters: FilterSpec[] = JSON.parse(q.get('filters') ?? '[]');
  const rows = db.filter((c) => {
    if (c.deleted_at && q.get('with_trashed') !== '1') return false;
    const record = c as unknown as Record<string, unknown>;
    if (
      !words.every((w) =>
        SEARCHABLE.some((n) =>
          String(record[n] ?? '')
            .toLowerCase()
            .includes(w),
        ),
      )
    )
      return false;
    let combined: boolean | null = null;
    for (const f of filters) {
      const ok = condition(c, f);
      combined = combined === null ? ok : f.glue === 'or' ? combined || ok : combined && ok;
    }
    return combined ?? true;
  });
  const by = q.get('sort_by') ?? 'business_name';
  const desc = q.get('sort_desc') === '1' ? -1 : 1;
  return rows.sort(
    (a, b) =>
      desc *
        String((a as unknown as Record<string, unknown>)[by] ?? '').localeCompare(
          String((b as unknown as Record<string, unknown>)[by] ?? ''),
          'it',
        ) || a.id - b.id,
  );
}

/** A row as the list collection answers it: the relation as {id, cod, label}, the label, the trash flag. */
function shaped(c: Cust) {
  const ls = STATUSES.find((s) => s.id === c.legal_status_id);
  return {
    ...c,
    label: c.business_name,
    legal_status: ls ? { id: ls.id, cod: ls.cod, label: ls.label } : null,
    trashed: c.deleted_at !== null,
  };
}

const CUSTOMER_META = { ...ITEM_META, expand_field: 'note' };

const EXPORTABLE = new Map(exportColumns(Customer));

/** The CSV as server/records/export.ts streams it: BOM, semicolons, CRLF, the chosen labels, Italian formats. */
function csvOf(rows: Cust[], fields: string[]): string {
  const cell = (s: string) => (/[;"\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [
    fields.map((f) => EXPORTABLE.get(f)!.label),
    ...rows.map((r) =>
      fields.map((f) => {
        const value = f === 'legal_status_id' ? shaped(r).legal_status : (r as unknown as Record<string, unknown>)[f];
        return formatValue(EXPORTABLE.get(f), value, { grouping: false });
      }),
    ),
  ];
  return `\uFEFF${lines.map((l) => `${l.map(cell).join(';')}\r\n`).join('')}`;
}

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/list/Customer/CustomerResourceListCollection', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams;
    const rows = matching(q);
    if (q.get('format') === 'csv') {
      api.csv.push(url);
      const fields = (q.get('fields') ?? '').split(',').filter(Boolean);
      const name = `${Customer.snake}_${today()}.csv`;
      return new HttpResponse(csvOf(rows, fields), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}`,
        },
      });
    }
    const asked = Number(q.get('items_per_page') ?? 200);
    const perPage = asked === -1 ? 100_000 : asked;
    const page = Number(q.get('page') ?? 1);
    const meta = {
      total: rows.length,
      current_page: page,
      per_page: perPage,
      last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    };
    const slice = rows.slice((page - 1) * perPage, page * perPage);
    if (q.get('only_ids') === '1') {
      api.selectAll.push(url);
      return HttpResponse.json({ data: slice.map((c) => c.id), meta });
    }
    api.lists.push({ url, total: rows.length });
    return HttpResponse.json({ data: slice.map(shaped), meta, item_meta_data: CUSTOMER_META });
  }),
  http.get('*/api/list/LegalStatus/LegalStatusResourceListCollection', () =>
    HttpResponse.json({
      data: STATUSES,
      meta: { total: STATUSES.length, current_page: 1, per_page: 100000, last_page: 1 },
    }),
  ),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 7, name: 'Laura Neri' },
        { id: 9, name: 'Paolo Verdi' },
      ],
    }),
  ),
  // C17: force_delete=auto trashes the active rows and deletes forever the trashed ones seen at their version
  http.delete('*/api/customer/:ids', ({ request, params }) => {
    const ids = JSON.parse(decodeURIComponent(String(params.ids))) as number[];
    const query = queryOf(request.url);
    api.deletes.push({ ids, query });
    const versions: Record<string, string> = JSON.parse(query.versions ?? '{}');
    const rows = ids.map((id) => db.find((c) => c.id === id));
    if (rows.some((r) => !r)) return HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 });
    const toTrash = rows.filter((r) => !r!.deleted_at);
    const toDelete = rows.filter((r) => r!.deleted_at && versions[String(r!.id)] === r!.updated_at);
    if (toTrash.length + toDelete.length < ids.length)
      return HttpResponse.json({ message: 'Eliminato da meno di un minuto: riprova dal cestino' }, { status: 409 });
    for (const r of toTrash) {
      r!.deleted_at = stamp();
      r!.updated_at = r!.deleted_at;
    }
    db = db.filter((c) => !toDelete.includes(c));
    return HttpResponse.json({ data: { trashed: toTrash.length, deleted: toDelete.length } });
  }),
  // C11: the restore, based on the version the caller saw
  http.put('*/api/customers/:id', async ({ request, params }) => {
    const body = (await request.json()) as { restore?: boolean; deleted_at?: null; updated_at?: string };
    api.puts.push({ path: `/api/customers/${params.id}`, body });
    const row = db.find((c) => c.id === Number(params.id));
    if (!row) return HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 });
    if (body.updated_at !== row.updated_at)
      return HttpResponse.json(
        { message: 'Il record è stato modificato da un altro utente: ricarica prima di salvare.' },
        { status: 412 },
      );
    row.deleted_at = null;
    row.updated_at = stamp();
    return HttpResponse.json({ data: shaped(row) });
  }),
);

useFakeApi(server);
beforeEach(() => {
  api = fresh();
  db = demoCustomers(30);
  tick = 0;
  login();
  vi.mocked(saveAs).mockClear();
});

// ---------------------------------------------------------------------------
// what the screen shows
// ---------------------------------------------------------------------------

const main = () => document.getElementById('main-content') as HTMLElement;
// label queries, not role queries: a role query walks the whole table's rows, seconds on a loaded machine
const search = () => screen.getByLabelText('Cerca (premi Invio)');
const refreshButton = () => within(main()).getByLabelText('Aggiorna');
const trashSwitch = () => screen.getByLabelText('Mostra cestinati');
/** react-admin's bulk actions bar (shown while rows are selected) */
const bulkBar = () => main().querySelector<HTMLElement>('.RaBulkActionsToolbar-toolbar')!;
/** the table's rows (not an expanded row's panel) */
const rows = () => [...main().querySelectorAll<HTMLElement>('tbody tr:not(.RaDatagrid-expandedPanel)')];
const firstRow = () => rows()[0];
const filtersOf = (url: URL): FilterSpec[] => JSON.parse(url.searchParams.get('filters') ?? '[]');
const lastList = () => api.lists[api.lists.length - 1];

/** The total the pagination shows ('1-50 di 80'), 0 for an empty table, null when neither is shown. */
function shownTotal(): number | null {
  const p = main().querySelector('.MuiTablePagination-displayedRows');
  const m = p ? /di\s+(\d+)/.exec(p.textContent ?? '') : null;
  if (m) return Number(m[1]);
  if (rows().length === 0 && /Nessun risultato/.test(main().textContent ?? '')) return 0;
  return null;
}

/** Waits until the pagination shows `total` and the table min(total, perPage) rows. */
async function waitTotal(total: number, perPage = 200) {
  await waitFor(() => {
    expect(shownTotal()).toBe(total);
    expect(rows()).toHaveLength(Math.min(total, perPage));
  });
}

/** Runs `action`, waits for the list call(s) it makes and for the table to show the last answer. */
async function listAfter(action: () => Promise<unknown>, perPage = 200) {
  const before = api.lists.length;
  await action();
  await waitFor(() => {
    expect(api.lists.length).toBeGreaterThan(before);
    expect(shownTotal()).toBe(lastList().total);
    expect(rows()).toHaveLength(Math.min(lastList().total, perPage));
  });
  return lastList();
}

/** The list opened with a fresh state (the harness starts each test with empty local storage). */
async function freshCustomerList() {
  renderApp('/table/Customer');
  await screen.findByText('Gestione Clienti');
  await waitFor(() => expect(api.lists.length).toBeGreaterThan(0));
  await waitTotal(lastList().total);
}

/** The open element of `role` (a dialog, a listbox: portaled, one at a time), looked up without a role query. */
const opened = (role: string) =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(`[role="${role}"]`);
    if (!el) throw new Error(`no ${role} open`);
    return el;
  });

/** Replaces a text box's content as one input (Playwright's fill): select it all, then paste. */
async function fill(user: User, input: HTMLElement, text: string) {
  await replaceText(user, input, text);
  expect(input).toHaveValue(text);
}

async function runSearch(user: User, text: string, perPage = 200) {
  await fill(user, search(), text);
  return listAfter(() => user.type(search(), '{Enter}'), perPage);
}

/**
 * axe-core on the current state: the whole body (dialogs, menus and notices are portaled), the
 * table's rows after the fifth left out — they repeat the same markup, and axe takes seconds per
 * fifty rows in jsdom.
 */
async function noSeriousAxe() {
  expect(await seriousAxe({ include: [document.body], exclude: rows().slice(5) })).toEqual([]);
}

const typeDate = (user: User, label: string, text: string) => fill(user, screen.getByLabelText(label), text);

async function rowMenu(user: User, id: number) {
  await user.click(within(firstRow()).getByRole('button', { name: `Azioni riga ${id}` }));
  // the popup menu of the row (the sidebar is a menu too)
  return waitFor(() => {
    const menu = [...document.querySelectorAll<HTMLElement>('[role="menu"]')].find(
      (m) => m.getAttribute('aria-label') !== 'Menu principale',
    );
    if (!menu) throw new Error('row menu not open');
    return menu;
  });
}

async function perPage50(user: User) {
  const pagination = main().querySelector<HTMLElement>('.MuiTablePagination-root')!;
  await user.click(within(pagination).getByRole('combobox', { name: /Righe per pagina/ }));
  const listbox = await opened('listbox');
  return listAfter(() => user.click(within(listbox).getByRole('option', { name: '50' })), 50);
}

/** Focus and Enter: the keyboard reaches a button whatever lies over it. */
async function press(user: User, el: HTMLElement) {
  el.focus();
  expect(el).toHaveFocus();
  await user.keyboard('{Enter}');
}

// what the studio's data holds, counted here apart from the fake's list logic
const ACTIVE = { name: 'ceased', type: 'OR', val: [0], glue: 'and' };
const active = () => db.filter((c) => !c.deleted_at && c.ceased === 0);
const named = (word: string) => active().filter((c) => c.business_name.toLowerCase().includes(word.toLowerCase()));
const inInterval = (c: Cust) => c.acquisition_date >= '2016-01-01' && c.acquisition_date <= '2019-12-31';
const ofStatus =
  (...ids: number[]) =>
  (c: Cust) =>
    c.legal_status_id !== null && ids.includes(c.legal_status_id);
const euro = (n: number) => n.toFixed(2).replace('.', ',');

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('generic table: customers', () => {
  it('searches only when Enter is pressed', async () => {
    const user = userEvent.setup();
    await freshCustomerList();
    const all = active().length;
    expect(lastList().total).toBe(all);
    expect(shownTotal()).toBe(all);
    expect(filtersOf(lastList().url)).toEqual([ACTIVE]);
    const word = 'Tipografia';
    const expected = named(word).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(all);

    // typing alone does not filter: a refresh after typing still asks (and shows) every row
    await fill(user, search(), word);
    const afterTyping = await listAfter(() => user.click(refreshButton()));
    expect(afterTyping.url.searchParams.get('search_text')).toBeNull();
    expect(afterTyping.total).toBe(all);
    expect(shownTotal()).toBe(all);
    expect(api.lists.some((l) => l.url.searchParams.get('search_text'))).toBe(false);

    // Enter runs it
    const afterEnter = await listAfter(() => user.type(search(), '{Enter}'));
    expect(afterEnter.url.searchParams.get('search_text')).toBe(word);
    expect(filtersOf(afterEnter.url)).toEqual([ACTIVE]);
    expect(afterEnter.total).toBe(expected);
    expect(shownTotal()).toBe(expected);
    const names = rows().map((r) => r.textContent ?? '');
    expect(names).toHaveLength(expected);
    expect(names.every((t) => t.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    await noSeriousAxe();

    // clearing the box and pressing Enter brings every row back
    const cleared = await runSearch(user, '');
    expect(cleared.url.searchParams.get('search_text')).toBeNull();
    expect(cleared.total).toBe(all);
    expect(shownTotal()).toBe(all);
  });

  it('combines the filter group with OR inside a combo and AND/OR between conditions', async () => {
    const user = userEvent.setup();
    // expected counts from the data, each condition alone and both together
    const activeTotal = active().length;
    const onlySrl = active().filter(ofStatus(SRL.id)).length;
    const onlySpa = active().filter(ofStatus(SPA.id)).length;
    const nStatus = active().filter(ofStatus(SRL.id, SPA.id)).length;
    const nInterval = active().filter(inInterval).length;
    const expectedAnd = active().filter((c) => ofStatus(SRL.id, SPA.id)(c) && inInterval(c)).length;
    // OR between the conditions: status SRL/SPA, or acquired in the interval (inclusion–exclusion)
    const expectedOr = nStatus + nInterval - expectedAnd;
    expect(nStatus).toBe(onlySrl + onlySpa);
    expect(expectedAnd).toBeGreaterThan(0);
    expect(expectedOr).toBeLessThan(activeTotal);

    await freshCustomerList();
    await user.click(screen.getByText('Filtri (1 attivo)'));
    const combo = await screen.findByLabelText('Forma giuridica');

    // one status, then a second one in the same combo: OR within the combo
    const pick = async (s: { cod: string }) => {
      await user.click(combo);
      const listbox = await opened('listbox');
      const option = within(listbox).getByRole('option', { name: new RegExp(`^${s.cod}\\b`) });
      const res = await listAfter(() => user.click(option));
      await user.keyboard('{Escape}');
      return res;
    };
    const one = await pick(SRL);
    expect(one.total).toBe(onlySrl);
    expect(filtersOf(one.url)).toEqual([{ name: 'legal_status_id', type: 'OR', val: [SRL.id], glue: 'and' }, ACTIVE]);
    const two = await pick(SPA);
    expect(two.total).toBe(nStatus);
    expect(shownTotal()).toBe(nStatus);
    expect(two.total).toBeGreaterThan(one.total);
    expect(filtersOf(two.url)).toEqual([
      { name: 'legal_status_id', type: 'OR', val: [SRL.id, SPA.id], glue: 'and' },
      ACTIVE,
    ]);

    // a date interval on 'Data acquisizione', AND mode (the default)
    await listAfter(() => typeDate(user, 'Data acquisizione dal', '01-01-2016'));
    const and = await listAfter(() => typeDate(user, 'Data acquisizione al', '31-12-2019'));
    const gte = { name: 'acquisition_date', type: 'gte', val: ['2016-01-01 00:00:00'], glue: 'and' };
    const lte = { name: 'acquisition_date', type: 'lte', val: ['2019-12-31 23:59:59'], glue: 'and' };
    const status = { name: 'legal_status_id', type: 'OR', val: [SRL.id, SPA.id], glue: 'and' };
    expect(filtersOf(and.url)).toEqual([gte, lte, status, ACTIVE]);
    expect(and.total).toBe(expectedAnd);
    expect(shownTotal()).toBe(expectedAnd);
    // 4 conditions: status, the two bounds and the default 'Stato: Attivi'
    expect(screen.getByText('Filtri (4 attivi)')).toBeInTheDocument();
    await noSeriousAxe();

    // OR mode: 'Almeno una condizione' — a customer of those statuses OR acquired in the interval
    const or = await listAfter(() => user.click(screen.getByText('Almeno una condizione (OR)')));
    // the interval's bounds stay joined with AND, the status is glued with OR, 'Attivi' stays AND
    expect(filtersOf(or.url)).toEqual([gte, lte, { ...status, glue: 'or' }, ACTIVE]);
    expect(or.total).not.toBe(and.total);
    expect(or.total).toBe(expectedOr);
    expect(shownTotal()).toBe(expectedOr);
    expect(screen.getByText('Almeno una condizione (OR)')).toHaveAttribute('aria-pressed', 'true');

    // back to AND: the AND count again
    const andAgain = await listAfter(() => user.click(screen.getByText('Tutte le condizioni (AND)')));
    expect(filtersOf(andAgain.url)).toEqual([gte, lte, status, ACTIVE]);
    expect(andAgain.total).toBe(expectedAnd);

    // an inverted interval: the message, and no filter is emitted
    const callsBefore = api.lists.length;
    await typeDate(user, 'Data acquisizione al', '31-12-2014');
    expect(await screen.findByText('La data di inizio intervallo è maggiore di quella di fine')).toBeInTheDocument();
    const afterInverted = await listAfter(() => user.click(refreshButton()));
    expect(
      api.lists.slice(callsBefore).some((l) => (l.url.searchParams.get('filters') ?? '').includes('2014-12-31')),
    ).toBe(false);
    // the inverted interval is left out: the other conditions (the two statuses) still apply
    expect(filtersOf(afterInverted.url)).toEqual([status, ACTIVE]);
    expect(afterInverted.total).toBe(nStatus);
    expect(shownTotal()).toBe(nStatus);
    await noSeriousAxe();

    // 'Azzera filtri' brings back the default (active customers)
    const reset = await listAfter(() => user.click(screen.getByText('Azzera filtri')));
    expect(filtersOf(reset.url)).toEqual([ACTIVE]);
    expect(shownTotal()).toBe(activeTotal);
    expect(screen.getByText('Filtri (1 attivo)')).toBeInTheDocument();
    expect(screen.queryByText('La data di inizio intervallo è maggiore di quella di fine')).not.toBeInTheDocument();
  });

  it('trashes, restores and deletes forever through the row actions menu', async () => {
    const user = userEvent.setup();
    // a customer without movements (the browser test created it through the API)
    db.push({ ...VICTIM });
    const victim = VICTIM;
    await freshCustomerList();
    const found = await runSearch(user, victim.cod);
    expect(found.url.searchParams.get('search_text')).toBe(victim.cod);
    expect(found.total).toBe(1);
    expect(firstRow()).toHaveTextContent(victim.business_name);

    // trash
    let menu = await rowMenu(user, victim.id);
    // an active row: trash (beside the resource's own links), no restore nor delete forever
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toContain('Cestina');
    expect(within(menu).queryByRole('menuitem', { name: 'Ripristina' })).not.toBeInTheDocument();
    const trashed = await listAfter(() => user.click(within(menu).getByRole('menuitem', { name: 'Cestina' })));
    expect(await screen.findByText('Elemento spostato nel cestino')).toBeInTheDocument();
    // one DELETE, force_delete=auto and no version (an active row is only trashed)
    expect(api.deletes).toEqual([{ ids: [victim.id], query: { force_delete: 'auto' } }]);
    expect(trashed.url.searchParams.get('search_text')).toBe(victim.cod);
    expect(trashed.url.searchParams.get('with_trashed')).toBeNull();
    await waitTotal(0);
    const trashedAt = db.find((c) => c.id === victim.id)!.updated_at;

    // the trash toggle shows it as 'Cestinato'
    const inTrash = await listAfter(() => user.click(trashSwitch()));
    expect(inTrash.url.searchParams.get('with_trashed')).toBe('1');
    expect(inTrash.url.searchParams.get('search_text')).toBe(victim.cod);
    await waitTotal(1);
    expect(within(firstRow()).getByText('Cestinato')).toBeInTheDocument();
    expect(within(firstRow()).queryByText('Attivo')).not.toBeInTheDocument();
    await noSeriousAxe();

    // restore
    menu = await rowMenu(user, victim.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Ripristina', 'Elimina definitivamente']);
    const restored = await listAfter(() => user.click(within(menu).getByRole('menuitem', { name: 'Ripristina' })));
    expect(await screen.findByText('Elemento ripristinato')).toBeInTheDocument();
    // the restore is based on the version the trash view showed
    expect(api.puts).toEqual([
      { path: `/api/customers/${victim.id}`, body: { restore: true, deleted_at: null, updated_at: trashedAt } },
    ]);
    expect(restored.url.searchParams.get('with_trashed')).toBe('1');
    await waitFor(() => expect(within(firstRow()).queryByText('Cestinato')).not.toBeInTheDocument());
    expect(within(firstRow()).getByText('Attivo')).toBeInTheDocument();

    // trash again, then delete forever from the trash
    menu = await rowMenu(user, victim.id);
    await listAfter(() => user.click(within(menu).getByRole('menuitem', { name: 'Cestina' })));
    expect(await within(firstRow()).findByText('Cestinato')).toBeInTheDocument();
    expect(api.deletes[1]).toEqual({ ids: [victim.id], query: { force_delete: 'auto' } });
    const seenInTrash = db.find((c) => c.id === victim.id)!.updated_at;
    expect(seenInTrash).not.toBe(trashedAt);
    menu = await rowMenu(user, victim.id);
    const gone = await listAfter(() =>
      user.click(within(menu).getByRole('menuitem', { name: 'Elimina definitivamente' })),
    );
    expect(await screen.findByText('Elemento eliminato definitivamente')).toBeInTheDocument();
    // deleted forever only as seen in the trash: the version the list showed goes with the id
    expect(api.deletes[2]).toEqual({
      ids: [victim.id],
      query: { force_delete: 'auto', versions: JSON.stringify({ [victim.id]: seenInTrash }) },
    });
    expect(api.deletes).toHaveLength(3);
    expect(gone.url.searchParams.get('with_trashed')).toBe('1');
    expect(gone.total).toBe(0);
    await waitTotal(0);
    expect(screen.queryByText(victim.business_name)).not.toBeInTheDocument();

    // leave the trash view
    const left = await listAfter(() => user.click(trashSwitch()));
    expect(left.url.searchParams.get('with_trashed')).toBeNull();
  });

  it('exports the CSV of every matching row with the chosen fields', async () => {
    const user = userEvent.setup();
    db = demoCustomers(60);
    await freshCustomerList();
    // 50 rows per page, so the list has several pages
    const paged = await perPage50(user);
    expect(paged.url.searchParams.get('items_per_page')).toBe('50');
    expect(paged.url.searchParams.get('page')).toBe('1');
    expect(paged.total).toBeGreaterThan(50);
    expect(rows()).toHaveLength(50);
    const expected = active();
    expect(paged.total).toBe(expected.length);
    expect(main().querySelector('.MuiTablePagination-displayedRows')).toHaveTextContent(`1-50 di ${paged.total}`);

    await user.click(within(main()).getByLabelText('Esporta CSV'));
    const dialog = await opened('dialog');
    expect(dialog).toHaveAccessibleName('Esporta CSV: scegli i campi');
    await user.click(within(dialog).getByRole('button', { name: 'Deseleziona tutti' }));
    expect(within(dialog).getByRole('button', { name: 'Esporta' })).toBeDisabled();
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    const chosen = ['Codice', 'Ragione Sociale', 'Data acquisizione', 'Tariffa annuale'];
    for (const label of chosen) await user.click(within(dialog).getByRole('checkbox', { name: label }));
    expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(chosen.length);
    expect(within(dialog).getByRole('button', { name: 'Esporta' })).toBeEnabled();
    await noSeriousAxe();

    await user.click(within(dialog).getByRole('button', { name: 'Esporta' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    // one call for every matching row (not the page shown), the chosen fields in the model's order
    expect(api.csv).toHaveLength(1);
    const q = api.csv[0].searchParams;
    expect(q.get('format')).toBe('csv');
    expect(q.get('fields')).toBe('cod,business_name,yearly_accounting_amount,acquisition_date');
    expect(q.get('filters')).toBe(JSON.stringify([ACTIVE]));
    expect(q.get('sort_by')).toBe('business_name');
    expect(q.get('items_per_page')).toBeNull();
    expect(q.get('page')).toBeNull();
    expect(q.get('search_text')).toBeNull();
    const [blob, filename] = vi.mocked(saveAs).mock.calls[0] as unknown as [Blob, string];
    expect(filename).toBe(`customer_${today()}.csv`);
    expect(filename).toMatch(/^customer_\d{4}-\d{2}-\d{2}\.csv$/);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());

    // the file saved is the server's answer byte for byte: UTF-8 with BOM, semicolons, the chosen
    // labels only (model order), one line per matching row of all pages
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3));
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    const header = lines[0].split(';');
    expect(new Set(header)).toEqual(new Set(chosen));
    expect(header).toHaveLength(chosen.length);
    expect(lines[0]).toBe('Codice;Ragione Sociale;Tariffa annuale;Data acquisizione');
    const data = lines.slice(1).map((l) => l.split(';'));
    expect(data).toHaveLength(paged.total);
    expect(data.every((r) => r.length === chosen.length)).toBe(true);
    const col = (label: string) => header.indexOf(label);
    const byCod = new Map(expected.map((c) => [c.cod, c]));
    for (const r of data) {
      const c = byCod.get(r[col('Codice')]);
      expect(c, `row ${r.join(';')}`).toBeTruthy();
      expect(r[col('Ragione Sociale')]).toBe(c!.business_name);
      expect(r[col('Tariffa annuale')]).toMatch(/^\d+,\d{2}$/);
      expect(r[col('Tariffa annuale')]).toBe(euro(c!.yearly_accounting_amount));
      // dates as DD-MM-YYYY
      expect(r[col('Data acquisizione')]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(r[col('Data acquisizione')]).toBe(c!.acquisition_date.split('-').reverse().join('-'));
    }
    expect(new Set(data.map((r) => r[col('Codice')])).size).toBe(paged.total);
  });

  it('selects all rows across pages, then bulk-deletes a searched subset', async () => {
    const user = userEvent.setup();
    db = demoCustomers(60);
    await freshCustomerList();
    const paged = await perPage50(user);
    expect(paged.total).toBeGreaterThan(50);
    expect(rows()).toHaveLength(50);

    // select-all across pages: every matching id, not just the 50 visible rows
    await user.click(within(firstRow()).getByRole('checkbox', { name: 'Seleziona questa riga' }));
    expect(await screen.findByText('1 elemento selezionato')).toBeInTheDocument();
    const selectAll = (n: number) => within(bulkBar()).getByRole('button', { name: `Seleziona tutti (${n})` });
    // the bulk toolbar is shown and takes the pointer (no layout in jsdom: what covers it is not seen here)
    expect(selectAll(paged.total)).toBeVisible();
    expect(within(bulkBar()).getByRole('button', { name: 'Elimina' })).toBeVisible();
    // pressed with the keyboard, which reaches it either way
    await press(user, selectAll(paged.total));
    expect(await screen.findByText(`${paged.total} elementi selezionati`)).toBeInTheDocument();
    expect(api.selectAll).toHaveLength(1);
    let ids = api.selectAll[0].searchParams;
    expect(ids.get('only_ids')).toBe('1');
    expect(ids.get('items_per_page')).toBe('-1');
    expect(ids.get('filters')).toBe(JSON.stringify([ACTIVE]));
    expect(ids.get('search_text')).toBeNull();
    await noSeriousAxe();
    await press(user, within(bulkBar()).getByRole('button', { name: 'Annulla selezione' }));
    await waitFor(() => expect(main().querySelectorAll('tbody input[type="checkbox"]:checked')).toHaveLength(0));

    // a searched subset: select all of it and delete it
    const word = 'Ottica';
    const subset = named(word);
    expect(subset.length).toBeGreaterThan(1);
    expect(subset.length).toBeLessThan(50);
    const found = await runSearch(user, word, 50);
    expect(found.url.searchParams.get('search_text')).toBe(word);
    expect(found.url.searchParams.get('items_per_page')).toBe('50');
    expect(found.total).toBe(subset.length);
    await user.click(within(firstRow()).getByRole('checkbox', { name: 'Seleziona questa riga' }));
    expect(await screen.findByText('1 elemento selezionato')).toBeInTheDocument();
    await press(user, selectAll(subset.length));
    expect(await screen.findByText(`${subset.length} elementi selezionati`)).toBeInTheDocument();
    expect(api.selectAll).toHaveLength(2);
    ids = api.selectAll[1].searchParams;
    expect(ids.get('search_text')).toBe(word);
    expect(ids.get('only_ids')).toBe('1');
    const del = within(bulkBar()).getByRole('button', { name: 'Elimina' });
    expect(del).toBeVisible();
    await press(user, del);
    const confirm = await opened('dialog');
    await noSeriousAxe();
    expect(confirm).toHaveTextContent(`Sei sicuro di voler eliminare questi ${subset.length} elementi?`);
    // the confirm title names the resource in Italian
    const title = within(confirm).getByRole('heading').textContent ?? '';
    expect(title).not.toMatch(/customers/i);
    expect(title).toBe(`Elimina ${subset.length} elementi di clienti`);
    const reloaded = await listAfter(() => user.click(within(confirm).getByRole('button', { name: 'Conferma' })), 50);
    // one DELETE of exactly the searched ids, force_delete=auto (they are trashed)
    expect(api.deletes).toHaveLength(1);
    expect(api.deletes[0].query).toEqual({ force_delete: 'auto' });
    expect([...api.deletes[0].ids].sort((a, b) => a - b)).toEqual(subset.map((c) => c.id).sort((a, b) => a - b));
    expect(await screen.findByText(`${subset.length} elementi eliminati`)).toBeInTheDocument();
    expect(reloaded.url.searchParams.get('search_text')).toBe(word);
    expect(reloaded.total).toBe(0);
    await waitTotal(0, 50);
    for (const c of subset) expect(db.find((d) => d.id === c.id)?.deleted_at, `customer ${c.id}`).toBeTruthy();
    // the rest of the list is untouched
    const rest = await runSearch(user, '', 50);
    expect(rest.url.searchParams.get('search_text')).toBeNull();
    expect(rest.total).toBe(paged.total - subset.length);
    expect(shownTotal()).toBe(paged.total - subset.length);
  });
});
