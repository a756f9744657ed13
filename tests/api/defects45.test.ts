/**
 * Issue 45: the seeds' contract and the bounds of a request. A delete checks the caller's role
 * first, then the references, then the model's rules, and never answers a count it did not do
 * (items 19, 26); every id of a request fits its column (item 25).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
});
afterAll(async () => {
  await t?.close();
});

const GRACE = 'Eliminato da meno di un minuto: riprova dal cestino';
const ids = (list: number[]) => encodeURIComponent(`[${list.join(',')}]`);

describe('items 19 and 26: DELETE checks the role first, then the references, and never claims a trash it did not do', () => {
  it('C17 C19 a Utente is refused (403) on a row trashed a moment ago and on a sent invoice: it learns nothing of them', async () => {
    const u = await a.utente('utente.elimina@studiodemo.test');
    const st = await a.post('admin', '/api/legal_statuses', { cod: 'ELIM1', name: 'Forma da eliminare' });
    expect(st.statusCode, st.body).toBe(201);
    const id = st.json().data.id as number;
    expect((await a.del('admin', `/api/legal_status/${ids([id])}`)).statusCode).toBe(200);
    const asUtente = await a.call(null, 'DELETE', `/api/legal_status/${ids([id])}`, {
      query: { force_delete: 'auto' },
      headers: u,
    });
    expect(asUtente.statusCode).toBe(403);
    const [inv] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "e_documents" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    await a.sql(`UPDATE "e_documents" SET "sdi_status" = 'inviata' WHERE "id" = $1`, [inv!.id]);
    const sent = await a.call(null, 'DELETE', `/api/edocuments/${ids([inv!.id])}`, { headers: u });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().message).not.toMatch(/SdI/);
  });

  it('C17 a Collaboratore may trash but not delete forever: a row it trashed a moment ago is 403 to force_delete=auto, not a false 200', async () => {
    const st = await a.post('admin', '/api/legal_statuses', { cod: 'ELIM2', name: 'Forma del collaboratore' });
    const id = st.json().data.id as number;
    const first = await a.del('collab', `/api/legal_status/${ids([id])}`, { force_delete: 'auto' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ trashed: 1, deleted: 0 });
    const again = await a.del('collab', `/api/legal_status/${ids([id])}`, { force_delete: 'auto' });
    expect(again.statusCode).toBe(403);
  });

  it('C17 a row still referenced is a 409 whatever its age in the trash; a row trashed a moment ago is a 409 that says so; neither changes anything', async () => {
    const st = await a.post('admin', '/api/legal_statuses', { cod: 'ELIM3', name: 'Forma usata' });
    const id = st.json().data.id as number;
    const [c] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "customers" WHERE "studio_id" = $1 AND "deleted_at" IS NULL ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    await a.sql(`UPDATE "customers" SET "legal_status_id" = $2 WHERE "id" = $1`, [c!.id, id]);
    expect((await a.del('admin', `/api/legal_status/${ids([id])}`)).statusCode).toBe(200);
    const referenced = await a.del('admin', `/api/legal_status/${ids([id])}`, { force_delete: 'auto' });
    expect(referenced.statusCode).toBe(409);
    expect(referenced.json().message).toBe('Elemento collegato ad altri dati: impossibile eliminarlo definitivamente');

    const free = await a.post('admin', '/api/legal_statuses', { cod: 'ELIM4', name: 'Forma libera' });
    const fid = free.json().data.id as number;
    expect((await a.del('admin', `/api/legal_status/${ids([fid])}`)).statusCode).toBe(200);
    const grace = await a.del('admin', `/api/legal_status/${ids([fid])}`, { force_delete: 'auto' });
    expect(grace.statusCode).toBe(409);
    expect(grace.json().message).toBe(GRACE);
    const rows = await a.sql<{ deleted_at: string | null }>(
      `SELECT "deleted_at"::text FROM "legal_statuses" WHERE "id" = ANY($1::int[])`,
      [[id, fid]],
    );
    expect(rows.map((r) => r.deleted_at !== null)).toEqual([true, true]);
  });
});

describe('item 25: every id and amount of a request fits its column', () => {
  it('C-bank confirm: a customer or charge id beyond 32 bits, or an amount beyond the money columns, is a 4xx in Italian, never a 500', async () => {
    const [line] = await a.sql<{ id: number }>(
      `SELECT "id" FROM "bank_statement_lines" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    expect(line).toBeDefined();
    for (const body of [
      { customer_id: 2_147_483_648 },
      { customer_id: 1, charges: [{ charge_id: 2_147_483_648, amount: 10 }] },
      { customer_id: 1, charges: [{ charge_id: 1, amount: 1e15 }] },
    ]) {
      const r = await a.post('collab', `/api/bank_statement_line/${line!.id}/actions/confirm`, body);
      expect(r.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, r.body).toBeLessThan(500);
      expect(r.json().message).toBeTruthy();
    }
    for (const [url, body] of [
      [
        '/api/sdd/preview',
        { due_from: '2031-01-01', due_to: '2031-01-31', collection_date: '2031-01-10', customer_ids: [2_147_483_648] },
      ],
      ['/api/invoicing/preview', { from: '2026-01-01', to: '2026-01-31', customer_ids: [2_147_483_648] }],
    ] as const) {
      const r = await a.post('collab', url, body);
      expect(r.statusCode, `${url} ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });
});

describe('item 15: the studio card shows the settings in force', () => {
  it("C09 the demo studio's card and a studio created with a few columns (as registration writes it) show 'Alla consegna' for the courtesy copy and the stamp duty charged, never an empty field", async () => {
    const demo = (await a.get('admin', `/api/studios/${demoId}`)).json().data;
    expect(demo.sdi_courtesy_copy).toBe('consegna');
    expect(Number(demo.stamp_duty_charged)).toBe(1);
    const [row] = await a.sql<{ sdi_courtesy_copy: string; stamp_duty_charged: number }>(
      `INSERT INTO "studios" ("name", "email", "status") VALUES ('Studio Nuovo', 'nuovo@studio.test', 1)
       RETURNING "sdi_courtesy_copy", "stamp_duty_charged"`,
    );
    expect(row).toEqual({ sdi_courtesy_copy: 'consegna', stamp_duty_charged: 1 });
  });
});
