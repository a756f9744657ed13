/**
 * Rows of the models served over their area's table (`areaTable`: SDD batches, bank statements
 * and their lines, reminders, SdI events) for the tests derived from the registry. The demo data
 * has none (only their areas' calls write them), so a row is written straight to the table: each
 * declared field its sample value (a relation: a row of the same studio), each other NOT NULL
 * column without a default a value of its SQL type. What the areas write is their own tests'.
 */
import { MODELS, modelByName } from '../../model/registry.js';
import type { ModelDef } from '../../model/define.js';
import { FIELD_TYPES } from '../../model/types.js';
import { toDbValue } from '../../server/db/fieldTypes.js';
import type { Api } from '../helpers/api.js';

type Sql = Pick<Api, 'sql'>;
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The models whose rows only their area writes. */
export const AREA_MODELS = MODELS.filter((m) => m.areaTable);

/** A value of a column's SQL type (information_schema's data_type), unique by `n` where text. */
function valueOfType(type: string, length: number | null, n: number): unknown {
  switch (type) {
    case 'character varying':
    case 'text':
      return `r${n}`.slice(0, length ?? 255);
    case 'integer':
    case 'smallint':
    case 'bigint':
      return 1;
    case 'numeric':
      return '1';
    case 'date':
      return '2026-01-15';
    case 'timestamp without time zone':
      return '2026-01-15 10:00:00';
    case 'jsonb':
    case 'json':
      return '{}';
    case 'boolean':
      return false;
    default:
      throw new Error(`areaRows: no sample value for a column of type ${type}`);
  }
}

/** The first row of `m` in the studio (a trashed one too), or undefined. */
async function firstOf(a: Sql, m: ModelDef, studioId: number): Promise<number | undefined> {
  const rows = await a.sql<{ id: number }>(
    `SELECT "id" FROM ${q(m.table)} WHERE ${m.scope === 'tenant' ? '"id"' : '"studio_id"'} = $1 ORDER BY "id" LIMIT 1`,
    [studioId],
  );
  return rows.length ? Number(rows[0]!.id) : undefined;
}

let counter = 0;
/** A row of `m` (served over its area's table) in the studio: its first one, or one written now. */
export async function areaRow(a: Sql, m: ModelDef, studioId: number): Promise<number> {
  if (!m.areaTable) throw new Error(`${m.name}: not served over its area's table`);
  const existing = await firstOf(a, m, studioId);
  if (existing !== undefined) return existing;
  const n = 900 + ++counter;
  const values: Record<string, unknown> = { studio_id: studioId };
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.type === 'manyToMany') continue;
    if (fd.type === 'relation') {
      const ref = modelByName.get(fd.ref!)!;
      values[name] = ref.areaTable ? await areaRow(a, ref, studioId) : ((await firstOf(a, ref, studioId)) ?? null);
      continue;
    }
    values[name] = toDbValue(fd, FIELD_TYPES[fd.type].sample(fd, n));
  }
  const required = await a.sql<{ column_name: string; data_type: string; character_maximum_length: number | null }>(
    `SELECT "column_name", "data_type", "character_maximum_length" FROM information_schema.columns
      WHERE "table_schema" = current_schema() AND "table_name" = $1 AND "is_nullable" = 'NO' AND "column_default" IS NULL`,
    [m.table],
  );
  for (const c of required)
    if (!(c.column_name in values)) values[c.column_name] = valueOfType(c.data_type, c.character_maximum_length, n);
  const cols = Object.keys(values);
  const [row] = await a.sql<{ id: number }>(
    `INSERT INTO ${q(m.table)} (${cols.map(q).join(', ')}) VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')}) RETURNING "id"`,
    cols.map((c) => values[c]),
  );
  return Number(row!.id);
}

/** A row of each model served over its area's table in each of the studios (the tests' setup). */
export async function areaRows(a: Sql, studioIds: number[]): Promise<void> {
  for (const studioId of studioIds) for (const m of AREA_MODELS) await areaRow(a, m, studioId);
}
