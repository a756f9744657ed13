/**
 * The custom screens of the app, by area. A folder `src/areas/<area>/` (named as the server's
 * `server/areas/<area>/` where there is one) holds the area's screens and a `screens.ts` that
 * declares them (src/areas/screen.ts). Nothing to register: the declarations are found at build
 * time and are in the first load; the screens themselves are fetched when first opened.
 */
import { lazyPreloadable, type LazyPreloadable } from '../lazyPreloadable';
import type { AreaScreens, ScreenDeclaration } from './screen';

export interface AreaScreen extends Omit<ScreenDeclaration, 'load'> {
  /** the folder that declares it */
  area: string;
  /** its key in `ROUTES` */
  name: string;
  /** the lazy screen (preloadable: a menu entry may open it, src/lazyScreens.ts) */
  Screen: LazyPreloadable;
}

const declared = import.meta.glob<{ default: AreaScreens }>('./*/screens.ts*', { eager: true });

export const AREA_SCREENS: readonly AreaScreen[] = Object.entries(declared).flatMap(([file, mod]) =>
  Object.entries(mod.default).map(([name, { load, ...declaration }]) => ({
    ...declaration,
    area: file.split('/')[1]!,
    name,
    Screen: lazyPreloadable(() => load().then((screen) => ({ default: screen }))),
  })),
);
