/**
 * Shared harness of the UI tests that render the whole <App/>: a logged session (fake JWT in
 * the gs_token cookie + gs_user in local storage), msw handlers for the shell calls, and a
 * spy on the router location.
 */
import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import App from '../../src/App';

export const b64url = (o: unknown) =>
  btoa(unescape(encodeURIComponent(JSON.stringify(o))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

export const USER = {
  id: 1,
  name: 'Mario Rossi',
  email: 'admin@studiodemo.test',
  role: 'Admin',
  studio_id: 2,
  studio_name: 'Studio Demo',
  subscription_expire_date: '2099-12-31',
  credit: 0,
  avatar: null,
};

/** A logged Admin: fake (unsigned) JWT in the cookie, the user in local storage. */
export function login(role = 'Admin') {
  const token = `h.${b64url({ id: USER.id, email: USER.email, role, studio_id: USER.studio_id, studio_name: USER.studio_name, exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;
  document.cookie = `gs_token=${encodeURIComponent(token)}; path=/`;
  localStorage.setItem('gs_user', JSON.stringify({ ...USER, role }));
  return token;
}

export function logout() {
  document.cookie = 'gs_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
}

/** The calls of the layout (settings, studio, completeness banner, menu). */
export const shellHandlers = [
  http.get('*/api/var/client_var', () =>
    HttpResponse.json({ APPNAME: 'Gestionale Test', VERSION: '3.5.1', BUILD_ID: 'test', CREDIT_ENABLED: false }),
  ),
  http.get('*/api/studio_logged', () =>
    HttpResponse.json({ data: { id: 2, name: 'Studio Demo', subscription_expire_date: '2099-12-31', status: 1 } }),
  ),
  http.get('*/api/loggedStudio/missingRequiredFields', () => HttpResponse.json({ data: [] })),
  http.get('*/api/menu_items', () => HttpResponse.json({ data: [] })),
  // the user menu reads the logged user's own record (name, credit, avatar)
  http.get('*/api/user/users/:id', ({ params }) => HttpResponse.json({ data: { ...USER, id: Number(params.id) } })),
  // the logged user's saved views and columns (src/list/preferencesStore.tsx): none
  http.get('*/api/user_preferences', () => HttpResponse.json({ data: {} })),
  // the app bar's timer (issue 49, src/areas/time/TimerButton.tsx): none running
  http.get('*/api/time/timer', () => HttpResponse.json({ data: null })),
];

/**
 * The calls of what issue 49 added to screens other tests open: the home page's 'Redditività' card
 * (the Admin's: no customer yet) and the customer card's 'Incarichi professionali' (none). Listed
 * after a file's own handlers, so that a test of those screens answers them itself.
 */
export const engagementQuietHandlers = [
  http.get('*/api/profitability/summary', () =>
    HttpResponse.json({ data: { year: 2026, best: [], worst: [], customers: 0, margin: 0 } }),
  ),
  http.get('*/api/list/Engagement/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: {},
    }),
  ),
];

/**
 * The customer card's 'Area clienti' (issue 50, src/resources/Customer/Portal.tsx): nobody invited,
 * no file shared, no declaration sent, no mandate signed online, nothing opened; and the home page's 'Messaggi dei clienti' card (src/areas/portal/MessagesHome.tsx):
 * nothing to read. Listed after a file's own handlers, as the ones above, by every file that opens
 * a customer's card or the home page.
 */
export const portalQuietHandlers = [
  http.get('*/api/customer/:id/portal', ({ params }) =>
    HttpResponse.json({
      data: { customer_id: Number(params.id), people: [], url: 'http://localhost:3000/area-clienti' },
    }),
  ),
  http.get('*/api/customer/:id/portal/files', () => HttpResponse.json({ data: [] })),
  // nothing sent to accept, no mandate signed online, nothing opened
  http.get('*/api/customer/:id/portal/declarations', () => HttpResponse.json({ data: [] })),
  http.get('*/api/customer/:id/portal/mandates', () => HttpResponse.json({ data: [] })),
  http.get('*/api/customer/:id/portal/openings', () => HttpResponse.json({ data: [] })),
  http.get('*/api/portal/threads/unread', () => HttpResponse.json({ data: { threads: 0 } })),
];

export interface Loc {
  pathname: string;
  search: string;
  key: string;
}
export const location: { current: Loc; history: Loc[] } = {
  current: { pathname: '', search: '', key: '' },
  history: [],
};

function LocationSpy() {
  const l = useLocation();
  useEffect(() => {
    const cur = { pathname: l.pathname, search: l.search, key: l.key };
    location.current = cur;
    location.history.push(cur);
  }, [l.pathname, l.search, l.key]);
  return null;
}

/** The whole app at `path`, in a memory router. */
/** `state`: the history state of the opened page (as a navigate(path, {state}) leaves it). */
export function renderApp(path: string, entries: string[] = [], state?: unknown) {
  location.current = { pathname: '', search: '', key: '' };
  location.history = [];
  const [pathname, search = ''] = path.split('?');
  return render(
    <MemoryRouter
      initialEntries={[
        ...entries,
        state === undefined ? path : { pathname, search: search ? `?${search}` : '', state },
      ]}
      initialIndex={entries.length}
    >
      <App />
      <LocationSpy />
    </MemoryRouter>,
  );
}

/** A request's query string as an object (last value wins). */
export const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams.entries());

/**
 * A negative look of real time, before an assertion that nothing happened (no call, no dialog):
 * what would happen starts at once (no timer) and reaches the mocked API (msw, in this process)
 * or the DOM within milliseconds, so 50 ms is ample and short. The only timed wait of the UI
 * tests: absence within a window is the thing tested, there is no condition to wait for.
 */
export const negativeLook = () => new Promise((r) => setTimeout(r, 50));
