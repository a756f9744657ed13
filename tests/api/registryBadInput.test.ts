/**
 * A generated bad-input run against every endpoint of every model the records engine serves
 * (wrong types, overflows, invalid dates and times, unknown and system fields): no answer is a
 * 5xx and no system field is written from a request. A model added to the registry is covered
 * with no test code of its own.
 */
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../model/registry.js';
import { a, demoId, post, put, sample, useRegistryApp, writer } from './registrySetup.js';

useRegistryApp();

/** Wrong values of every kind, sent to every field. */
const BAD_VALUES: unknown[] = [
  {},
  [],
  [1, 2],
  { $ne: null },
  true,
  false,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53,
  1.5,
  'NaN',
  'Infinity',
  '',
  ' ',
  'x'.repeat(70_000),
  '2026-02-30',
  '2026-13-01',
  '31-02-2026',
  '2026-01-01 24:61:00',
  '25:00',
  '1e400',
  '12,345,678.9',
  '<script>alert(1)</script>',
  "'; DROP TABLE customers; --",
  '\u0000',
  '١٢٣',
  '9'.repeat(40),
  '-0',
  [null],
  { label: 'x' },
];
/** The list filter's comparison types. */
const FILTER_TYPES = ['OR', 'AND', 'gte', 'lt'] as const;
const SYSTEM_VALUES = {
  id: 999_999,
  studio_id: 1,
  created_at: '2000-01-01 00:00:00',
  updated_at: '2000-01-01 00:00:00',
  deleted_at: '2000-01-01 00:00:00',
  trashed: true,
};

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
      const target =
        m.scope === 'tenant'
          ? demoId
          : m.name === 'Permission'
            ? Number((await a.sql<{ id: number }>('SELECT "id" FROM "permissions" ORDER BY "id" LIMIT 1'))[0].id)
            : m.writtenBy
              ? Number(
                  (
                    await a.sql<{ id: number }>(
                      `SELECT "id" FROM "${m.table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`,
                      [demoId],
                    )
                  )[0]!.id,
                )
              : Number(((await post(m, await sample(m, 301))).json() as { data: { id: number } }).data.id);
      const base = m.scope === 'tenant' || m.name === 'Permission' ? {} : await sample(m, 302);
      // the first field of each type gets every wrong value, the model's other fields of that type
      // every second one, turning with the field's position: every value still reaches every field
      // type of every model (a value is parsed per field type), with half the requests
      const typed = new Set<string>();
      for (const [i, [name, fd]] of Object.entries(m.fields).entries()) {
        const first = !typed.has(fd.type);
        typed.add(fd.type);
        for (const [j, bad] of BAD_VALUES.entries()) {
          if (!first && (i + j) % 2 !== 0) continue;
          const label = `${m.name}.${name} = ${JSON.stringify(bad)?.slice(0, 30)}`;
          if (m.scope !== 'tenant' && m.name !== 'Permission')
            note(`POST ${label}`, await post(m, { ...base, [name]: bad }));
          note(`PUT ${label}`, await put(m, target, { [name]: bad }));
        }
      }
      // unknown and system fields: ignored or refused, never written
      const before = (await a.sql<Record<string, unknown>>(`SELECT * FROM "${m.table}" WHERE "id" = $1`, [target]))[0]!;
      note(
        `PUT ${m.name} system fields`,
        await put(m, target, { ...SYSTEM_VALUES, sconosciuto: 'x', __proto__: { admin: true } }),
      );
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
        note(
          `PUT ${m.name}/${badId}`,
          await a.put(who, `/api/${m.resource}/${encodeURIComponent(badId)}`, { [Object.keys(m.fields)[0]!]: 'x' }),
        );
        note(
          `DELETE ${m.snake}/${badId}`,
          await a.del(who, `/api/${m.snake}/${encodeURIComponent(badId)}`, { force_delete: 'auto' }),
        );
      }
      const list = `/api/list/${m.name}/${m.name}ResourceListCollection`;
      // each field gets every wrong value and every filter type; the (type, value) pairs turn with
      // the field's position, so that each pair is sent to every fourth field of every model (the
      // full product, four times the requests, found nothing more: the parsing is per field type)
      // the first field of each type all 24 values; the model's other fields of that type every third
      const listed = new Set<string>();
      for (const [i, [name, fd]] of Object.entries(m.fields).entries()) {
        const firstOfType = !listed.has(fd.type);
        listed.add(fd.type);
        for (const [j, bad] of BAD_VALUES.slice(0, 24).entries()) {
          if (!firstOfType && (i + j) % 3 !== 0) continue;
          const type = FILTER_TYPES[(i + j) % FILTER_TYPES.length]!;
          note(
            `LIST ${m.name} ${name} ${type}`,
            await a.get(who, list, { filters: [{ name, type, val: [bad], glue: 'and' }] }),
          );
        }
        note(`LIST ${m.name} sort ${name}`, await a.get(who, list, { sort_by: name, sort_desc: 'x' }));
        if (fd.type === 'relation')
          note(
            `LIST ${m.name} ${name} relation`,
            await a.get(who, list, { filters: [{ name, type: 'OR', val: ['x'], relation_field_name: '"; --' }] }),
          );
      }
      for (const q of [
        { page: 'x' },
        { page: -1 },
        { items_per_page: 1e9 },
        { search_text: 'x'.repeat(10_000) },
        { filters: '{broken' },
        { filters: [{ name: 'x' }] },
        { with_trashed: [] },
      ]) {
        note(`LIST ${m.name} ${JSON.stringify(q).slice(0, 30)}`, await a.get(who, list, q));
      }
    }
    expect(fails).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(2000);
    console.info(`registry bad input: ${requests} requests, 0 answers 5xx`);
  }, 600_000);
});
