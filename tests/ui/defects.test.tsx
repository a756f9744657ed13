/**
 * Issue 7: defects found by using the product as a studio employee would — table, form, shell.
 * Moved from the browser file tests/e2e/defects.test.ts (items 7.1–7.10 and 7.13–7.15; the ones
 * that measure layout in pixels, 7.11, 7.12, 7.17 and 7.18, stay there): the whole <App/> in jsdom
 * with a logged Admin (a Collaboratore for 7.8), the API mocked with msw like the real server
 * answers (unknown calls fail the test). Each test keeps the name of its item.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  location,
  login,
  logout,
  negativeLook,
  renderApp,
  shellHandlers,
  engagementQuietHandlers,
  portalQuietHandlers,
  USER,
} from './harness';
import { useFakeApi, helperText, ITEM_META, noReceivables, noAmlDue, seriousAxe, emptyAmlFile } from './journeys';

// ---------------------------------------------------------------------------
// API mock: a small studio kept in memory (customers, legal representatives, legal statuses)
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;
interface FilterSpec {
  name: string;
  type: string;
  val: unknown[];
  glue?: string;
}

/** The application name the fake's client_var answers (tests/ui/harness.tsx). */
const APP = 'Gestionale Test';
const ACTIVE = { name: 'ceased', type: 'OR', val: [0], glue: 'and' };

/** A customer row as the list and GET /api/customers/{id} answer it (the fields the tests read typed). */
type Customer = Row & {
  id: number;
  cod: string;
  business_name: string;
  city: string;
  ceased: number;
  trashed: boolean;
  updated_at: string;
};
const customer = (id: number, cod: string, business_name: string, more: Partial<Customer> = {}): Customer => ({
  id,
  cod,
  business_name,
  vat_id: null,
  fiscal_code: null,
  address: `Via Roma ${id}`,
  postal_code: '20100',
  city: 'Milano',
  pec: null,
  telephone: null,
  fax: null,
  mobile_number: null,
  email: `${cod.toLowerCase()}@example.it`,
  yearly_number_of_installments: 1,
  yearly_accounting_amount: 1200,
  cedolino_rate: 15,
  acquisition_date: '2024-02-29',
  money_laundering_module_av1_enable_default_values: 0,
  sdi_code: '0000000',
  withholding_agent: 'auto',
  ceased: 0,
  legal_representative_id: 4,
  legal_representative: { id: 4, label: 'Mario Bianchi' },
  legal_status_id: null,
  legal_status: null,
  collaborator_accounting_id: null,
  collaborator_accounting: null,
  collaborator_studio_jobs_id: null,
  collaborator_studio_jobs: null,
  note: `Nota del cliente ${cod}`,
  created_at: '2024-02-29 09:00:00',
  updated_at: '2026-01-10 10:00:00',
  deleted_at: null,
  trashed: false,
  ...more,
});

const CUSTOMERS = (): Customer[] => [
  customer(1, 'C001', 'Tipografia Alfa Srl'),
  customer(2, 'C002', 'Tipografia Beta Snc', { ceased: 1 }),
  customer(3, 'C003', 'Gamma Spa', { city: 'Ancona' }),
  customer(4, 'C004', 'Delta Srl'),
  customer(5, 'C005', 'Epsilon Sas', { city: 'Pesaro' }),
  customer(6, 'C006', 'Zeta Srl', { city: 'Fano' }),
  customer(7, 'C007', 'Theta Snc', { city: 'Jesi' }),
  customer(8, 'C008', 'Eta Snc', { city: 'Ancona', trashed: true, deleted_at: '2026-02-01 09:00:00' }),
  customer(10, 'C010', 'Kappa Srl', { city: 'Urbino', trashed: true, deleted_at: '2026-02-02 09:00:00' }),
];
const LEGAL_REPRESENTATIVES = (): Row[] => [
  {
    id: 4,
    cod: 'LR04',
    name: 'Mario',
    surname: 'Bianchi',
    label: 'Mario Bianchi',
    fiscal_code: null,
    address: null,
    postal_code: '06100',
    city: 'Perugia',
    pec: null,
    mobile_number: null,
    email: null,
    note: null,
    created_at: '2024-01-10 09:00:00',
    updated_at: '2024-01-10 09:00:00',
    deleted_at: null,
    trashed: false,
  },
];
const LEGAL_STATUSES = (): Row[] => [
  {
    id: 1,
    cod: 'SRL',
    description: 'Società a responsabilità limitata',
    label: 'SRL Società a responsabilità limitata',
  },
  { id: 2, cod: 'SPA', description: 'Società per azioni', label: 'SPA Società per azioni' },
];

const MENU = [
  {
    title: 'Anagrafiche',
    sub_title: 'Clienti e dati di base',
    icon: 'Contacts',
    children: [
      { title: 'Clienti', icon: 'People', link: '/table/Customer' },
      { title: 'Legali rappresentanti', icon: 'Badge', link: '/table/LegalRepresentative' },
      { title: 'Forme giuridiche', icon: 'Gavel', link: '/table/LegalStatus' },
    ],
  },
  { title: 'Il mio profilo', icon: 'AccountCircle', link: '/utente/il_mio_profilo' },
];

interface Api {
  customers: Customer[];
  legalRepresentatives: Row[];
  legalStatuses: Row[];
  /** every JSON list call of the customers */
  customerLists: URL[];
  /** every request that writes, as sent */
  writes: Array<{ method: string; path: string; body: unknown }>;
  logouts: number;
}
const fresh = (): Api => ({
  customers: CUSTOMERS(),
  legalRepresentatives: LEGAL_REPRESENTATIVES(),
  legalStatuses: LEGAL_STATUSES(),
  customerLists: [],
  writes: [],
  logouts: 0,
});
let api = fresh();

/**
 * The rows a list call selects, as server/records/list.ts does: the search on the searchable
 * fields, the filter specs folded left to right with their glue (OR: any of `val`), trashed rows
 * only with with_trashed=1.
 */
function rowsMatching<R extends Row>(all: R[], url: URL, searchable: string[]): R[] {
  const q = url.searchParams;
  let rows = all.filter((r) => q.get('with_trashed') === '1' || !r.trashed);
  const text = q.get('search_text')?.toLowerCase();
  if (text)
    rows = rows.filter((r) =>
      searchable.some((f) =>
        String(r[f] ?? '')
          .toLowerCase()
          .includes(text),
      ),
    );
  const specs = JSON.parse(q.get('filters') ?? '[]') as FilterSpec[];
  if (specs.length)
    rows = rows.filter((r) =>
      specs.reduce<boolean | null>((acc, s) => {
        const ok = s.type === 'OR' ? s.val.some((v) => String(r[s.name]) === String(v)) : true;
        return acc === null ? ok : s.glue === 'or' ? acc || ok : acc && ok;
      }, null),
    );
  return rows;
}
const CUSTOMER_SEARCH = ['cod', 'business_name', 'vat_id', 'fiscal_code', 'city', 'email'];

/** The list answer of server/records/list.ts: the rows selected, sorted, one page of them. */
function listAnswer(all: Row[], url: URL, searchable: string[], expand: string | null = null) {
  const q = url.searchParams;
  let rows = rowsMatching(all, url, searchable);
  const sortBy = q.get('sort_by');
  if (sortBy) {
    const dir = q.get('sort_desc') === '1' ? -1 : 1;
    rows = [...rows].sort((a, b) => dir * String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')));
  }
  const perPage = Number(q.get('items_per_page') ?? 200);
  const page = Number(q.get('page') ?? 1);
  const total = rows.length;
  const data = perPage > 0 ? rows.slice((page - 1) * perPage, page * perPage) : rows;
  return HttpResponse.json({
    data,
    meta: {
      total,
      current_page: page,
      per_page: perPage,
      last_page: perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1,
    },
    item_meta_data: { ...ITEM_META, expand_field: expand },
  });
}

const notFound = () => HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 });

const server = setupServer(
  // before the harness's shell calls: msw answers with the first handler that matches
  http.get('*/api/menu_items', () => HttpResponse.json({ data: MENU })),
  ...shellHandlers,
  ...engagementQuietHandlers,
  ...portalQuietHandlers,
  // the menu page's summary of receivables
  noReceivables,
  ...noAmlDue,
  http.get('*/api/user/logout', () => {
    api.logouts += 1;
    return HttpResponse.json({ message: 'Logout effettuato' });
  }),
  // customers
  http.get('*/api/list/Customer/CustomerResourceListCollection', ({ request }) => {
    const url = new URL(request.url);
    api.customerLists.push(url);
    return listAnswer(api.customers, url, ['cod', 'business_name', 'vat_id', 'fiscal_code', 'city', 'email'], 'note');
  }),
  http.get('*/api/customers/:id', ({ params }) => {
    const row = api.customers.find((r) => r.id === Number(params.id));
    return row ? HttpResponse.json({ data: row }) : notFound();
  }),
  http.put('*/api/customers/:id', async ({ request, params }) => {
    const body = (await request.json()) as Row;
    api.writes.push({ method: 'PUT', path: `/api/customers/${params.id}`, body });
    const i = api.customers.findIndex((r) => r.id === Number(params.id));
    if (i < 0) return notFound();
    // server/records/crud.ts: the changes are written, a restore takes the row out of the trash
    const { restore, deleted_at: _deletedAt, trashed: _trashed, updated_at: _version, ...changes } = body;
    const row = api.customers[i]!;
    api.customers[i] = {
      ...row,
      ...changes,
      ...(restore ? { trashed: false, deleted_at: null } : {}),
      updated_at: '2026-03-01 12:00:00',
    };
    return HttpResponse.json({ data: api.customers[i] });
  }),
  // the customer card's open items and reminders: nothing open, none sent
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  http.get('*/api/customer/:id/reminders', () => HttpResponse.json({ data: { contested: null, reminders: [] } })),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 7, name: 'Laura Neri' },
        { id: 9, name: 'Paolo Verdi' },
      ],
    }),
  ),
  // legal representatives
  http.get('*/api/list/LegalRepresentative/:collection', ({ request }) =>
    listAnswer(api.legalRepresentatives, new URL(request.url), ['cod', 'name', 'surname', 'fiscal_code', 'city']),
  ),
  http.get('*/api/legal_representatives/:id', ({ params }) => {
    const row = api.legalRepresentatives.find((r) => r.id === Number(params.id));
    return row ? HttpResponse.json({ data: row }) : notFound();
  }),
  http.post('*/api/legal_representatives', async ({ request }) => {
    const body = (await request.json()) as Row;
    api.writes.push({ method: 'POST', path: '/api/legal_representatives', body });
    const row = {
      ...body,
      id: 40 + api.legalRepresentatives.length,
      label: `${String(body.name)} ${String(body.surname ?? '')}`.trim(),
      created_at: '2026-03-01 12:00:00',
      updated_at: '2026-03-01 12:00:00',
      deleted_at: null,
      trashed: false,
    };
    api.legalRepresentatives.push(row);
    return HttpResponse.json({ data: row }, { status: 201 });
  }),
  // legal statuses
  http.get('*/api/list/LegalStatus/:collection', ({ request }) =>
    listAnswer(api.legalStatuses, new URL(request.url), ['cod', 'description']),
  ),
  // a create replaces its route with the new record's, which may start reading it before the form goes to the list
  http.get('*/api/legal_statuses/:id', ({ params }) => {
    const row = api.legalStatuses.find((r) => r.id === Number(params.id));
    return row ? HttpResponse.json({ data: row }) : notFound();
  }),
  http.post('*/api/legal_statuses', async ({ request }) => {
    const body = (await request.json()) as Row;
    api.writes.push({ method: 'POST', path: '/api/legal_statuses', body });
    const row = {
      ...body,
      id: 10 + api.legalStatuses.length,
      label: `${String(body.cod)} ${String(body.description ?? '')}`.trim(),
      created_at: '2026-03-01 12:00:00',
      updated_at: '2026-03-01 12:00:00',
      deleted_at: null,
      trashed: false,
    };
    api.legalStatuses.push(row);
    return HttpResponse.json({ data: row }, { status: 201 });
  }),
  // any other list (a select's options): empty
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: ITEM_META,
    }),
  ),
);

// ---------------------------------------------------------------------------
// console guard: issue 7 #16, no console error in normal use (the browser file's afterEach)
// ---------------------------------------------------------------------------

const { allow, take: takeConsoleErrors } = useFakeApi(server, () => sessionStorage.clear());

beforeEach(() => {
  api = fresh();
  document.title = '';
  login();
});

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

type User = ReturnType<typeof userEvent.setup>;
const searchBox = () => screen.getByRole('textbox', { name: 'Cerca (premi Invio)' });
const crashText = () => screen.queryByText(/Qualcosa non ha funzionato|Something went wrong/);
const main = () => document.getElementById('main-content') as HTMLElement;
const bodyRows = () => [...main().querySelectorAll('tbody tr:not(.RaDatagrid-expandedPanel)')] as HTMLElement[];
/** The form's submit button ('Salva' or 'Aggiorna'; the app bar has an 'Aggiorna' refresh button too). */
const submitButton = () => main().querySelector('form button[type="submit"]') as HTMLElement;
/** A text field by its label (required labels end with an asterisk). */
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
/** The helper text under a field (where its message shows), without the blank MUI keeps there. */
const helperOf = helperText;
const filtersOf = (url: URL): FilterSpec[] => JSON.parse(url.searchParams.get('filters') ?? '[]');
const lastCustomerList = () => api.customerLists[api.customerLists.length - 1]!;

/** The total the pagination shows ('1-2 di 2'), or null while there is none. */
function shownTotal(): number | null {
  const p = main().querySelector('.MuiTablePagination-displayedRows');
  const m = p ? /di\s+(\d+)/.exec(p.textContent ?? '') : null;
  return m ? Number(m[1]) : null;
}
/** Waits until the pagination shows `total` and the table shows its rows (one page). */
async function waitTotal(total: number) {
  await waitFor(() => {
    expect(shownTotal()).toBe(total);
    expect(bodyRows()).toHaveLength(Math.min(total, 200));
  });
}
/** Runs `action` and waits for the customers list call it makes; the table then shows that answer. */
async function listAfter(action: () => Promise<unknown>) {
  const before = api.customerLists.length;
  await action();
  await waitFor(() => expect(api.customerLists.length).toBeGreaterThan(before));
  const url = lastCustomerList();
  const total = customersMatching(url).length;
  await waitTotal(total);
  return { total, url };
}
/** The customers the fake's list answers to a call (its total). */
const customersMatching = (url: URL) => rowsMatching(api.customers, url, CUSTOMER_SEARCH);

/** Opens the customers list with no stored list state. */
async function freshCustomerList() {
  for (const k of Object.keys(localStorage))
    if (k.startsWith('RaStore') && k.includes('list')) localStorage.removeItem(k);
  renderApp('/table/Customer');
  await screen.findAllByText('Gestione Clienti');
  await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
}

/** The whole app again at the address it shows, with the same local storage: a reload of the page. */
function reload() {
  const { pathname, search } = location.current;
  cleanup();
  renderApp(`${pathname}${search}`);
}

/** axe-core on the page as shown: its serious and critical violations. */
const axeViolations = (container: HTMLElement = document.body) => seriousAxe(container);

const activeCustomers = () => api.customers.filter((r) => !r.trashed && r.ceased === 0);

/** The sidebar (the main menu). */
const sidebar = () => screen.getByRole('menu', { name: 'Menu principale' });
/** An entry of the sidebar's 'Anagrafiche' branch, the branch opened first when it is closed. */
async function sidebarEntry(user: User, name: string) {
  const menu = sidebar();
  const branch = await within(menu).findByRole('menuitem', { name: 'Anagrafiche' });
  if (branch.getAttribute('aria-expanded') !== 'true') await user.click(branch);
  return within(menu).findByRole('menuitem', { name });
}

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('7 breaks', () => {
  it('7.1 the customers list survives a search, leaving through the sidebar, coming back and a reload', async () => {
    const user = userEvent.setup();
    await freshCustomerList();
    const word = 'Tipografia';
    const searched = await listAfter(async () => {
      await user.type(searchBox(), word);
      await user.keyboard('{Enter}');
    });
    expect(searched.url.searchParams.get('search_text')).toBe(word);
    expect(filtersOf(searched.url)).toEqual([ACTIVE]);
    const expected = searched.total;
    expect(expected).toBeGreaterThan(0);

    // leave through the sidebar, come back through the sidebar
    await user.click(await sidebarEntry(user, 'Legali rappresentanti'));
    await screen.findAllByText('Gestione Legali rappresentanti');
    await user.click(await sidebarEntry(user, 'Clienti'));
    await screen.findAllByText('Gestione Clienti');
    await waitTotal(expected);
    expect(crashText()).toBeNull();
    expect(searchBox()).toHaveValue(word);
    expect(lastCustomerList().searchParams.get('search_text')).toBe(word);

    // reload the searched list
    reload();
    await screen.findAllByText('Gestione Clienti');
    await waitTotal(expected);
    expect(crashText()).toBeNull();
    expect(lastCustomerList().searchParams.get('search_text')).toBe(word);
    // the filter group still works on the restored state
    const summary = screen.getByRole('button', { name: /^Filtri/ });
    await user.click(summary);
    await waitFor(() => expect(summary).toHaveAttribute('aria-expanded', 'true'));
    const tutti = await screen.findByRole('button', { name: 'Tutti' });
    const after = await listAfter(() => user.click(tutti));
    expect(filtersOf(after.url)).toEqual([]);
    expect(after.total).toBe(api.customers.filter((r) => !r.trashed && String(r.business_name).includes(word)).length);
    expect(after.total).toBeGreaterThan(expected);
    expect(after.url.searchParams.get('search_text')).toBe(word);
    expect(tutti).toHaveAttribute('aria-pressed', 'true');
  });

  it('7.1 a stored or linked list state that no longer fits falls back to the defaults', async () => {
    const word = 'Tipografia';
    // the shape that crashed: react-admin's removeEmpty had dropped the empty maps of the filter state
    localStorage.setItem(
      'RaStore.list.Customer',
      JSON.stringify({
        filter: {
          q: word,
          __filterState: { mode: 'and', toggles: { ceased: 0 } },
          filters: [{ name: 'ceased', type: 'OR', val: [0], glue: 'and' }],
          bogus: { x: 1 },
        },
        sort: 'no_such_field',
        order: 'UP',
        page: -3,
        perPage: 7,
      }),
    );
    renderApp('/table/Customer');
    await screen.findAllByText('Gestione Clienti');
    const expected = customersMatching(
      new URL(`http://localhost/?search_text=${word}&filters=${encodeURIComponent(JSON.stringify([ACTIVE]))}`),
    ).length;
    await waitTotal(expected);
    expect(crashText()).toBeNull();
    // the list asked what fitted (the search) with the defaults for the rest
    const asked = lastCustomerList().searchParams;
    expect(asked.get('search_text')).toBe(word);
    expect(filtersOf(lastCustomerList())).toEqual([ACTIVE]);
    expect(asked.get('sort_by')).toBe('business_name');
    expect(asked.get('items_per_page')).toBe('200');
    expect(asked.get('page')).toBe('1');
    // what fitted (the search) is kept, the rest was rewritten with the defaults
    const stored = JSON.parse(localStorage.getItem('RaStore.list.Customer') ?? 'null');
    expect(stored.filter.q).toBe(word);
    expect(stored.sort).not.toBe('no_such_field');
    expect(stored.filter.bogus).toBeUndefined();
    expect(typeof stored.filter.__filterState).toBe('string');

    // a broken link: malformed JSON, unknown sort, a page size not offered
    cleanup();
    renderApp('/table/Customer?filter=%7Bbroken&sort=nope&order=ASC&perPage=13&page=1');
    await screen.findAllByText('Gestione Clienti');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(crashText()).toBeNull();
    await waitFor(() => expect(new URLSearchParams(location.current.search).get('sort')).not.toBe('nope'));
    expect(lastCustomerList().searchParams.get('sort_by')).not.toBe('nope');
    expect(lastCustomerList().searchParams.get('items_per_page')).not.toBe('13');
  });

  it('7.2 a screen that fails shows an Italian error page that keeps the application title', async () => {
    const user = userEvent.setup();
    // a malformed answer makes the shell's banner fail while rendering
    server.use(http.get('*/api/loggedStudio/missingRequiredFields', () => HttpResponse.json({ data: [null] })));
    allow(/Cannot read properties of null|TypeError|error boundary|screen error/i);
    renderApp('/Menu');
    await screen.findByText(/Qualcosa non ha funzionato in questa pagina/);
    await waitFor(() => expect(document.title).toBe(`Errore - ${APP}`));
    const appBar = document.querySelector('header') as HTMLElement;
    expect(appBar.textContent).toContain(APP);
    expect(appBar.textContent).not.toMatch(/React Admin/);
    expect(document.body.textContent).not.toMatch(/Something went wrong|Need help|Go back/i);
    expect(await axeViolations()).toEqual([]);

    // once the fault is gone, 'Ricarica la pagina' brings the screen back: the button asks the
    // browser for a reload (jsdom reports the navigation it does not implement), then the app is
    // loaded again at the same address
    server.resetHandlers();
    const navigations: string[] = [];
    const vc = (globalThis as unknown as { jsdom: { virtualConsole: NodeJS.EventEmitter } }).jsdom.virtualConsole;
    const onJsdomError = (e: Error) => navigations.push(e.message);
    vc.on('jsdomError', onJsdomError);
    allow(/Not implemented: navigation/);
    try {
      await user.click(screen.getByRole('button', { name: 'Ricarica la pagina' }));
      await waitFor(() => expect(navigations).toContain('Not implemented: navigation to another Document'));
    } finally {
      vc.off('jsdomError', onJsdomError);
    }
    reload();
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
    expect(location.current.pathname).toBe('/Menu');
  });

  it('7.3 saving a trashed item restores it', async () => {
    const user = userEvent.setup();
    const c = api.customers.find((r) => r.trashed)!;
    renderApp(`/Customer/${c.id}`);
    await screen.findByText(/Stai lavorando su un elemento cestinato/);
    const city = screen.getByRole('textbox', { name: 'Città' });
    await waitFor(() => expect(city).toHaveValue(c.city));
    const newCity = c.city === 'Ancona' ? 'Macerata' : 'Ancona';
    await user.clear(city);
    await user.type(city, newCity);
    await user.click(submitButton());
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toMatchObject({
      method: 'PUT',
      path: `/api/customers/${c.id}`,
      body: { city: newCity, restore: true, deleted_at: null, updated_at: c.updated_at },
    });
    // the answer (the row out of the trash) is shown: the notice goes
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Stai lavorando su un elemento cestinato/)).not.toBeInTheDocument());
    expect(city).toHaveValue(newCity);
  });

  it('7.4 a CAP keeps its leading zeros, and letters in a number show the message', async () => {
    const user = userEvent.setup();
    renderApp('/table/LegalRepresentative');
    await user.click(await within(await screen.findByRole('main')).findByRole('button', { name: 'Nuovo' }));
    await waitFor(() => expect(location.current.pathname).toBe('/LegalRepresentative/create'));
    const cap = await waitFor(() => textbox('CAP'));
    await user.type(textbox('Nome'), 'Ottavio');
    await user.type(textbox('Cognome'), 'Zeri');
    // letters: the message at once, the text as typed
    await user.type(cap, '0018a');
    await waitFor(() => expect(helperOf(cap)).toBe('Inserisci un Numero Intero'));
    expect(cap).toHaveValue('0018a');
    await user.clear(cap);
    await user.type(cap, '00184');
    await waitFor(() => expect(helperOf(cap)).toBe(''));
    await user.click(submitButton());
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toMatchObject({ method: 'POST', path: '/api/legal_representatives' });
    const sent = api.writes[0]!.body as Row;
    expect(sent.postal_code).toBe('00184');
    expect(sent).toMatchObject({ name: 'Ottavio', surname: 'Zeri' });
    // back on the list, which shows the new row
    await waitFor(() => expect(location.current.pathname).toBe('/table/LegalRepresentative'));
    await screen.findByText('Ottavio');
    // the saved record read back shows its CAP as it was typed
    const saved = api.legalRepresentatives.find((r) => r.name === 'Ottavio')!;
    cleanup();
    renderApp(`/LegalRepresentative/${saved.id}`);
    await waitFor(() => expect(textbox('CAP')).toHaveValue('00184'));
  });
});

describe('7 seed rules', () => {
  it('7.5 each route sets the page title with the application name', async () => {
    renderApp('/table/Customer');
    await screen.findAllByText('Gestione Clienti');
    await waitFor(() => expect(document.title).toBe(`Gestione Clienti - ${APP}`));
    cleanup();
    renderApp('/Menu');
    await waitFor(() => expect(document.title).toBe(`Home - ${APP}`));
    cleanup();
    renderApp('/table/LegalStatus');
    await waitFor(() => expect(document.title).toBe(`Gestione Forme giuridiche - ${APP}`));
    const c = activeCustomers()[0]!;
    cleanup();
    renderApp(`/Customer/${c.id}`);
    await waitFor(() => expect(document.title).toBe(`Cliente - ${APP}`));
    // without a session
    cleanup();
    logout();
    renderApp('/utente/login');
    await waitFor(() => expect(document.title).toBe(`Accedi - ${APP}`));
  });

  it("7.6 unknown routes go to /error with 'Pagina NON trovata'", async () => {
    for (const path of ['/questa/pagina/non/esiste', '/table/NonEsiste']) {
      document.title = '';
      renderApp(path);
      await waitFor(() => expect(location.current.pathname).toBe('/error'));
      expect(new URLSearchParams(location.current.search).get('msg')).toBe('Pagina NON trovata');
      expect((await screen.findAllByText('Pagina NON trovata'))[0]).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`Pagina NON trovata - ${APP}`));
      cleanup();
    }
  });

  it('7.7 a failed logout shows an alert and still clears the session', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/user/logout', () => {
        api.logouts += 1;
        return HttpResponse.json({ message: 'Errore interno' }, { status: 500 });
      }),
    );
    renderApp('/Menu');
    await user.click(await screen.findByRole('button', { name: USER.name }));
    await user.click(await screen.findByRole('menuitem', { name: 'Esci' }));
    await waitFor(() => expect(location.current.pathname).toBe('/utente/login'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Uscita non confermata dal server');
    expect(api.logouts).toBe(1);
    expect(document.cookie).not.toMatch(/(^|; )gs_token=/);
    expect(localStorage.getItem('gs_user')).toBeNull();
    // the session is gone: a protected page goes to the login
    cleanup();
    renderApp('/table/Customer');
    await waitFor(() => expect(location.current.pathname).toBe('/utente/login'));
    await screen.findByRole('button', { name: 'Accedi' });
    // the alert is shown once
    expect(screen.queryByText(/Uscita non confermata dal server/)).not.toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([]);
  });

  it('7.8 a logged-in user without the role sees the unauthorized dialog on every URL of the screen', async () => {
    login('Collaboratore');
    // the studio of the session (GET /api/studio_logged in the harness)
    const studioId = 2;
    for (const path of [`/Studio/${studioId}`, '/table/Studio', '/Studio/create', '/User/1', '/table/User']) {
      renderApp(path);
      const dialog = await screen.findByRole('dialog');
      expect(dialog, path).toHaveTextContent('Non sei autorizzato a visualizzare questo contenuto');
      expect(location.current.pathname, path).toBe(path);
      expect(screen.queryByText('Pagina NON trovata'), path).not.toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Vai al login' })).toHaveAttribute('href', '/utente/login');
      cleanup();
    }
    expect(takeConsoleErrors()).toEqual([]);
  });

  it('7.9 forms opened from elsewhere have breadcrumbs and a close button that goes back', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const c = activeCustomers()[2]!;
    localStorage.setItem('RaStore.prefs.openInNewTab', 'false');
    await freshCustomerList();
    const searched = await listAfter(async () => {
      await user.type(searchBox(), c.cod);
      await user.keyboard('{Enter}');
    });
    expect(searched.url.searchParams.get('search_text')).toBe(c.cod);
    await user.click(within(bodyRows()[0]!).getByText(c.business_name, { exact: true }));
    await waitFor(() => expect(location.current.pathname).toBe(`/Customer/${c.id}`));
    expect(open).not.toHaveBeenCalled();
    const crumbs = await screen.findByRole('navigation', { name: 'Percorso' });
    await within(crumbs).findByText(`Cliente: ${c.business_name}`);
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/Menu');
    expect(within(crumbs).getByRole('link', { name: 'Gestione Clienti' })).toHaveAttribute('href', '/table/Customer');
    // close goes back to the searched list
    await user.click(within(screen.getByTestId('close-header')).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
    await waitTotal(1);
    expect(searchBox()).toHaveValue(c.cod);
    expect(lastCustomerList().searchParams.get('search_text')).toBe(c.cod);

    // a form opened in a new tab (the default) has no page to go back to: close goes to the list
    localStorage.removeItem('RaStore.prefs.openInNewTab');
    reload();
    await waitTotal(1);
    await user.click(within(bodyRows()[0]!).getByText(c.business_name, { exact: true }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]!.slice(0, 2)).toEqual([`/Customer/${c.id}`, '_blank']);
    // the new tab: the form is the first page of its history
    cleanup();
    renderApp(String(open.mock.calls[0]![0]));
    await screen.findByRole('navigation', { name: 'Percorso' });
    await user.click(within(screen.getByTestId('close-header')).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
    await screen.findAllByText('Gestione Clienti');
  });

  it('7.10 limits show their message: text past the maximum (typed or pasted) and letters in an amount', async () => {
    const user = userEvent.setup();
    const c = activeCustomers()[4]!;
    renderApp(`/Customer/${c.id}`);
    const cod = await waitFor(() => textbox('Codice'));
    await waitFor(() => expect(cod).toHaveValue(c.cod));
    // typed one by one past 16 characters: the text stays and the message shows
    await user.clear(cod);
    await user.type(cod, 'ABCDEFGHIJKLMNOPQ');
    expect(cod).toHaveValue('ABCDEFGHIJKLMNOPQ');
    await waitFor(() => expect(helperOf(cod)).toBe('Numero massimo di caratteri superato'));
    // pasted
    const address = textbox('Indirizzo');
    await user.tripleClick(address);
    await user.paste('x'.repeat(300));
    expect((address as HTMLInputElement).value).toHaveLength(300);
    await waitFor(() => expect(helperOf(address)).toBe('Numero massimo di caratteri superato'));
    // fixed: the message goes away while typing
    await user.clear(cod);
    await user.type(cod, c.cod);
    await waitFor(() => expect(helperOf(cod)).toBe(''));
    // letters in an amount: the decimal message, not the money digits message
    const rate = textbox('Costo cedolino');
    await user.clear(rate);
    await user.type(rate, 'abc');
    await waitFor(() => expect(helperOf(rate)).toBe('Inserisci un Numero Decimale'));
    await user.clear(rate);
    await user.type(rate, '123456789');
    await waitFor(() => expect(helperOf(rate)).toBe('Importo non valido: massimo 8 cifre e 2 decimali'));
    // nothing was saved
    await negativeLook();
    expect(api.writes).toEqual([]);
  });
});

describe('7 usability', () => {
  it("7.13 a create form opened as a tab's first page goes to the list after 'Salva'", async () => {
    const user = userEvent.setup();
    renderApp('/LegalStatus/create');
    const cod = await waitFor(() => textbox('Codice'));
    const code = 'T4242';
    await user.type(cod, code);
    await user.click(submitButton());
    // the list may write its stored state into the address (?filter=…) as soon as it opens
    await waitFor(() => expect(location.current.pathname).toBe('/table/LegalStatus'));
    await screen.findAllByText('Gestione Forme giuridiche');
    expect(api.writes).toEqual([
      { method: 'POST', path: '/api/legal_statuses', body: expect.objectContaining({ cod: code }) },
    ]);
    // the list shows the new row
    expect(await screen.findByText(code)).toBeInTheDocument();
  });

  it('7.14 restoring from the trashed-row dialog updates the row at once', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const c = api.customers.filter((r) => r.trashed)[1]!;
    await freshCustomerList();
    const shown = await listAfter(() => user.click(screen.getByRole('switch', { name: 'Mostra cestinati' })));
    expect(shown.url.searchParams.get('with_trashed')).toBe('1');
    await listAfter(async () => {
      await user.type(searchBox(), c.cod);
      await user.keyboard('{Enter}');
    });
    const row = () => bodyRows()[0]!;
    await within(row()).findByText('Cestinato', { exact: true });
    await user.click(within(row()).getByText(c.business_name, { exact: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Elemento cestinato' });
    const before = api.customerLists.length;
    await user.click(within(dialog).getByRole('button', { name: 'Ripristina' }));
    // no 'Aggiorna' pressed: the row reads its new status
    await waitFor(() => expect(within(row()).queryByText('Cestinato', { exact: true })).not.toBeInTheDocument());
    expect(await within(row()).findByText('Attivo', { exact: true })).toBeInTheDocument();
    expect(api.customerLists.length).toBeGreaterThan(before);
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: `/api/customers/${c.id}`,
        body: { restore: true, deleted_at: null, updated_at: c.updated_at },
      },
    ]);
    // and the restored record opens in its tab
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]!.slice(0, 2)).toEqual([`/Customer/${c.id}`, '_blank']);
  });

  it('7.15 the expand chevron of a row is a named button reachable by keyboard', async () => {
    const user = userEvent.setup();
    await freshCustomerList();
    const first = () => bodyRows()[0]!;
    const chevron = first().querySelector('.RaDatagrid-expandIcon') as HTMLElement;
    await waitFor(() => expect(chevron).not.toHaveAttribute('aria-hidden'));
    expect(chevron).toHaveAttribute('tabindex', '0');
    const byRole = within(first()).getByRole('button', { name: 'Mostra dettagli della riga' });
    expect(byRole).toBe(chevron);
    // Enter on the focused chevron expands the row
    act(() => byRole.focus());
    expect(document.activeElement).toBe(byRole);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(main().querySelector('.RaDatagrid-expandedPanel')).not.toBeNull());
    await within(first()).findByRole('button', { name: 'Nascondi dettagli della riga' });
    // and the chevron is in the Tab order: Shift+Tab from the row checkbox lands on it
    act(() => within(first()).getByRole('checkbox').focus());
    await user.tab({ shift: true });
    expect(document.activeElement?.classList.contains('RaDatagrid-expandIcon')).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });
});
