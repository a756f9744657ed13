/**
 * Saved views and chosen columns of the generic table (issue 16 item 2) on /table/Customer,
 * through the whole <App/>: kept on the server per user (GET/PUT/DELETE /api/user_preferences,
 * mocked with msw), applied to the list's call and to its columns, validated when read.
 *
 * The pause before a change is written (preferencesSync's 400 ms debounce) runs on a clock the
 * test holds where it matters (`holdTheClock`): a burst of changes stays one burst however slowly
 * a loaded machine clicks, and 'nothing is written after the pause' is read after the pause
 * without waiting for it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { b64url, login, logout, queryOf, renderApp, shellHandlers, USER } from './harness';
import { appStore, preferencesStore } from '../../src/list/preferencesStore';
import { authProvider } from '../../src/authProvider';
import { getToken } from '../../src/authProvider/token';

const ROWS = [
  {
    id: 1,
    cod: 'C001',
    business_name: 'Alfa Srl',
    vat_id: '01234567897',
    city: 'Milano',
    email: 'alfa@example.it',
    legal_status_id: null,
    legal_status: null,
    yearly_accounting_amount: 1200,
    ceased: 0,
    trashed: false,
    deleted_at: null,
    updated_at: '2026-01-10 10:00:00',
  },
  {
    id: 2,
    cod: 'C002',
    business_name: 'Beta Spa',
    vat_id: null,
    city: 'Roma',
    email: 'beta@example.it',
    legal_status_id: null,
    legal_status: null,
    yearly_accounting_amount: 800,
    ceased: 0,
    trashed: false,
    deleted_at: null,
    updated_at: '2026-01-11 10:00:00',
  },
];

interface Api {
  /** the preferences the server keeps, per user id */
  prefs: Record<number, Record<string, unknown>>;
  gets: number[];
  writes: Array<{ user: number; method: string; key: string; value?: unknown }>;
  lists: URL[];
  putStatus: number;
}
const fresh = (): Api => ({ prefs: {}, gets: [], writes: [], lists: [], putStatus: 200 });
let api = fresh();

/** the user id of the request's (fake) token */
const userOf = (request: Request) => {
  const token = (request.headers.get('Authorization') ?? '').replace('Bearer ', '');
  const payload = token.split('.')[1] ?? '';
  return Number(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).id);
};

const server = setupServer(
  http.get('*/api/user_preferences', ({ request }) => {
    const user = userOf(request);
    api.gets.push(user);
    return HttpResponse.json({ data: api.prefs[user] ?? {} });
  }),
  http.put('*/api/user_preferences/:key', async ({ request, params }) => {
    const user = userOf(request);
    const { value } = (await request.json()) as { value: unknown };
    const key = decodeURIComponent(String(params.key));
    api.writes.push({ user, method: 'PUT', key, value });
    if (api.putStatus !== 200)
      return HttpResponse.json(
        {
          message: 'Dati non validi: controlla i campi evidenziati',
          errors: { value: ['Valore troppo grande: al massimo 64 KB'] },
        },
        { status: api.putStatus },
      );
    (api.prefs[user] ??= {})[key] = value;
    return HttpResponse.json({ data: { key, value, updated_at: '2026-03-01 10:00:00.000' } });
  }),
  http.delete('*/api/user_preferences/:key', ({ request, params }) => {
    const user = userOf(request);
    const key = decodeURIComponent(String(params.key));
    api.writes.push({ user, method: 'DELETE', key });
    delete api.prefs[user]?.[key];
    return HttpResponse.json({ data: { key, deleted: true } });
  }),
  ...shellHandlers,
  http.get('*/api/list/Customer/CustomerResourceListCollection', ({ request }) => {
    const url = new URL(request.url);
    api.lists.push(url);
    const q = (url.searchParams.get('search_text') ?? '').toLowerCase();
    const data = ROWS.filter(
      (r) => !q || r.business_name.toLowerCase().includes(q) || r.city.toLowerCase().includes(q),
    );
    return HttpResponse.json({
      data,
      meta: {
        total: data.length,
        current_page: 1,
        per_page: Number(url.searchParams.get('items_per_page')),
        last_page: 1,
      },
      item_meta_data: {
        can_add_new: true,
        expand_field: null,
        is_selectable: true,
        is_erasable: true,
        disable_edit_item: false,
        items: {},
      },
    });
  }),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({ data: [], meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 } }),
  ),
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = fresh();
  login();
});
afterEach(async () => {
  releaseTheClock();
  cleanup();
  server.resetHandlers();
  logout();
  // the app's store forgets the user (as after a logout)
  act(() => appStore.reset());
});
afterAll(() => server.close());

/**
 * From here setTimeout and clearTimeout are fake (Date and the rest real): the debounce's pause
 * passes only when the test advances the clock. Testing Library's wrappers end each action with
 * a zero timeout, which a `jest` global lets them run at once; meanwhile waits are vi.waitFor
 * (Testing Library's waitFor would advance the fake clock itself) and user-event is set up
 * with `delay: null`.
 */
function holdTheClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
/** Back to real timers; the fake ones still pending (a ripple's end, at most a second away) are run first. */
function releaseTheClock() {
  if (!vi.isFakeTimers()) return;
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
/** The debounce of the preferences' writes (src/list/preferencesSync.ts), passed on the held clock. */
const PAUSE_MS = 400;

const KEY = 'list.Customer.savedQueries';
const COLUMNS = 'list.Customer.columns';
const main = () => document.getElementById('main-content') as HTMLElement;
/** the table's column headers (also while a popover hides the page from assistive technology) */
const headers = () =>
  within(main())
    .getAllByRole('columnheader', { hidden: true })
    .map((th) => th.textContent?.trim())
    .filter(Boolean);
const lastQuery = () => queryOf(api.lists[api.lists.length - 1]!.href);

async function openList() {
  renderApp('/table/Customer');
  await screen.findByText('Alfa Srl');
  // the views are loaded (the menu's save button is enabled only then)
  await waitFor(() => expect(api.gets.length).toBeGreaterThan(0));
}

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await within(main()).findByRole('button', { name: 'Viste salvate' }));
  return screen.findByRole('dialog', { name: 'Viste salvate' });
}

/** A saved view as the app writes it. */
const view = (label: string, value: Record<string, unknown>) => ({ label, value });

describe('saved views', () => {
  it('saving the current view (search, filters, sort, columns) writes it to the server for this list', async () => {
    const user = userEvent.setup();
    await openList();
    await user.type(within(main()).getByRole('textbox', { name: 'Cerca (premi Invio)' }), 'milano{Enter}');
    await waitFor(() => expect(lastQuery().search_text).toBe('milano'));
    // a column hidden first: the view keeps the columns too
    await user.click(await within(main()).findByRole('button', { name: 'Colonne' }));
    const columns = await screen.findByRole('dialog', { name: 'Colonne della tabella' });
    await user.click(within(columns).getByRole('checkbox', { name: 'Partita IVA' }));
    await user.keyboard('{Escape}');

    const menu = await openViews(user);
    expect(within(menu).getByText(/salva la vista per ritrovarla/)).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Salva vista corrente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salva la vista corrente come' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nome della vista/ }), '  Clienti Milano ');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Vista "Clienti Milano" salvata')).toBeInTheDocument();

    await waitFor(() => expect(api.writes.some((w) => w.key === KEY)).toBe(true));
    const put = api.writes.find((w) => w.key === KEY)!;
    expect(put).toMatchObject({ user: USER.id, method: 'PUT' });
    const saved = put.value as Array<{ label: string; value: Record<string, unknown> }>;
    expect(saved).toHaveLength(1);
    expect(saved[0]!.label).toBe('Clienti Milano');
    const value = saved[0]!.value as {
      filter: Record<string, unknown>;
      sort: unknown;
      perPage: number;
      columns: unknown;
    };
    expect(value.filter.q).toBe('milano');
    // the filter group's state goes with it
    expect(JSON.parse(String(value.filter.__filterState))).toMatchObject({ mode: 'and', toggles: { ceased: 0 } });
    expect(value.sort).toEqual({ field: 'business_name', order: 'ASC' });
    expect(value.perPage).toBe(200);
    expect(value.columns).toEqual({
      order: ['cod', 'business_name', 'vat_id', 'city', 'email', 'legal_status_id', 'yearly_accounting_amount'],
      hidden: ['vat_id'],
    });
    // the columns themselves were written under their own key, for this user only
    expect(api.prefs[USER.id]![COLUMNS]).toEqual(value.columns);
    expect(Object.keys(api.prefs)).toEqual([String(USER.id)]);
  });

  it('applying a saved view changes the list call (search, filters, sort, page size) and the columns', async () => {
    api.prefs[USER.id] = {
      [KEY]: [
        view('Cessati di Roma', {
          filter: {
            q: 'roma',
            __filterState: JSON.stringify({
              mode: 'and',
              combos: { legal_status_id: [], collaborator_accounting_id: [] },
              toggles: { ceased: 1 },
              intervals: { acquisition_date: { from: null, to: null } },
            }),
          },
          displayedFilters: {},
          sort: { field: 'city', order: 'DESC' },
          perPage: 50,
          columns: {
            order: ['city', 'business_name', 'cod', 'vat_id', 'email', 'legal_status_id', 'yearly_accounting_amount'],
            hidden: ['email', 'vat_id'],
          },
        }),
      ],
    };
    const user = userEvent.setup();
    await openList();
    expect(headers()).toContain('Email');
    const before = api.lists.length;
    const menu = await openViews(user);
    await user.click(within(menu).getByRole('button', { name: 'Cessati di Roma' }));
    await waitFor(() => expect(api.lists.length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        search_text: 'roma',
        sort_by: 'city',
        sort_desc: '1',
        items_per_page: '50',
        page: '1',
      }),
    );
    // the filter group's objects are rebuilt from its state: Cessati
    expect(JSON.parse(lastQuery().filters!)).toEqual([{ name: 'ceased', type: 'OR', val: [1], glue: 'and' }]);
    // the search box and the filter group show the view's state
    expect(within(main()).getByRole('textbox', { name: 'Cerca (premi Invio)' })).toHaveValue('roma');
    expect(within(main()).getByRole('button', { name: /^Filtri \(1 attivo\)/ })).toBeInTheDocument();
    // its columns: chosen order, the hidden ones gone, the status column still last
    await waitFor(() =>
      expect(headers()).toEqual([
        'Città',
        'Ragione Sociale',
        'Codice',
        'Forma giuridica',
        'Tariffa annuale',
        'Stato',
        'Azioni',
      ]),
    );
  });

  it('removing a saved view asks first and writes the list without it', async () => {
    api.prefs[USER.id] = {
      [KEY]: [
        view('Prima', { filter: {}, sort: { field: 'id', order: 'ASC' }, perPage: 200 }),
        view('Seconda', { filter: { q: 'x' } }),
      ],
    };
    const user = userEvent.setup();
    await openList();
    const menu = await openViews(user);
    await user.click(within(menu).getByRole('button', { name: 'Elimina la vista "Prima"' }));
    const ask = await screen.findByRole('dialog', { name: 'Eliminare la vista salvata?' });
    await user.click(within(ask).getByRole('button', { name: 'Elimina' }));
    await waitFor(() =>
      expect(api.writes.find((w) => w.key === KEY)?.value).toEqual([view('Seconda', { filter: { q: 'x' } })]),
    );
  });

  it('a malformed stored view or column choice is ignored: the list shows, the bad view applies as the defaults', async () => {
    api.prefs[USER.id] = {
      [KEY]: [
        null,
        'testo',
        42,
        { label: 7, value: {} },
        { label: '', value: {} },
        { label: 'Senza valore' },
        view('Rotta', { filter: 'non un oggetto', sort: 7, perPage: 'abc', displayedFilters: [], columns: 'zzz' }),
        view('Vecchia', {
          filter: { q: 'beta', campo_sparito: 3, filters: [{ name: 'sconosciuto', type: 'OR', val: [1] }] },
          sort: { field: 'campo_sparito', order: 'ASC' },
          perPage: 7,
          columns: { order: ['sparita', 'email'], hidden: ['cod', 'non_esiste', 5] },
        }),
      ],
      [COLUMNS]: { order: 'non una lista', hidden: [null, 'colonna_sparita'] },
    };
    const user = userEvent.setup();
    await openList();
    await waitFor(() => expect(api.gets.length).toBe(1));
    // every declared column is shown
    expect(headers()).toEqual([
      'Codice',
      'Ragione Sociale',
      'Partita IVA',
      'Città',
      'Email',
      'Forma giuridica',
      'Tariffa annuale',
      'Stato',
      'Azioni',
    ]);
    const menu = await openViews(user);
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rotta', 'Vecchia']);
    let before = api.lists.length;
    await user.click(within(menu).getByRole('button', { name: 'Rotta' }));
    await waitFor(() => expect(api.lists.length).toBeGreaterThan(before));
    // the list's defaults: no search, sorted by business name, 200 a page, only active customers
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ sort_by: 'business_name', sort_desc: '0', items_per_page: '200', page: '1' }),
    );
    expect(lastQuery().search_text).toBeUndefined();
    expect(await screen.findByText('Alfa Srl')).toBeInTheDocument();

    before = api.lists.length;
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Vecchia' }));
    await waitFor(() => expect(api.lists.length).toBeGreaterThan(before));
    await waitFor(() => expect(lastQuery().search_text).toBe('beta'));
    expect(lastQuery()).toMatchObject({ sort_by: 'business_name', items_per_page: '200' });
    expect(JSON.parse(lastQuery().filters!)).toEqual([{ name: 'ceased', type: 'OR', val: [0], glue: 'and' }]);
    expect(await screen.findByText('Beta Spa')).toBeInTheDocument();
    // what fits of its columns: cod hidden; the columns it does not order take their declared places
    await waitFor(() =>
      expect(headers()).toEqual([
        'Ragione Sociale',
        'Partita IVA',
        'Città',
        'Email',
        'Forma giuridica',
        'Tariffa annuale',
        'Stato',
        'Azioni',
      ]),
    );
  });

  it('a view that cannot be saved on the server is told in Italian', async () => {
    api.putStatus = 422;
    const user = userEvent.setup();
    await openList();
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Salva vista corrente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salva la vista corrente come' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nome della vista/ }), 'Troppo grande{Enter}');
    expect(
      await screen.findByText('Impossibile salvare le viste sul server: Valore troppo grande: al massimo 64 KB'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Vista "Troppo grande" salvata')).not.toBeInTheDocument();
  });
});

describe('columns', () => {
  it('hiding a column removes it from the table; moving one changes the order; both are saved; the default comes back', async () => {
    const user = userEvent.setup();
    await openList();
    expect(headers()).toEqual([
      'Codice',
      'Ragione Sociale',
      'Partita IVA',
      'Città',
      'Email',
      'Forma giuridica',
      'Tariffa annuale',
      'Stato',
      'Azioni',
    ]);
    await user.click(await within(main()).findByRole('button', { name: 'Colonne' }));
    const columns = await screen.findByRole('dialog', { name: 'Colonne della tabella' });
    // the three changes are one burst: the pause before the write starts again after each
    holdTheClock();
    const quick = userEvent.setup({ delay: null });
    await quick.click(within(columns).getByRole('checkbox', { name: 'Email' }));
    await vi.waitFor(() => expect(headers()).not.toContain('Email'));
    expect(screen.queryByText('alfa@example.it')).not.toBeInTheDocument();
    // by keyboard: 'Sposta su' on Città twice puts it before Ragione Sociale
    within(columns).getByRole('button', { name: 'Sposta su: Città' }).focus();
    await quick.keyboard('{Enter}');
    await quick.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(headers()).toEqual([
        'Codice',
        'Città',
        'Ragione Sociale',
        'Partita IVA',
        'Forma giuridica',
        'Tariffa annuale',
        'Stato',
        'Azioni',
      ]),
    );
    await act(() => vi.advanceTimersByTimeAsync(PAUSE_MS));
    releaseTheClock();
    // the debounced write: one PUT with the last choice
    await waitFor(() =>
      expect(api.prefs[USER.id]?.[COLUMNS]).toEqual({
        order: ['cod', 'city', 'business_name', 'vat_id', 'email', 'legal_status_id', 'yearly_accounting_amount'],
        hidden: ['email'],
      }),
    );
    expect(api.writes.filter((w) => w.key === COLUMNS)).toHaveLength(1);
    // the last column shown cannot be hidden
    for (const name of ['Codice', 'Città', 'Ragione Sociale', 'Partita IVA', 'Forma giuridica', 'Tariffa annuale']) {
      const box = within(columns).getByRole('checkbox', { name });
      if (name === 'Tariffa annuale') expect(box).toBeDisabled();
      else await user.click(box);
    }
    await waitFor(() => expect(headers()).toEqual(['Tariffa annuale', 'Stato', 'Azioni']));
    await user.click(within(columns).getByRole('button', { name: 'Ripristina le colonne predefinite' }));
    await waitFor(() =>
      expect(headers()).toEqual([
        'Codice',
        'Ragione Sociale',
        'Partita IVA',
        'Città',
        'Email',
        'Forma giuridica',
        'Tariffa annuale',
        'Stato',
        'Azioni',
      ]),
    );
    await waitFor(() => expect(api.writes.at(-1)).toMatchObject({ method: 'DELETE', key: COLUMNS }));
  });

  it('the columns of a named view (/table/CustomersForCedolini) are its own', async () => {
    api.prefs[USER.id] = {
      [COLUMNS]: { order: ['email', 'business_name'], hidden: ['business_name'] },
      'list.CustomersForCedolini.columns': { order: ['cedolino_rate', 'business_name', 'email'], hidden: [] },
    };
    server.use(
      http.get('*/api/list/Customer/CustomersForCedoliniCollection', () =>
        HttpResponse.json({
          data: [{ id: 1, business_name: 'Alfa Srl', email: 'alfa@example.it', cedolino_rate: 12 }],
          meta: { total: 1, current_page: 1, per_page: 200, last_page: 1 },
          item_meta_data: {
            can_add_new: false,
            expand_field: null,
            is_selectable: true,
            is_erasable: false,
            disable_edit_item: false,
            items: {},
          },
        }),
      ),
    );
    renderApp('/table/CustomersForCedolini');
    await screen.findByText('Alfa Srl');
    await waitFor(() => expect(headers()).toEqual(['Costo cedolino', 'Ragione Sociale', 'Email', 'Azioni']));
  });
});

describe('preferences store', () => {
  const tokenOf = (id: number) => `h.${b64url({ id, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;
  const as = (id: number) => {
    document.cookie = `gs_token=${encodeURIComponent(tokenOf(id))}; path=/`;
  };

  it("another user on the same browser never sees the previous user's views; a logout forgets them; only list keys leave the browser", async () => {
    api.prefs = { 1: { [KEY]: ['di Mario'], 'list.Customer.filtersOpen': true }, 2: {} };
    const store = preferencesStore();
    as(1);
    store.setup();
    const sync = await store.sync();
    await waitFor(() => expect(sync.status()).toBe('ready'));
    // the first user's change below waits for its pause on the test's clock
    holdTheClock();
    expect(store.getItem(KEY)).toEqual(['di Mario']);
    // a key of another kind from the server is not taken; local keys stay local
    expect(store.getItem('list.Customer.filtersOpen')).toBeUndefined();
    store.setItem('prefs.openInNewTab', false);
    expect(localStorage.getItem('RaStore.prefs.openInNewTab')).toBe('false');
    store.setItem(COLUMNS, { order: ['city'], hidden: [] });
    expect(Object.keys(localStorage).filter((k) => k.includes('columns') || k.includes('savedQueries'))).toEqual([]);

    // another user's session on this browser (another tab logged in): the first user's values are gone, his unsent change is dropped
    as(2);
    expect(store.getItem(KEY, [])).toBeDefined();
    await vi.waitFor(() => expect(api.gets).toEqual([1, 2]));
    await vi.waitFor(() => expect(sync.status()).toBe('ready'));
    expect(store.getItem(KEY, [])).toEqual([]);
    expect(store.getItem(COLUMNS)).toBeUndefined();
    // past the pause of the dropped change; then whatever its timer started has ended (writes go one after the other)
    await vi.advanceTimersByTimeAsync(PAUSE_MS * 2);
    releaseTheClock();
    await sync.flush();
    expect(api.writes).toEqual([]);

    // his own change goes to his own row
    store.setItem(KEY, ['di Luigi']);
    await waitFor(() => expect(api.writes).toEqual([{ user: 2, method: 'PUT', key: KEY, value: ['di Luigi'] }]));
    expect(api.prefs[1]![KEY]).toEqual(['di Mario']);

    // logout: forgotten here, kept on the server
    logout();
    act(() => store.reset());
    await waitFor(() => expect(sync.status()).toBe('anonymous'));
    expect(store.getItem(KEY)).toBeUndefined();
    expect(api.writes.filter((w) => w.method === 'DELETE')).toEqual([]);
    store.teardown();
  });

  it('a change made just before logging out is sent with the session, not lost with it', async () => {
    api.prefs = { 1: {} };
    let logouts = 0;
    server.use(
      http.get('*/api/user/logout', () => {
        logouts++;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    as(1);
    appStore.setup();
    const sync = await appStore.sync();
    await waitFor(() => expect(sync.status()).toBe('ready'));
    appStore.setItem(COLUMNS, { order: ['city'], hidden: ['email'] });
    // logging out at once, well inside the pause before the change would be sent
    await authProvider.logout({});
    expect(api.writes).toEqual([
      { user: 1, method: 'PUT', key: COLUMNS, value: { order: ['city'], hidden: ['email'] } },
    ]);
    expect(logouts).toBe(1);
    expect(getToken()).toBeFalsy();
  });

  it('changes made in a burst are sent once, the last value, after a pause', async () => {
    api.prefs = { 1: {} };
    const store = preferencesStore();
    as(1);
    store.setup();
    const sync = await store.sync();
    await waitFor(() => expect(sync.status()).toBe('ready'));
    for (let i = 1; i <= 5; i++) store.setItem(COLUMNS, { order: [], hidden: [String(i)] });
    store.removeItem(KEY);
    expect(api.writes).toEqual([]);
    await waitFor(() => expect(api.writes).toHaveLength(2));
    expect(api.writes).toEqual([
      { user: 1, method: 'PUT', key: COLUMNS, value: { order: [], hidden: ['5'] } },
      { user: 1, method: 'DELETE', key: KEY },
    ]);
    store.teardown();
  });
});
