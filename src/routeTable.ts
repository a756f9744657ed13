/**
 * The app's route table: the paths of the custom routes (the shell's and the areas' screens,
 * src/areas/) and of the routes each model gets
 * (react-admin's `/{Model}`, `/{Model}/create`, `/{Model}/{id}`, seed A's `NewScheda{Model}`
 * and `Scheda{Model}/{id}`, seed B's `/{formRoute}[/{id}]`). App.tsx builds its routes from it,
 * and a test checks every menu link against it.
 */
import { matchPath } from 'react-router-dom';
import { MODELS, modelByName, viewByName } from '../model/registry';
import { AREA_SCREENS } from './areas';

/** The shell's own paths: the login, the home, the generic lists and forms, the user's own pages, the public area. */
export const SHELL_ROUTES = {
  login: '/utente/login',
  error: '/error',
  menu: '/Menu',
  menuLower: '/menu',
  table: '/table/:model',
  tableOfParent: '/table/:model/:parentId',
  simpleList: '/lista/:id',
  myStudio: '/utente/il_mio_studio',
  myProfile: '/utente/il_mio_profilo',
  // the public area (seed B §2; issue 15): no session, no layout
  landingPage: '/landing_page',
  contactForm: '/utente/contact_form',
  register: '/utente/registrati',
  activation: '/utente/attivazione',
  recoverPassword: '/utente/recupera_password',
  resetPassword: '/utente/resetta_password',
} as const;

/**
 * The custom routes: the shell's, and each area screen's under its declared name
 * (`ROUTES.aging`: src/areas/reminders/screens.ts).
 */
export const ROUTES: typeof SHELL_ROUTES & Readonly<Record<string, string>> = {
  ...SHELL_ROUTES,
  ...Object.fromEntries(AREA_SCREENS.map((s) => [s.name, s.path])),
};

/** The list of a model (`/table/{Model}`). */
export const listPathOf = (model: { name: string }) => `/table/${model.name}`;

/** The paths each model gets (react-admin's, seed A's, seed B's `formRoute`). */
export function modelRoutePatterns(): string[] {
  return MODELS.flatMap((m) => [
    `/${m.name}`,
    `/${m.name}/create`,
    `/${m.name}/:id`,
    `/NewScheda${m.name}`,
    `/Scheda${m.name}/:id`,
    ...(m.formRoute ? [`/${m.formRoute}`, `/${m.formRoute}/:id`] : []),
  ]);
}

/** Every path pattern of the app. */
export function routePatterns(): string[] {
  return [...Object.values(ROUTES), ...modelRoutePatterns()];
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
