/**
 * Tests derived from the model registry and the field-type registry, for every model the
 * records engine serves: a CRUD round trip with sample records and every field's limits (the
 * generated bad-input run: registryBadInput.test.ts). A model added to the registry is covered
 * with no test code of its own.
 */
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../model/registry.js';
import type { FieldDef } from '../../model/fields.js';
import { FIELD_TYPES, INT_MAX, MESSAGES } from '../../model/types.js';
import {
  a,
  CREATABLE,
  demoId,
  expected,
  fieldErrors,
  get,
  OWN_WRITES,
  post,
  put,
  sample,
  useRegistryApp,
  writer,
} from './registrySetup.js';

useRegistryApp();

it('C10 registry: every field type has a sample that passes its own checks', () => {
  for (const m of MODELS) {
    for (const [name, fd] of Object.entries(m.fields)) {
      const value = FIELD_TYPES[fd.type].sample(fd, 7);
      for (const check of FIELD_TYPES[fd.type].checks(fd))
        expect(check(value), `${m.name}.${name} = ${JSON.stringify(value)}`).toBeUndefined();
    }
  }
});

for (const m of OWN_WRITES) {
  it(`C10 C11 registry ${m.name}: written by its own calls, the generic create and update answer 405 naming them and write nothing`, async () => {
    const [{ n }] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    const created = await post(m, await sample(m, 401));
    expect(created.statusCode).toBe(405);
    expect(created.json().message).toBe(`${m.plural}: si scrivono con ${m.writtenBy}`);
    const [row] = await a.sql<{ id: number; updated_at: string }>(
      `SELECT "id", "updated_at"::text AS "updated_at" FROM "${m.table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`,
      [demoId],
    );
    const read = (await get(m, Number(row!.id))).json().data;
    expect((await put(m, Number(row!.id), { ...(await sample(m, 402)), updated_at: read.updated_at })).statusCode).toBe(
      405,
    );
    const [after] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    expect(after!.n).toBe(n);
    const [same] = await a.sql<{ updated_at: string }>(
      `SELECT "updated_at"::text AS "updated_at" FROM "${m.table}" WHERE "id" = $1`,
      [row!.id],
    );
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
        if (fd.type === 'manyToMany') {
          expect([...(read[name] ?? [])].sort(), `${m.name}.${name}`).toEqual([...(body[name] as number[])].sort());
          continue;
        }
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
            expect(
              res.statusCode,
              `${m.name}.${name} = ${JSON.stringify(bad).slice(0, 40)}: ${res.body.slice(0, 200)}`,
            ).toBe(422);
            expect(fieldErrors(res)[name]?.[0], `${m.name}.${name}`).toBe(message);
            checked++;
          }
        }
      }
      if (Object.values(m.fields).some((fd) => !fd.readOnly && overLimits(fd).length))
        expect(checked).toBeGreaterThan(0);
    });
  });
}

/** Values just past a field's limits, with the message each must get. */
function overLimits(fd: FieldDef): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  const t = FIELD_TYPES[fd.type];
  if (
    t.lengths &&
    fd.max !== undefined &&
    !(fd.rules ?? []).some((r) =>
      ['vat', 'fiscalCode', 'digits', 'image', 'email', 'iban', 'creditorId', 'phone'].includes(r),
    )
  ) {
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
  if (fd.type === 'date')
    out.push(['2026-02-30', 'formato corretto DD-MM-YYYY'], ['31-04-2026', 'formato corretto DD-MM-YYYY']);
  if (fd.type === 'datetime')
    out.push(['2026-01-01 25:00:00', MESSAGES.datetime], ['2026-02-30 10:00:00', MESSAGES.datetime]);
  if (fd.type === 'time') out.push(['24:00', MESSAGES.time], ['12:60', MESSAGES.time], ['9', MESSAGES.time]);
  if (fd.type === 'choice') out.push(['__nessuna__', MESSAGES.choice]);
  return out;
}
