/**
 * 'Documenti aperti dal cliente' on the customer's card (issue 50 item 3,
 * src/resources/Customer/PortalOpenings.tsx) against a mocked API (msw; unknown calls fail the
 * test): the documents the customer opened in the area, as the server describes them, with the
 * first and the last opening, how many times and who opened it first, read once with the session's
 * token; the empty state; a refusal told in place; on a phone one column with the details below.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { PortalOpenings } from '../../src/resources/Customer/PortalOpenings';
import type { PortalOpening } from '../../model/api/portalDocuments';
import { login, logout } from './harness';

const OPENINGS: PortalOpening[] = [
  {
    kind: 'fattura_pdf',
    ref_id: 12,
    description: 'Fattura n. 12 del 31-03-2026 (PDF)',
    first_opened_at: '2026-04-02 09:15:00',
    last_opened_at: '2026-04-20 18:40:00',
    times: 3,
    first_person: 'Anna Bianchi',
  },
  {
    kind: 'estratto',
    ref_id: 0,
    description: 'Estratto conto',
    first_opened_at: '2026-04-01 08:00:00',
    last_opened_at: '2026-04-01 08:00:00',
    times: 1,
    first_person: null,
  },
];

let answer: () => Response = () => HttpResponse.json({ data: OPENINGS });
const calls: Array<{ path: string; auth: string | null }> = [];
const server = setupServer(
  http.get('*/api/customer/:id/portal/openings', ({ request }) => {
    calls.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') });
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  answer = () => HttpResponse.json({ data: OPENINGS });
  vi.unstubAllGlobals();
  logout();
});
afterAll(() => server.close());

const ui = () =>
  render(
    <AdminContext dataProvider={dataProvider}>
      <PortalOpenings customerId={42} />
    </AdminContext>,
  );

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('PortalOpenings', () => {
  it('lists each document opened with its first and last opening, how many times and who, read once with the session', async () => {
    const token = login('Collaboratore');
    ui();
    const section = screen.getByRole('region', { name: 'Documenti aperti dal cliente' });
    const table = await within(section).findByRole('table', { name: 'Documenti aperti dal cliente' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Documento', 'Prima apertura', 'Ultima apertura', 'Volte', 'Aperto per primo da']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Fattura n. 12 del 31-03-2026 (PDF)', '02-04-2026 09:15', '20-04-2026 18:40', '3', 'Anna Bianchi'],
      ['Estratto conto', '01-04-2026 08:00', '01-04-2026 08:00', '1', '—'],
    ]);
    expect(calls).toEqual([{ path: '/api/customer/42/portal/openings', auth: `Bearer ${token}` }]);
  });

  it('nothing opened yet: says so, without a table', async () => {
    login('Collaboratore');
    answer = () => HttpResponse.json({ data: [] });
    ui();
    expect(
      await screen.findByText("Il cliente non ha ancora aperto documenti dello studio nell'area clienti."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a refusal is told in place', async () => {
    login('Collaboratore');
    answer = () => HttpResponse.json({ message: 'Non hai i permessi per questa operazione' }, { status: 403 });
    ui();
    expect(await screen.findByText(/Documenti aperti non disponibili: Non hai i permessi/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('on a phone (390 px) one column: the document with when, how many times and who below', async () => {
    login('Collaboratore');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    ui();
    const table = await screen.findByRole('table', { name: 'Documenti aperti dal cliente' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Documento']);
    const [invoice, statement] = within(table).getAllByRole('row').slice(1);
    expect(invoice).toHaveTextContent(
      "Fattura n. 12 del 31-03-2026 (PDF)Aperto 3 volte, la prima il 02-04-2026 09:15, l'ultima il 20-04-2026 18:40Aperto per primo da Anna Bianchi",
    );
    expect(statement).toHaveTextContent(
      'Estratto contoAperto 1 volta, la prima il 01-04-2026 08:00Aperto per primo da —',
    );
  });
});
