/**
 * The app's route table: the paths of the custom routes and of the routes each model gets
 * (react-admin's `/{Model}`, `/{Model}/create`, `/{Model}/{id}`, seed A's `NewScheda{Model}`
 * and `Scheda{Model}/{id}`, seed B's `/{formRoute}[/{id}]`). App.tsx builds its routes from it,
 * and a test checks every menu link against it.
 */
import { matchPath } from 'react-router-dom';
import { MODELS, modelByName, viewByName } from '../model/registry';

export const ROUTES = {
  login: '/utente/login',
  error: '/error',
  menu: '/Menu',
  menuLower: '/menu',
  table: '/table/:model',
  tableOfParent: '/table/:model/:parentId',
  simpleList: '/lista/:id',
  myStudio: '/utente/il_mio_studio',
  myProfile: '/utente/il_mio_profilo',
  // payslips (seed B): one customer's saved payslips (CedoliniSavedView); the customers with a
  // cedolino rate are a view of the customers' list, /table/CustomersForCedolini
  // the payment notice generator (seed A §5, create only)
  bollettino: '/NewSchedaBollettino',
  cedoliniSaved: '/cedolini_saved/:customer_id',
  // the studio's mail outbox (PRODUCT.md §6), Admin and above
  mailOutbox: '/posta_in_uscita',
  // the customer import (issue 16), Admin and above
  customerImport: '/importa_clienti',
  // invoices from the charges of a period (issue 28), Collaboratore and above
  invoiceCharges: '/fattura_addebiti',
  // collecting the fees (issue 29), Collaboratore and above: the SDD batches, the bank statements
  sddCollect: '/incassa_sdd',
  bankReconciliation: '/riconciliazione',
  // following up (issue 30), Collaboratore and above: the aging, the reminders
  aging: '/scadenzario',
  reminders: '/solleciti',
  // the compliance jobs dashboard (seed B §2)
  jobsDashboard: '/dashboard_jobs',
  // subscription payments (seed B §2): buy months, back from the provider
  payInit: '/pay_init',
  payReturn: '/pay_return',
  // the SuperAdmin's API console (seed B §2 test pages; issue 14 item 6)
  testApi: '/test_api',
  // the shared parts of the screens at work (seed B §2 test pages, Admin and above; issue 25 item 15)
  testView: '/test_view',
  // the public area (seed B §2; issue 15): no session, no layout
  landingPage: '/landing_page',
  contactForm: '/utente/contact_form',
  register: '/utente/registrati',
  activation: '/utente/attivazione',
  recoverPassword: '/utente/recupera_password',
  resetPassword: '/utente/resetta_password',
} as const;

/** The list of a model (`/table/{Model}`). */
export const listPathOf = (model: { name: string }) => `/table/${model.name}`;

/** Every path pattern of the app. */
export function routePatterns(): string[] {
  return [
    ...Object.values(ROUTES),
    ...MODELS.flatMap((m) => [
      `/${m.name}`,
      `/${m.name}/create`,
      `/${m.name}/:id`,
      `/NewScheda${m.name}`,
      `/Scheda${m.name}/:id`,
      ...(m.formRoute ? [`/${m.formRoute}`, `/${m.formRoute}/:id`] : []),
    ]),
  ];
}

/** True when a link opens a screen of the app (a `/table/{Model}` link needs the model or a view). */
export function routeExists(link: string): boolean {
  const path = link.split('?')[0]!;
  for (const pattern of routePatterns()) {
    const m = matchPath({ path: pattern, end: true, caseSensitive: true }, path);
    if (!m) continue;
    // a `/table/{Model}` link needs the model, or a view of one (`/table/CustomersForCedolini`) without a parent id
    if (pattern.startsWith('/table/:')) {
      const name = m.params.model ?? '';
      if (modelByName.has(name) || (viewByName.has(name) && !m.params.parentId)) return true;
      continue;
    }
    return true;
  }
  return false;
}
