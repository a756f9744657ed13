/**
 * The role matrix in Chromium (seed B §6, model/menu.ts), as real users of each role on the demo
 * data: the home page and the sidebar list exactly the role's entries, and the addresses of screens
 * above the role show the unauthorized dialog. That each entry, clicked on the home page, opens its
 * screen (its title, its content, no failure) is checked by the accessibility crawl of the same
 * role, which opens every screen anyway (tests/e2e/accessibility.ts, issue 46 item 7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, loggedInContexts, SHOTS, studioFor, SUPERADMIN, workerServer, type E2EServer } from './harness';
import { addUtente, dialogShown } from './util';
import { APP_NAME, homeLinks, linksOf, menuOf } from './menus';
import type { RoleName } from '../../model/define';

const APP = APP_NAME;
// this file's studio (it adds a user of the role Utente): tests/e2e/studios.ts
const STUDIO = studioFor(import.meta.url);
const UTENTE = { email: `ugo.utente@${STUDIO.admin.split('@')[1]}`, password: 'Utente-Prova-2026' };
const UNAUTHORIZED = 'Non sei autorizzato a visualizzare questo contenuto';
const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let server: E2EServer;
let browser: Browser;

const open = loggedInContexts(() => ({ browser, server }));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = workerServer();
  browser = await launchBrowser();
  await addUtente(server.url, STUDIO.admin, { name: 'Ugo', ...UTENTE });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Seed B §6 matrix, as users of each role: the home page and the sidebar list exactly the role's
 * entries (each opens its screen: the accessibility crawl); the addresses of screens
 * above the role, typed in, show the unauthorized dialog (the route stays, no error page).
 * A record's card is for who may change it: an Admin may not open a role, a Collaboratore may
 * not open a Word template (seed B §6: both are the SuperAdmin's).
 */
const MATRIX: Array<{
  role: RoleName;
  email: string;
  password?: string;
  above: Array<{ link: string; path?: RegExp }>;
}> = [
  { role: 'SuperAdmin', email: SUPERADMIN, above: [] },
  {
    role: 'Admin',
    email: STUDIO.admin,
    above: [
      { link: '/scheda_payment_log', path: /^\/PaymentLog\/create$/ },
      { link: '/scheda_role', path: /^\/Role\/create$/ },
      { link: '/scheda_role/1', path: /^\/Role\/1$/ },
      { link: '/Studio/create' },
    ],
  },
  {
    role: 'Collaboratore',
    email: STUDIO.collaboratore,
    above: [
      { link: '/utente/il_mio_studio', path: /^\/Studio\/\d+$/ },
      { link: '/scheda_word_template/1', path: /^\/WordTemplate\/1$/ },
      { link: '/table/User' },
      { link: '/posta_in_uscita' },
      { link: '/pay_init' },
      { link: '/table/PaymentLog' },
      { link: '/table/Role' },
    ],
  },
  {
    role: 'Utente',
    email: UTENTE.email,
    password: UTENTE.password,
    above: [
      { link: '/table/Customer' },
      { link: '/dashboard_jobs' },
      { link: '/scheda_EDocument', path: /^\/EDocument\/create$/ },
      { link: '/table/User' },
    ],
  },
];

describe('role matrix in Chromium', () => {
  for (const row of MATRIX) {
    it(`B§6 ${row.role}: the home page and the sidebar list the role's entries, screens above the role are refused`, async () => {
      const { page: p } = await open(row.email, row.password);
      const expected = linksOf(menuOf(row.role));
      expect(expected.length).toBeGreaterThan(0);
      // the home page's cards and the sidebar: the role's entries, no more
      expect((await homeLinks(p, row.role)).sort()).toEqual([...expected].sort());
      const sidebar = p.locator('[aria-label="Menu principale"]');
      await expect
        .poll(() => sidebar.getByRole('menuitem').allInnerTexts())
        .toEqual(['Home', ...menuOf(row.role).map((n) => n.title)]);

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
