/**
 * 'Area clienti' on the customer's card (issue 50), the whole <App/> against a mocked API (msw;
 * unknown calls and console errors fail the test): the area's address, the customer's people with
 * their state, who invited them and when, their last login and open sessions; 'Invita all'area
 * clienti' sending the addresses as typed, the server's 422 under 'Indirizzi e-mail' with the text
 * kept, the new people listed after it; 'Invita di nuovo' prefilled; 'Revoca accesso' confirmed
 * before its call; 'Chiudi sessioni' only with sessions open. Nothing submits the customer's form.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, negativeLook, renderApp, shellHandlers } from './harness';
import { RECORD } from './customerForm';
import { emptyAmlFile, helperText, quietCustomerCard, replaceText, rowOf, seriousAxe, useFakeApi } from './journeys';
import { splitEmails } from '../../model/portal';
import type { PortalInviteInput, PortalPeople, PortalPerson } from '../../model/api/portal';

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

let people: PortalPerson[] = [];
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
    expect(within(section).queryByRole('table')).toBeNull();
    expect(within(section).getByRole('button', { name: "Invita all'area clienti" })).toBeEnabled();
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
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
