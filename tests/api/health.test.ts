/** Issue 9 #9: GET /api/health, public, on the test database (PGlite, or PostgreSQL with DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

describe('9.9 health', () => {
  it('9.9 health: GET /api/health answers 200 {status, database} without a session, and is in the API reference', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/health']!.get!.responses)).toEqual(['200', '503']);
  });
});
