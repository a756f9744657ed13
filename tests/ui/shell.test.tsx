/**
 * UI tests of the shell: layout (menu, banners, update snackbar, user menu, load errors),
 * login page, menu page, error pages. The API is mocked with msw; unknown calls fail the test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import {
  AdminContext,
  memoryStore,
  testDataProvider,
  TestMemoryRouter,
  useGetList,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { QueryClient } from '@tanstack/react-query';

import { i18nProvider } from '../../src/i18n';
import { today } from '../../model/dates';
import { authProvider as realAuthProvider } from '../../src/authProvider';
import { AppLayout, formatDate, isSubscriptionExpired } from '../../src/layout/AppLayout';
import { ErrorDialog } from '../../src/layout/ErrorDialog';
import { lightTheme, darkTheme } from '../../src/layout/theme';
import { LoginPage } from '../../src/pages/LoginPage';
import { MenuPage } from '../../src/pages/MenuPage';
import { Route, Routes } from 'react-router-dom';
import { AppCrashPage, ErrorPage, NotFoundPage, NotFoundRedirect } from '../../src/pages/ErrorPage';
import { Unauthorized } from '../../src/pages/UnauthorizedDialog';

// ---------------------------------------------------------------------------
// API mock
// ---------------------------------------------------------------------------

const MENU_TREE = [
  {
    title: 'Anagrafiche',
    sub_title: 'Clienti e dati di base',
    icon: 'Contacts',
    children: [
      { title: 'Clienti', icon: 'People', link: '/table/Customer' },
      { title: 'Forme giuridiche', icon: 'Gavel', link: '/table/LegalStatus' },
    ],
  },
  {
    title: 'Contabilità',
    sub_title: 'Movimenti, bollettini e incarichi',
    icon: 'Euro',
    children: [
      {
        title: 'Report',
        icon: 'UnknownIconName',
        children: [{ title: 'Movimenti', icon: 'ReceiptLong', link: '/table/Transaction' }],
      },
    ],
  },
  { title: 'Cedolini', sub_title: 'Buste paga mensili', icon: 'RequestQuote', link: '/table/CustomersForCedolini' },
];

interface ApiState {
  clientVar: Record<string, unknown>;
  studioExpiry: string | null;
  missing: Array<{ field: string; label: string }>;
  menuStatus: number;
  credit: number;
  avatar: string | null;
  calls: string[];
}

const defaultState = (): ApiState => ({
  clientVar: {
    APPNAME: 'Gestionale Test',
    SERVER_BASEURL: 'http://localhost',
    VERSION: '3.5.1',
    BUILD_ID: 'dev',
    CREDIT_ENABLED: false,
  },
  studioExpiry: '2099-12-31',
  missing: [],
  menuStatus: 200,
  credit: 0,
  avatar: null,
  calls: [],
});

let api = defaultState();

const server = setupServer(
  http.get('*/api/var/client_var', () => {
    api.calls.push('client_var');
    return HttpResponse.json(api.clientVar);
  }),
  http.get('*/api/studio_logged', () => {
    api.calls.push('studio_logged');
    return HttpResponse.json({
      data: { id: 2, name: 'Studio Demo', subscription_expire_date: api.studioExpiry, status: 1 },
    });
  }),
  http.get('*/api/loggedStudio/missingRequiredFields', () => {
    api.calls.push('missingRequiredFields');
    return HttpResponse.json({ data: api.missing });
  }),
  http.get('*/api/menu_items', () => {
    api.calls.push('menu_items');
    return api.menuStatus === 200
      ? HttpResponse.json({ data: MENU_TREE })
      : HttpResponse.json({ message: 'Errore interno' }, { status: api.menuStatus });
  }),
  http.get('*/api/user/users/:id', ({ params }) => {
    api.calls.push(`user/${params.id}`);
    return HttpResponse.json({
      data: {
        id: Number(params.id),
        name: 'Laura Neri',
        email: 'collaboratore@studiodemo.test',
        credit: api.credit,
        avatar: api.avatar,
      },
    });
  }),
  http.post('*/api/user/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password !== 'Demo2026!') return HttpResponse.json({ message: 'Credenziali non valide' }, { status: 401 });
    const payload = btoa(
      JSON.stringify({
        id: 3,
        email: body.email,
        role: 'Collaboratore',
        studio_id: 2,
        studio_name: 'Studio Demo',
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    )
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    return HttpResponse.json({
      access_token: `h.${payload}.s`,
      token_type: 'bearer',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      id: 3,
      email: body.email,
      name: 'Laura',
      role: 'Collaboratore',
      studio_id: 2,
      studio_name: 'Studio Demo',
      subscription_expire_date: '2099-12-31',
      credit: 0,
      avatar: null,
    });
  }),
  http.get('*/api/user/logout', () => HttpResponse.json({ message: 'ok' })),
  // the app bar's timer (issue 49): none running
  http.get('*/api/time/timer', () => HttpResponse.json({ data: null })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  api = defaultState();
  document.cookie = 'gs_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
});
afterAll(() => server.close());

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const fakeAuthProvider = (role: string, overrides: Partial<AuthProvider> = {}): AuthProvider => ({
  login: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
  checkAuth: vi.fn(async () => undefined),
  checkError: vi.fn(async () => undefined),
  getIdentity: vi.fn(async () => ({
    id: 3,
    fullName: 'Laura Neri',
    email: 'collaboratore@studiodemo.test',
    role,
    studio_id: 2,
    studio_name: 'Studio Demo',
    subscription_expire_date: '2027-11-21',
    credit: 0,
  })),
  getPermissions: vi.fn(async () => ({ role })),
  ...overrides,
});

interface RenderOptions {
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  path?: string;
  onLocation?: (pathname: string) => void;
}

function renderWithAdmin(
  ui: ReactNode,
  {
    authProvider = fakeAuthProvider('Collaboratore'),
    path = '/Menu',
    onLocation,
    dataProvider = testDataProvider(),
  }: RenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={onLocation ? (l) => onLocation(l.pathname) : undefined}>
      <AdminContext
        i18nProvider={i18nProvider}
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={memoryStore()}
        queryClient={queryClient}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme="light"
      >
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const renderLayout = (options: RenderOptions = {}) =>
  renderWithAdmin(
    <AppLayout>
      <p>Contenuto della pagina</p>
    </AppLayout>,
    options,
  );

const sidebar = () => screen.getByRole('menu', { name: 'Menu principale' });

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('shell helpers', () => {
  // WCAG 2.3.3: a person who asks the system for less motion gets no transition and no ripple
  it('the themes honour prefers-reduced-motion: no transition time, no ripple; the usual motion otherwise', async () => {
    // otherwise MUI's own durations and ripples
    expect(lightTheme.transitions?.duration).toBeUndefined();
    expect(lightTheme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as typeof window.matchMedia;
    try {
      vi.resetModules();
      const still = await import('../../src/layout/theme');
      for (const theme of [still.lightTheme, still.darkTheme]) {
        expect(theme.transitions?.duration).toMatchObject({ enteringScreen: 0, leavingScreen: 0, standard: 0 });
        expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
      }
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('formats dates as DD-MM-YYYY', () => {
    expect(formatDate('2027-11-21')).toBe('21-11-2027');
    expect(formatDate(null)).toBe('');
  });

  it('treats the subscription as expired only after the end of the expiry day in Rome', () => {
    expect(isSubscriptionExpired('2026-03-10', new Date('2026-03-10T23:59:59+01:00'))).toBe(false);
    expect(isSubscriptionExpired('2026-03-10', new Date('2026-03-11T00:00:01+01:00'))).toBe(true);
    // 23:30 UTC on the 10th is already the 11th in Rome
    expect(isSubscriptionExpired('2026-03-10', new Date('2026-03-10T23:30:00Z'))).toBe(true);
    expect(isSubscriptionExpired(null)).toBe(false);
  });
});

/** A page whose data never arrives: the app bar's loading indicator spins. */
function Waiting() {
  useGetList('Customer');
  return <p>In attesa</p>;
}

describe('AppLayout', () => {
  it("the app bar's loading indicator is named for assistive technology while it spins (axe: aria-progressbar-name)", async () => {
    renderWithAdmin(
      <AppLayout>
        <Waiting />
      </AppLayout>,
      { dataProvider: testDataProvider({ getList: () => new Promise(() => undefined) }) },
    );
    expect(await screen.findByRole('progressbar', { name: 'Caricamento in corso' })).toBeInTheDocument();
  });

  it('renders the app bar, the content and the footer with name and version', async () => {
    renderLayout();
    expect(screen.getByText('Contenuto della pagina')).toBeInTheDocument();
    expect(await screen.findByText('Gestionale Test · versione 3.5.1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestionale Test – Home' })).toHaveAttribute('href', '/Menu');
    expect(screen.getByRole('button', { name: 'Passa al tema chiaro/scuro' })).toBeInTheDocument();
  });

  it('renders Home and the server menu tree with nested collapsible children', async () => {
    const user = userEvent.setup();
    renderLayout();
    const menu = sidebar();
    expect(within(menu).getByRole('menuitem', { name: 'Home' })).toHaveAttribute('href', '/Menu');
    const parent = await within(menu).findByRole('menuitem', { name: 'Anagrafiche' });
    expect(within(menu).getByRole('menuitem', { name: 'Cedolini' })).toHaveAttribute(
      'href',
      '/table/CustomersForCedolini',
    );

    // collapsed at first
    expect(parent).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('menuitem', { name: 'Clienti' })).not.toBeInTheDocument();
    await user.click(parent);
    expect(parent).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Clienti' })).toHaveAttribute('href', '/table/Customer');
    expect(within(menu).getByRole('menuitem', { name: 'Forme giuridiche' })).toHaveAttribute(
      'href',
      '/table/LegalStatus',
    );

    // two levels deep: Contabilità > Report > Movimenti
    await user.click(within(menu).getByRole('menuitem', { name: 'Contabilità' }));
    await user.click(within(menu).getByRole('menuitem', { name: 'Report' }));
    expect(within(menu).getByRole('menuitem', { name: 'Movimenti' })).toHaveAttribute('href', '/table/Transaction');

    // collapse again
    await user.click(parent);
    await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'Clienti' })).not.toBeInTheDocument());
  });

  it('opens the branch of the current route', async () => {
    renderLayout({ path: '/table/Transaction' });
    const menu = sidebar();
    expect(await within(menu).findByRole('menuitem', { name: 'Movimenti' })).toHaveAttribute(
      'href',
      '/table/Transaction',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Contabilità' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the studio-completeness banner to a Collaboratore with missing fields', async () => {
    api.missing = [
      { field: 'subtitle', label: 'Sottotitolo' },
      { field: 'fax_number', label: 'Fax' },
    ];
    renderLayout({ authProvider: fakeAuthProvider('Collaboratore') });
    expect(
      await screen.findByText('Completa i dati del tuo studio per utilizzare tutte le funzionalità.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Campi mancanti: Sottotitolo, Fax')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completa i dati' })).toHaveAttribute('href', '/utente/il_mio_studio');
  });

  it('never shows the studio-completeness banner to SuperAdmin', async () => {
    api.missing = [{ field: 'subtitle', label: 'Sottotitolo' }];
    renderLayout({ authProvider: fakeAuthProvider('SuperAdmin') });
    await within(sidebar()).findByRole('menuitem', { name: 'Anagrafiche' });
    await waitFor(() => expect(api.calls).toContain('studio_logged'));
    expect(
      screen.queryByText('Completa i dati del tuo studio per utilizzare tutte le funzionalità.'),
    ).not.toBeInTheDocument();
    expect(api.calls).not.toContain('missingRequiredFields');
  });

  it('hides the studio-completeness banner when nothing is missing', async () => {
    renderLayout();
    await waitFor(() => expect(api.calls).toContain('missingRequiredFields'));
    await within(sidebar()).findByRole('menuitem', { name: 'Anagrafiche' });
    expect(
      screen.queryByText('Completa i dati del tuo studio per utilizzare tutte le funzionalità.'),
    ).not.toBeInTheDocument();
  });

  it('shows the expired-subscription banner with the date as DD-MM-YYYY', async () => {
    api.studioExpiry = '2024-01-31';
    renderLayout();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Abbonamento Scaduto il 31-01-2024');
    expect(banner).toHaveTextContent('Contatta il fornitore per il rinnovo.');
  });

  it('does not show the expired-subscription banner on the expiry day', async () => {
    // The expiry day is a day in Rome (model/dates.ts), whatever the machine's time zone.
    api.studioExpiry = today();
    renderLayout();
    await waitFor(() => expect(api.calls).toContain('studio_logged'));
    await within(sidebar()).findByRole('menuitem', { name: 'Anagrafiche' });
    expect(screen.queryByText(/Abbonamento Scaduto/)).not.toBeInTheDocument();
  });

  it('announces a new version when the served BUILD_ID differs from the compiled one', async () => {
    api.clientVar = { ...api.clientVar, BUILD_ID: 'nuova-build-42' };
    renderLayout();
    const snackbar = (await screen.findByText('Nuova versione disponibile!')).closest(
      '.MuiSnackbarContent-root',
    ) as HTMLElement;
    expect(snackbar).not.toBeNull();
    expect(within(snackbar).getByRole('button', { name: 'Aggiorna' })).toBeInTheDocument();
  });

  it('re-reads the settings on window focus and then announces the new build', async () => {
    renderLayout();
    await screen.findByText('Gestionale Test · versione 3.5.1');
    const before = api.calls.filter((c) => c === 'client_var').length;
    expect(screen.queryByText('Nuova versione disponibile!')).not.toBeInTheDocument();
    api.clientVar = { ...api.clientVar, BUILD_ID: 'nuova-build-43' };
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByText('Nuova versione disponibile!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c === 'client_var').length).toBeGreaterThan(before);
  });

  it.each(['dev', 'test'])('does not announce a new version when the server answers %s', async (buildId) => {
    api.clientVar = { ...api.clientVar, BUILD_ID: buildId };
    renderLayout();
    await screen.findByText('Gestionale Test · versione 3.5.1');
    expect(screen.queryByText('Nuova versione disponibile!')).not.toBeInTheDocument();
  });

  it('user menu shows name, role, studio and the subscription expiry (no credit when disabled)', async () => {
    const user = userEvent.setup();
    api.studioExpiry = '2027-11-21';
    const authProvider = fakeAuthProvider('Collaboratore');
    renderLayout({ authProvider });
    await waitFor(() => expect(api.calls).toContain('studio_logged'));
    await user.click(await screen.findByRole('button', { name: 'Laura Neri' }));
    const menu = await screen.findByRole('menu', { name: 'Laura Neri' });
    const info = within(menu).getByTestId('user-info');
    expect(info).toHaveTextContent('Laura Neri');
    expect(info).toHaveTextContent('Ruolo: Collaboratore');
    expect(info).toHaveTextContent('Studio: Studio Demo');
    expect(info).toHaveTextContent('Scadenza abbonamento: 21-11-2027');
    expect(info).not.toHaveTextContent('Credito');
    expect(within(menu).getByRole('menuitem', { name: 'Il mio profilo' })).toHaveAttribute(
      'href',
      '/utente/il_mio_profilo',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it("user menu button shows the avatar saved on the own profile (read from the user's record)", async () => {
    api.avatar =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const { container } = renderLayout();
    await waitFor(() => expect(api.calls).toContain('user/3'));
    const button = await screen.findByRole('button', { name: 'Laura Neri' });
    await waitFor(() => expect(button.querySelector('img')).toHaveAttribute('src', api.avatar));
    expect(container.querySelector('[data-testid="AccountCircleIcon"]')).toBeNull();
  });

  it('user menu shows the credit when the credit feature is enabled', async () => {
    const user = userEvent.setup();
    api.clientVar = { ...api.clientVar, CREDIT_ENABLED: true };
    api.credit = 12.5;
    renderLayout();
    await waitFor(() => expect(api.calls).toContain('user/3'));
    await user.click(await screen.findByRole('button', { name: 'Laura Neri' }));
    const info = await screen.findByTestId('user-info');
    await waitFor(() => expect(info).toHaveTextContent('Credito: 12,5'));
  });

  it('shows the load-error dialog when a shell load fails', async () => {
    const user = userEvent.setup();
    api.menuStatus = 500;
    renderLayout();
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!!' });
    expect(dialog).toHaveTextContent(
      'Errore di caricamento, è consigliato, prima di proseguire, risolvere il problema.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ho Capito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ErrorDialog', () => {
  it('has the default title, text and button', () => {
    const onClose = vi.fn();
    renderWithAdmin(<ErrorDialog open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Attenzione' });
    expect(dialog).toHaveTextContent('Qualcosa è andato storto');
    screen.getByRole('button', { name: 'Ho Capito' }).click();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('MenuPage', () => {
  it('renders the menu tree as cards with sub titles and child links', async () => {
    renderWithAdmin(<MenuPage />);
    const card = await screen.findByRole('region', { name: 'Anagrafiche' });
    expect(within(card).getByText('Clienti e dati di base')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Clienti' })).toHaveAttribute('href', '/table/Customer');
    const accounting = screen.getByRole('region', { name: 'Contabilità' });
    expect(within(accounting).getByText('Report')).toBeInTheDocument();
    expect(within(accounting).getByRole('link', { name: 'Movimenti' })).toHaveAttribute('href', '/table/Transaction');
    const payslips = screen.getByRole('region', { name: 'Cedolini' });
    expect(within(payslips).getByRole('link', { name: /Cedolini/ })).toHaveAttribute(
      'href',
      '/table/CustomersForCedolini',
    );
  });
});

describe('LoginPage', () => {
  const notLogged = () =>
    fakeAuthProvider('Collaboratore', {
      checkAuth: vi.fn(async () => {
        throw new Error('not logged');
      }),
      getIdentity: vi.fn(async () => {
        throw new Error('not logged');
      }),
    });

  it('has labelled fields and the sign-up / password recovery links', async () => {
    renderWithAdmin(<LoginPage />, { authProvider: notLogged(), path: '/utente/login' });
    expect(screen.getByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    // 'Iscriviti' under the form and in the top bar's login / sign-up menu (seed A §2)
    const signUp = screen.getAllByRole('link', { name: 'Iscriviti' });
    expect(signUp).toHaveLength(2);
    for (const link of signUp) expect(link).toHaveAttribute('href', '/utente/contact_form');
    expect(screen.getByRole('link', { name: 'Password dimenticata?' })).toHaveAttribute(
      'href',
      '/utente/recupera_password',
    );
  });

  it('validates the e-mail format and the password length', async () => {
    const user = userEvent.setup();
    const authProvider = notLogged();
    renderWithAdmin(<LoginPage />, { authProvider, path: '/utente/login' });
    await user.type(screen.getByLabelText(/Email/), 'non-una-mail');
    await user.type(screen.getByLabelText(/^Password/), 'corta');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Email Non Valida')).toBeInTheDocument();
    expect(screen.getByText('Digita almeno 8 caratteri')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(authProvider.login).not.toHaveBeenCalled();
  });

  it('shows the server message when the login fails', async () => {
    const user = userEvent.setup();
    renderWithAdmin(<LoginPage />, { authProvider: realAuthProvider, path: '/utente/login' });
    await user.type(screen.getByLabelText(/Email/), 'admin@studiodemo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Sbagliata99');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenziali non valide');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to /Menu after a successful login', async () => {
    const user = userEvent.setup();
    let pathname = '';
    renderWithAdmin(<LoginPage />, {
      authProvider: realAuthProvider,
      path: '/utente/login',
      onLocation: (p) => {
        pathname = p;
      },
    });
    await user.type(screen.getByLabelText(/Email/), 'admin@studiodemo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo2026!');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(pathname).toBe('/Menu'));
    expect(document.cookie).toContain('gs_token=');
  });

  it('offers Home or Logout when already logged in', async () => {
    const user = userEvent.setup();
    let pathname = '';
    renderWithAdmin(<LoginPage />, {
      path: '/utente/login',
      onLocation: (p) => {
        pathname = p;
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sei già autenticato' });
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Home' }));
    await waitFor(() => expect(pathname).toBe('/Menu'));
  });
});

describe('error pages', () => {
  it('ErrorPage shows the msg query parameter and a support mail link', async () => {
    renderWithAdmin(<ErrorPage />, { path: '/error?msg=Sessione%20scaduta' });
    expect(await screen.findByText('Sessione scaduta')).toBeInTheDocument();
    // the message's own link (without a session the public footer has the support address too)
    expect(within(screen.getByRole('alert')).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('NotFoundPage says Pagina NON trovata', async () => {
    renderWithAdmin(<NotFoundPage />, { path: '/non-esiste' });
    expect(await screen.findByText('Pagina NON trovata')).toBeInTheDocument();
  });

  it('Unauthorized shows the message and a login link', () => {
    renderWithAdmin(<Unauthorized />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Non sei autorizzato a visualizzare questo contenuto');
    expect(within(dialog).getByRole('link', { name: 'Vai al login' })).toHaveAttribute('href', '/utente/login');
  });
});

describe('7 shell defects', () => {
  it('7.7 a failed logout clears the session and the login page shows the alert once', async () => {
    server.use(http.get('*/api/user/logout', () => HttpResponse.json({ message: 'Errore interno' }, { status: 500 })));
    const { authProvider: realAuth } = await import('../../src/authProvider');
    const { setSession, getToken, getUser } = await import('../../src/authProvider/token');
    setSession('h.e30.s', {
      id: 1,
      name: 'A',
      email: 'a@b.it',
      role: 'Admin',
      studio_id: 2,
      studio_name: 'S',
      subscription_expire_date: null,
      credit: 0,
      avatar: null,
    });
    expect(await realAuth.logout({})).toBe('/utente/login');
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    renderWithAdmin(<LoginPage />, {
      path: '/utente/login',
      authProvider: fakeAuthProvider('Admin', {
        checkAuth: vi.fn(async () => {
          throw new Error('no');
        }),
      }),
    });
    expect(await screen.findByText(/Uscita non confermata dal server/)).toBeInTheDocument();
    cleanup();
    renderWithAdmin(<LoginPage />, {
      path: '/utente/login',
      authProvider: fakeAuthProvider('Admin', {
        checkAuth: vi.fn(async () => {
          throw new Error('no');
        }),
      }),
    });
    await screen.findByRole('button', { name: 'Accedi' });
    expect(screen.queryByText(/Uscita non confermata dal server/)).not.toBeInTheDocument();
  });

  it('7.7 a logout the server confirms shows no alert', async () => {
    const { authProvider: realAuth } = await import('../../src/authProvider');
    const { setSession } = await import('../../src/authProvider/token');
    setSession('h.e30.s', {
      id: 1,
      name: 'A',
      email: 'a@b.it',
      role: 'Admin',
      studio_id: 2,
      studio_name: 'S',
      subscription_expire_date: null,
      credit: 0,
      avatar: null,
    });
    await realAuth.logout({});
    renderWithAdmin(<LoginPage />, {
      path: '/utente/login',
      authProvider: fakeAuthProvider('Admin', {
        checkAuth: vi.fn(async () => {
          throw new Error('no');
        }),
      }),
    });
    await screen.findByRole('button', { name: 'Accedi' });
    expect(screen.queryByText(/Uscita non confermata dal server/)).not.toBeInTheDocument();
  });

  it("7.6 an unknown route goes to /error with 'Pagina NON trovata'", async () => {
    let pathname = '';
    renderWithAdmin(
      <Routes>
        <Route path="/error" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundRedirect />} />
      </Routes>,
      {
        path: '/non-esiste',
        onLocation: (p) => {
          pathname = p;
        },
      },
    );
    expect(await screen.findByText('Pagina NON trovata')).toBeInTheDocument();
    expect(pathname).toBe('/error');
  });

  it("7.2 the crash page is Italian, sets the page title and offers 'Indietro', reload and Home", async () => {
    renderWithAdmin(<AppCrashPage error={new Error('boom')} />);
    expect(await screen.findByText(/Qualcosa non ha funzionato in questa pagina/)).toBeInTheDocument();
    for (const name of ['Indietro', 'Ricarica la pagina'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/Menu');
    await waitFor(() => expect(document.title).toBe('Errore - Gestionale Test'));
  });
});
