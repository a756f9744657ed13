/** The menus of the roles as model/menu.ts declares them, and as the home page shows them. */
import type { Page } from 'playwright-core';
import { MENU, menuFor, type MenuEntry } from '../../model/menu';
import { atLeast, type RoleName } from '../../model/define';

/** The application's name, after each screen's title in the document title (`{title} - Gestionale Studi`). */
export const APP_NAME = 'Gestionale Studi';

/** Every link of a menu tree, depth first. */
export const linksOf = (nodes: Array<Pick<MenuEntry, 'link'> & { children?: unknown[] }>): string[] =>
  nodes.flatMap((n) => [...(n.link ? [n.link] : []), ...linksOf((n.children ?? []) as typeof nodes)]);

/** The menu of a role as model/menu.ts declares it (the credit feature is off on the test servers). */
export const menuOf = (role: RoleName) => menuFor(role, atLeast, MENU, { credit: false });

/** The links on the home page's menu cards (not the overviews above them: receivables, AML, profitability, customers' messages), once the role's cards are shown. */
export async function homeLinks(p: Page, role: RoleName): Promise<string[]> {
  for (const n of menuOf(role))
    await p.locator('#main-content').getByRole('heading', { name: n.title, exact: true, level: 2 }).waitFor();
  return p
    .locator('#main-content a[href]')
    .evaluateAll((as) =>
      as
        .filter(
          (a) =>
            !a.closest(
              '[aria-labelledby="receivables-title"], [aria-labelledby="aml-home-title"], [aria-labelledby="profitability-home-title"], [aria-labelledby="portal-messages-home-title"]',
            ),
        )
        .map((a) => a.getAttribute('href')!),
    );
}

/**
 * The document title each menu link's screen sets (`{title} - Gestionale Studi`): the screen
 * itself opened, not the unauthorized dialog, the error page or another screen.
 */
export const SCREEN_TITLES: Record<string, string> = {
  '/table/Customer': 'Gestione Clienti',
  '/table/LegalRepresentative': 'Gestione Legali rappresentanti',
  '/table/StudioService': 'Gestione Servizi dello studio',
  '/table/LegalStatus': 'Gestione Forme giuridiche',
  '/table/PaymentMethod': 'Gestione Metodi di pagamento',
  '/table/BankAccount': 'Gestione Conti bancari',
  '/table/Task': 'Gestione Sotto Adempimenti - Task',
  '/dashboard_jobs': 'Dashboard Adempimenti',
  '/table/StudioJob': 'Gestione Adempimenti',
  '/richieste_documenti': 'Richieste di documenti',
  '/messaggi_clienti': 'Messaggi dei clienti',
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
