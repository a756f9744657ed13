/**
 * Following up (issue 30), the whole <App/> against a mocked API (msw; unknown calls fail the
 * test): 'Solleciti' — the reminders to review listed with their customer, e-mail, level,
 * overdue amount and PDF; 'Esegui ora' running the day's procedure and saying what it did; the
 * reminders checked sent (exactly their ids, the ones skipped shown with why, the list read again
 * until none is being sent); the rules saved as the server expects them, its 422 shown under the
 * fields it names, and read-only for a Collaboratore — and the customer's card with its reminders'
 * history and the 'Contestato' mark.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { login, logout, portalQuietHandlers, queryOf, renderApp, shellHandlers } from './harness';
import { RECORD } from './customerForm';
import type {
  CustomerReminders,
  Reminder,
  ReminderLevel,
  ReminderSettings,
  ReminderSettingsView,
} from '../../model/api/reminders';
import { emptyAmlFile } from './journeys';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures

const reminder = (over: Partial<Reminder> & Pick<Reminder, 'id' | 'business_name'>): Reminder => ({
  customer_id: 100 + over.id,
  email: `${over.business_name.split(' ')[0]!.toLowerCase()}@clienti.test`,
  level: 1,
  status: 'proposed',
  amount: 100,
  items: 1,
  oldest_due: '2026-01-31',
  created_at: '2026-03-02 07:00:00',
  sent_at: null,
  opened_at: null,
  opened_count: 0,
  withdrawn_at: null,
  reason: null,
  mail_id: null,
  mail_status: null,
  mail_error: null,
  ...over,
});

const PENDING: Reminder[] = [
  reminder({ id: 1, business_name: 'Alfa Srl', level: 2, amount: 1234.5, items: 3, oldest_due: '2025-12-15' }),
  reminder({ id: 2, business_name: 'Beta Spa', amount: 80, oldest_due: '2026-02-10' }),
  reminder({
    id: 3,
    business_name: 'Gamma Snc',
    email: null,
    level: 3,
    amount: 450,
    items: 2,
    reason: 'Il cliente non ha un indirizzo email: scarica il PDF e invialo per posta',
  }),
];
const DONE: Reminder[] = [
  reminder({
    id: 7,
    business_name: 'Delta Srl',
    status: 'sent',
    sent_at: '2026-02-20 08:00:00',
    opened_at: '2026-02-21 09:30:00',
    opened_count: 2,
    mail_id: 55,
    mail_status: 'sent',
  }),
  reminder({
    id: 8,
    business_name: 'Epsilon Sas',
    status: 'withdrawn',
    sent_at: '2026-02-10 08:00:00',
    withdrawn_at: '2026-02-25 07:00:00',
    reason: 'Lo scaduto è stato pagato',
    mail_id: 56,
    mail_status: 'failed',
    mail_error: '550 casella inesistente',
  }),
];

const SETTINGS: ReminderSettingsView = {
  enabled: true,
  run_time: '07:30',
  link_days: 30,
  aml_renewal_days: 0,
  levels: [
    {
      level: 1,
      days: 15,
      subject: 'Promemoria di pagamento',
      text: 'Gentile {ragione_sociale}, risultano scaduti {scaduto}.',
      word_template_id: null,
      min_amount: 50,
      auto: true,
    },
    {
      level: 2,
      days: 45,
      subject: 'Secondo sollecito',
      text: 'Gentile {ragione_sociale}, le ricordiamo di nuovo lo scaduto.',
      word_template_id: 4,
      min_amount: 100,
      auto: false,
    },
  ],
  keys: [
    { key: 'ragione_sociale', description: 'Ragione sociale del cliente', group: 'Cliente' },
    { key: 'scaduto', description: 'Totale scaduto', group: 'Sollecito' },
    { key: 'link', description: 'Link alla pagina del cliente', group: 'Sollecito' },
  ],
  last_run: { day: '2026-03-02', at: '2026-03-02 07:30:00', kind: 'scheduled', proposed: 4, queued: 2, withdrawn: 1 },
};
const TEMPLATES = [
  { id: 4, title: 'Lettera di sollecito', description: null },
  { id: 9, title: 'Diffida ad adempiere', description: 'Ultimo avviso' },
];

const HISTORY: CustomerReminders = {
  contested: null,
  reminders: [
    reminder({
      id: 21,
      business_name: 'Alfa Srl',
      status: 'sent',
      amount: 300,
      created_at: '2026-01-20 07:30:00',
      sent_at: '2026-01-20 07:31:00',
      opened_at: '2026-01-22 18:05:00',
      opened_count: 3,
    }),
    reminder({
      id: 20,
      business_name: 'Alfa Srl',
      level: 2,
      status: 'withdrawn',
      amount: 120,
      created_at: '2025-11-10 07:30:00',
      sent_at: '2025-11-10 07:31:00',
      withdrawn_at: '2025-11-18 07:30:00',
      reason: 'Lo scaduto è stato pagato',
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// the mocked API

interface Call {
  path: string;
  body?: unknown;
}
let calls: Call[] = [];
let rows: Reminder[] = [];
let history: CustomerReminders;
let settings: ReminderSettingsView & { suggested?: ReminderLevel[] };
let saveAnswer: (body: ReminderSettings) => Response;
const took = (path: string) => calls.filter((c) => c.path === path);

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/reminders/settings', () => {
    calls.push({ path: 'settings' });
    return HttpResponse.json({ data: settings });
  }),
  http.put('*/api/reminders/settings', async ({ request }) => {
    const body = (await request.json()) as ReminderSettings;
    calls.push({ path: 'save', body });
    return saveAnswer(body);
  }),
  http.get('*/api/word_templates', () => {
    calls.push({ path: 'templates' });
    return HttpResponse.json({ data: TEMPLATES });
  }),
  http.post('*/api/reminders/run', () => {
    calls.push({ path: 'run' });
    rows = [...rows, reminder({ id: 4, business_name: 'Zeta Srl', amount: 60 })];
    return HttpResponse.json({ data: { day: '2026-03-02', proposed: 3, queued: 2, withdrawn: 1 } });
  }),
  http.get('*/api/reminders', ({ request }) => {
    const { status } = queryOf(request.url);
    calls.push({ path: 'list', body: status ?? null });
    const answer =
      status === 'pending'
        ? rows.filter((r) => r.status === 'proposed' || r.status === 'queued')
        : status
          ? rows.filter((r) => r.status === status)
          : rows;
    // the outbox sends what was queued: read again, it is gone from the pending list
    rows = rows.map((r) => (r.status === 'queued' ? { ...r, status: 'sent', sent_at: '2026-03-02 10:00:00' } : r));
    return HttpResponse.json({ data: answer });
  }),
  http.post('*/api/reminders/send', async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    calls.push({ path: 'send', body: { ids } });
    const skipped = rows
      .filter((r) => ids.includes(r.id) && !r.email)
      .map((r) => ({ id: r.id, business_name: r.business_name, reason: "Manca l'email del cliente" }));
    const queued = ids.filter((id) => !skipped.some((s) => s.id === id));
    rows = rows.map((r) => (queued.includes(r.id) ? { ...r, status: 'queued' } : r));
    return HttpResponse.json({ data: { queued: queued.length, skipped } }, { status: 202 });
  }),
  http.post('*/api/reminders/discard', async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    calls.push({ path: 'discard', body: { ids } });
    rows = rows.map((r) => (ids.includes(r.id) ? { ...r, status: 'discarded', reason: 'Scartato' } : r));
    return HttpResponse.json({ data: { discarded: ids.length } });
  }),
  http.get('*/api/reminder/:id/actions/pdf', ({ params }) => {
    calls.push({ path: `pdf ${params.id}` });
    return new HttpResponse('%PDF-1.7', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="Sollecito_${params.id}.pdf"`,
      },
    });
  }),
  // the customer's card: its reminders and the mark, the record and its form's selects
  http.get('*/api/customer/:id/reminders', ({ params }) => {
    calls.push({ path: `customer reminders ${params.id}` });
    return HttpResponse.json({ data: history });
  }),
  http.put('*/api/customer/:id/actions/contested', async ({ request, params }) => {
    const body = (await request.json()) as { contested: boolean; note: string | null };
    calls.push({ path: `contested ${params.id}`, body });
    history = {
      ...history,
      contested: body.contested ? { note: body.note, since: '2026-03-02 11:00:00', by: 'Mario Rossi' } : null,
    };
    return HttpResponse.json({ data: history });
  }),
  // the customer card's anti-money-laundering file (issue 48): empty
  emptyAmlFile,
  // the customer card's 'Area clienti' (issue 50): nobody invited
  ...portalQuietHandlers,
  http.get('*/api/customer/:id/open_items', () =>
    HttpResponse.json({
      data: { summary: { balance: 0, open: 0, overdue: 0, credit: 0, oldest_overdue: null }, items: [] },
    }),
  ),
  http.get('*/api/customers/:id', ({ params }) => HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } })),
  http.put('*/api/customers/:id', ({ params }) => {
    calls.push({ path: `customer save ${params.id}` });
    return HttpResponse.json({ data: RECORD });
  }),
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: {},
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  rows = [...PENDING, ...DONE];
  history = HISTORY;
  settings = SETTINGS;
  saveAnswer = (body) => HttpResponse.json({ data: { ...SETTINGS, ...body } });
  vi.mocked(saveAs).mockClear();
  login('Admin');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelectorAll('td')[1]?.querySelector('span')?.textContent);

// ---------------------------------------------------------------------------------------------

describe("'Solleciti': the reminders to send", () => {
  it('lists the pending reminders with their customer, e-mail, level, overdue and state; the PDF is offered', async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    expect(await screen.findByRole('tab', { name: 'Da inviare' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Solleciti da inviare' });
    // only the proposed ones (the sent and the withdrawn are in the other tab)
    expect(names(table)).toEqual(['Alfa Srl', 'Beta Spa', 'Gamma Snc']);
    expect(took('list').map((c) => c.body)).toEqual(['pending']);

    const alfa = rowOf(table, 'Alfa Srl');
    for (const text of ['alfa@clienti.test', '2° sollecito', '1.234,50 €', '3', '15-12-2025', 'Da rivedere'])
      expect(alfa).toHaveTextContent(text);
    const gamma = rowOf(table, 'Gamma Snc');
    expect(within(gamma).getByText("Manca l'email")).toBeInTheDocument();
    expect(gamma).toHaveTextContent('3° sollecito');
    expect(within(gamma).getByText(/Il cliente non ha un indirizzo email/)).toBeInTheDocument();
    expect(within(alfa).queryByText("Manca l'email")).toBeNull();

    await user.click(within(alfa).getByRole('button', { name: 'Anteprima PDF del 2° sollecito a Alfa Srl' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(took('pdf 1')).toHaveLength(1);
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Sollecito_1.pdf');
  });

  it('nothing pending: says what to do', async () => {
    rows = [...DONE];
    renderApp('/solleciti');
    expect(
      await screen.findByText(
        'Nessun sollecito da inviare: esegui la procedura del giorno o attendi quella automatica',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Solleciti da inviare' })).toBeNull();
  });

  it("'Esegui ora' runs the day's procedure, says what it did and reads the list again", async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    const table = await screen.findByRole('table', { name: 'Solleciti da inviare' });
    expect(within(table).queryByText('Zeta Srl')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Esegui ora' }));
    const said = await screen.findByText('Procedura del giorno: 3 proposti, 2 in invio, 1 ritirati');
    expect(took('run')).toHaveLength(1);
    // its close button is announced in Italian (it was 'Close': issue 45 item 18)
    const alert = said.closest('[role="status"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Close' })).toBeNull();
    // the reminder the run proposed is listed
    expect(
      await within(screen.getByRole('table', { name: 'Solleciti da inviare' })).findByText('Zeta Srl'),
    ).toBeInTheDocument();
    expect(took('list').length).toBeGreaterThanOrEqual(2);
  });

  it("'Invia' posts exactly the ids checked, lists those skipped with why, and follows the sending", async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    const table = await screen.findByRole('table', { name: 'Solleciti da inviare' });
    const send = screen.getByRole('button', { name: 'Invia' });
    expect(send).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Seleziona Alfa Srl (2° sollecito)' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Seleziona Gamma Snc (3° sollecito)' }));
    expect(within(table).getByRole('checkbox', { name: 'Seleziona tutti' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(took('send')).toHaveLength(1));
    expect(took('send')[0]!.body).toEqual({ ids: [1, 3] });
    const said = await screen.findByText(/1 sollecito in invio/);
    const skipped = within(said.closest('[role="status"]') as HTMLElement).getByRole('list', {
      name: 'Solleciti non inviati',
    });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["Gamma Snc: Manca l'email del cliente"]);
    // read again: Alfa is being sent (it cannot be chosen again), Gamma stays to review, nothing chosen
    const after = screen.getByRole('table', { name: 'Solleciti da inviare' });
    await waitFor(() => expect(rowOf(after, 'Alfa Srl')).toHaveTextContent('In invio'));
    expect(within(rowOf(after, 'Alfa Srl')).getByRole('checkbox')).toBeDisabled();
    expect(within(rowOf(after, 'Gamma Snc')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Invia' })).toBeDisabled();
    // a while later the outbox has sent it: the list, read again by itself, no longer has it
    await waitFor(
      () =>
        expect(names(screen.getByRole('table', { name: 'Solleciti da inviare' }))).toEqual(['Beta Spa', 'Gamma Snc']),
      { timeout: 10_000 },
    );
  });

  it("'Scarta' asks first, then posts the ids checked", async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    const table = await screen.findByRole('table', { name: 'Solleciti da inviare' });
    await user.click(within(table).getByRole('checkbox', { name: 'Seleziona tutti' }));
    await user.click(screen.getByRole('button', { name: 'Scarta' }));
    const ask = await screen.findByRole('dialog', { name: 'Scarta solleciti' });
    expect(ask).toHaveTextContent('Scartare i 3 solleciti scelti?');
    expect(took('discard')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Sì, scarta' }));
    await waitFor(() => expect(took('discard')).toHaveLength(1));
    expect(took('discard')[0]!.body).toEqual({ ids: [1, 2, 3] });
    expect(await screen.findByText('3 solleciti scartati')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Nessun sollecito da inviare: esegui la procedura del giorno o attendi quella automatica',
      ),
    ).toBeInTheDocument();
  });

  it("'Inviati e ritirati' lists the sent and withdrawn reminders with when they were opened and why withdrawn", async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    await screen.findByRole('table', { name: 'Solleciti da inviare' });
    await user.click(screen.getByRole('tab', { name: 'Inviati e ritirati' }));
    const table = await screen.findByRole('table', { name: 'Solleciti inviati e ritirati' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByText('Alfa Srl')).toBeNull();
    const delta = rowOf(table, 'Delta Srl');
    for (const text of ['Inviato', '20-02-2026 08:00', '21-02-2026 09:30 (2 volte)'])
      expect(delta).toHaveTextContent(text);
    // an e-mail delivered says nothing more; one the outbox could not deliver says so, with why
    expect(delta).not.toHaveTextContent('E-mail:');
    const epsilon = rowOf(table, 'Epsilon Sas');
    for (const text of [
      'Ritirato',
      '25-02-2026 07:00',
      'Lo scaduto è stato pagato',
      'E-mail: non inviata (550 casella inesistente)',
    ])
      expect(epsilon).toHaveTextContent(text);
    expect(within(epsilon).getByRole('button', { name: /Anteprima PDF/ })).toBeInTheDocument();
  });
});

describe("'Solleciti': the rules", () => {
  const openRules = async () => {
    const user = userEvent.setup();
    renderApp('/solleciti');
    await user.click(await screen.findByRole('tab', { name: 'Regole' }));
    await screen.findByRole('group', { name: '1° sollecito' });
    return user;
  };
  const level = (n: number) => screen.getByRole('group', { name: `${n}° sollecito` });

  it('shows the rules, the last run and the placeholders by group', async () => {
    const user = await openRules();
    expect(
      screen.getByText('Ultima procedura: 02-03-2026 07:30 (automatica): 4 proposti, 2 in invio, 1 ritirati'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Procedura giornaliera attiva' })).toBeChecked();
    expect(screen.getByLabelText('Ora della procedura')).toHaveValue('07:30');
    expect(screen.getByRole('spinbutton', { name: 'Validità del link (giorni)' })).toHaveValue(30);
    expect(within(level(1)).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' })).toHaveValue(15);
    expect(within(level(1)).getByRole('switch', { name: 'Invio automatico' })).toBeChecked();
    expect(within(level(1)).getByRole('combobox', { name: 'Lettera Word allegata' })).toHaveTextContent('Nessuna');
    const second = level(2);
    expect(within(second).getByRole('textbox', { name: 'Oggetto' })).toHaveValue('Secondo sollecito');
    expect(within(second).getByRole('textbox', { name: 'Scaduto minimo (€)' })).toHaveValue('100');
    await waitFor(() =>
      expect(within(second).getByRole('combobox', { name: 'Lettera Word allegata' })).toHaveTextContent(
        'Lettera di sollecito',
      ),
    );
    expect(within(second).getByRole('switch', { name: 'Invio automatico' })).not.toBeChecked();
    expect(within(second).getByRole('switch', { name: 'Invio automatico' })).toHaveAccessibleDescription(
      'Se spento, il sollecito è proposto per la revisione',
    );
    expect(screen.queryByRole('group', { name: '3° sollecito' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Segnaposto disponibili' }));
    const keys = await screen.findByRole('region', { name: 'Segnaposto disponibili' });
    expect(within(keys).getByRole('heading', { name: 'Cliente' })).toBeInTheDocument();
    expect(within(keys).getByRole('heading', { name: 'Sollecito' })).toBeInTheDocument();
    expect(within(keys).getByText('{ragione_sociale}').closest('li')).toHaveTextContent(
      '{ragione_sociale} — Ragione sociale del cliente',
    );
  });

  it("'Salva' puts the rules as the server expects them (levels numbered, amounts as numbers)", async () => {
    const user = await openRules();
    const days = within(level(1)).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' });
    await user.clear(days);
    await user.type(days, '20');
    const subject = within(level(2)).getByRole('textbox', { name: 'Oggetto' });
    await user.clear(subject);
    await user.paste('Ultimo avviso');
    await user.click(within(level(2)).getByRole('switch', { name: 'Invio automatico' }));
    await user.click(screen.getByRole('switch', { name: 'Procedura giornaliera attiva' }));

    await user.click(screen.getByRole('button', { name: 'Aggiungi livello' }));
    const third = level(3);
    expect(screen.getByRole('button', { name: 'Aggiungi livello' })).toBeDisabled();
    const thirdDays = within(third).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' });
    await user.clear(thirdDays);
    await user.type(thirdDays, '90');
    const min = within(third).getByRole('textbox', { name: 'Scaduto minimo (€)' });
    await user.clear(min);
    await user.type(min, '250,50');
    await user.click(within(third).getByRole('textbox', { name: 'Testo' }));
    await user.paste('Ultimo avviso prima delle vie legali');
    await user.click(within(third).getByRole('combobox', { name: 'Lettera Word allegata' }));
    await user.click(await screen.findByRole('option', { name: 'Diffida ad adempiere' }));

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(took('save')).toHaveLength(1));
    expect(took('save')[0]!.body).toEqual({
      enabled: false,
      run_time: '07:30',
      link_days: 30,
      aml_renewal_days: 0,
      levels: [
        { ...SETTINGS.levels[0], days: 20 },
        { ...SETTINGS.levels[1], subject: 'Ultimo avviso', auto: true },
        {
          level: 3,
          days: 90,
          subject: '3° sollecito di pagamento',
          text: 'Ultimo avviso prima delle vie legali',
          word_template_id: 9,
          min_amount: 250.5,
          auto: false,
        },
      ],
    });
    expect(await screen.findByText('Regole dei solleciti salvate')).toBeInTheDocument();
  });

  it("'Aggiungi livello' starts from the server's suggestion for that level", async () => {
    settings = {
      ...SETTINGS,
      suggested: [1, 2, 3].map((level) => ({
        level,
        days: level * 30,
        subject: `Suggerito ${level} - {studio_nome}`,
        text: `Testo suggerito ${level}`,
        word_template_id: null,
        min_amount: 12.5,
        auto: false,
      })),
    };
    const user = await openRules();
    await user.click(screen.getByRole('button', { name: 'Aggiungi livello' }));
    const third = level(3);
    // the suggestion's 90 days are more than the 2nd level's 45
    expect(within(third).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' })).toHaveValue(90);
    expect(within(third).getByRole('textbox', { name: 'Oggetto' })).toHaveValue('Suggerito 3 - {studio_nome}');
    expect(within(third).getByRole('textbox', { name: 'Testo' })).toHaveValue('Testo suggerito 3');
    expect(within(third).getByRole('textbox', { name: 'Scaduto minimo (€)' })).toHaveValue('12,5');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(took('save')).toHaveLength(1));
    expect((took('save')[0]!.body as ReminderSettings).levels[2]).toEqual({
      level: 3,
      days: 90,
      subject: 'Suggerito 3 - {studio_nome}',
      text: 'Testo suggerito 3',
      word_template_id: null,
      min_amount: 12.5,
      auto: false,
    });
  });

  it("'Rimuovi' drops a level: the others are numbered again", async () => {
    const user = await openRules();
    await user.click(screen.getByRole('button', { name: 'Rimuovi il 1° sollecito' }));
    expect(screen.queryByRole('group', { name: '2° sollecito' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(took('save')).toHaveLength(1));
    expect((took('save')[0]!.body as ReminderSettings).levels).toEqual([{ ...SETTINGS.levels[1], level: 1 }]);
  });

  it("a 422 shows the server's message and each error under the field it names", async () => {
    saveAnswer = () =>
      HttpResponse.json(
        {
          message: 'Le regole dei solleciti non sono valide',
          errors: {
            'levels.1.days': ['I giorni devono crescere da un livello al successivo'],
            'levels.0.subject': ["Indica l'oggetto"],
            run_time: ['Ora non valida'],
          },
        },
        { status: 422 },
      );
    const user = await openRules();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le regole dei solleciti non sono valide');

    const secondDays = within(level(2)).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' });
    expect(secondDays).toHaveAttribute('aria-invalid', 'true');
    expect(secondDays).toHaveAccessibleDescription('I giorni devono crescere da un livello al successivo');
    const firstDays = within(level(1)).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' });
    expect(firstDays).toHaveAttribute('aria-invalid', 'false');
    const firstSubject = within(level(1)).getByRole('textbox', { name: 'Oggetto' });
    expect(firstSubject).toHaveAttribute('aria-invalid', 'true');
    expect(firstSubject).toHaveAccessibleDescription("Indica l'oggetto");
    expect(within(level(2)).getByRole('textbox', { name: 'Oggetto' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Ora della procedura')).toHaveAccessibleDescription('Ora non valida');
  });

  it('a number that cannot be read is not sent', async () => {
    const user = await openRules();
    const min = within(level(1)).getByRole('textbox', { name: 'Scaduto minimo (€)' });
    await user.clear(min);
    await user.type(min, 'dieci');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correggi i campi evidenziati');
    expect(min).toHaveAccessibleDescription('Indica un importo in euro');
    expect(took('save')).toHaveLength(0);
  });

  it('a Collaboratore reads the rules but cannot change them', async () => {
    login('Collaboratore');
    await openRules();
    expect(screen.getByText('Solo un amministratore dello studio può modificare le regole.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aggiungi livello' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rimuovi/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Procedura giornaliera attiva' })).toBeDisabled();
    expect(within(level(1)).getByRole('switch', { name: 'Invio automatico' })).toBeDisabled();
    const subject = within(level(1)).getByRole('textbox', { name: 'Oggetto' });
    expect(subject).toHaveAttribute('readonly');
    expect(subject).toHaveValue('Promemoria di pagamento');
    expect(within(level(1)).getByRole('spinbutton', { name: 'Giorni dopo la scadenza' })).toHaveAttribute('readonly');
    expect(within(level(2)).getByRole('combobox', { name: 'Lettera Word allegata' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe("the customer's card", () => {
  it("shows the reminders' history; 'Contestato' asks a note and puts it, without saving the form", async () => {
    const user = userEvent.setup();
    renderApp('/Customer/5');
    const section = await screen.findByRole('region', { name: 'Solleciti' });
    const table = await within(section).findByRole('table', { name: 'Storico dei solleciti' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const sent = rowOf(table, '1° sollecito');
    for (const text of ['Inviato', '300,00 €', '20-01-2026 07:30', '20-01-2026 07:31', '22-01-2026 18:05 (3 volte)'])
      expect(sent).toHaveTextContent(text);
    const withdrawn = rowOf(table, '2° sollecito');
    for (const text of ['Ritirato', '120,00 €', '18-11-2025 07:30', 'Lo scaduto è stato pagato'])
      expect(withdrawn).toHaveTextContent(text);
    await user.click(within(withdrawn).getByRole('button', { name: /Anteprima PDF/ }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(took('pdf 20')).toHaveLength(1);

    const contested = within(section).getByRole('switch', { name: 'Contestato' });
    expect(contested).not.toBeChecked();
    expect(contested).toHaveAccessibleDescription('Nessun sollecito viene inviato a un cliente contestato');
    await user.click(contested);
    const dialog = await screen.findByRole('dialog', { name: 'Cliente contestato' });
    expect(took('contested 5')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nota' }), 'Contesta la parcella di gennaio');
    await user.click(within(dialog).getByRole('button', { name: 'Segna come contestato' }));

    await waitFor(() => expect(took('contested 5')).toHaveLength(1));
    expect(took('contested 5')[0]!.body).toEqual({ contested: true, note: 'Contesta la parcella di gennaio' });
    expect(
      await within(section).findByText('Contestato dal 02-03-2026 (Mario Rossi): Contesta la parcella di gennaio'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Contestato' })).toBeChecked();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the customer's form was not submitted
    expect(calls.filter((c) => c.path.startsWith('customer save'))).toHaveLength(0);

    // turned off: put at once, without a note
    await user.click(within(section).getByRole('switch', { name: 'Contestato' }));
    await waitFor(() => expect(took('contested 5')).toHaveLength(2));
    expect(took('contested 5')[1]!.body).toEqual({ contested: false, note: null });
    await waitFor(() => expect(within(section).queryByText(/Contestato dal/)).toBeNull());
    expect(calls.filter((c) => c.path.startsWith('customer save'))).toHaveLength(0);
  });
});
