/**
 * 'Verifiche antiriciclaggio' (issue 48 item 3), the whole <App/> against a mocked API (msw; unknown
 * calls fail the test): the rows with their customer's link, level, reason, due date (DD/MM/YYYY)
 * and the red chip of the late ones, the totals, each filter sent to GET /api/aml/checks (and kept
 * in the URL), the pages, 'Esporta CSV' with the same filters, the empty state, the server's error;
 * no serious accessibility violation.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { location, login, logout, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, choose, rowOf, seriousAxe } from './journeys';
import type { AmlDueList, AmlDueRow } from '../../model/api/aml';
import { EMPTY_TEXT } from '../../src/areas/aml/AmlChecks';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const row = (over: Partial<AmlDueRow> & Pick<AmlDueRow, 'customer_id' | 'business_name' | 'reason'>): AmlDueRow => ({
  collaborator_id: 3,
  collaborator_name: 'Laura Neri',
  level: 'ordinaria',
  reason_text: 'Controllo costante',
  due_on: '2026-03-01',
  late: false,
  days_late: 0,
  ...over,
});

const LIST: AmlDueList = {
  data: [
    row({
      customer_id: 10,
      business_name: 'Alfa Costruzioni S.p.A.',
      reason: 'controllo',
      level: 'rafforzata',
      due_on: '2026-01-15',
      late: true,
      days_late: 45,
    }),
    row({
      customer_id: 11,
      business_name: 'Bianchi Srl',
      reason: 'prima_verifica',
      reason_text: 'Adeguata verifica mai fatta',
      level: null,
      collaborator_id: null,
      collaborator_name: null,
      due_on: '2026-02-28',
      late: true,
      days_late: 1,
    }),
    row({
      customer_id: 12,
      business_name: 'Verdi Mario',
      reason: 'documento',
      reason_text: 'Documento di identità scaduto o in scadenza',
      level: 'semplificata',
      due_on: '2026-03-20',
    }),
  ],
  total: 73,
  late: 2,
};

let calls: string[] = [];
let exportCalls: string[] = [];
let answer: () => Response;

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/aml/checks', ({ request }) => {
    calls.push(request.url);
    return answer();
  }),
  http.get('*/api/aml/checks.csv', ({ request }) => {
    exportCalls.push(request.url);
    return new HttpResponse('\ufeffCliente;Collaboratore\r\n', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="Verifiche antiriciclaggio.csv"',
      },
    });
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 3, name: 'Laura Neri' },
        { id: 4, name: 'Paolo Gialli' },
      ],
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  exportCalls = [];
  answer = () => HttpResponse.json(LIST);
  vi.mocked(saveAs).mockClear();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const table = () => screen.findByRole('table', { name: 'Verifiche antiriciclaggio da fare' });
const lastQuery = () => queryOf(calls[calls.length - 1]!);

describe('Verifiche antiriciclaggio', () => {
  it('lists what is due: the customer as a link to its AML file, the level, the reason, the date, a red chip when late; the totals', async () => {
    renderApp('/verifiche_antiriciclaggio');
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Verifiche antiriciclaggio' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(lastQuery()).toEqual({});
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Cliente', 'Collaboratore', 'Livello', 'Motivo', 'Scadenza', 'Ritardo']);
    const alfa = rowOf(t, 'Alfa Costruzioni S.p.A.');
    expect(cellsOf(alfa)).toEqual([
      'Alfa Costruzioni S.p.A.',
      'Laura Neri',
      'Rafforzata',
      'Controllo costante',
      '15/01/2026',
      '45 giorni',
    ]);
    expect(within(alfa).getByRole('link', { name: 'Alfa Costruzioni S.p.A.' })).toHaveAttribute(
      'href',
      '/Customer/10#antiriciclaggio',
    );
    // late: a red chip with the days; not late: no red
    const late = within(alfa).getByText('45 giorni').closest('.MuiChip-root');
    expect(late).toHaveClass('MuiChip-colorError');
    expect(cellsOf(rowOf(t, 'Bianchi Srl'))).toEqual([
      'Bianchi Srl',
      '',
      '',
      'Adeguata verifica mai fatta',
      '28/02/2026',
      '1 giorno',
    ]);
    const verdi = rowOf(t, 'Verdi Mario');
    expect(cellsOf(verdi).at(-1)).toBe('In scadenza');
    expect(within(verdi).getByText('In scadenza').closest('.MuiChip-root')).not.toHaveClass('MuiChip-colorError');
    expect(screen.getByText('73 da fare, di cui 2 in ritardo')).toBeInTheDocument();
    expect(screen.getByText('1-50 di 73')).toBeInTheDocument();
    expect(await seriousAxe()).toEqual([]);
  });

  it('each filter is sent to GET /api/aml/checks and kept in the URL; a filter goes back to the first page', async () => {
    const user = userEvent.setup();
    renderApp('/verifiche_antiriciclaggio');
    await table();
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Collaboratore' })).queryByText('Tutti')).not.toBeNull(),
    );

    await choose(user, 'Scadenza entro', '90 giorni');
    await waitFor(() => expect(lastQuery()).toEqual({ days: '90' }));
    await choose(user, 'Motivo', 'Controllo costante');
    await waitFor(() => expect(lastQuery()).toEqual({ days: '90', reason: 'controllo' }));
    await choose(user, 'Collaboratore', 'Paolo Gialli');
    await waitFor(() => expect(lastQuery()).toMatchObject({ collaborator_id: '4' }));
    await choose(user, 'Livello', 'Rafforzata');
    await waitFor(() => expect(lastQuery()).toMatchObject({ level: 'rafforzata' }));
    await user.click(screen.getByRole('switch', { name: 'Solo in ritardo' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ late: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca cliente' }), 'alfa');
    const all = { days: '90', reason: 'controllo', collaborator_id: '4', level: 'rafforzata', late: '1', q: 'alfa' };
    await waitFor(() => expect(lastQuery()).toEqual(all));
    // the typing is sent once it stops
    expect(calls.filter((u) => queryOf(u).q !== undefined)).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual(all);

    // the next page, then a filter: back to the first
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(lastQuery()).toEqual({ ...all, page: '2' }));
    await choose(user, 'Motivo', 'Tutti');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('reason'));
    expect(lastQuery()).not.toHaveProperty('page');
  });

  it("'Esporta CSV' downloads every row with the same filters (no page)", async () => {
    const user = userEvent.setup();
    renderApp('/verifiche_antiriciclaggio?reason=documento&days=60&page=2');
    await table();
    expect(queryOf(calls[0]!)).toEqual({ reason: 'documento', days: '60', page: '2' });
    expect(screen.getByRole('combobox', { name: 'Motivo' })).toHaveTextContent('Documento di identità');
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(new URL(exportCalls[0]!).pathname).toBe('/api/aml/checks.csv');
    expect(queryOf(exportCalls[0]!)).toEqual({ reason: 'documento', days: '60' });
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Verifiche antiriciclaggio.csv');
  });

  it('nothing due: the empty state and the zero totals', async () => {
    answer = () => HttpResponse.json({ data: [], total: 0, late: 0 });
    renderApp('/verifiche_antiriciclaggio');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByText('0 da fare, di cui 0 in ritardo')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("a 500 shows the server's message and no table", async () => {
    answer = () => HttpResponse.json({ message: 'Errore interno: riprova più tardi' }, { status: 500 });
    renderApp('/verifiche_antiriciclaggio');
    expect(await screen.findByRole('alert')).toHaveTextContent('Errore interno: riprova più tardi');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
