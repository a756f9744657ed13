/**
 * SQL pieces derived from a model declaration: the tenancy condition (the one place where
 * studio scoping is applied), select expressions that give the API's formats on both
 * databases, and value coercion for parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldDef } from '../../model/fields.js';
import type { ModelDef } from '../../model/define.js';
import type { Ctx } from '../auth/context.js';
import { hooksOf } from '../models/index.js';
import { SERVER_TYPES, selectOf } from '../db/fieldTypes.js';
import { col, ident } from '../db/sql.js';

/**
 * Tenancy: the rows of `model` the caller may see. Every read and write of the records
 * engine goes through this condition; there is no other place that scopes by studio.
 */
export function scopeCondition(model: ModelDef, ctx: Ctx, alias = 't'): SQL {
  const rule = hooksOf(model).rowScope?.(ctx, alias);
  const studio = studioCondition(model, ctx, alias);
  return rule ? sql`(${studio} AND ${rule})` : studio;
}

function studioCondition(model: ModelDef, ctx: Ctx, alias: string): SQL {
  if (model.scope === 'global') return sql`TRUE`;
  if (ctx.role === 'SuperAdmin' && model.superAdminGlobal) return sql`TRUE`;
  if (model.scope === 'tenant') return sql`${col(alias, 'id')} = ${ctx.studioId}`;
  return sql`${col(alias, 'studio_id')} = ${ctx.studioId}`;
}

/** Expression giving the API format of a stored field (its type's select, server/db/fieldTypes.ts). */
export const fieldExpr = (alias: string, name: string, fd?: FieldDef): SQL => selectOf(col(alias, name), fd);

/**
 * The column of a row's creation or last change time, answered as `created_at` / `updated_at`:
 * the column of that name, or the one an area's table keeps it in (`areaTable`); null when the
 * table has none.
 */
export function timeColumn(model: ModelDef, name: 'created_at' | 'updated_at', alias = 't'): SQL | null {
  if (!model.areaTable) return col(alias, name);
  const column = name === 'created_at' ? model.areaTable.created : model.areaTable.updated;
  return column ? col(alias, column) : null;
}

export const systemExprs = (model: ModelDef, alias = 't'): SQL[] => {
  const created = timeColumn(model, 'created_at', alias);
  const updated = timeColumn(model, 'updated_at', alias);
  return [
    sql`${col(alias, 'id')} AS "id"`,
    ...(model.scope === 'studio' && !model.fields.studio_id ? [sql`${col(alias, 'studio_id')} AS "studio_id"`] : []),
    ...(created ? [sql`to_char(${created}, 'YYYY-MM-DD HH24:MI:SS') AS "created_at"`] : []),
    ...(updated ? [sql`to_char(${updated}, 'YYYY-MM-DD HH24:MI:SS.US') AS "updated_at"`] : []),
    ...(model.softDelete
      ? [
          sql`to_char(${col(alias, 'deleted_at')}, 'YYYY-MM-DD HH24:MI:SS') AS "deleted_at"`,
          sql`(${col(alias, 'deleted_at')} IS NOT NULL) AS "trashed"`,
        ]
      : []),
  ];
};

/** Label of a row of `model`: its label fields joined by a blank. */
export function labelExpr(model: ModelDef, alias: string): SQL {
  const parts = model.labelFields.map((n) => sql`${col(alias, n)}::text`);
  return sql`concat_ws(' ', ${sql.join(parts, sql`, `)})`;
}

/** Array of ids linked through a many-to-many pivot. */
export function m2mExpr(fd: FieldDef, alias = 't'): SQL {
  const p = fd.pivot!;
  return sql`ARRAY(SELECT p.${ident(p.other)} FROM ${ident(p.table)} p WHERE p.${ident(p.own)} = ${col(alias, 'id')} ORDER BY 1)`;
}

/** Free-text search and dictionary-order sort apply to text columns. */
export const isTextType = (fd: FieldDef) => SERVER_TYPES[fd.type].searchText;
