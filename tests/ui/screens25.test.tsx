/**
 * Issue 25 items 12–18, the app's side, rendered through the whole <App/> with the API mocked
 * (msw): the seeds' calls instead of list collections (item 12), the payment pages' answers
 * (item 13), the credit feature hidden when off (item 14), unknown routes and /test_view
 * (item 15), the login page's top bar (item 16), a validate_xml 400 whose details are not a list
 * (item 17), the customers' bulk actions grouped and the payslip page's guidance (item 18).
 * Every request is recorded; one no handler answers gets a 404 (and is in `calls`).
 */
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { location, login, logout, renderApp, shellHandlers, USER } from './harness';
import App from '../../src/App';

/**
 * The app as src/main.tsx mounts it — location changes applied at once, not as transitions —
 * for the visitor without a session, whom react-admin logs out and sends elsewhere (the
 * harness's router keeps transitions, under which that navigation never commits).
 */
const seen: string[] = [];
function Spy() {
  const l = useLocation();
  useEffect(() => {
    seen.push(`${l.pathname}${l.search}`);
  }, [l.pathname, l.search]);
  return null;
}
const renderAsMain = (path: string) => {
  seen.length = 0;
  return render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <App />
      <Spy />
    </MemoryRouter>,
  );
};
const lastPath = () => new URL(seen.at(-1) ?? '/', 'http://x');

type Row = Record<string, unknown>;

const listAnswer = (data: Row[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 200, last_page: 1 },
    item_meta_data: {
      can_add_new: true,
      expand_field: null,
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
      items: {},
    },
  });

/** every request the app made: `METHOD /path?query` */
const calls: string[] = [];
const bodies: Array<{ call: string; body: unknown }> = [];
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const called = (method: string, path: string | RegExp) =>
  calls.some((c) => {
    const [m, p] = [c.slice(0, c.indexOf(' ')), c.slice(c.indexOf(' ') + 1).split('?')[0]!];
    return m === method && (typeof path === 'string' ? p === path : path.test(p));
  });

let creditEnabled = false;
const CUSTOMERS: Row[] = Array.from({ length: 60 }, (_x, i) => ({
  id: i + 1,
  cod: `C${String(i + 1).padStart(3, '0')}`,
  business_name: `Cliente ${String(i + 1).padStart(3, '0')} Srl`,
  vat_id: null,
  city: 'Milano',
  email: `cliente${i + 1}@example.it`,
  legal_status_id: null,
  legal_status: null,
  yearly_accounting_amount: 1200,
  cedolino_rate: 15,
  ceased: 0,
  note: null,
  updated_at: '2026-11-20 10:00:00.000',
  trashed: false,
  label: `Cliente ${i + 1} Srl`,
}));
const server = setupServer(
  http.get('*/api/var/client_var', () =>
    HttpResponse.json({
      APPNAME: 'Gestionale Test',
      VERSION: '3.5.1',
      BUILD_ID: 'test',
      CREDIT_ENABLED: creditEnabled,
    }),
  ),
  ...shellHandlers.slice(1),
  // item 12: the seeds' option lists and the jobs
  http.get('*/api/studio_jobs', () =>
    HttpResponse.json({
      data: [
        {
          id: 1,
          cod: '730',
          name: 'Modello 730',
          taskCount: 1,
          task_ids: [11],
          legal_status_ids: [],
          studio_job_type: { id: 1, label: 'Dichiarativi' },
        },
      ],
    }),
  ),
  http.get('*/api/logged-user/studio-jobs-customers', () =>
    HttpResponse.json({
      data: [
        {
          id: 100,
          business_name: 'Alfa Srl',
          legal_status_id: null,
          legal_status: null,
          collaborator_studio_jobs_id: null,
        },
      ],
    }),
  ),
  http.get('*/api/customer_task_per_job_count', () => HttpResponse.json({ 100: { 1: 1 } })),
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
  http.get('*/api/studio-job-types', () =>
    HttpResponse.json({
      data: [
        { id: 1, cod: 'DICH', description: 'Dichiarativi' },
        { id: 2, cod: 'BIL', description: 'Bilancio' },
      ],
    }),
  ),
  http.get('*/api/legal_statuses', () =>
    HttpResponse.json({ data: [{ id: 7, cod: 'LP', description: 'Libero professionista' }] }),
  ),
  http.get('*/api/tasks', () => HttpResponse.json({ data: [{ id: 11, cod: 'INVIO', name: 'Invio telematico' }] })),
  http.get('*/api/user/permissions', () =>
    HttpResponse.json({
      data: [
        { id: 3, name: 'customers.view' },
        { id: 4, name: 'customers.update' },
      ],
    }),
  ),
  http.get('*/api/credit_transaction_types', () =>
    HttpResponse.json({
      data: [
        { value: 'CREDIT', text: 'Accredito' },
        { value: 'DEBIT', text: 'Addebito' },
      ],
    }),
  ),
  http.get('*/api/credit_transaction_log/:id', ({ params }) =>
    HttpResponse.json({
      data: {
        id: Number(params.id),
        date: '2026-11-20 10:00:00',
        users_id: 1,
        users: { id: 1, label: 'Mario Rossi' },
        type: 'CREDIT',
        amount: 50,
        description: 'Ricarica',
        note: null,
        updated_at: '2026-11-20 10:00:00.000',
        trashed: false,
      },
    }),
  ),
  http.put('*/api/credit_transaction_log/:id', async ({ request, params }) =>
    HttpResponse.json({ data: { id: Number(params.id), ...((await request.json()) as Row) } }),
  ),
  http.post('*/api/credit_transaction_log', async ({ request }) =>
    HttpResponse.json({ data: { id: 9, ...((await request.json()) as Row) } }, { status: 201 }),
  ),
  http.get('*/api/list/User/:collection', () =>
    listAnswer([
      {
        id: 1,
        name: 'Mario',
        cognome: 'Rossi',
        email: 'mario@studio.test',
        role_id: 2,
        role: { id: 2, label: 'Admin' },
        credit: 74.5,
        active: true,
        label: 'Mario Rossi',
      },
      {
        id: 2,
        name: 'Laura',
        cognome: 'Neri',
        email: 'laura@studio.test',
        role_id: 3,
        role: { id: 3, label: 'Collaboratore' },
        credit: 50,
        active: true,
        label: 'Laura Neri',
      },
    ]),
  ),
  http.get('*/api/user/users/:id', ({ params }) =>
    HttpResponse.json({
      data: {
        ...USER,
        id: Number(params.id),
        cognome: 'Rossi',
        role_id: 2,
        role: { id: 2, label: 'Admin' },
        credit: 74.5,
        active: true,
        updated_at: '2026-11-20 10:00:00.000',
        trashed: false,
      },
    }),
  ),
  // item 18: the customers' table (a page of 200) and the payslip customers
  http.get('*/api/list/Customer/:collection', () => listAnswer(CUSTOMERS)),
  http.get('*/api/list/:model/:collection', () => listAnswer([])),
  // item 13: the payment pages
  http.get('*/api/subscription_price', () =>
    HttpResponse.json({ data: 19.9, providers: [{ value: 'sandbox', text: 'Sandbox (prova)', kind: 'wallet' }] }),
  ),
  http.post('*/api/sandbox/actions/init', () =>
    HttpResponse.json({ errorMessage: 'Il fornitore dei pagamenti non risponde: riprova più tardi' }),
  ),
  http.post('*/api/sandbox/actions/finalize', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    return token === 'ok'
      ? HttpResponse.json({ status: 'COMPLETED', new_expiry: '2027-01-31', replayed: false })
      : HttpResponse.json({ status: 'FAILED', errorMessage: 'Pagamento rifiutato dal fornitore' });
  }),
  // item 17: the e-invoice editor
  http.get('*/api/edocuments_studio', () =>
    HttpResponse.json({
      data: { id: 1, name: 'Studio Demo', fiscal_regime: 'RF01', withholding_tax: false, cassa_previdenza: false },
    }),
  ),
  http.get('*/api/studio_services', () => HttpResponse.json({ data: [] })),
  http.get('*/api/edocument_types', () =>
    HttpResponse.json({
      data: [
        { value: 'TD01', text: 'Fattura' },
        { value: 'TD04', text: 'Nota di Credito' },
      ],
    }),
  ),
  http.get('*/api/edocument/:id', ({ params }) =>
    HttpResponse.json({
      data: {
        id: Number(params.id),
        studioId: 1,
        customerId: 7,
        customer: { id: 7, business_name: 'Rossi Srl' },
        documentType: 'TD01',
        documentDate: '2026-11-23',
        documentNumber: '5',
        correctsId: null,
        corrects: null,
        serviceRows: [
          {
            id: 51,
            studio_service_id: null,
            description: 'Consulenza',
            quantity: 1,
            price: '100.00',
            vat: 22,
            nature: null,
          },
        ],
        updated_at: '2026-11-23 10:00:00.000',
        trashed: false,
      },
    }),
  ),
  http.get('*/api/edocuments/:id/actions/validate_xml', ({ params }) =>
    HttpResponse.json(
      params.id === '5'
        ? { message: 'La fattura 5 non è valida', details: 'Cliente: manca il CAP' }
        : { message: 'La fattura 6 non è valida', details: { cliente: 'manca il CAP' } },
      { status: 400 },
    ),
  ),
  // anything else: not found
  http.all('*/api/*', () => HttpResponse.json({ message: 'Risorsa non trovata' }, { status: 404 })),
);
server.events.on('request:start', ({ request }) => {
  calls.push(`${request.method} ${pathOf(request.url)}`);
  if (request.method !== 'GET')
    void request
      .clone()
      .text()
      .then((t) => bodies.push({ call: `${request.method} ${pathOf(request.url)}`, body: t ? JSON.parse(t) : null }));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  bodies.length = 0;
  creditEnabled = false;
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

describe("item 12: the seeds' calls, not list collections", () => {
  it('the jobs dashboard reads its columns with GET /api/studio_jobs (seed B §7)', async () => {
    login('Admin');
    renderApp('/dashboard_jobs');
    expect(await screen.findByRole('grid', { name: /: 1 client\w per 1 adempiment\w/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Modello 730/ })).toBeInTheDocument();
    expect(called('GET', '/api/studio_jobs')).toBe(true);
    expect(calls.filter((c) => c.includes('/api/list/StudioJob'))).toEqual([]);
  });

  it('the job form takes its options from /api/studio-job-types, /api/legal_statuses and /api/tasks', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/StudioJob/create');
    await user.click(await screen.findByRole('combobox', { name: /^Tipo/ }));
    expect(await screen.findByRole('option', { name: 'Dichiarativi' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Forme giuridiche a cui si applica/ }));
    expect(await screen.findByRole('option', { name: 'LP Libero professionista' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /^Sotto adempimenti/ }));
    expect(await screen.findByRole('option', { name: 'Invio telematico' })).toBeInTheDocument();
    for (const p of ['/api/studio-job-types', '/api/legal_statuses', '/api/tasks'])
      expect(called('GET', p), p).toBe(true);
    expect(calls.filter((c) => /\/api\/list\/(StudioJobType|LegalStatus|Task)\//.test(c))).toEqual([]);
  });

  it('the role form takes the permissions from /api/user/permissions', async () => {
    const user = userEvent.setup();
    login('SuperAdmin');
    renderApp('/Role/create');
    await user.click(await screen.findByRole('combobox', { name: /^Permessi/ }));
    expect(await screen.findByRole('option', { name: 'customers.view' })).toBeInTheDocument();
    expect(called('GET', '/api/user/permissions')).toBe(true);
    expect(calls.filter((c) => c.includes('/api/list/Permission/'))).toEqual([]);
  });

  it('the credit form reads and writes /api/credit_transaction_log (seed B §7), not the plural', async () => {
    const user = userEvent.setup();
    creditEnabled = true;
    login('Admin');
    renderApp('/CreditTransactionLog/5');
    const description = await screen.findByRole('textbox', { name: 'Descrizione' });
    await waitFor(() => expect(description).toHaveValue('Ricarica'));
    await user.clear(description);
    await user.type(description, 'Ricarica di novembre');
    // the form's own 'Aggiorna' (the app bar has a refresh button of that name too)
    await user.click(within(description.closest('form')!).getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(called('PUT', '/api/credit_transaction_log/5')).toBe(true));
    expect(called('GET', '/api/credit_transaction_log/5')).toBe(true);
    expect(calls.filter((c) => c.includes('/api/credit_transaction_logs'))).toEqual([]);
  });

  it('the payment log starts on the current month of created_at (seed B §2, §9)', async () => {
    login('Admin');
    renderApp('/table/PaymentLog');
    await waitFor(() => expect(called('GET', '/api/list/PaymentLog/PaymentLogResourceListCollection')).toBe(true));
    const listCall = calls.find((c) => c.includes('/api/list/PaymentLog/'))!;
    const filters = JSON.parse(new URLSearchParams(listCall.split('?')[1]).get('filters') ?? '[]') as Array<{
      name: string;
      type: string;
      val: string[];
    }>;
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(
      new Date(),
    );
    expect(filters.map((f) => [f.name, f.type])).toEqual([
      ['created_at', 'gte'],
      ['created_at', 'lte'],
    ]);
    expect(filters[0]!.val[0]).toBe(`${now}-01 00:00:00`);
  });
});

describe('item 13: the payment pages read the answer, not only its status code', () => {
  it('/pay_return: a 2xx FAILED is not a completed payment: its errorMessage is shown', async () => {
    login('Admin');
    renderApp('/pay_return?token=ko&provider=sandbox');
    expect(await screen.findByText('Pagamento rifiutato dal fornitore')).toBeInTheDocument();
    expect(screen.queryByText('Pagamento completato')).toBeNull();
    expect(screen.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/pay_init');
  });

  it('/pay_return: COMPLETED is the one success', async () => {
    login('Admin');
    renderApp('/pay_return?token=ok&provider=sandbox');
    expect(await screen.findByText('Pagamento completato')).toBeInTheDocument();
  });

  it('/pay_init: a 2xx with errorMessage and no approveUrl shows the message and stays', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/pay_init');
    await user.click(await screen.findByRole('button', { name: 'Paga con Sandbox (prova)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Il fornitore dei pagamenti non risponde: riprova più tardi');
    expect(location.current.pathname).toBe('/pay_init');
    expect(screen.queryByText(/Pagina NON trovata/)).toBeNull();
  });
});

describe('item 14: credit off (the default) shows nothing of it', () => {
  it('the users list has no Credito column and no credit amounts', async () => {
    login('Admin');
    renderApp('/table/User');
    expect(await screen.findByText('laura@studio.test')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Credito/ })).toBeNull();
    expect(screen.queryByText('74,5')).toBeNull();
    expect(screen.queryByText('50')).toBeNull();
  });

  it('the credit ledger opened by its address is not found, and asks the server nothing', async () => {
    login('Admin');
    renderApp('/table/CreditTransactionLog');
    expect(await screen.findByText('Pagina NON trovata')).toBeInTheDocument();
    expect(calls.filter((c) => /credit_transaction|CreditTransactionLog/.test(c))).toEqual([]);
  });

  it('the user card has no Credito field', async () => {
    login('Admin');
    renderApp('/User/1');
    expect(await screen.findByRole('textbox', { name: /^Email/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Credito/ })).toBeNull();
  });

  it('with credit on, the column and the ledger are there', async () => {
    creditEnabled = true;
    login('Admin');
    renderApp('/table/User');
    expect(await screen.findByRole('columnheader', { name: /Credito/ })).toBeInTheDocument();
    expect(screen.getByText('74,5')).toBeInTheDocument();
  });
});

describe('item 15: unknown routes and /test_view', () => {
  it("an unknown route without a session goes to /error with 'Pagina NON trovata' (seed B §2)", async () => {
    renderAsMain('/pagina_che_non_esiste');
    expect(await screen.findByText('Pagina NON trovata')).toBeInTheDocument();
    expect(lastPath().pathname).toBe('/error');
    expect(lastPath().searchParams.get('msg')).toBe('Pagina NON trovata');
  });

  it('a screen of the app without a session still goes to the login (seed B §4)', async () => {
    renderAsMain('/table/Customer');
    await waitFor(() => expect(lastPath().pathname).toBe('/utente/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });

  it('/test_view (Admin and above) shows the shared parts of the screens at work', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/test_view');
    expect(await screen.findByRole('heading', { name: 'Prova delle viste' })).toBeInTheDocument();
    // the date-interval filter refuses an inverted interval with the seed's message
    await user.type(screen.getByRole('textbox', { name: 'Data dal dal' }), '10-05-2026');
    await user.type(screen.getByRole('textbox', { name: 'Data dal al' }), '01-05-2026');
    expect(await screen.findByText('La data di inizio intervallo è maggiore di quella di fine')).toBeInTheDocument();
  });

  it('/test_view is refused below Admin (seed B §6)', async () => {
    login('Collaboratore');
    renderApp('/test_view');
    expect(await screen.findByText('Non sei autorizzato a visualizzare questo contenuto')).toBeInTheDocument();
  });
});

describe('item 16: the login page has the public top bar', () => {
  it('logo and name, and the login / sign-up menu (seed A §2)', async () => {
    renderApp('/utente/login');
    const bar = await screen.findByRole('banner');
    expect(await within(bar).findByRole('link', { name: /Gestionale Test/ })).toBeInTheDocument();
    const nav = within(bar).getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Accedi' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Iscriviti' })).toHaveAttribute('href', '/utente/contact_form');
    expect(screen.getByRole('heading', { level: 1, name: 'Accedi' })).toBeInTheDocument();
  });
});

describe('item 17: validate_xml 400 with details that are not a list', () => {
  it('details as text: the message and the detail are shown, no crash', async () => {
    login('Collaboratore');
    renderApp('/EDocument/5');
    expect(await screen.findByText('La fattura 5 non è valida')).toBeInTheDocument();
    expect(screen.getByText('Cliente: manca il CAP')).toBeInTheDocument();
    expect(screen.queryByText(/Qualcosa non ha funzionato/)).toBeNull();
  });

  it('details as an object: the message is shown, no crash', async () => {
    login('Collaboratore');
    renderApp('/EDocument/6');
    expect(await screen.findByText('La fattura 6 non è valida')).toBeInTheDocument();
    expect(screen.getByText(/manca il CAP/)).toBeInTheDocument();
    expect(screen.queryByText(/Qualcosa non ha funzionato/)).toBeNull();
  });
});

/** The thirteen bulk actions of seed A §2 on the customers, 'Fattura addebiti' (issue 28), 'Modalità di pagamento' (issue 47) and 'Richiedi documenti' (issue 50), by their Italian labels. */
const BULK_ACTIONS = [
  'Assegna collaboratori',
  'Genera rate',
  'Tariffa annuale',
  'Aggiungi movimento',
  'Conguaglio annuale',
  'Contratto',
  'Invia contratti via email',
  'Bollettini',
  'Estratto conto',
  'Invia estratti conto via email',
  'Lettera bonifico',
  'Modelli Word',
  'Esporta email',
  // issue 28: the selected customers' charges invoiced
  'Fattura addebiti',
  // issue 47: how the selected customers pay
  'Modalità di pagamento',
  // issue 50: documents asked of the selected customers in their area
  'Richiedi documenti',
];

describe('item 18: the customers list', () => {
  it('the bulk actions are a few buttons and grouped menus; every action is reached by keyboard by its label', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/table/Customer');
    await user.click((await screen.findAllByRole('checkbox', { name: 'Seleziona questa riga' }))[0]!);
    const bar = await screen.findByRole('toolbar', { name: 'Azioni sui 1 elementi selezionati' });
    const buttons = async () => (await within(bar).findAllByRole('button')).map((b) => b.textContent);
    await waitFor(async () =>
      expect(await buttons()).toEqual(['Assegna collaboratori', 'Addebiti', 'Documenti', 'Email']),
    );
    const reached: string[] = [];
    for (const group of ['Addebiti', 'Documenti', 'Email']) {
      const opener = within(bar).getByRole('button', { name: group });
      expect(opener).toHaveAttribute('aria-haspopup', 'menu');
      opener.focus();
      await user.keyboard('{Enter}');
      const menu = await screen.findByRole('menu', { name: group });
      reached.push(
        ...within(menu)
          .getAllByRole('menuitem')
          .map((m) => m.textContent!),
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu', { name: group })).toBeNull());
      expect(opener).toHaveFocus();
    }
    expect(['Assegna collaboratori', ...reached].sort()).toEqual([...BULK_ACTIONS].sort());
    // an action of a menu, by keyboard: its dialog opens
    within(bar).getByRole('button', { name: 'Addebiti' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Addebiti' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    while (document.activeElement?.textContent !== 'Genera rate') await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Anno' })).toBeInTheDocument();
    // closed, the dialog gives the focus back to the menu's button
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Addebiti' })).toHaveFocus());
  });

  it('the closed filter group asks for no options; opened, it does', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/table/Customer');
    await screen.findByText('Cliente 001 Srl');
    expect(calls.filter((c) => c.includes('/api/list/LegalStatus/') || c.includes('/api/collaborators'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Filtri/ }));
    await waitFor(() => expect(called('GET', '/api/list/LegalStatus/LegalStatusResourceListCollection')).toBe(true));
    expect(called('GET', '/api/collaborators')).toBe(true);
  });

  it('a page of 60 rows reads the session cookie fewer times than it has rows (the store read it twice a row)', async () => {
    login('Admin');
    const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    // the app's own reads (msw, the mocked network, reads the cookie of every request it matches)
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        if (!/node_modules\/msw\//.test(new Error().stack ?? '')) reads += 1;
        return getter.get!.call(this);
      },
      set(v: string) {
        getter.set!.call(this, v);
      },
    });
    try {
      renderApp('/table/Customer');
      await screen.findByText('Cliente 060 Srl');
      // each request carries the token, the store checks the session once per task
      expect(reads).toBeLessThan(CUSTOMERS.length);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });

  it("the payslip page tells to select customers and then use 'Inserisci cedolini'", async () => {
    login('Collaboratore');
    renderApp('/table/CustomersForCedolini');
    const help = await screen.findByRole('note', { name: 'Come si inseriscono i cedolini' });
    expect(help).toHaveTextContent(/Seleziona i clienti/);
    expect(help).toHaveTextContent(/Inserisci cedolini/);
  });
});
