/**
 * 'Antiriciclaggio' on the customer's card (issue 48), the whole <App/> against a mocked API (msw;
 * unknown calls fail the test), its tab 'Valutazione del rischio' (the identification, the files and
 * the notes are in amlIdentification.test.tsx): the assessment in force (level, effective risk, next check and
 * its 'scaduto' warning) and the history; 'Nuova valutazione' with its live preview computed by
 * model/aml.ts (Tabella B only when a service chosen needs it), the body posted, the section read
 * again, a lower level only with its reason, the server's 422 under its field.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, renderApp, shellHandlers } from './harness';
import { RECORD } from './customerForm';
import { quietCustomerCard } from './journeys';
import type { AmlAssessment, AmlAssessmentInput, CustomerAml } from '../../model/api/aml';

// ---------------------------------------------------------------------------------------------
// fixtures

const assessment = (over: Partial<AmlAssessment> & Pick<AmlAssessment, 'id'>): AmlAssessment => ({
  customer_id: 5,
  services: ['tenuta-contabilita'],
  customer_scores: { naturaGiuridica: 1, attivitaPrevalente: 2, comportamento: 1, areaGeografica: 1 },
  operation_scores: null,
  flags: {},
  inherent: 3,
  specific: 1.25,
  effective: 1.78,
  computed_level: 'semplificata',
  level: 'semplificata',
  level_reason: null,
  reasons: [
    'Rischio inerente 3 (Tenuta della contabilità).',
    'Rischio effettivo 1,78: 3 × 30% + 1,25 × 70% = 0,90 + 0,88.',
  ],
  next_check: '2025-01-15',
  purpose: 'Tenuta della contabilità semplificata',
  pep: false,
  created_by_name: 'Mario Rossi',
  created_at: '2022-01-15 10:30:00',
  ...over,
});

const CURRENT = assessment({ id: 2 });
const OLDER = assessment({
  id: 1,
  services: ['consulenza-bilancio'],
  operation_scores: { tipologia: 3 },
  specific: 2.5,
  effective: 2.65,
  computed_level: 'ordinaria',
  level: 'ordinaria',
  reasons: [
    'Rischio inerente 3 (Consulenza in materia di redazione del bilancio).',
    'Controllo costante ogni 24 mesi.',
  ],
  next_check: '2022-01-10',
  purpose: null,
  created_by_name: 'Laura Neri',
  created_at: '2020-01-10 09:00:00',
});

/** The file with only its assessments (nothing else registered, nothing due). */
const fileOf = (over: Partial<CustomerAml>): CustomerAml => ({
  customer_id: 5,
  current: null,
  history: [],
  overdue: false,
  identification: null,
  identifications: [],
  files: [],
  notes: [],
  notes_allowed: true,
  ceased_on: null,
  kept_until: null,
  due: [],
  ...over,
});

// ---------------------------------------------------------------------------------------------
// the mocked API

let file: CustomerAml;
let reads = 0;
let posts: AmlAssessmentInput[] = [];
let postAnswer: (body: AmlAssessmentInput) => Response;

const saved = (body: AmlAssessmentInput): AmlAssessment =>
  assessment({
    id: 3,
    services: body.services,
    level: body.level!,
    computed_level: 'semplificata',
    level_reason: body.level_reason ?? null,
    next_check: '2029-03-02',
    purpose: body.purpose || null,
    created_by_name: 'Mario Rossi',
    created_at: '2026-03-02 11:00:00',
  });

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customer/:id/aml', ({ params }) => {
    reads += 1;
    return HttpResponse.json({ data: { ...file, customer_id: Number(params.id) } });
  }),
  http.post('*/api/customer/:id/aml/assessments', async ({ request }) => {
    const body = (await request.json()) as AmlAssessmentInput;
    posts.push(body);
    return postAnswer(body);
  }),
  // the rest of the card: the record, its selects, the other sections
  http.get('*/api/customers/:id', ({ params }) => HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } })),
  ...quietCustomerCard,
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  file = fileOf({ current: CURRENT, history: [CURRENT, OLDER], overdue: true });
  reads = 0;
  posts = [];
  postAnswer = (body) => {
    const made = saved(body);
    file = { ...file, current: made, history: [made, ...file.history], overdue: false };
    return HttpResponse.json({ data: made }, { status: 201 });
  };
  login('Admin');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

// ---------------------------------------------------------------------------------------------
// helpers

const section = () => screen.findByRole('region', { name: 'Antiriciclaggio' });

type User = ReturnType<typeof userEvent.setup>;

/** The section, on its tab 'Valutazione del rischio'. */
async function riskTab(user: User) {
  const s = await section();
  await user.click(await within(s).findByRole('tab', { name: 'Valutazione del rischio' }));
  expect(within(s).getByRole('tabpanel')).toHaveAccessibleName('Valutazione del rischio');
  return s;
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;

/** Opens the card and 'Nuova valutazione': the dialog. */
async function openForm() {
  const user = userEvent.setup();
  renderApp('/Customer/5');
  const s = await riskTab(user);
  await user.click(await within(s).findByRole('button', { name: 'Nuova valutazione' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuova valutazione del rischio' });
  return { user, dialog, section: s };
}

/** Adds a service from the multi-select (its option starts with the service's description). */
async function chooseService(user: User, dialog: HTMLElement, description: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Prestazioni svolte per il cliente' }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: new RegExp(`^${description}`) }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Gives the score `n` to the factor labelled `label`. */
async function score(user: User, dialog: HTMLElement, label: string | RegExp, n: number) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: new RegExp(`^${n} – `) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const TABLE_A = [
  'Natura giuridica',
  'Prevalente attività svolta',
  'Comportamento tenuto',
  'Area geografica di residenza',
];
const TABLE_B = [
  'Tipologia',
  'Modalità di svolgimento',
  'Ammontare dell’operazione',
  'Frequenza e volume',
  'Ragionevolezza',
  'Area geografica di destinazione',
];
const labelOf = (start: string) => new RegExp(`^${start}`);

async function scoreAll(user: User, dialog: HTMLElement, labels: string[], scores: number[]) {
  for (const [i, label] of labels.entries()) await score(user, dialog, labelOf(label), scores[i]!);
}

const result = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Risultato' });

// ---------------------------------------------------------------------------------------------

describe("'Antiriciclaggio' on the customer's card", () => {
  it('shows the assessment in force (level, effective risk, next check overdue) and the history', async () => {
    const user = userEvent.setup();
    renderApp('/Customer/5');
    const s = await section();
    // after the other sections
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Antiriciclaggio')).toBeGreaterThan(headings.indexOf('Solleciti'));
    expect(headings.indexOf('Solleciti')).toBeGreaterThan(headings.indexOf('Situazione contabile'));

    await riskTab(user);
    expect(await within(s).findByText('Adeguata verifica semplificata')).toBeInTheDocument();
    expect(within(s).getByText('Rischio effettivo 1,78 (poco significativo)')).toBeInTheDocument();
    expect(within(s).getByText('Rischio inerente 3 · Rischio specifico 1,25')).toBeInTheDocument();
    expect(within(s).getByText('Prossimo controllo: 15-01-2025')).toBeInTheDocument();
    expect(within(s).getByText('scaduto')).toBeInTheDocument();
    expect(within(s).getByText(/Il controllo costante è scaduto il 15-01-2025/)).toBeInTheDocument();
    expect(
      within(s).getByText('Scopo e natura del rapporto: Tenuta della contabilità semplificata'),
    ).toBeInTheDocument();
    expect(within(s).getByText('Valutazione di Mario Rossi del 15-01-2022 10:30')).toBeInTheDocument();
    expect(within(s).queryByText('PEP')).toBeNull();
    const reasons = within(s).getByRole('list', { name: 'Motivazioni della valutazione in vigore' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CURRENT.reasons);

    const table = within(s).getByRole('table', { name: 'Storico delle valutazioni' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const older = rowOf(table, 'Laura Neri');
    for (const text of ['10-01-2020 09:00', 'Ordinaria', '2,65', '10-01-2022']) expect(older).toHaveTextContent(text);
    expect(rowOf(table, 'Mario Rossi')).toHaveTextContent('1,78');
    expect(
      within(s).getByText(
        'Le valutazioni non si modificano: ogni cambiamento è una nuova valutazione (Regola Tecnica n. 3)',
      ),
    ).toBeInTheDocument();
    // a row's reasons, on demand
    const more = within(older).getByRole('button', { name: 'Motivazioni della valutazione del 10-01-2020 09:00' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('list')).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const list = within(table).getByRole('list', { name: 'Motivazioni della valutazione del 10-01-2020 09:00' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(OLDER.reasons);
    expect(reads).toBe(1);
  });

  it('a rafforzata level is in the error colour, with the PEP mark; not overdue: no warning', async () => {
    const strict = assessment({
      id: 4,
      level: 'rafforzata',
      computed_level: 'rafforzata',
      pep: true,
      next_check: '2027-01-15',
    });
    file = fileOf({ current: strict, history: [strict] });
    const user = userEvent.setup();
    renderApp('/Customer/5');
    const s = await riskTab(user);
    const chip = (await within(s).findByText('Adeguata verifica rafforzata')).closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-colorError');
    expect(within(s).getByText('PEP')).toBeInTheDocument();
    expect(within(s).getByText('Prossimo controllo: 15-01-2027')).toBeInTheDocument();
    expect(within(s).queryByText('scaduto')).toBeNull();
    expect(within(s).queryByText(/Il controllo costante è scaduto/)).toBeNull();
  });

  it('an empty file says so; a failure to read it leaves the form usable', async () => {
    file = fileOf({});
    const user = userEvent.setup();
    renderApp('/Customer/5');
    const s = await riskTab(user);
    expect(await within(s).findByText('Nessuna valutazione del rischio registrata.')).toBeInTheDocument();
    expect(within(s).queryByRole('table')).toBeNull();
    cleanup();

    server.use(http.get('*/api/customer/:id/aml', () => HttpResponse.json({ message: 'Errore 500' }, { status: 500 })));
    renderApp('/Customer/5');
    const failed = await section();
    expect(
      await within(failed).findByText(/Fascicolo antiriciclaggio non disponibile: Errore 500/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Ragione Sociale/ })).toBeEnabled();
    expect(within(failed).queryByRole('button', { name: 'Nuova valutazione' })).toBeNull();
    expect(within(failed).queryByRole('tab')).toBeNull();
  });

  it('a Collaboratore assesses, but cannot choose a level less strict than the computed one', async () => {
    login('Collaboratore');
    const { user, dialog } = await openForm();
    await chooseService(user, dialog, 'Tenuta della contabilità');
    // 3 × 30% + 2,75 × 70% = 2,83: ordinaria
    await scoreAll(user, dialog, TABLE_A, [2, 3, 3, 3]);
    await user.click(within(dialog).getByRole('combobox', { name: 'Livello applicato' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Adeguata verifica semplificata' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Adeguata verifica rafforzata' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(reads).toBe(1);
  });
});

describe("'Nuova valutazione'", () => {
  it('previews 1,78 semplificata for Tenuta della contabilità with Tabella A 1,2,1,1; Tabella B only for finanza straordinaria', async () => {
    const { user, dialog } = await openForm();
    expect(within(result(dialog)).getByText(/Il risultato compare quando/)).toBeInTheDocument();
    await chooseService(user, dialog, 'Tenuta della contabilità');
    // every button of the dialog is a plain button (nothing submits the customer's form)
    for (const b of within(dialog).getAllByRole('button', { name: /Annulla|Registra valutazione/ }))
      expect(b).toHaveAttribute('type', 'button');
    // the criteria are the select's description
    expect(within(dialog).getByRole('combobox', { name: labelOf('Natura giuridica') })).toHaveAccessibleDescription(
      /Congruità della forma giuridica/,
    );
    await scoreAll(user, dialog, TABLE_A, [1, 2, 1, 1]);
    // Tabella B is not asked for the services exempt from it
    expect(within(dialog).queryByRole('group', { name: /Tabella B/ })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: labelOf('Tipologia') })).toBeNull();

    const r = result(dialog);
    expect(within(r).getByText('Rischio effettivo 1,78 – Poco significativo')).toBeInTheDocument();
    expect(within(r).getByText('Rischio inerente 3 · Rischio specifico 1,25')).toBeInTheDocument();
    expect(within(r).getByText('Adeguata verifica semplificata')).toBeInTheDocument();
    expect(
      within(within(r).getByRole('list', { name: 'Motivazioni del calcolo' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('Rischio inerente 3 (Tenuta della contabilità).');
    expect(within(dialog).getByRole('combobox', { name: 'Livello applicato' })).toHaveTextContent(
      'Adeguata verifica semplificata',
    );

    // a service of grade 4 that needs Tabella B: its six factors are asked, the result waits for them
    await chooseService(user, dialog, 'Consulenza in operazioni di finanza straordinaria');
    const tableB = within(dialog).getByRole('group', { name: /Tabella B/ });
    expect(within(tableB).getAllByRole('combobox')).toHaveLength(6);
    expect(within(result(dialog)).queryByText(/^Rischio effettivo \d,\d\d – /)).toBeNull();
    expect(within(result(dialog)).getByText(/Il risultato compare quando/)).toBeInTheDocument();
    await scoreAll(user, dialog, TABLE_B, [1, 1, 1, 1, 1, 1]);
    // 4 × 30% + (5 + 6) / 10 × 70% = 1,20 + 0,77
    expect(within(result(dialog)).getByText('Rischio effettivo 1,97 – Poco significativo')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("'Registra valutazione' posts exactly the inputs, closes, says so and reads the section again", async () => {
    const { user, dialog, section: s } = await openForm();
    await chooseService(user, dialog, 'Tenuta della contabilità');
    await scoreAll(user, dialog, TABLE_A, [1, 2, 1, 1]);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Scopo e natura del rapporto' }),
      'Contabilità ordinaria',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registra valutazione' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      services: ['tenuta-contabilita'],
      customer: { naturaGiuridica: 1, attivitaPrevalente: 2, comportamento: 1, areaGeografica: 1 },
      flags: { pep: false, pepPublicAuthority: false, highRiskCountry: false, suspicion: false },
      level: 'semplificata',
      purpose: 'Contabilità ordinaria',
    });
    expect(await screen.findByText('Valutazione del rischio registrata')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuova valutazione del rischio' })).toBeNull());
    // read again: the new assessment is in force, first in the history, no longer overdue
    await waitFor(() => expect(reads).toBe(2));
    expect(await within(s).findByText('Prossimo controllo: 02-03-2029')).toBeInTheDocument();
    expect(within(s).queryByText('scaduto')).toBeNull();
    expect(within(s).getByText('Scopo e natura del rapporto: Contabilità ordinaria')).toBeInTheDocument();
    const table = within(s).getByRole('table', { name: 'Storico delle valutazioni' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('02-03-2026 11:00');
    // the customer's form was not submitted (no PUT is mocked: one would fail the test)
  });

  it('posts Tabella B and the flags when they apply; PEP raises the level to rafforzata', async () => {
    const { user, dialog } = await openForm();
    await chooseService(user, dialog, 'Consulenza in operazioni di finanza straordinaria');
    await scoreAll(user, dialog, TABLE_A, [1, 1, 1, 1]);
    await scoreAll(user, dialog, TABLE_B, [2, 2, 2, 2, 2, 2]);
    const authority = within(dialog).getByRole('checkbox', {
      name: 'PEP che agisce come organo della pubblica amministrazione',
    });
    expect(authority).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cliente, esecutore o titolare effettivo PEP' }));
    expect(authority).toBeEnabled();
    const r = result(dialog);
    expect(within(r).getByText('Adeguata verifica rafforzata')).toBeInTheDocument();
    expect(within(r).getByText(/^Cliente PEP: adeguata verifica rafforzata/)).toBeInTheDocument();
    // the law's minimum cannot be lowered
    await user.click(within(dialog).getByRole('combobox', { name: 'Livello applicato' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Adeguata verifica semplificata' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Registra valutazione' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      services: ['finanza-straordinaria'],
      customer: { naturaGiuridica: 1, attivitaPrevalente: 1, comportamento: 1, areaGeografica: 1 },
      operation: {
        tipologia: 2,
        modalita: 2,
        ammontare: 2,
        frequenzaVolume: 2,
        ragionevolezza: 2,
        areaDestinazione: 2,
      },
      flags: { pep: true, pepPublicAuthority: false, highRiskCountry: false, suspicion: false },
      level: 'rafforzata',
      purpose: '',
    });
  });

  it('a level less strict than the computed one asks the reason, and the post carries it', async () => {
    const { user, dialog } = await openForm();
    await chooseService(user, dialog, 'Tenuta della contabilità');
    // 3 × 30% + 2,75 × 70% = 2,83: ordinaria
    await scoreAll(user, dialog, TABLE_A, [2, 3, 3, 3]);
    const level = within(dialog).getByRole('combobox', { name: 'Livello applicato' });
    expect(level).toHaveTextContent('Adeguata verifica ordinaria');
    expect(within(dialog).queryByRole('textbox', { name: /Motivo/ })).toBeNull();
    await user.click(level);
    await user.click(await screen.findByRole('option', { name: 'Adeguata verifica semplificata' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    expect(reason).toBeRequired();
    expect(within(dialog).getByText(/Solo l'Admin dello studio può applicare/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registra valutazione' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/scrivere il motivo/);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    await user.type(reason, 'Cliente storico, attività invariata');
    await user.click(within(dialog).getByRole('button', { name: 'Registra valutazione' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ level: 'semplificata', level_reason: 'Cliente storico, attività invariata' });
    expect(posts[0]!.customer).toEqual({
      naturaGiuridica: 2,
      attivitaPrevalente: 3,
      comportamento: 3,
      areaGeografica: 3,
    });
    expect(await screen.findByText('Valutazione del rischio registrata')).toBeInTheDocument();
  });

  it("a 422 shows the server's message and errors.level under 'Livello applicato'; the dialog stays open", async () => {
    const message =
      "Solo l'Admin dello studio può applicare un'adeguata verifica meno rigorosa di quella calcolata, scrivendone il motivo";
    postAnswer = () => HttpResponse.json({ message, errors: { level: [message] } }, { status: 422 });
    const { user, dialog } = await openForm();
    await chooseService(user, dialog, 'Tenuta della contabilità');
    await scoreAll(user, dialog, TABLE_A, [1, 2, 1, 1]);
    await user.click(within(dialog).getByRole('button', { name: 'Registra valutazione' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    const level = within(dialog).getByRole('combobox', { name: 'Livello applicato' });
    expect(level).toHaveAccessibleDescription(message);
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Nuova valutazione del rischio' })).toBeInTheDocument();
    expect(screen.queryByText('Valutazione del rischio registrata')).toBeNull();
    expect(reads).toBe(1);
  });
});
