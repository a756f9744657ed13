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
afterEach(() => { calls.length = 0; server.resetHandlers(); });
afterAll(() => server.close());

describe('data provider: bulk calls', () => {
  it('C11 updateMany sends one PUT /api/{resource} with the ids and the change', async () => {
    const res = await dataProvider.updateMany('Task', { ids: [3, 5, 8], data: { note: 'In blocco' } });
    expect(res.data).toEqual([3, 5, 8]);
    expect(calls).toEqual([{ method: 'PUT', path: '/api/tasks', body: { ids: [3, 5, 8], data: { note: 'In blocco' } } }]);
  });

  it('C17 deleteMany sends one DELETE with the JSON list of ids', async () => {
    await dataProvider.deleteMany('Task', { ids: [3, 5, 8] });
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/task/[3,5,8]', body: null }]);
  });
});
