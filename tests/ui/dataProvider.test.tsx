/**
 * The app's data provider against a mocked API (msw): bulk calls of react-admin are one request
 * each, whatever the size of the selection.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { dataProvider } from '../../src/dataProvider';

const calls: Array<{ method: string; path: string; body: unknown }> = [];
const server = setupServer(
  http.put('*/api/tasks', async ({ request }) => {
    calls.push({ method: 'PUT', path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({ data: { updated: 3 } });
  }),
  http.put('*/api/tasks/:id', ({ request }) => {
    calls.push({ method: 'PUT', path: new URL(request.url).pathname, body: null });
    return HttpResponse.json({ data: {} });
  }),
  http.delete('*/api/task/:ids', ({ request }) => {
    calls.push({ method: 'DELETE', path: decodeURIComponent(new URL(request.url).pathname), body: null });
    return HttpResponse.json({ data: { trashed: 3, deleted: 0 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

describe('data provider: bulk calls', () => {
  it('C11 updateMany sends one PUT /api/{resource} with the ids, the change and the version of each row', async () => {
    const records = [
      { id: 3, updated_at: '2026-01-01 10:00:00.000000' },
      { id: 5, updated_at: '2026-01-02 10:00:00.000000' },
    ];
    const res = await dataProvider.updateMany('Task', {
      ids: [3, 5, 8],
      data: { note: 'In blocco' },
      meta: { records, versions: { 8: '2026-01-03 10:00:00.000000' } },
    });
    expect(res.data).toEqual([3, 5, 8]);
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/tasks',
        body: {
          ids: [3, 5, 8],
          data: { note: 'In blocco' },
          versions: {
            3: '2026-01-01 10:00:00.000000',
            5: '2026-01-02 10:00:00.000000',
            8: '2026-01-03 10:00:00.000000',
          },
        },
      },
    ]);
  });

  it('C17 deleteMany sends one DELETE with the JSON list of ids', async () => {
    await dataProvider.deleteMany('Task', { ids: [3, 5, 8] });
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/task/[3,5,8]', body: null }]);
  });

  it('9.11 C17 deleteMany of 10,000 selected rows: the seed call in batches whose address stays under 8 KB, every id once', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => 100_000 + i);
    const urls: string[] = [];
    server.use(
      http.delete('*/api/task/:ids', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ data: { trashed: 1, deleted: 0 } });
      }),
    );
    await dataProvider.deleteMany('Task', { ids });
    expect(urls.length).toBeGreaterThan(1);
    for (const u of urls) {
      expect(new URL(u).pathname.length + new URL(u).search.length).toBeLessThan(8192);
      expect(new URL(u).searchParams.get('force_delete')).toBe('auto');
    }
    const sent = urls.flatMap((u) => JSON.parse(decodeURIComponent(new URL(u).pathname.split('/').pop()!)) as number[]);
    expect(sent).toEqual(ids);
  });
});
