/**
 * The administration forms and the role matrix in Chromium, as real users on the demo data:
 * - the studio card's rules (seed B §5, §6) for an Admin: cc e-mail, manager title and tax code
 *   messages with nothing saved, the expiry read-only as DD-MM-YYYY, the active flag locked, a
 *   non-image logo refused, a valid fix saved;
 * - the user card (seed B §3, §6): an Admin creates a Collaboratore without the studio selector,
 *   who logs in and sees no admin entries; an edit with the password left blank keeps it;
 * - the role card (seed B §3): the SuperAdmin creates a role with permissions; its name is fixed;
 * - the role matrix (seed B §6, model/menu.ts): each role's menu is its entries, each of them
 *   opens its screen, and screens above the role show the unauthorized dialog.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { consoleGuard, launchBrowser, login, SHOTS, studioFor, SUPERADMIN, workerServer, type ConsoleGuard, type E2EServer } from './harness';
import { apiClient, dialogShown, inflight, type ApiClient, type InFlight } from './util';
import { MENU, menuFor, type MenuEntry } from '../../model/menu';
import { atLeast, type RoleName } from '../../model/define';
import { displayDate } from '../../model/dates';
import { fiscalCodeCheckChar } from '../../model/validators';

const APP = 'Gestionale Studi';
// this file's studio (it changes the studio card and its users): tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);
const UTENTE = { email: `ugo.utente@${STUDIO.admin.split('@')[1]}`, password: 'Utente-Prova-2026' };
// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: E2EServer;
let browser: Browser;
let admin: ApiClient;
let superadmin: ApiClient;
let roleIds: Record<string, number>;

/** Browser contexts opened by the running test: their console guards are read and they are closed after it. */
const opened: Array<{ ctx: BrowserContext; guard: ConsoleGuard }> = [];
async function open(email: string, password?: string): Promise<{ page: Page; guard: ConsoleGuard }> {
  const ctx = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 1400, height: 900 } });
  const guard = consoleGuard(ctx);
  opened.push({ ctx, guard });
  const page = await ctx.newPage();
  await login(page, server.url, email, password);
  return { page, guard };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  admin = await apiClient(server.url, STUDIO.admin);
  superadmin = await apiClient(server.url, SUPERADMIN);
  const roles = await admin.get('/api/list/Role/RoleResourceListCollection', { items_per_page: -1 });
  roleIds = Object.fromEntries(roles.data.map((r: { id: number; name: string }) => [r.name, Number(r.id)]));
  // the demo data has no user of the role Utente: one for the role matrix
  const res = await admin.send('POST', '/api/user/users', { name: 'Ugo', cognome: 'Utente', email: UTENTE.email, password: UTENTE.password, role_id: roleIds.Utente });
  if (res.status !== 201) throw new Error(`Utente not created: ${res.status} ${JSON.stringify(res.body)}`);
});
afterEach(async () => {
  const errors = opened.flatMap((o) => o.guard.take());
  await Promise.all(opened.splice(0).map((o) => o.ctx.close()));
  expect(errors, 'console errors').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const textbox = (p: Page, label: string) => p.getByRole('textbox', { name: new RegExp(`^${escape(label)}( \\*)?$`) });
/** The helper text (error message) under an input. */
async function helperOf(p: Page, input: Locator): Promise<string> {
  const id = await input.getAttribute('aria-describedby');
  if (!id) return '';
  return (await p.locator(`[id="${id.split(' ')[0]}"]`).innerText()).replace(/\u200b/g, '').trim();
}
const submit = (p: Page) => p.locator('form').locator('button[type="submit"]');
const UNAUTHORIZED = 'Non sei autorizzato a visualizzare questo contenuto';

/** Every link of a menu tree, depth first. */
const linksOf = (nodes: Array<Pick<MenuEntry, 'link'> & { children?: unknown[] }>): string[] =>
  nodes.flatMap((n) => [...(n.link ? [n.link] : []), ...linksOf((n.children ?? []) as typeof nodes)]);
/** The menu of a role as model/menu.ts declares it (the credit feature is off on this server). */
const menuOf = (role: RoleName) => menuFor(role, atLeast, MENU, { credit: false });

/** The links on the home page's menu cards (not the receivables overview above them), once the role's cards are shown. */
async function homeLinks(p: Page, role: RoleName): Promise<string[]> {
  for (const n of menuOf(role)) await p.locator('#main-content').getByRole('heading', { name: n.title, exact: true, level: 2 }).waitFor();
  return p.locator('#main-content a[href]').evaluateAll((as) => as
    .filter((a) => !a.closest('[aria-labelledby="receivables-title"]'))
    .map((a) => a.getAttribute('href')!));
}

describe('administration forms in Chromium', () => {
  it('B§5 the studio card as an Admin: field rules, nothing saved on errors, read-only expiry and flag, image-only logo, a valid fix saved', async () => {
    const { page: p } = await open(STUDIO.admin);
    const studioId = (await admin.get('/api/studio_logged')).data.id as number;
    const before = (await admin.get(`/api/studios/${studioId}`)).data;
    await p.goto(`${server.url}/utente/il_mio_studio`);
    await p.waitForURL(new RegExp(`/Studio/${studioId}$`));
    const cc = textbox(p, 'Email in copia (contratti)');
    const title = textbox(p, 'Titolo responsabile');
    const cf = textbox(p, 'Codice fiscale responsabile');
    await expect.poll(() => cc.inputValue()).toBe(before.cc_contract);
    expect(await title.inputValue()).toBe(before.manager_title);
    expect(await cf.inputValue()).toBe(before.manager_cf);

    // seed B §6: the expiry is read-only, DD-MM-YYYY; the active flag is the SuperAdmin's
    const expiry = textbox(p, 'Scadenza abbonamento');
    expect(before.subscription_expire_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await expiry.inputValue()).toBe(displayDate(before.subscription_expire_date));
    expect(await expiry.inputValue()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await expiry.isEditable()).toBe(false);
    expect(await p.getByRole('button', { name: 'Scegli Scadenza abbonamento dal calendario' }).isDisabled()).toBe(true);
    const active = p.getByRole('switch', { name: 'Attivo' });
    expect(await active.isChecked()).toBe(true);
    expect(await active.isDisabled()).toBe(true);

    // three broken fields: their messages, and no call to save
    const writes: string[] = [];
    p.on('request', (r) => { if (r.method() !== 'GET' && r.url().includes('/api/studios')) writes.push(`${r.method()} ${r.url()}`); });
    const cfBase = 'BNCGLI75E52F205';
    const good = fiscalCodeCheckChar(cfBase);
    const wrongCf = cfBase + (good === 'A' ? 'B' : 'A');
    await cc.fill('contratti-at-studiodemo');
    await title.fill('Dottore Commercialista'); // 22 characters, the limit is 20
    await cf.fill(wrongCf);
    await submit(p).click();
    await expect.poll(() => helperOf(p, cc)).toBe('Email Non Valida');
    await expect.poll(() => helperOf(p, title)).toBe('Numero massimo di caratteri superato');
    await expect.poll(() => helperOf(p, cf)).toBe('Codice Fiscale Non Valido');
    for (const box of [cc, title, cf]) expect(await box.getAttribute('aria-invalid')).toBe('true');
    await p.screenshot({ path: join(SHOTS, 'adminForms-studio-errors.png') });
    expect(await p.getByText('Elemento aggiornato').count()).toBe(0);
    expect(writes).toEqual([]);

    // a text file as the logo: refused in the browser (png, gif, jpeg or bmp only)
    await p.locator('#input-logo').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('non sono una immagine') });
    await p.getByRole('alert').filter({ hasText: 'Tipo di file non supportato' }).waitFor();
    expect(await p.getByRole('img', { name: 'Logo' }).count()).toBe(0);

    // reloaded: the stored values, nothing was saved
    await p.reload();
    await expect.poll(() => cc.inputValue()).toBe(before.cc_contract);
    expect(await title.inputValue()).toBe(before.manager_title);
    expect(await cf.inputValue()).toBe(before.manager_cf);
    expect(await p.getByText('Tipo di file non supportato').count()).toBe(0);
    const unchanged = (await admin.get(`/api/studios/${studioId}`)).data;
    expect([unchanged.cc_contract, unchanged.manager_title, unchanged.manager_cf, unchanged.logo ?? null])
      .toEqual([before.cc_contract, before.manager_title, before.manager_cf, before.logo ?? null]);
    expect(writes).toEqual([]);

    // a valid fix, with a PNG logo: saved
    const fixed = { cc_contract: 'contratti.nuovi@studiodemo.test', manager_title: 'Dott.ssa', manager_cf: cfBase + good };
    await cc.fill(fixed.cc_contract);
    await title.fill(fixed.manager_title);
    await cf.fill(fixed.manager_cf);
    await p.locator('#input-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await p.getByRole('img', { name: 'Logo' }).waitFor();
    await submit(p).click();
    await p.getByText('Elemento aggiornato').waitFor();
    expect(writes).toHaveLength(1);
    const after = (await admin.get(`/api/studios/${studioId}`)).data;
    expect({ cc_contract: after.cc_contract, manager_title: after.manager_title, manager_cf: after.manager_cf }).toEqual(fixed);
    expect(after.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    // the expiry and the flag are as they were
    expect([after.subscription_expire_date, after.status]).toEqual([before.subscription_expire_date, before.status]);
    await p.goto(`${server.url}/utente/il_mio_studio`);
    await expect.poll(() => cc.inputValue()).toBe(fixed.cc_contract);
    expect(await cf.inputValue()).toBe(fixed.manager_cf);
    await p.getByRole('img', { name: 'Logo' }).waitFor();
    await p.screenshot({ path: join(SHOTS, 'adminForms-studio-saved.png'), fullPage: true });
  });

  it('B§3 B§6 the user card: an Admin creates a Collaboratore (no studio selector), who logs in without admin entries; a blank password is kept', async () => {
    const { page: p } = await open(STUDIO.admin);
    await p.goto(`${server.url}/table/User`);
    await p.getByRole('button', { name: 'Nuovo' }).click();
    await p.waitForURL(/\/User\/create$/);
    const email = `collega.${Date.now().toString(36)}@studiodemo.test`;
    const password = 'Nuovo-Collega-2026';
    await textbox(p, 'Nome').fill('Carla');
    await textbox(p, 'Cognome').fill('Collega');
    await textbox(p, 'Email').fill(email);
    await p.getByLabel(/^Password/).first().fill(password);
    await p.getByRole('combobox', { name: /^Ruolo( \*)?$/ }).click();
    await p.getByRole('option', { name: 'Collaboratore', exact: true }).click();
    // seed B §6: only the SuperAdmin chooses the studio (the SuperAdmin's card has it: see the role test)
    expect(await p.getByRole('combobox', { name: /^Studio/ }).count()).toBe(0);
    const [created] = await Promise.all([
      p.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/users'),
      submit(p).click(),
    ]);
    expect(created.status()).toBe(201);
    const userId = Number((await created.json()).data.id);
    await p.getByText('Elemento creato').waitFor();
    const stored = (await admin.get(`/api/user/users/${userId}`)).data;
    expect([stored.email, stored.role_id, stored.studio_id]).toEqual([email, roleIds.Collaboratore, (await admin.get('/api/studio_logged')).data.id]);

    // the new Collaboratore logs in: the menu of a Collaboratore, no admin entries
    const collab = await open(email, password);
    const links = await homeLinks(collab.page, 'Collaboratore');
    expect(links.sort()).toEqual(linksOf(menuOf('Collaboratore')).sort());
    for (const adminOnly of ['/utente/il_mio_studio', '/table/User', '/posta_in_uscita', '/pay_init', '/table/PaymentLog', '/table/Role']) {
      expect(links, adminOnly).not.toContain(adminOnly);
    }
    expect(await collab.page.getByRole('heading', { name: 'Studio', exact: true }).count()).toBe(0);
    expect(await collab.page.getByRole('heading', { name: 'Amministrazione', exact: true }).count()).toBe(0);
    await collab.page.getByRole('button', { name: /Carla/ }).first().waitFor();
    await collab.page.screenshot({ path: join(SHOTS, 'adminForms-collaboratore-menu.png'), fullPage: true });

    // the Admin edits the user and leaves the password blank: the surname is saved, the password kept
    await p.goto(`${server.url}/User/${userId}`);
    const surname = textbox(p, 'Cognome');
    await expect.poll(() => surname.inputValue()).toBe('Collega');
    const pw = p.getByLabel(/^Password/).first();
    expect(await pw.inputValue()).toBe('');
    await p.getByText('Lascia vuoto per non cambiarla').waitFor();
    await surname.fill('Collega Rinominata');
    const [put] = await Promise.all([
      p.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === `/api/user/users/${userId}`),
      submit(p).click(),
    ]);
    const body = put.postDataJSON() as Record<string, unknown>;
    expect(body.password ?? '').toBe('');
    await p.getByText('Elemento aggiornato').waitFor();
    expect((await admin.get(`/api/user/users/${userId}`)).data.cognome).toBe('Collega Rinominata');
    const again = await open(email, password);
    await again.page.getByRole('button', { name: /Carla/ }).first().waitFor();
    expect((await homeLinks(again.page, 'Collaboratore')).sort()).toEqual(linksOf(menuOf('Collaboratore')).sort());
  });

  it('B§3 the role card as SuperAdmin: a new role with chosen permissions is saved; its name is fixed afterwards', async () => {
    const { page: p } = await open(SUPERADMIN);
    const perms = (await superadmin.get('/api/user/permissions')).data as Array<{ id: number; name: string }>;
    const permId = (name: string) => perms.find((x) => x.name === name)!.id;
    const chosen = ['customers.view', 'transactions.view', 'transactions.create'];
    for (const c of chosen) expect(perms.map((x) => x.name)).toContain(c);

    await p.goto(`${server.url}/table/Role`);
    await p.getByRole('button', { name: 'Nuovo' }).click();
    await p.waitForURL(/\/Role\/create$/);
    const name = textbox(p, 'Nome');
    // the permissions: a multi-select over the server's permissions
    const select = p.getByRole('combobox', { name: /^Permessi/ });
    await select.click();
    await select.fill('transactions.');
    const options = p.getByRole('option');
    await expect.poll(async () => (await options.allInnerTexts()).sort())
      .toEqual(perms.map((x) => x.name).filter((n) => n.startsWith('transactions.')).sort());
    for (const c of chosen) {
      await select.fill(c);
      await p.getByRole('option', { name: c, exact: true }).click();
    }
    await p.keyboard.press('Escape');
    // the name is required
    await submit(p).click();
    await expect.poll(() => helperOf(p, name)).toBe('Campo Obbligatorio');
    const roleName = `Revisore ${Date.now().toString(36)}`;
    await name.fill(roleName);
    const [created] = await Promise.all([
      p.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/roles'),
      submit(p).click(),
    ]);
    expect(created.status()).toBe(201);
    const roleId = Number((await created.json()).data.id);
    await p.getByText('Elemento creato').waitFor();
    const stored = (await superadmin.get(`/api/user/roles/${roleId}`)).data;
    expect(stored.name).toBe(roleName);
    expect([...stored.permission_ids].map(Number).sort((a, b) => a - b)).toEqual(chosen.map(permId).sort((a, b) => a - b));

    // on edit the name is read-only; the permissions are shown
    await p.goto(`${server.url}/scheda_role/${roleId}`);
    await p.waitForURL(new RegExp(`/Role/${roleId}$`));
    await expect.poll(() => name.inputValue()).toBe(roleName);
    expect(await name.isEditable()).toBe(false);
    for (const c of chosen) await p.getByRole('button', { name: c, exact: true }).waitFor();
    await p.screenshot({ path: join(SHOTS, 'adminForms-role-edit.png'), fullPage: true });

    // the SuperAdmin's own cards: the studio selector on the user card, the studio's flag and expiry
    await p.goto(`${server.url}/User/create`);
    await p.getByRole('combobox', { name: /^Studio/ }).waitFor();
    await p.goto(`${server.url}/Studio/${(await admin.get('/api/studio_logged')).data.id}`);
    await textbox(p, 'Nome').waitFor();
    expect(await p.getByRole('switch', { name: 'Attivo' }).isDisabled()).toBe(false);
    expect(await textbox(p, 'Scadenza abbonamento').isEditable()).toBe(true);
  });
});

/**
 * The document title each menu link's screen sets (`{title} - Gestionale Studi`): the screen
 * itself opened, not the unauthorized dialog, the error page or another screen.
 */
const TITLES: Record<string, string> = {
  '/table/Customer': 'Gestione Clienti',
  '/table/LegalRepresentative': 'Gestione Legali rappresentanti',
  '/table/StudioService': 'Gestione Servizi dello studio',
  '/table/LegalStatus': 'Gestione Forme giuridiche',
  '/table/PaymentMethod': 'Gestione Metodi di pagamento',
  '/table/BankAccount': 'Gestione Conti bancari',
  '/table/Task': 'Gestione Sotto Adempimenti - Task',
  '/dashboard_jobs': 'Dashboard Adempimenti',
  '/table/StudioJob': 'Gestione Adempimenti',
  '/table/Transaction': 'Gestione Movimenti',
  '/table/Assignment': 'Gestione Incarichi',
  '/table/CustomersForCedolini': 'Cedolini - Clienti con costo cedolino',
  '/NewSchedaBollettino': 'Bollettini',
  '/table/EDocument': 'Gestione Fatture elettroniche',
  '/scheda_EDocument': 'Nuova fattura elettronica',
  '/utente/il_mio_studio': 'Studio',
  '/table/User': 'Gestione Utenti',
  '/table/CreditTransactionLog': 'Gestione Registro crediti',
  '/posta_in_uscita': 'Posta in uscita',
  '/pay_init': 'Abbonamento',
  '/table/PaymentLog': 'Gestione Pagamenti',
  '/table/EntitaEsempio': 'Gestione Entità di esempio',
  '/test_view': 'Prova delle viste',
  '/table/Studio': 'Gestione Studi',
  '/table/Role': 'Gestione Ruoli',
  '/table/WordTemplate': 'Gestione Modelli Word',
  '/scheda_payment_log': 'Pagamento offline',
  '/test_api': 'Console API',
  '/utente/il_mio_profilo': 'Il mio profilo',
};

/** Waits until no request has been in flight for 300 ms. */
async function settled(net: InFlight) {
  await net.quiet(300, 15_000);
}

/** What shows that a screen failed or was refused. */
const FAILURES = /Operazione non consentita|Non sei autorizzato|Pagina NON trovata|Errore nel caricamento|Qualcosa è andato storto|Errore nel Salvataggio/;

/**
 * Seed B §6 matrix, as users of each role: the home page and the sidebar list exactly the role's
 * entries; each entry, clicked on the home page, opens its screen; the addresses of screens
 * above the role, typed in, show the unauthorized dialog (the route stays, no error page).
 * A record's card is for who may change it: an Admin may not open a role, a Collaboratore may
 * not open a Word template (seed B §6: both are the SuperAdmin's).
 */
const MATRIX: Array<{ role: RoleName; email: string; password?: string; above: Array<{ link: string; path?: RegExp }> }> = [
  { role: 'SuperAdmin', email: SUPERADMIN, above: [] },
  {
    role: 'Admin', email: STUDIO.admin,
    above: [{ link: '/scheda_payment_log', path: /^\/PaymentLog\/create$/ }, { link: '/scheda_role', path: /^\/Role\/create$/ }, { link: '/scheda_role/1', path: /^\/Role\/1$/ }, { link: '/Studio/create' }],
  },
  {
    role: 'Collaboratore', email: STUDIO.collaboratore,
    above: [{ link: '/utente/il_mio_studio', path: /^\/Studio\/\d+$/ }, { link: '/scheda_word_template/1', path: /^\/WordTemplate\/1$/ }, { link: '/table/User' }, { link: '/posta_in_uscita' }, { link: '/pay_init' }, { link: '/table/PaymentLog' }, { link: '/table/Role' }],
  },
  {
    role: 'Utente', email: UTENTE.email, password: UTENTE.password,
    above: [{ link: '/table/Customer' }, { link: '/dashboard_jobs' }, { link: '/scheda_EDocument', path: /^\/EDocument\/create$/ }, { link: '/table/User' }],
  },
];

describe('own profile in Chromium', () => {
  it('B§3 a Collaboratore\'s own profile: surname, mobile, avatar (no role, no active flag); the avatar shows in the app bar', async () => {
    const { page: p } = await open(STUDIO.collaboratore);
    await p.goto(`${server.url}/utente/il_mio_profilo`);
    await expect.poll(() => p.title()).toBe(`Il mio profilo - ${APP}`);
    const mobile = textbox(p, 'Cellulare');
    await mobile.waitFor();
    // neither the role nor the active flag: the Admin's to change
    expect(await p.getByRole('combobox', { name: /^Ruolo/ }).count()).toBe(0);
    expect(await p.getByRole('checkbox', { name: 'Attivo' }).count()).toBe(0);
    // nor a 'Nuovo' user: the profile is one's own
    expect(await p.getByRole('button', { name: 'Nuovo', exact: true }).count()).toBe(0);
    expect(FAILURES.exec(await p.locator('body').innerText())?.[0] ?? null).toBeNull();
    // the phone rule
    await mobile.fill('abc');
    await submit(p).click();
    await expect.poll(() => helperOf(p, mobile)).not.toBe('');
    await mobile.fill('3331234567');
    await textbox(p, 'Cognome').fill('Neri');
    await p.locator('#input-avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await p.getByRole('img', { name: 'Avatar' }).waitFor();
    await submit(p).click();
    await p.getByText('Elemento aggiornato').waitFor();
    const row = (await admin.get('/api/list/User/UserResourceListCollection', { items_per_page: -1 })).data.find((u: { email: string }) => u.email === STUDIO.collaboratore);
    const me = (await admin.get(`/api/user/users/${row.id}`)).data;
    expect({ cognome: me.cognome, cellulare: me.cellulare, avatar: me.avatar }).toEqual({ cognome: 'Neri', cellulare: '3331234567', avatar: `data:image/png;base64,${PNG.toString('base64')}` });
    // the app bar's user button shows the saved avatar
    await expect.poll(() => p.locator('header button img').first().getAttribute('src')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await p.screenshot({ path: join(SHOTS, 'adminForms-own-profile.png') });
  });
});

describe('role matrix in Chromium', () => {
  for (const row of MATRIX) {
    it(`B§6 ${row.role}: the menu lists the role's entries, each opens its screen, screens above the role are refused`, async () => {
      const { page: p } = await open(row.email, row.password);
      const net = inflight(p);
      const expected = linksOf(menuOf(row.role));
      expect(expected.length).toBeGreaterThan(0);
      // the home page's cards and the sidebar: the role's entries, no more
      expect((await homeLinks(p, row.role)).sort()).toEqual([...expected].sort());
      const sidebar = p.locator('[aria-label="Menu principale"]');
      await expect.poll(() => sidebar.getByRole('menuitem').allInnerTexts())
        .toEqual(['Home', ...menuOf(row.role).map((n) => n.title)]);

      const checked: string[] = [];
      for (const link of expected) {
        if (!p.url().endsWith('/Menu')) {
          await sidebar.getByRole('menuitem', { name: 'Home' }).click();
          await p.waitForURL(/\/Menu$/);
        }
        await p.locator(`#main-content a[href="${link}"]`).first().click();
        const title = TITLES[link];
        if (title) await expect.poll(() => p.title(), { message: link }).toBe(`${title} - ${APP}`);
        else await expect.poll(() => p.title(), { message: link }).not.toBe(`Home - ${APP}`);
        await settled(net);
        const path = new URL(p.url()).pathname;
        expect(path, link).not.toMatch(/^\/(error|utente\/login)/);
        expect(await p.title(), link).not.toMatch(/^(Accesso non autorizzato|Pagina NON trovata)/);
        // the screen's content is there: a list, a table, a form, a heading or an information (an empty dashboard) in the main area
        // (polled: on a loaded machine the screen may render after its requests have ended)
        await expect.poll(() => p.locator('#main-content').locator('table, form, h1, h2, [role="grid"], .RaList-main, .MuiAlert-standardInfo').count(), { message: link }).toBeGreaterThan(0);
        const text = await p.locator('body').innerText();
        expect(FAILURES.exec(text)?.[0] ?? null, link).toBeNull();
        expect(await p.getByRole('dialog').count(), link).toBe(0);
        checked.push(link);
      }
      expect(checked.length).toBe(expected.length);
      await p.screenshot({ path: join(SHOTS, `adminForms-matrix-${row.role}-last.png`), fullPage: true });

      for (const { link, path } of row.above) {
        await p.goto(`${server.url}${link}`);
        const dialog = p.getByRole('dialog').filter({ hasText: UNAUTHORIZED });
        await dialog.waitFor();
        await expect.poll(() => p.title(), { message: link }).toBe(`Accesso non autorizzato - ${APP}`);
        expect(new URL(p.url()).pathname, link).toMatch(path ?? new RegExp(`^${escape(link)}$`));
        expect(await dialog.getByRole('link', { name: 'Vai al login' }).getAttribute('href')).toBe('/utente/login');
        // nothing of the screen behind the dialog
        expect(await p.locator('#main-content').locator('table, form').count(), link).toBe(0);
      }
      if (row.above.length) {
        await dialogShown(p);
        await p.screenshot({ path: join(SHOTS, `adminForms-matrix-${row.role}-refused.png`) });
      }
    });
  }
});
