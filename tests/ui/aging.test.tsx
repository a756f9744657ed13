/**
 * The aging (issue 30), the whole <App/> against a mocked API (msw; unknown calls fail the test):
 * 'Scadenzario' lists the customers and the collaborators with their buckets and the totals per
 * bucket, sorts by a column's header, sends its filters to GET /api/aging (and keeps them in the
 * URL), downloads the CSV and the PDF with the same filters, and shows the server's errors and
 * the empty state; the home page's receivables show the aging as a chart with its table and a
 * link to the screen.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { location, login, logout, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, choose, rowOf } from './journeys';
import type { Aging, AgingRow } from '../../model/api/reminders';
import type { Receivables } from '../../model/api/accounts';
import { EMPTY_TEXT } from '../../src/areas/reminders/Aging';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures

const row = (over: Partial<AgingRow> & Pick<AgingRow, 'customer_id' | 'business_name'>): AgingRow => ({
  collaborator_id: 3,
  collaborator: 'Laura Neri',
  legal_status: 'Società a responsabilità limitata',
  legal_status_cod: 'SRL',
  has_mandate: false,
  contested: false,
  oldest_due: '2026-01-15',
  not_due: 0,
  d1_30: 0,
  d31_60: 0,
  d61_90: 0,
  over_90: 0,
  total: 0,
  ...over,
});

const ROWS: AgingRow[] = [
  row({ customer_id: 10, business_name: 'Bianchi Srl', not_due: 100, d1_30: 200, total: 300, has_mandate: true }),
  row({
    customer_id: 11,
    business_name: 'Alfa Costruzioni S.p.A.',
    legal_status: 'Società per azioni',
    legal_status_cod: 'SPA',
    over_90: 1500.5,
    d31_60: 250,
    total: 1750.5,
    contested: true,
  }),
  row({
    customer_id: 12,
    business_name: 'Verdi Mario',
    collaborator_id: null,
    collaborator: null,
    legal_status: null,
    legal_status_cod: null,
    d61_90: 80,
    total: 80,
  }),
];

const AGING: Aging = {
  as_of: '2026-03-31',
  rows: ROWS,
  totals: { not_due: 100, d1_30: 200, d31_60: 250, d61_90: 80, over_90: 1500.5, total: 2130.5, customers: 3 },
  by_collaborator: [
    {
      collaborator_id: 3,
      collaborator: 'Laura Neri',
      customers: 2,
      not_due: 100,
      d1_30: 200,
      d31_60: 250,
      d61_90: 0,
      over_90: 1500.5,
      total: 2050.5,
    },
    {
      collaborator_id: null,
      collaborator: 'Senza collaboratore',
      customers: 1,
      not_due: 0,
      d1_30: 0,
      d31_60: 0,
      d61_90: 80,
      over_90: 0,
      total: 80,
    },
  ],
};

const RECEIVABLES: Receivables = {
  total_owed: 2130.5,
  overdue_customers: 3,
  overdue_amount: 2030.5,
  top_debtors: [{ id: 11, business_name: 'Alfa Costruzioni S.p.A.', balance: 1750.5 }],
  monthly: [{ month: '2026-03', charges: 500, payments: 300 }],
  aging: { not_due: 100, d1_30: 200, d31_60: 250, d61_90: 80, over_90: 1500.5, total: 2130.5 },
};

// ---------------------------------------------------------------------------------------------
// the mocked API

/** the URLs of the calls to /api/aging and to its export, in order */
let agingCalls: string[] = [];
let exportCalls: string[] = [];
let agingAnswer: () => Response;
let exportAnswer: (format: string) => Response;

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/aging', ({ request }) => {
    agingCalls.push(request.url);
    return agingAnswer();
  }),
  http.get('*/api/aging/export', ({ request }) => {
    exportCalls.push(request.url);
    return exportAnswer(queryOf(request.url).format ?? '');
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 3, name: 'Laura Neri' },
        { id: 4, name: 'Paolo Gialli' },
      ],
    }),
  ),
  http.get('*/api/legal_statuses', () =>
    HttpResponse.json({
      data: [
        { id: 7, cod: 'SRL', description: 'Società a responsabilità limitata' },
        { id: 8, cod: 'SPA', description: 'Società per azioni' },
      ],
    }),
  ),
  // the home page's receivables
  http.get('*/api/receivables', () => HttpResponse.json({ data: RECEIVABLES })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  agingCalls = [];
  exportCalls = [];
  agingAnswer = () => HttpResponse.json({ data: AGING });
  exportAnswer = (format) =>
    new HttpResponse(format === 'pdf' ? '%PDF-1.7' : 'Cliente;Totale\r\n', {
      headers: {
        'Content-Type': format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="Scadenzario.${format}"`,
      },
    });
  vi.mocked(saveAs).mockClear();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const customersTable = () => screen.findByRole('table', { name: 'Scadenzario per cliente' });
/** the body's rows of a table: their first cell's text */
const namesOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1, -1)
    .map((r) => within(r).getByRole('rowheader').textContent);
const lastQuery = () => queryOf(agingCalls[agingCalls.length - 1]!);

// ---------------------------------------------------------------------------------------------

describe('Scadenzario', () => {
  it('lists the customers with their buckets, the totals per bucket and per collaborator', async () => {
    renderApp('/scadenzario');
    const table = await customersTable();
    expect(screen.getByRole('navigation', { name: 'Percorso' })).toHaveTextContent('Home/Scadenzario');
    // the first call has no filter
    expect(agingCalls).toHaveLength(1);
    expect(lastQuery()).toEqual({});
    // the columns
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Cliente',
      'Collaboratore',
      'Forma giuridica',
      'Non scaduto',
      '1–30 giorni',
      '31–60 giorni',
      '61–90 giorni',
      'Oltre 90 giorni',
      'Totale',
    ]);
    // largest total first
    expect(namesOf(table)).toEqual(['Alfa Costruzioni S.p.A.Contestato', 'Bianchi SrlSDD', 'Verdi Mario']);
    expect(cellsOf(rowOf(table, 'Alfa Costruzioni S.p.A.'))).toEqual([
      'Alfa Costruzioni S.p.A.Contestato',
      'Laura Neri',
      'SPA',
      '0,00 €',
      '0,00 €',
      '250,00 €',
      '0,00 €',
      '1.500,50 €',
      '1.750,50 €',
    ]);
    const bianchi = rowOf(table, 'Bianchi Srl');
    expect(within(bianchi).getByText('SDD')).toBeInTheDocument();
    expect(within(bianchi).queryByText('Contestato')).toBeNull();
    expect(within(rowOf(table, 'Verdi Mario')).queryByText('SDD')).toBeNull();
    // the name opens the customer's statement
    expect(within(bianchi).getByRole('link', { name: 'Bianchi Srl' })).toHaveAttribute('href', '/table/Transaction/10');
    // the table's totals
    expect(cellsOf(rowOf(table, 'Totale (3 clienti)'))).toEqual([
      'Totale (3 clienti)',
      '100,00 €',
      '200,00 €',
      '250,00 €',
      '80,00 €',
      '1.500,50 €',
      '2.130,50 €',
    ]);
    // amounts right-aligned
    expect(within(bianchi).getByText('300,00 €')).toHaveClass('MuiTableCell-alignRight');

    // the strip: each bucket's amount and how many customers owe in it
    const strip = screen.getByRole('region', { name: 'Totali per fascia' });
    const figure = (name: string) => within(strip).getByRole('group', { name });
    expect(figure('Non scaduto')).toHaveTextContent('100,00 €1 cliente');
    expect(figure('31–60 giorni')).toHaveTextContent('250,00 €1 cliente');
    expect(figure('Oltre 90 giorni')).toHaveTextContent('1.500,50 €1 cliente');
    expect(figure('Totale')).toHaveTextContent('2.130,50 €3 clienti');
    expect(screen.getByText('Situazione al 31-03-2026')).toBeInTheDocument();

    // per collaborator
    const byCollaborator = screen.getByRole('table', { name: 'Scadenzario per collaboratore' });
    expect(cellsOf(rowOf(byCollaborator, 'Laura Neri'))).toEqual([
      'Laura Neri',
      '2',
      '100,00 €',
      '200,00 €',
      '250,00 €',
      '0,00 €',
      '1.500,50 €',
      '2.050,50 €',
    ]);
    expect(cellsOf(rowOf(byCollaborator, 'Senza collaboratore'))).toEqual([
      'Senza collaboratore',
      '1',
      '0,00 €',
      '0,00 €',
      '0,00 €',
      '80,00 €',
      '0,00 €',
      '80,00 €',
    ]);
  });

  it("sorts by a column's header, and back the other way on a second click", async () => {
    const user = userEvent.setup();
    renderApp('/scadenzario');
    const table = await customersTable();
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Totale')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('Cliente')).getByRole('button'));
    expect(header('Cliente')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Totale')).not.toHaveAttribute('aria-sort');
    expect(namesOf(table)).toEqual(['Alfa Costruzioni S.p.A.Contestato', 'Bianchi SrlSDD', 'Verdi Mario']);
    await user.click(within(header('Cliente')).getByRole('button'));
    expect(header('Cliente')).toHaveAttribute('aria-sort', 'descending');
    expect(namesOf(table)).toEqual(['Verdi Mario', 'Bianchi SrlSDD', 'Alfa Costruzioni S.p.A.Contestato']);

    // a bucket: the largest first
    await user.click(within(header('61–90 giorni')).getByRole('button'));
    expect(namesOf(table)[0]).toBe('Verdi Mario');
    await user.click(within(header('1–30 giorni')).getByRole('button'));
    expect(namesOf(table)[0]).toBe('Bianchi SrlSDD');
    // a text column: the customers without a collaborator last
    await user.click(within(header('Collaboratore')).getByRole('button'));
    expect(namesOf(table)[2]).toBe('Verdi Mario');
    // sorting is on the screen only
    expect(agingCalls).toHaveLength(1);
  });

  it('each filter is sent to GET /api/aging and kept in the URL', async () => {
    const user = userEvent.setup();
    renderApp('/scadenzario');
    await customersTable();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Collaboratore' })).toBeInTheDocument());

    await choose(user, 'Collaboratore', 'Senza collaboratore');
    await waitFor(() => expect(lastQuery()).toEqual({ collaborator_id: 'none' }));
    await choose(user, 'Collaboratore', 'Paolo Gialli');
    await waitFor(() => expect(lastQuery()).toEqual({ collaborator_id: '4' }));

    await choose(user, 'Forma giuridica', 'SPA – Società per azioni');
    await waitFor(() => expect(lastQuery()).toEqual({ collaborator_id: '4', legal_status_id: '8' }));

    await choose(user, 'Fascia', 'Oltre 90 giorni');
    await waitFor(() => expect(lastQuery()).toMatchObject({ bucket: 'over_90' }));

    await choose(user, 'Mandato SDD', 'Con mandato SDD');
    await waitFor(() => expect(lastQuery()).toMatchObject({ mandate: 'with' }));

    await user.type(screen.getByRole('searchbox', { name: 'Cerca cliente' }), 'ross');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        collaborator_id: '4',
        legal_status_id: '8',
        bucket: 'over_90',
        mandate: 'with',
        q: 'ross',
      }),
    );
    // the typing is sent once it stops, not a letter at a time
    expect(agingCalls.filter((u) => queryOf(u).q !== undefined)).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual({
      collaborator_id: '4',
      legal_status_id: '8',
      bucket: 'over_90',
      mandate: 'with',
      q: 'ross',
    });

    // back to no filter on a select
    await choose(user, 'Fascia', 'Tutte');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('bucket'));
    expect(lastQuery()).toMatchObject({ mandate: 'with', q: 'ross' });
  });

  it('the filters in the URL are the first call\'s; "Scarica CSV" and "Scarica PDF" download with them', async () => {
    const user = userEvent.setup();
    renderApp('/scadenzario?bucket=d31_60&mandate=without&collaborator_id=3');
    await customersTable();
    expect(queryOf(agingCalls[0]!)).toEqual({ bucket: 'd31_60', mandate: 'without', collaborator_id: '3' });
    // the selects show them
    expect(screen.getByRole('combobox', { name: 'Fascia' })).toHaveTextContent('31–60 giorni');
    expect(screen.getByRole('combobox', { name: 'Mandato SDD' })).toHaveTextContent('Senza mandato SDD');

    await user.click(screen.getByRole('button', { name: 'Scarica CSV' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(exportCalls).toHaveLength(1);
    expect(new URL(exportCalls[0]!).pathname).toBe('/api/aging/export');
    expect(queryOf(exportCalls[0]!)).toEqual({
      format: 'csv',
      bucket: 'd31_60',
      mandate: 'without',
      collaborator_id: '3',
    });
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Scadenzario.csv');
    expect((vi.mocked(saveAs).mock.calls[0]![0] as Blob).type).toMatch(/^text\/csv/);

    await user.click(screen.getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(2));
    expect(queryOf(exportCalls[1]!)).toMatchObject({ format: 'pdf', bucket: 'd31_60' });
    expect(vi.mocked(saveAs).mock.calls[1]![1]).toBe('Scadenzario.pdf');
  });

  it("a failed download shows the server's message and saves nothing", async () => {
    const user = userEvent.setup();
    exportAnswer = () => HttpResponse.json({ message: 'Esportazione non disponibile' }, { status: 500 });
    renderApp('/scadenzario');
    await customersTable();
    await user.click(screen.getByRole('button', { name: 'Scarica CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esportazione non disponibile');
    expect(saveAs).not.toHaveBeenCalled();
    // the figures stay
    expect(screen.getByRole('table', { name: 'Scadenzario per cliente' })).toBeInTheDocument();
  });

  it("a 500 shows the server's message and no table", async () => {
    agingAnswer = () => HttpResponse.json({ message: 'Errore interno: riprova più tardi' }, { status: 500 });
    renderApp('/scadenzario');
    expect(await screen.findByRole('alert')).toHaveTextContent('Errore interno: riprova più tardi');
    expect(screen.queryByRole('table', { name: 'Scadenzario per cliente' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Totali per fascia' })).toBeNull();
  });

  it("a 422 on a filter shows the server's message; a good filter shows the figures again", async () => {
    const user = userEvent.setup();
    renderApp('/scadenzario');
    await customersTable();
    agingAnswer = () =>
      HttpResponse.json(
        { message: 'Filtro non valido', errors: { legal_status_id: ['Forma giuridica inesistente'] } },
        { status: 422 },
      );
    await choose(user, 'Forma giuridica', 'SRL – Società a responsabilità limitata');
    expect(await screen.findByRole('alert')).toHaveTextContent('Filtro non valido');
    expect(screen.queryByRole('table', { name: 'Scadenzario per cliente' })).toBeNull();
    agingAnswer = () => HttpResponse.json({ data: AGING });
    await choose(user, 'Forma giuridica', 'Tutte');
    await customersTable();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no open item: the empty state, the totals at zero, no table', async () => {
    agingAnswer = () =>
      HttpResponse.json({
        data: {
          as_of: '2026-03-31',
          rows: [],
          totals: { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0, total: 0, customers: 0 },
          by_collaborator: [],
        } satisfies Aging,
      });
    renderApp('/scadenzario?q=zzz');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(EMPTY_TEXT).toBe('Nessuna partita aperta con questi filtri');
    expect(
      within(screen.getByRole('region', { name: 'Totali per fascia' })).getByRole('group', { name: 'Totale' }),
    ).toHaveTextContent('0,00 €0 clienti');
    expect(screen.queryByRole('table', { name: 'Scadenzario per cliente' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Cerca cliente' })).toHaveValue('zzz');
  });
});

describe("the home page's receivables", () => {
  it("show the aging: the chart's figures as a table, and the link to 'Scadenzario'", async () => {
    renderApp('/Menu');
    const card = await screen.findByRole('region', { name: 'Scadenzario' });
    expect(card).toHaveTextContent('2.130,50 € in tutto');
    const table = within(card).getByRole('table', { name: 'Scadenzario: da incassare per giorni di ritardo' });
    expect(within(table).getAllByRole('row').map(cellsOf)).toEqual([
      ['Fascia', 'Importo'],
      ['Non scaduto', '100,00 €'],
      ['1–30 giorni', '200,00 €'],
      ['31–60 giorni', '250,00 €'],
      ['61–90 giorni', '80,00 €'],
      ['Oltre 90 giorni', '1.500,50 €'],
      ['Totale', '2.130,50 €'],
    ]);
    expect(within(card).getByRole('link', { name: 'Apri lo scadenzario' })).toHaveAttribute('href', '/scadenzario');
    // what was there stays
    expect(screen.getByText('Totale da incassare')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Maggiori debitori' })).toHaveTextContent('Alfa Costruzioni S.p.A.');
  });
});
