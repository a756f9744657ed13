/**
 * 'Redditività' (issue 49 item 5), the whole <App/> against a mocked API (msw; unknown calls fail
 * the test): the Admin's screen asks GET /api/profitability for this year by customer with a 10 %
 * update simulated, shows the totals and the table (the worst margin first, the under-paying rows
 * marked, a customer's name opening his card, the totals row), sorts by a column's header, sends the
 * grouping, the period's presets and the filters (kept in the URL), asks the simulator's figure of
 * the percentage typed (not of a bad one), downloads the CSV and the PDF with the same parameters,
 * and shows the server's error. The Collaboratore has no such screen.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { location, login, logout, negativeLook, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, choose, rowOf } from './journeys';
import type { Profitability, ProfitabilityRow } from '../../model/api/profitability';
import { presetPeriod } from '../../src/areas/profitability/Profitability';
import { today } from '../../model/dates';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const row = (over: Partial<ProfitabilityRow> & Pick<ProfitabilityRow, 'id' | 'name'>): ProfitabilityRow => ({
  collaborator: 'Giulia Bianchi',
  charged: 0,
  payable: 0,
  collected: 0,
  open: 0,
  minutes: 0,
  hours: 0,
  cost: 0,
  value: 0,
  margin: 0,
  margin_per_hour: null,
  uncosted_minutes: 0,
  unrated_minutes: 0,
  under_paying: false,
  update_amount: null,
  ...over,
});

// the figures of tests/api/profitability.test.ts
const BETA = row({
  id: 2,
  name: 'Beta S.n.c.',
  collaborator: 'Luca Verdi',
  charged: 350,
  payable: 444.08,
  collected: 200,
  open: 244.08,
  minutes: 1635,
  hours: 27.25,
  cost: 524.38,
  value: 2242.5,
  margin: -174.38,
  margin_per_hour: -6.4,
  uncosted_minutes: 90,
  under_paying: true,
});
const GAMMA = row({
  id: 3,
  name: 'Gamma S.p.A.',
  charged: 200,
  payable: 253.76,
  open: 253.76,
  minutes: 300,
  hours: 5,
  cost: 100,
  value: 250,
  margin: 100,
  margin_per_hour: 20,
  under_paying: true,
});
const ALFA = row({
  id: 1,
  name: 'Alfa S.r.l.',
  charged: 1500,
  payable: 1903.2,
  collected: 1268.8,
  open: 334.4,
  minutes: 750,
  hours: 12.5,
  cost: 401.25,
  value: 625,
  margin: 1098.75,
  margin_per_hour: 87.9,
});
const TOTALS: Profitability['totals'] = {
  rows: 3,
  under_paying: 2,
  charged: 2050,
  payable: 2601.04,
  collected: 1468.8,
  open: 832.24,
  minutes: 2685,
  hours: 44.75,
  cost: 1025.63,
  value: 3117.5,
  margin: 1024.37,
  margin_per_hour: 22.89,
  uncosted_minutes: 90,
  unrated_minutes: 0,
};
/** what an update of each percentage brings per under-paying customer (Beta, Gamma) */
const UPDATES: Record<string, [number, number]> = { '10': [35, 20], '12.5': [43.75, 25] };

/** the answer to a query: the rows by customer, or by service; the simulation of its percentage */
function answer(q: Record<string, string>): Profitability {
  const pct = q.update_percent?.replace(',', '.');
  const up = pct ? UPDATES[pct] : undefined;
  if (q.group === 'service')
    return {
      from: q.from!,
      to: q.to!,
      group: 'service',
      collected_basis: 'settled',
      rows: [
        row({ id: 9, name: 'Consulenza', collaborator: null, charged: 500, margin: -24.38, under_paying: true }),
        row({ id: null, name: 'Senza servizio', collaborator: null, charged: 100, margin: 100 }),
      ],
      totals: { ...TOTALS, rows: 2 },
      simulation: null,
    };
  return {
    from: q.from!,
    to: q.to!,
    group: 'customer',
    collected_basis: 'payments',
    rows: [{ ...BETA, update_amount: up ? up[0] : null }, { ...GAMMA, update_amount: up ? up[1] : null }, ALFA],
    totals: TOTALS,
    simulation: up ? { percent: Number(pct), customers: 2, charged: 550, amount: up[0] + up[1] } : null,
  };
}

let calls: string[] = [];
let downloads: string[] = [];
let failure: string | null = null;

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/profitability', ({ request }) => {
    calls.push(request.url);
    if (failure) return HttpResponse.json({ message: failure, errors: { to: [failure] } }, { status: 422 });
    return HttpResponse.json({ data: answer(queryOf(request.url)) });
  }),
  http.get('*/api/profitability.:format', ({ request, params }) => {
    downloads.push(request.url);
    const pdf = params.format === 'pdf';
    return new HttpResponse(pdf ? '%PDF-1.7' : 'Cliente;Margine\r\n', {
      headers: {
        'Content-Type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="Redditivita.${String(params.format)}"`,
      },
    });
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 5, name: 'Giulia Bianchi' },
        { id: 6, name: 'Luca Verdi' },
      ],
    }),
  ),
  http.get('*/api/studio_services', () =>
    HttpResponse.json({
      data: [
        { id: 8, cod: 'CO', description: 'Contabilità ordinaria' },
        { id: 9, cod: 'CN', description: 'Consulenza' },
      ],
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  downloads = [];
  failure = null;
  vi.mocked(saveAs).mockClear();
  login('Admin');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const year = today().slice(0, 4);
const THIS_YEAR = { from: `${year}-01-01`, to: `${year}-12-31` };
const lastQuery = () => queryOf(calls[calls.length - 1]!);
const table = () => screen.findByRole('table', { name: 'Redditività per cliente' });
/** the body's rows of the table: their first cell's text */
const namesOf = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1, -1)
    .map((r) => within(r).getByRole('rowheader').textContent);

describe('Redditività', () => {
  it('this year by customer: the totals, the table worst margin first, the under-paying marked, the totals row', async () => {
    renderApp('/redditivita');
    const t = await table();
    expect(lastQuery()).toEqual({ ...THIS_YEAR, group: 'customer', update_percent: '10' });
    expect(screen.getByRole('navigation', { name: 'Percorso' })).toHaveTextContent('Home/Redditività');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Cliente',
      'Collaboratore',
      'Addebitato',
      'Incassato',
      'Da incassare',
      'Ore',
      'Costo ore',
      'Margine',
      'Margine/ora',
      'Aggiornamento 10 %',
    ]);
    expect(within(t).getByRole('columnheader', { name: 'Margine' })).toHaveAttribute('aria-sort', 'ascending');
    expect(namesOf(t)).toEqual([
      'Beta S.n.c.Sotto-remuneratoCosto non indicato',
      'Gamma S.p.A.Sotto-remunerato',
      'Alfa S.r.l.',
    ]);
    expect(cellsOf(rowOf(t, 'Beta S.n.c.'))).toEqual([
      'Beta S.n.c.Sotto-remuneratoCosto non indicato',
      'Luca Verdi',
      '350,00 €',
      '200,00 €',
      '244,08 €',
      '27:15',
      '524,38 €',
      '-174,38 €',
      '-6,40 €',
      '35,00 €',
    ]);
    expect(rowOf(t, 'Beta S.n.c.')).toHaveAttribute('data-under-paying', 'true');
    expect(rowOf(t, 'Alfa S.r.l.')).not.toHaveAttribute('data-under-paying');
    expect(within(rowOf(t, 'Alfa S.r.l.')).getByRole('link', { name: 'Alfa S.r.l.' })).toHaveAttribute(
      'href',
      '/Customer/1',
    );
    expect(cellsOf(rowOf(t, 'Totale (3 righe)'))).toEqual([
      'Totale (3 righe)',
      '2.050,00 €',
      '1.468,80 €',
      '832,24 €',
      '44:45',
      '1.025,63 €',
      '1.024,37 €',
      '22,89 €',
      '55,00 €',
    ]);
    const totals = screen.getByRole('region', { name: 'Totali del periodo' });
    expect(within(totals).getByRole('group', { name: 'Margine' })).toHaveTextContent("1.024,37 €22,89 € l'ora");
    expect(within(totals).getByRole('group', { name: 'Ore lavorate' })).toHaveTextContent('44:45costo 1.025,63 €');
    expect(totals).toHaveTextContent("Incassato: i pagamenti del periodo, come nell'estratto conto del cliente.");
    // the table scrolls in its own box (a phone's width)
    expect(screen.getByRole('region', { name: 'Redditività per cliente' })).toHaveAttribute('tabindex', '0');
  });

  it("sorts by a column's header, on the screen only", async () => {
    const user = userEvent.setup();
    renderApp('/redditivita');
    const t = await table();
    const header = (name: string) => within(t).getByRole('columnheader', { name });
    await user.click(within(header('Margine')).getByRole('button'));
    expect(header('Margine')).toHaveAttribute('aria-sort', 'descending');
    expect(namesOf(t)[0]).toBe('Alfa S.r.l.');
    await user.click(within(header('Cliente')).getByRole('button'));
    expect(namesOf(t).map((n) => n!.slice(0, 4))).toEqual(['Alfa', 'Beta', 'Gamm']);
    await user.click(within(header('Ore')).getByRole('button'));
    expect(namesOf(t)[0]!.startsWith('Beta')).toBe(true);
    expect(calls).toHaveLength(1);
    // the search narrows the rows by name
    await user.type(screen.getByRole('searchbox', { name: 'Cerca cliente' }), 'gam');
    await waitFor(() => expect(namesOf(t)).toEqual(['Gamma S.p.A.Sotto-remunerato']));
  });

  it("the simulator: the server's figure of the percentage typed; a bad one is not sent", async () => {
    const user = userEvent.setup();
    renderApp('/redditivita');
    await table();
    const figure = () => screen.getByText(/^Un aggiornamento del/);
    expect(figure()).toHaveTextContent(
      'Un aggiornamento del 10 % dei compensi dei 2 clienti sotto-remunerati (550,00 €) porterebbe 55,00 € in più.',
    );
    const input = screen.getByRole('textbox', { name: 'Aggiornamento %' });
    await user.clear(input);
    await user.type(input, '12,5');
    await waitFor(() => expect(lastQuery()).toMatchObject({ update_percent: '12,5' }));
    await waitFor(() =>
      expect(figure()).toHaveTextContent(
        'Un aggiornamento del 12,5 % dei compensi dei 2 clienti sotto-remunerati (550,00 €) porterebbe 68,75 € in più.',
      ),
    );
    expect(cellsOf(rowOf(await table(), 'Gamma S.p.A.')).at(-1)).toBe('25,00 €');
    const before = calls.length;
    await user.clear(input);
    await user.type(input, '0');
    expect(await screen.findByText('Da 0,01 a 100, al massimo due decimali')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery().update_percent).toBeUndefined());
    expect(calls.slice(before).every((u) => queryOf(u).update_percent === undefined)).toBe(true);
  });

  it('the grouping, the presets and the filters are sent and kept in the URL', async () => {
    const user = userEvent.setup();
    renderApp('/redditivita');
    await table();
    await choose(user, 'Raggruppa per', 'Servizio');
    const byService = await screen.findByRole('table', { name: 'Redditività per servizio' });
    expect(lastQuery()).toMatchObject({ group: 'service' });
    expect(within(rowOf(byService, 'Senza servizio')).queryByRole('link')).toBeNull();
    expect(
      screen.getByText('Incassato: la parte degli addebiti del periodo già pagata.', { exact: false }),
    ).toBeInTheDocument();

    await choose(user, 'Periodo', 'Anno scorso');
    const last = `${Number(year) - 1}`;
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: `${last}-01-01`, to: `${last}-12-31` }));
    await choose(user, 'Periodo', 'Ultimi 12 mesi');
    await waitFor(() => expect(lastQuery()).toMatchObject(presetPeriod('last12')));
    await choose(user, 'Collaboratore', 'Luca Verdi');
    await waitFor(() => expect(lastQuery()).toMatchObject({ user_id: '6' }));
    await choose(user, 'Servizio', 'Consulenza');
    await waitFor(() => expect(lastQuery()).toMatchObject({ studio_service_id: '9' }));
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual({
      period: 'last12',
      group: 'service',
      user_id: '6',
      studio_service_id: '9',
    });
    // a day typed: 'Personalizzato'
    const from = screen.getByLabelText('Dal');
    await user.clear(from);
    await user.type(from, '2019-01-01');
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: '2019-01-01', to: today() }));
    expect(new URLSearchParams(location.current.search).get('period')).toBe('custom');
  });

  it('downloads the CSV and the PDF with the same parameters', async () => {
    const user = userEvent.setup();
    renderApp('/redditivita');
    await table();
    await user.click(screen.getByRole('button', { name: 'Scarica CSV' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(new URL(downloads[0]!).pathname).toBe('/api/profitability.csv');
    expect(queryOf(downloads[0]!)).toEqual({ ...THIS_YEAR, group: 'customer', update_percent: '10' });
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Redditivita.csv');
    await user.click(screen.getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(2));
    expect(new URL(downloads[1]!).pathname).toBe('/api/profitability.pdf');
    expect(queryOf(downloads[1]!)).toEqual(queryOf(downloads[0]!));
  });

  it("the server's refusal is shown", async () => {
    failure = 'Il periodo può essere al massimo di 3 anni';
    renderApp('/redditivita?period=custom&from=2019-01-01&to=2025-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Il periodo può essere al massimo di 3 anni');
    expect(lastQuery()).toMatchObject({ from: '2019-01-01', to: '2025-01-01' });
  });

  it('the Collaboratore: no screen, no call', async () => {
    login('Collaboratore');
    renderApp('/redditivita');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Vai al login' })).toBeInTheDocument();
    await negativeLook();
    expect(screen.queryByRole('table', { name: 'Redditività per cliente' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
