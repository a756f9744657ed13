/**
 * Issue 49's screens of the engagements, the whole <App/> against a mocked API (msw; unknown calls
 * fail the test): 'Addebiti degli incarichi' — the plan up to a day (the day sent, the charges with
 * their period, quantity and amount, the total, what holds some back linking to the engagement), 'Esegui
 * ora' for the Admin only, confirmed, with the figures notified; the counts of the month saved, a
 * refused count shown under its row; the runs' log — and an engagement's 'Servizi e compensi': the
 * invoice's treatment, rows added and saved as the server expects, the form's and the server's problems
 * shown under each row's field, a signed engagement read-only. No serious accessibility violation.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, rowOf, seriousAxe } from './journeys';
import type { BillingPlan, BillingRun, EngagementDetail, UnitRow } from '../../model/api/engagements';

const PLAN: BillingPlan = {
  day: '2026-11-30',
  total: 1353.75,
  charges: [
    {
      engagement_id: 7,
      engagement_title: 'Contabilità e dichiarativi',
      engagement_service_id: 70,
      customer_id: 10,
      business_name: 'Alfa Costruzioni S.p.A.',
      description: 'Tenuta della contabilità ordinaria',
      rule: 'quarterly',
      period_start: '2026-10-01',
      period_end: '2026-12-31',
      billing_date: '2026-11-30',
      label: '4° trimestre 2026',
      fee: 1110,
      quantity: null,
      amount: 1110,
      due_date: '2026-12-30',
      note: 'Tenuta della contabilità ordinaria — 4° trimestre 2026',
    },
    {
      engagement_id: 8,
      engagement_title: 'Consulenza',
      engagement_service_id: 80,
      customer_id: 11,
      business_name: 'Bianchi Srl',
      description: 'Consulenza fiscale',
      rule: 'by_time',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      billing_date: '2026-11-30',
      label: 'ottobre 2026',
      fee: 65,
      quantity: 3.75,
      amount: 243.75,
      due_date: '2026-12-30',
      note: 'Consulenza fiscale — ottobre 2026 (3:45 ore × 65,00 €/h)',
    },
  ],
  updates: [
    {
      engagement_id: 7,
      engagement_service_id: 70,
      business_name: 'Alfa Costruzioni S.p.A.',
      description: 'Tenuta della contabilità ordinaria',
      effective_date: '2026-11-01',
      kind: 'istat',
      percent: 1.125,
      old_fee: 1097.66,
      new_fee: 1110,
    },
  ],
  problems: [
    {
      engagement_id: 9,
      customer_id: 12,
      business_name: 'Verdi Mario',
      title: 'Paghe',
      message: "Numero di «Invio F24» di ottobre 2026 non inserito: indicalo in 'Addebiti degli incarichi'",
    },
  ],
};

const UNITS: UnitRow[] = [
  {
    engagement_service_id: 90,
    engagement_id: 9,
    customer_id: 12,
    business_name: 'Verdi Mario',
    description: 'Invio F24',
    fee: 7.5,
    period_start: '2026-10-01',
    units: null,
    billed: false,
  },
  {
    engagement_service_id: 91,
    engagement_id: 9,
    customer_id: 12,
    business_name: 'Verdi Mario',
    description: 'Invio F24 (sede secondaria)',
    fee: 7.5,
    period_start: '2026-10-01',
    units: 4,
    billed: true,
  },
];

const RUNS: BillingRun[] = [
  {
    id: 3,
    day: '2026-11-29',
    kind: 'scheduled',
    user_name: null,
    started_at: '2026-11-29 00:01:02',
    finished_at: '2026-11-29 00:01:05',
    charges: 12,
    amount: 5400,
    updates: 1,
    problems: [],
  },
];

let plans: string[] = [];
let runs = 0;
let unitWrites: unknown[] = [];
let serviceWrites: unknown[] = [];
let status = 'draft';

const DETAIL: EngagementDetail = {
  services: [],
  treatment: {
    regime: 'RF01',
    vat: 22,
    nature: null,
    cassa: true,
    withholding: true,
    text: "IVA 22 %, cassa previdenza 4 %, ritenuta d'acconto 20 % (il cliente è sostituto d'imposta)",
  },
  fee_changes: [],
  charges: [],
  upcoming: [],
};

const ENGAGEMENT = () => ({
  id: 7,
  title: 'Contabilità e dichiarativi',
  customer_id: 10,
  customer_id__label: 'Alfa Costruzioni S.p.A.',
  start_date: '2026-01-01',
  end_date: null,
  notice_days: 90,
  billing_day: 31,
  payment_days: 30,
  update_kind: 'none',
  update_percent: null,
  istat_share: 100,
  status,
  sent_at: null,
  signed_at: null,
  signed_how: null,
  ended_at: null,
  note: null,
  created_at: '2026-11-01 10:00:00',
  updated_at: '2026-11-01 10:00:00',
  deleted_at: null,
});

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/engagements/billing/preview', ({ request }) => {
    plans.push(request.url);
    return HttpResponse.json({ data: PLAN });
  }),
  http.post('*/api/engagements/billing/run', () => {
    runs += 1;
    return HttpResponse.json(
      { data: { run_id: 4, ran: true, charges: 2, amount: 1353.75, updates: 1, problems: PLAN.problems } },
      { status: 201 },
    );
  }),
  http.get('*/api/engagements/billing/runs', () => HttpResponse.json({ data: RUNS, total: 1 })),
  http.get('*/api/engagements/units', () => HttpResponse.json({ data: UNITS })),
  http.put('*/api/engagements/units', async ({ request }) => {
    const body = (await request.json()) as { units: Array<{ units: string }> };
    unitWrites.push(body);
    if (body.units.some((u) => u.units === '-3'))
      return HttpResponse.json(
        {
          message: 'Indica un numero da 0 a 100.000, con al massimo due decimali',
          errors: { 'units.0.units': ['Indica un numero da 0 a 100.000, con al massimo due decimali'] },
        },
        { status: 422 },
      );
    return HttpResponse.json({ data: [{ ...UNITS[0]!, units: 12 }, UNITS[1]] });
  }),
  // the engagement's card
  http.get('*/api/engagements/7', () => HttpResponse.json({ data: ENGAGEMENT() })),
  http.get('*/api/engagement/7/services', () =>
    HttpResponse.json({
      data:
        status === 'draft'
          ? DETAIL
          : {
              ...DETAIL,
              services: [
                {
                  id: 70,
                  position: 1,
                  studio_service_id: 1,
                  description: 'Tenuta della contabilità ordinaria',
                  rule: 'quarterly',
                  fee: 1097.66,
                  current_fee: 1110,
                  unit_source: null,
                },
              ],
            },
    }),
  ),
  http.put('*/api/engagement/7/services', async ({ request }) => {
    const body = (await request.json()) as { services: Array<Record<string, unknown>> };
    serviceWrites.push(body);
    // the first save meets another engagement of the customer with the same service (what only the server knows)
    if (serviceWrites.length === 1)
      return HttpResponse.json(
        {
          message: 'Dati non validi',
          errors: {
            'services.0.studio_service_id': [
              "Il servizio è già nell'incarico «Dichiarativi» (dal 01/01/2026 al 31/12/2026): le date si sovrappongono",
            ],
          },
        },
        { status: 422 },
      );
    return HttpResponse.json({
      data: {
        ...DETAIL,
        services: body.services.map((s, i) => ({
          id: 100 + i,
          position: i + 1,
          studio_service_id: s.studio_service_id,
          description: i === 0 ? 'Tenuta contabilità ordinaria' : 'Consulenza fiscale',
          rule: s.rule,
          fee: Number(s.fee),
          current_fee: Number(s.fee),
          unit_source: s.unit_source ?? null,
        })),
      },
    });
  }),
  http.get('*/api/engagement/7/actions/letters', () =>
    HttpResponse.json({
      data: { status, recipient: 'alfa@example.it', template: 'built-in', letters: [], can_send: true },
    }),
  ),
  http.get('*/api/list/StudioService/StudioServiceResource4SelectCollection', () =>
    HttpResponse.json({
      data: [
        { id: 1, label: 'Tenuta contabilità ordinaria', trashed: false },
        { id: 2, label: 'Consulenza fiscale', trashed: false },
      ],
      meta: { total: 2, current_page: 1, per_page: -1, last_page: 1 },
    }),
  ),
  http.get('*/api/list/Customer/:collection', () =>
    HttpResponse.json({
      data: [{ id: 10, label: 'Alfa Costruzioni S.p.A.', trashed: false }],
      meta: { total: 1, current_page: 1, per_page: 50, last_page: 1 },
    }),
  ),
  http.get('*/api/engagement/7/history', () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  plans = [];
  runs = 0;
  unitWrites = [];
  serviceWrites = [];
  status = 'draft';
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

describe('Addebiti degli incarichi', () => {
  it('the plan up to today: each charge with its period and amount, the total, the updates, what waits (linking to the engagement); Esegui ora confirmed', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/addebiti_incarichi');
    const table = await screen.findByRole('region', { name: 'Addebiti del periodo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Addebiti degli incarichi' })).toBeInTheDocument();
    expect(queryOf(plans[0]!).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByText('2 addebiti per 1.353,75 €')).toBeInTheDocument();
    expect(cellsOf(rowOf(table, 'Bianchi Srl'))).toEqual([
      '30-11-2026',
      'Bianchi Srl',
      'Consulenza fiscaleA tempo (ore × tariffa oraria)',
      'ottobre 2026',
      '3,75',
      '65,00 €',
      '243,75 €',
    ]);
    const updates = screen.getByRole('region', { name: 'Aggiornamenti annui' });
    expect(cellsOf(rowOf(updates, 'Alfa Costruzioni S.p.A.')).slice(3)).toEqual([
      'ISTAT +1,125 %',
      '1.097,66 €',
      '1.110,00 €',
    ]);
    const waiting = screen.getByText(/In attesa \(1\)/).closest('[role="alert"]') as HTMLElement;
    expect(within(waiting).getByRole('link', { name: 'Verdi Mario' })).toHaveAttribute('href', '/Engagement/9');
    expect(waiting).toHaveTextContent('Numero di «Invio F24» di ottobre 2026 non inserito');
    await user.click(screen.getByRole('button', { name: 'Esegui ora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esegui ora gli addebiti' });
    expect(dialog).toHaveTextContent('Si fanno 2 addebiti dovuti fino a oggi');
    await user.click(within(dialog).getByRole('button', { name: 'Esegui' }));
    await screen.findByText('Fatti 2 addebiti per 1.353,75 € e 1 aggiornamenti dei compensi');
    expect(runs).toBe(1);
    // the plan read again after the run
    await waitFor(() => expect(plans.length).toBeGreaterThanOrEqual(2));
    expect(await seriousAxe(document.body)).toEqual([]);
  });

  it('a Collaboratore sees the plan but not Esegui ora', async () => {
    login('Collaboratore');
    renderApp('/addebiti_incarichi');
    await screen.findByRole('region', { name: 'Addebiti del periodo' });
    expect(screen.queryByRole('button', { name: 'Esegui ora' })).not.toBeInTheDocument();
  });

  it('the counts of the month: a refused count under its row, then saved; a billed count is fixed; the runs’ log', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/addebiti_incarichi');
    await user.click(await screen.findByRole('tab', { name: 'Quantità del mese' }));
    const count = await screen.findByRole('textbox', { name: 'Quantità di Verdi Mario' });
    // the billed one is shown, not editable
    const billed = rowOf(screen.getByRole('region', { name: 'Quantità del mese' }), 'Invio F24 (sede secondaria)');
    expect(within(billed).getByText('addebitato')).toBeInTheDocument();
    expect(within(billed).queryByRole('textbox')).not.toBeInTheDocument();
    await user.type(count, '-3');
    await user.click(screen.getByRole('button', { name: 'Salva quantità' }));
    await screen.findByText('Indica un numero da 0 a 100.000, con al massimo due decimali', { selector: 'p' });
    await user.clear(count);
    await user.type(count, '12');
    await user.click(screen.getByRole('button', { name: 'Salva quantità' }));
    await screen.findByText('Quantità salvate');
    expect(unitWrites.at(-1)).toMatchObject({ units: [{ engagement_service_id: 90, units: '12' }] });
    await user.click(screen.getByRole('tab', { name: 'Registro esecuzioni' }));
    const log = await screen.findByRole('region', { name: 'Registro esecuzioni' });
    expect(cellsOf(rowOf(log, 'giornaliera')).slice(0, 2)).toEqual(['29-11-2026', 'giornaliera']);
    expect(cellsOf(rowOf(log, 'giornaliera')).slice(4, 7)).toEqual(['12', '5.400,00 €', '1']);
  });
});

describe('an engagement’s Servizi e compensi', () => {
  it('the treatment shown; rows added and saved; a refused fee under its row', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/Engagement/7');
    const section = await screen.findByRole('region', { name: 'Servizi e compensi' });
    await within(section).findByText(/La fattura di ogni addebito: IVA 22 %, cassa previdenza 4 %/);
    const add = within(section).getByRole('button', { name: 'Aggiungi servizio' });
    await user.click(add);
    await user.click(add);
    const pick = async (i: number, label: string, option: string) => {
      await user.click(within(section).getAllByRole('combobox', { name: label })[i]!);
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick(0, 'Servizio', 'Tenuta contabilità ordinaria');
    await pick(1, 'Servizio', 'Consulenza fiscale');
    await pick(1, 'Regola', 'Mensile');
    await user.type(within(section).getAllByRole('textbox', { name: 'Compenso del periodo' })[0]!, '600,00');
    const fee = within(section).getAllByRole('textbox', { name: 'Compenso del periodo' })[1]!;
    // an absurd fee: the form says so under the field, nothing is sent
    await user.type(fee, '2000000');
    await user.click(within(section).getByRole('button', { name: 'Salva servizi' }));
    await within(section).findByText(
      'Il compenso di 2.000.000,00 € è fuori misura: al massimo 500.000,00 € per periodo',
    );
    expect(serviceWrites).toEqual([]);
    await user.clear(fee);
    await user.type(fee, '1.200,50');
    await user.click(within(section).getByRole('button', { name: 'Salva servizi' }));
    // the server's problem under the first row's service
    await within(section).findByText(/Il servizio è già nell'incarico «Dichiarativi»/);
    expect(serviceWrites.at(-1)).toEqual({
      services: [
        { studio_service_id: 1, description: null, rule: 'quarterly', fee: '600.00', unit_source: null },
        { studio_service_id: 2, description: null, rule: 'monthly', fee: '1200.50', unit_source: null },
      ],
    });
    await user.click(within(section).getByRole('button', { name: 'Salva servizi' }));
    await screen.findByText('Servizi dell’incarico salvati');
    expect(serviceWrites).toHaveLength(2);
    expect(within(section).queryByText(/già nell'incarico/)).not.toBeInTheDocument();
  });

  it('a form problem is shown before any call: a service without its choice', async () => {
    const user = userEvent.setup();
    login('Admin');
    renderApp('/Engagement/7');
    const section = await screen.findByRole('region', { name: 'Servizi e compensi' });
    await within(section).findByText(/La fattura di ogni addebito/);
    await user.click(within(section).getByRole('button', { name: 'Aggiungi servizio' }));
    await user.click(within(section).getByRole('button', { name: 'Salva servizi' }));
    await within(section).findByText('Scegli il servizio dello studio');
    expect(serviceWrites).toEqual([]);
  });

  it('a signed engagement: its services read-only with the fee in force', async () => {
    status = 'signed';
    login('Admin');
    renderApp('/Engagement/7');
    const section = await screen.findByRole('region', { name: 'Servizi e compensi' });
    const table = await within(section).findByRole('table', { name: "Servizi dell'incarico" });
    expect(cellsOf(rowOf(table, 'Tenuta della contabilità ordinaria'))).toEqual([
      'Tenuta della contabilità ordinaria',
      'Trimestrale',
      '1.097,66 €',
      '1.110,00 €',
    ]);
    expect(within(section).queryByRole('button', { name: 'Salva servizi' })).not.toBeInTheDocument();
    expect(within(section).getByText(/i servizi non cambiano più/)).toBeInTheDocument();
  });
});
