/**
 * The administration forms in the whole app against a mocked API (msw):
 * - the studio card's rules (seed B §5, §6) for an Admin: cc e-mail, manager title and tax code
 *   messages with nothing sent, the expiry read-only as DD-MM-YYYY, the active flag locked, a
 *   non-image logo refused, a valid fix sent and shown again;
 * - the user card (seed B §3, §6): an Admin creates a Collaboratore without the studio selector
 *   (what the card sends), a Collaboratore's menu has no admin entries; an edit with the password
 *   left blank does not send one;
 * - the role card (seed B §3): the SuperAdmin creates a role with permissions; its name is fixed;
 *   the SuperAdmin's own user and studio cards;
 * - a Collaboratore's own profile, the avatar in the app bar.
 *
 * Moved from the browser tests of tests/e2e/adminForms.test.ts (the same four tests). What the
 * server does with the requests (the studio chosen by the server, the password kept, the new
 * Collaboratore logging in) is the API tests' and the browser journeys' (studioAdmin.test.ts '14',
 * roleMatrix.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { location, login, logout, negativeLook, portalQuietHandlers, renderApp, shellHandlers, USER } from './harness';
import { useFakeApi, helperText, listPage, noReceivables, noAmlDue, replaceText } from './journeys';
import { linksOf, menuOf } from '../e2e/menus';
import { MENU, menuFor } from '../../model/menu';
import { atLeast, permissionName, VERBS } from '../../model/define';
import { MODELS } from '../../model/registry';
import { displayDate } from '../../model/dates';
import { fiscalCodeCheckChar } from '../../model/validators';

// ---------------------------------------------------------------------------
// API mock
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

// a 1×1 PNG
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
const png = (name: string) =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, { type: 'image/png' });

/** The roles as the database has them (server/db/bootstrap.ts ROLE_NAMES). */
const ROLES = ['SuperAdmin', 'Admin', 'Collaboratore', 'Utente'].map((name, i) => ({ id: i + 1, name }));
const roleId = (name: string) => ROLES.find((r) => r.name === name)!.id;
/** Every declared model's permissions, as bootstrap seeds them (`{resource}.{verb}`). */
const PERMISSIONS = MODELS.flatMap((m) => VERBS.map((v) => `${permissionName(m)}.${v}`)).map((name, i) => ({
  id: i + 1,
  name,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00.000000',
}));
const permId = (name: string) => PERMISSIONS.find((p) => p.name === name)!.id;

const MANAGER_CF_BASE = 'RSSMRC75E12F205';
/** Studio Demo's card as GET /api/studios/2 answers it (server/db/demo.ts studioProfile). */
const STUDIO = {
  id: 2,
  name: 'Studio Demo',
  subtitle: 'Commercialisti e revisori legali',
  email: 'info@studiodemo.test',
  address: 'Via Roma 12, 20121 Milano (MI)',
  tel_number: '+39 021 234267',
  fax_number: '+39 021 234268',
  mobile_number: '+39 332 1234562',
  vat_number: '09000002000',
  fiscal_code: '09000002000',
  postal_code: '20121',
  city: 'Milano',
  province: 'MI',
  fiscal_regime: 'RF01',
  withholding_tax: 1,
  cassa_previdenza: 1,
  stamp_duty_charged: 1,
  sdi_courtesy_copy: 'consegna',
  website: 'https://www.studiodemo.test',
  iban: 'IT60X0542811101000000123456',
  sdd_creditor_id: null,
  footer_line1: 'Studio Demo — P.IVA 09000002000 — Via Roma 12, 20121 Milano (MI)',
  note: null,
  logo: null,
  status: 1,
  subscription_expire_date: '2027-03-31',
  cc_contract: 'contratti@studiodemo.test',
  cc_account_balance: 'amministrazione@studiodemo.test',
  cc_bollettino: 'bollettini@studiodemo.test',
  manager_title: 'Dott.',
  manager_name: 'Marco',
  manager_surname: 'Rossi',
  manager_cf: MANAGER_CF_BASE + fiscalCodeCheckChar(MANAGER_CF_BASE),
  manager_birth_date: '1975-05-12',
  manager_birth_city: 'Milano',
  manager_ordine_commercialisti_number: '1202/A',
  manager_ordine_commercialisti_city: 'Milano',
  manager_ordine_commercialisti_name: 'Ordine dei Dottori Commercialisti e degli Esperti Contabili di Milano',
  sign_city: 'Milano',
  inps_city: 'Milano',
  direzione_provinciale_city: 'Milano',
  created_at: '2026-01-01 09:00:00',
  updated_at: '2026-01-01 09:00:00.000000',
  deleted_at: null,
  trashed: false,
};
/** The studio fields only the SuperAdmin writes (the server leaves them out of an Admin's change). */
const SUPERADMIN_FIELDS = [
  'status',
  'subscription_expire_date',
  'fiscal_code',
  'fiscal_regime',
  'withholding_tax',
  'cassa_previdenza',
  'stamp_duty_charged',
];

/** A user as GET /api/user/users/{id} answers it (no password: it is never sent). */
const userRow = (u: Row): Row => ({
  cognome: null,
  active: true,
  role_id: roleId('Collaboratore'),
  studio_id: 2,
  cellulare: null,
  avatar: null,
  credit: 0,
  created_at: '2026-01-01 09:00:00',
  updated_at: '2026-01-01 09:00:00.000000',
  deleted_at: null,
  trashed: false,
  ...u,
});

interface Api {
  studio: Row;
  users: Map<number, Row>;
  roles: Map<number, Row>;
  /** every call that writes (not GET), with its JSON body */
  writes: Array<{ method: string; path: string; body: Row }>;
}
const fresh = (): Api => ({
  studio: { ...STUDIO },
  users: new Map([
    [USER.id, userRow({ id: USER.id, name: 'Marco', cognome: 'Rossi', email: USER.email, role_id: roleId('Admin') })],
    [3, userRow({ id: 3, name: 'Laura', cognome: 'Neri', email: 'collaboratore@studiodemo.test' })],
  ]),
  roles: new Map(
    ROLES.map((r) => [
      r.id,
      {
        ...r,
        permission_ids: [],
        created_at: '2026-01-01 09:00:00',
        updated_at: '2026-01-01 09:00:00.000000',
        deleted_at: null,
        trashed: false,
      },
    ]),
  ),
  writes: [],
});
let api = fresh();

const listAnswer = (data: Row[]) => listPage(data);

/** The caller's role, from the (unsigned) token the app sends. */
function roleOf(request: Request): string {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const payload = token.split('.')[1] ?? '';
  const json = decodeURIComponent(escape(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))));
  return (JSON.parse(json) as { role: string }).role;
}

async function write(request: Request, status = 200, answer?: (body: Row) => Row) {
  const body = (await request.json()) as Row;
  api.writes.push({ method: request.method, path: new URL(request.url).pathname, body });
  return HttpResponse.json({ data: answer ? answer(body) : body }, { status });
}

const server = setupServer(
  // the menu of the caller's role (server/areas/studio/routes.ts: credit off)
  http.get('*/api/menu_items', ({ request }) =>
    HttpResponse.json({ data: menuFor(roleOf(request), atLeast, MENU, { credit: false }) }),
  ),
  // the menu page's summary of receivables
  noReceivables,
  ...noAmlDue,
  // the studio card
  http.get('*/api/studios/:id', () => HttpResponse.json({ data: api.studio })),
  http.put('*/api/studios/:id', ({ request }) =>
    write(request, 200, (body) => {
      const mine = roleOf(request) === 'SuperAdmin';
      const changed = Object.fromEntries(
        Object.entries(body).filter(([k]) => k in STUDIO && (mine || !SUPERADMIN_FIELDS.includes(k))),
      );
      api.studio = { ...api.studio, ...changed, updated_at: '2026-03-01 12:00:00.000000' };
      return api.studio;
    }),
  ),
  http.get('*/api/list/Studio/:collection', () => listAnswer([{ id: 2, label: 'Studio Demo', trashed: false }])),
  // users
  http.get('*/api/list/User/:collection', () =>
    listAnswer(
      [...api.users.values()].map((u) => ({
        ...u,
        role: { id: u.role_id, label: ROLES.find((r) => r.id === u.role_id)?.name },
      })),
    ),
  ),
  http.get('*/api/user/users/:id', ({ params }) => {
    const u = api.users.get(Number(params.id));
    return u ? HttpResponse.json({ data: u }) : HttpResponse.json({ message: 'Non trovato' }, { status: 404 });
  }),
  http.post('*/api/user/users', ({ request }) =>
    write(request, 201, (body) => {
      const { password: _password, ...rest } = body;
      const row = userRow({ ...rest, id: 41, studio_id: 2, email_elsewhere: undefined });
      api.users.set(41, row);
      return row;
    }),
  ),
  http.put('*/api/user/users/:id', ({ request, params }) =>
    write(request, 200, (body) => {
      const { password: _password, ...rest } = body;
      const row = { ...api.users.get(Number(params.id)), ...rest, updated_at: '2026-03-01 12:00:00.000000' };
      api.users.set(Number(params.id), row);
      return row;
    }),
  ),
  // roles and permissions
  http.get('*/api/list/Role/:collection', ({ params }) =>
    listAnswer(
      [...api.roles.values()].map((r) =>
        params.collection === 'RoleResource4SelectCollection' ? { id: r.id, label: r.name, trashed: false } : r,
      ),
    ),
  ),
  http.get('*/api/user/permissions', () => listAnswer(PERMISSIONS)),
  http.get('*/api/user/roles/:id', ({ params }) => HttpResponse.json({ data: api.roles.get(Number(params.id)) })),
  http.post('*/api/user/roles', ({ request }) =>
    write(request, 201, (body) => {
      const row = {
        ...body,
        id: 9,
        created_at: '2026-03-01 12:00:00',
        updated_at: '2026-03-01 12:00:00.000000',
        deleted_at: null,
        trashed: false,
      };
      api.roles.set(9, row);
      return row;
    }),
  ),
  ...shellHandlers,
  // the home page's 'Messaggi dei clienti' card (issue 50)
  ...portalQuietHandlers,
);

// issue 7 #16 (the browser test's console guard): no console error in normal use
useFakeApi(server);
beforeEach(() => {
  api = fresh();
});

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A text field by its label (required labels end with an asterisk): by the label rather than by
 * role, which computes the name of every field of these long cards at each look (a third of the
 * studio card's time, most of it while a waitFor looks at every change of the first render).
 */
const textbox = (name: string) =>
  screen.getByLabelText(new RegExp(`^${esc(name)}( \\*)?$`), { selector: 'input, textarea' });
/** The helper text (where errors show) under a field, as the user reads it. */
const helperOf = helperText;
/** The form's submit button (the app bar has an 'Aggiorna' refresh button too). */
const submit = () => document.querySelector<HTMLButtonElement>('#main-content form button[type="submit"]')!;
const fill = replaceText;
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
/** What shows that a screen failed or was refused. */
const FAILURES =
  /Operazione non consentita|Non sei autorizzato|Pagina NON trovata|Errore nel caricamento|Qualcosa è andato storto|Errore nel Salvataggio/;

/** The links of the home page's menu cards (not the overviews above them: receivables, AML, customers' messages), once the role's cards are shown. */
async function homeLinks(role: 'Collaboratore') {
  const main = await waitFor(() => {
    const el = document.getElementById('main-content');
    expect(el).not.toBeNull();
    return el!;
  });
  for (const n of menuOf(role))
    expect(await within(main).findByRole('heading', { name: n.title, level: 2 })).toBeInTheDocument();
  return [...main.querySelectorAll('a[href]')]
    .filter(
      (a) =>
        !a.closest(
          '[aria-labelledby="receivables-title"], [aria-labelledby="aml-home-title"], [aria-labelledby="portal-messages-home-title"]',
        ),
    )
    .map((a) => a.getAttribute('href')!);
}

// ---------------------------------------------------------------------------
// tests
// ---------------------------------------------------------------------------

describe('administration forms', () => {
  // the browser test's walk in two parts (the card is long to render in jsdom: three openings in one test came near its time limit)
  it('B§5 the studio card as an Admin: field rules, nothing saved on errors, read-only expiry and flag, image-only logo', async () => {
    login('Admin');
    const user = userEvent.setup({ applyAccept: false });
    const before = { ...STUDIO };
    renderApp('/utente/il_mio_studio');
    await waitFor(() => expect(location.current.pathname).toBe('/Studio/2'));
    expect(await screen.findByDisplayValue(before.cc_contract)).toBe(textbox('Email in copia (contratti)'));
    const cc = textbox('Email in copia (contratti)');
    const title = textbox('Titolo responsabile');
    const cf = textbox('Codice fiscale responsabile');
    expect(title).toHaveValue(before.manager_title);
    expect(cf).toHaveValue(before.manager_cf);

    // seed B §6: the expiry is read-only, DD-MM-YYYY; the active flag is the SuperAdmin's
    const expiry = textbox('Scadenza abbonamento');
    expect(before.subscription_expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(expiry).toHaveValue(displayDate(before.subscription_expire_date));
    expect(expiry).toHaveValue('31-03-2027');
    expect(expiry).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scegli Scadenza abbonamento dal calendario' })).toBeDisabled();
    const active = screen.getByRole('switch', { name: 'Attivo' });
    expect(active).toBeChecked();
    expect(active).toBeDisabled();

    // three broken fields: their messages, and no call to save
    const good = fiscalCodeCheckChar(MANAGER_CF_BASE);
    const wrongCf = MANAGER_CF_BASE + (good === 'A' ? 'B' : 'A');
    await fill(user, cc, 'contratti-at-studiodemo');
    await fill(user, title, 'Dottore Commercialista'); // 22 characters, the limit is 20
    await fill(user, cf, wrongCf);
    await user.click(submit());
    await waitFor(() => expect(helperOf(cc)).toBe('Email Non Valida'));
    expect(helperOf(title)).toBe('Numero massimo di caratteri superato');
    expect(helperOf(cf)).toBe('Codice Fiscale Non Valido');
    for (const box of [cc, title, cf]) expect(box).toHaveAttribute('aria-invalid', 'true');
    await negativeLook();
    expect(screen.queryByText('Elemento aggiornato')).not.toBeInTheDocument();
    expect(api.writes).toEqual([]);

    // a text file as the logo: refused in the browser (png, gif, jpeg or bmp only)
    const logoInput = document.getElementById('input-logo') as HTMLInputElement;
    await user.upload(logoInput, new File(['non sono una immagine'], 'logo.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Tipo di file non supportato')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();

    // opened again: the stored values, nothing was sent
    cleanup();
    renderApp('/utente/il_mio_studio');
    expect(await screen.findByDisplayValue(before.cc_contract)).toBe(textbox('Email in copia (contratti)'));
    expect(textbox('Titolo responsabile')).toHaveValue(before.manager_title);
    expect(textbox('Codice fiscale responsabile')).toHaveValue(before.manager_cf);
    expect(screen.queryByText('Tipo di file non supportato')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    expect(api.studio).toEqual(STUDIO);
    expect(api.writes).toEqual([]);
  });

  it('B§5 the studio card as an Admin: a valid fix saved', async () => {
    login('Admin');
    const user = userEvent.setup();
    const before = { ...STUDIO };
    renderApp('/utente/il_mio_studio');
    expect(await screen.findByDisplayValue(before.cc_contract)).toBe(textbox('Email in copia (contratti)'));
    expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();

    // a valid fix, with a PNG logo: sent, and shown when the card is opened again
    const good = fiscalCodeCheckChar(MANAGER_CF_BASE);
    const fixed = {
      cc_contract: 'contratti.nuovi@studiodemo.test',
      manager_title: 'Dott.ssa',
      manager_cf: MANAGER_CF_BASE + good,
    };
    await fill(user, textbox('Email in copia (contratti)'), fixed.cc_contract);
    await fill(user, textbox('Titolo responsabile'), fixed.manager_title);
    await fill(user, textbox('Codice fiscale responsabile'), fixed.manager_cf);
    await user.upload(document.getElementById('input-logo') as HTMLInputElement, png('logo.png'));
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', PNG_DATA_URL);
    await user.click(submit());
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    expect(api.writes).toHaveLength(1);
    const [put] = api.writes;
    expect(put!.method).toBe('PUT');
    expect(put!.path).toBe('/api/studios/2');
    expect({
      cc_contract: put!.body.cc_contract,
      manager_title: put!.body.manager_title,
      manager_cf: put!.body.manager_cf,
    }).toEqual(fixed);
    expect(put!.body.logo).toBe(PNG_DATA_URL);
    // the expiry and the flag go as they were (and the version the card read)
    expect([put!.body.subscription_expire_date, put!.body.status, put!.body.updated_at]).toEqual([
      before.subscription_expire_date,
      before.status,
      before.updated_at,
    ]);
    cleanup();
    renderApp('/utente/il_mio_studio');
    expect(await screen.findByDisplayValue(fixed.cc_contract)).toBe(textbox('Email in copia (contratti)'));
    expect(textbox('Codice fiscale responsabile')).toHaveValue(fixed.manager_cf);
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', PNG_DATA_URL);
  });

  it('B§3 B§6 the user card: an Admin creates a Collaboratore (no studio selector), who logs in without admin entries; a blank password is kept', async () => {
    login('Admin');
    const user = userEvent.setup();
    renderApp('/table/User');
    await user.click(await screen.findByRole('button', { name: 'Nuovo' }));
    await waitFor(() => expect(location.current.pathname).toBe('/User/create'));
    await waitFor(() => expect(submit()).toBeInTheDocument());
    const email = 'collega.nuova@studiodemo.test';
    const secret = 'Nuovo-Collega-2026';
    await fill(user, textbox('Nome'), 'Carla');
    await fill(user, textbox('Cognome'), 'Collega');
    await fill(user, textbox('Email'), email);
    await fill(user, password(), secret);
    await user.click(screen.getByRole('combobox', { name: /^Ruolo( \*)?$/ }));
    await user.click(await screen.findByRole('option', { name: 'Collaboratore' }));
    // seed B §6: only the SuperAdmin chooses the studio (the SuperAdmin's card has it: see the role test)
    expect(screen.queryByRole('combobox', { name: /^Studio/ })).not.toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('Elemento creato')).toBeInTheDocument();
    expect(api.writes).toHaveLength(1);
    const [post] = api.writes;
    expect([post!.method, post!.path]).toEqual(['POST', '/api/user/users']);
    // the typed values, the role chosen and the declared defaults (active, email_elsewhere,
    // credit); no studio_id: the server puts the Admin's own studio
    expect(post!.body).toEqual({
      name: 'Carla',
      cognome: 'Collega',
      email,
      password: secret,
      role_id: roleId('Collaboratore'),
      active: true,
      email_elsewhere: false,
      credit: 0,
    });
    expect(post!.body).not.toHaveProperty('studio_id');

    // a Collaboratore logged in (the harness's user 1, whose record is now the new one's): the menu
    // of a Collaboratore, no admin entries
    cleanup();
    logout();
    api.users.set(USER.id, { ...api.users.get(41), id: USER.id });
    login('Collaboratore');
    renderApp('/Menu');
    const links = await homeLinks('Collaboratore');
    expect([...links].sort()).toEqual(linksOf(menuOf('Collaboratore')).sort());
    for (const adminOnly of [
      '/utente/il_mio_studio',
      '/table/User',
      '/posta_in_uscita',
      '/pay_init',
      '/table/PaymentLog',
      '/table/Role',
    ]) {
      expect(links, adminOnly).not.toContain(adminOnly);
    }
    expect(screen.queryByRole('heading', { name: 'Studio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Amministrazione' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Carla/ })).toBeInTheDocument();

    // the Admin edits the user and leaves the password blank: the surname is sent, no password
    cleanup();
    logout();
    login('Admin');
    renderApp('/User/41');
    expect(await screen.findByDisplayValue('Collega')).toBe(textbox('Cognome'));
    expect(password()).toHaveValue('');
    expect(screen.getByText('Lascia vuoto per non cambiarla')).toBeInTheDocument();
    await fill(user, textbox('Cognome'), 'Collega Rinominata');
    await user.click(submit());
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    expect(api.writes).toHaveLength(2);
    const put = api.writes[1]!;
    expect([put.method, put.path]).toEqual(['PUT', '/api/user/users/41']);
    expect(put.body.cognome).toBe('Collega Rinominata');
    expect(put.body).not.toHaveProperty('password');
  });

  it('B§3 the role card as SuperAdmin: a new role with chosen permissions is saved; its name is fixed afterwards', async () => {
    login('SuperAdmin');
    const user = userEvent.setup();
    const chosen = ['customers.view', 'transactions.view', 'transactions.create'];
    for (const c of chosen) expect(PERMISSIONS.map((x) => x.name)).toContain(c);

    renderApp('/table/Role');
    await user.click(await screen.findByRole('button', { name: 'Nuovo' }));
    await waitFor(() => expect(location.current.pathname).toBe('/Role/create'));
    await waitFor(() => expect(submit()).toBeInTheDocument());
    // the permissions: a multi-select over the server's permissions
    const select = screen.getByRole('combobox', { name: /^Permessi/ });
    await user.click(select);
    await fill(user, select, 'transactions.');
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('option')
          .map((o) => o.textContent)
          .sort(),
      ).toEqual(
        PERMISSIONS.map((x) => x.name)
          .filter((n) => n.startsWith('transactions.'))
          .sort(),
      ),
    );
    for (const c of chosen) {
      await fill(user, select, c);
      await user.click(await screen.findByRole('option', { name: c }));
    }
    await user.keyboard('{Escape}');
    // the name is required
    await user.click(submit());
    await waitFor(() => expect(helperOf(textbox('Nome'))).toBe('Campo Obbligatorio'));
    await negativeLook();
    expect(api.writes).toEqual([]);
    const roleName = 'Revisore esterno';
    await fill(user, textbox('Nome'), roleName);
    await user.click(submit());
    expect(await screen.findByText('Elemento creato')).toBeInTheDocument();
    expect(api.writes).toHaveLength(1);
    const [post] = api.writes;
    expect([post!.method, post!.path]).toEqual(['POST', '/api/user/roles']);
    expect(post!.body.name).toBe(roleName);
    expect([...(post!.body.permission_ids as number[])].map(Number).sort((a, b) => a - b)).toEqual(
      chosen.map(permId).sort((a, b) => a - b),
    );

    // on edit the name is read-only; the permissions are shown
    cleanup();
    renderApp('/scheda_role/9');
    await waitFor(() => expect(location.current.pathname).toBe('/Role/9'));
    expect(await screen.findByDisplayValue(roleName)).toBe(textbox('Nome'));
    expect(textbox('Nome')).toBeDisabled();
    for (const c of chosen) expect(await screen.findByRole('button', { name: c })).toBeInTheDocument();

    // the SuperAdmin's own cards: the studio selector on the user card, the studio's flag and expiry
    cleanup();
    renderApp('/User/create');
    expect(await screen.findByRole('combobox', { name: /^Studio/ })).toBeInTheDocument();
    cleanup();
    renderApp('/Studio/2');
    expect(await screen.findByDisplayValue('Studio Demo')).toBe(textbox('Nome'));
    expect(screen.getByRole('switch', { name: 'Attivo' })).toBeEnabled();
    expect(textbox('Scadenza abbonamento')).toBeEnabled();
  });
});

describe('own profile', () => {
  it("B§3 a Collaboratore's own profile: surname, mobile, avatar (no role, no active flag); the avatar shows in the app bar", async () => {
    // the logged Collaboratore's own record (the harness logs in as user 1)
    api.users.set(
      USER.id,
      userRow({ id: USER.id, name: 'Laura', cognome: 'Nerini', email: 'collaboratore@studiodemo.test' }),
    );
    login('Collaboratore');
    const user = userEvent.setup();
    renderApp('/utente/il_mio_profilo');
    await waitFor(() => expect(document.title).toBe('Il mio profilo - Gestionale Test'));
    expect(await screen.findByDisplayValue('Nerini')).toBe(textbox('Cognome'));
    const mobile = textbox('Cellulare');
    // neither the role nor the active flag: the Admin's to change
    expect(screen.queryByRole('combobox', { name: /^Ruolo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Attivo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Attivo' })).not.toBeInTheDocument();
    // nor a 'Nuovo' user: the profile is one's own
    expect(screen.queryByRole('button', { name: 'Nuovo' })).not.toBeInTheDocument();
    expect(FAILURES.exec(document.body.textContent ?? '')?.[0] ?? null).toBeNull();
    // the phone rule
    await user.type(mobile, 'abc');
    await user.click(submit());
    await waitFor(() => expect(helperOf(mobile)).not.toBe(''));
    expect(helperOf(mobile)).toBe('Inserisci un Numero di Telefono Corretto');
    await negativeLook();
    expect(api.writes).toEqual([]);
    await fill(user, mobile, '3331234567');
    await fill(user, textbox('Cognome'), 'Neri');
    await user.upload(document.getElementById('input-avatar') as HTMLInputElement, png('me.png'));
    expect(await screen.findByRole('img', { name: 'Avatar' })).toHaveAttribute('src', PNG_DATA_URL);
    await user.click(submit());
    expect(await screen.findByText('Elemento aggiornato')).toBeInTheDocument();
    expect(api.writes).toHaveLength(1);
    const [put] = api.writes;
    expect([put!.method, put!.path]).toEqual(['PUT', `/api/user/users/${USER.id}`]);
    expect({ cognome: put!.body.cognome, cellulare: put!.body.cellulare, avatar: put!.body.avatar }).toEqual({
      cognome: 'Neri',
      cellulare: '3331234567',
      avatar: PNG_DATA_URL,
    });
    // the app bar's user button shows the saved avatar (its record read again)
    await waitFor(() => expect(document.querySelector('header button img')).toHaveAttribute('src', PNG_DATA_URL));
  });
});
