/**
 * The payment notice generator `/NewSchedaBollettino` (seed A §5) against a mocked API (msw):
 * required fields, the amount from the service's cost, C21 download with the request's fields,
 * the seed's failure text.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, logout, queryOf, renderApp, shellHandlers } from './harness';
import { routeExists } from '../../src/routeTable';
import { MENU } from '../../model/menu';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const downloads: string[] = [];
let downloadStatus = 200;
const list = (data: unknown[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 200, last_page: 1 },
    item_meta_data: {},
  });
const server = setupServer(
  ...shellHandlers,
  http.get('*/api/list/Customer/:collection', () =>
    list([
      { id: 4, business_name: 'Alfa Srl' },
      { id: 9, business_name: 'Beta Spa' },
    ]),
  ),
  http.get('*/api/list/StudioService/:collection', () => list([{ id: 7, description: 'Paghe' }])),
  http.get('*/api/studio_services/7', () => HttpResponse.json({ data: { id: 7, description: 'Paghe', cost: 35.5 } })),
  http.get('*/api/bollettino/actions/:action', ({ request }) => {
    downloads.push(request.url);
    if (downloadStatus !== 200)
      return HttpResponse.json({ message: 'Elemento non trovato' }, { status: downloadStatus });
    return new HttpResponse('PK', {
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="Bollettini.zip"' },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  login();
  downloads.length = 0;
  downloadStatus = 200;
  vi.mocked(saveAs).mockClear();
});
afterEach(() => {
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

describe('NewSchedaBollettino', () => {
  it('is in the menu (Contabilità › Bollettini) and a route of the app', () => {
    expect(MENU.flatMap((g) => g.children ?? []).find((e) => e.title === 'Bollettini')).toMatchObject({
      link: '/NewSchedaBollettino',
      role: 'Collaboratore',
    });
    expect(routeExists('/NewSchedaBollettino')).toBe(true);
  });

  it("asks customers, service and amount ('Campo Obbligatorio') and downloads nothing until they are there", async () => {
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino');
    await user.click(await screen.findByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findAllByText('Campo Obbligatorio')).toHaveLength(3);
    expect(downloads).toEqual([]);
  });

  it('C21 with the customers chosen on the list: the service fills the amount with its cost, Scarica PDF asks the notices and saves Bollettini.zip', async () => {
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino', [], { customers_ids: [4, 9] });
    const customers = await screen.findByRole('combobox', { name: /^Clienti/ });
    await waitFor(() => expect(customers.closest('.MuiAutocomplete-root')).toHaveTextContent('Alfa Srl'));
    await user.click(screen.getByRole('combobox', { name: /^Servizio/ }));
    await user.click(await screen.findByRole('option', { name: 'Paghe' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Importo/ })).toHaveValue('35,50'));
    await user.click(screen.getByRole('button', { name: 'Scarica PDF' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Bollettini.zip');
    const url = new URL(downloads[0]!);
    expect(url.pathname).toBe('/api/bollettino/actions/download_pdf');
    expect(queryOf(downloads[0]!)).toEqual({ customers_ids: '[4,9]', studio_service_id: '7', amount: '35.50' });
  });

  it("a failed download shows 'Errore!!' with the seed's text", async () => {
    downloadStatus = 404;
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino', [], { customers_ids: [4] });
    await user.click(await screen.findByRole('combobox', { name: /^Servizio/ }));
    await user.click(await screen.findByRole('option', { name: 'Paghe' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Importo/ })).toHaveValue('35,50'));
    await user.click(screen.getByRole('button', { name: 'Scarica DOC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(
      within(dialog).getByText(/Si è verificato un errore durante il download del pdf bollettino\./),
    ).toBeInTheDocument();
    expect(new URL(downloads[0]!).pathname).toBe('/api/bollettino/actions/download_html');
    expect(saveAs).not.toHaveBeenCalled();
  });
});
