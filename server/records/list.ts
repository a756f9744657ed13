/**
 * The generic list contract (PRODUCT.md §3): search_text, filters with glue and
 * relation_field_name, sort, pagination, trash, item_meta_data, only_ids.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldDef } from '../../model/fields.js';
import type { ModelDef } from '../../model/define.js';
import type { ItemFlags, ItemMetaData, ListMeta } from '../../model/api/records.js';
import { modelByName } from '../../model/registry.js';
import type { Ctx } from '../auth/context.js';
import { can } from '../auth/context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { isTextType, scopeCondition, timeColumn } from './sql.js';
import { col, ident } from '../db/sql.js';
import { collectionColumns, projection, shapeRow, type Projection } from './collections.js';
import { numbersFromDb } from './values.js';
import { SERVER_TYPES } from '../db/fieldTypes.js';

export const MAX_ITEMS = 100_000;
export const DEFAULT_ITEMS = 200;

export interface FilterSpec {
  name: string;
  type: string;
  val: unknown;
  glue?: string;
  relation_field_name?: string;
}

export interface ListParams {
  withTrashed: boolean;
  searchText: string;
  filters: FilterSpec[];
  sort: { field: string; desc: boolean }[];
  perPage: number;
  page: number;
  onlyIds: boolean;
}

const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: 'integer', label: 'ID', sortable: true, filterable: true },
  created_at: { type: 'datetime', label: 'Creato il', sortable: true, filterable: true },
  updated_at: { type: 'datetime', label: 'Modificato il', sortable: true, filterable: true },
  deleted_at: { type: 'datetime', label: 'Cestinato il', sortable: true, filterable: true },
};

/** A field's or system column's expression in a list's SQL; null where the model's table has no such column. */
function columnOf(model: ModelDef, name: string): SQL | null {
  if (model.fields[name]) return col('t', name);
  if (name === 'created_at' || name === 'updated_at') return timeColumn(model, name);
  if (name === 'deleted_at' && !model.softDelete) return null;
  return col('t', name);
}

const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Parses the query string of GET /api/list; anything unknown or malformed is a 400. */
export function parseListParams(model: ModelDef, q: Record<string, unknown>): ListParams {
  let filters: FilterSpec[] = [];
  if (q.filters !== undefined && q.filters !== '') {
    let parsed: unknown;
    try {
      parsed = typeof q.filters === 'string' ? JSON.parse(q.filters) : q.filters;
    } catch {
      throw badRequest('Parametro filters non valido: atteso un array JSON');
    }
    if (!Array.isArray(parsed)) throw badRequest('Parametro filters non valido: atteso un array JSON');
    filters = parsed.map((f) => {
      if (!f || typeof f !== 'object' || typeof (f as FilterSpec).name !== 'string') {
        throw badRequest('Parametro filters non valido: ogni filtro richiede name, type e val');
      }
      return f as FilterSpec;
    });
  }
  const sortBy = asArray(q.sort_by ?? q['sort_by[]'])
    .map(String)
    .filter(Boolean);
  const sortDesc = asArray(q.sort_desc ?? q['sort_desc[]']);
  const sort = sortBy.map((field, i) => {
    const fd = model.fields[field] ?? SYSTEM_FIELDS[field];
    if (!fd || !fd.sortable || fd.hidden || !columnOf(model, field))
      throw badRequest(`Ordinamento non valido: ${field}`);
    return { field, desc: truthy(sortDesc[i] ?? sortDesc[0]) };
  });
  if (!sort.length && model.list.sort) sort.push({ field: model.list.sort.field, desc: !!model.list.sort.desc });
  // plain decimal integers only ('1e20', '0x10', ' 5' are no page numbers); the page stays in the
  // 32-bit range so that its offset is a valid bigint
  const integer = (v: unknown) => (typeof v === 'string' && /^-?\d{1,10}$/.test(v) ? Number(v) : NaN);
  let perPage = q.items_per_page === undefined || q.items_per_page === '' ? DEFAULT_ITEMS : integer(q.items_per_page);
  if (!Number.isInteger(perPage) || (perPage < 1 && perPage !== -1))
    throw badRequest('Parametro items_per_page non valido');
  if (perPage === -1 || perPage > MAX_ITEMS) perPage = MAX_ITEMS;
  const page = q.page === undefined || q.page === '' ? 1 : integer(q.page);
  if (!Number.isInteger(page) || page < 1 || page > 2_147_483_647) throw badRequest('Parametro page non valido');
  const search = q.search_text === undefined ? '' : String(q.search_text);
  if (search.length > 255) throw badRequest('Testo di ricerca troppo lungo');
  if (search.includes('\u0000')) throw badRequest('Testo di ricerca non valido');
  return {
    withTrashed: truthy(q.with_trashed),
    searchText: search.trim(),
    filters,
    sort,
    perPage,
    page,
    onlyIds: truthy(q.only_ids),
  };
}

/** Converts one filter value to the field's type (server/db/fieldTypes.ts), or throws 400. */
function coerce(fd: FieldDef, value: unknown, name: string): unknown {
  if (value === null) return null;
  const out = SERVER_TYPES[fd.type].filter(value, fd);
  if (out === undefined) throw badRequest(`Valore non valido per il filtro: ${name}`);
  return out;
}

const param = (v: unknown, fd: FieldDef): SQL => {
  if (v === null) return sql`NULL`;
  return SERVER_TYPES[fd.type].param?.(v) ?? sql`${v}`;
};

/** `expr` compared with the filter's values. */
function comparison(expr: SQL, fd: FieldDef, type: string, vals: unknown[], name: string): SQL | null {
  const values = vals.map((v) => coerce(fd, v, name));
  switch (type) {
    case 'OR': {
      if (!values.length) return null;
      const nonNull = values.filter((v) => v !== null);
      const parts: SQL[] = [];
      if (nonNull.length)
        parts.push(
          sql`${expr} IN (${sql.join(
            nonNull.map((v) => param(v, fd)),
            sql`, `,
          )})`,
        );
      if (nonNull.length < values.length) parts.push(sql`${expr} IS NULL`);
      return sql`(${sql.join(parts, sql` OR `)})`;
    }
    case 'AND': {
      if (!values.length) return null;
      return sql`(${sql.join(
        values.map((v) => (v === null ? sql`${expr} IS NULL` : sql`${expr} = ${param(v, fd)}`)),
        sql` AND `,
      )})`;
    }
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt': {
      if (!values.length || values[0] === null) throw badRequest(`Valore mancante per il filtro: ${name}`);
      const op = { gte: sql`>=`, lte: sql`<=`, gt: sql`>`, lt: sql`<` }[type];
      return sql`${expr} ${op} ${param(values[0], fd)}`;
    }
    default:
      throw badRequest(`Tipo di filtro non valido: ${type}`);
  }
}

/** Resolves `name` to a relation field of `model` (accepts `legal_status_id` or `legal_status`). */
function relationField(model: ModelDef, name: string): [string, FieldDef] | undefined {
  for (const key of [name, `${name}_id`]) {
    const fd = model.fields[key];
    if (fd && (fd.type === 'relation' || fd.type === 'manyToMany')) return [key, fd];
  }
  return undefined;
}

function filterCondition(model: ModelDef, f: FilterSpec): SQL | null {
  const vals = asArray(f.val);
  if (f.relation_field_name) {
    const rel = relationField(model, f.name);
    if (!rel || !rel[1].filterable) throw badRequest(`Filtro non valido: ${f.name}`);
    const [key, fd] = rel;
    const ref = modelByName.get(fd.ref!)!;
    const rfName = f.relation_field_name;
    const rfd = ref.fields[rfName] ?? SYSTEM_FIELDS[rfName];
    if (!rfd || rfd.hidden || !(rfd.filterable || rfd.searchable))
      throw badRequest(`Filtro non valido: ${f.name}.${rfName}`);
    const cmp = comparison(col('r', rfName), rfd, f.type, vals, f.name);
    if (!cmp) return null;
    if (fd.type === 'relation') {
      return sql`${col('t', key)} IN (SELECT r."id" FROM ${ident(ref.table)} r WHERE ${cmp})`;
    }
    const p = fd.pivot!;
    return sql`EXISTS (SELECT 1 FROM ${ident(p.table)} p JOIN ${ident(ref.table)} r ON r."id" = p.${ident(p.other)} WHERE p.${ident(p.own)} = t."id" AND ${cmp})`;
  }
  const fd = model.fields[f.name] ?? SYSTEM_FIELDS[f.name];
  const column = columnOf(model, f.name);
  if (!fd || !fd.filterable || fd.hidden || !column) throw badRequest(`Filtro non valido: ${f.name}`);
  if (fd.type === 'manyToMany') {
    const p = fd.pivot!;
    const ids = vals.map((v) => coerce(fd, v, f.name)) as number[];
    if (!ids.length) return null;
    const list = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const pivot = sql`FROM ${ident(p.table)} p WHERE p.${ident(p.own)} = t."id" AND p.${ident(p.other)} IN (${list})`;
    if (f.type === 'OR') return sql`EXISTS (SELECT 1 ${pivot})`;
    if (f.type === 'AND') return sql`(SELECT count(DISTINCT p.${ident(p.other)}) ${pivot}) = ${new Set(ids).size}`;
    throw badRequest(`Tipo di filtro non valido: ${f.type}`);
  }
  return comparison(column, fd, f.type, vals, f.name);
}

/** All conditions of a list call (scope, trash, search, filters). */
export function whereClause(model: ModelDef, ctx: Ctx, p: ListParams): SQL {
  const parts: SQL[] = [scopeCondition(model, ctx)];
  if (model.softDelete && !p.withTrashed) parts.push(sql`t."deleted_at" IS NULL`);
  if (p.searchText) {
    const fields = Object.entries(model.fields).filter(([, fd]) => fd.searchable && !fd.hidden);
    for (const word of p.searchText.split(/\s+/)) {
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const ors = fields.map(([n, fd]) =>
        isTextType(fd) ? sql`${col('t', n)} ILIKE ${like}` : sql`${col('t', n)}::text ILIKE ${like}`,
      );
      parts.push(ors.length ? sql`(${sql.join(ors, sql` OR `)})` : sql`FALSE`);
    }
  }
  let combined: SQL | null = null;
  for (const f of p.filters) {
    const glue = (f.glue ?? 'and').toLowerCase();
    if (glue !== 'and' && glue !== 'or') throw badRequest(`Glue non valido: ${f.glue}`);
    const c = filterCondition(model, f);
    if (!c) continue;
    combined = combined ? (glue === 'or' ? sql`(${combined} OR ${c})` : sql`(${combined} AND ${c})`) : c;
  }
  if (combined) parts.push(combined);
  return sql.join(parts, sql` AND `);
}

function orderClause(model: ModelDef, p: ListParams, proj?: Projection): SQL {
  const parts = p.sort.map(({ field, desc }) => {
    const fd = model.fields[field];
    const alias = proj?.joinAlias.get(field);
    const ref = alias && fd?.type === 'relation' ? modelByName.get(fd.ref!)! : undefined;
    const sortField = ref ? ref.fields[ref.labelFields[0]!] : fd;
    const raw = ref ? sql`${col(alias!, ref.labelFields[0]!)}` : columnOf(model, field)!;
    // text sorts as Italians read it: case- and accent-insensitive first ('È' with 'E'), the
    // same on PGlite and PostgreSQL (both ship ICU's root collation)
    const expr = sortField && isTextType(sortField) ? sql`${raw} COLLATE "und-x-icu"` : raw;
    return desc ? sql`${expr} DESC NULLS LAST` : sql`${expr} ASC NULLS LAST`;
  });
  parts.push(sql`t."id" ASC`);
  return sql.join(parts, sql`, `);
}

export interface ListQueryParts {
  main: SQL;
  count: SQL;
  proj: Projection | null;
}

/** Builds the SQL of a list call (exported for the benchmark, which runs the same SQL directly). */
export function buildListQuery(model: ModelDef, ctx: Ctx, collection: string, p: ListParams): ListQueryParts {
  const from = sql`FROM ${ident(model.table)} t`;
  const where = whereClause(model, ctx, p);
  const count = sql`SELECT count(*)::int AS "total" ${from} WHERE ${where}`;
  if (p.onlyIds) {
    return {
      main: sql`SELECT t."id" AS "id", count(*) OVER()::int AS "__total" ${from} WHERE ${where} ORDER BY ${orderClause(model, p)} LIMIT ${p.perPage}`,
      count,
      proj: null,
    };
  }
  const columns = collectionColumns(model, collection);
  if (!columns) throw notFound();
  const proj = projection(model, columns);
  const offset = (p.page - 1) * p.perPage;
  const main = sql`SELECT ${sql.join(proj.selects, sql`, `)}, count(*) OVER()::int AS "__total" ${from} ${sql.join(proj.joins, sql` `)} WHERE ${where} ORDER BY ${orderClause(model, p, proj)} LIMIT ${p.perPage} OFFSET ${offset}`;
  return { main, count, proj };
}

export function itemMetaData(model: ModelDef, ctx: Ctx, rows: Record<string, unknown>[]): ItemMetaData {
  // a read-only model's rows are its area's: no delete and no card to edit
  const base: ItemFlags = {
    is_selectable: true,
    is_erasable: !model.readOnly && can(ctx, model, 'delete'),
    disable_edit_item: !!model.readOnly || !can(ctx, model, 'update'),
  };
  const canForce = can(ctx, model, 'force_delete');
  const items: ItemMetaData['items'] = {};
  for (const r of rows) {
    if (r.trashed && base.is_erasable && !canForce) items[String(r.id)] = { is_erasable: false };
  }
  return {
    can_add_new: !model.readOnly && can(ctx, model, 'create'),
    expand_field: model.list.expandField ?? null,
    ...base,
    items,
  };
}

type Exec = (q: SQL) => Promise<Record<string, unknown>[]>;

export async function listRecords(
  exec: Exec,
  ctx: Ctx,
  model: ModelDef,
  collection: string,
  q: Record<string, unknown>,
) {
  if (!can(ctx, model, 'view')) throw forbidden();
  if (!collectionColumns(model, collection)) throw notFound();
  const p = parseListParams(model, q);
  const { main, count, proj } = buildListQuery(model, ctx, collection, p);
  const rows = await exec(main);
  let total = rows.length ? Number(rows[0].__total) : 0;
  if (!rows.length && p.page > 1) total = Number((await exec(count))[0].total);
  for (const r of rows) delete r.__total;
  const meta: ListMeta = {
    total,
    current_page: p.page,
    per_page: p.perPage,
    last_page: Math.max(1, Math.ceil(total / p.perPage)),
  };
  if (p.onlyIds) return { data: rows.map((r) => r.id), meta };
  const data = (proj ? rows.map((r) => shapeRow(r, proj)) : rows).map((r) => numbersFromDb(r, model.fields));
  return { data, meta, item_meta_data: itemMetaData(model, ctx, data) };
}
