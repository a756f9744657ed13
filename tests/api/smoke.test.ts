import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('smoke', () => {
  it('C02 login + C14 list: the demo studio sees its 200 customers', async () => {
    const h = await t.login('admin@studiodemo.test');
    const res = await t.app.inject({
      url: '/api/list/Customer/CustomerResourceListCollection?items_per_page=5',
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(200);
    expect(res.json().data).toHaveLength(5);
  });
});
