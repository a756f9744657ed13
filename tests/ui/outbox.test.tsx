/**
 * 'Posta in uscita' (`/posta_in_uscita`) and the e-mail sends (C20 in the payment-notice
 * generator, C31 and C32 on the customers' toolbar) against a mocked API (msw): states as
 * Italian chips, the state filter, a message with its attachments, .eml, 'Riprova'; the sends'
 * requests, their 'inserito nella coda' notes and 'Errore di invio...' with the server's reason.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { AdminContext, ListContextProvider, Notification, type ListControllerResult } from 'react-admin';
import { login, logout, queryOf, renderApp, shellHandlers } from './harness';
import { dataProvider, type MailDetail, type MailRow } from '../../src/dataProvider';
import {
  AccountBalanceEmailButton,
  ContractEmailButton,
  CustomerBulkActions,
} from '../../src/resources/Customer/bulk/index';
import { routeExists } from '../../src/routeTable';
import { MENU } from '../../model/menu';
import { currentPeriod } from '../../model/dates';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

const row = (over: Partial<MailRow>): MailRow => ({
  id: 1,
  studio_id: 2,
  studio_name: 'Studio Demo',
  kind: 'contract',
  kind_label: 'Contratto',
  status: 'sent',
  status_label: 'Inviata',
  tries: 1,
  last_error: null,
  from: 'Gestionale Studi <noreply@localhost>',
  to: ['alfa@clienti.test'],
  cc: ['contratti@studiodemo.test'],
  subject: 'Lettera di incarico professionale - Studio Demo',
  created_at: '2026-03-02 10:15:00',
  updated_at: '2026-03-02 10:15:05',
  sent_at: '2026-03-02 10:15:05',
  attachments: 1,
  ...over,
});
const ROWS: MailRow[] = [
  row({
    id: 7,
    status: 'failed',
    status_label: 'Non inviata',
    tries: 7,
    last_error: 'Il server SMTP ha rifiutato il messaggio (550): Casella inesistente',
    sent_at: null,
    to: ['beta@clienti.test'],
  }),
  row({
    id: 6,
    status: 'kept',
    status_label: 'Trattenuta (SMTP non configurato)',
    tries: 0,
    sent_at: null,
    kind: 'account_balance',
    kind_label: 'Estratto conto',
    subject: 'Estratto conto (dal 01-01-2026)',
    cc: [],
  }),
  row({
    id: 5,
    status: 'queued',
    status_label: 'In coda',
    tries: 2,
    last_error: 'Server SMTP non raggiungibile: connect ECONNREFUSED',
    sent_at: null,
  }),
  row({ id: 4 }),
];
const detail = (r: MailRow): MailDetail => ({
  ...r,
  body_text:
    'Gentile Beta Srl,\n\nin allegato la lettera di incarico.\nDettagli: https://gestionale.example.it/utente/attivazione?token=abc_123 (valido 24 ore)',
  body_html: null,
  message_id: null,
  created_by_name: 'Marco',
  files: [{ id: 31, filename: 'Contratto.pdf', content_type: 'application/pdf', size: 6651 }],
});

const requests: string[] = [];
let smtp = true;
let retryStatus = 200;
const server = setupServer(
  ...shellHandlers,
  http.get('*/api/mail_outbox', ({ request }) => {
    requests.push(request.url);
    const q = queryOf(request.url);
    const data = q.status ? ROWS.filter((r) => r.status === q.status) : ROWS;
    return HttpResponse.json({
      data,
      meta: {
        total: data.length,
        current_page: 1,
        per_page: 25,
        last_page: 1,
        counts: { failed: 1, kept: 1, queued: 1, sent: 1 },
        smtp_configured: smtp,
      },
    });
  }),
  http.get('*/api/mail_outbox/:id', ({ params }) =>
    HttpResponse.json({ data: detail(ROWS.find((r) => r.id === Number(params.id))!) }),
  ),
  http.get(
    '*/api/mail_outbox/:id/eml',
    ({ params }) =>
      new HttpResponse('From: x', {
        headers: {
          'Content-Type': 'message/rfc822',
          'Content-Disposition': `attachment; filename="Messaggio_${params.id}.eml"`,
        },
      }),
  ),
  http.get('*/api/mail_outbox/:id/attachments/:aid', ({ request }) => {
    requests.push(request.url);
    return new HttpResponse('%PDF', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Contratto.pdf"' },
    });
  }),
  http.post('*/api/mail_outbox/:id/actions/retry', ({ params, request }) => {
    requests.push(request.url);
    if (retryStatus !== 200)
      return HttpResponse.json(
        { message: "Si può riprovare solo un messaggio non inviato o trattenuto: questo è 'Inviata'" },
        { status: retryStatus },
      );
    const r = ROWS.find((x) => x.id === Number(params.id))!;
    return HttpResponse.json({
      message: 'Messaggio inserito nella coda di invio',
      data: detail({ ...r, status: 'queued', status_label: 'In coda' }),
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
  smtp = true;
  retryStatus = 200;
  vi.mocked(saveAs).mockClear();
});
afterEach(() => {
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

/** the page's table rows (header excluded) */
const bodyRows = async () =>
  within(await screen.findByRole('table', { name: 'Messaggi della posta in uscita' }))
    .getAllByRole('row')
    .slice(1);

describe("'Posta in uscita'", () => {
  it('is in the menu (Studio › Posta in uscita, Admin) and a route of the app', () => {
    expect(MENU.find((g) => g.title === 'Studio')!.children!.find((e) => e.title === 'Posta in uscita')).toMatchObject({
      link: '/posta_in_uscita',
      role: 'Admin',
      icon: 'Outbox',
    });
    expect(routeExists('/posta_in_uscita')).toBe(true);
  });

  it('lists the messages newest first: state as an Italian chip, subject, recipients and copies, dates, tries, last error', async () => {
    login('Admin');
    renderApp('/posta_in_uscita');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4));
    const rows = await bodyRows();
    const cells = (i: number) =>
      within(rows[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0)).toEqual([
      'Non inviata',
      'Lettera di incarico professionale - Studio DemoContratto1 allegato',
      'beta@clienti.testcc contratti@studiodemo.test',
      '02-03-2026 10:15non inviato',
      '7',
      'Il server SMTP ha rifiutato il messaggio (550): Casella inesistente',
    ]);
    expect(cells(1)[0]).toBe('Trattenuta (SMTP non configurato)');
    expect(cells(2)[0]).toBe('In coda');
    expect(cells(3)[0]).toBe('Inviata');
    expect(cells(3)[3]).toBe('02-03-2026 10:15inviato 02-03-2026 10:15');
    expect(document.title).toContain('Posta in uscita');
    // the SMTP server is configured: no notice
    expect(screen.queryByText(/non è configurato sul server/)).not.toBeInTheDocument();
  });

  it('the state filter asks the server for one state and shows the counts of each', async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/posta_in_uscita');
    const filter = await screen.findByRole('group', { name: 'Filtra per stato' });
    await waitFor(() => expect(within(filter).getByRole('button', { name: 'Tutti (4)' })).toBeInTheDocument());
    await user.click(within(filter).getByRole('button', { name: 'Non inviata (1)' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(queryOf(requests.at(-1)!)).toMatchObject({ status: 'failed', page: '1', items_per_page: '25' });
    await user.click(within(filter).getByRole('button', { name: 'In invio (0)' }));
    expect(await screen.findByText('Nessun messaggio nello stato «In invio».')).toBeInTheDocument();
  });

  it("a message opens with its text and attachments; an attachment and the .eml download; 'Riprova' queues it again", async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/posta_in_uscita');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4));
    await user.click(
      within((await bodyRows())[0]!).getByRole('button', {
        name: 'Apri il messaggio Lettera di incarico professionale - Studio Demo',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Lettera di incarico professionale/ });
    await waitFor(() => expect(dialog).toHaveTextContent('Gentile Beta Srl,'));
    expect(dialog).toHaveTextContent('beta@clienti.test');
    // a web address in the text is a link (an activation link is followed from here), the rest stays text
    const link = within(dialog).getByRole('link', {
      name: 'https://gestionale.example.it/utente/attivazione?token=abc_123',
    });
    expect(link).toHaveAttribute('href', 'https://gestionale.example.it/utente/attivazione?token=abc_123');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByLabelText('Testo del messaggio')).toHaveTextContent('(valido 24 ore)');
    expect(dialog).toHaveTextContent(
      'Ultimo errore: Il server SMTP ha rifiutato il messaggio (550): Casella inesistente',
    );
    expect(within(dialog).getByRole('list', { name: 'Allegati' })).toHaveTextContent('Contratto.pdf6,5 KB');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica Contratto.pdf' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('Contratto.pdf');
    expect(new URL(requests.at(-1)!).pathname).toBe('/api/mail_outbox/7/attachments/31');
    await user.click(within(dialog).getByRole('button', { name: 'Scarica .eml' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveAs).mock.calls[1]![1]).toBe('Messaggio_7.eml');
    await user.click(within(dialog).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Messaggio inserito nella coda di invio')).toBeInTheDocument();
    expect(new URL(requests.find((u) => u.includes('/actions/retry'))!).pathname).toBe(
      '/api/mail_outbox/7/actions/retry',
    );
    // queued again: no 'Riprova' any more
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('In coda')).toBeInTheDocument();
  });

  it("without SMTP_URL the page says messages are kept; a sent message has no 'Riprova'; a refused retry shows 'Errore di invio...'", async () => {
    smtp = false;
    retryStatus = 409;
    login('Admin');
    const user = userEvent.setup();
    renderApp('/posta_in_uscita');
    expect(
      await screen.findByText(/L'invio delle email non è configurato sul server \(SMTP_URL\)/),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await bodyRows()).toHaveLength(4));
    const rows = await bodyRows();
    await user.click(within(rows[3]!).getByRole('button', { name: /^Apri il messaggio/ }));
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('Gentile Beta Srl,'));
    expect(within(dialog).queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(rows[1]!).getByRole('button', { name: /^Apri il messaggio/ }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        "Messaggio trattenuto: sul server non è configurato l'invio delle email (SMTP_URL).",
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Riprova' }));
    const error = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(error).toHaveTextContent(
      "Errore di invio... Si può riprovare solo un messaggio non inviato o trattenuto: questo è 'Inviata'",
    );
  });

  it('a Collaboratore is not authorized', async () => {
    login('Collaboratore');
    renderApp('/posta_in_uscita');
    expect(await screen.findByText('Non sei autorizzato a visualizzare questo contenuto')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

function toolbar(selectedIds: number[], child: React.ReactNode) {
  const ctx = {
    selectedIds,
    onUnselectItems: () => {},
    onSelect: () => {},
    resource: 'Customer',
    data: [],
    total: 0,
  } as unknown as ListControllerResult;
  return (
    <AdminContext dataProvider={dataProvider}>
      <ListContextProvider value={ctx}>{child}</ListContextProvider>
      <Notification />
    </AdminContext>
  );
}

describe("the customers' toolbar: contracts and account statements by e-mail", () => {
  it("both are on the toolbar, in its 'Email' menu", async () => {
    const user = userEvent.setup();
    render(toolbar([1], <CustomerBulkActions />));
    await user.click(screen.getByRole('button', { name: 'Email' }));
    const menu = await screen.findByRole('menu', { name: 'Email' });
    expect(within(menu).getByRole('menuitem', { name: 'Invia contratti via email' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Invia estratti conto via email' })).toBeInTheDocument();
  });

  it("C32 'Invia contratti via email': confirmed, the selection is sent and the note says it was queued", async () => {
    server.use(
      http.get('*/api/send_contract_pdf', ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json({
          message: 'Invio dei contratti inserito nella coda (2 email)',
          data: { queued: 2, ids: [8, 9] },
        });
      }),
    );
    const user = userEvent.setup();
    render(toolbar([3, 5], <ContractEmailButton />));
    await user.click(screen.getByRole('button', { name: 'Invia contratti via email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    expect(dialog).toHaveTextContent('ciascuno dei 2 clienti selezionati');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Invio dei contratti inserito nella coda (2 email)')).toBeInTheDocument();
    expect(queryOf(requests[0]!)).toEqual({ customer_ids: '[3,5]' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Informazione!!' })).not.toBeInTheDocument());
  });

  it("C32: a refusal shows 'Errore di invio...' with what the server found missing, customer by customer", async () => {
    server.use(
      http.get('*/api/send_contract_pdf', () =>
        HttpResponse.json(
          {
            message:
              'Dati mancanti per il contratto: Alfa Srl: Indirizzo (cliente); Beta Spa: Legale rappresentante (cliente)',
            errors: { customer_ids: [] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(toolbar([3, 5], <ContractEmailButton />));
    await user.click(screen.getByRole('button', { name: 'Invia contratti via email' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Informazione!!' })).getByRole('button', { name: 'Invia' }),
    );
    const error = await screen.findByRole('dialog', { name: 'Errore!!' });
    expect(error).toHaveTextContent(
      'Errore di invio... Dati mancanti per il contratto: Alfa Srl: Indirizzo (cliente); Beta Spa: Legale rappresentante (cliente)',
    );
  });

  it("C31 'Invia estratti conto via email': the period (default this year), then the statements are queued; an inverted period cannot be sent", async () => {
    localStorage.clear();
    server.use(
      http.get('*/api/send_account_balance_mail', ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json({
          message: 'Invio degli estratti conto inserito nella coda (1 email)',
          data: { queued: 1, ids: [12] },
        });
      }),
    );
    const user = userEvent.setup();
    render(toolbar([4], <AccountBalanceEmailButton />));
    await user.click(screen.getByRole('button', { name: 'Invia estratti conto via email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informazione!!' });
    const { from, to } = currentPeriod('year');
    const fromField = within(dialog).getByLabelText('Dal');
    expect(fromField).toHaveValue(from);
    expect(within(dialog).getByLabelText('Al')).toHaveValue(to);
    await user.clear(fromField);
    await user.type(fromField, `${Number(to.slice(0, 4)) + 1}-01-01`);
    expect(within(dialog).getByText('La data di inizio intervallo è maggiore di quella di fine')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Invia' })).toBeDisabled();
    await user.clear(fromField);
    await user.type(fromField, from);
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Invio degli estratti conto inserito nella coda (1 email)')).toBeInTheDocument();
    expect(queryOf(requests[0]!)).toEqual({ customer_ids: '[4]', from, to });
  });

  it("C31: a customer without e-mail shows 'Errore di invio...' naming it", async () => {
    server.use(
      http.get('*/api/send_account_balance_mail', () =>
        HttpResponse.json({ message: 'Email mancante o non valida per il cliente: Alfa Srl' }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    render(toolbar([4], <AccountBalanceEmailButton />));
    await user.click(screen.getByRole('button', { name: 'Invia estratti conto via email' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Informazione!!' })).getByRole('button', { name: 'Invia' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(
      'Errore di invio... Email mancante o non valida per il cliente: Alfa Srl',
    );
  });
});

describe('C20 in the payment-notice generator', () => {
  const list = (data: unknown[]) =>
    HttpResponse.json({
      data,
      meta: { total: data.length, current_page: 1, per_page: 200, last_page: 1 },
      item_meta_data: {},
    });
  const generatorHandlers = [
    http.get('*/api/list/Customer/:collection', () =>
      list([
        { id: 4, business_name: 'Alfa Srl' },
        { id: 9, business_name: 'Beta Spa' },
      ]),
    ),
    http.get('*/api/list/StudioService/:collection', () => list([{ id: 7, description: 'Paghe' }])),
    http.get('*/api/studio_services/7', () => HttpResponse.json({ data: { id: 7, description: 'Paghe', cost: 35.5 } })),
  ];
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('combobox', { name: /^Servizio/ }));
    await user.click(await screen.findByRole('option', { name: 'Paghe' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Importo/ })).toHaveValue('35,50'));
  };

  it("'Invia via email' posts the notices' request and answers 'Info!!' 'Invio email in coda..'", async () => {
    const bodies: unknown[] = [];
    server.use(
      ...generatorHandlers,
      http.post('*/api/bollettino/actions/email_pdf', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'Invio email in coda..', data: { queued: 2, ids: [1, 2] } },
          { status: 201 },
        );
      }),
    );
    login('Admin');
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino', [], { customers_ids: [4, 9] });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Invia via email' }));
    const info = await screen.findByRole('dialog', { name: 'Info!!' });
    expect(info).toHaveTextContent('Invio email in coda..');
    expect(bodies).toEqual([{ customers_ids: '[4,9]', studio_service_id: 7, amount: '35.50' }]);
    expect(saveAs).not.toHaveBeenCalled();
  });

  it("a refused send shows the failed-save text with the server's message", async () => {
    server.use(
      ...generatorHandlers,
      http.post('*/api/bollettino/actions/email_pdf', () =>
        HttpResponse.json({ message: 'Email mancante o non valida per il cliente: Beta Spa' }, { status: 422 }),
      ),
    );
    login('Admin');
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino', [], { customers_ids: [9] });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Invia via email' }));
    expect(await screen.findByRole('dialog', { name: 'Errore!!' })).toHaveTextContent(
      'Errore nel Salvataggio dati Email mancante o non valida per il cliente: Beta Spa',
    );
  });

  it('nothing is sent until customers, service and amount are there', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...generatorHandlers,
      http.post('*/api/bollettino/actions/email_pdf', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    login('Admin');
    const user = userEvent.setup();
    renderApp('/NewSchedaBollettino');
    await user.click(await screen.findByRole('button', { name: 'Invia via email' }));
    expect(await screen.findAllByText('Campo Obbligatorio')).toHaveLength(3);
    expect(bodies).toEqual([]);
  });
});
