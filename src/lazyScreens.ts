/**
 * The screens opened from the menu that are not in the first load: each is fetched when it is
 * first opened, or before — once the menu is shown, while the app is idle (`preloadMenuScreens`),
 * so that a click on an entry waits for its data only. A screen fetched ahead renders at once
 * (src/lazyPreloadable.ts).
 */
import { matchPath } from 'react-router-dom';
import { MODELS } from '../model/registry';
import { AREA_SCREENS } from './areas';
import { lazyPreloadable, type LazyPreloadable } from './lazyPreloadable';
import { partsOf } from './resources/parts';
import { ROUTES } from './routeTable';

// the generic form: a record's card, the user's profile, the studio's data
const loadForm = () => import('./form/GenericForm');
export const ModelEdit = lazyPreloadable(() => loadForm().then((m) => ({ default: m.ModelEdit })));
export const ModelCreate = lazyPreloadable(() => loadForm().then((m) => ({ default: m.ModelCreate })));

/** The screens of the menu's custom routes, by path: the areas' (src/areas/) and the user's own records. */
const BY_PATH: Record<string, LazyPreloadable> = {
  ...Object.fromEntries(AREA_SCREENS.map((s) => [s.path, s.Screen])),
  [ROUTES.myProfile]: ModelEdit,
  [ROUTES.myStudio]: ModelEdit,
};

const preloadable = (c: unknown): c is LazyPreloadable =>
  typeof (c as LazyPreloadable | undefined)?.preload === 'function';

/**
 * The lazy screen a menu link opens, if any: a custom route's; a model's own list
 * (`/table/{Model}`; the generic list is in the first load); the new-record form of a model's
 * `formRoute` (seed B's `/scheda_…`).
 */
function screenOf(link: string): LazyPreloadable | undefined {
  const path = link.split('?')[0]!;
  if (BY_PATH[path]) return BY_PATH[path];
  const table = matchPath(ROUTES.table, path);
  if (table) {
    const list = partsOf(table.params.model ?? '').list;
    return preloadable(list) ? list : undefined;
  }
  const m = MODELS.find((x) => x.formRoute && `/${x.formRoute}` === path);
  if (m) {
    const create = partsOf(m.name).create;
    return preloadable(create) ? create : ModelCreate;
  }
  return undefined;
}

/** Fetches the screens of these menu links that are not loaded yet (each once). */
export function preloadMenuScreens(links: string[]) {
  for (const screen of new Set(links.map(screenOf))) void screen?.preload();
}
