/**
 * Collaborators assigned to customers (seed A: 'Assegna collaboratori', C24/C25). A customer has
 * one collaborator for accounting and one for studio jobs (`collaborator_accounting_id`,
 * `collaborator_studio_jobs_id`): these two relations are the whole whitelist — a table or
 * column named by a request is only ever compared with it, never put into SQL.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { auditRowsOf } from '../../records/audit.js';

/** relation name (C25) → the customers' column; the same column is C24's child_col_name. */
export const COLLABORATOR_RELATIONS = {
  collaborator_accounting: 'collaborator_accounting_id',
  collaborator_studio_jobs: 'collaborator_studio_jobs_id',
} as const;
export type CollaboratorColumn = (typeof COLLABORATOR_RELATIONS)[keyof typeof COLLABORATOR_RELATIONS];

const column = (c: CollaboratorColumn) =>
  c === 'collaborator_accounting_id' ? sql`"collaborator_accounting_id"` : sql`"collaborator_studio_jobs_id"`;

/** How many of these ids are customers of the caller's studio. */
export async function ownCustomers(exec: Exec, ctx: Ctx, ids: number[]): Promise<number> {
  const rows = await exec(
    sql`SELECT count(*)::int AS "n" FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Whether every id is an active collaborator (Admin or Collaboratore) of the caller's studio. */
export async function ownCollaborators(exec: Exec, ctx: Ctx, ids: number[]): Promise<boolean> {
  if (!ids.length) return true;
  const rows = await exec(sql`SELECT count(*)::int AS "n" FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
    WHERE u."id" = ANY(${idArray(ids)}) AND u."studio_id" = ${ctx.studioId} AND u."deleted_at" IS NULL AND u."active"
      AND r."name" IN ('Admin', 'Collaboratore')`);
  return Number(rows[0]?.n ?? 0) === new Set(ids).size;
}

/** C24: for each collaborator linked to some of these customers, the customers linked ({child id: [parent ids]}). */
export async function collaboratorLinks(
  exec: Exec,
  ctx: Ctx,
  col: CollaboratorColumn,
  customerIds: number[],
): Promise<Record<string, number[]>> {
  const rows = await exec(sql`SELECT c.${column(col)} AS "child", array_agg(c."id" ORDER BY c."id") AS "parents"
    FROM "customers" c WHERE c."id" = ANY(${idArray(customerIds)}) AND c."studio_id" = ${ctx.studioId} AND c.${column(col)} IS NOT NULL
    GROUP BY c.${column(col)}`);
  return Object.fromEntries(rows.map((r) => [String(r.child), (r.parents as unknown[]).map(Number)]));
}

/**
 * C25 in one UPDATE (and one audit statement): the selected collaborator becomes these customers'
 * one (`assign`), or the unselected ones are taken off them (`unassign`: customers linked to one of
 * them get none). Answers the customers changed.
 */
export async function setCollaborator(
  exec: Exec,
  ctx: Ctx,
  col: CollaboratorColumn,
  customerIds: number[],
  assign: number | null,
  unassign: number[],
): Promise<number> {
  const target = assign === null ? sql`NULL::int` : sql`${assign}::int`;
  const condition =
    assign === null
      ? sql`c.${column(col)} = ANY(${idArray(unassign.length ? unassign : [0])})`
      : sql`c.${column(col)} IS DISTINCT FROM ${assign}::int`;
  const rows = await exec(sql`WITH o AS (
      SELECT c."id", c.${column(col)} AS "old" FROM "customers" c
      WHERE c."id" = ANY(${idArray(customerIds)}) AND c."studio_id" = ${ctx.studioId} AND ${condition} FOR UPDATE
    ), u AS (
      UPDATE "customers" c SET ${column(col)} = ${target}, "updated_at" = clock_timestamp()::timestamp FROM o WHERE c."id" = o."id" RETURNING c."id"
    ), a AS (${auditRowsOf(ctx, 'o', 'Customer', 'update', sql`jsonb_build_object(${col}::text, jsonb_build_array(x."old", ${target}))`)})
    SELECT count(*)::int AS "n" FROM u`);
  return Number(rows[0]?.n ?? 0);
}
