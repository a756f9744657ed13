/**
 * Quick find (issue 16 item 3) in the whole app against a mocked API (msw): the app bar's button
 * and Ctrl+K / Cmd+K (also from a form field, the browser's own shortcut prevented) open the
 * dialog; typing asks GET /api/quick_find once the typing stops and lists the results under their
 * Italian headings; the arrows move, Enter opens the record's route, Esc closes; the empty,
 * too-short and failed states say so in Italian.
 *
 * The search's pause (QuickFindDialog's 200 ms debounce) is passed on a fake clock where the test
 * checks that nothing is asked after it; the two short real waits left check that a key does
 * nothing, and say why.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useParams } from 'react-router-dom';
import { location, login, logout, negativeLook, queryOf, renderApp, shellHandlers } from './harness';
import { noReceivables, noAmlDue } from './journeys';

// the record's card itself is another test's subject: a stand-in that names what it shows
vi.mock('../../src/form/GenericForm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/form/GenericForm')>()),
  ModelEdit: function ModelEdit({ model }: { model: { name: string } }) {
    const { id } = useParams();
    return <p>{`Scheda ${model.name} ${id}`}</p>;
  },
}));

const HITS = [
  {
    kind: 'customer',
    id: 12,
    title: 'Rossi Costruzioni S.r.l.',
    subtitle: 'P. IVA 01234567890 · Milano',
    path: '/Customer/12',
  },
  {
    kind: 'customer',
    id: 15,
    title: 'Rossini Dolciaria S.n.c.',
    subtitle: 'P. IVA 09876543210 · Roma',
    path: '/Customer/15',
  },
  {
    kind: 'legal_representative',
    id: 7,
    title: 'Mario Rossi',
    subtitle: 'C.F. RSSMRA80A01H501U · Milano',
    path: '/LegalRepresentative/7',
  },
  {
    kind: 'einvoice',
    id: 3,
    title: 'Fattura n. 12/2026',
    subtitle: 'Rossi Costruzioni S.r.l. · del 03/02/2026',
    path: '/EDocument/3',
  },
];

const calls: string[] = [];
let answer: () => Response = () => HttpResponse.json({ data: HITS });
const server = setupServer(
  ...shellHandlers,
  // the menu page's summary of receivables
  noReceivables,
  ...noAmlDue,
  http.get('*/api/quick_find', ({ request }) => {
    calls.push(request.url);
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  answer = () => HttpResponse.json({ data: HITS });
  login('Admin');
});
afterEach(() => {
  releaseTheClock();
  server.resetHandlers();
  logout();
  document.getElementById('other-field')?.remove();
});
afterAll(() => server.close());

/**
 * setTimeout and clearTimeout fake from here (Date and the rest real), moved by the test only;
 * Testing Library's wrappers end each action with a zero timeout, which a `jest` global lets them
 * run at once (user-event set up with `delay: null`).
 */
function holdTheClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
/** Back to real timers, the fake ones still pending (at most a second away) run first. */
function releaseTheClock() {
  if (!vi.isFakeTimers()) return;
  act(() => {
    vi.advanceTimersByTime(1000);
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
}

const button = () => screen.findByRole('button', { name: 'Cerca… (Ctrl+K)' });
const dialog = () => screen.findByRole('dialog', { name: 'Ricerca rapida' });
const searchBox = (d: HTMLElement) =>
  within(d).getByRole('combobox', { name: 'Cerca clienti, legali rappresentanti, fatture' });

describe('quick find', () => {
  it('the app bar button opens the dialog with its labelled search field focused', async () => {
    const user = userEvent.setup();
    renderApp('/Menu');
    const b = await button();
    expect(b).toHaveTextContent('Cerca… (Ctrl+K)');
    expect(b).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await user.click(b);
    const d = await dialog();
    await waitFor(() => expect(searchBox(d)).toHaveFocus());
    expect(within(d).getByRole('status')).toHaveTextContent('Scrivi almeno 2 caratteri');
  });

  it("Ctrl+K opens it from anywhere, also while a form field has the focus, and the browser's own Ctrl+K is prevented; Cmd+K too", async () => {
    renderApp('/Menu');
    await button();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const other = document.createElement('input');
    other.id = 'other-field';
    other.setAttribute('aria-label', 'Un altro campo');
    document.body.appendChild(other);
    other.focus();
    // a plain K typed in a field opens nothing
    fireEvent.keyDown(other, { key: 'k', code: 'KeyK' });
    await negativeLook();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const notPrevented = fireEvent.keyDown(other, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(notPrevented).toBe(false);
    const d = await dialog();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(d).not.toBeInTheDocument());
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', metaKey: true });
    expect(await dialog()).toBeInTheDocument();
  });

  it('typing asks the server once the typing stops and shows the results grouped under Italian headings; ArrowDown + Enter opens the record', async () => {
    const user = userEvent.setup();
    renderApp('/Menu');
    await user.click(await button());
    const d = await dialog();
    await user.type(searchBox(d), 'rossi');
    const listbox = await within(d).findByRole('listbox', { name: 'Cerca clienti, legali rappresentanti, fatture' });
    // one call, for the whole text (not one per key)
    expect(calls.map((u) => queryOf(u).q)).toEqual(['rossi']);
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Clienti', 'Legali rappresentanti', 'Fatture elettroniche']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Rossi Costruzioni S.r.l.P. IVA 01234567890 · Milano',
      'Rossini Dolciaria S.n.c.P. IVA 09876543210 · Roma',
    ]);
    expect(within(groups[2]!).getByRole('option')).toHaveTextContent('Fattura n. 12/2026');
    expect(within(d).getByRole('status')).toHaveTextContent('4 risultati');
    // the first result is highlighted (aria-activedescendant); ArrowDown moves to the second
    const input = searchBox(d);
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    // MUI's autoHighlight sets aria-activedescendant in an effect after the listbox is painted
    await waitFor(() => expect(active()).toHaveTextContent('Rossi Costruzioni S.r.l.'));
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Rossini Dolciaria S.n.c.');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Mario Rossi');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current.pathname).toBe('/LegalRepresentative/7'));
    expect(await screen.findByText('Scheda LegalRepresentative 7')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Enter opens the highlighted first result; a click opens any result', async () => {
    const user = userEvent.setup();
    renderApp('/Menu');
    await user.click(await button());
    let d = await dialog();
    await user.type(searchBox(d), '0123');
    await within(d).findByRole('listbox');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current.pathname).toBe('/Customer/12'));
    await user.click(await button());
    d = await dialog();
    await user.type(searchBox(d), '12/2026');
    await user.click(await within(d).findByRole('option', { name: /Fattura n. 12\/2026/ }));
    await waitFor(() => expect(location.current.pathname).toBe('/EDocument/3'));
  });

  it('Esc closes the dialog and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderApp('/Menu');
    const b = await button();
    await user.click(b);
    const d = await dialog();
    await user.type(searchBox(d), 'rossi');
    await within(d).findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current.pathname).toBe('/Menu');
    await waitFor(() => expect(b).toHaveFocus());
    // opened again: a fresh search
    await user.keyboard('{Control>}k{/Control}');
    expect(searchBox(await dialog())).toHaveValue('');
  });

  it("one character asks nothing; no match says 'Nessun risultato'; a failed call says so in Italian", async () => {
    const user = userEvent.setup();
    renderApp('/Menu');
    await user.click(await button());
    const d = await dialog();
    holdTheClock();
    await userEvent.setup({ delay: null }).type(searchBox(d), 'z');
    // well past the search's pause on its clock, then whatever it started has had its moment
    await act(() => vi.advanceTimersByTimeAsync(1000));
    releaseTheClock();
    await negativeLook();
    expect(calls).toEqual([]);
    expect(
      within(d).getByText(/Scrivi almeno 2 caratteri/, { selector: '.MuiAutocomplete-noOptions' }),
    ).toBeInTheDocument();
    answer = () => HttpResponse.json({ data: [] });
    await user.type(searchBox(d), 'zz');
    expect(
      await within(d).findByText('Nessun risultato', { selector: '.MuiAutocomplete-noOptions' }),
    ).toBeInTheDocument();
    expect(within(d).getByRole('status')).toHaveTextContent('Nessun risultato');
    answer = () => HttpResponse.json({ message: 'Errore interno del server: riprova più tardi' }, { status: 500 });
    await user.type(searchBox(d), 'y');
    expect(
      await within(d).findByText('Ricerca non riuscita: Errore interno del server: riprova più tardi. Riprova.', {
        selector: '.MuiAutocomplete-noOptions *',
      }),
    ).toBeInTheDocument();
    expect(within(d).queryByRole('option')).not.toBeInTheDocument();
  });
});
