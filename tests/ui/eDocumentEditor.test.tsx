/**
 * UI tests of the e-invoice editor (src/resources/EDocument/Editor.tsx; issue 13, seed B §5),
 * rendered through the whole <App/> with a logged user and the API mocked with msw. They prove:
 * the suggested number of a new document and the 'at least one row' rule; the shared row rules
 * (model/eDocument.ts `rowErrors`) stopping the save before any request; a studio service filling
 * its row; the live totals (`eDocumentTotals`); the seed's payload of a save and the route of the
 * new document; the server's refusal in a dialog; no save before the studio's data is loaded; the
 * validation warning of a saved document.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { EDOCUMENT_MESSAGES as M, eDocumentTotals } from '../../model/eDocument';
import { formatEuro } from '../../model/types';
import { location, login, logout, renderApp, shellHandlers } from './harness';

// ---------------------------------------------------------------------------
// API mock
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

const STUDIO = { id: 1, name: 'Studio Demo', fiscal_regime: 'RF01', withholding_tax: true, cassa_previdenza: true };
const SERVICES = [
  { id: 3, cod: 'CONS', description: 'Consulenza fiscale', cost: 120.5 },
  { id: 4, cod: null, description: 'Tenuta contabilità', cost: '300.00' },
];
const CUSTOMERS = [{ id: 7, label: 'Rossi Srl', business_name: 'Rossi Srl' }];
const DOC = {
  id: 5,
  studioId: 1,
  customerId: 7,
  customer: { id: 7, business_name: 'Rossi Srl' },
  documentType: 'TD01',
  documentDate: '2026-11-23',
  documentNumber: '5',
  correctsId: null,
  corrects: null,
  serviceRows: [
    {
      id: 51,
      studio_service_id: 3,
      description: 'Consulenza fiscale',
      quantity: 1,
      price: '120.50',
      vat: 22,
      nature: null,
    },
  ],
  updated_at: '2026-11-23 10:00:00.000',
  trashed: false,
};
const SAVE_REFUSED = 'Numero: Il numero 5 è già usato nel 2026: il primo libero è 6';
const INVALID = {
  message: 'La fattura 5 non è valida: ci sono 2 problemi da correggere',
  details: ["Cliente: manca l'indirizzo", 'Cliente: manca il CAP'],
};

interface Api {
  /** the VAT number of the chosen customer's card (null: a private person) */
  customerVat: string | null;
  posts: Row[];
  puts: Array<{ id: string; body: Row }>;
  suggestedDates: string[];
  saveStatus: number;
  /** false: /api/edocuments_studio never answers */
  studioAnswers: boolean;
  valid: boolean;
}
const fresh = (): Api => ({
  customerVat: '02000010013',
  posts: [],
  puts: [],
  suggestedDates: [],
  saveStatus: 200,
  studioAnswers: true,
  valid: true,
});
let api = fresh();

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
  http.get('*/api/edocuments_studio', async () => {
    if (!api.studioAnswers) await delay('infinite');
    return HttpResponse.json({ data: STUDIO });
  }),
  http.get('*/api/studio_services', () => HttpResponse.json({ data: SERVICES })),
  http.get('*/api/edocument_types', () =>
    HttpResponse.json({
      data: [
        { value: 'TD01', text: 'Fattura' },
        { value: 'TD04', text: 'Nota di Credito' },
      ],
    }),
  ),
  http.get('*/api/edocuments_suggested_number', ({ request }) => {
    api.suggestedDates.push(new URL(request.url).searchParams.get('date') ?? '');
    return HttpResponse.json({ data: '42' });
  }),
  http.get('*/api/edocument/:id', ({ params }) => HttpResponse.json({ data: { ...DOC, id: Number(params.id) } })),
  // a draft: never sent to SdI (issue 28)
  http.get('*/api/sdi/edocument/:id', () => HttpResponse.json({ data: { status: 'bozza', events: [] } })),
  http.get('*/api/edocuments/:id/actions/validate_xml', () =>
    api.valid
      ? HttpResponse.json({ message: 'La fattura è valida', details: [] })
      : HttpResponse.json(INVALID, { status: 400 }),
  ),
  http.post('*/api/edocument', async ({ request }) => {
    api.posts.push((await request.json()) as Row);
    if (api.saveStatus !== 200) return HttpResponse.json({ message: SAVE_REFUSED }, { status: api.saveStatus });
    return HttpResponse.json({ data: { eDocumentId: 9, updated_at: '2026-11-23 11:00:00.000' } }, { status: 201 });
  }),
  http.put('*/api/edocument/:id', async ({ params, request }) => {
    api.puts.push({ id: String(params.id), body: (await request.json()) as Row });
    return HttpResponse.json({ data: { eDocumentId: Number(params.id), updated_at: '2026-11-23 11:00:00.000' } });
  }),
  // the customer autocomplete: its options (getList) and its current value (getMany)
  http.get('*/api/list/Customer/:collection', () => listAnswer(CUSTOMERS)),
  // a credit note's invoices of the customer (none here)
  http.get('*/api/list/EDocument/:collection', () => listAnswer([])),
  // the chosen customer's card: whether it withholds (the live totals' ritenuta, issue 45 item 3)
  http.get('*/api/customers/:id', ({ params }) =>
    HttpResponse.json({
      data: { id: Number(params.id), business_name: 'Rossi Srl', vat_id: api.customerVat, withholding_agent: 'auto' },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = fresh();
  login('Collaboratore');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

type User = ReturnType<typeof userEvent.setup>;
/** Collapses every run of whitespace (the euro amounts may carry a non-breaking space). */
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const form = () => document.querySelector('#main-content form') as HTMLElement;
const saveButton = () => within(form()).getByRole('button', { name: 'Salva' });
const row = (n: number) => screen.getByRole('group', { name: `Riga ${n}` });
const rowCount = () => screen.queryAllByRole('group', { name: /^Riga \d+$/ }).length;
const description = (n: number) => within(row(n)).getByRole('textbox', { name: /^Descrizione/ });
const quantity = (n: number) => within(row(n)).getByRole('textbox', { name: /^Quantità/ });
const price = (n: number) => within(row(n)).getByRole('textbox', { name: /^Prezzo/ });
const numberInput = () => screen.getByRole('textbox', { name: /^Numero/ });
/** The label → amount pairs of the totals table, whitespace normalised. */
const totals = () =>
  Object.fromEntries(
    within(screen.getByRole('table', { name: 'Totali del documento' }))
      .getAllByRole('row')
      .map(
        (r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => norm(c.textContent)) as [string, string],
      ),
  );

async function openNew() {
  renderApp('/scheda_EDocument');
  await screen.findByRole('heading', { name: 'Nuova fattura elettronica' });
  await waitFor(() => expect(numberInput()).toHaveValue('42'));
}

async function retype(user: User, el: HTMLElement, text: string) {
  await user.clear(el);
  if (text) await user.type(el, text);
}

async function fillRow(user: User, n: number, r: { description: string; quantity: string; price: string }) {
  await retype(user, description(n), r.description);
  await retype(user, quantity(n), r.quantity);
  await retype(user, price(n), r.price);
}

async function chooseCustomer(user: User) {
  const combo = screen.getByRole('combobox', { name: /^Cliente/ });
  await user.click(combo);
  await user.type(combo, 'Ros');
  await user.click(await screen.findByRole('option', { name: 'Rossi Srl' }));
  await waitFor(() => expect(combo).toHaveValue('Rossi Srl'));
}

/** The studio answer has arrived: with a valid row in the form, the totals show its cassa. */
const studioLoaded = () => waitFor(() => expect(totals()).toHaveProperty('Cassa previdenza 4%'));

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('e-invoice editor', () => {
  it("new document: the server's suggested number; one row always remains", async () => {
    const user = userEvent.setup({ delay: null });
    await openNew();
    // the number is asked for the year of today's date
    expect(api.suggestedDates[0]).toMatch(/^\d{4}-01-01$/);
    expect(rowCount()).toBe(1);
    expect(screen.getByRole('button', { name: 'Elimina la riga 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Aggiungi riga' }));
    expect(rowCount()).toBe(2);
    expect(screen.getByRole('button', { name: 'Elimina la riga 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Elimina la riga 2' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Elimina la riga 2' }));
    expect(rowCount()).toBe(1);
    expect(screen.getByRole('button', { name: 'Elimina la riga 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Elimina la riga 2' })).toBeNull();
  });

  it('row rules: an empty description, a price of 0 and a quantity of 1,5 stop the save before any request', async () => {
    const user = userEvent.setup({ delay: null });
    await openNew();
    await chooseCustomer(user);
    await fillRow(user, 1, { description: '', quantity: '1,5', price: '0' });
    await user.click(saveButton());

    expect(await within(row(1)).findByText(M.description)).toBeInTheDocument();
    expect(within(row(1)).getByText(M.price)).toBeInTheDocument();
    expect(within(row(1)).getByText(M.quantity)).toBeInTheDocument();
    expect(M.description).toBe('Inserisci la descrizione');
    expect(M.price).toBe('Il prezzo deve essere maggiore di 0');
    expect(M.quantity).toBe('La quantità deve essere un numero intero maggiore di 0');
    expect(api.posts).toHaveLength(0);

    // once the row is right the same form is sent: the row rules were what held it back
    await fillRow(user, 1, { description: 'Consulenza', quantity: '1', price: '10' });
    await studioLoaded();
    await user.click(saveButton());
    await waitFor(() => expect(api.posts).toHaveLength(1));
  });

  it("picking a studio service fills the row's description and price from its cost", async () => {
    const user = userEvent.setup({ delay: null });
    await openNew();
    await user.click(within(row(1)).getByRole('combobox', { name: /^Servizio \(riga 1\)/ }));
    await user.click(await screen.findByRole('option', { name: /^CONS - Consulenza fiscale/ }));
    await waitFor(() => expect(description(1)).toHaveValue('Consulenza fiscale'));
    expect(price(1)).toHaveValue('120,50');
    expect(within(row(1)).getByRole('combobox', { name: /^Servizio \(riga 1\)/ })).toHaveTextContent(
      'CONS - Consulenza fiscale',
    );
  });

  it("live totals follow the rows and the studio's withholding and cassa", async () => {
    const user = userEvent.setup({ delay: null });
    await openNew();
    await fillRow(user, 1, { description: 'Consulenza', quantity: '1', price: '100' });
    await user.click(screen.getByRole('button', { name: 'Aggiungi riga' }));
    await fillRow(user, 2, { description: 'Dichiarazione', quantity: '2', price: '50' });

    const t = eDocumentTotals({
      rows: [
        { description: 'Consulenza', quantity: 1, price: 100, vat: 22 },
        { description: 'Dichiarazione', quantity: 2, price: 50, vat: 22 },
      ],
      studio: { regime: 'RF01', withholding: true, cassa: true },
      customer: { withholdingAgent: true },
    });
    const eur = (cents: number) => norm(formatEuro(cents / 100));
    await waitFor(() => expect(totals()['Imponibile']).toBe('200,00 €'));
    expect(totals()).toEqual({
      Imponibile: '200,00 €',
      'Cassa previdenza 4%': '8,00 €',
      'IVA 22% su 208,00 €': '45,76 €',
      'Totale documento': '253,76 €',
      "Ritenuta d'acconto 20%": '-40,00 €',
      'Netto a pagare': '213,76 €',
    });
    // the same figures as the shared computation (the server's)
    expect(totals()['Totale documento']).toBe(eur(t.total));
    expect(totals()['Netto a pagare']).toBe(eur(t.payable));
    expect(totals()['IVA 22% su 208,00 €']).toBe(eur(t.tax));

    // a row that breaks the rules does not count
    await retype(user, quantity(2), '1,5');
    await waitFor(() => expect(totals()['Imponibile']).toBe('100,00 €'));
  });

  it('issue 45 items 3 and 17: a private customer withholds nothing in the live totals; a credit note is titled and saved as one', async () => {
    const user = userEvent.setup({ delay: null });
    api.customerVat = null;
    await openNew();
    await chooseCustomer(user);
    await fillRow(user, 1, { description: 'Consulenza', quantity: '1', price: '100' });
    await studioLoaded();
    await waitFor(() => expect(totals()).not.toHaveProperty("Ritenuta d'acconto 20%"));
    const kind = screen.getByRole('combobox', { name: /^Tipo/ });
    await user.click(kind);
    await user.click(await screen.findByRole('option', { name: 'Nota di Credito' }));
    expect(await screen.findByRole('heading', { name: 'Nuova nota di credito' })).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText(/^Nota di credito salvata/)).toBeInTheDocument();
  });

  it("save: the seed's payload by POST, then the route of the new document", async () => {
    const user = userEvent.setup({ delay: null });
    await openNew();
    await chooseCustomer(user);
    await fillRow(user, 1, { description: 'Consulenza', quantity: '2', price: '100,50' });
    await studioLoaded();
    await user.click(saveButton());

    await waitFor(() => expect(api.posts).toHaveLength(1));
    const body = api.posts[0]!;
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'studioId',
        'customerId',
        'documentType',
        'documentDate',
        'documentNumber',
        'serviceRows',
      ]),
    );
    expect(body).toMatchObject({
      studioId: STUDIO.id,
      customerId: 7,
      documentType: 'TD01',
      documentNumber: '42',
      correctsId: null,
    });
    expect(body.documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body).not.toHaveProperty('updated_at');
    expect(body.serviceRows).toEqual([
      { studio_service_id: null, description: 'Consulenza', quantity: 2, price: 100.5, vat: 22, nature: null },
    ]);
    // new mode until the first save: then the route is the saved document's
    await waitFor(() => expect(location.history.map((l) => l.pathname)).toContain('/scheda_EDocument/9'));
  });

  it("save refused by the server: the reason in an 'Errore!!' dialog", async () => {
    const user = userEvent.setup({ delay: null });
    api.saveStatus = 422;
    await openNew();
    await chooseCustomer(user);
    await fillRow(user, 1, { description: 'Consulenza', quantity: '1', price: '100' });
    await studioLoaded();
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(dialog).toHaveTextContent(`Errore di salvataggio: ${SAVE_REFUSED}.`);
    expect(api.posts).toHaveLength(1);
    // the form stays where it was
    expect(location.current.pathname).toBe('/EDocument/create');
  });

  it("no save before the studio's data is loaded", async () => {
    const user = userEvent.setup({ delay: null });
    api.studioAnswers = false;
    await openNew();
    await chooseCustomer(user);
    await fillRow(user, 1, { description: 'Consulenza', quantity: '1', price: '100' });
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(dialog).toHaveTextContent(
      'Attendi il caricamento dei dati dello studio prima di salvare la fattura, ritenta tra qualche secondo.',
    );
    expect(api.posts).toHaveLength(0);
  });

  it('an edited document sends each kept row with the id it was read with (its charge stays invoiced, issue 28)', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/scheda_EDocument/5');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('Rossi Srl'));
    await studioLoaded();
    await user.click(saveButton());
    await waitFor(() => expect(api.puts).toHaveLength(1));
    const rows = api.puts[0]!.body.serviceRows as Array<{ id?: number }>;
    expect(rows.map((r) => r.id)).toEqual(DOC.serviceRows.map((r) => r.id));
  });

  it('a saved document that does not validate shows the problems as a warning', async () => {
    api.valid = false;
    renderApp('/scheda_EDocument/5');
    const warning = await screen.findByText(INVALID.message);
    const alert = warning.closest('[role="status"]') as HTMLElement;
    expect(alert).not.toBeNull();
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(["Cliente: manca l'indirizzo", 'Cliente: manca il CAP']);
    // the document itself is there, customer included
    expect(screen.getByRole('heading', { name: 'Fattura n. 5' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('Rossi Srl'));
  });
});
