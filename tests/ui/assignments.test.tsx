/**
 * UI tests of the assignment form (src/resources/Assignment/Edit.tsx): the generic form plus
 * 'Compensi' — C72 list, 'Genera compensi' that reads 'Aggiorna' once fees exist (C73), a 404
 * on C72 that is no error, another error that is. The API is mocked with msw.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, renderApp, shellHandlers } from './harness';

type Row = Record<string, unknown>;

const RECORD: Row = {
  id: 3,
  title: 'Consulenza societaria',
  customers_id: 5,
  customer: { id: 5, label: 'Alfa Srl' },
  year_amount: 1200.5,
  year_duration: 2,
  start_date: '2024-02-29',
  description: null,
  created_at: '2026-01-10 10:00:00',
  updated_at: '2026-01-10 10:00:00',
  deleted_at: null,
  trashed: false,
};
const fee = (id: number, date: string, k: number, n: number) => ({
  id,
  customer_id: 5,
  assignment_id: 3,
  type: 'CHARGE',
  amount: 1200.5,
  date,
  transaction_note: `Compenso incarico "Consulenza societaria" anno ${k}/${n}`,
  is_yearly_installment: false,
});

let state: { fees: Row[]; status: number; makes: number };
const fresh = () => ({ fees: [] as Row[], status: 200, makes: 0 });

const listAnswer = (data: Row[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
    item_meta_data: {
      can_add_new: true,
      expand_field: null,
      is_selectable: true,
      is_erasable: true,
      disable_edit_item: false,
      items: {},
    },
  });

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/assignments/:id/transactions', () =>
    state.status === 200
      ? HttpResponse.json({ data: state.fees })
      : HttpResponse.json(
          { message: state.status === 404 ? 'Elemento non trovato' : 'Errore interno' },
          { status: state.status },
        ),
  ),
  http.post('*/api/assignments/:id/make_transactions', () => {
    state.makes += 1;
    state.status = 200;
    state.fees = [fee(11, '2024-02-29 00:00:00', 1, 2), fee(12, '2025-02-28 00:00:00', 2, 2)];
    return HttpResponse.json({ data: state.fees });
  }),
  http.get('*/api/assignments/:id', ({ params }) => HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } })),
  http.get('*/api/list/:model/:collection', () =>
    listAnswer([{ id: 5, label: 'Alfa Srl', business_name: 'Alfa Srl' }]),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = fresh();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const section = () => screen.getByRole('region', { name: 'Compensi' });

describe('assignment form: Compensi', () => {
  it("C72 C73: no fees → 'Genera compensi'; after it the fees are listed (DD-MM-YYYY, euro) and the button reads 'Aggiorna'", async () => {
    const user = userEvent.setup();
    renderApp('/Assignment/3');
    const button = await screen.findByRole('button', { name: 'Genera compensi' }, { timeout: 5000 });
    expect(await within(section()).findByText('Nessun compenso generato')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Aggiorna' })).toBeInTheDocument());
    expect(state.makes).toBe(1);
    const table = within(section()).getByRole('table');
    expect(within(table).getByText('29-02-2024')).toBeInTheDocument();
    expect(within(table).getByText('28-02-2025')).toBeInTheDocument();
    expect(within(table).getAllByText(/1\.200,50/)).toHaveLength(2);
    expect(within(section()).queryByRole('button', { name: 'Genera compensi' })).toBeNull();
  });

  it("C72: with fees already there the button reads 'Aggiorna'", async () => {
    state.fees = [fee(11, '2024-02-29 00:00:00', 1, 1)];
    renderApp('/Assignment/3');
    await waitFor(() => expect(within(section()).getByRole('button', { name: 'Aggiorna' })).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(within(section()).getByText('29-02-2024')).toBeInTheDocument();
  });

  it('C72: a 404 on the load is not an error — no fees, no message', async () => {
    state.status = 404;
    renderApp('/Assignment/3');
    await screen.findByRole('button', { name: 'Genera compensi' }, { timeout: 5000 });
    expect(await within(section()).findByText('Nessun compenso generato')).toBeInTheDocument();
    expect(screen.queryByText('Error nella caricamento transazioni...')).toBeNull();
  });

  it("C72: another error shows 'Error nella caricamento transazioni...'", async () => {
    state.status = 500;
    renderApp('/Assignment/3');
    expect(
      await screen.findByText('Error nella caricamento transazioni...', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('C73: while the form has unsaved changes the button is disabled, with a hint', async () => {
    const user = userEvent.setup();
    renderApp('/Assignment/3');
    const button = await screen.findByRole('button', { name: 'Genera compensi' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    const title = screen.getByRole('textbox', { name: /^Titolo/ });
    await user.type(title, ' bis');
    await waitFor(() => expect(button).toBeDisabled());
    expect(within(section()).getByText(/Salva le modifiche/)).toBeInTheDocument();
  });
});
