/**
 * The app bar's timer (issue 49 item 4), the whole <App/> against a mocked API (msw; unknown calls
 * fail the test): idle, a timer button that opens 'Avvia un timer' (customer and service searched, a
 * note → 'Avvia': the body posted, the server's 422 under its fields, its 409 above the buttons);
 * running, the time elapsed 'hh:mm:ss' counted from the server's figure and changing each second
 * (fake clock, no wait), the stop that records and notifies the server's 'Registrati 1:26 per …',
 * the details with 'Annulla timer'. Nothing for the Utente (no call either).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, negativeLook, renderApp, shellHandlers } from './harness';
import { helperText, useFakeApi } from './journeys';
import { addDays, nowDateTime, today } from '../../model/dates';
import { mondayOf } from '../../model/time';
import type { Timer, TimerStartInput, TimerStopped, Week } from '../../model/api/time';

// a screen of the app that calls little besides the timer
const PATH = '/foglio_ore';

const emptyWeek = (from: string): Week => ({
  from,
  to: addDays(from, 6),
  days: Array.from({ length: 7 }, (_, i) => addDays(from, i)),
  user_id: 1,
  user_name: 'Mario Rossi',
  today: today(),
  rows: [],
  day_totals: [0, 0, 0, 0, 0, 0, 0],
  total: 0,
});

const RUNNING: Timer = {
  customer_id: 7,
  customer_name: 'Rossi Srl',
  studio_service_id: 3,
  service_name: 'Contabilità ordinaria',
  note: 'Dichiarazione IVA',
  started_at: nowDateTime(),
  // 1 h 25 min 5 s, as the server counts them
  elapsed_seconds: 5105,
};

let timer: Timer | null;
let timerReads: number;
let starts: TimerStartInput[];
let stops: Array<{ note?: string | null }>;
let discards: number;
let startAnswer: (body: TimerStartInput) => Response;

const list = (data: unknown[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
    item_meta_data: {},
  });

// before the shell's handlers, whose timer is none
const server = setupServer(
  http.get('*/api/time/timer', () => {
    timerReads += 1;
    return HttpResponse.json({ data: timer });
  }),
  ...shellHandlers,
  http.get('*/api/time/week', ({ request }) =>
    HttpResponse.json({ data: emptyWeek(new URL(request.url).searchParams.get('from') ?? mondayOf(today())) }),
  ),
  http.post('*/api/time/timer/start', async ({ request }) => {
    const body = (await request.json()) as TimerStartInput;
    starts.push(body);
    return startAnswer(body);
  }),
  http.post('*/api/time/timer/stop', async ({ request }) => {
    stops.push((await request.json()) as { note?: string | null });
    const t = timer!;
    timer = null;
    const stopped: TimerStopped = {
      entry: {
        id: 41,
        user_id: 1,
        customer_id: t.customer_id,
        studio_service_id: t.studio_service_id,
        date: today(),
        minutes: 86,
        note: t.note,
      },
      customer_name: t.customer_name,
      service_name: t.service_name,
      elapsed_minutes: 86,
      left_out_minutes: 0,
      message: `Registrati 1:26 per ${t.customer_name} – ${t.service_name}`,
    };
    return HttpResponse.json({ data: stopped }, { status: 201 });
  }),
  http.post('*/api/time/timer/discard', () => {
    discards += 1;
    timer = null;
    return HttpResponse.json({ data: null });
  }),
  http.get('*/api/list/Customer/CustomerResource4SelectCollection', () =>
    list([
      { id: 7, label: 'Rossi Srl' },
      { id: 8, label: 'Verdi Spa' },
    ]),
  ),
  http.get('*/api/list/StudioService/StudioServiceResource4SelectCollection', () =>
    list([{ id: 3, label: 'Contabilità ordinaria' }]),
  ),
  http.get('*/api/list/Customer/CustomerResourceListCollection', () => list([{ id: 7, business_name: 'Rossi Srl' }])),
  http.get('*/api/list/StudioService/StudioServiceResourceListCollection', () =>
    list([{ id: 3, description: 'Contabilità ordinaria' }]),
  ),
);

const guard = useFakeApi(server);
beforeEach(() => {
  timer = null;
  timerReads = 0;
  starts = [];
  stops = [];
  discards = 0;
  startAnswer = (body) => {
    timer = { ...RUNNING, note: body.note ?? null, started_at: nowDateTime(), elapsed_seconds: 0 };
    return HttpResponse.json({ data: timer }, { status: 201 });
  };
  login('Collaboratore');
});
afterEach(() => {
  vi.useRealTimers();
});

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  const combo = within(dialog).getByRole('combobox', { name: label });
  await user.click(combo);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(combo).toHaveValue(option));
}

describe("the app bar's timer", () => {
  it("idle: 'Avvia un timer' → customer, service, note → 'Avvia': the body posted, the app bar shows it running", async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Avvia un timer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvia un timer' });
    await choose(user, dialog, /^Cliente/, 'Rossi Srl');
    await choose(user, dialog, /^Servizio/, 'Contabilità ordinaria');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nota' }), 'Bilancio 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Avvia' }));
    await waitFor(() => expect(starts).toEqual([{ customer_id: 7, studio_service_id: 3, note: 'Bilancio 2025' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByRole('button', { name: /^Timer in corso per Rossi Srl – Contabilità ordinaria: 00:00:0\d$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Timer avviato per Rossi Srl – Contabilità ordinaria')).toBeInTheDocument();
  });

  it("the server's refusals: 422 under the fields, 409 ('già in corso') above the buttons", async () => {
    const user = userEvent.setup();
    guard.allow(/Dati non validi|già in corso/);
    startAnswer = () =>
      HttpResponse.json(
        {
          message: 'Dati non validi: controlla i campi evidenziati',
          errors: { customer_id: ['Cliente non trovato o cestinato'] },
        },
        { status: 422 },
      );
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Avvia un timer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvia un timer' });
    await choose(user, dialog, /^Cliente/, 'Verdi Spa');
    await choose(user, dialog, /^Servizio/, 'Contabilità ordinaria');
    await user.click(within(dialog).getByRole('button', { name: 'Avvia' }));
    await waitFor(() =>
      expect(helperText(within(dialog).getByRole('combobox', { name: /^Cliente/ }))).toBe(
        'Cliente non trovato o cestinato',
      ),
    );
    startAnswer = () =>
      HttpResponse.json(
        { message: 'Un timer è già in corso per Rossi Srl – Contabilità ordinaria (dalle 09:12): fermalo prima' },
        { status: 409 },
      );
    await user.click(within(dialog).getByRole('button', { name: 'Avvia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Un timer è già in corso per Rossi Srl – Contabilità ordinaria (dalle 09:12): fermalo prima',
    );
    expect(starts).toHaveLength(2);
  });

  it("running: the time elapsed from the server's figure, changing each second; stop records and notifies 'Registrati 1:26 per …'", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    timer = RUNNING;
    const user = userEvent.setup();
    renderApp(PATH);
    expect(
      await screen.findByRole('button', { name: 'Timer in corso per Rossi Srl – Contabilità ordinaria: 01:25:05' }),
    ).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(
      screen.getByRole('button', { name: 'Timer in corso per Rossi Srl – Contabilità ordinaria: 01:25:07' }),
    ).toBeInTheDocument();
    expect(screen.getByText('01:25:07')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('01:26:07')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ferma il timer e registra il tempo' }));
    expect(await screen.findByText('Registrati 1:26 per Rossi Srl – Contabilità ordinaria')).toBeInTheDocument();
    expect(stops).toEqual([{}]);
    expect(await screen.findByRole('button', { name: 'Avvia un timer' })).toBeInTheDocument();
  });

  it("the running timer's details: its note changed and sent with the stop", async () => {
    timer = RUNNING;
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /^Timer in corso per Rossi Srl/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer in corso' });
    expect(within(dialog).getByText('Rossi Srl')).toBeInTheDocument();
    expect(
      within(dialog).getByText(`Contabilità ordinaria · dalle ${RUNNING.started_at.slice(11, 16)}`),
    ).toBeInTheDocument();
    const note = within(dialog).getByRole('textbox', { name: 'Nota' });
    expect(note).toHaveValue('Dichiarazione IVA');
    await user.type(note, ' di ottobre');
    await user.click(within(dialog).getByRole('button', { name: 'Ferma e registra' }));
    await waitFor(() => expect(stops).toEqual([{ note: 'Dichiarazione IVA di ottobre' }]));
    expect(await screen.findByText('Registrati 1:26 per Rossi Srl – Contabilità ordinaria')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Avvia un timer' })).toBeInTheDocument();
  });

  it("'Annulla timer' in the details: nothing recorded, the timer gone", async () => {
    timer = RUNNING;
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /^Timer in corso per Rossi Srl/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer in corso' });
    await user.click(within(dialog).getByRole('button', { name: 'Annulla timer' }));
    await waitFor(() => expect(discards).toBe(1));
    expect(await screen.findByText('Timer annullato: nessun tempo registrato')).toBeInTheDocument();
    expect(stops).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Avvia un timer' })).toBeInTheDocument();
  });

  it('the Utente has no timer, and the app asks nothing about it', async () => {
    login('Utente');
    renderApp(PATH);
    // the app bar is there, without the timer
    await screen.findByLabelText('Cerca… (Ctrl+K)');
    await negativeLook();
    expect(screen.queryByRole('button', { name: 'Avvia un timer' })).toBeNull();
    expect(timerReads).toBe(0);
  });
});
