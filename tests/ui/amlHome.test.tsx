/**
 * The home page's anti-money-laundering card (issue 48 item 3), the whole <App/> against a mocked
 * API (msw; unknown calls fail the test): for the Collaboratore the checks due in the next 30 days
 * and the late ones, a link to 'Verifiche antiriciclaggio'; for the Admin also the state of the
 * studio's self-assessment (due on a date, past its term, never made), a link to it; nothing (and
 * no call) for the Utente.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, negativeLook, portalQuietHandlers, renderApp, shellHandlers } from './harness';
import { noReceivables, seriousAxe } from './journeys';
import type { AmlDueSummary, AmlStudioFile } from '../../model/api/aml';

let summaryCalls = 0;
let studioCalls = 0;
let summary: AmlDueSummary;
// when set, the summary and the self-assessment answer only once it resolves (the loading state)
let gate: Promise<void> | null = null;
let studio: AmlStudioFile;

const SELF = {
  id: 1,
  inherent_scores: {},
  vulnerability_scores: {},
  inherent: 2,
  vulnerability: 2,
  residual: 2,
  band: 'poco-significativo',
  band_label: 'Poco significativo',
  mitigation: null,
  assessed_on: '2025-06-30',
  next_due: '2028-06-30',
  created_by_name: 'Mario Rossi',
  created_at: '2025-06-30 10:00:00',
};

const server = setupServer(
  ...shellHandlers,
  noReceivables,
  http.get('*/api/aml/checks/summary', async () => {
    summaryCalls++;
    if (gate) await gate;
    return HttpResponse.json({ data: summary });
  }),
  // the studio's self-assessment (Admin)
  http.get('*/api/aml/self_assessments', async () => {
    studioCalls++;
    if (gate) await gate;
    return HttpResponse.json({ data: studio });
  }), // the home page's 'Messaggi dei clienti' card (issue 50)
  ...portalQuietHandlers,
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  summaryCalls = 0;
  studioCalls = 0;
  gate = null;
  summary = { due: 12, late: 3 };
  studio = { current: SELF, history: [SELF], next_due: '2028-06-30', overdue: false, trainings: [] };
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const card = () => screen.findByRole('region', { name: 'Scadenze antiriciclaggio' });

describe('the home page: Scadenze antiriciclaggio', () => {
  it('the Collaboratore: the checks due in 30 days and the late ones, a link to the list; no self-assessment', async () => {
    login('Collaboratore');
    renderApp('/Menu');
    const c = await card();
    const link = await within(c).findByRole('link', {
      name: '12 verifiche da fare nei prossimi 30 giorni, 3 in ritardo',
    });
    expect(link).toHaveAttribute('href', '/verifiche_antiriciclaggio');
    expect(within(c).queryByText(/Autovalutazione/)).toBeNull();
    expect(studioCalls).toBe(0);
    expect(await seriousAxe(c)).toEqual([]);
  });

  it('one check: the singular', async () => {
    login('Collaboratore');
    summary = { due: 1, late: 0 };
    renderApp('/Menu');
    const c = await card();
    expect(
      await within(c).findByRole('link', { name: '1 verifica da fare nei prossimi 30 giorni, 0 in ritardo' }),
    ).toBeInTheDocument();
  });

  it("the Admin: also the self-assessment's term, a link to it", async () => {
    login('Admin');
    renderApp('/Menu');
    const c = await card();
    await within(c).findByRole('link', { name: /12 verifiche/ });
    const self = await within(c).findByRole('link', { name: 'Autovalutazione da rifare entro il 30/06/2028' });
    expect(self).toHaveAttribute('href', '/autovalutazione_antiriciclaggio');
    expect(await seriousAxe(c)).toEqual([]);
  });

  // a CI run's axe check of the home page met the placeholders while loading: an aria-label on a
  // span without a role is a serious violation (aria-prohibited-attr)
  it('while loading: the placeholders are named progress bars, axe clean', async () => {
    login('Admin');
    let release = () => {};
    gate = new Promise<void>((r) => (release = r));
    renderApp('/Menu');
    const c = await card();
    expect(
      await within(c).findByRole('progressbar', { name: 'Caricamento delle verifiche antiriciclaggio' }),
    ).toBeInTheDocument();
    expect(within(c).getByRole('progressbar', { name: "Caricamento dell'autovalutazione" })).toBeInTheDocument();
    expect(await seriousAxe(c)).toEqual([]);
    release();
    await within(c).findByRole('link', { name: /12 verifiche/ });
  });

  it('the Admin: a self-assessment past its term, or never made', async () => {
    login('Admin');
    studio = { ...studio, next_due: '2025-01-31', overdue: true };
    renderApp('/Menu');
    expect(await within(await card()).findByRole('link', { name: 'Autovalutazione scaduta' })).toHaveAttribute(
      'href',
      '/autovalutazione_antiriciclaggio',
    );
    cleanup();
    studio = { current: null, history: [], next_due: null, overdue: true, trainings: [] };
    renderApp('/Menu');
    expect(await within(await card()).findByRole('link', { name: 'Autovalutazione mai fatta' })).toBeInTheDocument();
  });

  it('the Utente: no card, no call', async () => {
    login('Utente');
    renderApp('/Menu');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await negativeLook();
    expect(screen.queryByRole('region', { name: 'Scadenze antiriciclaggio' })).toBeNull();
    expect(summaryCalls).toBe(0);
    expect(studioCalls).toBe(0);
  });
});
