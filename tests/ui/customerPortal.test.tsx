/**
 * 'Area clienti' on the customer's card (issue 50), the whole <App/> against a mocked API (msw;
 * unknown calls and console errors fail the test): the area's address, the customer's people with
 * their state, who invited them and when, their last login and open sessions; 'Invita all'area
 * clienti' sending the addresses as typed, the server's 422 under 'Indirizzi e-mail' with the text
 * kept, the new people listed after it; 'Invita di nuovo' prefilled; 'Revoca accesso' confirmed
 * before its call; 'Chiudi sessioni' only with sessions open. 'Richiedi documenti' sends a request
 * to this customer; 'File condivisi con il cliente' lists the files with their first opening by the
 * customer, 'Condividi file' uploads (multipart), 'Rimuovi' asks first; 'Messaggi' reads the
 * conversation (which marks it read) only once opened. Nothing submits the customer's form.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, negativeLook, renderApp, shellHandlers } from './harness';
import { RECORD } from './customerForm';
import { emptyAmlFile, helperText, quietCustomerCard, replaceText, rowOf, seriousAxe, useFakeApi } from './journeys';
import { splitEmails } from '../../model/portal';
import type { PortalInviteInput, PortalPeople, PortalPerson, SharedFile } from '../../model/api/portal';
import type { PortalThread } from '../../model/api/portalMessages';

// ---------------------------------------------------------------------------------------------
// fixtures and the fake API

const URL_AREA = 'https://studio.example.it/area-clienti';

const person = (over: Partial<PortalPerson> & Pick<PortalPerson, 'access_id' | 'email'>): PortalPerson => ({
  person_id: over.access_id + 100,
  name: null,
  status: 'invitato',
  invited_at: '2026-03-01 09:30:00',
  invited_by_name: 'Mario Rossi',
  last_login_at: null,
  revoked_at: null,
  sessions: 0,
  has_password: false,
  ...over,
});

const PEOPLE: PortalPerson[] = [
  person({
    access_id: 11,
    email: 'anna@alfa.it',
    name: 'Anna Bianchi',
    status: 'attivo',
    last_login_at: '2026-03-02 10:15:00',
    sessions: 2,
    has_password: true,
  }),
  person({ access_id: 12, email: 'luca@alfa.it', invited_at: '2026-03-03 08:00:00', invited_by_name: 'Laura Neri' }),
  person({
    access_id: 13,
    email: 'ex@alfa.it',
    status: 'revocato',
    last_login_at: '2026-02-01 18:00:00',
    revoked_at: '2026-03-04 12:00:00',
  }),
];

const shared = (over: Partial<SharedFile> & Pick<SharedFile, 'id' | 'filename'>): SharedFile => ({
  size: 2048,
  sha256: 'a'.repeat(64),
  scan: 'ok',
  uploaded_by_name: 'Mario Rossi',
  created_at: '2026-03-06 10:00:00',
  first_opened_at: null,
  ...over,
});

const SHARED: SharedFile[] = [
  shared({ id: 42, filename: 'F24 marzo.pdf', created_at: '2026-03-08 09:00:00', uploaded_by_name: null }),
  shared({ id: 41, filename: 'Bilancio 2025.pdf', size: 3_565_158, first_opened_at: '2026-03-07 08:15:00' }),
];

const THREAD: PortalThread = {
  customer_id: 5,
  unread: 1,
  messages: [
    {
      id: 1,
      side: 'cliente',
      author_name: 'Anna Bianchi',
      body: 'Buongiorno, quando scade il modello F24?',
      created_at: '2026-03-06 11:00:00',
      files: [],
    },
  ],
};

let people: PortalPerson[] = [];
let files: SharedFile[] = [];
let fileReads = 0;
let threadReads = 0;
/** the answer to the next upload (the default shares the files) */
let shareAnswer: (() => Response) | null = null;
let calls: Array<{ path: string; body?: unknown }> = [];
/** the answer to the next invitation (the default adds the people invited) */
let inviteAnswer: ((body: PortalInviteInput) => Response) | null = null;

const took = (start: string) => calls.filter((c) => c.path.startsWith(start));
const area = (id: number): PortalPeople => ({ customer_id: id, people, url: URL_AREA });

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/customer/:id/portal', ({ params }) => {
    calls.push({ path: `GET /api/customer/${params.id}/portal` });
    return HttpResponse.json({ data: area(Number(params.id)) });
  }),
  http.post('*/api/customer/:id/portal/invite', async ({ request, params }) => {
    const body = (await request.json()) as PortalInviteInput;
    calls.push({ path: `POST /api/customer/${params.id}/portal/invite`, body });
    if (inviteAnswer) {
      const answer = inviteAnswer(body);
      inviteAnswer = null;
      return answer;
    }
    const invited = splitEmails(String(body.emails));
    let next = 200;
    for (const email of invited) {
      people = [
        ...people.filter((p) => p.email !== email),
        person({
          access_id: people.find((p) => p.email === email)?.access_id ?? next++,
          email,
          name: invited.length === 1 ? (body.name ?? null) : null,
          invited_at: '2026-03-05 11:00:00',
        }),
      ];
    }
    return HttpResponse.json({ data: area(Number(params.id)), invited }, { status: 201 });
  }),
  http.post('*/api/customer/:id/portal/access/:accessId/revoke', ({ params }) => {
    calls.push({ path: `POST /api/customer/${params.id}/portal/access/${params.accessId}/revoke` });
    people = people.map((p) =>
      p.access_id === Number(params.accessId)
        ? { ...p, status: 'revocato', sessions: 0, revoked_at: '2026-03-05 12:00:00' }
        : p,
    );
    return HttpResponse.json({ data: area(Number(params.id)) });
  }),
  http.post('*/api/customer/:id/portal/access/:accessId/sessions/end', ({ params }) => {
    calls.push({ path: `POST /api/customer/${params.id}/portal/access/${params.accessId}/sessions/end` });
    people = people.map((p) => (p.access_id === Number(params.accessId) ? { ...p, sessions: 0 } : p));
    return HttpResponse.json({ data: area(Number(params.id)) });
  }),
  // the shared files: jsdom's File reaches msw without its name, the multipart's fields are recorded
  http.get('*/api/customer/:id/portal/files', () => {
    fileReads++;
    return HttpResponse.json({ data: files });
  }),
  http.post('*/api/customer/:id/portal/files', async ({ request, params }) => {
    const form = await request.formData();
    calls.push({
      path: `POST /api/customer/${params.id}/portal/files`,
      body: { type: request.headers.get('content-type')?.split(';')[0], fields: [...form.keys()] },
    });
    if (shareAnswer) return shareAnswer();
    const added = form
      .getAll('file')
      .map((_, i) => shared({ id: 60 + i, filename: `nuovo-${i + 1}.pdf`, created_at: '2026-03-09 12:00:00' }));
    files = [...added.reverse(), ...files];
    return HttpResponse.json({ data: files }, { status: 201 });
  }),
  http.delete('*/api/customer/:id/portal/files/:fileId', ({ params }) => {
    calls.push({ path: `DELETE /api/customer/${params.id}/portal/files/${params.fileId}` });
    files = files.filter((f) => f.id !== Number(params.fileId));
    return HttpResponse.json({ data: files });
  }),
  // a document request to the customer (NewRequestDialog)
  http.post('*/api/portal/requests', async ({ request }) => {
    calls.push({ path: 'POST /api/portal/requests', body: await request.json() });
    return HttpResponse.json(
      { data: { created: 1, request_ids: [40], without_people: 0, notified: 2 } },
      { status: 201 },
    );
  }),
  // the conversation (read: marked read by the studio) and a message of the studio
  http.get('*/api/customer/:id/portal/messages', () => {
    threadReads++;
    return HttpResponse.json({ data: THREAD });
  }),
  http.post('*/api/customer/:id/portal/messages', async ({ request, params }) => {
    const body = (await request.json()) as { body: string };
    calls.push({ path: `POST /api/customer/${params.id}/portal/messages`, body });
    const message = {
      id: 2,
      side: 'studio' as const,
      author_name: 'Mario Rossi',
      body: body.body,
      created_at: '2026-03-06 12:00:00',
      files: [],
    };
    return HttpResponse.json(
      { data: { ...THREAD, unread: 0, messages: [...THREAD.messages, message] } },
      { status: 201 },
    );
  }),
  // the sections of the documents the studio sends (their own behaviour: portalDeclarations,
  // portalMandates, portalOpenings.test.tsx): none sent, none signed, one opening
  http.get('*/api/customer/:id/portal/declarations', () => HttpResponse.json({ data: [] })),
  http.get('*/api/customer/:id/portal/mandates', () => HttpResponse.json({ data: [] })),
  http.get('*/api/customer/:id/portal/openings', () =>
    HttpResponse.json({
      data: [
        {
          kind: 'estratto',
          ref_id: 0,
          description: 'Estratto conto',
          first_opened_at: '2026-03-04 10:00:00',
          last_opened_at: '2026-03-05 11:00:00',
          times: 2,
          first_person: 'Giovanni Esposito',
        },
      ],
    }),
  ),
  // the rest of the card: the record (a save would be a bug here), its selects, the other sections
  http.get('*/api/customers/:id', ({ params }) => HttpResponse.json({ data: { ...RECORD, id: Number(params.id) } })),
  http.put('*/api/customers/:id', ({ params }) => {
    calls.push({ path: `PUT /api/customers/${params.id}` });
    return HttpResponse.json({ data: RECORD });
  }),
  emptyAmlFile,
  ...quietCustomerCard,
);

const guard = useFakeApi(server);
beforeEach(() => {
  people = [...PEOPLE];
  files = [...SHARED];
  fileReads = 0;
  threadReads = 0;
  shareAnswer = null;
  calls = [];
  inviteAnswer = null;
  login('Collaboratore');
});

// ---------------------------------------------------------------------------------------------
// helpers

type User = ReturnType<typeof userEvent.setup>;

const TABLE = "Persone del cliente nell'area clienti";

/** The card of customer 5 opened: its 'Area clienti' section and the people's table. */
async function openCard() {
  const user = userEvent.setup();
  renderApp('/Customer/5');
  const section = await screen.findByRole('region', { name: 'Area clienti' });
  return { user, section };
}

/** 'Invita all'area clienti' (or `button`) clicked: the dialog. */
async function openInvite(user: User, button: HTMLElement) {
  await user.click(button);
  return screen.findByRole('dialog', { name: "Invita all'area clienti" });
}

const emailsField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Indirizzi e-mail/ });

// ---------------------------------------------------------------------------------------------

describe("'Area clienti' on the customer's card", () => {
  it("lists the people with their state, who invited them and when, their last login and open sessions; the area's address", async () => {
    const { section } = await openCard();
    const table = await within(section).findByRole('table', { name: TABLE });
    expect(took('GET /api/customer/5/portal')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: URL_AREA })).toHaveAttribute('href', URL_AREA);
    expect(within(section).getByText(/da comunicare al cliente/)).toBeInTheDocument();

    const head = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(head).toEqual(['E-mail', 'Stato', 'Invitato il', 'Ultimo accesso', 'Sessioni aperte', 'Azioni']);

    const anna = rowOf(table, 'anna@alfa.it');
    const cells = (r: HTMLElement) => within(r).getAllByRole('cell');
    expect(cells(anna).map((c) => c.textContent)).toEqual([
      'anna@alfa.itAnna Bianchi',
      'Attivo',
      '01-03-2026 09:30da Mario Rossi',
      '02-03-2026 10:15',
      '2',
      'Chiudi sessioniRevoca accesso',
    ]);
    const luca = rowOf(table, 'luca@alfa.it');
    expect(
      cells(luca)
        .map((c) => c.textContent)
        .slice(1, 5),
    ).toEqual(['Invitato', '03-03-2026 08:00da Laura Neri', '—', '0']);
    const ex = rowOf(table, 'ex@alfa.it');
    expect(cells(ex)[1]).toHaveTextContent('Accesso revocato');
    expect(cells(ex)[3]).toHaveTextContent('01-02-2026 18:00');
    // a revoked person is invited again, not revoked
    expect(within(ex).getByRole('button', { name: 'Invita di nuovo ex@alfa.it' })).toBeEnabled();
    expect(within(ex).queryByRole('button', { name: /Revoca accesso/ })).toBeNull();
    expect(within(ex).queryByRole('button', { name: /Chiudi sessioni/ })).toBeNull();

    expect(within(section).getByRole('button', { name: "Invita all'area clienti" })).toHaveAttribute('type', 'button');
    expect(await seriousAxe(section)).toEqual([]);
  });

  it("'Chiudi sessioni' is disabled without open sessions; with some it ends them and the row says 0", async () => {
    const { user, section } = await openCard();
    const table = await within(section).findByRole('table', { name: TABLE });
    expect(within(table).getByRole('button', { name: 'Chiudi sessioni di luca@alfa.it' })).toBeDisabled();
    const end = within(table).getByRole('button', { name: 'Chiudi sessioni di anna@alfa.it' });
    expect(end).toBeEnabled();
    expect(end).toHaveAttribute('type', 'button');

    await user.click(end);
    await waitFor(() => expect(took('POST')).toHaveLength(1));
    expect(took('POST')[0]!.path).toBe('POST /api/customer/5/portal/access/11/sessions/end');
    expect(await screen.findByText('Sessioni di anna@alfa.it chiuse')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Chiudi sessioni di anna@alfa.it' })).toBeDisabled(),
    );
    expect(within(rowOf(table, 'anna@alfa.it')).getAllByRole('cell')[4]).toHaveTextContent(/^0$/);
    expect(took('PUT')).toEqual([]);
  });

  it("'Revoca accesso' asks first, then revokes that person's access (nothing on 'Annulla')", async () => {
    const { user, section } = await openCard();
    const table = await within(section).findByRole('table', { name: TABLE });

    await user.click(within(table).getByRole('button', { name: 'Revoca accesso di anna@alfa.it' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoca accesso' });
    expect(dialog).toHaveTextContent(
      "Revocare l'accesso di anna@alfa.it all'area clienti? Le sue sessioni si chiudono subito.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await negativeLook();
    expect(took('POST')).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Revoca accesso di luca@alfa.it' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoca accesso' });
    expect(dialog).toHaveTextContent("Revocare l'accesso di luca@alfa.it all'area clienti?");
    expect(took('POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoca accesso' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(took('POST').map((c) => c.path)).toEqual(['POST /api/customer/5/portal/access/12/revoke']);
    expect(await screen.findByText('Accesso di luca@alfa.it revocato')).toBeInTheDocument();

    const luca = rowOf(table, 'luca@alfa.it');
    expect(within(luca).getAllByRole('cell')[1]).toHaveTextContent('Accesso revocato');
    expect(within(luca).getByRole('button', { name: 'Invita di nuovo luca@alfa.it' })).toBeInTheDocument();
    // anna, whose revocation was cancelled, keeps her access
    expect(within(rowOf(table, 'anna@alfa.it')).getAllByRole('cell')[1]).toHaveTextContent('Attivo');
    expect(took('PUT')).toEqual([]);
  });

  it("'Invita all'area clienti' sends the addresses as typed: a 422 under 'Indirizzi e-mail' keeps the text; then the new people are listed", async () => {
    const { user, section } = await openCard();
    const table = await within(section).findByRole('table', { name: TABLE });
    const dialog = await openInvite(user, within(section).getByRole('button', { name: "Invita all'area clienti" }));
    const emails = emailsField(dialog);
    expect(helperText(emails)).toBe('Uno o più indirizzi, separati da virgola o a capo');
    expect(within(dialog).getByRole('textbox', { name: 'Nome (se un solo indirizzo)' })).toHaveValue('');

    const message = "'pippo' non è un indirizzo e-mail valido";
    inviteAnswer = () => HttpResponse.json({ message, errors: { emails: [message] } }, { status: 422 });
    // react-admin's data provider logs a call's failure
    guard.allow(/non è un indirizzo e-mail valido/);
    await user.type(emails, 'nuovo@alfa.it, pippo');
    await user.click(within(dialog).getByRole('button', { name: 'Invia invito' }));
    await waitFor(() => expect(helperText(emails)).toBe(message));
    expect(emails).toHaveAttribute('aria-invalid', 'true');
    expect(emails).toHaveValue('nuovo@alfa.it, pippo');
    expect(screen.getByRole('dialog', { name: "Invita all'area clienti" })).toBeInTheDocument();
    expect(took('POST').map((c) => c.body)).toEqual([{ emails: 'nuovo@alfa.it, pippo' }]);

    await replaceText(user, emails, 'nuovo@alfa.it\naltro@alfa.it');
    await user.click(within(dialog).getByRole('button', { name: 'Invia invito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(took('POST').map((c) => [c.path, c.body])).toEqual([
      ['POST /api/customer/5/portal/invite', { emails: 'nuovo@alfa.it, pippo' }],
      ['POST /api/customer/5/portal/invite', { emails: 'nuovo@alfa.it\naltro@alfa.it' }],
    ]);
    expect(await screen.findByText('Invito inviato a 2 indirizzi')).toBeInTheDocument();
    for (const email of ['nuovo@alfa.it', 'altro@alfa.it']) {
      await within(table).findByText(email);
      const row = rowOf(table, email);
      expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Invitato');
      expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('05-03-2026 11:00');
    }
    expect(took('PUT')).toEqual([]);
  });

  it("'Invita di nuovo' opens the invitation prefilled with the revoked person's address; the name goes with it", async () => {
    const { user, section } = await openCard();
    const table = await within(section).findByRole('table', { name: TABLE });
    const dialog = await openInvite(
      user,
      within(rowOf(table, 'ex@alfa.it')).getByRole('button', { name: 'Invita di nuovo ex@alfa.it' }),
    );
    expect(emailsField(dialog)).toHaveValue('ex@alfa.it');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome (se un solo indirizzo)' }), 'Ex Socio');
    await user.click(within(dialog).getByRole('button', { name: 'Invia invito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(took('POST').map((c) => c.body)).toEqual([{ emails: 'ex@alfa.it', name: 'Ex Socio' }]);
    expect(await screen.findByText('Invito inviato a ex@alfa.it')).toBeInTheDocument();
    const ex = rowOf(table, 'ex@alfa.it');
    expect(within(ex).getAllByRole('cell')[0]).toHaveTextContent('ex@alfa.itEx Socio');
    expect(within(ex).getAllByRole('cell')[1]).toHaveTextContent('Invitato');
  });

  it("nobody invited: says so, and 'Invita all'area clienti' is there", async () => {
    people = [];
    const { section } = await openCard();
    expect(
      await within(section).findByText("Nessuna persona del cliente è invitata all'area clienti."),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table', { name: TABLE })).toBeNull();
    expect(within(section).getByRole('button', { name: "Invita all'area clienti" })).toBeEnabled();
    // the sections of what the studio sends are on the card, each with what its call answered
    expect(await within(section).findByRole('region', { name: 'Dichiarazione antiriciclaggio' })).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'Mandati SEPA firmati online' })).toBeInTheDocument();
    const opened = within(section).getByRole('region', { name: 'Documenti aperti dal cliente' });
    expect(await within(opened).findByText('Estratto conto')).toBeInTheDocument();
  });

  it("a failure to read the people shows the server's message", async () => {
    server.use(
      http.get('*/api/customer/:id/portal', () =>
        HttpResponse.json({ message: 'Database non raggiungibile' }, { status: 500 }),
      ),
    );
    guard.allow(/Database non raggiungibile/);
    const { section } = await openCard();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Area clienti non disponibile: Database non raggiungibile',
    );
    expect(within(section).queryByRole('table', { name: TABLE })).toBeNull();
  });
});

describe("'Area clienti' on the customer's card: documents, shared files, messages", () => {
  const FILES = 'File condivisi con il cliente';
  const filesSection = async (section: HTMLElement) => within(section).findByRole('region', { name: FILES });

  it("lists the shared files: name, size, when and by whom, when the customer first opened each ('Non ancora aperto' else)", async () => {
    const { section } = await openCard();
    const region = await filesSection(section);
    const table = await within(region).findByRole('table', { name: FILES });
    expect(fileReads).toBe(1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['File', 'Dimensione', 'Condiviso il', 'Apertura', 'Azioni']);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rowOf(table, 'Bilancio 2025.pdf'))).toEqual([
      'Bilancio 2025.pdf',
      '3,4 MB',
      '06-03-2026 10:00da Mario Rossi',
      'Aperto dal cliente il 07-03-2026 08:15',
      'Rimuovi',
    ]);
    expect(cells(rowOf(table, 'F24 marzo.pdf'))).toEqual([
      'F24 marzo.pdf',
      '2 KB',
      '08-03-2026 09:00',
      'Non ancora aperto',
      'Rimuovi',
    ]);
    // newest first, as the server answers
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['F24 marzo.pdf', 'Bilancio 2025.pdf']);
    for (const name of ['Condividi file', 'Rimuovi F24 marzo.pdf', 'Scarica F24 marzo.pdf'])
      expect(within(region).getByRole('button', { name })).toHaveAttribute('type', 'button');
    expect(await seriousAxe(region)).toEqual([]);
  });

  it("'Condividi file' posts the files chosen as multipart to the customer's files; the list shows them; nothing saves the card", async () => {
    const { user, section } = await openCard();
    const region = await filesSection(section);
    await within(region).findByRole('table', { name: FILES });
    await user.upload(within(region).getByLabelText('File da condividere con il cliente'), [
      new File(['%PDF-1.4 a'], 'circolare.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4 b'], 'scadenze.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText('2 file condivisi con il cliente')).toBeInTheDocument();
    expect(took('POST')).toEqual([
      {
        path: 'POST /api/customer/5/portal/files',
        body: { type: 'multipart/form-data', fields: ['file', 'file'] },
      },
    ]);
    const table = within(region).getByRole('table', { name: FILES });
    await within(table).findByText('nuovo-1.pdf');
    expect(within(table).getByText('nuovo-2.pdf')).toBeInTheDocument();
    expect(within(rowOf(table, 'nuovo-1.pdf')).getAllByRole('cell')[3]).toHaveTextContent('Non ancora aperto');
    expect(took('PUT')).toEqual([]);
  });

  it("a refused upload says the server's reason (not its field's short label); nothing is listed", async () => {
    const reason = "L'antivirus ha trovato Eicar-Test-Signature in 'fattura.pdf': il file non è condiviso";
    shareAnswer = () => HttpResponse.json({ message: reason, errors: { file: ['Antivirus'] } }, { status: 422 });
    guard.allow(/antivirus/i);
    const { user, section } = await openCard();
    const region = await filesSection(section);
    const table = await within(region).findByRole('table', { name: FILES });
    await user.upload(
      within(region).getByLabelText('File da condividere con il cliente'),
      new File(['X5O!P%@AP'], 'fattura.pdf', { type: 'application/pdf' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(reason);
    expect(took('POST /api/customer/5/portal/files')).toHaveLength(1);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it("'Rimuovi' asks first, then deletes the file and the list drops it (nothing on 'Annulla')", async () => {
    const { user, section } = await openCard();
    const region = await filesSection(section);
    const table = await within(region).findByRole('table', { name: FILES });

    await user.click(within(table).getByRole('button', { name: 'Rimuovi F24 marzo.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rimuovi file condiviso' });
    expect(dialog).toHaveTextContent("Togliere «F24 marzo.pdf» dall'area clienti? Il cliente non lo vedrà più.");
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await negativeLook();
    expect(took('DELETE')).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Rimuovi F24 marzo.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Rimuovi file condiviso' });
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(took('DELETE').map((c) => c.path)).toEqual(['DELETE /api/customer/5/portal/files/42']);
    expect(await screen.findByText('F24 marzo.pdf non è più condiviso con il cliente')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('F24 marzo.pdf')).toBeNull());
    expect(within(table).getByText('Bilancio 2025.pdf')).toBeInTheDocument();
    expect(took('PUT')).toEqual([]);
  });

  it("'Richiedi documenti' opens the new request for this customer only and posts it with customer_ids [5]", async () => {
    const { user, section } = await openCard();
    const button = within(section).getByRole('button', { name: 'Richiedi documenti' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Nuova richiesta di documenti' });
    const d = within(dialog);
    expect(d.getByText(/La richiesta va al cliente selezionato/)).toBeInTheDocument();
    // the customer is given: no picker of customers or jobs
    expect(d.queryByRole('combobox', { name: 'Clienti' })).toBeNull();
    expect(d.queryByRole('radio', { name: 'Tutti i clienti di un adempimento' })).toBeNull();
    await user.type(d.getByRole('textbox', { name: /^Titolo/ }), 'Documenti per il bilancio');
    fireEvent.change(d.getByLabelText(/^Scadenza/), { target: { value: '2099-04-30' } });
    await user.type(d.getByRole('textbox', { name: /^Documenti/ }), 'Estratti conto{Enter}Inventario');
    await user.click(d.getByRole('button', { name: 'Invia richiesta' }));
    expect(await screen.findByText('Richiesta inviata a 1 cliente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(took('POST /api/portal/requests')).toEqual([
      {
        path: 'POST /api/portal/requests',
        body: {
          customer_ids: [5],
          checklist_id: null,
          title: 'Documenti per il bilancio',
          due_date: '2099-04-30',
          items: 'Estratti conto\nInventario',
          message: null,
        },
      },
    ]);
    expect(took('PUT')).toEqual([]);
  });

  it("'Messaggi' reads the conversation only once opened; a message sent from the card is posted, the card is not saved", async () => {
    const { user, section } = await openCard();
    const messages = within(section).getByRole('region', { name: 'Messaggi' });
    const open = within(messages).getByRole('button', { name: 'Apri la conversazione' });
    expect(open).toHaveAttribute('type', 'button');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await within(section).findByRole('table', { name: FILES });
    await negativeLook();
    // reading it marks it read: not before it is asked for
    expect(threadReads).toBe(0);
    expect(within(messages).queryByRole('log')).toBeNull();

    await user.click(open);
    const log = await within(messages).findByRole('log', { name: 'Messaggi' });
    expect(threadReads).toBe(1);
    expect(within(messages).getByRole('button', { name: 'Chiudi la conversazione' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(log).getByRole('article')).toHaveTextContent('Buongiorno, quando scade il modello F24?');
    const send = within(messages).getByRole('button', { name: 'Invia' });
    expect(send).toHaveAttribute('type', 'button');
    await user.type(within(messages).getByRole('textbox', { name: 'Messaggio' }), 'Il 16 aprile.');
    await user.click(send);
    expect(await screen.findByText('Messaggio inviato')).toBeInTheDocument();
    expect(took('POST /api/customer/5/portal/messages')).toEqual([
      { path: 'POST /api/customer/5/portal/messages', body: { body: 'Il 16 aprile.' } },
    ]);
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(2));
    await negativeLook();
    expect(took('PUT')).toEqual([]);
  });
});
