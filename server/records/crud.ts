/**
 * Generic CRUD over any declared model, with tenancy, permissions, validation, unique
 * codes, optimistic locking, soft delete and audit (PRODUCT.md §4).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldDef } from '../../model/fields.js';
import type { ModelDef } from '../../model/define.js';
import { atLeast } from '../../model/define.js';
import { hooksOf } from '../models/index.js';
import { modelByName } from '../../model/registry.js';
import { validateRecord, defaultOf, type FieldErrors } from '../../model/validate.js';
import type { Ctx } from '../auth/context.js';
import { can } from '../auth/context.js';
import { hashPassword } from '../auth/password.js';
import { HttpError, MSG, forbidden, notFound } from '../errors.js';
import { idList } from './ids.js';
import { fieldExpr, m2mExpr, scopeCondition, systemExprs } from './sql.js';
import { col, ident, idArray } from '../db/sql.js';
import { numbersFromDb, toDbValue, sameValue } from './values.js';
import { audit, auditMany, diff } from './audit.js';
import { checkFiscalCodes } from './fiscalCode.js';
import { checkImages, decodeImages } from './images.js';
import type { Exec, Row } from './exec.js';

export type Tx = <T>(fn: (exec: Exec) => Promise<T>) => Promise<T>;

/** Select list of a full record (every visible field). */
function recordSelect(model: ModelDef): SQL {
  const parts = [...systemExprs(model)];
  for (const [name, fd] of Object.entries(model.fields)) {
    if (fd.hidden) continue;
    parts.push(
      fd.type === 'manyToMany'
        ? sql`${m2mExpr(fd)} AS ${ident(name)}`
        : sql`${fieldExpr('t', name, fd)} AS ${ident(name)}`,
    );
    if (fd.type === 'manyToMany' && fd.countAs) parts.push(sql`cardinality(${m2mExpr(fd)}) AS ${ident(fd.countAs)}`);
  }
  return sql.join(parts, sql`, `);
}

const parseId = (id: unknown): number => {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw notFound();
  return n;
};

/** One record the caller may see (trashed included), or 404. */
export async function getRecord(
  exec: Exec,
  ctx: Ctx,
  model: ModelDef,
  rawId: unknown,
  opts: { forUpdate?: boolean } = {},
): Promise<Row> {
  const id = parseId(rawId);
  if (!can(ctx, model, 'view', id)) throw forbidden();
  const rows = await exec(sql`SELECT ${recordSelect(model)} FROM ${ident(model.table)} t
    WHERE t."id" = ${id} AND ${scopeCondition(model, ctx)} ${opts.forUpdate ? sql`FOR UPDATE` : sql``}`);
  if (!rows.length) throw notFound();
  return numbersFromDb(rows[0], model.fields);
}

const writable = (model: ModelDef) => Object.entries(model.fields).filter(([, fd]) => !fd.readOnly);

function mayWriteField(ctx: Ctx, fd: FieldDef) {
  return !fd.writeRole || atLeast(ctx.role, fd.writeRole);
}

/** Relations must point to rows the caller may see (and not trashed). */
async function checkRelations(exec: Exec, ctx: Ctx, model: ModelDef, values: Row, errors: FieldErrors) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (!(name in values) || values[name] == null) continue;
    if (fd.type !== 'relation' && fd.type !== 'manyToMany') continue;
    const ref = modelByName.get(fd.ref!)!;
    const ids = (fd.type === 'relation' ? [values[name]] : (values[name] as number[])).map(Number);
    if (!ids.length) continue;
    if (ids.some((i) => !Number.isInteger(i) || i < 1 || i > 2_147_483_647)) {
      errors[name] = ['Elemento non trovato'];
      continue;
    }
    const found = await exec(sql`SELECT t."id" FROM ${ident(ref.table)} t
      WHERE t."id" IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) AND ${scopeCondition(ref, ctx)}
      ${ref.softDelete ? sql`AND t."deleted_at" IS NULL` : sql``}`);
    if (found.length !== new Set(ids).size) {
      errors[name] = ['Elemento non trovato o cestinato'];
      continue;
    }
  }
}

/**
 * Unique fields: a trashed duplicate is a 409, an active one a 422 field error. A field unique
 * across the product (`unique: 'product'`, a login e-mail) is checked in every studio and always
 * answers the 422: neither the studio nor the trash of the other row is told. A lowercase field
 * compares trimmed and lowercased, as its unique index does.
 */
async function checkUnique(exec: Exec, ctx: Ctx, model: ModelDef, values: Row, id: number | null, errors: FieldErrors) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (!fd.unique || values[name] == null || errors[name]) continue;
    // unique together with other fields: checked here when they are known, else by the index (mapUnique)
    if (fd.uniqueWith?.some((w) => values[w] == null)) continue;
    const acrossStudios = fd.unique === 'product';
    const column = fd.lowercase ? sql`lower(trim(${col('t', name)}))` : col('t', name);
    const value = fd.lowercase ? String(values[name]).trim().toLowerCase() : values[name];
    if (acrossStudios && fd.uniqueExcept) {
      // refused only when the row's own studio has it; another studio's identity with it marks the
      // row instead (nothing tells the caller that the value exists elsewhere, issue 25 item 6b)
      const studioId = Number(values.studio_id ?? ctx.studioId);
      const except = col('t', fd.uniqueExcept);
      // two writes of one value at once are judged one after the other (the second sees the first)
      await lockValue(exec, model, name, value);
      const found = await exec(sql`SELECT (t."studio_id" = ${studioId}) AS "here" FROM ${ident(model.table)} t
        WHERE ${column} = ${value} ${id ? sql`AND t."id" <> ${id}` : sql``}
          AND (t."studio_id" = ${studioId} OR ${except} IS NOT TRUE)`);
      if (found.some((r) => r.here)) errors[name] = [MSG.duplicate];
      else values[fd.uniqueExcept] = found.length > 0;
      continue;
    }
    const rows =
      await exec(sql`SELECT t."id", ${model.softDelete ? sql`(t."deleted_at" IS NOT NULL)` : sql`FALSE`} AS "trashed"
      FROM ${ident(model.table)} t WHERE ${column} = ${value}
      ${sql.join(
        (fd.uniqueWith ?? []).map((w) => sql`AND ${col('t', w)} = ${values[w]}`),
        sql` `,
      )}
      ${model.scope === 'studio' && !acrossStudios ? sql`AND t."studio_id" = ${Number(values.studio_id ?? ctx.studioId)}` : sql``}
      ${id ? sql`AND t."id" <> ${id}` : sql``} LIMIT 1`);
    if (!rows.length) continue;
    if (rows[0].trashed && !acrossStudios) throw new HttpError(409, MSG.trashedDuplicate);
    errors[name] = [MSG.duplicate];
  }
}

/** Serializes, until the transaction ends, the writes of one value of a unique field (`users.email:…`). */
export async function lockValue(exec: Exec, model: ModelDef, field: string, value: unknown) {
  await exec(sql`SELECT pg_advisory_xact_lock(hashtext(${`${model.table}.${field}:${String(value)}`}))`);
}

function failIf(errors: FieldErrors) {
  if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
}

async function writePivots(exec: Exec, model: ModelDef, id: number, values: Row) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (fd.type !== 'manyToMany' || !(name in values)) continue;
    const p = fd.pivot!;
    const ids = [...new Set(((values[name] as unknown[]) ?? []).map(Number))];
    await exec(sql`DELETE FROM ${ident(p.table)} WHERE ${ident(p.own)} = ${id}`);
    if (ids.length) {
      await exec(sql`INSERT INTO ${ident(p.table)} (${ident(p.own)}, ${ident(p.other)})
        VALUES ${sql.join(
          ids.map((o) => sql`(${id}, ${o})`),
          sql`, `,
        )}`);
    }
  }
}

/**
 * Marks an input as written by a model's own calls (`writtenBy`): a symbol, never part of a JSON
 * body, so the generic endpoints cannot pass it.
 */
export const SERVICE_WRITE = Symbol("written by the model's own calls");

/**
 * A model written by its own calls (`writtenBy`): the generic create and update answer 405 naming
 * them, before any version check (a restore from the trash, C11, changes none of their data).
 */
function refuseGenericWrite(model: ModelDef, input: Row) {
  if (model.writtenBy && !(input as Record<symbol, unknown>)[SERVICE_WRITE] && !isPureRestore(model, input))
    throw new HttpError(405, `${model.plural}: si scrivono con ${model.writtenBy}`);
}

/** Validated and converted column values from the input (only writable fields). */
async function prepare(exec: Exec, ctx: Ctx, model: ModelDef, input: Row, mode: 'create' | 'update', existing?: Row) {
  refuseGenericWrite(model, input);
  const source: Row = { ...(hooksOf(model).beforeValidate?.({ ctx, model, mode, input: { ...input } }) ?? input) };
  if (mode === 'create') {
    for (const [name, fd] of writable(model)) {
      if (source[name] === undefined && fd.default !== undefined) source[name] = defaultOf(fd);
    }
  }
  const errors = validateRecord(model, source, mode);
  checkFiscalCodes(model, source, errors);
  await checkImages(model, source, errors);
  const values: Row = {};
  for (const [name, fd] of writable(model)) {
    if (!(name in source)) continue;
    if (fd.type === 'password' && (source[name] == null || source[name] === '')) continue;
    if (errors[name]) continue;
    const v = toDbValue(fd, source[name]);
    if (fd.createOnly && mode === 'update') {
      if (!sameValue(existing?.[name], v)) errors[name] = [MSG.createOnly];
      continue;
    }
    if (!mayWriteField(ctx, fd)) {
      const current = existing?.[name] ?? (mode === 'create' ? toDbValue(fd, defaultOf(fd)) : null);
      if (!sameValue(current, v) && !(mode === 'create' && v == null)) throw forbidden();
      continue;
    }
    values[name] = v;
  }
  // a read-only field with a default (managed by the server) starts from it
  if (mode === 'create') {
    for (const [name, fd] of Object.entries(model.fields)) {
      if (fd.readOnly && fd.default !== undefined && fd.type !== 'manyToMany')
        values[name] = toDbValue(fd, defaultOf(fd));
    }
  }
  await checkRelations(exec, ctx, model, values, errors);
  return { values, errors };
}

async function hashPasswords(model: ModelDef, values: Row) {
  for (const [name, fd] of Object.entries(model.fields)) {
    if (fd.type === 'password' && typeof values[name] === 'string')
      values[name] = await hashPassword(values[name] as string);
  }
}

const columnEntries = (model: ModelDef, values: Row) =>
  Object.entries(values).filter(([name]) => model.fields[name]?.type !== 'manyToMany');

export async function createRecord(tx: Tx, ctx: Ctx, model: ModelDef, input: Row): Promise<Row> {
  if (!can(ctx, model, 'create') || (model.scope === 'tenant' && ctx.role !== 'SuperAdmin')) throw forbidden();
  await decodeImages(model, input);
  return tx(async (exec) => {
    const { values, errors } = await prepare(exec, ctx, model, input, 'create');
    if (model.scope === 'studio' && (values.studio_id == null || !model.fields.studio_id))
      values.studio_id = ctx.studioId;
    await checkUnique(exec, ctx, model, values, null, errors);
    await hooksOf(model).beforeChange?.({ exec, ctx, model, mode: 'create', values, errors });
    failIf(errors);
    await hashPasswords(model, values);
    const cols = columnEntries(model, values);
    const inserted = await mapUnique(model, () =>
      cols.length
        ? exec(sql`INSERT INTO ${ident(model.table)} (${sql.join(
            cols.map(([n]) => ident(n)),
            sql`, `,
          )})
          VALUES (${sql.join(
            cols.map(([, v]) => sql`${v}`),
            sql`, `,
          )}) RETURNING "id"`)
        : exec(sql`INSERT INTO ${ident(model.table)} DEFAULT VALUES RETURNING "id"`),
    );
    const id = Number(inserted[0].id);
    await writePivots(exec, model, id, values);
    const row = await getRecord(exec, ctx, model, id);
    await audit(exec, ctx, model, id, 'create', diff(model, null, row));
    await hooksOf(model).afterChange?.({ exec, ctx, model, mode: 'create', id, row });
    return row;
  });
}

/**
 * The version an update is based on: `updated_at` as the record answered it, or the
 * `If-Match` header (the ETag of GET). Without one: 428 (an update must not silently
 * overwrite a change it never saw).
 */
export function versionOf(input: Row, ifMatch?: string): string {
  const raw =
    input.updated_at ??
    (ifMatch
      ? ifMatch
          .trim()
          .replace(/^W\//, '')
          .replace(/^"(.*)"$/, '$1')
      : undefined);
  if (raw == null || raw === '') throw new HttpError(428, MSG.versionRequired);
  if (typeof raw !== 'string' || !VERSION.test(raw))
    throw new HttpError(422, MSG.validation, { updated_at: ['Versione del record non valida'] });
  return raw;
}
const VERSION = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;
/** A version as a local (Europe/Rome) timestamp: compared as a time, not as text. */
const versionTime = (v: string) => sql`(${v}::timestamptz AT TIME ZONE 'Europe/Rome')`;

/** 412 unless the row's `updated_at` is the version the change was based on. */
async function checkVersion(exec: Exec, model: ModelDef, existing: Row, version: string) {
  if (version === existing.updated_at) return;
  const rows = await exec(
    sql`SELECT (t."updated_at" = ${versionTime(version)}) AS "same" FROM ${ident(model.table)} t WHERE t."id" = ${Number(existing.id)}`,
  );
  if (rows[0]?.same !== true) throw new HttpError(412, MSG.stale);
}

/**
 * Multiple mode: the same record for each value of `input[list]` in `field` (a transaction for
 * each selected customer), in one transaction and a few set-based statements: one validation,
 * one check that every value is a row the caller may use (else 404 and nothing is written), one
 * INSERT … SELECT over the values, one audit statement.
 */
export async function createRecords(
  tx: Tx,
  ctx: Ctx,
  model: ModelDef,
  input: Row,
  multiple: { field: string; list: string },
): Promise<Row[]> {
  if (!can(ctx, model, 'create') || (model.scope === 'tenant' && ctx.role !== 'SuperAdmin')) throw forbidden();
  const raw = input[multiple.list];
  const ids = Array.isArray(raw) || typeof raw === 'string' ? idList(raw) : null;
  if (!Array.isArray(ids))
    throw new HttpError(422, MSG.validation, { [multiple.list]: ['Seleziona almeno 1 elementi'] });
  const fd = model.fields[multiple.field]!;
  const ref = modelByName.get(fd.ref!)!;
  const hooks = hooksOf(model);
  if (
    hooks.beforeValidate ||
    hooks.beforeChange ||
    hooks.afterChange ||
    Object.values(model.fields).some((f) => f.unique || f.type === 'manyToMany')
  ) {
    throw new HttpError(422, MSG.validation, {
      [multiple.list]: ['Modalità multipla non disponibile per questo elemento'],
    });
  }
  await decodeImages(model, input);
  return tx(async (exec) => {
    const found =
      await exec(sql`SELECT t."id" FROM ${ident(ref.table)} t WHERE t."id" = ANY(${idArray(ids)}) AND ${scopeCondition(ref, ctx)}
      ${ref.softDelete ? sql`AND t."deleted_at" IS NULL` : sql``}`);
    if (found.length !== ids.length) throw notFound();
    const { values, errors } = await prepare(exec, ctx, model, { ...input, [multiple.field]: ids[0] }, 'create');
    if (model.scope === 'studio' && (values.studio_id == null || !model.fields.studio_id))
      values.studio_id = ctx.studioId;
    failIf(errors);
    // the first row as a plain insert (its values typed by their columns), the others copied from it
    const cols = columnEntries(model, values);
    const first = await exec(sql`INSERT INTO ${ident(model.table)} (${sql.join(
      cols.map(([n]) => ident(n)),
      sql`, `,
    )})
      VALUES (${sql.join(
        cols.map(([, v]) => sql`${v}`),
        sql`, `,
      )}) RETURNING "id"`);
    const firstId = Number(first[0]!.id);
    const copied = cols.filter(([n]) => n !== multiple.field).map(([n]) => ident(n));
    const rest = ids.slice(1);
    const others = rest.length
      ? await exec(sql`INSERT INTO ${ident(model.table)} (${sql.join([...copied, ident(multiple.field)], sql`, `)})
      SELECT ${sql.join([...copied.map((c) => sql`t.${c}`), sql`x`], sql`, `)} FROM ${ident(model.table)} t, unnest(${idArray(rest)}) AS x
      WHERE t."id" = ${firstId} ORDER BY x RETURNING "id"`)
      : [];
    const newIds = [firstId, ...others.map((r) => Number(r.id)).sort((a, b) => a - b)];
    await auditMany(exec, ctx, model, newIds, 'create');
    const rows = await exec(
      sql`SELECT ${recordSelect(model)} FROM ${ident(model.table)} t WHERE t."id" = ANY(${idArray(newIds)}) ORDER BY t."id"`,
    );
    return rows.map((r) => numbersFromDb(r, model.fields));
  });
}

export async function updateRecord(
  tx: Tx,
  ctx: Ctx,
  model: ModelDef,
  rawId: unknown,
  input: Row,
  opts: { ifMatch?: string } = {},
): Promise<Row> {
  await decodeImages(model, input);
  return tx(async (exec) => {
    // scope first: another studio's row is a 404 even to a role that may not update (no existence leak)
    const existing = await getRecord(exec, ctx, model, rawId, { forUpdate: true });
    if (!can(ctx, model, 'update', Number(rawId))) throw forbidden();
    refuseGenericWrite(model, input);
    // a pure restore changes no data: it needs no version (one given is still checked)
    if (!(isPureRestore(model, input) && input.updated_at == null && !opts.ifMatch)) {
      await checkVersion(exec, model, existing, versionOf(input, opts.ifMatch));
    }
    return updateWith(exec, ctx, model, existing, input);
  });
}

const isRestore = (model: ModelDef, input: Row) =>
  !!model.softDelete &&
  (input.restore === true || input.restore === 1 || input.restore === '1' || input.restore === 'true');

/** C11's restore and nothing else: `{restore: true, deleted_at: null}` (with at most the id and the version). */
function isPureRestore(model: ModelDef, input: Row): boolean {
  if (!isRestore(model, input) || input.deleted_at != null) return false;
  return Object.keys(input).every((k) => ['restore', 'deleted_at', 'id', 'updated_at', 'trashed'].includes(k));
}

/** A unique index refused the write (two concurrent creates of one code): 422 on its field. */
function uniqueViolation(e: unknown, model: ModelDef): HttpError | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  if (code !== '23505') return null;
  const constraint = err?.constraint ?? err?.cause?.constraint ?? '';
  const field = Object.keys(model.fields).find((name) => constraint === `${model.table}_${name}_uq`);
  return new HttpError(422, MSG.validation, { [field ?? 'id']: [MSG.duplicate] });
}

/** Runs a write; a unique violation becomes the field's 422. */
async function mapUnique<T>(model: ModelDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw uniqueViolation(e, model) ?? e;
  }
}

/** The update of one locked row whose version was checked. */
async function updateWith(exec: Exec, ctx: Ctx, model: ModelDef, existing: Row, input: Row): Promise<Row> {
  {
    const id = Number(existing.id);
    const restoring = isRestore(model, input);
    const { values, errors } = await prepare(exec, ctx, model, input, 'update', existing);
    const probe: Row = { ...values, studio_id: existing.studio_id };
    await checkUnique(exec, ctx, model, probe, id, errors);
    // what the check decided for the rows outside a uniqueness (`uniqueExcept`)
    for (const fd of Object.values(model.fields))
      if (fd.uniqueExcept && fd.uniqueExcept in probe) values[fd.uniqueExcept] = probe[fd.uniqueExcept];
    await hooksOf(model).beforeChange?.({ exec, ctx, model, mode: 'update', values, errors, existing });
    failIf(errors);
    await hashPasswords(model, values);
    const sets = columnEntries(model, values).map(([n, v]) => sql`${ident(n)} = ${v}`);
    sets.push(sql`"updated_at" = clock_timestamp()::timestamp`);
    if (restoring) sets.push(sql`"deleted_at" = NULL`);
    await mapUnique(model, () =>
      exec(sql`UPDATE ${ident(model.table)} SET ${sql.join(sets, sql`, `)} WHERE "id" = ${id}`),
    );
    await writePivots(exec, model, id, values);
    // seed B §4: files marked for deletion go when their record is saved (their bytes: the storage sweep)
    if (model.attachments)
      await exec(
        sql`DELETE FROM "attachments" WHERE "owner_model" = ${model.name} AND "owner_id" = ${id} AND "marked_for_deletion"`,
      );
    const row = await getRecord(exec, ctx, model, id);
    const changes = diff(model, existing, row);
    if (restoring && existing.trashed) await audit(exec, ctx, model, id, 'restore', null);
    if (Object.keys(changes).length) await audit(exec, ctx, model, id, 'update', changes);
    await hooksOf(model).afterChange?.({ exec, ctx, model, mode: 'update', id, row, before: existing });
    return row;
  }
}

/**
 * The same change to many rows, in one transaction: one UPDATE over the set and one
 * INSERT … SELECT of the audit rows (each with its own field changes). Models with behaviour
 * hooks, and changes to unique, hidden or many-to-many fields, go row by row (still one
 * transaction): their rules are per row.
 */
export async function updateRecords(
  tx: Tx,
  ctx: Ctx,
  model: ModelDef,
  ids: number[],
  input: Row,
  rawVersions?: unknown,
): Promise<{ updated: number }> {
  if (!can(ctx, model, 'update')) throw forbidden();
  refuseGenericWrite(model, input);
  // every row's version: `versions` {id: updated_at} as the rows were read
  const versions =
    rawVersions && typeof rawVersions === 'object' && !Array.isArray(rawVersions) ? (rawVersions as Row) : {};
  const data: Row = Object.fromEntries(Object.entries(input).filter(([k]) => k in model.fields));
  if (!Object.keys(data).length) throw new HttpError(422, MSG.validation, { data: ['Nessun campo da modificare'] });
  const hooks = hooksOf(model);
  const perRow =
    !!(hooks.beforeValidate || hooks.beforeChange || hooks.afterChange) ||
    Object.keys(data).some((k) => {
      const fd = model.fields[k]!;
      return fd.unique || fd.hidden || fd.type === 'manyToMany';
    });
  await decodeImages(model, data);
  return tx(async (exec) => {
    const found = await exec(
      sql`SELECT t."id" FROM ${ident(model.table)} t WHERE t."id" = ANY(${idArray(ids)}) AND ${scopeCondition(model, ctx)} FOR UPDATE`,
    );
    // scope first: another studio's row is a 404, never a 403 (no existence leak)
    if (found.length !== ids.length) throw notFound();
    const byId = ids.map((id) => versionOf({ updated_at: versions[String(id)] }));
    const changed =
      await exec(sql`SELECT v."id" FROM unnest(${idArray(ids)}, ${`{${byId.map((v) => `"${v}"`).join(',')}}`}::text[]) AS v("id", "version")
      JOIN ${ident(model.table)} t ON t."id" = v."id" WHERE t."updated_at" IS DISTINCT FROM (v."version"::timestamptz AT TIME ZONE 'Europe/Rome') LIMIT 1`);
    if (changed.length) throw new HttpError(412, MSG.stale);
    if (perRow) {
      for (const id of ids) await updateWith(exec, ctx, model, await getRecord(exec, ctx, model, id), data);
      return { updated: ids.length };
    }
    const { values, errors } = await prepare(exec, ctx, model, data, 'update');
    failIf(errors);
    const cols = columnEntries(model, values);
    if (!cols.length) return { updated: 0 };
    const sets = cols.map(([n, v]) => sql`${ident(n)} = ${v}`);
    const changes = cols.map(
      ([n]) => sql`${n}::text, CASE WHEN o.${ident(n)} IS DISTINCT FROM u.${ident(`new_${n}`)}
      THEN jsonb_build_array(o.${ident(n)}, u.${ident(`new_${n}`)}) END`,
    );
    const studioId = model.scope === 'global' ? null : ctx.studioId;
    await mapUnique(model, () =>
      exec(sql`WITH o AS (
        SELECT t."id", ${sql.join(
          cols.map(([n]) => sql`t.${ident(n)}`),
          sql`, `,
        )} FROM ${ident(model.table)} t WHERE t."id" = ANY(${idArray(ids)})
      ), u AS (
        UPDATE ${ident(model.table)} t SET ${sql.join(sets, sql`, `)}, "updated_at" = clock_timestamp()::timestamp
        FROM o WHERE t."id" = o."id"
        RETURNING t."id", ${sql.join(
          cols.map(([n]) => sql`t.${ident(n)} AS ${ident(`new_${n}`)}`),
          sql`, `,
        )}
      ), c AS (
        SELECT u."id", jsonb_strip_nulls(jsonb_build_object(${sql.join(changes, sql`, `)})) AS "changes" FROM u JOIN o ON o."id" = u."id"
      )
      INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
      SELECT ${studioId}::int, ${model.name}, c."id", 'update', ${ctx.userId}::int, ${ctx.name}, c."changes" FROM c WHERE c."changes" <> '{}'::jsonb`),
    );
    return { updated: ids.length };
  });
}

/** Parses `[1,2,3]` or `7` from the path. */
export function parseIds(raw: string): number[] {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'Elenco di id non valido');
  }
  const ids = idList(text);
  if (!Array.isArray(ids)) throw new HttpError(400, 'Elenco di id non valido');
  return ids;
}

/**
 * Seconds a row just trashed stays in the trash when a force_delete=auto comes without the
 * version the caller saw it at: a double click, a client's or a proxy's retry trash it once and
 * never delete it forever (issue 25 item 4).
 */
export const TRASH_GRACE_SECONDS = 60;

/**
 * `versions` of a delete: `{id: updated_at}` as the caller saw each row (JSON in the query, as the
 * bulk update's `versions`). Only evidence: a version is never required.
 */
export function parseDeleteVersions(raw: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (raw === undefined || raw === null || raw === '') return out;
  const bad = () => new HttpError(400, 'Parametro versions non valido: atteso {id: updated_at}');
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw bad();
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad();
  for (const [key, version] of Object.entries(parsed as Record<string, unknown>)) {
    const id = Number(key);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || typeof version !== 'string' || !VERSION.test(version))
      throw bad();
    out.set(id, version);
  }
  return out;
}

/**
 * force_delete=auto: trashes active rows and permanently deletes rows already trashed, in one
 * transaction. Models without soft delete are deleted permanently; `force` deletes every row.
 *
 * Safe to repeat: a trashed row is deleted forever only when the caller saw it in the trash — the
 * version it sent (`versions`) is the row's current one — or, without a version, when it was
 * trashed more than TRASH_GRACE_SECONDS ago. Any other trashed row (trashed meanwhile by a double
 * click, a retry, another user) stays in the trash and counts as trashed. The rows are locked
 * before they are judged (a concurrent call waits and then sees them trashed), and the UPDATE and
 * DELETE repeat the conditions they were chosen by.
 */
export async function deleteRecords(
  tx: Tx,
  ctx: Ctx,
  model: ModelDef,
  ids: number[],
  mode: 'auto' | 'soft' | 'force' = 'auto',
  versions: Map<number, string> = new Map(),
) {
  return tx(async (exec) => {
    const seenIds = [...versions.keys()].filter((id) => ids.includes(id));
    const seen = sql`(SELECT (v."version"::timestamptz AT TIME ZONE 'Europe/Rome') FROM unnest(${idArray(seenIds)}, ${`{${seenIds.map((id) => `"${versions.get(id)}"`).join(',')}}`}::text[]) AS v("id", "version") WHERE v."id" = t."id")`;
    // a trashed row the caller saw trashed (its version) or trashed before the grace period
    const deletable = (
      t: SQL,
    ) => sql`(${t}."deleted_at" IS NOT NULL AND (${t}."deleted_at" <= clock_timestamp()::timestamp - make_interval(secs => ${TRASH_GRACE_SECONDS})
      OR ${t}."updated_at" = ${seen}))`;
    const rows = await exec(sql`SELECT t."id",
        ${model.softDelete ? sql`(t."deleted_at" IS NOT NULL)` : sql`TRUE`} AS "trashed",
        ${model.softDelete ? deletable(sql`t`) : sql`TRUE`} AS "deletable"
      FROM ${ident(model.table)} t WHERE t."id" = ANY(${idArray(ids)}) AND ${scopeCondition(model, ctx)} FOR UPDATE OF t`);
    // scope first: another studio's row is a 404, never a 403 (no existence leak)
    if (rows.length !== ids.length) throw notFound();
    if (model.scope === 'tenant' && ctx.role !== 'SuperAdmin') throw forbidden();
    // a read-only model's rows are removed by its area's calls only (a batch is cancelled), or never
    if (model.readOnly) {
      if (!can(ctx, model, 'delete')) throw forbidden();
      throw new HttpError(405, `${model.plural}: non si eliminano (si scrivono con ${model.writtenBy})`);
    }
    const force = mode === 'force' || !model.softDelete;
    const toTrash = force ? [] : rows.filter((r) => !r.trashed).map((r) => Number(r.id));
    const toDelete = force
      ? rows.map((r) => Number(r.id))
      : mode === 'auto'
        ? rows.filter((r) => r.deletable).map((r) => Number(r.id))
        : [];
    // trashed rows the grace period keeps: the caller asked to delete them forever
    const keptIds = rows
      .filter((r) => !toTrash.includes(Number(r.id)) && !toDelete.includes(Number(r.id)))
      .map((r) => Number(r.id));
    // the role first, then the references, then the model's hooks (issue 45 items 19, 26): a
    // caller who may not do it learns nothing of the rows (a 403 before any 409 of theirs)
    if (toTrash.length && !can(ctx, model, 'delete')) throw forbidden();
    if ((toDelete.length || keptIds.length) && !can(ctx, model, model.softDelete ? 'force_delete' : 'delete'))
      throw forbidden();
    // rows other rows still reference are a 409 whatever their age in the trash: tried in a
    // savepoint, undone at once
    const forever = [...toDelete, ...keptIds];
    if (forever.length && !force) {
      await exec(sql`SAVEPOINT "delete_check"`);
      try {
        await exec(sql`DELETE FROM ${ident(model.table)} WHERE "id" = ANY(${idArray(forever)})`);
      } catch (e) {
        await exec(sql`ROLLBACK TO SAVEPOINT "delete_check"`);
        if (isFkViolation(e)) throw new HttpError(409, MSG.referenced);
        throw e;
      }
      await exec(sql`ROLLBACK TO SAVEPOINT "delete_check"`);
    }
    await hooksOf(model).beforeDelete?.({ exec, ctx, model, ids, trash: toTrash, forever: toDelete });
    // only rows trashed in the last minute, none trashed or deleted now: say so, never a false count
    if (keptIds.length && !toTrash.length && !toDelete.length) throw new HttpError(409, MSG.trashGrace);
    if (toTrash.length) {
      await exec(sql`UPDATE ${ident(model.table)} SET "deleted_at" = clock_timestamp()::timestamp, "updated_at" = clock_timestamp()::timestamp
        WHERE "id" = ANY(${idArray(toTrash)}) AND "deleted_at" IS NULL`);
      await auditMany(exec, ctx, model, toTrash, 'trash');
    }
    if (toDelete.length) {
      try {
        await exec(sql`DELETE FROM ${ident(model.table)} t WHERE t."id" = ANY(${idArray(toDelete)})
          ${force ? sql`` : sql`AND ${deletable(sql`t`)}`}`);
      } catch (e) {
        if (isFkViolation(e)) throw new HttpError(409, MSG.referenced);
        throw e;
      }
      await auditMany(exec, ctx, model, toDelete, 'delete');
      if (model.attachments)
        await exec(
          sql`DELETE FROM "attachments" WHERE "owner_model" = ${model.name} AND "owner_id" = ANY(${idArray(toDelete)})`,
        );
    }
    // the seeds' answer; the rows the grace period kept (trashed less than a minute ago), when any
    return { trashed: toTrash.length, deleted: toDelete.length, ...(keptIds.length ? { kept: keptIds.length } : {}) };
  });
}

/**
 * A delete refused because other rows still reference the row: 23503 foreign_key_violation,
 * or 23001 restrict_violation, which PostgreSQL 17+ (and so PGlite) raises for ON DELETE RESTRICT.
 */
export function isFkViolation(e: unknown): boolean {
  const code =
    (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23503' || code === '23001';
}
