/**
 * UI tests of the generic create form (src/form/*) on the Customer model, of the NewScheda route
 * and of the simple list /lista/{id}, rendered through the whole <App/> with a logged Admin (the
 * mock API: customerForm.tsx; the edit form: formEdit.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { location, renderApp } from './harness';
import {
  api,
  exact,
  field,
  fillRequired,
  helperOf,
  openCreate,
  retype,
  server,
  submit,
  todayDisplay,
  useCustomerApi,
  validCf,
  validVat,
  wrongCf,
  wrongVat,
} from './customerForm';

useCustomerApi();

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
    server.use(
      http.get('*/api/transaction_types', () =>
        HttpResponse.json({
          data: [
            { value: 'CHARGE', text: 'Addebito' },
            { value: 'PAYMENT', text: 'Incasso' },
            { value: 'ADJUSTMENT', text: 'Conguaglio' },
          ],
        }),
      ),
    );
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
    expect(helperOf(screen.getByRole('textbox', { name: 'Tariffa annuale' }))).toHaveTextContent(
      exact('Campo Obbligatorio'),
    );
    expect(helperOf(screen.getByRole('combobox', { name: /^Legale rappresentante/ }))).toHaveTextContent(
      exact('Campo Obbligatorio'),
    );
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
      business_name: 'Nuova Srl',
      email: 'nuova@example.it',
      yearly_accounting_amount: 900,
      cedolino_rate: 0,
      legal_representative_id: 4,
      sdi_code: '0000000',
      ceased: 0,
      yearly_number_of_installments: 1,
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
    await waitFor(() =>
      expect(helperOf(amount)).toHaveTextContent(exact('Importo non valido: massimo 8 cifre e 2 decimali')),
    );
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
    await waitFor(() =>
      expect(within(list).queryByText('SRL Società a responsabilità limitata')).not.toBeInTheDocument(),
    );
    expect(api.simpleLists).toBe(2);
  });

  it('a row opens the edit form of the record', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/legal_statuses/:id', ({ params }) =>
        HttpResponse.json({
          data: { id: Number(params.id), cod: 'SPA', description: 'Società per azioni', trashed: false },
        }),
      ),
    );
    renderApp('/lista/LegalStatus');
    await user.click(await screen.findByText('SPA Società per azioni'));
    await waitFor(() => expect(location.current.pathname).toBe('/LegalStatus/2'));
    await waitFor(() => expect(field('Codice')).toHaveValue('SPA'));
  });
});
