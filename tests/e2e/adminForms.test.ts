/**
 * The administration forms in Chromium, as real users on the demo data:
 * - the studio card's rules (seed B §5, §6) for an Admin: cc e-mail, manager title and tax code
 *   messages with nothing saved, the expiry read-only as DD-MM-YYYY, the active flag locked, a
 *   non-image logo refused, a valid fix saved;
 * - the user card (seed B §3, §6): an Admin creates a Collaboratore without the studio selector,
 *   who logs in and sees no admin entries; an edit with the password left blank keeps it;
 * - the role card (seed B §3): the SuperAdmin creates a role with permissions; its name is fixed;
 * - a Collaboratore's own profile.
 * The role matrix is in roleMatrix.test.ts (its own file, so that the two workers share the work).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, loggedInContexts, SHOTS, studioFor, SUPERADMIN, workerServer, type E2EServer } from './harness';
import { apiClient, type ApiClient } from './util';
import { homeLinks, linksOf, menuOf } from './menus';
import { displayDate } from '../../model/dates';
import { fiscalCodeCheckChar } from '../../model/validators';

const APP = 'Gestionale Studi';
// this file's studio (it changes the studio card and its users): tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: E2EServer;
let browser: Browser;
let admin: ApiClient;
let superadmin: ApiClient;
let roleIds: Record<string, number>;

const open = loggedInContexts(() => ({ browser, server }));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  admin = await apiClient(server.url, STUDIO.admin);
  superadmin = await apiClient(server.url, SUPERADMIN);
  const roles = await admin.get('/api/list/Role/RoleResourceListCollection', { items_per_page: -1 });
  roleIds = Object.fromEntries(roles.data.map((r: { id: number; name: string }) => [r.name, Number(r.id)]));
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
    p.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/studios')) writes.push(`${r.method()} ${r.url()}`);
    });
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
    await p
      .locator('#input-logo')
      .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('non sono una immagine') });
    await p.getByRole('alert').filter({ hasText: 'Tipo di file non supportato' }).waitFor();
    expect(await p.getByRole('img', { name: 'Logo' }).count()).toBe(0);

    // reloaded: the stored values, nothing was saved
    await p.reload();
    await expect.poll(() => cc.inputValue()).toBe(before.cc_contract);
    expect(await title.inputValue()).toBe(before.manager_title);
    expect(await cf.inputValue()).toBe(before.manager_cf);
    expect(await p.getByText('Tipo di file non supportato').count()).toBe(0);
    const unchanged = (await admin.get(`/api/studios/${studioId}`)).data;
    expect([unchanged.cc_contract, unchanged.manager_title, unchanged.manager_cf, unchanged.logo ?? null]).toEqual([
      before.cc_contract,
      before.manager_title,
      before.manager_cf,
      before.logo ?? null,
    ]);
    expect(writes).toEqual([]);

    // a valid fix, with a PNG logo: saved
    const fixed = {
      cc_contract: 'contratti.nuovi@studiodemo.test',
      manager_title: 'Dott.ssa',
      manager_cf: cfBase + good,
    };
    await cc.fill(fixed.cc_contract);
    await title.fill(fixed.manager_title);
    await cf.fill(fixed.manager_cf);
    await p.locator('#input-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await p.getByRole('img', { name: 'Logo' }).waitFor();
    await submit(p).click();
    await p.getByText('Elemento aggiornato').waitFor();
    expect(writes).toHaveLength(1);
    const after = (await admin.get(`/api/studios/${studioId}`)).data;
    expect({
      cc_contract: after.cc_contract,
      manager_title: after.manager_title,
      manager_cf: after.manager_cf,
    }).toEqual(fixed);
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
    await p
      .getByLabel(/^Password/)
      .first()
      .fill(password);
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
    expect([stored.email, stored.role_id, stored.studio_id]).toEqual([
      email,
      roleIds.Collaboratore,
      (await admin.get('/api/studio_logged')).data.id,
    ]);

    // the new Collaboratore logs in: the menu of a Collaboratore, no admin entries
    const collab = await open(email, password);
    const links = await homeLinks(collab.page, 'Collaboratore');
    expect(links.sort()).toEqual(linksOf(menuOf('Collaboratore')).sort());
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
    await expect
      .poll(async () => (await options.allInnerTexts()).sort())
      .toEqual(
        perms
          .map((x) => x.name)
          .filter((n) => n.startsWith('transactions.'))
          .sort(),
      );
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
    expect([...stored.permission_ids].map(Number).sort((a, b) => a - b)).toEqual(
      chosen.map(permId).sort((a, b) => a - b),
    );

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

/** What shows that a screen failed or was refused. */
const FAILURES =
  /Operazione non consentita|Non sei autorizzato|Pagina NON trovata|Errore nel caricamento|Qualcosa è andato storto|Errore nel Salvataggio/;

describe('own profile in Chromium', () => {
  it("B§3 a Collaboratore's own profile: surname, mobile, avatar (no role, no active flag); the avatar shows in the app bar", async () => {
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
    const row = (await admin.get('/api/list/User/UserResourceListCollection', { items_per_page: -1 })).data.find(
      (u: { email: string }) => u.email === STUDIO.collaboratore,
    );
    const me = (await admin.get(`/api/user/users/${row.id}`)).data;
    expect({ cognome: me.cognome, cellulare: me.cellulare, avatar: me.avatar }).toEqual({
      cognome: 'Neri',
      cellulare: '3331234567',
      avatar: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    // the app bar's user button shows the saved avatar
    await expect
      .poll(() => p.locator('header button img').first().getAttribute('src'))
      .toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await p.screenshot({ path: join(SHOTS, 'adminForms-own-profile.png') });
  });
});
