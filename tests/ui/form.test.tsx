/**
 * UI tests of the generic create/edit form (src/form/*) on the Customer model, of the
 * NewScheda/Scheda routes and of the simple list /lista/{id}, rendered through the whole
 * <App/> with a logged Admin. The API is mocked with msw; unknown calls fail the test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fiscalCodeCheckChar, vatCheckDigit } from '../../model/validators';
import { location, login, logout, renderApp, shellHandlers } from './harness';

// ---------------------------------------------------------------------------
// API mock
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

const RECORD: Row = {
  id: 5, cod: 'C005', business_name: 'Alfa Srl', vat_id: null, fiscal_code: null, address: 'Via Roma 1', postal_code: '20100',
  city: 'Milano', pec: null, telephone: null, fax: null, mobile_number: null, email: 'alfa@example.it',
  yearly_number_of_installments: 4, yearly_accounting_amount: 1200.5, cedolino_rate: 15, acquisition_date: '2024-02-29',
  money_laundering_module_av1_enable_default_values: 0, sdi_code: 'ABC1234', ceased: 0,
  legal_representative_id: 4, legal_representative: { id: 4, label: 'Mario Bianchi' },
  legal_status_id: null, legal_status: null, collaborator_accounting_id: null, collaborator_accounting: null,
  collaborator_studio_jobs_id: null, collaborator_studio_jobs: null, note: 'Nota interna',
  created_at: '2024-02-29 09:00:00', updated_at: '2026-01-10 10:00:00', deleted_at: null, trashed: false,
};

const LEGAL_REPRESENTATIVES = [{ id: 4, label: 'Mario Bianchi', name: 'Mario', surname: 'Bianchi' }, { id: 6, label: 'Anna Verdi', name: 'Anna', surname: 'Verdi' }];

interface Api {
  collaboratorCalls: number;
  record: Row;
  gets: string[];
  posts: Row[];
  puts: Array<{ id: string; body: Row }>;
  saveStatus: number;
  saveAnswer: Row;
  getStatus: number;
  audits: string[];
  simpleDeletes: string[];
  simpleDeleteQueries: string[];
  simpleLists: number;
}

const fresh = (): Api => ({
  record: { ...RECORD }, gets: [], posts: [], puts: [], saveStatus: 200, saveAnswer: {}, getStatus: 200, audits: [],
  simpleDeletes: [], simpleDeleteQueries: [], simpleLists: 0, collaboratorCalls: 0,
});
let api = fresh();

const listAnswer = (data: Row[]) => HttpResponse.json({
  data, meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
  item_meta_data: { can_add_new: true, expand_field: null, is_selectable: true, is_erasable: true, disable_edit_item: false, items: {} },
});

const saveFailure = () => HttpResponse.json(api.saveAnswer, { status: api.saveStatus });

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customers/:id', ({ params }) => {
    api.gets.push(String(params.id));
    if (api.getStatus !== 200) return HttpResponse.json({ message: 'Operazione non consentita (403)' }, { status: api.getStatus });
    return HttpResponse.json({ data: { ...api.record, id: Number(params.id) } });
  }),
  http.post('*/api/customers', async ({ request }) => {
    const body = (await request.json()) as Row;
    api.posts.push(body);
    if (api.saveStatus !== 200) return saveFailure();
    api.record = { ...RECORD, ...body, id: 77 };
    return HttpResponse.json({ data: api.record }, { status: 201 });
  }),
  http.put('*/api/customers/:id', async ({ request, params }) => {
    const body = (await request.json()) as Row;
    api.puts.push({ id: String(params.id), body });
    if (api.saveStatus !== 200) return saveFailure();
    api.record = body.restore ? { ...api.record, trashed: false, deleted_at: null } : { ...api.record, ...body, updated_at: '2026-03-01 12:00:00' };
    return HttpResponse.json({ data: api.record });
  }),
  http.get('*/api/audit_log/Customer/:id', ({ params }) => {
    api.audits.push(String(params.id));
    return HttpResponse.json({ data: [
      { id: 12, action: 'update', user_id: 1, user_name: 'Mario Rossi', at: '2026-01-10 10:00:00', changes: { business_name: ['Alfa', 'Alfa Srl'], yearly_accounting_amount: ['1000', '1200.5'] } },
      { id: 3, action: 'create', user_id: 3, user_name: 'Laura Neri', at: '2024-02-29 09:00:00', changes: null },
    ] });
  }),
  // simple list /lista/LegalStatus
  http.get('*/api/list/LegalStatus', () => {
    api.simpleLists += 1;
    const rows = [
      { id: 1, cod: 'SRL', description: 'Società a responsabilità limitata' },
      { id: 2, cod: 'SPA', description: 'Società per azioni' },
    ].filter((r) => !api.simpleDeletes.includes(`/api/legal_status/${r.id}`));
    return HttpResponse.json({
      data: rows, meta: { total: rows.length, current_page: 1, per_page: 100000, last_page: 1 },
      item_meta_data: { can_add_new: true, expand_field: null, is_selectable: true, is_erasable: true, disable_edit_item: false, items: { 2: { is_erasable: false } } },
    });
  }),
  http.delete('*/api/legal_status/:id', ({ request, params }) => {
    api.simpleDeletes.push(`/api/legal_status/${params.id}`);
    api.simpleDeleteQueries.push(new URL(request.url).search);
    return HttpResponse.json({ data: { trashed: 1, deleted: 0 } });
  }),
  // the collaborator selects use C23, open to every role that edits customers
  http.get('*/api/collaborators', () => { api.collaboratorCalls += 1; return HttpResponse.json({ data: [{ id: 7, name: 'Laura Neri' }, { id: 9, name: 'Paolo Verdi' }] }); }),
  // select lists of the relation inputs (getList) and of their current values (getMany)
  http.get('*/api/list/LegalRepresentative/:collection', () => listAnswer(LEGAL_REPRESENTATIVES)),
  http.get('*/api/list/:model/:collection', () => listAnswer([])),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = fresh();
  login();
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
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by its label (required labels end with an asterisk). */
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${esc(label)}(\\s*\\*)?$`) });
/** Exactly this text (a raw '@@react-admin@@"…"' encoded message would not match). */
const exact = (text: string) => new RegExp(`^${esc(text)}$`);
/** The helper text (where errors show) of a field. */
const helperOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]) as HTMLElement;
/** The form (the app bar has an 'Aggiorna' refresh button too). */
const form = () => document.querySelector('#main-content form') as HTMLElement;
const submit = (name: 'Salva' | 'Aggiorna') => within(form()).getByRole('button', { name });

/** Today as DD-MM-YYYY, in the studio's time zone (as the model's default). */
const todayDisplay = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
  return `${d}-${m}-${y}`;
};

async function openCreate(entries: string[] = []) {
  renderApp('/Customer/create', entries);
  await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
  return field('Ragione Sociale');
}

async function openEdit(id = 5, entries: string[] = []) {
  renderApp(`/Customer/${id}`, entries);
  await waitFor(() => expect(field('Ragione Sociale')).toHaveValue('Alfa Srl'));
}

async function retype(user: User, el: HTMLElement, text: string) {
  await user.clear(el);
  if (text) await user.type(el, text);
}

async function chooseLegalRepresentative(user: User, name = 'Mario Bianchi') {
  await user.click(screen.getByRole('combobox', { name: /^Legale rappresentante/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Fills the required fields of a new customer (the others keep their defaults). */
async function fillRequired(user: User) {
  await user.type(field('Ragione Sociale'), 'Nuova Srl');
  await user.type(field('Email'), 'nuova@example.it');
  await user.type(screen.getByRole('textbox', { name: 'Tariffa annuale' }), '900');
  await chooseLegalRepresentative(user);
}

const validVat = (first10 = '0123456789') => `${first10}${vatCheckDigit(first10)}`;
const wrongVat = (first10 = '0123456789') => `${first10}${(Number(vatCheckDigit(first10)) + 1) % 10}`;
const validCf = (first15 = 'RSSMRA80A01H501') => `${first15}${fiscalCodeCheckChar(first15)}`;
const wrongCf = (first15 = 'RSSMRA80A01H501') => `${first15}${fiscalCodeCheckChar(first15) === 'A' ? 'B' : 'A'}`;

// ---------------------------------------------------------------------------
// create
// ---------------------------------------------------------------------------

describe('form: create', () => {
  it('starts with the declared defaults: acquisition date today (DD-MM-YYYY), sdi_code 0000000, ceased off', async () => {
    await openCreate();
    expect(screen.getByRole('textbox', { name: 'Data acquisizione' })).toHaveValue(todayDisplay());
    expect(field('Codice SDI')).toHaveValue('0000000');
    expect(screen.getByRole('switch', { name: 'Cessato' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Costo cedolino' })).toHaveValue('0,00');
    expect(screen.getByRole('combobox', { name: /^Numero rate annuali/ })).toHaveTextContent('Annuale');
    expect(field('Ragione Sociale')).toHaveValue('');
    // no history nor 'Nuovo' on a new record
    expect(screen.queryByRole('button', { name: 'Storico modifiche' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument();
  });

  it('a fresh form with a multiple-mode switch (a movement) is not modified before the user types; the switch marks it', async () => {
    server.use(http.get('*/api/transaction_types', () => HttpResponse.json({ data: [{ value: 'CHARGE', text: 'Addebito' }, { value: 'PAYMENT', text: 'Incasso' }, { value: 'ADJUSTMENT', text: 'Conguaglio' }] })));
    const user = userEvent.setup();
    renderApp('/Transaction/create');
    await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
    const multiple = screen.getByRole('switch', { name: /^Modalità multipla/ });
    expect(multiple).not.toBeChecked();
    // the options of the type have arrived and every input has settled
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Tipo/ })).toHaveTextContent('Addebito'));
    expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument();
    await user.click(multiple);
    expect(await screen.findByText('Ci sono modifiche non salvate')).toBeInTheDocument();
  });

  it("shows 'Campo Obbligatorio' under each empty required field and sends nothing", async () => {
    const user = userEvent.setup();
    await openCreate();
    await user.type(field('Città'), 'Milano');
    await user.click(submit('Salva'));
    const business = field('Ragione Sociale');
    await waitFor(() => expect(helperOf(business)).toHaveTextContent(exact('Campo Obbligatorio')));
    expect(business).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(field('Email'))).toHaveTextContent(exact('Campo Obbligatorio'));
    expect(helperOf(screen.getByRole('textbox', { name: 'Tariffa annuale' }))).toHaveTextContent(exact('Campo Obbligatorio'));
    expect(helperOf(screen.getByRole('combobox', { name: /^Legale rappresentante/ }))).toHaveTextContent(exact('Campo Obbligatorio'));
    // optional fields have no error
    expect(helperOf(field('Città'))).not.toHaveTextContent('Campo Obbligatorio');
    expect(helperOf(field('Partita IVA'))).not.toHaveTextContent(/\S/);
    expect(api.posts).toHaveLength(0);
    // the first invalid field gets the focus
    await waitFor(() => expect(document.activeElement).toBe(business));
  });

  it('C23: the collaborator selects offer the studio collaborators from GET /api/collaborators', async () => {
    const user = userEvent.setup();
    await openCreate();
    const select = screen.getByRole('combobox', { name: 'Collaboratore contabilità' });
    await user.click(select);
    expect(await screen.findByRole('option', { name: 'Laura Neri' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Paolo Verdi' })).toBeInTheDocument();
    expect(api.collaboratorCalls).toBeGreaterThan(0);
  });

  it('posts the new customer with the typed and default values', async () => {
    const user = userEvent.setup();
    localStorage.setItem('RaStore.prefs.backOnSave', 'false');
    await openCreate();
    await fillRequired(user);
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toMatchObject({
      business_name: 'Nuova Srl', email: 'nuova@example.it', yearly_accounting_amount: 900, cedolino_rate: 0,
      legal_representative_id: 4, sdi_code: '0000000', ceased: 0, yearly_number_of_installments: 1,
      acquisition_date: todayDisplay().split('-').reverse().join('-'),
    });
  });

  it('VAT number (optional for customers): length, characters and check digit messages', async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const vat = field('Partita IVA');
    await user.type(vat, '12345');
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(vat)).toHaveTextContent(exact('Lunghezza Partita Iva non valida')));
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    await retype(user, vat, '0123456789X');
    await waitFor(() => expect(helperOf(vat)).toHaveTextContent(exact('Uno o più caratteri non validi')));
    await retype(user, vat, wrongVat());
    await waitFor(() => expect(helperOf(vat)).toHaveTextContent(exact('Partita Iva Non Valida')));
    expect(api.posts).toHaveLength(0);
    // never 'Partita iva non immessa': the field is optional here
    await retype(user, vat, '');
    await waitFor(() => expect(vat).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.queryByText('Partita iva non immessa')).not.toBeInTheDocument();
    await retype(user, vat, validVat());
    await waitFor(() => expect(vat).toHaveAttribute('aria-invalid', 'false'));
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].vat_id).toBe(validVat());
  });

  it('fiscal code: length, characters and check letter messages; typed lowercase, sent uppercase', async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const cf = field('Codice fiscale');
    await user.type(cf, 'RSSMRA');
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(cf)).toHaveTextContent(exact('Lunghezza Codice Fiscale non valida')));
    await retype(user, cf, '1234567890ABCDEF');
    await waitFor(() => expect(helperOf(cf)).toHaveTextContent(exact('Caratteri non validi')));
    await retype(user, cf, wrongCf());
    await waitFor(() => expect(helperOf(cf)).toHaveTextContent(exact('Codice Fiscale Non Valido')));
    expect(api.posts).toHaveLength(0);
    await retype(user, cf, validCf().toLowerCase());
    await waitFor(() => expect(cf).toHaveAttribute('aria-invalid', 'false'));
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].fiscal_code).toBe(validCf());
  });

  it("e-mail: 'Email Non Valida' (PEC too)", async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    await retype(user, field('Email'), 'non-una-mail');
    await user.type(field('PEC'), 'pec@dominio');
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(field('Email'))).toHaveTextContent(exact('Email Non Valida')));
    expect(helperOf(field('PEC'))).toHaveTextContent(exact('Email Non Valida'));
    expect(api.posts).toHaveLength(0);
  });

  it("money input formats '1234,5' as '1.234,50' on blur and sends 1234.5", async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const amount = screen.getByRole('textbox', { name: 'Tariffa annuale' });
    await retype(user, amount, '1234,5');
    expect(amount).toHaveValue('1234,5');
    await user.tab();
    expect(amount).toHaveValue('1.234,50');
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].yearly_accounting_amount).toBe(1234.5);
  });

  it('money input accepts 8 significant digits and rejects more', async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const amount = screen.getByRole('textbox', { name: 'Tariffa annuale' });
    await retype(user, amount, '1234567,89');
    await user.tab();
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(amount)).toHaveTextContent(exact('Importo non valido: massimo 8 cifre e 2 decimali')));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.posts).toHaveLength(0);
    await retype(user, amount, '123456,78');
    await user.tab();
    expect(amount).toHaveValue('123.456,78');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'false'));
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].yearly_accounting_amount).toBe(123456.78);
  });

  it('date input shows DD-MM-YYYY and sends YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const date = screen.getByRole('textbox', { name: 'Data acquisizione' });
    await retype(user, date, '05-03-2026');
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0].acquisition_date).toBe('2026-03-05');
  });

  it("an invalid date shows 'formato corretto DD-MM-YYYY' and sends nothing", async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    const date = screen.getByRole('textbox', { name: 'Data acquisizione' });
    await retype(user, date, '31-02-2026');
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(date)).toHaveTextContent(exact('formato corretto DD-MM-YYYY')));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(api.posts).toHaveLength(0);
    await retype(user, date, '');
    await user.click(submit('Salva'));
    await waitFor(() => expect(helperOf(date)).toHaveTextContent(exact('Campo Obbligatorio')));
    expect(api.posts).toHaveLength(0);
  });

  it('after a create the route is replaced with the new id (back-on-save off)', async () => {
    const user = userEvent.setup();
    localStorage.setItem('RaStore.prefs.backOnSave', 'false');
    await openCreate(['/table/Customer']);
    await fillRequired(user);
    await user.click(submit('Salva'));
    await waitFor(() => expect(location.current.pathname).toBe('/Customer/77'));
    await waitFor(() => expect(submit('Aggiorna')).toBeInTheDocument());
    await waitFor(() => expect(api.gets).toContain('77'));
    await waitFor(() => expect(field('Ragione Sociale')).toHaveValue('Nuova Srl'));
    // replaced, not pushed: going back leaves the form
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
  });

  it('after a create with back-on-save on (the default) the user goes back one page', async () => {
    const user = userEvent.setup();
    await openCreate(['/Menu']);
    await fillRequired(user);
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    await waitFor(() => expect(location.current.pathname).toBe('/Menu'));
  });

  it('/NewSchedaCustomer resolves to the create form', async () => {
    renderApp('/NewSchedaCustomer');
    await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
    expect(location.current.pathname).toBe('/Customer/create');
    expect(field('Codice SDI')).toHaveValue('0000000');
    expect(screen.queryByText('Pagina NON trovata')).not.toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------
// edit
// ---------------------------------------------------------------------------

describe('form: edit', () => {
  it('loads the record: dates DD-MM-YYYY, money with separators, relation label', async () => {
    await openEdit();
    expect(api.gets).toEqual(['5']);
    expect(screen.getByRole('textbox', { name: 'Data acquisizione' })).toHaveValue('29-02-2024');
    expect(screen.getByRole('textbox', { name: 'Tariffa annuale' })).toHaveValue('1.200,50');
    expect(screen.getByRole('combobox', { name: /^Numero rate annuali/ })).toHaveTextContent('Trimestrale');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Legale rappresentante/ })).toHaveValue('Mario Bianchi'));
    expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument();
    expect(screen.queryByText(/Stai lavorando su un elemento cestinato/)).not.toBeInTheDocument();
  });

  it('/SchedaCustomer/5 resolves to the edit form of record 5', async () => {
    renderApp('/SchedaCustomer/5');
    await waitFor(() => expect(field('Ragione Sociale')).toHaveValue('Alfa Srl'));
    expect(location.current.pathname).toBe('/Customer/5');
    expect(api.gets).toContain('5');
    expect(submit('Aggiorna')).toBeInTheDocument();
  });

  it("shows 'Ci sono modifiche non salvate' once the form is dirty", async () => {
    const user = userEvent.setup();
    await openEdit();
    expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument();
    await user.type(field('Città'), ' Centro');
    expect(await screen.findByText('Ci sono modifiche non salvate')).toBeInTheDocument();
  });

  it('save sends PUT /api/customers/{id} with the changes and updated_at, then the form is clean', async () => {
    const user = userEvent.setup();
    await openEdit();
    await retype(user, field('Ragione Sociale'), 'Alfa Srl Unipersonale');
    const amount = screen.getByRole('textbox', { name: 'Tariffa annuale' });
    await retype(user, amount, '1500');
    await user.tab();
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0].id).toBe('5');
    expect(api.puts[0].body).toMatchObject({
      business_name: 'Alfa Srl Unipersonale', yearly_accounting_amount: 1500, updated_at: '2026-01-10 10:00:00',
      acquisition_date: '2024-02-29', legal_representative_id: 4,
    });
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Ci sono modifiche non salvate')).not.toBeInTheDocument());
  });

  it('Alt+S submits the form', async () => {
    const user = userEvent.setup();
    await openEdit();
    await retype(user, field('Città'), 'Bergamo');
    fireEvent.keyDown(document, { key: 's', code: 'KeyS', altKey: true });
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0].body.city).toBe('Bergamo');
  });

  it.each([
    [409, { message: 'Stai cercando di inserire un elemento che è stato già cancellato.' }, 'Stai cercando di inserire un elemento che è stato già cancellato.'],
    [403, { message: 'Operazione non consentita (403)' }, 'Operazione non consentita (403)'],
    [500, { message: 'Errore interno del server: riprova più tardi' }, 'Errore nel Salvataggio dati: Errore interno del server: riprova più tardi'],
  ])('a %i answer to the save shows its message', async (status, answer, message) => {
    const user = userEvent.setup();
    api.saveStatus = status;
    api.saveAnswer = status === 409 ? { message: 'Conflitto' } : answer;
    await openEdit();
    await retype(user, field('Città'), 'Bergamo');
    await user.click(submit('Aggiorna'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // the changes are kept
    expect(field('Città')).toHaveValue('Bergamo');
    expect(screen.getByText('Ci sono modifiche non salvate')).toBeInTheDocument();
  });

  it('a 409 to a create shows the trashed-duplicate message', async () => {
    const user = userEvent.setup();
    api.saveStatus = 409;
    api.saveAnswer = { message: 'Stai cercando di inserire un elemento che è stato già cancellato.' };
    await openCreate();
    await fillRequired(user);
    await user.type(field('Codice'), 'C001');
    await user.click(submit('Salva'));
    expect(await screen.findByText('Stai cercando di inserire un elemento che è stato già cancellato.')).toBeInTheDocument();
    expect(location.current.pathname).toBe('/Customer/create');
  });

  it('server 422 field errors show under their fields', async () => {
    const user = userEvent.setup();
    api.saveStatus = 422;
    api.saveAnswer = { message: 'Dati non validi: controlla i campi evidenziati', errors: { cod: ['Valore già presente'], email: ['Email Non Valida'] } };
    await openEdit();
    await retype(user, field('Codice'), 'C001');
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(helperOf(field('Codice'))).toHaveTextContent(exact('Valore già presente')));
    expect(field('Codice')).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(field('Email'))).toHaveTextContent(exact('Email Non Valida'));
    expect(api.puts).toHaveLength(1);
  });

  it("403 on load shows 'Operazione non consentita (403)'", async () => {
    api.getStatus = 403;
    renderApp('/Customer/5');
    expect(await screen.findByText('Operazione non consentita (403)')).toBeInTheDocument();
  });

  it("another load failure shows 'Errore nel caricamento dati {status} {message}'", async () => {
    server.use(http.get('*/api/customers/:id', () => HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 })));
    renderApp('/Customer/99');
    expect(await screen.findByText('Errore nel caricamento dati 404 Elemento non trovato')).toBeInTheDocument();
  });

  it('a trashed record shows the notice; Ripristina sends the restore PUT and reloads', async () => {
    const user = userEvent.setup();
    api.record = { ...RECORD, trashed: true, deleted_at: '2026-02-01 09:00:00' };
    await openEdit();
    const notice = await screen.findByText('Stai lavorando su un elemento cestinato, clicca su ripristina per ripristinarlo fuori dal cestino.');
    const alert = notice.closest('.MuiAlert-root') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Ripristina' }));
    await waitFor(() => expect(api.puts).toEqual([{ id: '5', body: { restore: true, deleted_at: null, updated_at: '2026-01-10 10:00:00' } }]));
    await waitFor(() => expect(screen.queryByText(/Stai lavorando su un elemento cestinato/)).not.toBeInTheDocument());
    expect(api.gets.length).toBeGreaterThan(1);
  });

  it('the history dialog lists the audit entries of GET /api/audit_log/Customer/{id}', async () => {
    const user = userEvent.setup();
    await openEdit();
    await user.click(screen.getByRole('button', { name: 'Storico modifiche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storico modifiche' });
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(api.audits).toEqual(['5']);
    const [, update, create] = within(dialog).getAllByRole('row');
    expect(update).toHaveTextContent('10-01-2026 10:00');
    expect(update).toHaveTextContent('Mario Rossi');
    expect(update).toHaveTextContent('Modifica');
    expect(update).toHaveTextContent('Ragione Sociale: Alfa → Alfa Srl');
    expect(update).toHaveTextContent('Tariffa annuale: 1000 → 1200.5');
    expect(create).toHaveTextContent('29-02-2024 09:00');
    expect(create).toHaveTextContent('Laura Neri');
    expect(create).toHaveTextContent('Creazione');
  });

  it("'Nuovo' in the edit toolbar opens the create form", async () => {
    const user = userEvent.setup();
    await openEdit();
    await user.click(within(form()).getByRole('button', { name: 'Nuovo' }));
    await waitFor(() => expect(location.current.pathname).toBe('/Customer/create'));
    await waitFor(() => expect(submit('Salva')).toBeInTheDocument());
  });
});

// ---------------------------------------------------------------------------
// simple list
// ---------------------------------------------------------------------------

describe('simple list /lista/{id}', () => {
  it('lists the legal statuses and deletes one with DELETE /api/legal_status/{id}', async () => {
    const user = userEvent.setup();
    renderApp('/lista/LegalStatus');
    const list = await screen.findByRole('list', { name: 'Forme giuridiche' });
    await within(list).findByText('SRL Società a responsabilità limitata');
    expect(within(list).getByText('SPA Società per azioni')).toBeInTheDocument();
    // is_erasable false on SPA: no delete button
    expect(within(list).queryByRole('button', { name: 'Elimina SPA Società per azioni' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Elimina SRL Società a responsabilità limitata' }));
    await waitFor(() => expect(api.simpleDeletes).toEqual(['/api/legal_status/1']));
    expect(api.simpleDeleteQueries).toEqual(['?force_delete=auto']);
    await waitFor(() => expect(within(list).queryByText('SRL Società a responsabilità limitata')).not.toBeInTheDocument());
    expect(api.simpleLists).toBe(2);
  });

  it('a row opens the edit form of the record', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/legal_statuses/:id', ({ params }) => HttpResponse.json({ data: { id: Number(params.id), cod: 'SPA', description: 'Società per azioni', trashed: false } })));
    renderApp('/lista/LegalStatus');
    await user.click(await screen.findByText('SPA Società per azioni'));
    await waitFor(() => expect(location.current.pathname).toBe('/LegalStatus/2'));
    await waitFor(() => expect(field('Codice')).toHaveValue('SPA'));
  });
});

// ---------------------------------------------------------------------------
// issue 7
// ---------------------------------------------------------------------------

describe('7 form defects', () => {
  it('7.3 saving a trashed record sends deleted_at null and restore true', async () => {
    const user = userEvent.setup();
    api.record = { ...RECORD, trashed: true, deleted_at: '2026-02-01 09:00:00' };
    await openEdit();
    await screen.findByText(/Stai lavorando su un elemento cestinato/);
    await retype(user, field('Città'), 'Pavia');
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]!.body).toMatchObject({ city: 'Pavia', restore: true, deleted_at: null });
    expect(api.puts[0]!.body).not.toHaveProperty('trashed');
  });

  it('7.3 saving an active record sends no restore', async () => {
    const user = userEvent.setup();
    await openEdit();
    await retype(user, field('Città'), 'Pavia');
    await user.click(submit('Aggiorna'));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]!.body).not.toHaveProperty('restore');
  });

  it("7.13 a create form that is the first page of its tab goes to the model's list after 'Salva'", async () => {
    const user = userEvent.setup();
    await openCreate();
    await fillRequired(user);
    await user.click(submit('Salva'));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
  });

  it('7.10 text past the maximum stays as typed and shows the message at once', async () => {
    const user = userEvent.setup();
    await openCreate();
    const sdi = field('Codice SDI');
    await user.clear(sdi);
    await user.type(sdi, 'ABCDEFGH');
    expect(sdi).toHaveValue('ABCDEFGH');
    await waitFor(() => expect(helperOf(sdi)).toHaveTextContent(exact('Numero massimo di caratteri superato')));
    await user.type(sdi, '{Backspace}');
    await waitFor(() => expect(helperOf(sdi)).not.toHaveTextContent('Numero massimo di caratteri superato'));
  });

  it("7.10 letters in an amount show 'Inserisci un Numero Decimale'", async () => {
    const user = userEvent.setup();
    await openCreate();
    const rate = screen.getByRole('textbox', { name: 'Costo cedolino' });
    await retype(user, rate, '12a');
    await waitFor(() => expect(helperOf(rate)).toHaveTextContent(exact('Inserisci un Numero Decimale')));
  });

  it('7.9 the form has breadcrumbs and a close button that goes back', async () => {
    const user = userEvent.setup();
    await openEdit(5, ['/table/Customer']);
    const crumbs = screen.getByRole('navigation', { name: 'Percorso' });
    expect(within(crumbs).getByRole('link', { name: 'Gestione Clienti' })).toHaveAttribute('href', '/table/Customer');
    await within(crumbs).findByText('Cliente: Alfa Srl');
    await user.click(within(screen.getByTestId('close-header')).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(location.current.pathname).toBe('/table/Customer'));
  });

  it('7.5 the form sets the page title with the application name', async () => {
    await openEdit();
    await waitFor(() => expect(document.title).toBe('Cliente - Gestionale Test'));
  });
});
