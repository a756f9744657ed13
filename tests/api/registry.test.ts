/**
 * Tests derived from the model registry and the field-type registry, for every model the
 * records engine serves: a CRUD round trip with sample records, every field's limits, and a
 * generated bad-input run (wrong types, overflows, invalid dates and times, unknown and system
 * fields) against every endpoint — no answer is a 5xx and no system field is written from a
 * request. A model added to the registry is covered with no test code of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS, modelByName } from '../../model/registry.js';
import { atLeast, type ModelDef } from '../../model/define.js';
import type { FieldDef } from '../../model/fields.js';
import { FIELD_TYPES, INT_MAX, MESSAGES, sampleRecord } from '../../model/types.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';

let t: TestApp;
let a: Api;
let demoId: number;
beforeAll(async () => {
  t = await startTestApp({ env: { CREDIT_ENABLED: 'true' } }); // every model's calls, the credit ledger's too
  a = api(t);
  demoId = await a.studioId('Studio Demo');
});
afterAll(async () => { await t?.close(); });

/** The demo user who may create rows of `m`: the Admin of Studio Demo, or the SuperAdmin. */
const writer = (m: ModelDef): Who => (m.scope === 'studio' && atLeast('Admin', m.access.write) ? 'admin' : 'superadmin');
/** Models whose rows a request creates through the generic endpoints (not those written by their own calls). */
const CREATABLE = MODELS.filter((m) => m.scope !== 'tenant' && !(m.name === 'Permission') && !m.writtenBy);
/** Models written only by their own calls (`writtenBy`). */
const OWN_WRITES = MODELS.filter((m) => m.writtenBy);

/** Ids a relation field of the caller's studio may point to. */
async function refIds(ref: string): Promise<number[]> {
  const rm = modelByName.get(ref)!;
  const where = rm.scope === 'studio' ? `WHERE "studio_id" = ${demoId}` : rm.scope === 'tenant' ? `WHERE "id" = ${demoId}` : '';
  const soft = rm.softDelete ? `${where ? ' AND' : 'WHERE'} "deleted_at" IS NULL` : '';
  if (ref === 'Role') {
    // a role the Admin may hand out: not above its own
    return (await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" IN ('Collaboratore', 'Utente') ORDER BY "id"`)).map((r) => Number(r.id));
  }
  return (await a.sql<{ id: number }>(`SELECT "id" FROM "${rm.table}" ${where}${soft} ORDER BY "id" LIMIT 5`)).map((r) => Number(r.id));
}

/** A valid sample body of `m`, unique fields made unique by `n`. */
async function sample(m: ModelDef, n: number): Promise<Record<string, unknown>> {
  const ids = new Map<string, number[]>();
  for (const fd of Object.values(m.fields)) if (fd.ref && !ids.has(fd.ref)) ids.set(fd.ref, await refIds(fd.ref));
  const rec = sampleRecord(m, n, (ref) => ids.get(ref) ?? []);
  const role = writer(m) === 'admin' ? 'Admin' : 'SuperAdmin';
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.writeRole && !atLeast(role, fd.writeRole)) delete rec[name];
    if (fd.rules?.includes('email') && (fd.unique || m.name === 'User')) rec[name] = `registro${n}.${Date.now()}@example.it`;
    if (fd.type === 'password') rec[name] = 'Registro-2026!';
  }
  // the credit ledger forces the amount's sign from the type (seed B §5): a sample says it already
  if (m.name === 'CreditTransactionLog' && rec.amount != null) rec.amount = `${rec.type === 'DEBIT' ? '-' : ''}${String(rec.amount).replace(/^[+-]/, '')}`;
  return rec;
}

/** The value as the API answers it, for comparison with what was sent. */
function expected(fd: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (FIELD_TYPES[fd.type].decimal) return Number(value);
  if (fd.type === 'flag') return Number(value);
  return value;
}

const post = (m: ModelDef, body: unknown) => a.post(writer(m), `/api/${m.resource}`, body);
const put = (m: ModelDef, id: number, body: unknown) => a.put(writer(m), `/api/${m.resource}/${id}`, body);
const get = (m: ModelDef, id: number) => a.get(writer(m), `/api/${m.resource}/${id}`);
const fieldErrors = (res: { json(): unknown }) => ((res.json() as { errors?: Record<string, string[]> }).errors ?? {});

it('C10 registry: every field type has a sample that passes its own checks', () => {
  for (const m of MODELS) {
    for (const [name, fd] of Object.entries(m.fields)) {
      const value = FIELD_TYPES[fd.type].sample(fd, 7);
      for (const check of FIELD_TYPES[fd.type].checks(fd)) expect(check(value), `${m.name}.${name} = ${JSON.stringify(value)}`).toBeUndefined();
    }
  }
});

for (const m of OWN_WRITES) {
  it(`C10 C11 registry ${m.name}: written by its own calls, the generic create and update answer 405 naming them and write nothing`, async () => {
    const [{ n }] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    const created = await post(m, await sample(m, 401));
    expect(created.statusCode).toBe(405);
    expect(created.json().message).toBe(`${m.plural}: si scrivono con ${m.writtenBy}`);
    const [row] = await a.sql<{ id: number; updated_at: string }>(`SELECT "id", "updated_at"::text AS "updated_at" FROM "${m.table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`, [demoId]);
    const read = (await get(m, Number(row!.id))).json().data;
    expect((await put(m, Number(row!.id), { ...(await sample(m, 402)), updated_at: read.updated_at })).statusCode).toBe(405);
    const [after] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    expect(after!.n).toBe(n);
    const [same] = await a.sql<{ updated_at: string }>(`SELECT "updated_at"::text AS "updated_at" FROM "${m.table}" WHERE "id" = $1`, [row!.id]);
    expect(same!.updated_at).toBe(row!.updated_at);
  });
}

for (const m of CREATABLE) {
  describe(`registry ${m.name}`, () => {
    it(`C09 C10 C11 C19 registry ${m.name}: create, read, update and delete a sample record`, async () => {
      const body = await sample(m, 101);
      const created = await post(m, body);
      expect(created.statusCode, created.body).toBeLessThan(300);
      const id = Number(created.json().data.id);
      const read = (await get(m, id)).json().data;
      for (const [name, fd] of Object.entries(m.fields)) {
        if (fd.hidden || !(name in body)) continue;
        if (fd.type === 'manyToMany') { expect([...(read[name] ?? [])].sort(), `${m.name}.${name}`).toEqual([...(body[name] as number[])].sort()); continue; }
        expect(read[name], `${m.name}.${name}`).toEqual(expected(fd, body[name]));
      }
      const changed = await sample(m, 102);
      // a field fixed after creation (createOnly) refuses a new value, and is left out of the change
      for (const [name, fd] of Object.entries(m.fields)) {
        if (!fd.createOnly || !(name in changed)) continue;
        const refused = await put(m, id, { [name]: changed[name], updated_at: read.updated_at });
        expect(refused.statusCode, `${m.name}.${name}`).toBe(422);
        expect(refused.json().errors[name]).toEqual(['Non modificabile dopo la creazione']);
        delete changed[name];
      }
      const upd = await put(m, id, { ...changed, updated_at: read.updated_at });
      expect(upd.statusCode, upd.body).toBeLessThan(300);
      const again = (await get(m, id)).json().data;
      for (const [name, fd] of Object.entries(m.fields)) {
        if (fd.hidden || fd.type === 'manyToMany' || fd.type === 'password' || !(name in changed)) continue;
        expect(again[name], `${m.name}.${name}`).toEqual(expected(fd, changed[name]));
      }
      const del = await a.del(writer(m), `/api/${m.snake}/${id}`, { force_delete: 1 });
      expect(del.statusCode, del.body).toBeLessThan(300);
      expect((await get(m, id)).statusCode).toBe(404);
    });

    it(`C10 C11 registry ${m.name}: every field's limit is refused with its message, on create and update`, async () => {
      const base = await sample(m, 201);
      const created = await post(m, base);
      expect(created.statusCode, created.body).toBeLessThan(300);
      const id = Number(created.json().data.id);
      let checked = 0;
      for (const [name, fd] of Object.entries(m.fields)) {
        if (fd.readOnly) continue;
        for (const [bad, message] of overLimits(fd)) {
          for (const res of [await post(m, { ...base, [name]: bad }), await put(m, id, { [name]: bad })]) {
            expect(res.statusCode, `${m.name}.${name} = ${JSON.stringify(bad).slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(422);
            expect(fieldErrors(res)[name]?.[0], `${m.name}.${name}`).toBe(message);
            checked++;
          }
        }
      }
      if (Object.values(m.fields).some((fd) => !fd.readOnly && overLimits(fd).length)) expect(checked).toBeGreaterThan(0);
    });
  });
}

/** Values just past a field's limits, with the message each must get. */
function overLimits(fd: FieldDef): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  const t = FIELD_TYPES[fd.type];
  if (t.lengths && fd.max !== undefined && !(fd.rules ?? []).some((r) => ['vat', 'fiscalCode', 'digits', 'image', 'email', 'iban', 'phone'].includes(r))) {
    out.push(['a'.repeat(fd.max + 1), 'Numero massimo di caratteri superato']);
  }
  if (t.numeric && fd.type !== 'relation' && fd.type !== 'flag') {
    if (fd.min !== undefined) out.push([fd.min - 1, MESSAGES.min(fd.min)]);
    if (fd.max !== undefined) out.push([fd.max + 1, MESSAGES.max(fd.max)]);
  }
  if (fd.type === 'integer') out.push([INT_MAX + 1, 'Inserisci un Numero Intero']);
  if (t.decimal) {
    out.push([`${'9'.repeat(t.decimal.intDigits + 1)}`, t.decimal.message]);
    out.push([`1.${'1'.repeat(t.decimal.scale + 1)}`, t.decimal.message]);
  }
  if (fd.type === 'date') out.push(['2026-02-30', 'formato corretto DD-MM-YYYY'], ['31-04-2026', 'formato corretto DD-MM-YYYY']);
  if (fd.type === 'datetime') out.push(['2026-01-01 25:00:00', MESSAGES.datetime], ['2026-02-30 10:00:00', MESSAGES.datetime]);
  if (fd.type === 'time') out.push(['24:00', MESSAGES.time], ['12:60', MESSAGES.time], ['9', MESSAGES.time]);
  if (fd.type === 'choice') out.push(['__nessuna__', MESSAGES.choice]);
  return out;
}

/** Wrong values of every kind, sent to every field. */
const BAD_VALUES: unknown[] = [
  {}, [], [1, 2], { $ne: null }, true, false, -1, 0, 1e308, -1e308, 2 ** 53, 1.5, 'NaN', 'Infinity', '', ' ',
  'x'.repeat(70_000), '2026-02-30', '2026-13-01', '31-02-2026', '2026-01-01 24:61:00', '25:00', '1e400', '12,345,678.9',
  '<script>alert(1)</script>', "'; DROP TABLE customers; --", '\u0000', '١٢٣', '9'.repeat(40), '-0', [null], { label: 'x' },
];
const SYSTEM_VALUES = { id: 999_999, studio_id: 1, created_at: '2000-01-01 00:00:00', updated_at: '2000-01-01 00:00:00', deleted_at: '2000-01-01 00:00:00', trashed: true };

describe('registry bad input', () => {
  it('C09 C10 C11 C14 C17 C19 registry: wrong input to every endpoint of every model never answers 5xx and never writes a system field', async () => {
    let requests = 0;
    const fails: string[] = [];
    const note = (label: string, res: { statusCode: number; body: string }) => {
      requests++;
      if (res.statusCode >= 500) fails.push(`${label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    for (const m of MODELS) {
      const who = writer(m);
      const target = m.scope === 'tenant' ? demoId : m.name === 'Permission' ? Number((await a.sql<{ id: number }>('SELECT "id" FROM "permissions" ORDER BY "id" LIMIT 1'))[0].id)
        : m.writtenBy ? Number((await a.sql<{ id: number }>(`SELECT "id" FROM "${m.table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`, [demoId]))[0]!.id)
        : Number(((await post(m, await sample(m, 301))).json() as { data: { id: number } }).data.id);
      const base = m.scope === 'tenant' || m.name === 'Permission' ? {} : await sample(m, 302);
      for (const [name] of Object.entries(m.fields)) {
        for (const bad of BAD_VALUES) {
          const label = `${m.name}.${name} = ${JSON.stringify(bad)?.slice(0, 30)}`;
          if (m.scope !== 'tenant' && m.name !== 'Permission') note(`POST ${label}`, await post(m, { ...base, [name]: bad }));
          note(`PUT ${label}`, await put(m, target, { [name]: bad }));
        }
      }
      // unknown and system fields: ignored or refused, never written
      const before = (await a.sql<Record<string, unknown>>(`SELECT * FROM "${m.table}" WHERE "id" = $1`, [target]))[0]!;
      note(`PUT ${m.name} system fields`, await put(m, target, { ...SYSTEM_VALUES, sconosciuto: 'x', __proto__: { admin: true } }));
      const after = (await a.sql<Record<string, unknown>>(`SELECT * FROM "${m.table}" WHERE "id" = $1`, [target]))[0]!;
      for (const k of ['id', 'studio_id', 'created_at', 'deleted_at'] as const) {
        if (k in before) expect(String(after[k]), `${m.name}.${k} written by PUT`).toBe(String(before[k]));
      }
      if (m.scope !== 'tenant' && m.name !== 'Permission') {
        const res = await post(m, { ...(await sample(m, 303)), ...SYSTEM_VALUES });
        note(`POST ${m.name} system fields`, res);
        if (res.statusCode < 300) {
          const id = Number(res.json().data.id);
          expect(id).not.toBe(SYSTEM_VALUES.id);
          const row = (await a.sql<Record<string, unknown>>(`SELECT * FROM "${m.table}" WHERE "id" = $1`, [id]))[0]!;
          if (m.scope === 'studio') expect(Number(row.studio_id), `${m.name}.studio_id written by POST`).toBe(demoId);
          expect(String(row.created_at)).not.toContain('2000-01-01');
          if (m.softDelete) expect(row.deleted_at, `${m.name}.deleted_at written by POST`).toBeNull();
        }
      }
      // ids and lists
      for (const badId of ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '[1,"x"]', '{}']) {
        note(`GET ${m.name}/${badId}`, await a.get(who, `/api/${m.resource}/${encodeURIComponent(badId)}`));
        note(`PUT ${m.name}/${badId}`, await a.put(who, `/api/${m.resource}/${encodeURIComponent(badId)}`, { [Object.keys(m.fields)[0]!]: 'x' }));
        note(`DELETE ${m.snake}/${badId}`, await a.del(who, `/api/${m.snake}/${encodeURIComponent(badId)}`, { force_delete: 'auto' }));
      }
      const list = `/api/list/${m.name}/${m.name}ResourceListCollection`;
      for (const [name, fd] of Object.entries(m.fields)) {
        for (const bad of BAD_VALUES.slice(0, 24)) {
          for (const type of ['OR', 'AND', 'gte', 'lt']) {
            note(`LIST ${m.name} ${name} ${type}`, await a.get(who, list, { filters: [{ name, type, val: [bad], glue: 'and' }] }));
          }
        }
        note(`LIST ${m.name} sort ${name}`, await a.get(who, list, { sort_by: name, sort_desc: 'x' }));
        if (fd.type === 'relation') note(`LIST ${m.name} ${name} relation`, await a.get(who, list, { filters: [{ name, type: 'OR', val: ['x'], relation_field_name: '"; --' }] }));
      }
      for (const q of [{ page: 'x' }, { page: -1 }, { items_per_page: 1e9 }, { search_text: 'x'.repeat(10_000) }, { filters: '{broken' }, { filters: [{ name: 'x' }] }, { with_trashed: [] }]) {
        note(`LIST ${m.name} ${JSON.stringify(q).slice(0, 30)}`, await a.get(who, list, q));
      }
    }
    expect(fails).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(2000);
    console.info(`registry bad input: ${requests} requests, 0 answers 5xx`);
  }, 600_000);
});
