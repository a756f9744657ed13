/**
 * 'Messaggi dei clienti' (issue 50 item 5), the whole <App/> against a mocked API (msw; unknown
 * calls fail the test, a console error too): the conversations with the customer, the start of the
 * last message as plain text, who wrote it and when, the unread count; 'Solo non letti' and the
 * search sent to GET /api/portal/threads and kept in the address, the pages. A conversation: the
 * messages oldest first, the customer's on the left and the studio's on the right, the text as text
 * (markup shown, never run), line breaks kept, the files downloaded through the app's download (one
 * in quarantine marked and not downloadable); 'Invia' posts the text (JSON, or multipart with files),
 * a 422 goes under 'Messaggio' keeping the text. The home page's card: how many conversations have
 * messages to read, a link to the list with 'Solo non letti'.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { saveAs } from 'file-saver';
import { location, login, negativeLook, queryOf, renderApp, shellHandlers } from './harness';
import { cellsOf, helperText, noAmlDue, noReceivables, rowOf, seriousAxe, useFakeApi } from './journeys';
import type { PortalMessage, PortalThread, ThreadSummary } from '../../model/api/portalMessages';
import { MESSAGE_MESSAGES } from '../../model/portal';
import { EMPTY_TEXT, NONE_UNREAD_TEXT } from '../../src/areas/portal/Messages';

vi.mock('file-saver', () => ({ saveAs: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// fixtures and the fake API

const summary = (over: Partial<ThreadSummary> & Pick<ThreadSummary, 'customer_id' | 'customer_name'>) => ({
  last_at: '2026-04-10 18:05:00',
  last_side: 'cliente' as const,
  last_author: 'Anna Alfa',
  last_body: 'Buongiorno',
  unread: 0,
  ...over,
});

const THREADS = {
  data: [
    summary({
      customer_id: 10,
      customer_name: 'Alfa Srl',
      last_body: 'Buongiorno,\nvi allego la fattura <b>di marzo</b>',
      unread: 2,
    }),
    summary({
      customer_id: 11,
      customer_name: 'Bianchi Mario',
      last_at: '2026-04-09 09:00:00',
      last_side: 'studio',
      last_author: 'Mario Rossi',
      last_body: 'Ricevuto, grazie',
    }),
  ],
  total: 60,
};

const SCRIPT = '<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">';

const message = (over: Partial<PortalMessage> & Pick<PortalMessage, 'id' | 'body'>): PortalMessage => ({
  side: 'cliente',
  author_name: 'Anna Alfa',
  created_at: '2026-04-10 18:00:00',
  files: [],
  ...over,
});

const MESSAGES: PortalMessage[] = [
  message({
    id: 1,
    body: 'Buongiorno,\nvi allego la fattura.',
    created_at: '2026-04-08 10:00:00',
    files: [
      { id: 31, filename: 'fattura.pdf', size: 250 * 1024, scan: 'ok' },
      { id: 32, filename: 'virus.exe.pdf', size: 900, scan: 'quarantena' },
    ],
  }),
  message({
    id: 2,
    side: 'studio',
    author_name: 'Mario Rossi',
    body: 'Ricevuta, grazie.',
    created_at: '2026-04-09 09:00:00',
  }),
  message({ id: 3, body: SCRIPT, created_at: '2026-04-10 18:05:00' }),
];

let thread: PortalThread;
let listCalls: string[] = [];
let threadCalls: string[] = [];
let fileCalls: string[] = [];
let unreadCalls = 0;
let unreadThreads = 0;
/** the studio's messages posted: JSON, or the multipart's fields (jsdom's File reaches msw without its name) */
let posts: Array<{ path: string; type: string | undefined; body: unknown; fields?: string[] }> = [];
/** the answer to the next post (the default adds the message to the thread) */
let postAnswer: (() => Response) | null = null;

const typeOf = (request: Request) => request.headers.get('content-type')?.split(';')[0];

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/portal/threads', ({ request }) => {
    listCalls.push(request.url);
    return HttpResponse.json(THREADS);
  }),
  http.get('*/api/portal/threads/unread', () => {
    unreadCalls++;
    return HttpResponse.json({ data: { threads: unreadThreads } });
  }),
  http.get('*/api/customer/:id/portal/messages', ({ params }) => {
    threadCalls.push(`/api/customer/${params.id}/portal/messages`);
    const answer = { ...thread, customer_id: Number(params.id) };
    // read by the studio from now on
    thread = { ...thread, unread: 0 };
    return HttpResponse.json({ data: answer });
  }),
  http.post('*/api/customer/:id/portal/messages', async ({ request, params }) => {
    const path = new URL(request.url).pathname;
    const type = typeOf(request);
    let body: unknown;
    let fields: string[] | undefined;
    if (type === 'multipart/form-data') {
      const form = await request.formData();
      body = form.get('body');
      fields = [...form.keys()];
    } else body = ((await request.json()) as { body: unknown }).body;
    posts.push({ path, type, body: type === 'multipart/form-data' ? body : { body }, ...(fields ? { fields } : {}) });
    if (postAnswer) return postAnswer();
    thread = {
      ...thread,
      customer_id: Number(params.id),
      messages: [
        ...thread.messages,
        message({
          id: 100 + posts.length,
          side: 'studio',
          author_name: 'Mario Rossi',
          body: String(body),
          created_at: '2026-04-11 08:30:00',
        }),
      ],
    };
    return HttpResponse.json({ data: thread }, { status: 201 });
  }),
  http.get('*/api/portal/files/:id', ({ request }) => {
    fileCalls.push(new URL(request.url).pathname);
    return new HttpResponse('%PDF-1.4', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="fattura.pdf"' },
    });
  }),
  // the home page's other cards
  noReceivables,
  ...noAmlDue,
);

const guard = useFakeApi(server, () => {
  listCalls = [];
  threadCalls = [];
  fileCalls = [];
  posts = [];
  postAnswer = null;
  unreadCalls = 0;
  unreadThreads = 0;
  thread = { customer_id: 10, messages: MESSAGES, unread: 2 };
  vi.mocked(saveAs).mockClear();
});
thread = { customer_id: 10, messages: MESSAGES, unread: 2 };

/**
 * The value of a CSS property that the style rules of the element's own classes give it (the last
 * one that sets it): MUI's `sx` become such rules (emotion's <style> elements), and jsdom computes
 * no style from them for most properties.
 */
function ruleOf(el: Element, property: string): string {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  let value = '';
  for (const name of el.classList) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const rule of css.matchAll(new RegExp(`\\.${escaped}\\{([^}]*)\\}`, 'g')))
      for (const declaration of rule[1]!.split(';')) {
        const [key, ...rest] = declaration.split(':');
        if (key!.trim() === property) value = rest.join(':').trim();
      }
  }
  return value;
}

const table = () => screen.findByRole('table', { name: 'Conversazioni con i clienti' });
const lastQuery = () => queryOf(listCalls[listCalls.length - 1]!);
const log = () => screen.findByRole('log', { name: 'Messaggi' });
const articles = (l: HTMLElement) => within(l).getAllByRole('article');
const messageField = () => screen.getByRole('textbox', { name: 'Messaggio' });

/** The conversation with Alfa Srl opened by its address. */
async function openThread() {
  const user = userEvent.setup();
  login('Collaboratore');
  renderApp('/messaggi_clienti/10', [], { back: '', name: 'Alfa Srl' });
  const l = await log();
  return { user, l };
}

// ---------------------------------------------------------------------------------------------

describe('Messaggi dei clienti: the list', () => {
  it('shows each conversation: the customer, the start of the last message as plain text, who wrote it, when, the unread count', async () => {
    login('Collaboratore');
    renderApp('/messaggi_clienti');
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Messaggi dei clienti' })).toBeInTheDocument();
    // no filter: every conversation
    expect(lastQuery()).toEqual({});
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Cliente', 'Ultimo messaggio', 'Scritto da', 'Quando', 'Da leggere']);
    const alfa = rowOf(t, 'Alfa Srl');
    // the markup of the text is text: shown as typed, no element made of it; the line break a space
    expect(cellsOf(alfa)).toEqual([
      'Alfa Srl',
      'Buongiorno, vi allego la fattura <b>di marzo</b>',
      'Anna AlfaCliente',
      '10-04-2026 18:05',
      '2 non letti',
    ]);
    expect(alfa.querySelector('b')).toBeNull();
    expect(within(alfa).getByText('2 non letti').closest('.MuiChip-root')).toBeInTheDocument();
    expect(within(alfa).getByRole('link', { name: 'Alfa Srl' })).toHaveAttribute('href', '/messaggi_clienti/10');
    const bianchi = rowOf(t, 'Bianchi Mario');
    expect(cellsOf(bianchi)).toEqual([
      'Bianchi Mario',
      'Ricevuto, grazie',
      'Mario RossiStudio',
      '09-04-2026 09:00',
      '',
    ]);
    expect(screen.getByText('60 conversazioni')).toBeInTheDocument();
    expect(screen.getByText('1-25 di 60')).toBeInTheDocument();
    expect(await seriousAxe()).toEqual([]);
  });

  it("sends 'Solo non letti' and the search to GET /api/portal/threads and keeps them in the address; a filter goes back to the first page", async () => {
    const user = userEvent.setup();
    login('Collaboratore');
    renderApp('/messaggi_clienti');
    await table();
    await user.click(screen.getByRole('switch', { name: 'Solo non letti' }));
    await waitFor(() => expect(lastQuery()).toEqual({ unread: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca cliente' }), 'alfa');
    await waitFor(() => expect(lastQuery()).toEqual({ unread: '1', search: 'alfa' }));
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual({ unread: '1', q: 'alfa' });
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(lastQuery()).toEqual({ unread: '1', search: 'alfa', page: '2' }));
    await user.click(screen.getByRole('switch', { name: 'Solo non letti' }));
    await waitFor(() => expect(lastQuery()).toEqual({ search: 'alfa' }));
    expect(Object.fromEntries(new URLSearchParams(location.current.search))).toEqual({ q: 'alfa' });
  });

  it('opens the filters of an address as they are; nothing unread says so', async () => {
    server.use(
      http.get('*/api/portal/threads', ({ request }) => {
        listCalls.push(request.url);
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    login('Collaboratore');
    renderApp('/messaggi_clienti?unread=1');
    expect(await screen.findByText(NONE_UNREAD_TEXT)).toBeInTheDocument();
    expect(lastQuery()).toEqual({ unread: '1' });
    expect(screen.getByRole('switch', { name: 'Solo non letti' })).toBeChecked();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a search that finds nothing says so', async () => {
    server.use(
      http.get('*/api/portal/threads', ({ request }) => {
        listCalls.push(request.url);
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    login('Collaboratore');
    renderApp('/messaggi_clienti?q=zeta');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(lastQuery()).toEqual({ search: 'zeta' });
    expect(screen.getByRole('searchbox', { name: 'Cerca cliente' })).toHaveValue('zeta');
  });
});

describe('Messaggi dei clienti: a conversation', () => {
  it('a click on the row opens it: the messages oldest first, the customer on the left and the studio on the right, author and time, the files', async () => {
    const user = userEvent.setup();
    login('Collaboratore');
    renderApp('/messaggi_clienti?unread=1');
    const t = await table();
    await user.click(within(rowOf(t, 'Alfa Srl')).getByText('Anna Alfa'));
    await waitFor(() => expect(location.current.pathname).toBe('/messaggi_clienti/10'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversazione con Alfa Srl' })).toBeInTheDocument();
    const l = await log();
    expect(threadCalls).toEqual(['/api/customer/10/portal/messages']);
    const all = articles(l);
    expect(all.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Messaggio di Anna Alfa (cliente), 08-04-2026 10:00',
      'Messaggio di Mario Rossi (studio), 09-04-2026 09:00',
      'Messaggio di Anna Alfa (cliente), 10-04-2026 18:05',
    ]);
    // the customer's on the left, the studio's on the right
    expect(ruleOf(all[0]!, 'align-self')).toBe('flex-start');
    expect(ruleOf(all[1]!, 'align-self')).toBe('flex-end');
    expect(ruleOf(all[2]!, 'align-self')).toBe('flex-start');
    // author, side and time on each; the line break of the text kept
    expect(all[0]).toHaveTextContent('Anna Alfa · Cliente · 08-04-2026 10:00');
    expect(all[1]).toHaveTextContent('Mario Rossi · Studio · 09-04-2026 09:00');
    const text = within(all[0]!).getByText(/^Buongiorno,/);
    expect(text.textContent).toBe('Buongiorno,\nvi allego la fattura.');
    expect(ruleOf(text, 'white-space')).toBe('pre-wrap');
    // the files: the clean one downloaded, the quarantined one marked and not downloadable
    const files = within(all[0]!).getByRole('list', { name: 'Allegati' });
    const virus = within(files).getByText('virus.exe.pdf').closest('li')!;
    expect(within(virus).getByText('In quarantena')).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: 'Scarica virus.exe.pdf' })).toBeNull();
    expect(within(files).getByText('fattura.pdf').closest('li')).toHaveTextContent('250 KB');
    await user.click(within(files).getByRole('button', { name: 'Scarica fattura.pdf' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    expect(fileCalls).toEqual(['/api/portal/files/31']);
    expect(vi.mocked(saveAs).mock.calls[0]![1]).toBe('fattura.pdf');
    // back to the list with its filters
    expect(screen.getByRole('link', { name: 'Messaggi dei clienti' })).toHaveAttribute(
      'href',
      '/messaggi_clienti?unread=1',
    );
    expect(screen.getByRole('link', { name: 'Scheda del cliente' })).toHaveAttribute('href', '/Customer/10');
    expect(await seriousAxe()).toEqual([]);
  });

  it('shows markup in a message as text: the characters as written, no element made of them, nothing run', async () => {
    const { l } = await openThread();
    const last = articles(l)[2]!;
    expect(within(last).getByText(SCRIPT)).toBeInTheDocument();
    expect(last.querySelector('script')).toBeNull();
    expect(last.querySelector('img')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("'Invia' posts the text as JSON and shows the message on the studio's side; the field is emptied; nothing is sent empty", async () => {
    const { user, l } = await openThread();
    const field = messageField();
    expect(field).toHaveAttribute('maxlength', '5000');
    expect(helperText(field)).toBe('0/5.000 caratteri');
    // empty: said, nothing sent
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(helperText(field)).toBe(MESSAGE_MESSAGES.empty);
    await negativeLook();
    expect(posts).toEqual([]);

    await user.type(field, 'Buongiorno,{Enter}ecco il modulo <i>firmato</i>');
    expect(helperText(field)).toBe('41/5.000 caratteri');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Messaggio inviato')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: '/api/customer/10/portal/messages',
        type: 'application/json',
        body: { body: 'Buongiorno,\necco il modulo <i>firmato</i>' },
      },
    ]);
    await waitFor(() => expect(articles(l)).toHaveLength(4));
    const mine = articles(l)[3]!;
    expect(mine).toHaveAttribute('aria-label', 'Messaggio di Mario Rossi (studio), 11-04-2026 08:30');
    expect(ruleOf(mine, 'align-self')).toBe('flex-end');
    expect(within(mine).getByText(/ecco il modulo/).textContent).toBe('Buongiorno,\necco il modulo <i>firmato</i>');
    expect(mine.querySelector('i')).toBeNull();
    expect(messageField()).toHaveValue('');
  });

  it("a 422 goes under 'Messaggio' and the text stays", async () => {
    const { user } = await openThread();
    postAnswer = () =>
      HttpResponse.json(
        { message: MESSAGE_MESSAGES.tooLong, errors: { body: [MESSAGE_MESSAGES.tooLong] } },
        { status: 422 },
      );
    guard.allow(/al massimo 5\.000 caratteri/);
    const field = messageField();
    await user.type(field, 'Un messaggio{Enter}su due righe');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(helperText(field)).toBe(MESSAGE_MESSAGES.tooLong));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('Un messaggio\nsu due righe');
    expect(posts).toEqual([
      {
        path: '/api/customer/10/portal/messages',
        type: 'application/json',
        body: { body: 'Un messaggio\nsu due righe' },
      },
    ]);
    expect(screen.queryByText('Messaggio inviato')).toBeNull();
  });

  it('with files the message goes as multipart: the text in `body`, each file in `file`; one removed before is not sent', async () => {
    const { user, l } = await openThread();
    const input = screen.getByLabelText('File da allegare al messaggio');
    await user.upload(input, [
      new File(['%PDF-1.4 a'], 'modulo.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4 b'], 'altro.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = await screen.findByRole('list', { name: 'File da allegare' });
    expect(within(chosen).getByText('modulo.pdf')).toBeInTheDocument();
    await user.click(within(chosen).getByRole('button', { name: 'Togli altro.pdf' }));
    expect(within(chosen).queryByText('altro.pdf')).toBeNull();
    await user.type(messageField(), 'Ecco il modulo');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Messaggio inviato')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: '/api/customer/10/portal/messages',
        type: 'multipart/form-data',
        body: 'Ecco il modulo',
        fields: ['body', 'file'],
      },
    ]);
    await waitFor(() => expect(articles(l)).toHaveLength(4));
    expect(screen.queryByRole('list', { name: 'File da allegare' })).toBeNull();
  });
});

describe("the home page: 'Messaggi dei clienti'", () => {
  const card = () => screen.findByRole('region', { name: 'Messaggi dei clienti' });

  it('the Collaboratore: how many conversations have messages to read, a link to the list with only those', async () => {
    const user = userEvent.setup();
    unreadThreads = 3;
    login('Collaboratore');
    renderApp('/Menu');
    const c = await card();
    const link = await within(c).findByRole('link', { name: '3 conversazioni con messaggi da leggere' });
    expect(link).toHaveAttribute('href', '/messaggi_clienti?unread=1');
    expect(unreadCalls).toBe(1);
    expect(await seriousAxe(c)).toEqual([]);
    await user.click(link);
    await table();
    expect(location.current.pathname).toBe('/messaggi_clienti');
    expect(lastQuery()).toEqual({ unread: '1' });
    expect(screen.getByRole('switch', { name: 'Solo non letti' })).toBeChecked();
  });

  it('one conversation: the singular; none: says so and links to all of them', async () => {
    unreadThreads = 1;
    login('Collaboratore');
    const { unmount } = renderApp('/Menu');
    expect(
      await within(await card()).findByRole('link', { name: '1 conversazione con messaggi da leggere' }),
    ).toHaveAttribute('href', '/messaggi_clienti?unread=1');
    unmount();
    unreadThreads = 0;
    renderApp('/Menu');
    expect(await within(await card()).findByRole('link', { name: 'Nessun messaggio da leggere' })).toHaveAttribute(
      'href',
      '/messaggi_clienti',
    );
  });

  it('the Utente: no card, no call', async () => {
    login('Utente');
    renderApp('/Menu');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await negativeLook();
    expect(screen.queryByRole('region', { name: 'Messaggi dei clienti' })).toBeNull();
    expect(unreadCalls).toBe(0);
  });
});
