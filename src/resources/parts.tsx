/**
 * Per-resource parts merged over the generic screens. A folder `src/resources/<Model>/` may hold:
 * - `parts.tsx`, default export `ResourceParts`: bulk actions for the generic table's toolbar,
 *   row actions for each row's menu, the menu icon, a header above the table, its title and
 *   extra columns (small: loaded with the app);
 * - `List.tsx`, `Edit.tsx`, `Create.tsx`, default export a screen that replaces the generic one
 *   (loaded lazily, when the screen is opened: the first load does not grow with them).
 * Nothing to register: the folders are found at build time.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RaRecord } from 'react-admin';
import type { ModelDef } from '../../model/define';
import { lazyPreloadable } from '../lazyPreloadable';

export interface RowActionProps {
  model: ModelDef;
  record: RaRecord;
  /** closes the row menu */ close: () => void;
}

export interface ResourceParts {
  /** react-admin bulk action buttons (inside the list context: selectedIds, onUnselectItems…) */
  bulkActions?: ComponentType<{ model: ModelDef }> | LazyExoticComponent<ComponentType<{ model: ModelDef }>>;
  /** menu items added on top of the generic ones in each row's menu */
  rowActions?: ComponentType<RowActionProps>;
  icon?: ComponentType;
  /** buttons added to the generic table's toolbar, before 'Nuovo' (inside its list context; not on one parent's list) */
  listActions?: ComponentType<{ model: ModelDef }>;
  /** shown above the generic table (inside its list context); `parentId` on `/table/{Model}/{id}` */
  listHeader?: ComponentType<{ model: ModelDef; parentId?: string }>;
  /** the list's title instead of 'Gestione {plural}' (e.g. with the parent's name) */
  listTitle?: ComponentType<{ model: ModelDef; parentId?: string; fallback: string }>;
  /** columns added after the declared ones: a header label and a cell (in the row's record context) */
  listColumns?: Array<{
    key: string;
    label: string;
    Cell: ComponentType<{ parentId?: string }>;
    /** only on one parent's list */ withParent?: boolean;
  }>;
  list?: ComponentType | LazyExoticComponent<ComponentType>;
  edit?: ComponentType | LazyExoticComponent<ComponentType>;
  create?: ComponentType | LazyExoticComponent<ComponentType>;
}

type Screen = 'List' | 'Edit' | 'Create';
const folderOf = (path: string) => /^\.\/([^/]+)\//.exec(path)?.[1] ?? '';

const eager = import.meta.glob<{ default: ResourceParts }>('./*/parts.tsx', { eager: true });
const screens = import.meta.glob<{ default: ComponentType }>('./*/{List,Edit,Create}.tsx');

const registry = new Map<string, ResourceParts>();
for (const [path, mod] of Object.entries(eager)) registry.set(folderOf(path), { ...mod.default });
for (const [path, load] of Object.entries(screens)) {
  const name = folderOf(path);
  const screen = /\/(List|Edit|Create)\.tsx$/.exec(path)![1] as Screen;
  const parts = registry.get(name) ?? {};
  // preloadable: a menu entry may open it (src/lazyScreens.ts)
  parts[screen.toLowerCase() as 'list' | 'edit' | 'create'] = lazyPreloadable(load);
  registry.set(name, parts);
}

const NONE: ResourceParts = {};
/** The parts a resource folder adds to model `name` (none: the generic screens and actions only). */
export const partsOf = (name: string): ResourceParts => registry.get(name) ?? NONE;

/** Adds parts for a model at run time (tests; a folder is the way in the app). */
export function registerResourceParts(name: string, parts: ResourceParts) {
  registry.set(name, { ...registry.get(name), ...parts });
}
