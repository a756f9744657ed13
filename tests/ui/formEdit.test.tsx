/**
 * UI tests of the generic edit form (src/form/*) on the Customer model and of the Scheda route,
 * rendered through the whole <App/> with a logged Admin, and the form defects of issue 7 (the
 * mock API: customerForm.tsx; the create form: form.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { location, renderApp } from './harness';
import {
  api,
  exact,
  field,
  fillRequired,
  form,
  helperOf,
  openCreate,
  openEdit,
  RECORD,
  retype,
  server,
  submit,
  useCustomerApi,
} from './customerForm';

useCustomerApi();

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
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Legale rappresentante/ })).toHaveValue('Mario Bianchi'),
    );
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
      business_name: 'Alfa Srl Unipersonale',
      yearly_accounting_amount: 1500,
      updated_at: '2026-01-10 10:00:00',
      acquisition_date: '2024-02-29',
      legal_representative_id: 4,
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
    [
      409,
      { message: 'Stai cercando di inserire un elemento che è stato già cancellato.' },
      'Stai cercando di inserire un elemento che è stato già cancellato.',
    ],
    [403, { message: 'Operazione non consentita (403)' }, 'Operazione non consentita (403)'],
    [
      500,
      { message: 'Errore interno del server: riprova più tardi' },
      'Errore nel Salvataggio dati: Errore interno del server: riprova più tardi',
    ],
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
    expect(
      await screen.findByText('Stai cercando di inserire un elemento che è stato già cancellato.'),
    ).toBeInTheDocument();
    expect(location.current.pathname).toBe('/Customer/create');
  });

  it('server 422 field errors show under their fields', async () => {
    const user = userEvent.setup();
    api.saveStatus = 422;
    api.saveAnswer = {
      message: 'Dati non validi: controlla i campi evidenziati',
      errors: { cod: ['Valore già presente'], email: ['Email Non Valida'] },
    };
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
    server.use(
      http.get('*/api/customers/:id', () => HttpResponse.json({ message: 'Elemento non trovato' }, { status: 404 })),
    );
    renderApp('/Customer/99');
    expect(await screen.findByText('Errore nel caricamento dati 404 Elemento non trovato')).toBeInTheDocument();
  });

  it('a trashed record shows the notice; Ripristina sends the restore PUT and reloads', async () => {
    const user = userEvent.setup();
    api.record = { ...RECORD, trashed: true, deleted_at: '2026-02-01 09:00:00' };
    await openEdit();
    const notice = await screen.findByText(
      'Stai lavorando su un elemento cestinato, clicca su ripristina per ripristinarlo fuori dal cestino.',
    );
    const alert = notice.closest('.MuiAlert-root') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Ripristina' }));
    await waitFor(() =>
      expect(api.puts).toEqual([
        { id: '5', body: { restore: true, deleted_at: null, updated_at: '2026-01-10 10:00:00' } },
      ]),
    );
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

  it("the shortcuts' tooltip, shown on hover, describes 'Scorciatoie' and leaves its name (no label-content mismatch)", async () => {
    const user = userEvent.setup();
    await openEdit();
    const shortcuts = within(form()).getByRole('button', { name: /^Scorciatoie da tastiera/ });
    await user.hover(shortcuts);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Alt+S: Salva');
    // the name still holds the visible text; the tooltip is the description
    expect(shortcuts).toHaveAccessibleName(/^Scorciatoie da tastiera: Alt\+S salva/);
    expect(shortcuts).toHaveAccessibleDescription(/Alt\+S: Salva/);
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
