/**
 * Issue 9, hardening: no silent data loss (safe repeated deletes, required versions, concurrent
 * unique codes), bad input answered 4xx in Italian, neutralised CSV cells, images checked by
 * content, cache and transport headers, relation filters kept in the caller's studio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api } from '../helpers/api.js';
import { safeCell } from '../../server/records/export.js';

let t: TestApp;
let a: Api;
let demoId: number;
let bianchiId: number;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  demoId = await a.studioId('Studio Demo');
  bianchiId = await a.studioId('Studio Bianchi');
  // a real socket for what only HTTP parsing shows (address length, malformed requests)
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const newTask = async (cod: string) => {
  const res = await a.post('admin', '/api/tasks', { cod, name: `Task ${cod}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; updated_at: string };
};
const taskRow = async (id: number) =>
  (await a.sql<{ deleted_at: string | null }>('SELECT "deleted_at"::text FROM "tasks" WHERE "id" = $1', [id]))[0];

describe('9.5 DELETE is safe to repeat', () => {
  it('9.5 C17 delete: two concurrent DELETEs of an active row (a double click) trash it once and never delete it forever', async () => {
    const { id } = await newTask('DOPPIO-CLIC');
    const url = `/api/task/${encodeURIComponent(`[${id}]`)}`;
    const [one, two] = await Promise.all([
      a.del('admin', url, { force_delete: 'auto' }),
      a.del('admin', url, { force_delete: 'auto' }),
    ]);
    // one trashes it; the other finds it trashed a moment ago and says so (issue 45 item 19: never a false count)
    const answers = [one, two].map((r) => [r.statusCode, r.json().data ?? r.json().message]);
    expect(answers).toEqual(
      expect.arrayContaining([
        [200, { trashed: 1, deleted: 0 }],
        [409, 'Eliminato da meno di un minuto: riprova dal cestino'],
      ]),
    );
    const row = await taskRow(id);
    expect(row, 'the row still exists').toBeDefined();
    expect(row!.deleted_at).not.toBeNull();
    const actions = await a.sql<{ action: string }>(
      `SELECT "action" FROM "audit_log" WHERE "model" = 'Task' AND "record_id" = $1 ORDER BY "id"`,
      [id],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'trash']);
  });

  it('9.5 C19 delete: a row the caller saw in the trash (its version) is deleted forever', async () => {
    const { id } = await newTask('GIA-CESTINATO');
    const url = `/api/task/${encodeURIComponent(`[${id}]`)}`;
    expect((await a.del('admin', url)).json().data).toEqual({ trashed: 1, deleted: 0 });
    expect((await a.del('admin', url, { versions: await a.versions('admin', 'tasks', [id]) })).json().data).toEqual({
      trashed: 0,
      deleted: 1,
    });
    expect(await taskRow(id)).toBeUndefined();
  });
});

describe('9.6 every update carries its version', () => {
  it('9.6 C11 update: a PUT without updated_at, or with null, answers 428 and changes nothing', async () => {
    const { id } = await newTask('SENZA-VERSIONE');
    for (const payload of [
      { name: 'Senza versione' },
      { name: 'Senza versione', updated_at: null },
      { name: 'Senza versione', updated_at: '' },
    ]) {
      const res = await a.call('admin', 'PUT', `/api/tasks/${id}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(428);
      expect(res.json().message).toMatch(/versione/);
    }
    const bad = await a.call('admin', 'PUT', `/api/tasks/${id}`, { payload: { name: 'x', updated_at: 'ieri' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.updated_at).toEqual(['Versione del record non valida']);
    expect((await a.sql('SELECT "name" FROM "tasks" WHERE "id" = $1', [id]))[0].name).toBe('Task SENZA-VERSIONE');
  });

  it('9.6 C09 C11 update: the ETag of GET is accepted as If-Match; versions compare as times, not text', async () => {
    const { id } = await newTask('ETAG');
    const got = await a.get('admin', `/api/tasks/${id}`);
    const etag = String(got.headers.etag);
    expect(etag).toBe(`"${got.json().data.updated_at}"`);
    const viaHeader = await a.call('admin', 'PUT', `/api/tasks/${id}`, {
      payload: { name: 'Con If-Match' },
      headers: { 'if-match': etag },
    });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    // the same instant written another way ('T', fewer decimals) is the same version
    const v = viaHeader.json().data.updated_at as string; // 'YYYY-MM-DD HH:MM:SS.ffffff'
    const sameTime = `${v.slice(0, 10)}T${v.slice(11, 23)}`;
    const ok = await a.call('admin', 'PUT', `/api/tasks/${id}`, {
      payload: { name: 'Stessa versione', updated_at: sameTime },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // the old version is stale now
    const stale = await a.call('admin', 'PUT', `/api/tasks/${id}`, { payload: { name: 'Vecchia', updated_at: v } });
    expect(stale.statusCode).toBe(412);
  });

  it('9.6 C11 bulk update: without the versions 428, with a stale one 412, and nothing changes', async () => {
    const rows = [await newTask('BULK-V1'), await newTask('BULK-V2')];
    const ids = rows.map((r) => r.id);
    const none = await a.put('admin', '/api/tasks', { ids, data: { note: 'In blocco' } });
    expect(none.statusCode).toBe(428);
    const versions = await a.versions('admin', 'tasks', ids);
    await a.put('admin', `/api/tasks/${ids[1]}`, { note: 'cambiata da un altro' });
    const stale = await a.put('admin', '/api/tasks', { ids, data: { note: 'In blocco' }, versions });
    expect(stale.statusCode).toBe(412);
    const notes = await a.sql<{ note: string | null }>(
      'SELECT "note" FROM "tasks" WHERE "id" = ANY($1::int[]) ORDER BY "id"',
      [ids],
    );
    expect(notes.map((r) => r.note)).toEqual([null, 'cambiata da un altro']);
    const fresh = await a.put('admin', '/api/tasks', {
      ids,
      data: { note: 'In blocco' },
      versions: await a.versions('admin', 'tasks', ids),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('9.6 C09 C11 contention: every acknowledged increment of concurrent read-modify-write clients is kept', async () => {
    const { id } = await newTask('CONTATORE');
    await a.put('admin', `/api/tasks/${id}`, { note: '0' });
    let acknowledged = 0;
    const worker = async () => {
      for (let done = 0; done < 4;) {
        const cur = (await a.get('admin', `/api/tasks/${id}`)).json().data;
        const res = await a.call('admin', 'PUT', `/api/tasks/${id}`, {
          payload: { note: String(Number(cur.note) + 1), updated_at: cur.updated_at },
        });
        if (res.statusCode === 200) {
          acknowledged++;
          done++;
        } else expect(res.statusCode).toBe(412);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker(), worker()]);
    expect(acknowledged).toBe(20);
    expect((await a.sql('SELECT "note" FROM "tasks" WHERE "id" = $1', [id]))[0].note).toBe('20');
  });
});

describe('9.7 concurrent creates of one code', () => {
  it('9.7 C10 create: ten concurrent creates of the same code give one 201 and 422 on the field for the others, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => a.post('admin', '/api/tasks', { cod: 'CORSA', name: `Corsa ${i}` })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422, 422, 422, 422, 422]);
    for (const r of answers.filter((x) => x.statusCode === 422))
      expect(r.json().errors.cod).toEqual(['Valore già presente']);
  });
});

describe('9.10 bad input answers 4xx in Italian', () => {
  const LIST = '/api/list/Customer/CustomerResourceListCollection';
  it('9.10 C14 list: NUL bytes, integers beyond 32 bits and page=1e20 are 400 with an Italian message', async () => {
    const cases: Array<Record<string, unknown>> = [
      { search_text: 'a\u0000b' },
      { filters: [{ name: 'city', type: 'OR', val: ['Roma\u0000'] }] },
      { filters: [{ name: 'legal_representative_id', type: 'OR', val: [99_999_999_999] }] },
      { page: '1e20' },
      { page: '99999999999' },
      { items_per_page: '0x10' },
    ];
    for (const q of cases) {
      const res = await a.get('admin', LIST, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().message, JSON.stringify(q)).toMatch(/non valid/);
    }
  });

  it('9.10 C10 create: wrong types are refused with 422, not coerced', async () => {
    const rep = (await a.firstRow('legal_representatives', demoId)).id;
    const body = {
      business_name: 'Tipi Sbagliati S.r.l.',
      email: 'tipi@sbagliati.test',
      yearly_accounting_amount: 100,
      legal_representative_id: rep,
    };
    const wrong: Array<[string, unknown]> = [
      ['business_name', { a: 1 }],
      ['business_name', ['x']],
      ['legal_representative_id', true],
      ['ceased', 'no'],
      ['business_name', 'NUL\u0000'],
    ];
    for (const [field, value] of wrong) {
      const res = await a.post('admin', '/api/customers', { ...body, [field]: value });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(422);
      expect(Object.keys(res.json().errors), `${field}=${JSON.stringify(value)}`).toContain(field);
    }
    const user = await a.firstRow<{ id: number }>('users', demoId);
    const active = await a.put('admin', `/api/user/users/${user.id}`, { active: 'no' });
    expect(active.statusCode).toBe(422);
    const role = await a.post('superadmin', '/api/user/roles', { name: 'Ruolo prova', permission_ids: 5 });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors.permission_ids).toBeDefined();
  });

  it('9.10 C10 create: money that cannot be negative (yearly amount, payslip rate, service cost) refuses negatives', async () => {
    const rep = (await a.firstRow('legal_representatives', demoId)).id;
    const body = {
      business_name: 'Negativi S.r.l.',
      email: 'neg@ativi.test',
      yearly_accounting_amount: 100,
      legal_representative_id: rep,
    };
    for (const field of ['yearly_accounting_amount', 'cedolino_rate']) {
      const res = await a.post('admin', '/api/customers', { ...body, [field]: -5 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual(['Il valore minimo è 0']);
    }
    const service = await a.post('admin', '/api/studio_services', { description: 'Servizio', cost: -3 });
    expect(service.statusCode).toBe(422);
    expect(service.json().errors.cost).toEqual(['Il valore minimo è 0']);
    // the database refuses them too (CHECK), whatever path a write takes
    await expect(a.sql('UPDATE "studio_services" SET "cost" = -1 WHERE "studio_id" = $1', [demoId])).rejects.toThrow();
  });

  it('9.10 C10 create: dates outside 1900–2199 are refused', async () => {
    const rep = (await a.firstRow('legal_representatives', demoId)).id;
    const body = {
      business_name: 'Date S.r.l.',
      email: 'date@esempio.test',
      yearly_accounting_amount: 100,
      legal_representative_id: rep,
    };
    for (const d of ['1899-12-31', '2200-01-01', '0202-05-01']) {
      const res = await a.post('admin', '/api/customers', { ...body, acquisition_date: d });
      expect(res.statusCode, d).toBe(422);
      expect(res.json().errors.acquisition_date, d).toEqual([
        "Data fuori intervallo: l'anno deve essere tra 1900 e 2199",
      ]);
    }
    const dt = await a.post('admin', '/api/entita_esempios', {
      descrizione: 'Data e ora',
      data_ora: '2300-01-01 10:00:00',
    });
    expect(dt.statusCode).toBe(422);
    expect(dt.json().errors.data_ora).toEqual(["Data fuori intervallo: l'anno deve essere tra 1900 e 2199"]);
    const ok = await a.post('admin', '/api/customers', { ...body, acquisition_date: '1900-01-01' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('9.10 an address too long (431) and a malformed address answer in Italian', async () => {
    const headers = await a.headers('admin');
    const long = await fetch(`${base}/api/customers?x=${'a'.repeat(1_100_000)}`, { headers });
    expect(long.status).toBe(431);
    expect(await long.json()).toEqual({ message: 'Indirizzo o intestazioni della richiesta troppo lunghi' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/customers/%E0%A4%A', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Indirizzo della richiesta non valido' });
  });
});

describe('9.11 select-all then delete', () => {
  it('9.11 C17 delete: 10,000 ids in one address are trashed in one call', async () => {
    await a.sql(
      `INSERT INTO "tasks" ("studio_id", "cod", "name") SELECT $1, 'MASSA-' || g, 'Massa ' || g FROM generate_series(1, 10000) g`,
      [demoId],
    );
    const ids = (await a.sql<{ id: number }>(`SELECT "id" FROM "tasks" WHERE "cod" LIKE 'MASSA-%' ORDER BY "id"`)).map(
      (r) => Number(r.id),
    );
    expect(ids).toHaveLength(10_000);
    const res = await fetch(`${base}/api/task/${encodeURIComponent(JSON.stringify(ids))}?force_delete=auto`, {
      method: 'DELETE',
      headers: { ...(await a.headers('admin')) },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ trashed: 10_000, deleted: 0 });
  });

  it('9.11 C17 delete: a DELETE with a JSON content type and no body is accepted', async () => {
    const { id } = await newTask('JSON-VUOTO');
    const res = await a.call('admin', 'DELETE', `/api/task/${encodeURIComponent(`[${id}]`)}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ trashed: 1, deleted: 0 });
  });
});

describe('9.12 CSV cells', () => {
  it('9.12 C16 export: text that starts like a number but is a formula is neutralised; numbers written by the exporter are not', async () => {
    const rep = (await a.firstRow('legal_representatives', demoId)).id;
    const evil = "-2+3+cmd|' /C calc'!A0";
    const c = await a.post('admin', '/api/customers', {
      business_name: evil,
      email: 'csv@esempio.test',
      yearly_accounting_amount: 1234.5,
      legal_representative_id: rep,
      city: '@SUM(1+1)',
    });
    expect(c.statusCode, c.body).toBe(201);
    const res = await a.get('admin', '/api/list/Customer/CustomerResourceListCollection', {
      format: 'csv',
      fields: 'business_name,city,yearly_accounting_amount',
      filters: [{ name: 'id', type: 'OR', val: [c.json().data.id] }],
    });
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n')[1]!;
    expect(line).toBe(`'${evil};'@SUM(1+1);1234,50`);
    expect(safeCell('-12,50', true)).toBe('-12,50');
    expect(safeCell('-12,50')).toBe("'-12,50");
    expect(safeCell('-1+1', true)).toBe("'-1+1");
  });
});

describe('9.14 images are checked by content', () => {
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';
  it('9.14 C11 update: bytes that are no image behind an image prefix are refused; a real PNG is kept', async () => {
    const me = (
      await a.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "email" = $1', ['admin@studiodemo.test'])
    )[0]!.id;
    const fakes = [
      `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
      // a GIF's bytes declared as PNG
      `data:image/png;base64,${Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;').toString('base64')}`,
      'data:image/png;base64,!!!!',
    ];
    for (const avatar of fakes) {
      const res = await a.put('admin', `/api/user/users/${me}`, { avatar });
      expect(res.statusCode, avatar.slice(0, 60)).toBe(422);
      expect(res.json().errors.avatar).toEqual(['Tipo di file non supportato']);
    }
    const ok = await a.put('admin', `/api/user/users/${me}`, { avatar: PNG });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.avatar).toBe(PNG);
  });
});

describe('9.15 headers and relation filters', () => {
  it('9.15 C14 API answers carry Cache-Control: no-store; over plain HTTP no HSTS and no upgrade-insecure-requests', async () => {
    const res = await fetch(`${base}/api/list/Customer/CustomerResourceListCollection?items_per_page=1`, {
      headers: await a.headers('admin'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(String(res.headers.get('content-security-policy'))).not.toContain('upgrade-insecure-requests');
    const failed = await fetch(`${base}/api/customers/999999`, { headers: await a.headers('admin') });
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });

  it("9.15 the built app: its content-named chunks kept a year (immutable), index.html asked again each time, the build's other files an hour", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'gs-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>app</title><script src="/assets/index-AbC123.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'build.json'), '{"id":"t"}');
    const before = process.env.APP_DIST;
    process.env.APP_DIST = dist;
    const served = await startTestApp({ demo: false }).finally(() => {
      if (before === undefined) delete process.env.APP_DIST;
      else process.env.APP_DIST = before;
    });
    try {
      const get = (url: string) => served.app.inject({ url });
      const chunk = await get('/assets/index-AbC123.js');
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/table/Customer']) {
        const page = await get(url);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('/assets/index-AbC123.js');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const build = await get('/build.json');
      expect(build.statusCode).toBe(200);
      expect(build.headers['cache-control']).toBe('public, max-age=3600');
      // a chunk of an earlier build is not there: not found, never the page in its place
      expect((await get('/assets/index-Old999.js')).statusCode).toBe(404);
    } finally {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('9.15 C01 over HTTPS (a trusted proxy saying so) the answers carry HSTS and upgrade-insecure-requests', async () => {
    const behindProxy = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const https = await behindProxy.app.inject({
        url: '/api/var/client_var',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.statusCode).toBe(200);
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(https.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      // the same header from an untrusted peer changes nothing
      const spoofed = await t.app.inject({ url: '/api/var/client_var', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
      expect(String(spoofed.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await behindProxy.close();
    }
  });

  it("9.15 C14 list: a relation filter (relation_field_name) never matches through another studio's rows", async () => {
    // a legal representative only Studio Bianchi has, linked to one of its customers
    const rep = (
      await a.sql<{ id: number }>(
        `INSERT INTO "legal_representatives" ("studio_id", "name") VALUES ($1, 'Zebedeo Unicissimo') RETURNING "id"`,
        [bianchiId],
      )
    )[0]!.id;
    const theirCustomer = (await a.firstRow('customers', bianchiId)).id;
    await a.sql('UPDATE "customers" SET "legal_representative_id" = $1 WHERE "id" = $2', [rep, theirCustomer]);
    const filters = [
      { name: 'legal_representative_id', relation_field_name: 'name', type: 'OR', val: ['Zebedeo Unicissimo'] },
    ];
    const LIST = '/api/list/Customer/CustomerResourceListCollection';
    const ours = await a.get('admin', LIST, { items_per_page: -1, filters });
    expect(ours.statusCode).toBe(200);
    expect(ours.json().meta.total).toBe(0);
    const theirs = await a.get('bianchi', LIST, { items_per_page: -1, filters });
    expect(theirs.json().data.map((r: { id: number }) => r.id)).toEqual([theirCustomer]);
  });
});
