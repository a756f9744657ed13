/** The menus of the roles as model/menu.ts declares them, and as the home page shows them. */
import type { Page } from 'playwright-core';
import { MENU, menuFor, type MenuEntry } from '../../model/menu';
import { atLeast, type RoleName } from '../../model/define';

/** Every link of a menu tree, depth first. */
export const linksOf = (nodes: Array<Pick<MenuEntry, 'link'> & { children?: unknown[] }>): string[] =>
  nodes.flatMap((n) => [...(n.link ? [n.link] : []), ...linksOf((n.children ?? []) as typeof nodes)]);

/** The menu of a role as model/menu.ts declares it (the credit feature is off on the test servers). */
export const menuOf = (role: RoleName) => menuFor(role, atLeast, MENU, { credit: false });

/** The links on the home page's menu cards (not the receivables overview above them), once the role's cards are shown. */
export async function homeLinks(p: Page, role: RoleName): Promise<string[]> {
  for (const n of menuOf(role))
    await p.locator('#main-content').getByRole('heading', { name: n.title, exact: true, level: 2 }).waitFor();
  return p
    .locator('#main-content a[href]')
    .evaluateAll((as) =>
      as.filter((a) => !a.closest('[aria-labelledby="receivables-title"]')).map((a) => a.getAttribute('href')!),
    );
}
