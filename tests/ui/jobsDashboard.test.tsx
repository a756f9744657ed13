/**
 * The jobs dashboard (issue 12, seed B §4, §6) against a mocked API (msw): the five cell states
 * with their colours and text, the collaborator filter for administrators only, a toggle that
 * flips only after the server confirms and the cell that follows without reloading the grid,
 * arrows between cells and Enter to open.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, renderApp, shellHandlers } from './harness';

const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
const JOBS = [
  {
    id: 1,
    cod: '730',
    name: 'Modello 730',
    taskCount: 2,
    task_ids: [11, 12],
    legal_status_ids: [7],
    studio_job_type: { label: 'Dichiarativi' },
  },
  {
    id: 2,
    cod: 'F24',
    name: 'Versamenti F24',
    taskCount: 2,
    task_ids: [11, 13],
    legal_status_ids: [],
    studio_job_type: { label: 'Versamenti e F24' },
  },
  {
    id: 3,
    cod: 'VUOTO',
    name: 'Senza sotto adempimenti',
    taskCount: 0,
    task_ids: [],
    legal_status_ids: [],
    studio_job_type: null,
  },
];
const CUSTOMERS = [
  {
    id: 100,
    business_name: 'Alfa Srl',
    legal_status_id: 1,
    legal_status: { id: 1, cod: 'SRL', description: 'Società a responsabilità limitata' },
    collaborator_studio_jobs_id: 5,
  },
  {
    id: 101,
    business_name: 'Rossi Mario',
    legal_status_id: 7,
    legal_status: { id: 7, cod: 'LP', description: 'Libero professionista' },
    collaborator_studio_jobs_id: 6,
  },
];
let counts: Record<string, Record<string, number>>;
let statuses: Record<string, number>;
let customerQueries: string[];
let countCalls: number;
const server = setupServer(
  ...shellHandlers,
  // seed B §7: the dashboard's jobs are GET /api/studio_jobs
  http.get('*/api/studio_jobs', () =>
    HttpResponse.json({
      data: JOBS,
      meta: { total: JOBS.length, current_page: 1, per_page: -1, last_page: 1 },
      item_meta_data: { items: {} },
    }),
  ),
  http.get('*/api/logged-user/studio-jobs-customers', ({ request }) => {
    const c = new URL(request.url).searchParams.get('collaborator_id');
    customerQueries.push(c ?? '');
    return HttpResponse.json({
      data: c ? CUSTOMERS.filter((x) => String(x.collaborator_studio_jobs_id) === c) : CUSTOMERS,
    });
  }),
  http.get('*/api/customer_task_per_job_count', () => {
    countCalls += 1;
    return HttpResponse.json(counts);
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 5, name: 'Laura Neri' },
        { id: 6, name: 'Paolo Bianchi' },
      ],
    }),
  ),
  http.get('*/api/studio_jobs_status/:job/customers/:customer/year/:year', ({ params }) =>
    HttpResponse.json({
      data: JOBS.find((j) => j.id === Number(params.job))!.task_ids.map((t) => ({
        task_id: t,
        cod: `T${t}`,
        name: `Sotto adempimento ${t}`,
        note: null,
        status: statuses[`${String(params.job)}-${String(params.customer)}-${t}`] ?? 0,
        updated_by: null,
        updated_at: null,
      })),
    }),
  ),
  http.post(
    '*/api/studio_jobs_status/:job/task/:task/customers/:customer/year/:year/actions/change_state',
    async ({ params, request }) => {
      await delay(150);
      const body = (await request.json()) as { status: number; note: string | null };
      statuses[`${String(params.job)}-${String(params.customer)}-${String(params.task)}`] = body.status;
      const job = JOBS.find((j) => j.id === Number(params.job))!;
      const done = job.task_ids.filter(
        (t) => statuses[`${String(params.job)}-${String(params.customer)}-${t}`] === 1,
      ).length;
      return HttpResponse.json({
        data: {
          task_id: Number(params.task),
          cod: null,
          name: `Sotto adempimento ${String(params.task)}`,
          note: body.note,
          status: body.status,
          updated_by: 'Mario Rossi',
          updated_at: '2026-11-23 10:00:00',
        },
        done,
        changed: true,
      });
    },
  ),
);

// jsdom lays nothing out: the grid's scroll box gets the size a browser would give it, so the
// virtualised rows render
const sizes = { clientHeight: 600, clientWidth: 1200, offsetHeight: 600, offsetWidth: 1200 } as const;
const saved = Object.fromEntries(
  Object.keys(sizes).map((k) => [
    k,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, k) ?? Object.getOwnPropertyDescriptor(Element.prototype, k),
  ]),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  for (const [k, v] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});
beforeEach(() => {
  counts = { 101: { 1: 2, 2: 1 } };
  statuses = { '1-101-11': 1, '1-101-12': 1, '2-101-11': 1 };
  customerQueries = [];
  countCalls = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

/** a cell of the grid (`hidden`: also while a dialog hides the page from assistive technology) */
const cell = (customer: string, job: string, hidden = false) =>
  screen.getByRole('button', { name: new RegExp(`^${customer}, ${job}:`), hidden });

describe('Dashboard Adempimenti', () => {
  it('the five states of seed B §4, each with its colour and its text', async () => {
    login('Admin');
    renderApp('/dashboard_jobs');
    await screen.findByRole('grid', { name: new RegExp(`Adempimenti ${year}: 2 clienti per 3 adempimenti`) });
    const cases: Array<[string, string, string, string]> = [
      ['Rossi Mario', 'Modello 730', 'done', '2/2'],
      ['Rossi Mario', 'Versamenti F24', 'partial', '1/2'],
      ['Alfa Srl', 'Versamenti F24', 'todo', '0/2'],
      ['Alfa Srl', 'Senza sotto adempimenti', 'empty', '—'],
      ['Alfa Srl', 'Modello 730', 'notApplicable', 'n/a'],
    ];
    const colours = new Set<string>();
    for (const [c, j, state, text] of cases) {
      const el = cell(c, j);
      expect(el).toHaveAttribute('data-state', state);
      expect(el).toHaveTextContent(text);
      colours.add(getComputedStyle(el).backgroundColor || getComputedStyle(el).background);
    }
    expect(cell('Alfa Srl', 'Modello 730')).toHaveAccessibleName(
      'Alfa Srl, Modello 730: n/a, Non applicabile alla forma giuridica del cliente',
    );
    expect(cell('Rossi Mario', 'Versamenti F24')).toHaveAccessibleName(
      'Rossi Mario, Versamenti F24: 1/2, In corso, 1 di 2 completati',
    );
    expect(colours.size).toBe(5);
  });

  it('administrators filter by collaborator; a Collaboratore has no filter and gets his own customers', async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/dashboard_jobs');
    await screen.findByRole('grid');
    await user.click(screen.getByRole('combobox', { name: 'Collaboratore' }));
    await user.click(await screen.findByRole('option', { name: 'Paolo Bianchi' }));
    await waitFor(() => expect(customerQueries).toContain('6'));
    await waitFor(() => expect(screen.queryByText('Alfa Srl')).toBeNull());
    expect(screen.getByText('Rossi Mario')).toBeInTheDocument();
    cleanup();
    logout();
    customerQueries = [];
    login('Collaboratore');
    renderApp('/dashboard_jobs');
    await screen.findByRole('grid');
    expect(screen.queryByRole('combobox', { name: 'Collaboratore' })).toBeNull();
    expect(customerQueries).toEqual(['']);
  });

  it('a sub-task ticked flips once the server confirms, and the cell turns from red to orange without reloading the grid', async () => {
    login('Collaboratore');
    const user = userEvent.setup();
    renderApp('/dashboard_jobs');
    await screen.findByRole('grid');
    expect(cell('Alfa Srl', 'Versamenti F24')).toHaveAttribute('data-state', 'todo');
    const loads = countCalls;
    await user.click(cell('Alfa Srl', 'Versamenti F24'));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(`Versamenti F24 ${year} · Alfa Srl`) });
    const box = await within(dialog).findByRole('checkbox', { name: 'Sotto adempimento 11: da fare' });
    await user.click(box);
    // not yet confirmed: unchanged and marked busy meanwhile, keeping the keyboard focus (not disabled)
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(box).toHaveFocus();
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Sotto adempimento 11: fatto' })).toBeChecked(),
    );
    expect(dialog).toHaveTextContent('Ultima modifica: Mario Rossi');
    // the grid behind the dialog already follows
    expect(cell('Alfa Srl', 'Versamenti F24', true)).toHaveAttribute('data-state', 'partial');
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cell('Alfa Srl', 'Versamenti F24')).toHaveTextContent('1/2');
    expect(countCalls).toBe(loads);
  });

  it('arrows move between cells and Enter opens the sub-tasks', async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/dashboard_jobs');
    await screen.findByRole('grid');
    cell('Alfa Srl', 'Modello 730').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(cell('Alfa Srl', 'Versamenti F24')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(cell('Rossi Mario', 'Versamenti F24')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: new RegExp(`Versamenti F24 ${year} · Rossi Mario`) }),
    ).toBeInTheDocument();
  });
});
