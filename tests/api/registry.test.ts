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
  READ_ONLY,
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

/** A row as the table holds it, every column (a write would change it). */
const snapshot = async (table: string, id: number) =>
  JSON.stringify(await a.sql(`SELECT * FROM "${table}" WHERE "id" = $1`, [id]));
/** The first row of Studio Demo (the demo's, or tests/api/areaRows.ts'). */
const demoRow = async (table: string) =>
  Number(
    (
      await a.sql<{ id: number }>(`SELECT "id" FROM "${table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`, [demoId])
    )[0]!.id,
  );

for (const m of OWN_WRITES) {
  it(`C10 C11 registry ${m.name}: written by its own calls, the generic create and update answer 405 naming them and write nothing`, async () => {
    const [{ n }] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    const created = await post(m, await sample(m, 401));
    expect(created.statusCode).toBe(405);
    expect(created.json().message).toBe(`${m.plural}: si scrivono con ${m.writtenBy}`);
    const id = await demoRow(m.table);
    const before = await snapshot(m.table, id);
    const read = (await get(m, id)).json().data;
    const changed = await put(m, id, { ...(await sample(m, 402)), updated_at: read.updated_at });
    expect(changed.statusCode).toBe(405);
    expect(changed.json().message).toBe(`${m.plural}: si scrivono con ${m.writtenBy}`);
    // the same change to many rows (react-admin's updateMany) too
    const bulk = await a.put(writer(m), `/api/${m.resource}`, {
      ids: [id],
      data: { ...(await sample(m, 403)), [Object.keys(m.fields)[0]!]: null },
      versions: { [id]: read.updated_at ?? '2026-01-01 00:00:00' },
    });
    expect(bulk.statusCode, bulk.body).toBe(405);
    const [after] = await a.sql<{ n: number }>(`SELECT count(*)::int AS "n" FROM "${m.table}"`);
    expect(after!.n).toBe(n);
    expect(await snapshot(m.table, id)).toBe(before);
  });
}

for (const m of READ_ONLY) {
  describe(`registry ${m.name} (read-only)`, () => {
    const list = `/api/list/${m.name}/${m.name}ResourceListCollection`;
    /** the ids a list call answers for Studio Demo's writer */
    const ids = async (query: Record<string, unknown>) => {
      const res = await a.get(writer(m), list, { items_per_page: -1, ...query });
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body.slice(0, 200)}`).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((r) => r.id);
    };

    it(`C17 C19 registry ${m.name}: read-only, the generic delete answers 405 naming its calls and removes nothing; its lists offer no 'Nuovo', delete nor card to edit`, async () => {
      const id = await demoRow(m.table);
      const before = await snapshot(m.table, id);
      for (const force_delete of ['auto', 1, 0]) {
        const del = await a.del(writer(m), `/api/${m.snake}/[${id}]`, { force_delete });
        expect(del.statusCode, del.body).toBe(405);
        expect(del.json().message).toBe(`${m.plural}: non si eliminano (si scrivono con ${m.writtenBy})`);
      }
      expect(await snapshot(m.table, id)).toBe(before);
      for (const who of [writer(m), 'superadmin'] as const) {
        const meta = (await a.get(who, list, { items_per_page: 1 })).json().item_meta_data;
        expect([meta.can_add_new, meta.is_erasable, meta.disable_edit_item], who).toEqual([false, false, true]);
      }
      // no trash: the model keeps no deleted_at
      expect(m.softDelete).toBe(false);
    });

    it(`C14 C15 C16 registry ${m.name}: its list searches, sorts, filters and exports CSV over its area's table`, async () => {
      const id = await demoRow(m.table);
      const record = (await get(m, id)).json().data as Record<string, unknown>;
      let checked = 0;
      // a search for a searchable field's value finds the row
      for (const [name, fd] of Object.entries(m.fields)) {
        if (!fd.searchable || typeof record[name] !== 'string' || !record[name]) continue;
        expect(await ids({ search_text: record[name] }), `search ${name}`).toContain(id);
        checked++;
      }
      // a filter on a filterable field's value keeps the row (a time: from it on)
      for (const [name, fd] of Object.entries(m.fields)) {
        if (!fd.filterable || record[name] == null) continue;
        const type = fd.type === 'datetime' ? 'gte' : 'OR';
        const val = fd.type === 'datetime' ? String(record[name]).slice(0, 10) : record[name];
        expect(await ids({ filters: [{ name, type, val: [val] }] }), `filter ${name}`).toContain(id);
        checked++;
      }
      // every list column sorts, both ways
      for (const c of m.list.columns) {
        if (!m.fields[c]?.sortable) continue;
        for (const sort_desc of [0, 1]) expect(await ids({ sort_by: c, sort_desc }), `sort ${c}`).toContain(id);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      // the times the area's table keeps sort and filter; those it has not are refused (400), never a 500
      for (const [time, column] of [
        ['created_at', m.areaTable?.created],
        ['updated_at', m.areaTable?.updated],
      ] as const) {
        const sorted = await a.get(writer(m), list, { sort_by: time });
        const filtered = await a.get(writer(m), list, { filters: [{ name: time, type: 'gte', val: ['2000-01-01'] }] });
        if (column) {
          expect(sorted.statusCode, time).toBe(200);
          expect((filtered.json().data as Array<{ id: number }>).map((r) => r.id)).toContain(id);
        } else {
          expect(sorted.statusCode, time).toBe(400);
          expect(sorted.json().message).toBe(`Ordinamento non valido: ${time}`);
          expect(filtered.statusCode, time).toBe(400);
          expect(record, `${m.name} answers no ${time}`).not.toHaveProperty(time);
        }
      }
      // the select list labels it
      const select = await a.get(writer(m), `/api/list/${m.name}/${m.name}Resource4SelectCollection`, {
        items_per_page: -1,
      });
      expect((select.json().data as Array<{ id: number; label: string }>).find((r) => r.id === id)?.label).toBeTruthy();
      // the CSV of every exportable column: a header of Italian labels and the row
      const csv = await a.get(writer(m), list, { format: 'csv', filters: [{ name: 'id', type: 'OR', val: [id] }] });
      expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
      const [header, first] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      for (const fd of Object.values(m.fields)) if (fd.type !== 'manyToMany') expect(header).toContain(fd.label);
      expect(first!.split(';')[0]).toBe(String(id));
    });
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
