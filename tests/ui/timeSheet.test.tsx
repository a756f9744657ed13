/**
 * 'Foglio ore' (issue 49 item 4), the whole <App/> against a mocked API (msw; unknown calls fail the
 * test): the week's rows with their cells as hours, the row, day and week totals following what is
 * typed ('1,5' is 1:30, '0:45' is 45 minutes), the body saved in minutes, a cell that is no duration
 * refused on the spot and the server's cell errors shown under their cells with nothing else lost;
 * 'Aggiungi riga' with the customer and service searched; the Admin's choice of collaborator; the
 * grid scrolling inside its own box (a phone's 390 px). Axe finds nothing serious.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, queryOf, renderApp, shellHandlers } from './harness';
import { helperText, seriousAxe, useFakeApi } from './journeys';
import { addDays, today } from '../../model/dates';
import { mondayOf } from '../../model/time';
import type { Week, WeekInput } from '../../model/api/time';

const PATH = '/foglio_ore';
const THIS_MONDAY = mondayOf(today());
/** the week shown after 'Settimana precedente': every day is past */
const PREV = addDays(THIS_MONDAY, -7);
const dm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const DAYS = ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'];
const empty7 = () => [null, null, null, null, null, null, null];

function weekOf(from: string, rows: Week['rows'], userId = 1): Week {
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const dayTotals = days.map((_, i) => rows.reduce((s, r) => s + (r.days[i] ?? 0), 0));
  return {
    from,
    to: days[6]!,
    days,
    user_id: userId,
    user_name: userId === 1 ? 'Mario Rossi' : 'Laura Neri',
    today: today(),
    rows,
    day_totals: dayTotals,
    total: dayTotals.reduce((s, x) => s + x, 0),
  };
}

const ROSSI = {
  customer_id: 7,
  customer_name: 'Rossi Srl',
  studio_service_id: 3,
  service_name: 'Contabilità ordinaria',
  days: [90, null, null, null, null, null, null],
  notes: ['Prima nota', null, null, null, null, null, null],
};

let weeks: Map<string, Week>;
let gets: Array<Record<string, string>>;
let puts: WeekInput[];
let putAnswer: (body: WeekInput) => Response;

const list = (data: unknown[]) =>
  HttpResponse.json({
    data,
    meta: { total: data.length, current_page: 1, per_page: 50, last_page: 1 },
    item_meta_data: {},
  });

const server = setupServer(
  // the app bar's timer: none (shellHandlers)
  ...shellHandlers,
  http.get('*/api/time/week', ({ request }) => {
    const q = queryOf(request.url);
    gets.push(q);
    const key = `${q.from}:${q.user_id ?? 1}`;
    return HttpResponse.json({ data: weeks.get(key) ?? weekOf(q.from!, [], Number(q.user_id ?? 1)) });
  }),
  http.put('*/api/time/week', async ({ request }) => {
    const body = (await request.json()) as WeekInput;
    puts.push(body);
    return putAnswer(body);
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 1, name: 'Mario Rossi' },
        { id: 5, name: 'Laura Neri' },
      ],
    }),
  ),
  http.get('*/api/list/Customer/CustomerResource4SelectCollection', () =>
    list([
      { id: 7, label: 'Rossi Srl' },
      { id: 8, label: 'Verdi Spa' },
    ]),
  ),
  http.get('*/api/list/StudioService/StudioServiceResource4SelectCollection', () =>
    list([
      { id: 3, label: 'Contabilità ordinaria' },
      { id: 4, label: 'Dichiarazione dei redditi' },
    ]),
  ),
  // a chosen option read back by id (react-admin's getMany)
  http.get('*/api/list/Customer/CustomerResourceListCollection', () => list([{ id: 8, business_name: 'Verdi Spa' }])),
  http.get('*/api/list/StudioService/StudioServiceResourceListCollection', () =>
    list([{ id: 4, description: 'Dichiarazione dei redditi' }]),
  ),
);

const guard = useFakeApi(server);
beforeEach(() => {
  weeks = new Map([[`${PREV}:1`, weekOf(PREV, [ROSSI])]]);
  gets = [];
  puts = [];
  // the server saves what it is sent: the week as the rows say
  putAnswer = (body) =>
    HttpResponse.json({
      data: weekOf(
        body.from,
        body.rows
          .filter((r) => r.days.some(Boolean))
          .map((r) => ({
            customer_id: r.customer_id!,
            customer_name: r.customer_id === 7 ? 'Rossi Srl' : 'Verdi Spa',
            studio_service_id: r.studio_service_id!,
            service_name: r.studio_service_id === 3 ? 'Contabilità ordinaria' : 'Dichiarazione dei redditi',
            days: r.days.map((m) => m || null),
            notes: r.notes ?? empty7(),
          })),
        body.user_id ?? 1,
      ),
    });
  login('Collaboratore');
});

type User = ReturnType<typeof userEvent.setup>;
const cell = (customer: string, service: string, day: number, from = PREV) =>
  screen.getByRole('textbox', { name: `${customer}, ${service}: ${DAYS[day]} ${dm(addDays(from, day))}` });
const rossi = (day: number) => cell('Rossi Srl', 'Contabilità ordinaria', day);
const dayTotal = (day: number, from = PREV) =>
  screen.getByLabelText(new RegExp(`^Totale di ${DAYS[day]} ${dm(addDays(from, day))}: `)).textContent;
const weekTotal = () => screen.getByLabelText(/^Totale della settimana: /).textContent;

/** The sheet opened on the previous week (every day past). */
async function openPrevious() {
  const user = userEvent.setup();
  renderApp(PATH);
  await screen.findByRole('region', { name: /^Foglio ore della settimana / });
  await user.click(screen.getByRole('button', { name: 'Settimana precedente' }));
  await waitFor(() => expect(rossi(0)).toHaveValue('1:30'));
  return user;
}

async function type(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe("'Foglio ore'", () => {
  it('opens on this week, then the previous one with its row as hours and its totals', async () => {
    await openPrevious();
    expect(gets.map((q) => q.from)).toEqual([THIS_MONDAY, PREV]);
    expect(screen.getByText('Rossi Srl')).toBeInTheDocument();
    expect(dayTotal(0)).toBe('1:30');
    expect(dayTotal(1)).toBe('0:00');
    expect(weekTotal()).toBe('1:30');
    // the Collaboratore has no choice of collaborator
    expect(screen.queryByRole('combobox', { name: 'Collaboratore' })).toBeNull();
    expect(await seriousAxe()).toEqual([]);
  });

  it("typing '1,5' and '0:45' moves the totals; 'Salva' sends the minutes; the saved week is shown", async () => {
    const user = await openPrevious();
    await type(user, rossi(1), '1,5');
    expect(dayTotal(1)).toBe('1:30');
    expect(weekTotal()).toBe('3:00');
    await type(user, rossi(2), '0:45');
    expect(dayTotal(2)).toBe('0:45');
    expect(weekTotal()).toBe('3:45');
    // the Monday's note, edited with the Monday's cell focused
    await user.click(rossi(0));
    const note = screen.getByRole('textbox', { name: `Nota – Rossi Srl, Contabilità ordinaria, lunedì ${dm(PREV)}` });
    expect(note).toHaveValue('Prima nota');
    await user.type(note, ' e banca');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      from: PREV,
      rows: [
        {
          customer_id: 7,
          studio_service_id: 3,
          days: [90, 90, 45, null, null, null, null],
          notes: ['Prima nota e banca', null, null, null, null, null, null],
        },
      ],
    });
    expect(await screen.findByText('Foglio ore salvato')).toBeInTheDocument();
    // the week as saved: 1:30, 1:30, 0:45; nothing left to save
    await waitFor(() => expect(rossi(1)).toHaveValue('1:30'));
    expect(rossi(2)).toHaveValue('0:45');
    expect(screen.getByRole('button', { name: 'Salva' })).toBeDisabled();
  });

  it('a cell that is no duration is refused on the spot; the server’s cell error is shown under its cell, the others kept', async () => {
    const user = await openPrevious();
    await type(user, rossi(3), 'abc');
    await type(user, rossi(4), '2');
    expect(weekTotal()).toBe('3:30');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const cellMessage = 'Indica una durata valida (ore come 1,5 o 1:30), al massimo 24 ore';
    await waitFor(() => expect(helperText(rossi(3))).toBe(cellMessage));
    expect(puts).toHaveLength(0);
    // 25 hours is no day's time either
    await type(user, rossi(3), '25');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(helperText(rossi(3))).toBe(cellMessage));
    expect(puts).toHaveLength(0);
    // the server refuses the day's total: its message under the cell, the typed values stay
    guard.allow(/Dati non validi/);
    const over = `Con questa voce il totale del ${dm(addDays(PREV, 3))}/${PREV.slice(0, 4)} sarebbe 24:30 ore: al massimo 24 ore al giorno`;
    putAnswer = () =>
      HttpResponse.json(
        { message: 'Dati non validi: controlla i campi evidenziati', errors: { 'rows.0.days.3': [over] } },
        { status: 422 },
      );
    await type(user, rossi(3), '23');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(helperText(rossi(3))).toBe(over));
    expect(puts[0]!.rows[0]!.days).toEqual([90, null, null, 1380, 120, null, null]);
    expect(screen.getByRole('alert')).toHaveTextContent('Nulla è stato salvato: controlla le celle evidenziate');
    expect(rossi(3)).toHaveValue('23');
    expect(rossi(4)).toHaveValue('2');
    expect(helperText(rossi(4))).toBe('');
    // typing again in the cell clears its message
    await type(user, rossi(3), '3');
    expect(helperText(rossi(3))).toBe('');
  });

  it("'Aggiungi riga' (customer and service searched) adds a row; the Admin saves for the collaborator he picked", async () => {
    login('Admin');
    weeks.set(`${PREV}:5`, weekOf(PREV, [], 5));
    const user = await openPrevious();
    const picker = screen.getByRole('combobox', { name: 'Collaboratore' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Laura Neri' }));
    await waitFor(() => expect(gets.at(-1)).toEqual({ from: PREV, user_id: '5' }));
    await screen.findByText('Nessun tempo registrato in questa settimana: aggiungi una riga.');
    const add = screen.getByRole('group', { name: 'Aggiungi riga' });
    // without a customer and a service: refused under the fields
    await user.click(within(add).getByRole('button', { name: 'Aggiungi riga' }));
    expect(await within(add).findByText('Scegli il cliente')).toBeInTheDocument();
    const customer = within(add).getByRole('combobox', { name: /^Cliente/ });
    await user.click(customer);
    await user.type(customer, 'Ver');
    await user.click(await screen.findByRole('option', { name: 'Verdi Spa' }));
    const service = within(add).getByRole('combobox', { name: /^Servizio/ });
    await user.click(service);
    await user.click(await screen.findByRole('option', { name: 'Dichiarazione dei redditi' }));
    await user.click(within(add).getByRole('button', { name: 'Aggiungi riga' }));
    const friday = await waitFor(() => cell('Verdi Spa', 'Dichiarazione dei redditi', 4));
    await type(user, friday, '4');
    expect(weekTotal()).toBe('4:00');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      from: PREV,
      user_id: 5,
      rows: [
        { customer_id: 8, studio_service_id: 4, days: [null, null, null, null, 240, null, null], notes: empty7() },
      ],
    });
    await screen.findByText('Foglio ore salvato');
  });

  it('the days after today take no time; the grid scrolls sideways inside its own box (a phone)', async () => {
    weeks.set(`${THIS_MONDAY}:1`, weekOf(THIS_MONDAY, [ROSSI]));
    renderApp(PATH);
    const region = await screen.findByRole('region', { name: /^Foglio ore della settimana / });
    await waitFor(() => expect(cell('Rossi Srl', 'Contabilità ordinaria', 0, THIS_MONDAY)).toHaveValue('1:30'));
    const now = today();
    for (let d = 0; d < 7; d++) {
      const input = cell('Rossi Srl', 'Contabilità ordinaria', d, THIS_MONDAY);
      if (addDays(THIS_MONDAY, d) > now) expect(input).toBeDisabled();
      else expect(input).toBeEnabled();
    }
    // the next week cannot be typed at all
    expect(getComputedStyle(region).overflowX).toBe('auto');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });
});
