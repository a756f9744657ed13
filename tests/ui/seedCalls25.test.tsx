/**
 * Issue 25 items 8–11 and the sandbox part of item 6, the app's half: the app reads and sends the
 * calls as the seeds say. C38's answer is the list of the transactions made (`data`), the skipped
 * customers beside it; C52 takes a credit note (TD04) that names no invoice and says the server's
 * warning; C70's amount is in cents both ways (seed B §9); with the payment sandbox on, every page
 * of the app says 'Pagamenti di prova: nessun addebito reale'.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { dataProvider } from '../../src/dataProvider';
import { GenerateInstallmentsButton } from '../../src/resources/Customer/bulk/index';
import { location, login, logout, queryOf, renderApp, shellHandlers } from './harness';

vi.mock('../../src/areas/payments/StripeCheckout', () => ({
  default: (p: { clientSecret: string; amountText: string; months: number }) => (
    <div role="dialog" aria-label="Pagamento con carta">{`${p.clientSecret} ${p.amountText} ${p.months}`}</div>
  ),
}));

type Row = Record<string, unknown>;
const requests: Array<{ method: string; url: string; body?: unknown }> = [];
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
const UNLINKED = 'La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla';

const server = setupServer(
  ...shellHandlers,
  // C38 as the seeds write it: `data` is the list of transactions (customer, date, amount)
  http.post('*/api/generate_credit_transactions', async ({ request }) => {
    requests.push({ method: 'POST', url: request.url, body: await request.json() });
    return HttpResponse.json({
      data: [
        {
          id: 11,
          customer_id: 3,
          customer: { id: 3, business_name: 'Alfa Srl' },
          date: '2031-01-01 00:00:00',
          amount: 500,
          is_yearly_installment: true,
          transaction_note: 'Rata 1/2 2031',
        },
        {
          id: 12,
          customer_id: 3,
          customer: { id: 3, business_name: 'Alfa Srl' },
          date: '2031-07-01 00:00:00',
          amount: 500.01,
          is_yearly_installment: true,
          transaction_note: 'Rata 2/2 2031',
        },
        {
          id: 13,
          customer_id: 4,
          customer: { id: 4, business_name: 'Gamma Snc' },
          date: '2031-01-01 00:00:00',
          amount: 80,
          is_yearly_installment: true,
          transaction_note: 'Rata 1/1 2031',
        },
      ],
      skipped: [{ customer_id: 5, business_name: 'Beta Spa', reason: 'Cliente cessato' }],
    });
  }),
  // the payment page
  http.get('*/api/subscription_price', () =>
    HttpResponse.json({
      data: 19.9,
      providers: [{ value: 'stripe', text: 'Carta (Stripe)', kind: 'card', config: { publishableKey: 'pk_test_123' } }],
    }),
  ),
  http.get('*/api/stripe/create_payment_intent', ({ request }) => {
    requests.push({ method: 'GET', url: request.url });
    return HttpResponse.json({ client_secret: 'pi_42_secret_abc', paymentId: 42, amount: 5970 });
  }),
  // the e-invoice editor
  http.get('*/api/edocuments_studio', () =>
    HttpResponse.json({
      data: { id: 1, name: 'Studio Demo', fiscal_regime: 'RF01', withholding_tax: false, cassa_previdenza: false },
    }),
  ),
  http.get('*/api/studio_services', () => HttpResponse.json({ data: [] })),
  http.get('*/api/edocument_types', () =>
    HttpResponse.json({
      data: [
        { value: 'TD01', text: 'Fattura' },
        { value: 'TD04', text: 'Nota di Credito' },
      ],
    }),
  ),
  http.get('*/api/edocuments_suggested_number', () => HttpResponse.json({ data: '42' })),
  http.get('*/api/list/Customer/:collection', () =>
    listAnswer([{ id: 7, label: 'Rossi Srl', business_name: 'Rossi Srl' }]),
  ),
  http.get('*/api/list/EDocument/:collection', () => listAnswer([])),
  // the editor's customer card: whether it withholds
  http.get('*/api/customers/:id', ({ params }) =>
    HttpResponse.json({ data: { id: Number(params.id), business_name: 'Rossi Srl', vat_id: '02000010013' } }),
  ),
  http.post('*/api/edocument', async ({ request }) => {
    const body = (await request.json()) as Row;
    requests.push({ method: 'POST', url: request.url, body });
    return HttpResponse.json(
      { data: { eDocumentId: 9, updated_at: '2031-01-01 10:00:00.000' }, warnings: body.correctsId ? [] : [UNLINKED] },
      { status: 201 },
    );
  }),
  http.get('*/api/edocument/:id', ({ params }) =>
    HttpResponse.json({
      data: {
        id: Number(params.id),
        studioId: 1,
        customerId: 7,
        customer: { id: 7, business_name: 'Rossi Srl' },
        documentType: 'TD04',
        documentDate: '2031-01-01',
        documentNumber: '42',
        correctsId: null,
        corrects: null,
        serviceRows: [
          { id: 1, studio_service_id: null, description: 'Storno', quantity: 1, price: '10.00', vat: 22, nature: null },
        ],
        updated_at: '2031-01-01 10:00:00.000',
        trashed: false,
      },
    }),
  ),
  http.get('*/api/edocuments/:id/actions/validate_xml', () =>
    HttpResponse.json({ message: 'La fattura 42 è valida', details: [] }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

describe("C38 the seed's answer in the bulk action", () => {
  it('C38 Genera rate reads `data` as the list of transactions made: per customer count, total and first date; the skipped beside it', async () => {
    const user = userEvent.setup();
    const ctx = {
      selectedIds: [3, 4, 5],
      onUnselectItems: () => {},
      onSelect: () => {},
      resource: 'Customer',
      data: [],
      total: 0,
    } as unknown as ListControllerResult;
    render(
      <AdminContext dataProvider={dataProvider}>
        <ListContextProvider value={ctx}>
          <GenerateInstallmentsButton />
        </ListContextProvider>
      </AdminContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Genera rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    await user.click(within(dialog).getByRole('button', { name: 'Genera' }));
    const created = await within(dialog).findByRole('table', { name: 'Rate create per cliente' });
    expect(requests.map((r) => r.body)).toEqual([{ customer_ids: [3, 4, 5], year: expect.any(Number) }]);
    expect(dialog).toHaveTextContent('Rate create: 3 per 2 clienti');
    const rows = within(created)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Alfa Srl', '2', '1.000,01 €', '01-01-2031'],
      ['Gamma Snc', '1', '80,00 €', '01-01-2031'],
    ]);
    expect(
      within(within(dialog).getByRole('table', { name: 'Clienti esclusi' })).getByText('Cliente cessato'),
    ).toBeInTheDocument();
  });
});

describe('C70 card amounts in cents', () => {
  it("C70 the card payment sends amount=5970 for 3 months at 19,90 € and reads the answer's cents as 59,70 €", async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/pay_init');
    await user.click(await screen.findByRole('combobox', { name: 'Mesi di abbonamento' }));
    await user.click(await screen.findByRole('option', { name: '3 mesi' }));
    await user.click(screen.getByRole('button', { name: 'Paga con Carta (Stripe)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento con carta' });
    expect(queryOf(requests[0]!.url)).toMatchObject({ quantity: '3', amount: '5970' });
    expect(dialog.textContent!.replace(/\s+/g, ' ')).toBe('pi_42_secret_abc 59,70 € 3');
  });
});

describe('C52 a credit note that names no invoice', () => {
  it("C52 a TD04 is saved without choosing the corrected invoice (correctsId null) and the server's warning is shown", async () => {
    login('Collaboratore');
    const user = userEvent.setup({ delay: null });
    renderApp('/scheda_EDocument');
    await screen.findByRole('heading', { name: 'Nuova fattura elettronica' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Numero/ })).toHaveValue('42'));
    const combo = screen.getByRole('combobox', { name: /^Cliente/ });
    await user.click(combo);
    await user.type(combo, 'Ros');
    await user.click(await screen.findByRole('option', { name: 'Rossi Srl' }));
    await user.click(screen.getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Nota di Credito' }));
    expect(await screen.findByRole('combobox', { name: /^Fattura corretta/ })).toBeInTheDocument();
    const row = screen.getByRole('group', { name: 'Riga 1' });
    await user.type(within(row).getByRole('textbox', { name: /^Descrizione/ }), 'Storno');
    await user.type(within(row).getByRole('textbox', { name: /^Prezzo/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ documentType: 'TD04', customerId: 7, correctsId: null });
    expect(await screen.findByText(`Nota di credito salvata. Attenzione: ${UNLINKED}`)).toBeInTheDocument();
    await waitFor(() => expect(location.current.pathname).toBe('/scheda_EDocument/9'));
  });
});

describe('6 the payment sandbox says so on every page', () => {
  const withSandbox = (on: boolean) =>
    server.use(
      http.get('*/api/var/client_var', () =>
        HttpResponse.json({
          APPNAME: 'Gestionale Test',
          VERSION: '3.5.1',
          BUILD_ID: 'test',
          CREDIT_ENABLED: false,
          PAYMENT_SANDBOX: on,
        }),
      ),
    );

  it("C01 PAYMENT_SANDBOX on: a warning bar 'Pagamenti di prova: nessun addebito reale' for every role, on every page", async () => {
    withSandbox(true);
    for (const [role, path] of [
      ['Collaboratore', '/Menu'],
      ['Admin', '/pay_init'],
      ['SuperAdmin', '/Menu'],
    ] as const) {
      login(role);
      renderApp(path);
      expect(await screen.findByText('Pagamenti di prova: nessun addebito reale')).toBeVisible();
      cleanup();
      logout();
    }
  });

  it('C01 PAYMENT_SANDBOX off: no bar', async () => {
    withSandbox(false);
    login('Admin');
    renderApp('/Menu');
    // the shell has read the settings: the footer shows their application name
    expect((await screen.findAllByText(/Gestionale Test/)).length).toBeGreaterThan(0);
    expect(screen.queryByText('Pagamenti di prova: nessun addebito reale')).toBeNull();
  });
});
