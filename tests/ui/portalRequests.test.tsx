/**
 * 'Richieste di documenti' (issue 50 item 2), the whole <App/> against a mocked API (msw; unknown
 * calls fail the test, a console error too): the rows with the customer's card, the deadline
 * (DD/MM/YYYY, a red 'in ritardo' when late), the documents accepted with the 'da controllare'
 * count, the state; the filters sent to GET /api/portal/requests (the open ones unless another state
 * is chosen) and kept in the address, the pages. A request's detail: its message, each document
 * with its state, the customer's note, its files (downloaded through the app's download; one in
 * quarantine marked with what the antivirus found and not downloadable; one set aside struck
 * through); 'Accetta' and 'Chiedi di nuovo' (a reason required, the server's 422 under it) post the
 * review; 'Annulla richiesta' asks first. 'Nuova richiesta' posts the customers picked (or a job's
 * with its year), the title, the deadline and the documents, shows the server's 422 under its field
 * keeping what was typed, and a checklist fills the fields. The customers' bulk bar's 'Richiedi
 * documenti' (menu 'Documenti') sends it to the selected customers.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, ListContextProvider, Notification, type ListControllerResult } from 'react-admin';
import { location, login, negativeLook, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, choose, helperText, rowOf, seriousAxe, useFakeApi } from './journeys';
import type { PortalFile, RequestDetail, RequestItem, RequestSummary } from '../../model/api/portalRequests';
import { currentYear } from '../../model/dates';
import { REQUEST_MESSAGES } from '../../model/portal';
import { dataProvider } from '../../src/dataProvider';
import { CustomerBulkActions } from '../../src/resources/Customer/bulk';
import { EMPTY_TEXT } from '../../src/areas/portal/Requests';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const summary = (over: Partial<RequestSummary> & Pick<RequestSummary, 'id' | 'customer_id' | 'customer_name'>) => ({
  title: 'Documenti per il 730',
  due_date: '2026-05-31',
  message: null,
  status: 'aperta' as const,
  created_at: '2026-04-01 09:30:00',
  created_by_name: 'Mario Rossi',
  closed_at: null,
  studio_job_id: null,
  task_id: null,
  year: null,
  items: 3,
  accepted: 0,
  to_review: 0,
  customer_turn: 3,
  reminders_sent: 0,
  late: false,
  ...over,
});

const LIST = {
  data: [
    summary({
      id: 7,
      customer_id: 10,
      customer_name: 'Alfa Srl',
      title: 'Documenti per il 730',
      due_date: '2026-01-15',
      items: 5,
      accepted: 2,
      to_review: 2,
      customer_turn: 1,
      late: true,
    }),
    summary({ id: 8, customer_id: 11, customer_name: 'Bianchi Mario', title: 'Estratti conto 2025' }),
  ],
  total: 60,
};

const file = (over: Partial<PortalFile> & Pick<PortalFile, 'id' | 'filename'>): PortalFile => ({
  item_id: 71,
  origin: 'cliente',
  content_type: 'application/pdf',
  kind: 'pdf',
  size: 250 * 1024,
  sha256: 'a'.repeat(64),
  scan: 'ok',
  scan_result: null,
  uploaded_by_name: 'Anna Alfa',
  created_at: '2026-04-10 18:05:00',
  first_opened_at: null,
  rejected: false,
  ...over,
});

const item = (over: Partial<RequestItem> & Pick<RequestItem, 'id' | 'label' | 'status'>): RequestItem => ({
  request_id: 7,
  position: over.id,
  customer_note: null,
  review_reason: null,
  reviewed_by_name: null,
  reviewed_at: null,
  updated_at: '2026-04-10 18:05:00',
  files: [],
  ...over,
});

const DETAIL: RequestDetail = {
  ...LIST.data[0]!,
  message: 'Buongiorno,\nci invii i documenti entro la scadenza.',
  documents: [
    item({
      id: 71,
      label: 'Certificazione Unica',
      status: 'inviato',
      files: [
        file({ id: 31, filename: 'CU 2026.pdf' }),
        file({
          id: 32,
          filename: 'fattura.exe.pdf',
          size: 900,
          scan: 'quarantena',
          scan_result: 'Win.Test.EICAR_HDB-1',
        }),
      ],
    }),
    item({
      id: 72,
      label: 'Spese mediche',
      status: 'mancante',
      customer_note: 'Non ho spese mediche quest’anno',
    }),
    item({
      id: 73,
      label: 'Contratto di affitto',
      status: 'da_rifare',
      review_reason: 'Manca la seconda pagina',
      files: [file({ id: 33, item_id: 73, filename: 'affitto.jpg', rejected: true })],
    }),
    item({ id: 74, label: 'Documento di identità', status: 'accettato', reviewed_by_name: 'Mario Rossi' }),
    item({ id: 75, label: 'Visura catastale', status: 'richiesto' }),
  ],
};

let listCalls: string[] = [];
let posts: Array<{ path: string; body: unknown }> = [];
let fileCalls: string[] = [];
/** the answers of the POSTs, by path, in turn (the last one stays) */
let answers: Record<string, Array<() => Response>> = {};
const answer = (path: string) => {
  const list = answers[path] ?? [];
  return (list.length > 1 ? list.shift()! : list[0])?.() ?? HttpResponse.json({ message: 'inatteso' }, { status: 500 });
};

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/portal/requests', ({ request }) => {
    listCalls.push(request.url);
    return HttpResponse.json(LIST);
  }),
  http.get('*/api/portal/requests/:id', () => HttpResponse.json({ data: DETAIL })),
  http.post('*/api/portal/requests*', async ({ request }) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    posts.push({ path, body: text ? JSON.parse(text) : undefined });
    return answer(path);
  }),
  http.get('*/api/portal/files/:id', ({ request }) => {
    fileCalls.push(new URL(request.url).pathname);
    return new HttpResponse('%PDF-1.4', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="CU 2026.pdf"' },
    });
  }),
  http.get('*/api/list/Customer/CustomerResource4SelectCollection', ({ request }) =>
    HttpResponse.json({
      data: new URL(request.url).searchParams.get('search_text')?.startsWith('alf')
        ? [{ id: 10, label: 'Alfa Srl', cod: 'C010' }]
        : [],
    }),
  ),
  http.get('*/api/list/DocumentChecklist/DocumentChecklistResource4SelectCollection', () =>
    HttpResponse.json({
      data: [
        { id: 5, label: 'Documenti per il 730', trashed: false },
        { id: 6, label: 'Bilancio', trashed: false },
      ],
    }),
  ),
  http.get('*/api/document_checklists/5', () =>
    HttpResponse.json({
      data: {
        id: 5,
        name: 'Documenti per il 730',
        studio_job_id: 3,
        task_id: 9,
        items: 'Certificazione Unica\nSpese mediche',
        message: 'Ci invii i documenti per il 730',
      },
    }),
  ),
  http.get('*/api/studio_jobs', () =>
    HttpResponse.json({
      data: [
        { id: 2, cod: 'IVA', name: 'Dichiarazione IVA', taskCount: 1, task_ids: [], legal_status_ids: [] },
        { id: 3, cod: '730', name: 'Modello 730', taskCount: 2, task_ids: [9], legal_status_ids: [] },
      ],
    }),
  ),
);

const guard = useFakeApi(server, () => {
  listCalls = [];
  posts = [];
  fileCalls = [];
  answers = {};
  vi.mocked(saveAs).mockClear();
});

const table = () => screen.findByRole('table', { name: 'Richieste di documenti ai clienti' });
const lastQuery = () => queryOf(listCalls[listCalls.length - 1]!);
const detailOf = (d: RequestDetail) => () => HttpResponse.json({ data: d });
const article = (name: string) => screen.getByRole('article', { name });
const CREATED = { created: 1, request_ids: [40], without_people: 0, notified: 2 };

describe('Richieste di documenti: the list', () => {
  it('shows each request: the customer as a link to its card, the title, the deadline with a red late marker, the documents with the count to review, the state', async () => {
    login('Collaboratore');
    renderApp('/richieste_documenti');
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Richieste di documenti' })).toBeInTheDocument();
    // the open requests unless another state is chosen
    expect(lastQuery()).toEqual({ status: 'aperta' });
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Cliente', 'Richiesta', 'Scadenza', 'Documenti', 'Stato']);
    const alfa = rowOf(t, 'Alfa Srl');
    expect(cellsOf(alfa)).toEqual([
      'Alfa Srl',
      'Documenti per il 730',
      '15/01/2026in ritardo',
      '2/52 da controllare',
      'Aperta',
    ]);
    expect(within(alfa).getByRole('link', { name: 'Alfa Srl' })).toHaveAttribute('href', '/Customer/10');
    expect(within(alfa).getByText('in ritardo').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    const bianchi = rowOf(t, 'Bianchi Mario');
    expect(cellsOf(bianchi)).toEqual(['Bianchi Mario', 'Estratti conto 2025', '31/05/2026', '0/3', 'Aperta']);
    expect(screen.getByText('60 richieste')).toBeInTheDocument();
    expect(screen.getByText('1-25 di 60')).toBeInTheDocument();
    expect(await seriousAxe()).toEqual([]);
  });

  it('sends each filter to GET /api/portal/requests and keeps it in the address; a filter goes back to the first page', async () => {
    const user = userEvent.setup();
    login('Collaboratore');
    renderApp('/richieste_documenti');
    await table();
    await user.click(screen.getByRole('switch', { name: 'Da controllare' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'aperta', to_review: '1' }));
    await user.click(screen.getByRole('switch', { name: 'In ritardo' }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'aperta', to_review: '1', late: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca cliente o richiesta' }), 'alfa');
    await waitFor(() => expect(lastQuery()).toEqual({ status: 'aperta', to_review: '1', late: '1', search: 'alfa' }));
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual({
      to_review: '1',
      late: '1',
      q: 'alfa',
    });
    // every state: no state sent
    await choose(user, 'Stato', 'Tutte');
    await waitFor(() => expect(lastQuery()).toEqual({ to_review: '1', late: '1', search: 'alfa' }));
    await choose(user, 'Stato', 'Completate');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'completata' }));
    // the next page, then a filter: back to the first
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'completata', page: '2' }));
    await user.click(screen.getByRole('switch', { name: 'In ritardo' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('late'));
    expect(lastQuery()).not.toHaveProperty('page');
  });

  it('opens the filters of an address as they are', async () => {
    login('Collaboratore');
    renderApp('/richieste_documenti?status=annullata&late=1&q=bianchi');
    await table();
    expect(lastQuery()).toEqual({ status: 'annullata', late: '1', search: 'bianchi' });
    expect(screen.getByRole('combobox', { name: 'Stato' })).toHaveTextContent('Annullate');
    expect(screen.getByRole('switch', { name: 'In ritardo' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Da controllare' })).not.toBeChecked();
  });

  it('says when no request matches', async () => {
    server.use(http.get('*/api/portal/requests', () => HttpResponse.json({ data: [], total: 0 })));
    login('Collaboratore');
    renderApp('/richieste_documenti');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe("Richieste di documenti: a request's detail", () => {
  it('a click on the row opens it: the message, each document with its state and note, the files (quarantined and set aside marked), a file downloaded', async () => {
    const user = userEvent.setup();
    login('Collaboratore');
    renderApp('/richieste_documenti?late=1');
    const t = await table();
    await user.click(within(rowOf(t, 'Alfa Srl')).getByText('2/5'));
    await waitFor(() => expect(location.current.pathname).toBe('/richieste_documenti/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documenti per il 730' })).toBeInTheDocument();
    expect(screen.getByText(/ci invii i documenti entro la scadenza/)).toBeInTheDocument();
    // each document's state, by the model's labels
    expect(within(article('Certificazione Unica')).getByText('Inviato, da controllare')).toBeInTheDocument();
    const medical = article('Spese mediche');
    expect(within(medical).getByText('Non disponibile, da controllare')).toBeInTheDocument();
    expect(within(medical).getByText('Non ho spese mediche quest’anno')).toBeInTheDocument();
    const lease = article('Contratto di affitto');
    expect(within(lease).getByText('Da inviare di nuovo')).toBeInTheDocument();
    expect(within(lease).getByText('Manca la seconda pagina')).toBeInTheDocument();
    expect(within(article('Documento di identità')).getByText('Accettato')).toBeInTheDocument();
    expect(within(article('Visura catastale')).getByText('Da inviare')).toBeInTheDocument();
    // only the documents the studio reviews have the buttons
    for (const name of ['Certificazione Unica', 'Spese mediche'])
      expect(within(article(name)).getByRole('button', { name: 'Accetta' })).toBeInTheDocument();
    for (const name of ['Contratto di affitto', 'Documento di identità', 'Visura catastale'])
      expect(within(article(name)).queryByRole('button', { name: 'Accetta' })).toBeNull();
    // the files: name, size, date; the quarantined one marked with its signature and not downloadable
    const cu = within(article('Certificazione Unica'));
    expect(cu.getByText(/250 KB · 10-04-2026 18:05/)).toBeInTheDocument();
    expect(cu.getByText('In quarantena')).toBeInTheDocument();
    expect(cu.getByText('Win.Test.EICAR_HDB-1')).toBeInTheDocument();
    expect(cu.queryByRole('button', { name: 'Scarica fattura.exe.pdf' })).toBeNull();
    // the file set aside struck through
    expect(within(lease).getByText('affitto.jpg').tagName).toBe('DEL');
    expect(cu.getByText('CU 2026.pdf').tagName).not.toBe('DEL');
    await user.click(cu.getByRole('button', { name: 'Scarica CU 2026.pdf' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(fileCalls).toEqual(['/api/portal/files/31']);
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('CU 2026.pdf');
    // back to the list with its filters
    expect(screen.getByRole('link', { name: 'Richieste di documenti' })).toHaveAttribute(
      'href',
      '/richieste_documenti?late=1',
    );
    expect(await seriousAxe()).toEqual([]);
  });

  it("'Accetta' posts the review with outcome accetta and shows the document accepted", async () => {
    const user = userEvent.setup();
    answers['/api/portal/requests/7/documents/71/review'] = [
      detailOf({
        ...DETAIL,
        accepted: 3,
        to_review: 1,
        documents: DETAIL.documents.map((d) => (d.id === 71 ? { ...d, status: 'accettato' } : d)),
      }),
    ];
    login('Collaboratore');
    renderApp('/richieste_documenti/7');
    await screen.findByRole('heading', { level: 1, name: 'Documenti per il 730' });
    await user.click(within(article('Certificazione Unica')).getByRole('button', { name: 'Accetta' }));
    expect(await screen.findByText('Certificazione Unica: accettato')).toBeInTheDocument();
    expect(posts).toEqual([{ path: '/api/portal/requests/7/documents/71/review', body: { outcome: 'accetta' } }]);
    await waitFor(() =>
      expect(within(article('Certificazione Unica')).queryByRole('button', { name: 'Accetta' })).toBeNull(),
    );
    expect(within(article('Certificazione Unica')).getByText('Accettato')).toBeInTheDocument();
  });

  it("'Chiedi di nuovo' needs a reason: none, nothing is sent; the server's 422 under the field; then it posts outcome rifai with the reason", async () => {
    const user = userEvent.setup();
    const path = '/api/portal/requests/7/documents/72/review';
    answers[path] = [
      () =>
        HttpResponse.json(
          { message: REQUEST_MESSAGES.reasonTooLong, errors: { reason: [REQUEST_MESSAGES.reasonTooLong] } },
          { status: 422 },
        ),
      detailOf({
        ...DETAIL,
        documents: DETAIL.documents.map((d) =>
          d.id === 72 ? { ...d, status: 'da_rifare', review_reason: 'Serve la dichiarazione firmata' } : d,
        ),
      }),
    ];
    login('Collaboratore');
    renderApp('/richieste_documenti/7');
    await screen.findByRole('heading', { level: 1, name: 'Documenti per il 730' });
    await user.click(within(article('Spese mediche')).getByRole('button', { name: 'Chiedi di nuovo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiedi di nuovo' });
    const reason = within(dialog).getByRole('textbox', { name: /^Motivo/ });
    await user.click(within(dialog).getByRole('button', { name: 'Chiedi di nuovo' }));
    expect(helperText(reason)).toBe(REQUEST_MESSAGES.reasonRequired);
    await negativeLook();
    expect(posts).toEqual([]);
    guard.allow(/al massimo 500 caratteri/);
    await user.type(reason, 'Troppo lungo');
    await user.click(within(dialog).getByRole('button', { name: 'Chiedi di nuovo' }));
    await waitFor(() => expect(helperText(reason)).toBe(REQUEST_MESSAGES.reasonTooLong));
    expect(reason).toHaveValue('Troppo lungo');
    expect(posts).toEqual([{ path, body: { outcome: 'rifai', reason: 'Troppo lungo' } }]);
    await user.clear(reason);
    await user.type(reason, 'Serve la dichiarazione firmata');
    await user.click(within(dialog).getByRole('button', { name: 'Chiedi di nuovo' }));
    expect(await screen.findByText('Spese mediche: chiesto di nuovo al cliente')).toBeInTheDocument();
    expect(posts[1]).toEqual({ path, body: { outcome: 'rifai', reason: 'Serve la dichiarazione firmata' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(article('Spese mediche')).getByText('Da inviare di nuovo')).toBeInTheDocument();
  });

  it("'Annulla richiesta' asks first, then posts the cancellation", async () => {
    const user = userEvent.setup();
    answers['/api/portal/requests/7/cancel'] = [
      detailOf({ ...DETAIL, status: 'annullata', closed_at: '2026-04-12 10:00:00' }),
    ];
    login('Collaboratore');
    renderApp('/richieste_documenti/7');
    await screen.findByRole('heading', { level: 1, name: 'Documenti per il 730' });
    await user.click(screen.getByRole('button', { name: 'Annulla richiesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annulla richiesta' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Annulla richiesta' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sì, annulla' }));
    expect(await screen.findByText('Richiesta annullata')).toBeInTheDocument();
    expect(posts).toEqual([{ path: '/api/portal/requests/7/cancel', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Annulla richiesta' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Accetta' })).toBeNull();
  });
});

describe("'Nuova richiesta'", () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    login('Collaboratore');
    renderApp('/richieste_documenti');
    await table();
    await user.click(screen.getByRole('button', { name: 'Nuova richiesta' }));
    return screen.findByRole('dialog', { name: 'Nuova richiesta di documenti' });
  };

  it("posts the customers picked, the title, the deadline and the documents; a 422 under 'Scadenza' keeps what was typed", async () => {
    const user = userEvent.setup();
    answers['/api/portal/requests'] = [
      () =>
        HttpResponse.json(
          { message: REQUEST_MESSAGES.duePast, errors: { due_date: [REQUEST_MESSAGES.duePast] } },
          { status: 422 },
        ),
      () => HttpResponse.json({ data: CREATED }, { status: 201 }),
    ];
    const dialog = await open(user);
    const d = within(dialog);
    // no customer: nothing is sent
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    expect(helperText(d.getByRole('combobox', { name: 'Clienti' }))).toBe(REQUEST_MESSAGES.noCustomers);
    await negativeLook();
    expect(posts).toEqual([]);
    await user.type(d.getByRole('combobox', { name: 'Clienti' }), 'alf');
    await user.click(await screen.findByRole('option', { name: 'Alfa Srl' }));
    await user.type(d.getByRole('textbox', { name: /^Titolo/ }), 'Documenti 2025');
    fireEvent.change(d.getByLabelText(/^Scadenza/), { target: { value: '2020-01-31' } });
    const documents = d.getByRole('textbox', { name: /^Documenti/ });
    await user.type(documents, 'Visura{Enter}Bilancio');
    guard.allow(/non può essere già passata/);
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    const due = d.getByLabelText(/^Scadenza/);
    await waitFor(() => expect(helperText(due)).toBe(REQUEST_MESSAGES.duePast));
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(documents).toHaveValue('Visura\nBilancio');
    expect(d.getByRole('textbox', { name: /^Titolo/ })).toHaveValue('Documenti 2025');
    expect(posts).toEqual([
      {
        path: '/api/portal/requests',
        body: {
          customer_ids: [10],
          checklist_id: null,
          title: 'Documenti 2025',
          due_date: '2020-01-31',
          items: 'Visura\nBilancio',
          message: null,
        },
      },
    ]);
    fireEvent.change(due, { target: { value: '2099-01-31' } });
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    expect(await screen.findByText('Richiesta inviata a 1 cliente')).toBeInTheDocument();
    expect(posts[1]!.body).toMatchObject({ customer_ids: [10], due_date: '2099-01-31' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a checklist fills the title, the documents and the message (editable) and its job; to every customer of a job, with its year', async () => {
    const user = userEvent.setup();
    answers['/api/portal/requests'] = [
      () =>
        HttpResponse.json(
          { data: { created: 3, request_ids: [1, 2, 3], without_people: 1, notified: 2 } },
          {
            status: 201,
          },
        ),
    ];
    const dialog = await open(user);
    const d = within(dialog);
    await user.click(d.getByRole('radio', { name: 'Tutti i clienti di un adempimento' }));
    expect(d.getByRole('spinbutton', { name: 'Anno' })).toHaveValue(currentYear());
    await choose(user, 'Elenco di documenti', 'Documenti per il 730');
    const title = d.getByRole('textbox', { name: /^Titolo/ });
    await waitFor(() => expect(title).toHaveValue('Documenti per il 730'));
    expect(d.getByRole('textbox', { name: /^Documenti/ })).toHaveValue('Certificazione Unica\nSpese mediche');
    expect(d.getByRole('textbox', { name: 'Messaggio al cliente' })).toHaveValue('Ci invii i documenti per il 730');
    await waitFor(() =>
      expect(d.getByRole('combobox', { name: 'Adempimento' })).toHaveTextContent('730 – Modello 730'),
    );
    await user.type(title, ' (2025)');
    fireEvent.change(d.getByLabelText(/^Scadenza/), { target: { value: '2099-06-30' } });
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    expect(
      await screen.findByText("Richiesta inviata a 3 clienti (1 senza persone nell'area clienti)"),
    ).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: '/api/portal/requests',
        body: {
          studio_job_id: 3,
          year: currentYear(),
          checklist_id: 5,
          title: 'Documenti per il 730 (2025)',
          due_date: '2099-06-30',
          items: 'Certificazione Unica\nSpese mediche',
          message: 'Ci invii i documenti per il 730',
        },
      },
    ]);
  });
});

describe("the customers' bulk bar: 'Richiedi documenti'", () => {
  it("is in the 'Documenti' menu and sends the request to the selected customers", async () => {
    const user = userEvent.setup();
    answers['/api/portal/requests'] = [
      () =>
        HttpResponse.json(
          { data: { created: 2, request_ids: [41, 42], without_people: 1, notified: 1 } },
          {
            status: 201,
          },
        ),
    ];
    login('Collaboratore');
    const ctx = {
      selectedIds: [3, 5],
      onUnselectItems: () => {},
      onSelect: () => {},
      resource: 'Customer',
      data: [],
      total: 0,
    } as unknown as ListControllerResult;
    render(
      <AdminContext dataProvider={dataProvider}>
        <ListContextProvider value={ctx}>
          <CustomerBulkActions />
        </ListContextProvider>
        <Notification />
      </AdminContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Documenti' }));
    await user.click(
      within(await screen.findByRole('menu', { name: 'Documenti' })).getByRole('menuitem', {
        name: 'Richiedi documenti',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nuova richiesta di documenti' });
    const d = within(dialog);
    expect(d.getByText(/ciascuno dei 2 clienti selezionati/)).toBeInTheDocument();
    // no customer picker: the selection is the customers
    expect(d.queryByRole('combobox', { name: 'Clienti' })).toBeNull();
    // typed inside the menu's dialog: every letter stays in the field (none taken by the menu's type-ahead)
    await user.type(d.getByRole('textbox', { name: /^Titolo/ }), 'Contratti firmati');
    expect(d.getByRole('textbox', { name: /^Titolo/ })).toHaveValue('Contratti firmati');
    fireEvent.change(d.getByLabelText(/^Scadenza/), { target: { value: '2099-03-31' } });
    await user.type(d.getByRole('textbox', { name: /^Documenti/ }), 'Mandato{Enter}Privacy');
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    expect(
      await screen.findByText("Richiesta inviata a 2 clienti (1 senza persone nell'area clienti)"),
    ).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: '/api/portal/requests',
        body: {
          customer_ids: [3, 5],
          checklist_id: null,
          title: 'Contratti firmati',
          due_date: '2099-03-31',
          items: 'Mandato\nPrivacy',
          message: null,
        },
      },
    ]);
  });
});
