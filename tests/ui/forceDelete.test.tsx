/**
 * Issue 25 item 4: the list's deletes send the version of each row it showed in the trash, so
 * that the server deletes forever only what the user saw trashed (a double click or a retry of a
 * trash never destroys a record). The API is mocked with msw; unknown calls fail the test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { login, logout, renderApp, shellHandlers } from './harness';
import { dataProvider } from '../../src/dataProvider';

type Row = Record<string, unknown>;
const ACTIVE: Row = {
  id: 1,
  cod: 'C001',
  business_name: 'Alfa Srl',
  city: 'Milano',
  email: 'alfa@example.it',
  yearly_accounting_amount: 1200,
  ceased: 0,
  trashed: false,
  deleted_at: null,
  updated_at: '2026-01-10 10:00:00.123456',
};
const TRASHED: Row = {
  id: 3,
  cod: 'C003',
  business_name: 'Gamma Snc',
  city: 'Roma',
  email: 'gamma@example.it',
  yearly_accounting_amount: 500,
  ceased: 0,
  trashed: true,
  deleted_at: '2026-02-01 09:00:00',
  updated_at: '2026-02-01 09:00:00.654321',
};
const META = {
  can_add_new: true,
  expand_field: null,
  is_selectable: true,
  is_erasable: true,
  disable_edit_item: false,
  items: {},
};

/** each DELETE as ids and query (force_delete, versions) */
let deletes: Array<{ ids: unknown; force: string | null; versions: unknown }> = [];

const server = setupServer(
  ...shellHandlers,
  http.get('*/api/list/Customer/CustomerResourceListCollection', ({ request }) => {
    const data = new URL(request.url).searchParams.get('with_trashed') === '1' ? [ACTIVE, TRASHED] : [ACTIVE];
    return HttpResponse.json({
      data,
      meta: { total: data.length, current_page: 1, per_page: 25, last_page: 1 },
      item_meta_data: META,
    });
  }),
  http.get('*/api/list/:model/:collection', () =>
    HttpResponse.json({
      data: [],
      meta: { total: 0, current_page: 1, per_page: 50, last_page: 1 },
      item_meta_data: META,
    }),
  ),
  http.get('*/api/collaborators', () => HttpResponse.json({ data: [] })),
  http.delete('*/api/:snake/:ids', ({ request, params }) => {
    const q = new URL(request.url).searchParams;
    deletes.push({
      ids: JSON.parse(decodeURIComponent(String(params.ids))),
      force: q.get('force_delete'),
      versions: q.has('versions') ? JSON.parse(q.get('versions')!) : null,
    });
    return HttpResponse.json({ data: { trashed: 1, deleted: 0 } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  deletes = [];
  login();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  logout();
});
afterAll(() => server.close());

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
async function openTrash() {
  renderApp('/table/Customer?filter=%7B%22with_trashed%22%3A1%7D');
  await screen.findByText('Gamma Snc');
}
async function rowMenu(user: ReturnType<typeof userEvent.setup>, id: number) {
  await user.click(screen.getByRole('button', { name: `Azioni riga ${id}` }));
  return waitFor(() => {
    const menu = screen.getAllByRole('menu').find((m) => m.getAttribute('aria-label') !== 'Menu principale');
    if (!menu) throw new Error('row menu not open');
    return menu;
  });
}

describe('delete forever only what the user saw in the trash', () => {
  it('C17 delete forever on a trashed row sends force_delete=auto with the version the list showed', async () => {
    const user = userEvent.setup();
    await openTrash();
    const menu = await rowMenu(user, 3);
    await user.click(within(menu).getByRole('menuitem', { name: 'Elimina definitivamente' }));
    await waitFor(() =>
      expect(deletes).toEqual([{ ids: [3], force: 'auto', versions: { 3: '2026-02-01 09:00:00.654321' } }]),
    );
  });

  it('C17 trash on an active row sends no version (a repeated click can only trash it)', async () => {
    const user = userEvent.setup();
    await openTrash();
    const menu = await rowMenu(user, 1);
    await user.click(within(menu).getByRole('menuitem', { name: 'Cestina' }));
    await waitFor(() => expect(deletes).toEqual([{ ids: [1], force: 'auto', versions: null }]));
  });

  it('C17 bulk delete of an active and a trashed row sends the version of the trashed one only', async () => {
    const user = userEvent.setup();
    await openTrash();
    await user.click(within(row('Alfa Srl')).getByRole('checkbox', { name: 'Seleziona questa riga' }));
    await user.click(within(row('Gamma Snc')).getByRole('checkbox', { name: 'Seleziona questa riga' }));
    await user.click(await screen.findByRole('button', { name: 'Elimina' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(deletes).toEqual([{ ids: [1, 3], force: 'auto', versions: { 3: '2026-02-01 09:00:00.654321' } }]),
    );
  });

  it('C17 deleteMany of 3,000 trashed rows: batches under 8 KB, each with the versions of its own rows', async () => {
    const records = Array.from({ length: 3_000 }, (_, i) => ({
      id: 100_000 + i,
      trashed: true,
      updated_at: `2026-02-01 09:00:00.${String(i).padStart(6, '0')}`,
    }));
    const urls: string[] = [];
    server.use(
      http.delete('*/api/task/:ids', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ data: { trashed: 0, deleted: 1 } });
      }),
    );
    await dataProvider.deleteMany('Task', { ids: records.map((r) => r.id), meta: { records } });
    expect(urls.length).toBeGreaterThan(1);
    const sent: number[] = [];
    for (const u of urls) {
      const url = new URL(u);
      expect(url.pathname.length + url.search.length).toBeLessThan(8192);
      const ids = JSON.parse(decodeURIComponent(url.pathname.split('/').pop()!)) as number[];
      const versions = JSON.parse(url.searchParams.get('versions')!) as Record<string, string>;
      expect(Object.keys(versions).map(Number)).toEqual(ids);
      for (const id of ids) expect(versions[id]).toBe(records[id - 100_000]!.updated_at);
      sent.push(...ids);
    }
    expect(sent).toEqual(records.map((r) => r.id));
  });
});
