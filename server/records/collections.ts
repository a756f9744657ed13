/** Named projections of a model: `{Model}ResourceListCollection`, `{Model}Resource4SelectCollection`, and declared extras. */
import { sql, type SQL } from 'drizzle-orm';
import type { ModelDef } from '../../model/define.js';
import { modelByName } from '../../model/registry.js';
import { fieldExpr, labelExpr, m2mExpr, systemExprs } from './sql.js';
import { col, ident } from '../db/sql.js';

export interface Projection {
  selects: SQL[];
  joins: SQL[];
  /** relation field → alias of its joined table (for sorting by label) */
  joinAlias: Map<string, string>;
  /** relation fields whose {id, cod, label} object is assembled after the query */
  relationKeys: string[];
}

export function collectionColumns(model: ModelDef, collection: string): string[] | 'select' | undefined {
  if (collection === `${model.name}ResourceListCollection`) {
    const extra = [model.list.status?.field, model.list.expandField].filter(Boolean) as string[];
    return [...new Set([...model.list.columns, ...extra])].filter(
      (c) => !['id', 'created_at', 'updated_at', 'deleted_at'].includes(c),
    );
  }
  if (collection === `${model.name}Resource4SelectCollection`) return 'select';
  const c = model.collections?.[collection];
  return c ? c.columns : undefined;
}

/** Alias names of joined relation tables. */
const relAlias = (name: string) => `r_${name}`;

export function projection(model: ModelDef, columns: string[] | 'select'): Projection {
  const selects: SQL[] = [];
  const joins: SQL[] = [];
  const joinAlias = new Map<string, string>();
  const relationKeys: string[] = [];
  if (columns === 'select') {
    selects.push(sql`t."id" AS "id"`);
    if (model.fields.cod) selects.push(sql`t."cod" AS "cod"`);
    selects.push(sql`${labelExpr(model, 't')} AS "label"`);
    if (model.softDelete) selects.push(sql`(t."deleted_at" IS NOT NULL) AS "trashed"`);
    return { selects, joins, joinAlias, relationKeys };
  }
  selects.push(...systemExprs(model));
  for (const name of columns) {
    const fd = model.fields[name];
    if (!fd || fd.hidden) continue;
    if (fd.type === 'manyToMany') {
      selects.push(sql`${m2mExpr(fd)} AS ${ident(name)}`);
      if (fd.countAs) selects.push(sql`cardinality(${m2mExpr(fd)}) AS ${ident(fd.countAs)}`);
      continue;
    }
    selects.push(sql`${fieldExpr('t', name, fd)} AS ${ident(name)}`);
    if (fd.type === 'relation') {
      const ref = modelByName.get(fd.ref!)!;
      const a = relAlias(name);
      joins.push(sql`LEFT JOIN ${ident(ref.table)} ${ident(a)} ON ${col(a, 'id')} = ${col('t', name)}`);
      selects.push(sql`${labelExpr(ref, a)} AS ${ident(`${name}__label`)}`);
      if (ref.fields.cod) selects.push(sql`${col(a, 'cod')} AS ${ident(`${name}__cod`)}`);
      joinAlias.set(name, a);
      relationKeys.push(name);
    }
  }
  return { selects, joins, joinAlias, relationKeys };
}

/**
 * Relation columns come back as `{field}__label` / `{field}__cod`; the answer carries them as
 * `{relation}: {id, cod, label}` where relation is the field name without `_id`.
 */
export function shapeRow(row: Record<string, unknown>, p: Projection): Record<string, unknown> {
  for (const key of p.relationKeys) {
    const id = row[key];
    const name = key.replace(/_id$/, '');
    row[name] =
      id == null
        ? null
        : {
            id,
            label: row[`${key}__label`],
            ...(`${key}__cod` in row ? { cod: row[`${key}__cod`] } : {}),
          };
    delete row[`${key}__label`];
    delete row[`${key}__cod`];
  }
  return row;
}
