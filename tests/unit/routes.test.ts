/**
 * The menu links only to screens that exist: every entry, for every role, against the route
 * table; and a custom screen is declared once, in its area (src/areas/<area>/screens.ts), the
 * menu served by the server (model/menu.ts) agreeing with the declaration.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPath } from 'react-router-dom';
import { MENU, type MenuEntry } from '../../model/menu';
import { AREA_SCREENS } from '../../src/areas';
import { modelRoutePatterns, routeExists, ROUTES, SHELL_ROUTES } from '../../src/routeTable';
import { PROJECT_ROOT, sourceFiles } from '../helpers/sourceFiles';

const links = (entries: MenuEntry[]): string[] =>
  entries.flatMap((e) => [...(e.link ? [e.link] : []), ...links(e.children ?? [])]);

describe('menu and routes', () => {
  it('C08 menu_items: every menu link opens a route of the app', () => {
    const all = links(MENU);
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter((l) => !routeExists(l))).toEqual([]);
  });

  it('the route check tells existing screens from missing ones', () => {
    expect(routeExists('/table/Customer')).toBe(true);
    expect(routeExists('/scheda_entita_esempio')).toBe(true);
    expect(routeExists('/scheda_entita_esempio/4')).toBe(true);
    expect(routeExists('/NewSchedaCustomer')).toBe(true);
    expect(routeExists('/table/NoSuchModel')).toBe(false);
    expect(routeExists('/dashboard_jobs')).toBe(true);
    expect(routeExists('/dashboard_job')).toBe(false);
    expect(routeExists('/table/Transaction')).toBe(true);
    expect(routeExists('/table/Transaction/12')).toBe(true);
    // the saved payslips of a customer (issue 10): a route of its own
    expect(routeExists('/cedolini_saved/3')).toBe(true);
    // a view of the customers' list (model/define.ts `views`), without a parent id
    expect(routeExists('/table/CustomersForCedolini')).toBe(true);
    expect(routeExists('/table/CustomersForCedolini/4')).toBe(false);
    expect(routeExists('/cedolini_saved')).toBe(false);
  });

  it('the public area (issue 15) has its routes', () => {
    for (const path of [
      '/landing_page',
      '/utente/contact_form',
      '/utente/registrati',
      '/utente/attivazione',
      '/utente/recupera_password',
      '/utente/resetta_password',
    ]) {
      expect(routeExists(path)).toBe(true);
    }
    expect(routeExists('/utente/attivazione?token=abc')).toBe(true);
    expect(routeExists('/utente/registrazione')).toBe(false);
  });
});

/** Every menu entry with a link, with the title of its section (none at the top level). */
const entries = (list: MenuEntry[], section?: string): Array<MenuEntry & { link: string; section?: string }> =>
  list.flatMap((e) => [
    ...(e.link ? [{ ...e, link: e.link, ...(section ? { section } : {}) }] : []),
    ...entries(e.children ?? [], e.title),
  ]);
const matches = (pattern: string, link: string) =>
  !!matchPath({ path: pattern, end: true, caseSensitive: true }, link.split('?')[0]!);
/** A link to the shell (login, home, the generic lists and forms, the user's own pages) or to a model's routes. */
const shellOrModel = (link: string) =>
  [...Object.values(SHELL_ROUTES), ...modelRoutePatterns()].some((p) => matches(p, link));

describe('the screens of the areas (src/areas/<area>/screens.ts)', () => {
  it('are found: each with its name, path and role, the names and paths unique and apart from the shell and the models', () => {
    expect(AREA_SCREENS.length).toBeGreaterThanOrEqual(14);
    const names = AREA_SCREENS.map((s) => s.name);
    const paths = AREA_SCREENS.map((s) => s.path);
    expect(names.filter((n, i) => names.indexOf(n) !== i || n in SHELL_ROUTES)).toEqual([]);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i || shellOrModel(p))).toEqual([]);
    // the route table has them under their names (ROUTES.aging…)
    for (const s of AREA_SCREENS) expect(ROUTES[s.name], s.name).toBe(s.path);
    expect(ROUTES.aging).toBe('/scadenzario');
    expect(AREA_SCREENS.find((s) => s.path === '/test_api')).toMatchObject({ area: 'testPages', role: 'SuperAdmin' });
  });

  it('every menu entry of a custom screen opens exactly one area screen, declared for the same role as the entry', () => {
    const custom = entries(MENU).filter((e) => !shellOrModel(e.link));
    expect(custom.length).toBeGreaterThanOrEqual(12);
    const wrong: string[] = [];
    for (const e of custom) {
      const declared = AREA_SCREENS.filter((s) => matches(s.path, e.link));
      if (declared.length !== 1)
        wrong.push(`${e.link}: declared by ${declared.length} screens (${declared.map((s) => s.area).join(', ')})`);
      else if (declared[0]!.role !== e.role)
        wrong.push(`${e.link}: role ${e.role} in the menu, ${declared[0]!.role} in src/areas/${declared[0]!.area}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares the screens only: a screens.ts imports types, the screens themselves are imported lazily', () => {
    const files = sourceFiles('src').filter((f) => /^src\/areas\/[^/]+\/screens\.tsx?$/.test(f));
    expect(files.length).toBe(new Set(AREA_SCREENS.map((s) => s.area)).size);
    for (const f of files) {
      const text = readFileSync(join(PROJECT_ROOT, f), 'utf8');
      expect(text.match(/^import (?!type ).*$/gm), f).toBeNull();
    }
  });
});
