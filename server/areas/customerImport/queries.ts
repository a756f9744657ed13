/**
 * The customer import's statements (issue 16): the staged file of an import, what the studio
 * already has that a row may match (customers by VAT number or fiscal code, codes in use, legal
 * representatives, legal statuses, collaborators), the multi-row writes of an import and the
 * statements of its undo. Every statement is scoped to the caller's studio.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { ImportListRow } from '../../../model/api/customerImport.js';
import type { Exec, Row } from '../../records/exec.js';
import { auditMany } from '../../records/audit.js';
import { getModel } from '../../../model/registry.js';
import { idArray, ident } from '../../db/sql.js';
import { turn } from '../../turns.js';

/** A text[] parameter (a Postgres array literal, each element quoted). */
const textArray = (xs: string[]) => sql`${`{${xs.map((x) => `"${x.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;

export interface StagedSource {
  headers: string[];
  rows: string[][];
  invalid?: Array<{ line: number; errors: Record<string, string> }>;
}

export interface ImportRecord {
  id: number;
  status: 'staged' | 'importing' | 'imported' | 'undone';
  file_name: string;
  file_format: string;
  source: StagedSource | null;
  mapping: unknown;
}

/**
 * A staged import: its record, then its rows a part at a time with a turn of the event loop between
 * two (a part that fails drops the import whole).
 */
export async function insertStagedImport(
  exec: Exec,
  ctx: Ctx,
  /** `parts`: the rows as JSON text, STAGED_PART (parse.ts) to a part */
  r: { fileName: string; format: string; headers: string[]; rowCount: number; parts: string[] },
): Promise<number> {
  const [row] =
    await exec(sql`INSERT INTO "customer_imports" ("studio_id", "user_id", "user_name", "file_name", "file_format", "source")
    VALUES (${ctx.studioId}, ${ctx.userId}, ${ctx.name}, ${r.fileName}, ${r.format},
      ${JSON.stringify({ headers: r.headers, row_count: r.rowCount })}::jsonb) RETURNING "id"`);
  const id = Number(row!.id);
  try {
    for (let part = 0; part < r.parts.length; part++) {
      await exec(
        sql`INSERT INTO "customer_import_rows" ("import_id", "part", "rows") VALUES (${id}, ${part}, ${r.parts[part]!}::jsonb)`,
      );
      await turn();
    }
  } catch (e) {
    await exec(sql`DELETE FROM "customer_imports" WHERE "id" = ${id}`).catch(() => undefined);
    throw e;
  }
  return id;
}

/**
 * An import of the caller's studio (locked for the transaction with `forUpdate`); with its staged
 * file (`withSource`, the default: headers and rows, read a part per statement), its headers only
 * ('headers': the rows are empty), or without (false).
 */
export async function importOf(
  exec: Exec,
  ctx: Ctx,
  id: number,
  opts: { forUpdate?: boolean; withSource?: boolean | 'headers' } = {},
): Promise<ImportRecord | null> {
  const [row] =
    await exec(sql`SELECT "id", "status", "file_name", "file_format", "mapping", ${opts.withSource === false ? sql`NULL` : sql`"source"`} AS "source"
    FROM "customer_imports" WHERE "id" = ${id} AND "studio_id" = ${ctx.studioId} ${opts.forUpdate ? sql`FOR UPDATE` : sql``}`);
  if (!row) return null;
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  const stored = json(row.source) as (Omit<StagedSource, 'rows'> & { row_count?: number }) | null;
  let source: StagedSource | null = null;
  if (stored) {
    const rows: string[][] = [];
    if (opts.withSource !== 'headers') {
      const count = await exec(sql`SELECT count(*)::int AS "n" FROM "customer_import_rows" WHERE "import_id" = ${id}`);
      for (let part = 0; part < Number(count[0]!.n); part++) {
        const [p] = await exec(
          sql`SELECT "rows" FROM "customer_import_rows" WHERE "import_id" = ${id} AND "part" = ${part}`,
        );
        for (const r of json(p!.rows) as string[][]) rows.push(r);
        await turn();
      }
    }
    source = { headers: stored.headers, rows, ...(stored.invalid ? { invalid: stored.invalid } : {}) };
  }
  return {
    id: Number(row.id),
    status: row.status as ImportRecord['status'],
    file_name: String(row.file_name),
    file_format: String(row.file_format),
    source,
    mapping: json(row.mapping),
  };
}

/** The mapping of the studio's last import that had one (remembered for the next file). */
export async function lastMapping(exec: Exec, ctx: Ctx): Promise<unknown> {
  const [row] = await exec(
    sql`SELECT "mapping" FROM "customer_imports" WHERE "studio_id" = ${ctx.studioId} AND "mapping" IS NOT NULL ORDER BY "id" DESC LIMIT 1`,
  );
  const v = row?.mapping;
  return typeof v === 'string' ? JSON.parse(v) : (v ?? null);
}

export async function saveMapping(exec: Exec, ctx: Ctx, id: number, mapping: unknown) {
  await exec(
    sql`UPDATE "customer_imports" SET "mapping" = ${JSON.stringify(mapping)}::jsonb WHERE "id" = ${id} AND "studio_id" = ${ctx.studioId}`,
  );
}

/** The studio's imports, newest first (the 'Importazioni' list). */
export async function listImports(exec: Exec, ctx: Ctx): Promise<ImportListRow[]> {
  return exec<ImportListRow>(sql`SELECT "id", "user_name", "file_name", "file_format", "status", "created_count", "updated_count", "skipped_count", "invalid_count",
      to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", to_char("imported_at", 'YYYY-MM-DD HH24:MI:SS') AS "imported_at",
      to_char("undone_at", 'YYYY-MM-DD HH24:MI:SS') AS "undone_at", "undone_by",
      COALESCE(("source"->>'row_count')::int, 0) AS "row_count"
    FROM "customer_imports" WHERE "studio_id" = ${ctx.studioId} AND "status" IN ('imported', 'undone') ORDER BY "id" DESC LIMIT 200`);
}

/** Staged files never imported are dropped after a day (they hold personal data). */
export async function dropStaleStaged(exec: Exec) {
  await exec(
    sql`DELETE FROM "customer_imports" WHERE "status" = 'staged' AND "created_at" < LOCALTIMESTAMP - interval '1 day'`,
  );
}

// ---------------------------------------------------------------------------
// what the studio already has
// ---------------------------------------------------------------------------

export interface ExistingCustomer {
  id: number;
  business_name: string;
  vat_id: string | null;
  fiscal_code: string | null;
  updated_at: string;
  values: Row;
}

/** The studio's active customers with one of these VAT numbers or fiscal codes, with the importable columns (for an update's 'before'). */
export async function customersByKeys(
  exec: Exec,
  ctx: Ctx,
  vats: string[],
  codes: string[],
  columns: string[],
): Promise<ExistingCustomer[]> {
  if (!vats.length && !codes.length) return [];
  const rows =
    await exec(sql`SELECT c."id", c."business_name", c."vat_id", upper(c."fiscal_code") AS "fiscal_code", c."updated_at"::text AS "updated_at",
      ${valuesOf(columns)} AS "values"
    FROM "customers" c WHERE c."studio_id" = ${ctx.studioId} AND c."deleted_at" IS NULL
      AND (c."vat_id" = ANY(${textArray(vats)}) OR upper(c."fiscal_code") = ANY(${textArray(codes)}))
    ORDER BY c."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    business_name: String(r.business_name),
    vat_id: r.vat_id as string | null,
    fiscal_code: r.fiscal_code as string | null,
    updated_at: String(r.updated_at),
    values: (typeof r.values === 'string' ? JSON.parse(r.values) : r.values) as Row,
  }));
}

/** The columns of customers `c` as one JSON object of texts. */
const valuesOf = (columns: string[]) =>
  sql`jsonb_build_object(${sql.join(
    columns.map((c) => sql`${c}::text, c.${ident(c)}::text`),
    sql`, `,
  )})`;

/** Customers of the studio by id (trashed included), with these columns as text. */
export async function customersByIds(
  exec: Exec,
  ctx: Ctx,
  ids: number[],
  columns: string[],
): Promise<Array<{ id: number; values: Row }>> {
  if (!ids.length) return [];
  const rows = await exec(
    sql`SELECT c."id", ${valuesOf(columns)} AS "values" FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId} ORDER BY c."id"`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    values: (typeof r.values === 'string' ? JSON.parse(r.values) : r.values) as Row,
  }));
}

/** Customer codes in use in the studio (trashed customers included: the code stays theirs), by code. */
export async function customerCodes(exec: Exec, ctx: Ctx, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await exec(
    sql`SELECT "id", "cod" FROM "customers" WHERE "studio_id" = ${ctx.studioId} AND "cod" = ANY(${textArray(codes)})`,
  );
  return new Map(rows.map((r) => [String(r.cod), Number(r.id)]));
}

export async function legalRepresentatives(
  exec: Exec,
  ctx: Ctx,
): Promise<Array<{ id: number; name: string; surname: string | null; fiscal_code: string | null }>> {
  const rows = await exec(
    sql`SELECT "id", "name", "surname", "fiscal_code" FROM "legal_representatives" WHERE "studio_id" = ${ctx.studioId} AND "deleted_at" IS NULL ORDER BY "id"`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    surname: r.surname as string | null,
    fiscal_code: r.fiscal_code as string | null,
  }));
}

/** The studio's legal statuses; trashed ones only to keep their codes from being reused. */
export async function legalStatuses(
  exec: Exec,
  ctx: Ctx,
): Promise<Array<{ id: number; cod: string; description: string | null; trashed: boolean }>> {
  const rows = await exec(
    sql`SELECT "id", "cod", "description", ("deleted_at" IS NOT NULL) AS "trashed" FROM "legal_statuses" WHERE "studio_id" = ${ctx.studioId} ORDER BY "id"`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    cod: String(r.cod),
    description: r.description as string | null,
    trashed: !!r.trashed,
  }));
}

/** Active collaborators of the studio (Admin or Collaboratore), matched by name or e-mail. */
export async function collaboratorsOf(
  exec: Exec,
  ctx: Ctx,
): Promise<Array<{ id: number; name: string; email: string }>> {
  const rows = await exec(sql`SELECT u."id", u."name", u."email" FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
    WHERE u."studio_id" = ${ctx.studioId} AND u."deleted_at" IS NULL AND u."active" AND r."name" IN ('Admin', 'Collaboratore') ORDER BY u."id"`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), email: String(r.email) }));
}

// ---------------------------------------------------------------------------
// writes
// ---------------------------------------------------------------------------

/** Inserts rows of one table (same columns each), in statements of at most `chunk` rows; the new ids in order. */
export async function insertMany(
  exec: Exec,
  table: string,
  columns: string[],
  rows: unknown[][],
  chunk = 500,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const out = await exec(sql`INSERT INTO ${ident(table)} (${sql.join(
      columns.map((c) => ident(c)),
      sql`, `,
    )})
      VALUES ${sql.join(
        part.map(
          (r) =>
            sql`(${sql.join(
              r.map((v) => sql`${v}`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      )} RETURNING "id"`);
    ids.push(...out.map((r) => Number(r.id)));
  }
  return ids;
}

/**
 * Inserts rows given as objects, many at a time with one JSON parameter per statement
 * (`jsonb_populate_recordset` over the table's own row type converts each value with its
 * column's input function): a few statements for ten thousand rows, no parameter per value.
 * Answers the new ids in the rows' order.
 */
export async function insertRecords(
  exec: Exec,
  table: string,
  columns: string[],
  rows: Row[],
  chunk = 2000,
): Promise<number[]> {
  const ids: number[] = [];
  const cols = sql.join(
    columns.map((c) => ident(c)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += chunk) {
    const part = JSON.stringify(rows.slice(i, i + chunk));
    const out = await exec(sql`INSERT INTO ${ident(table)} (${cols})
      SELECT ${cols} FROM jsonb_populate_recordset(NULL::${ident(table)}, ${part}::jsonb) WITH ORDINALITY AS r ORDER BY r.ordinality RETURNING "id"`);
    ids.push(...out.map((r) => Number(r.id)));
  }
  return ids;
}

/** Audit rows for new rows of a model. */
export const auditCreated = (exec: Exec, ctx: Ctx, modelName: string, ids: number[]) =>
  auditMany(exec, ctx, getModel(modelName), ids, 'create');

/** One customer's columns set to these values (an update by the import, or its undo). */
export async function updateCustomer(exec: Exec, id: number, values: Row) {
  const sets: SQL[] = Object.entries(values).map(([k, v]) => sql`${ident(k)} = ${v}`);
  sets.push(sql`"updated_at" = clock_timestamp()::timestamp`);
  await exec(sql`UPDATE "customers" SET ${sql.join(sets, sql`, `)} WHERE "id" = ${id}`);
}

export async function insertImportItems(
  exec: Exec,
  importId: number,
  items: Array<{ customerId: number; action: 'created' | 'updated'; before: Row | null }>,
  chunk = 1000,
) {
  for (let i = 0; i < items.length; i += chunk) {
    const part = items.slice(i, i + chunk);
    await exec(sql`INSERT INTO "customer_import_items" ("import_id", "customer_id", "action", "before")
      VALUES ${sql.join(
        part.map(
          (it) =>
            sql`(${importId}, ${it.customerId}, ${it.action}, ${it.before ? JSON.stringify(it.before) : null}::jsonb)`,
        ),
        sql`, `,
      )}`);
  }
}

export async function finishImport(
  exec: Exec,
  id: number,
  r: {
    counts: { created: number; updated: number; skipped: number; invalid: number };
    mapping: unknown;
    /** the rows left out and why, kept beside the staged rows (the CSV of invalid rows) */
    invalid: unknown[];
  },
) {
  // the staged rows stay where they are: only `invalid` is added (10,000 rows are not sent back)
  await exec(sql`UPDATE "customer_imports" SET "status" = 'imported', "imported_at" = LOCALTIMESTAMP(0), "heartbeat_at" = NULL, "mapping" = ${JSON.stringify(r.mapping)}::jsonb,
      "source" = "source" || jsonb_build_object('invalid', ${JSON.stringify(r.invalid)}::jsonb), "created_count" = ${r.counts.created}, "updated_count" = ${r.counts.updated},
      "skipped_count" = ${r.counts.skipped}, "invalid_count" = ${r.counts.invalid}
    WHERE "id" = ${id}`);
}

export async function importItems(
  exec: Exec,
  id: number,
): Promise<Array<{ customerId: number; action: 'created' | 'updated'; before: Row | null }>> {
  const rows = await exec(
    sql`SELECT "customer_id", "action", "before" FROM "customer_import_items" WHERE "import_id" = ${id} ORDER BY "customer_id"`,
  );
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    action: r.action as 'created' | 'updated',
    before: (typeof r.before === 'string' ? JSON.parse(r.before) : r.before) as Row | null,
  }));
}

/** Moves the import's new customers to the trash (those not trashed since); the ids trashed. */
export async function trashCustomers(exec: Exec, ctx: Ctx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows =
    await exec(sql`UPDATE "customers" SET "deleted_at" = LOCALTIMESTAMP(0), "updated_at" = clock_timestamp()::timestamp
    WHERE "id" = ANY(${idArray(ids)}) AND "studio_id" = ${ctx.studioId} AND "deleted_at" IS NULL RETURNING "id"`);
  const trashed = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await auditMany(exec, ctx, getModel('Customer'), trashed, 'trash');
  return trashed;
}

/** Undone by `by` (a person's name, or why the product took it back). */
export async function markUndone(exec: Exec, ctx: Ctx, id: number, by: string) {
  await exec(
    sql`UPDATE "customer_imports" SET "status" = 'undone', "undone_at" = LOCALTIMESTAMP(0), "undone_by" = ${by}, "heartbeat_at" = NULL
    WHERE "id" = ${id} AND "studio_id" = ${ctx.studioId}`,
  );
}

/** Claimed by a run: its steps follow. */
export async function markImporting(exec: Exec, ctx: Ctx, id: number) {
  await exec(
    sql`UPDATE "customer_imports" SET "status" = 'importing', "heartbeat_at" = LOCALTIMESTAMP WHERE "id" = ${id} AND "studio_id" = ${ctx.studioId}`,
  );
}

/** A step of the run written. */
export async function heartbeat(exec: Exec, id: number) {
  await exec(sql`UPDATE "customer_imports" SET "heartbeat_at" = LOCALTIMESTAMP WHERE "id" = ${id}`);
}

/** The studio's imports left 'importing' with no step for `minutes`. */
export async function staleImporting(exec: Exec, ctx: Ctx, minutes: number): Promise<number[]> {
  const rows =
    await exec(sql`SELECT "id" FROM "customer_imports" WHERE "studio_id" = ${ctx.studioId} AND "status" = 'importing'
    AND "heartbeat_at" < LOCALTIMESTAMP - make_interval(mins => ${minutes}::int) ORDER BY "id"`);
  return rows.map((r) => Number(r.id));
}
