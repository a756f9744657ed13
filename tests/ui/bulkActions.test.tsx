/**
 * The bulk actions of the customers' table (src/resources/Customer/bulk/) against a mocked API (msw): C38 generate
 * installments, C26 yearly amount with its preview, C34 annual balancer with its two clicks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveAs } from 'file-saver';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  AdminContext,
  ListContextProvider,
  localStorageStore,
  type ListControllerResult,
  type Store,
} from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import {
  AccountBalanceButton,
  ContractButton,
  TransferLetterButton,
  AddTransactionButton,
  AnnualBalancerButton,
  AssignCollaboratorButton,
  CustomerBulkActions,
  EmailExportButton,
  GenerateInstallmentsButton,
  YearlyAmountButton,
} from '../../src/resources/Customer/bulk/index';
import { CollectionMethodButton } from '../../src/resources/Customer/bulk/CollectionMethodButton';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { partsOf } from '../../src/resources/parts';
import { Suspense, type ComponentType } from 'react';
import type { ModelDef } from '../../model/define';
import { modelByName } from '../../model/registry';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const calls: Array<{ path: string; body: unknown }> = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  server.resetHandlers();
  vi.mocked(saveAs).mockClear();
});
afterAll(() => server.close());

const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
const post = (path: string, answer: (body: unknown) => Response) =>
  http.post(`*${path}`, async ({ request }) => {
    const body = await request.json();
    calls.push({ path: new URL(request.url).pathname, body });
    return answer(body);
  });

function ui(selectedIds: number[], child: React.ReactNode, store?: Store) {
  const ctx = {
    selectedIds,
    onUnselectItems: () => {},
    onSelect: () => {},
    resource: 'Customer',
    data: [],
    total: 0,
  } as unknown as ListControllerResult;
  return (
    <AdminContext dataProvider={dataProvider} store={store}>
      <ListContextProvider value={ctx}>{child}</ListContextProvider>
    </AdminContext>
  );
}

describe('customers bulk toolbar', () => {
  it("the customers' resource folder puts every action in the bulk toolbar (loaded with the first selection)", async () => {
    const user = userEvent.setup();
    const Actions = partsOf('Customer').bulkActions! as ComponentType<{ model: ModelDef }>;
    const folder = render(
      ui(
        [1],
        <Suspense fallback={null}>
          <Actions model={modelByName.get('Customer')!} />
        </Suspense>,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Assegna collaboratori' })).toBeInTheDocument();
    // the others in the bar's menus (issue 25 item 18), each by its name
    for (const [group, names] of [
      ['Addebiti', ['Genera rate', 'Tariffa annuale', 'Aggiungi movimento', 'Conguaglio annuale']],
      ['Email', ['Esporta email']],
    ] as const) {
      await user.click(screen.getByRole('button', { name: group }));
      const menu = await screen.findByRole('menu', { name: group });
      for (const name of names) expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
    folder.unmount();
    // the same toolbar as the bulk folder's own
    const direct = render(ui([1], <CustomerBulkActions />));
    expect(direct.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Assegna collaboratori',
      'Addebiti',
      'Documenti',
      'Email',
    ]);
  });
});

describe('C38 generate installments', () => {
  it('C38 Genera rate: year (default the current one), then the created and the skipped customers with the reason', async () => {
    server.use(
      post('/api/generate_credit_transactions', () =>
        HttpResponse.json({
          data: [1, 2, 3].map((k) => ({
            id: 100 + k,
            customer_id: 3,
            customer: { id: 3, business_name: 'Alfa Srl' },
            date: `2031-0${k * 4 - 3}-01 00:00:00`,
            amount: k === 3 ? 333.34 : 333.33,
            is_yearly_installment: true,
            transaction_note: `Rata ${k}/3 2031`,
          })),
          skipped: [{ customer_id: 5, business_name: 'Beta Spa', reason: 'Rate già generate per il 2031' }],
        }),
      ),
    );
    const user = userEvent.setup();
    render(ui([3, 5], <GenerateInstallmentsButton />));
    await user.click(screen.getByRole('button', { name: 'Genera rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    const field = within(dialog).getByRole('spinbutton', { name: 'Anno' });
    expect(field).toHaveValue(year);
    await user.clear(field);
    await user.type(field, '2031');
    await user.click(within(dialog).getByRole('button', { name: 'Genera' }));
    const created = await within(dialog).findByRole('table', { name: 'Rate create per cliente' });
    expect(calls).toEqual([{ path: '/api/generate_credit_transactions', body: { customer_ids: [3, 5], year: 2031 } }]);
    expect(dialog).toHaveTextContent('Rate create: 3 per 1 clienti');
    // one row per customer: its installments counted and summed in exact cents, and the first date
    const rows = within(created).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Alfa Srl', '3', '1.000,00 €', '01-01-2031']);
    const skipped = within(dialog).getByRole('table', { name: 'Clienti esclusi' });
    expect(within(skipped).getByText('Rate già generate per il 2031')).toBeInTheDocument();
  });

  it("C38 Genera rate: a failure shows 'Errore!!' with the catalogue's generation text", async () => {
    server.use(
      post('/api/generate_credit_transactions', () =>
        HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    render(ui([3], <GenerateInstallmentsButton />));
    await user.click(screen.getByRole('button', { name: 'Genera rate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Genera' }));
    const err = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(err).toHaveTextContent('Errore di generazione...');
  });
});

describe('C26 yearly accounting amount', () => {
  it('C26 Tariffa annuale: a percentage shows the preview old → new, and only then Conferma writes', async () => {
    const answer = (updated: number) =>
      HttpResponse.json({
        data: { updated, customers: [{ id: 3, business_name: 'Alfa Srl', old_amount: 1000, new_amount: 1050 }] },
      });
    server.use(
      post('/api/update_yearly_accounting_amount/preview', () => answer(0)),
      post('/api/update_yearly_accounting_amount', () => answer(1)),
    );
    const user = userEvent.setup();
    render(ui([3], <YearlyAmountButton />));
    await user.click(screen.getByRole('button', { name: 'Tariffa annuale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    const confirm = within(dialog).getByRole('button', { name: 'Conferma' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Variazione (%)' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Anteprima' }));
    const table = await within(dialog).findByRole('table', { name: 'Anteprima della nuova tariffa' });
    expect(within(table).getByText('1.000,00 €')).toBeInTheDocument();
    expect(within(table).getByText('1.050,00 €')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: '/api/update_yearly_accounting_amount/preview',
        body: { customers_ids: [3], yearly_accounting_amount_change_percentage: 5 },
      },
    ]);
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[1]).toEqual({
      path: '/api/update_yearly_accounting_amount',
      body: { customers_ids: [3], yearly_accounting_amount_change_percentage: 5 },
    });
  });

  it("C26 Tariffa annuale: a fixed value refused by the server shows the field's Italian message", async () => {
    server.use(
      post('/api/update_yearly_accounting_amount/preview', () =>
        HttpResponse.json(
          {
            message: 'Dati non validi',
            errors: { yearly_accounting_amount: ['Importo non valido: massimo 8 cifre e 2 decimali'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(ui([3], <YearlyAmountButton />));
    await user.click(screen.getByRole('button', { name: 'Tariffa annuale' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Valore fisso' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nuova tariffa annuale (€)' }), '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Anteprima' }));
    expect(await within(dialog).findByText('Importo non valido: massimo 8 cifre e 2 decimali')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ customers_ids: [3], yearly_accounting_amount: 123456789 });
  });
});

describe('C34 annual balancer', () => {
  it("C34 Conguaglio annuale: the first click asks 'Sicuro?' (warning), the second runs it; the result resets when the selection changes", async () => {
    server.use(
      post('/api/annual_balancer/actions/do', () =>
        HttpResponse.json({
          data: [
            { id: 3, business_name: 'Alfa Srl', balanced_amount: 300 },
            { id: 5, business_name: 'Beta Spa', balanced_amount: -200.5 },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const view = render(ui([3, 5], <AnnualBalancerButton />));
    await user.click(screen.getByRole('button', { name: 'Conguaglio annuale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Anno' })).toHaveValue(year);
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    const sure = within(dialog).getByRole('button', { name: 'Sicuro?' });
    expect(sure.className).toMatch(/Warning/);
    expect(calls).toEqual([]);
    await user.click(sure);
    const table = await within(dialog).findByRole('table', { name: 'Risultato del conguaglio' });
    expect(calls).toEqual([
      {
        path: '/api/annual_balancer/actions/do',
        body: {
          customersData: [
            { id: 3, year },
            { id: 5, year },
          ],
        },
      },
    ]);
    expect(within(table).getByText('300,00 €')).toBeInTheDocument();
    expect(within(table).getByText('-200,50 €')).toBeInTheDocument();
    expect(within(table).getByText('Beta Spa')).toBeInTheDocument();
    view.rerender(ui([3], <AnnualBalancerButton />));
    expect(screen.queryByRole('table', { name: 'Risultato del conguaglio' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esegui conguaglio' })).toBeInTheDocument();
  });

  it("C34 Conguaglio annuale: a 'Sicuro?' armed for one year is asked again when the year changes", async () => {
    server.use(post('/api/annual_balancer/actions/do', () => HttpResponse.json({ data: [] })));
    const user = userEvent.setup();
    render(ui([3], <AnnualBalancerButton />));
    await user.click(screen.getByRole('button', { name: 'Conguaglio annuale' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    expect(within(dialog).getByRole('button', { name: 'Sicuro?' })).toBeInTheDocument();
    const field = within(dialog).getByRole('spinbutton', { name: 'Anno' });
    await user.clear(field);
    await user.type(field, '2030');
    expect(within(dialog).queryByRole('button', { name: 'Sicuro?' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sicuro?' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { path: '/api/annual_balancer/actions/do', body: { customersData: [{ id: 3, year: 2030 }] } },
      ]),
    );
  });

  it('C34 Conguaglio annuale per cliente e anno: with "Anno diverso per cliente" each customer may have a year of its own', async () => {
    server.use(
      http.get('*/api/list/Customer/:collection', () =>
        HttpResponse.json({
          data: [
            { id: 3, business_name: 'Alfa Srl' },
            { id: 5, business_name: 'Beta Spa' },
          ],
          meta: { total: 2, current_page: 1, per_page: 100000, last_page: 1 },
          item_meta_data: {},
        }),
      ),
      post('/api/annual_balancer/actions/do', () =>
        HttpResponse.json({
          data: [
            { id: 3, business_name: 'Alfa Srl', year, balanced_amount: 0 },
            { id: 5, business_name: 'Beta Spa', year: 2024, balanced_amount: 80 },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    render(ui([3, 5], <AnnualBalancerButton />));
    await user.click(screen.getByRole('button', { name: 'Conguaglio annuale' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('switch', { name: 'Anno diverso per cliente' }));
    const beta = await within(dialog).findByRole('spinbutton', { name: 'Anno Beta Spa' });
    expect(beta).toHaveValue(year);
    await user.clear(beta);
    await user.type(beta, '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    // a year changed after the first click asks again
    await user.clear(beta);
    await user.type(beta, '2023');
    expect(within(dialog).queryByRole('button', { name: 'Sicuro?' })).not.toBeInTheDocument();
    await user.clear(beta);
    await user.type(beta, '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sicuro?' }));
    const table = await within(dialog).findByRole('table', { name: 'Risultato del conguaglio' });
    expect(calls).toEqual([
      {
        path: '/api/annual_balancer/actions/do',
        body: {
          customersData: [
            { id: 3, year },
            { id: 5, year: 2024 },
          ],
        },
      },
    ]);
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', 'Beta Spa', '2024', '80,00 €']);
  });

  it('C34 Conguaglio annuale: a result of 250 customers shows its first 200 rows and downloads all of them as CSV, amounts as numbers', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    server.use(
      post('/api/annual_balancer/actions/do', () =>
        HttpResponse.json({
          data: ids.map((id) => ({
            id,
            business_name: id === 7 ? '=HYPERLINK("x")' : `Cliente ${id}`,
            balanced_amount: id % 2 ? -12.5 : 1234,
          })),
        }),
      ),
    );
    const user = userEvent.setup();
    render(ui(ids, <AnnualBalancerButton />));
    await user.click(screen.getByRole('button', { name: 'Conguaglio annuale' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sicuro?' }));
    const table = await within(dialog).findByRole('table', { name: 'Risultato del conguaglio' });
    expect(within(table).getAllByRole('row')).toHaveLength(201);
    expect(dialog).toHaveTextContent('Mostrate 200 righe di 250.');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica CSV' }));
    expect(saveAs).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveAs).mock.calls[0] as unknown as [Blob, string];
    expect(name).toBe('conguaglio_annuale.csv');
    const lines = (await blob.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(251);
    expect(lines[0]).toBe('Id;Ragione Sociale;Importo conguagliato');
    expect(lines[1]).toBe('1;Cliente 1;-12,50');
    expect(lines[2]).toBe('2;Cliente 2;1.234,00');
    expect(lines[7]).toBe(`7;"'=HYPERLINK(""x"")";-12,50`);
    expect(lines[250]).toBe('250;Cliente 250;1.234,00');
  });

  it("C34 Conguaglio annuale: a failure shows 'Errore!!' with the catalogue's save text", async () => {
    server.use(
      post('/api/annual_balancer/actions/do', () =>
        HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    render(ui([3], <AnnualBalancerButton />));
    await user.click(screen.getByRole('button', { name: 'Conguaglio annuale' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui conguaglio' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sicuro?' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(
      'Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.',
    );
  });
});

describe('C23 C24 C25 assign collaborators', () => {
  it('issue 47 Modalità di pagamento: the method chosen is set on every selected customer in one bulk update', async () => {
    server.use(
      http.put('*/api/customers', async ({ request }) => {
        calls.push({ path: 'PUT /api/customers', body: await request.json() });
        return HttpResponse.json({ data: { updated: 2 } });
      }),
    );
    const user = userEvent.setup();
    render(ui([7, 8], <CollectionMethodButton />));
    await user.click(screen.getByRole('button', { name: 'Modalità di pagamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Automatica: SDD se ha un mandato attivo, altrimenti bonifico',
      'Bonifico',
      'Addebito diretto SDD',
      'Ricevuta bancaria (RiBa)',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Applica' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Ricevuta bancaria (RiBa)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Applica' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'PUT /api/customers')).toBeTruthy());
    expect(calls.find((c) => c.path === 'PUT /api/customers')!.body).toMatchObject({
      ids: [7, 8],
      data: { collection_method: 'riba' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('C24 C25 Assegna collaboratori: the current state first, then one collaborator (exclusive) for every selected customer', async () => {
    server.use(
      http.get('*/api/collaborators', () =>
        HttpResponse.json({
          data: [
            { id: 2, name: 'Marco Rossi' },
            { id: 3, name: 'Laura Neri' },
          ],
        }),
      ),
      http.get('*/api/parents_has_children', ({ request }) => {
        const q = new URL(request.url).searchParams;
        calls.push({ path: '/api/parents_has_children', body: Object.fromEntries(q) });
        return HttpResponse.json({ data: { 3: [7] } });
      }),
      post('/api/parents_has_children', () => HttpResponse.json({ data: { updated: 2 } })),
    );
    const user = userEvent.setup();
    render(ui([7, 8], <AssignCollaboratorButton />));
    await user.click(screen.getByRole('button', { name: 'Assegna collaboratori' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('radio', { name: 'Laura Neri (già assegnato a 1 di 2)' }),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({
      parents_id: '[7,8]',
      pivot_table: 'customers',
      parent_col_name: 'id',
      child_col_name: 'collaborator_accounting_id',
    });
    expect(within(dialog).getByRole('button', { name: 'Assegna' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Marco Rossi' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assegna' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.path === '/api/parents_has_children' && 'children' in (c.body as object))?.body,
      ).toEqual({
        parent_ids: [7, 8],
        parent_model_name: 'Customer',
        child_model_name: 'User',
        relation_name: 'collaborator_accounting',
        children: [
          { id: 2, selected: true },
          { id: 3, selected: false },
        ],
      }),
    );
  });
});

describe('add one movement and export e-mails', () => {
  it('Aggiungi movimento opens the transaction form in multiple mode with the selected customers', async () => {
    const Probe = () => <p data-testid="state">{JSON.stringify(useLocation().state)}</p>;
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/table/Customer']}>
        <Routes>
          <Route path="/table/Customer" element={ui([4, 9], <AddTransactionButton />)} />
          <Route path="/Transaction/create" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Aggiungi movimento' }));
    const probe = await screen.findByTestId('state');
    expect(JSON.parse(probe.textContent!)).toEqual({ record: { __multiple: true, customer_ids: [4, 9] } });
  });

  it('Esporta email lists the addresses of the selected customers, separated for a mail program', async () => {
    server.use(
      http.get('*/api/list/Customer/CustomerResourceListCollection', () =>
        HttpResponse.json({
          data: [
            { id: 4, business_name: 'Alfa', email: 'alfa@esempio.it' },
            { id: 9, business_name: 'Beta', email: 'beta@esempio.it' },
          ],
          meta: { total: 2, current_page: 1, per_page: 2, last_page: 1 },
          item_meta_data: {},
        }),
      ),
    );
    const user = userEvent.setup();
    render(ui([4, 9], <EmailExportButton />));
    await user.click(screen.getByRole('button', { name: 'Esporta email' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Indirizzi email')).toHaveValue('alfa@esempio.it; beta@esempio.it'),
    );
    expect(within(dialog).getByText('2 indirizzi email dei 2 clienti selezionati.')).toBeInTheDocument();
  });
});

describe('C29 C30 account statements', () => {
  it('C29 Estratto conto: the current year by default, a reversed period refused, then the statements of the selection for the period; the period is remembered', async () => {
    localStorage.clear();
    const asked: string[] = [];
    server.use(
      http.get('*/api/account_balance_:format', ({ request }) => {
        asked.push(request.url);
        return new HttpResponse('PK', {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="EstrattiConto.zip"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    // the app's store: local storage (react-admin's default for <Admin>)
    const store = localStorageStore();
    const view = render(ui([3, 5], <AccountBalanceButton />, store));
    await user.click(screen.getByRole('button', { name: 'Estratto conto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    const from = within(dialog).getByLabelText('Dal');
    const to = within(dialog).getByLabelText('Al');
    expect(from).toHaveValue(`${year}-01-01`);
    expect(to).toHaveValue(`${year}-12-31`);
    // a date input takes a whole value
    fireEvent.change(from, { target: { value: `${year + 1}-01-01` } });
    expect(within(dialog).getByText('La data di inizio intervallo è maggiore di quella di fine')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Scarica PDF' })).toBeDisabled();
    fireEvent.change(from, { target: { value: `${year}-03-01` } });
    await user.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('EstrattiConto.zip');
    const url = new URL(asked[0]!);
    expect(url.pathname).toBe('/api/account_balance_pdf');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      customer_ids: '[3,5]',
      from: `${year}-03-01`,
      to: `${year}-12-31`,
    });
    // the next time the dialog opens with the last period
    view.unmount();
    render(ui([3], <AccountBalanceButton />, localStorageStore()));
    await user.click(screen.getByRole('button', { name: 'Estratto conto' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Dal')).toHaveValue(`${year}-03-01`);
  });
});

describe('C33 transfer letter', () => {
  it("C33 Lettera bonifico: two customers get 'Attenzione scegli solo un cliente'; one customer and an amount in Italian download the letter", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/lettera_bonifico_pdf/actions/download_pdf', ({ request }) => {
        asked.push(request.url);
        return new HttpResponse('%PDF', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="LetteraBonifico.pdf"',
          },
        });
      }),
    );
    const user = userEvent.setup();
    const view = render(ui([3, 5], <TransferLetterButton />));
    await user.click(screen.getByRole('button', { name: 'Lettera bonifico' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(
      'Attenzione scegli solo un cliente',
    );
    view.unmount();
    render(ui([3], <TransferLetterButton />));
    await user.click(screen.getByRole('button', { name: 'Lettera bonifico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    const amount = within(dialog).getByRole('textbox', { name: 'Importo' });
    expect(within(dialog).getByRole('button', { name: 'Scarica PDF' })).toBeDisabled();
    await user.type(amount, '1.234,5');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('LetteraBonifico.pdf');
    expect(Object.fromEntries(new URL(asked[0]!).searchParams)).toEqual({ customers_ids: '[3]', amount: '1234.50' });
  });

  it("C33 Lettera bonifico: a failed download shows 'Errore in fase di download'", async () => {
    server.use(
      http.get('*/api/lettera_bonifico_pdf/actions/download_pdf', () =>
        HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    render(ui([3], <TransferLetterButton />));
    await user.click(screen.getByRole('button', { name: 'Lettera bonifico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Importo' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent('Errore in fase di download');
  });
});

describe('C27 C28 contract', () => {
  it("C27 Contratto: two customers get 'Attenzione scegli solo un cliente'; one customer downloads the PDF", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/accounting_contract_:format', ({ request }) => {
        asked.push(request.url);
        return new HttpResponse('%PDF', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Contratto.pdf"' },
        });
      }),
    );
    const user = userEvent.setup();
    const view = render(ui([3, 5], <ContractButton />));
    await user.click(screen.getByRole('button', { name: 'Contratto' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(
      'Attenzione scegli solo un cliente',
    );
    view.unmount();
    render(ui([3], <ContractButton />));
    await user.click(screen.getByRole('button', { name: 'Contratto' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Informazione!!' })).getByRole('button', {
        name: 'Scarica PDF',
      }),
    );
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Contratto.pdf');
    expect(new URL(asked[0]!).pathname).toBe('/api/accounting_contract_pdf');
    expect(new URL(asked[0]!).searchParams.get('customer_id')).toBe('3');
  });

  it("C28 Contratto: missing data show the seed's text with what the server found missing", async () => {
    server.use(
      http.get('*/api/accounting_contract_:format', () =>
        HttpResponse.json(
          {
            message: 'Dati mancanti per il contratto: Legale rappresentante (cliente)',
            errors: { customer_id: ['Legale rappresentante (cliente)'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(ui([3], <ContractButton />));
    await user.click(screen.getByRole('button', { name: 'Contratto' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Informazione!!' })).getByRole('button', {
        name: 'Scarica DOC',
      }),
    );
    const err = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(err).toHaveTextContent(
      'controlla i dati obbligatori del cliente e che sia presente un legale rappresentante',
    );
    expect(err).toHaveTextContent('Dati mancanti per il contratto: Legale rappresentante (cliente)');
  });
});
