/**
 * The declaration of an area's custom screens (`src/areas/<area>/screens.ts`, default export):
 * each screen's path, the lowest role that opens it and its lazy import, in one place. Its menu
 * entry, if it has one, is in model/menu.ts, the tree the server serves (one place for the menu:
 * tests/unit/routes.test.ts ties each entry to the screen of its path, for the same role). src/areas/index.ts collects them for the routes (App.tsx), the route table
 * (src/routeTable.ts) and the preloading from the menu (src/lazyScreens.ts).
 */
import type { ComponentType } from 'react';
import type { RoleName } from '../../model/define';

export interface ScreenDeclaration {
  /** the route's path (a react-router pattern: `/cedolini_saved/:customer_id`) */
  path: string;
  /** the lowest role that may open it: the route's guard, and the role of its menu entry */
  role: RoleName;
  /** the screen's module, fetched when first opened (or ahead, from the menu): never imported eagerly */
  load: () => Promise<ComponentType>;
}

/** An area's screens by name: the name is the screen's key in `ROUTES` (src/routeTable.ts). */
export type AreaScreens = Record<string, ScreenDeclaration>;
