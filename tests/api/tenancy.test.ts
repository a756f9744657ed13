/**
 * Tenant isolation, generated from the registry: for every model owned by a studio (scope
 * 'studio') or being the studio itself (scope 'tenant'), a row of Studio Demo is invisible
 * and untouchable for the Admin of Studio Bianchi — every verb answers 404 (never 403) and
 * the row does not change — and no list of Bianchi ever shows a Demo row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS } from '../../model/registry.js';
import type { ModelDef } from '../../model/define.js';
import { sampleRow } from '../../server/db/fieldTypes.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, customerBody, type Api } from '../helpers/api.js';
import { areaRow } from './areaRows.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
beforeAll(async () => {
  t = await startTestApp({ env: { CREDIT_ENABLED: 'true' } }); // every studio-owned model, the credit ledger's too
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
});
afterAll(async () => {
  await t?.close();
});

const OWNED = MODELS.filter((m) => m.scope === 'studio' || m.scope === 'tenant');
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Ids of the rows of `m` that belong to a studio (trashed included). */
async function idsOf(m: ModelDef, studioId: number): Promise<number[]> {
  const where = m.scope === 'tenant' ? '"id" = $1' : '"studio_id" = $1';
  return (await a.sql<{ id: number }>(`SELECT "id" FROM ${q(m.table)} WHERE ${where} ORDER BY "id"`, [studioId])).map(
    (r) => Number(r.id),
  );
}

/** A row of `m` in `studioId`: an existing one, else a minimal one written straight to the database. */
async function rowOf(m: ModelDef, studioId: number): Promise<number> {
  const existing = await idsOf(m, studioId);
  if (existing.length) return existing[0];
  // a table of its area's: its own columns besides the fields (tests/api/areaRows.ts)
  if (m.areaTable) return areaRow(a, m, studioId);
  // a sample row from the field-type registry (required fields filled)
  const row = sampleRow(m, 1);
  const cols = Object.keys(row).filter((k) => row[k] !== null);
  const ins = await a.sql<{ id: number }>(
    `INSERT INTO ${q(m.table)} ("studio_id", ${cols.map(q).join(', ')}) VALUES ($1, ${cols.map((_c, i) => `$${i + 2}`).join(', ')}) RETURNING "id"`,
    [studioId, ...cols.map((c) => row[c])],
  );
  return Number(ins[0].id);
}

const snapshot = async (m: ModelDef, id: number) =>
  JSON.stringify(await a.sql(`SELECT * FROM ${q(m.table)} WHERE "id" = $1`, [id]));

/** A body that would change the row if the write went through: every plain text field. */
function tamperBody(m: ModelDef): Record<string, unknown> {
  const body: Record<string, unknown> = { restore: true, deleted_at: null };
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.readOnly || fd.hidden) continue;
    if (fd.type === 'text' || fd.type === 'longtext') body[name] = 'Manomesso'.slice(0, fd.max ?? 255);
  }
  return body;
}

it('C09 C14 tenancy: the registry has studio-owned models to check', () => {
  expect(OWNED.map((m) => m.name)).toEqual(
    expect.arrayContaining([
      'Studio',
      'User',
      'Customer',
      'LegalStatus',
      'PaymentMethod',
      'LegalRepresentative',
      'BankAccount',
      'StudioService',
      'Task',
    ]),
  );
});

for (const m of OWNED) {
  describe(`tenancy ${m.name}`, () => {
    it(`C09 C11 C17 C19 tenancy ${m.name}: another studio's row is 404 on every verb and unchanged`, async () => {
      const id = await rowOf(m, demoId);
      const before = await snapshot(m, id);
      expect(before).not.toBe('[]');
      const paths = [...new Set([m.resource, m.snake])];
      const attempts: Array<[string, () => Promise<{ statusCode: number; json(): any }>]> = [];
      for (const p of paths) {
        attempts.push([`GET /api/${p}/${id}`, () => a.get('bianchi', `/api/${p}/${id}`)]);
        attempts.push([
          `DELETE /api/${p}/[${id}] auto`,
          () => a.del('bianchi', `/api/${p}/[${id}]`, { force_delete: 'auto' }),
        ]);
        attempts.push([`DELETE /api/${p}/${id} force`, () => a.del('bianchi', `/api/${p}/${id}`, { force_delete: 1 })]);
      }
      attempts.push([
        `PUT /api/${m.resource}/${id}`,
        () => a.put('bianchi', `/api/${m.resource}/${id}`, tamperBody(m)),
      ]);
      attempts.push([
        `PUT /api/${m.resource}/${id} restore`,
        () => a.put('bianchi', `/api/${m.resource}/${id}`, { restore: true, deleted_at: null }),
      ]);
      attempts.push([`GET /api/audit_log/${m.name}/${id}`, () => a.get('bianchi', `/api/audit_log/${m.name}/${id}`)]);
      // mixed with a row of its own: still 404, and its own row is not touched either
      const own = await rowOf(m, bianchiId);
      const ownBefore = await snapshot(m, own);
      attempts.push([
        `DELETE /api/${m.snake}/[${own},${id}]`,
        () => a.del('bianchi', `/api/${m.snake}/[${own},${id}]`, { force_delete: 'auto' }),
      ]);
      for (const [label, run] of attempts) {
        const res = await run();
        expect(res.statusCode, label).toBe(404);
        expect(res.json().message, label).toBe('Elemento non trovato');
      }
      expect(await snapshot(m, id)).toBe(before);
      expect(await snapshot(m, own)).toBe(ownBefore);
      // the owner still sees it: the 404 came from the scope, not from a missing row
      expect((await a.get('admin', `/api/${m.resource}/${id}`)).statusCode).toBe(200);
    });

    it(`C14 C16 C18 tenancy ${m.name}: lists of another studio never include the row`, async () => {
      // a row in each studio, whichever test of the model runs first
      await rowOf(m, demoId);
      await rowOf(m, bianchiId);
      const demoIds = new Set(await idsOf(m, demoId));
      expect(demoIds.size).toBeGreaterThan(0);
      const own = await idsOf(m, bianchiId);
      const lists = [
        `/api/list/${m.name}/${m.name}ResourceListCollection`,
        `/api/list/${m.name}/${m.name}Resource4SelectCollection`,
        `/api/list/${m.name}`,
      ];
      for (const path of lists) {
        const res = await a.get('bianchi', path, { items_per_page: -1, with_trashed: 1 });
        expect(res.statusCode, path).toBe(200);
        const got = (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((x, y) => x - y);
        expect(got, path).toEqual(own);
        const ids = await a.get('bianchi', path, { items_per_page: -1, with_trashed: 1, only_ids: 1 });
        expect(
          ids.json().data.some((i: number) => demoIds.has(i)),
          path,
        ).toBe(false);
        // asking for the other studio's ids by filter gives nothing
        const byId = await a.get('bianchi', path, {
          filters: [{ name: 'id', type: 'OR', val: [...demoIds].slice(0, 50) }],
          with_trashed: 1,
        });
        expect(byId.json().meta.total, path).toBe(0);
      }
      const select = await a.get('bianchi', `/api/${m.resource}`);
      expect(select.statusCode).toBe(200);
      expect((select.json().data as Array<{ id: number }>).some((r) => demoIds.has(r.id))).toBe(false);
      const csv = await a.get('bianchi', `/api/list/${m.name}/${m.name}ResourceListCollection`, {
        format: 'csv',
        fields: 'id',
        with_trashed: 1,
      });
      expect(csv.statusCode).toBe(200);
      const csvIds = csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map(Number);
      expect(csvIds.sort((x, y) => x - y)).toEqual(own);
    });
  });
}

describe('tenancy: relations and searches across studios', () => {
  it("C10 C11 tenancy: a record cannot point to another studio's rows", async () => {
    const demoRep = (
      await idsOf(
        MODELS.find((m) => m.name === 'LegalRepresentative')!,
        demoId,
      )
    )[0];
    const res = await a.post('bianchi', '/api/customers', customerBody(demoRep, { cod: 'XREL' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('legal_representative_id');
    const ownCustomer = (
      await idsOf(
        MODELS.find((m) => m.name === 'Customer')!,
        bianchiId,
      )
    )[0];
    const put = await a.put('bianchi', `/api/customers/${ownCustomer}`, { legal_representative_id: demoRep });
    expect(put.statusCode).toBe(422);
    const stored = await a.sql<{ r: number }>(
      'SELECT "legal_representative_id" AS r FROM "customers" WHERE "id" = $1',
      [ownCustomer],
    );
    expect(Number(stored[0].r)).not.toBe(demoRep);
  });

  it("C14 tenancy: a search for another studio's customer finds nothing", async () => {
    const demoCustomer = (
      await a.sql<{ business_name: string; vat_id: string }>(
        'SELECT "business_name", "vat_id" FROM "customers" WHERE "studio_id" = $1 LIMIT 1',
        [demoId],
      )
    )[0];
    const res = await a.get('bianchi', '/api/list/Customer/CustomerResourceListCollection', {
      search_text: demoCustomer.vat_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(0);
    const mine = await a.get('admin', '/api/list/Customer/CustomerResourceListCollection', {
      search_text: demoCustomer.vat_id,
    });
    expect(mine.json().meta.total).toBeGreaterThan(0);
  });

  it('C10 tenancy: a unique code used (even trashed) by another studio is free in mine', async () => {
    const pm = await a.post('admin', '/api/payment_methods', { cod: 'ZZDEMO' });
    expect(pm.statusCode).toBe(201);
    await a.del('admin', `/api/payment_method/[${pm.json().data.id}]`);
    const res = await a.post('bianchi', '/api/payment_methods', { cod: 'ZZDEMO', description: 'mio' });
    expect(res.statusCode).toBe(201);
  });
});
