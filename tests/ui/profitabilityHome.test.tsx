/**
 * The home page's 'Redditività dei clienti' card (issue 49 item 5), the whole <App/> against a
 * mocked API (msw; unknown calls fail the test): for the Admin the year's best and worst customers
 * by margin (GET /api/profitability/summary) as bars with the same figures in a table for screen
 * readers, from the best down to the worst, a link to 'Redditività'; a year with nothing says so;
 * nothing (and no call) for the Collaboratore.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, negativeLook, portalQuietHandlers, renderApp, shellHandlers } from './harness';
import { noAmlDue, noReceivables, seriousAxe } from './journeys';
import type { ProfitabilitySummary } from '../../model/api/profitability';

let calls = 0;
let summary: ProfitabilitySummary;

const server = setupServer(
  ...shellHandlers,
  noReceivables,
  ...noAmlDue,
  http.get('*/api/profitability/summary', () => {
    calls++;
    return HttpResponse.json({ data: summary });
  }), // the home page's 'Messaggi dei clienti' card (issue 50)
  ...portalQuietHandlers,
);

const c = (customer_id: number, business_name: string, charged: number, cost: number) => ({
  customer_id,
  business_name,
  charged,
  cost,
  margin: Math.round((charged - cost) * 100) / 100,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = 0;
  summary = {
    year: 2026,
    best: [c(1, 'Alfa S.r.l.', 1500, 401.25), c(3, 'Gamma S.p.A.', 200, 100)],
    worst: [c(2, 'Beta S.n.c.', 350, 524.38), c(4, 'Delta Costruzioni e Impianti Tecnologici S.r.l.', 100, 150)],
    customers: 4,
    margin: 974.37,
  };
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const card = () => screen.findByRole('region', { name: 'Redditività dei clienti' });

describe('the home page: Redditività dei clienti', () => {
  it('the Admin: the customers by margin from the best to the worst, as a table too, a link to the screen', async () => {
    login('Admin');
    renderApp('/Menu');
    const region = await card();
    const table = await within(region).findByRole('table', {
      name: 'Margine 2026 dei clienti, dal migliore al peggiore',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((x) => x.textContent));
    expect(rows).toEqual([
      ['Alfa S.r.l.', '1.098,75 €', '1.500,00 €', '401,25 €'],
      ['Gamma S.p.A.', '100,00 €', '200,00 €', '100,00 €'],
      // the worst last: the answer's worst come worst first
      ['Delta Costruzioni e Impianti Tecnologici S.r.l.', '-50,00 €', '100,00 €', '150,00 €'],
      ['Beta S.n.c.', '-174,38 €', '350,00 €', '524,38 €'],
    ]);
    expect(region).toHaveTextContent('Margine 2026: i migliori e i peggiori');
    expect(region).toHaveTextContent('Margine complessivo: 974,37 € su 4 clienti');
    expect(within(region).getByRole('link', { name: 'Apri Redditività' })).toHaveAttribute('href', '/redditivita');
    expect(calls).toBe(1);
    expect(await seriousAxe(region)).toEqual([]);
  });

  it('the Admin, a year with nothing: says so', async () => {
    login('Admin');
    summary = { year: 2026, best: [], worst: [], customers: 0, margin: 0 };
    renderApp('/Menu');
    expect(await within(await card()).findByText("Nessun addebito o tempo registrato nell'anno.")).toBeInTheDocument();
  });

  it('the Collaboratore: no card, no call', async () => {
    login('Collaboratore');
    renderApp('/Menu');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await screen.findByRole('region', { name: 'Scadenze antiriciclaggio' });
    await negativeLook();
    expect(screen.queryByRole('region', { name: 'Redditività dei clienti' })).toBeNull();
    expect(calls).toBe(0);
  });
});
