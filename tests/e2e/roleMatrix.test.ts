/**
 * The role matrix in Chromium (seed B §6, model/menu.ts), as real users of each role on the demo
 * data: the home page and the sidebar list exactly the role's entries, each entry opens its
 * screen, and the addresses of screens above the role show the unauthorized dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, loggedInContexts, SHOTS, studioFor, SUPERADMIN, workerServer, type E2EServer } from './harness';
import { addUtente, dialogShown, inflight, type InFlight } from './util';
import { homeLinks, linksOf, menuOf } from './menus';
import type { RoleName } from '../../model/define';

const APP = 'Gestionale Studi';
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
  '/fattura_addebiti': 'Fattura addebiti',
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
const FAILURES =
  /Operazione non consentita|Non sei autorizzato|Pagina NON trovata|Errore nel caricamento|Qualcosa è andato storto|Errore nel Salvataggio/;

/**
 * Seed B §6 matrix, as users of each role: the home page and the sidebar list exactly the role's
 * entries; each entry, clicked on the home page, opens its screen; the addresses of screens
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
    it(`B§6 ${row.role}: the menu lists the role's entries, each opens its screen, screens above the role are refused`, async () => {
      const { page: p } = await open(row.email, row.password);
      const net = inflight(p);
      const expected = linksOf(menuOf(row.role));
      expect(expected.length).toBeGreaterThan(0);
      // the home page's cards and the sidebar: the role's entries, no more
      expect((await homeLinks(p, row.role)).sort()).toEqual([...expected].sort());
      const sidebar = p.locator('[aria-label="Menu principale"]');
      await expect
        .poll(() => sidebar.getByRole('menuitem').allInnerTexts())
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
        await expect
          .poll(
            () =>
              p
                .locator('#main-content')
                .locator('table, form, h1, h2, [role="grid"], .RaList-main, .MuiAlert-standardInfo')
                .count(),
            { message: link },
          )
          .toBeGreaterThan(0);
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
