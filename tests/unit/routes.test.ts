/** The menu links only to screens that exist: every entry, for every role, against the route table. */
import { describe, expect, it } from 'vitest';
import { MENU, type MenuEntry } from '../../model/menu';
import { routeExists } from '../../src/routeTable';

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
