/**
 * Payslips (cedolini) against a mocked API (msw): the bulk action 'Inserisci cedolini' with its
 * two clicks and the C48 body, its error dialog, the list's permanent filter, and the saved view
 * of a customer with the twelve months of C49.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAs } from 'file-saver';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, ListContextProvider, Notification, type ListControllerResult } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { CedoliniInsertButton } from '../../src/resources/CustomersForCedolini/CedoliniInsertButton';
import { partsOf } from '../../src/resources/parts';
import { routeExists } from '../../src/routeTable';
import { MENU } from '../../model/menu';
import { login, logout, queryOf, renderApp, shellHandlers, location } from './harness';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const calls: Array<{ path: string; body: unknown }> = [];
const server = setupServer(...shellHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());
beforeEach(() => {
  login('Collaboratore');
});

const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
const month = Number(
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', month: 'numeric' }).format(new Date()),
);
const MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
];
const customersAnswer = {
  data: [
    { id: 4, business_name: 'Alfa Srl', email: 'alfa@esempio.it', cedolino_rate: 12.5 },
    { id: 9, business_name: 'Beta Spa', email: null, cedolino_rate: 8 },
  ],
  meta: { total: 2, current_page: 1, per_page: 25, last_page: 1 },
  item_meta_data: {},
};
const saveHandler = (status = 200) =>
  http.post('*/api/cedolini', async ({ request }) => {
    const body = await request.json();
    calls.push({ path: new URL(request.url).pathname, body });
    return status === 200
      ? HttpResponse.json({ data: { saved: 2, removed: 0 } })
      : HttpResponse.json({ message: 'Elemento non trovato' }, { status });
  });

function ui(selectedIds: number[], child: React.ReactNode) {
  const ctx = {
    selectedIds,
    onUnselectItems: () => {},
    onSelect: () => {},
    resource: 'Customer',
    data: [],
    total: 0,
  } as unknown as ListControllerResult;
  return (
    <AdminContext dataProvider={dataProvider}>
      <ListContextProvider value={ctx}>{child}</ListContextProvider>
      <Notification />
    </AdminContext>
  );
}

describe('C48 Inserisci cedolini', () => {
  it('C48 Inserisci cedolini: year and month default to the current ones, quantity 1 each; the first click asks Sicuro? (warning), the second posts the body', async () => {
    server.use(
      http.get('*/api/list/Customer/:collection', () => HttpResponse.json(customersAnswer)),
      saveHandler(),
    );
    const user = userEvent.setup();
    render(ui([4, 9], <CedoliniInsertButton />));
    await user.click(screen.getByRole('button', { name: 'Inserisci cedolini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inserisci cedolini' });
    expect(within(dialog).getByRole('combobox', { name: 'Anno' })).toHaveTextContent(String(year));
    expect(within(dialog).getByRole('combobox', { name: 'Mese' })).toHaveTextContent(MONTHS[month - 1]!);
    const alfa = await within(dialog).findByRole('spinbutton', { name: 'Quantità Alfa Srl' });
    expect(alfa).toHaveValue(1);
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantità Beta Spa' })).toHaveValue(1);
    await user.clear(alfa);
    await user.type(alfa, '4');
    // month: Marzo
    await user.click(within(dialog).getByRole('combobox', { name: 'Mese' }));
    await user.click(await screen.findByRole('option', { name: 'Marzo' }));
    const go = within(dialog).getByRole('button', { name: 'Inserisci' });
    await user.click(go);
    const sure = within(dialog).getByRole('button', { name: 'Sicuro?' });
    expect(sure.className).toMatch(/Warning/);
    expect(calls).toEqual([]);
    await user.click(sure);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: '/api/cedolini',
      body: {
        customerData: [
          { customerId: 4, business_name: 'Alfa Srl', cedoliniQuantity: 4, month: 3, year },
          { customerId: 9, business_name: 'Beta Spa', cedoliniQuantity: 1, month: 3, year },
        ],
      },
    });
    expect(await screen.findByText('Cedolini inseriti')).toBeInTheDocument();
  });

  it("C48 Inserisci cedolini: a changed field disarms 'Sicuro?'; an invalid quantity disables the button; a failure shows 'Errore!!'", async () => {
    server.use(
      http.get('*/api/list/Customer/:collection', () => HttpResponse.json(customersAnswer)),
      saveHandler(404),
    );
    const user = userEvent.setup();
    render(ui([4], <CedoliniInsertButton />));
    await user.click(screen.getByRole('button', { name: 'Inserisci cedolini' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inserisci' }));
    const field = await within(dialog).findByRole('spinbutton', { name: 'Quantità Alfa Srl' });
    await user.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Inserisci' })).toBeDisabled();
    await user.type(field, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Inserisci' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sicuro?' }));
    const err = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(err).toHaveTextContent('Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.');
  });
});

describe('CustomersForCedolini and CedoliniSavedView', () => {
  it('the menu links Cedolini to /table/CustomersForCedolini, a view of the generic customers list: it asks cedolino_rate gt 0 (AND) with its collection, offers search, filters, CSV and print but no Nuovo, and a row opens /cedolini_saved/{id}', async () => {
    const entry = MENU.flatMap((g) => g.children ?? []).find((e) => e.title === 'Cedolini');
    expect(entry).toMatchObject({ link: '/table/CustomersForCedolini', icon: 'Receipt', role: 'Collaboratore' });
    expect(routeExists('/table/CustomersForCedolini')).toBe(true);
    expect(routeExists('/cedolini_saved/4')).toBe(true);
    const urls: string[] = [];
    server.use(
      http.get('*/api/list/Customer/:collection', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json(customersAnswer);
      }),
      // the options of the customers' filter group
      http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
      http.get('*/api/list/LegalStatus/:collection', () =>
        HttpResponse.json({
          data: [],
          meta: { total: 0, current_page: 1, per_page: 100000, last_page: 1 },
          item_meta_data: {},
        }),
      ),
      http.get('*/api/customers/4', () => HttpResponse.json({ data: customersAnswer.data[0] })),
      http.get('*/api/cedolini', () =>
        HttpResponse.json({ data: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), 0])) }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/table/CustomersForCedolini');
    await screen.findByText('Alfa Srl');
    const first = new URL(urls[0]!);
    expect(first.pathname).toMatch(/\/api\/list\/Customer\/CustomersForCedoliniCollection$/);
    expect(JSON.parse(queryOf(urls[0]!).filters!)).toContainEqual({
      name: 'cedolino_rate',
      type: 'gt',
      val: [0],
      glue: 'and',
    });
    await waitFor(() => expect(document.title).toMatch(/^Cedolini - Clienti con costo cedolino/));
    for (const name of ['Esporta CSV', 'Stampa']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cerca (premi Invio)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuovo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Mostra cestinati' })).not.toBeInTheDocument();
    // its bulk action is the payslip insert (loaded with the first selection), not the customers' toolbar
    expect(partsOf('CustomersForCedolini').bulkActions).not.toBe(partsOf('Customer').bulkActions);
    const rowBox = () => within(screen.getByText('Alfa Srl').closest('tr')!).getByRole('checkbox');
    await user.click(rowBox());
    expect(await screen.findByRole('button', { name: 'Inserisci cedolini' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invia contratti via email' })).toBeNull();
    await user.click(rowBox());
    // a search keeps the fixed filter
    await user.type(screen.getByRole('textbox', { name: 'Cerca (premi Invio)' }), 'Alfa{Enter}');
    await waitFor(() => expect(urls.some((u) => queryOf(u).search_text === 'Alfa')).toBe(true));
    const searched = urls.find((u) => queryOf(u).search_text === 'Alfa')!;
    expect(JSON.parse(queryOf(searched).filters!)).toContainEqual({
      name: 'cedolino_rate',
      type: 'gt',
      val: [0],
      glue: 'and',
    });
    await user.click(await screen.findByText('Alfa Srl'));
    await waitFor(() => expect(location.current.pathname).toBe('/cedolini_saved/4'));
  });

  it("the view's select-all, print and CSV cover the rows it shows: the fixed filter goes with each call", async () => {
    const urls: string[] = [];
    server.use(
      http.get('*/api/list/Customer/:collection', ({ request }) => {
        urls.push(request.url);
        const q = queryOf(request.url);
        if (q.only_ids === '1')
          return HttpResponse.json({
            data: [4, 9],
            meta: { total: 2, current_page: 1, per_page: 100000, last_page: 1 },
          });
        if (q.format === 'pdf' || q.format === 'csv')
          return new HttpResponse('x', {
            headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="f"' },
          });
        return HttpResponse.json(customersAnswer);
      }),
      http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
      http.get('*/api/list/LegalStatus/:collection', () =>
        HttpResponse.json({
          data: [],
          meta: { total: 0, current_page: 1, per_page: 100000, last_page: 1 },
          item_meta_data: {},
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/table/CustomersForCedolini');
    await screen.findByText('Alfa Srl');
    const fixed = { name: 'cedolino_rate', type: 'gt', val: [0], glue: 'and' };
    await user.click(screen.getAllByRole('checkbox', { name: 'Seleziona questa riga' })[0]!);
    await user.click(await screen.findByRole('button', { name: /Seleziona tutti/ }));
    await waitFor(() => expect(urls.some((u) => queryOf(u).only_ids === '1')).toBe(true));
    expect(JSON.parse(queryOf(urls.find((u) => queryOf(u).only_ids === '1')!).filters!)).toContainEqual(fixed);
    // the view's own bulk action, not the customers' toolbar
    expect(await screen.findByRole('button', { name: 'Inserisci cedolini' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Genera rate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stampa' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalled());
    expect(JSON.parse(queryOf(urls.find((u) => queryOf(u).format === 'pdf')!).filters!)).toContainEqual(fixed);
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Esporta|Scarica/ }));
    await waitFor(() => expect(urls.some((u) => queryOf(u).format === 'csv')).toBe(true));
    const csv = queryOf(urls.find((u) => queryOf(u).format === 'csv')!);
    expect(JSON.parse(csv.filters!)).toContainEqual(fixed);
    expect(csv.fields!.split(',')).toEqual(expect.arrayContaining(['id', 'business_name', 'email', 'cedolino_rate']));
  });

  it('C49 the saved view shows the twelve months of the year with their quantity and charge; Salva posts the changed months', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('*/api/customers/4', () => HttpResponse.json({ data: customersAnswer.data[0] })),
      http.get('*/api/cedolini', ({ request }) => {
        asked.push(queryOf(request.url));
        return HttpResponse.json({
          data: { 1: 0, 2: 0, 3: 4, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 2, 12: 0 },
        });
      }),
      saveHandler(),
    );
    const user = userEvent.setup();
    renderApp('/cedolini_saved/4');
    expect(await screen.findByRole('heading', { name: 'Cedolini di Alfa Srl' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: `Cedolini ${year}` });
    await waitFor(() =>
      expect(within(table).getByRole('spinbutton', { name: `Quantità Marzo ${year}` })).toHaveValue(4),
    );
    expect(asked[0]).toEqual({ customer_id: '4', year: String(year) });
    expect(within(table).getAllByRole('spinbutton')).toHaveLength(12);
    MONTHS.forEach((m) => expect(within(table).getByRole('rowheader', { name: m })).toBeInTheDocument());
    expect(within(table).getByRole('spinbutton', { name: `Quantità Novembre ${year}` })).toHaveValue(2);
    expect(within(table).getByText('50,00 €')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Salva' });
    expect(save).toBeDisabled();
    const may = within(table).getByRole('spinbutton', { name: `Quantità Maggio ${year}` });
    await user.clear(may);
    await user.type(may, '3{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      customerData: [{ customerId: 4, business_name: 'Alfa Srl', cedoliniQuantity: 3, month: 5, year }],
    });
    expect(await screen.findByText('Cedolini salvati')).toBeInTheDocument();
  });
});
