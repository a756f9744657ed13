/**
 * 'Autovalutazione del rischio dello studio' (issue 48 item 5), the whole <App/> against a mocked
 * API (msw; unknown calls fail the test): the self-assessment in force with its warning (past, none,
 * due), the history; 'Nuova autovalutazione' with its live result computed by model/aml.ts, the
 * body posted, the screen read again, the server's 422 under its field; 'Formazione del personale'
 * with the hours per person and year and a training added. Axe finds nothing serious.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, renderApp, shellHandlers } from './harness';
import { replaceText, seriousAxe, useFakeApi } from './journeys';
import type {
  AmlSelfAssessment,
  AmlSelfAssessmentInput,
  AmlStudioFile,
  AmlTraining,
  AmlTrainingInput,
} from '../../model/api/aml';
import { today } from '../../model/dates';

const PATH = '/autovalutazione_antiriciclaggio';
const TODAY = today();
const display = (iso: string) => iso.split('-').reverse().join('-');

// ---------------------------------------------------------------------------------------------
// fixtures

const assessment = (over: Partial<AmlSelfAssessment> & Pick<AmlSelfAssessment, 'id'>): AmlSelfAssessment => ({
  inherent_scores: { tipologiaClientela: 1, areaGeografica: 1, canaliDistributivi: 1, serviziOfferti: 1 },
  vulnerability_scores: { formazione: 1, adeguataVerifica: 2, conservazione: 1, segnalazioni: 2 },
  inherent: 1,
  vulnerability: 1.5,
  residual: 1.3,
  band: 'non-significativo',
  band_label: 'Non significativo',
  mitigation: 'Procedure scritte',
  assessed_on: '2020-02-29',
  next_due: '2023-02-28',
  created_by_name: 'Mario Rossi',
  created_at: '2020-02-29 10:00:00',
  ...over,
});

const OLD = assessment({ id: 1 });
const OLDER = assessment({
  id: 2,
  inherent: 3,
  vulnerability: 2,
  residual: 2.4,
  band: 'poco-significativo',
  band_label: 'Poco significativo',
  mitigation: null,
  assessed_on: '2017-01-10',
  next_due: '2020-01-10',
  created_by_name: 'Laura Neri',
  created_at: '2017-01-10 09:00:00',
});

const training = (over: Partial<AmlTraining> & Pick<AmlTraining, 'id'>): AmlTraining => ({
  user_id: 7,
  person_name: 'Laura Neri',
  held_on: '2026-03-10',
  topic: 'Regole Tecniche 2025',
  provider: 'Ordine dei Commercialisti',
  hours: 4,
  created_by_name: 'Mario Rossi',
  created_at: '2026-03-11 10:00:00',
  ...over,
});

const TRAININGS = [
  training({ id: 3, held_on: '2026-05-20', hours: 2.5, topic: 'Segnalazioni sospette', provider: null }),
  training({ id: 2 }),
  training({ id: 1, user_id: null, person_name: 'Giulia Verdi', held_on: '2025-11-02', hours: 1.25 }),
];

// ---------------------------------------------------------------------------------------------
// the mocked API

let file: AmlStudioFile;
let reads = 0;
let posts: AmlSelfAssessmentInput[] = [];
let trainingPosts: AmlTrainingInput[] = [];
let postAnswer: (body: AmlSelfAssessmentInput) => Response;

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/aml/self_assessments', () => {
    reads += 1;
    return HttpResponse.json({ data: file });
  }),
  http.post('*/api/aml/self_assessments', async ({ request }) => {
    const body = (await request.json()) as AmlSelfAssessmentInput;
    posts.push(body);
    return postAnswer(body);
  }),
  http.post('*/api/aml/trainings', async ({ request }) => {
    const body = (await request.json()) as AmlTrainingInput;
    trainingPosts.push(body);
    const made = training({
      id: 10,
      user_id: body.user_id ?? null,
      person_name: body.user_id === 7 ? 'Laura Neri' : (body.person_name ?? ''),
      held_on: body.held_on,
      topic: body.topic,
      provider: body.provider ?? null,
      hours: body.hours,
    });
    file = { ...file, trainings: [made, ...file.trainings] };
    return HttpResponse.json({ data: made }, { status: 201 });
  }),
  http.get('*/api/collaborators', () =>
    HttpResponse.json({
      data: [
        { id: 7, name: 'Laura Neri' },
        { id: 1, name: 'Mario Rossi' },
      ],
    }),
  ),
);

// no console error but those a test provokes on purpose
const guard = useFakeApi(server);
beforeEach(() => {
  file = { current: OLD, history: [OLD, OLDER], next_due: '2023-02-28', overdue: true, trainings: TRAININGS };
  reads = 0;
  posts = [];
  trainingPosts = [];
  postAnswer = (body) => {
    const made = assessment({
      id: 3,
      inherent_scores: body.inherent,
      vulnerability_scores: body.vulnerability,
      inherent: 2,
      vulnerability: 2.25,
      residual: 2.15,
      band: 'poco-significativo',
      band_label: 'Poco significativo',
      mitigation: body.mitigation ?? null,
      assessed_on: body.assessed_on ?? TODAY,
      next_due: '2029-11-30',
      created_at: `${TODAY} 11:00:00`,
    });
    file = { ...file, current: made, history: [made, ...file.history], next_due: '2029-11-30', overdue: false };
    return HttpResponse.json({ data: made }, { status: 201 });
  };
  login('Admin');
});

// ---------------------------------------------------------------------------------------------
// helpers

type User = ReturnType<typeof userEvent.setup>;

const region = (name: string) => screen.findByRole('region', { name });
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text)) as HTMLElement;

/** Gives the score `n` to the factor named `label` (its select's name starts with it). */
async function score(user: User, form: HTMLElement, label: string, n: number) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await user.click(within(form).getByRole('combobox', { name: new RegExp(`^${escaped}`) }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: new RegExp(`^${n} – `) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const INHERENT = ['Tipologia di clientela', 'Area geografica di operatività', 'Canali distributivi', 'Servizi offerti'];
const VULNERABILITY = [
  'Formazione',
  'Organizzazione degli adempimenti di adeguata verifica della clientela',
  'Organizzazione degli adempimenti di conservazione',
  'Segnalazione di operazioni sospette',
];

async function scoreAll(user: User, form: HTMLElement, labels: string[], scores: number[]) {
  for (const [i, label] of labels.entries()) await score(user, form, label, scores[i]!);
}

async function openForm() {
  const user = userEvent.setup();
  renderApp(PATH);
  const form = await screen.findByRole('form', { name: 'Nuova autovalutazione' });
  const result = within(form).getByRole('region', { name: 'Risultato' });
  return { user, form, result };
}

// ---------------------------------------------------------------------------------------------

describe("'Autovalutazione del rischio dello studio'", () => {
  it('shows the assessment in force, overdue, the history, the trainings with the hours per person and year; axe finds nothing serious', async () => {
    renderApp(PATH);
    const current = await region('Autovalutazione in vigore');
    expect(await within(current).findByText('Rischio residuo 1,30 – Non significativo')).toBeInTheDocument();
    expect(within(current).getByText('Rischio inerente 1,00 · Vulnerabilità 1,50')).toBeInTheDocument();
    expect(
      within(current).getByText('Valutazione del 29-02-2020 di Mario Rossi · prossima entro il 28-02-2023'),
    ).toBeInTheDocument();
    expect(within(current).getByRole('note')).toHaveTextContent('Autovalutazione scaduta il 28-02-2023');
    expect(within(current).getByText('Misure di mitigazione: Procedure scritte')).toBeInTheDocument();
    expect(
      within(within(current).getByRole('list', { name: 'Vulnerabilità' })).getAllByRole('listitem')[1],
    ).toHaveTextContent(
      'Organizzazione degli adempimenti di adeguata verifica della clientela: 2 – Poco significativo',
    );

    const history = within(current).getByRole('table', { name: 'Storico delle autovalutazioni' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    const older = rowOf(history, '10-01-2017');
    for (const text of ['3,00', '2,00', '2,40', 'Poco significativo', '10-01-2020', 'Laura Neri'])
      expect(older).toHaveTextContent(text);

    const staff = await region('Formazione del personale');
    const list = within(staff).getByRole('table', { name: 'Formazioni' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '20-05-2026',
      '10-03-2026',
      '02-11-2025',
    ]);
    expect(rows[0]).toHaveTextContent('Segnalazioni sospette');
    expect(rows[0]).toHaveTextContent('2,5');
    const totals = within(staff).getByRole('table', { name: 'Ore di formazione per persona e anno' });
    expect(
      within(totals)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['2026', 'Laura Neri', '2', '6,5'],
      ['2025', 'Giulia Verdi', '1', '1,25'],
    ]);
    expect(reads).toBe(1);
    expect(await seriousAxe()).toEqual([]);
  });

  it('none yet: says so; one not yet due: until when', async () => {
    file = { current: null, history: [], next_due: null, overdue: true, trainings: [] };
    renderApp(PATH);
    const current = await region('Autovalutazione in vigore');
    expect(await within(current).findByRole('note')).toHaveTextContent(/^Nessuna autovalutazione registrata/);
    expect(within(current).queryByRole('table')).toBeNull();
    const staff = await region('Formazione del personale');
    expect(within(staff).getByText('Nessuna formazione registrata.')).toBeInTheDocument();
    cleanup();

    const made = assessment({ id: 5, assessed_on: '2026-01-15', next_due: '2029-01-15' });
    file = { current: made, history: [made], next_due: '2029-01-15', overdue: false, trainings: [] };
    renderApp(PATH);
    const again = await region('Autovalutazione in vigore');
    expect(await within(again).findByRole('note')).toHaveTextContent('Autovalutazione da rifare entro il 15-01-2029');
    expect(within(again).queryByText(/scaduta/)).toBeNull();
  });
});

describe("'Nuova autovalutazione'", () => {
  it('the result follows the scores: 2,2,3,1 and 2,3,2,2 → 2,15 poco significativo; 4 to two factors → 2,75 abbastanza', async () => {
    const { user, form, result } = await openForm();
    expect(within(result).getByText(/Il risultato compare quando/)).toBeInTheDocument();
    await scoreAll(user, form, INHERENT, [2, 2, 3, 1]);
    // half the scores: still waiting
    expect(within(result).queryByText(/^Rischio residuo/)).toBeNull();
    await scoreAll(user, form, VULNERABILITY, [2, 3, 2, 2]);
    expect(within(result).getByText('Rischio residuo 2,15 – Poco significativo')).toBeInTheDocument();
    expect(within(result).getByText('Rischio inerente 2,00 · Vulnerabilità 2,25')).toBeInTheDocument();
    expect(
      within(within(result).getByRole('list', { name: 'Motivazioni del calcolo' })).getAllByRole('listitem')[2],
    ).toHaveTextContent('Rischio residuo 2,15: 2,00 × 40% + 2,25 × 60% = 0,80 + 1,35.');

    // (2 + 2 + 3 + 4) / 4 = 2,75 and (4 + 3 + 2 + 2) / 4 = 2,75: 1,10 + 1,65
    await score(user, form, 'Servizi offerti', 4);
    await score(user, form, 'Formazione', 4);
    expect(within(result).getByText('Rischio residuo 2,75 – Abbastanza significativo')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("'Registra autovalutazione' posts the scores, the mitigation and the date, says so and reads the screen again", async () => {
    const { user, form } = await openForm();
    await scoreAll(user, form, INHERENT, [2, 2, 3, 1]);
    await scoreAll(user, form, VULNERABILITY, [2, 3, 2, 2]);
    await user.type(within(form).getByRole('textbox', { name: 'Misure di mitigazione' }), 'Corso annuale');
    expect(within(form).getByRole('textbox', { name: 'Data della valutazione' })).toHaveValue(display(TODAY));
    await user.click(within(form).getByRole('button', { name: 'Registra autovalutazione' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      inherent: { tipologiaClientela: 2, areaGeografica: 2, canaliDistributivi: 3, serviziOfferti: 1 },
      vulnerability: { formazione: 2, adeguataVerifica: 3, conservazione: 2, segnalazioni: 2 },
      mitigation: 'Corso annuale',
      assessed_on: TODAY,
    });
    expect(await screen.findByText('Autovalutazione registrata')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    const current = await region('Autovalutazione in vigore');
    expect(await within(current).findByText('Rischio residuo 2,15 – Poco significativo')).toBeInTheDocument();
    expect(within(current).getByRole('note')).toHaveTextContent('Autovalutazione da rifare entro il 30-11-2029');
    expect(within(within(current).getByRole('table')).getAllByRole('row')).toHaveLength(4);
    // the form is empty again
    expect(within(form).getByRole('textbox', { name: 'Misure di mitigazione' })).toHaveValue('');
  });

  it('missing scores are said under their group without posting', async () => {
    const { user, form } = await openForm();
    await scoreAll(user, form, INHERENT, [2, 2, 3, 1]);
    await user.click(within(form).getByRole('button', { name: 'Registra autovalutazione' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Vulnerabilità: manca il punteggio di «Formazione».',
    );
    expect(within(form).getAllByText(/^Vulnerabilità: manca il punteggio/)).toHaveLength(4);
    expect(posts).toHaveLength(0);
  });

  it("a 422 shows the server's message and errors.assessed_on under 'Data della valutazione'", async () => {
    const message = 'La data della valutazione non può essere futura';
    postAnswer = () => HttpResponse.json({ message, errors: { assessed_on: [message] } }, { status: 422 });
    const { user, form } = await openForm();
    await scoreAll(user, form, INHERENT, [1, 1, 1, 1]);
    await scoreAll(user, form, VULNERABILITY, [1, 1, 1, 1]);
    guard.allow(/La data della valutazione non può essere futura/);
    const date = within(form).getByRole('textbox', { name: 'Data della valutazione' });
    await replaceText(user, date, '01-01-2099');
    await user.click(within(form).getByRole('button', { name: 'Registra autovalutazione' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.assessed_on).toBe('2099-01-01');
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(date).toHaveAccessibleDescription(message);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Autovalutazione registrata')).toBeNull();
    expect(reads).toBe(1);
  });
});

describe("'Formazione del personale'", () => {
  it('adds the training of a member of the staff; the hours per year follow', async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    const staff = await region('Formazione del personale');
    const form = within(staff).getByRole('form', { name: 'Nuova formazione' });
    // nothing filled in: said, not posted
    await user.click(within(form).getByRole('button', { name: 'Aggiungi formazione' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/Indica chi ha seguito la formazione/);
    expect(within(form).getByRole('textbox', { name: 'Argomento' })).toHaveAccessibleDescription('Indica l’argomento');
    expect(trainingPosts).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: /^Persona/ }));
    await user.click(await screen.findByRole('option', { name: 'Laura Neri' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await replaceText(user, within(form).getByRole('textbox', { name: 'Data' }), '15-06-2026');
    await user.type(within(form).getByRole('textbox', { name: 'Argomento' }), 'Titolare effettivo');
    await user.type(within(form).getByRole('textbox', { name: 'Ente o docente' }), 'Fondazione');
    await user.type(within(form).getByRole('textbox', { name: 'Ore' }), '1,5');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi formazione' }));

    await waitFor(() => expect(trainingPosts).toHaveLength(1));
    expect(trainingPosts[0]).toEqual({
      user_id: 7,
      held_on: '2026-06-15',
      topic: 'Titolare effettivo',
      provider: 'Fondazione',
      hours: 1.5,
    });
    expect(await screen.findByText('Formazione registrata')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    const list = within(staff).getByRole('table', { name: 'Formazioni' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(5));
    expect(rowOf(list, 'Titolare effettivo')).toHaveTextContent('15-06-2026');
    const totals = within(staff).getByRole('table', { name: 'Ore di formazione per persona e anno' });
    expect(rowOf(totals, 'Laura Neri')).toHaveTextContent('2026Laura Neri38');
  });

  it('a person who is not a user: the name typed is posted', async () => {
    const user = userEvent.setup();
    renderApp(PATH);
    const staff = await region('Formazione del personale');
    const form = within(staff).getByRole('form', { name: 'Nuova formazione' });
    await user.click(within(form).getByRole('combobox', { name: /^Persona/ }));
    await user.click(await screen.findByRole('option', { name: /^Un’altra persona/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.type(within(form).getByRole('textbox', { name: /^Nome e cognome/ }), 'Paolo Bianchi');
    await user.type(within(form).getByRole('textbox', { name: 'Argomento' }), 'Uso del contante');
    await user.type(within(form).getByRole('textbox', { name: 'Ore' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi formazione' }));
    await waitFor(() => expect(trainingPosts).toHaveLength(1));
    expect(trainingPosts[0]).toEqual({
      person_name: 'Paolo Bianchi',
      held_on: TODAY,
      topic: 'Uso del contante',
      hours: 2,
    });
  });
});
