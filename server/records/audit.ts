/** Audit log: who did what to which record, and which fields changed from what to what. */
import { sql, type SQL } from 'drizzle-orm';
import type { ModelDef } from '../../model/define.js';
import type { Ctx } from '../auth/context.js';
import type { Exec, Row } from './exec.js';
import { sameValue } from './values.js';
import { idArray } from '../db/sql.js';

export type AuditAction = 'create' | 'update' | 'trash' | 'restore' | 'delete';

/** Field changes between two states of a record (hidden fields show only that they changed). */
export function diff(model: ModelDef, before: Row | null, after: Row | null): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [name, fd] of Object.entries(model.fields)) {
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (fd.hidden) {
      if (after && name in after && after[name] != null && before !== null) out[name] = ['***', '***'];
      continue;
    }
    if (Array.isArray(a) || Array.isArray(b)) {
      if (JSON.stringify(a) !== JSON.stringify(b)) out[name] = [a, b];
    } else if (!sameValue(a, b)) out[name] = [a, b];
  }
  return out;
}

export async function audit(
  exec: Exec,
  ctx: Ctx,
  model: ModelDef,
  recordId: number,
  action: AuditAction,
  changes: Record<string, [unknown, unknown]> | null,
) {
  const studioId = model.scope === 'global' ? null : ctx.studioId;
  await exec(sql`INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
    VALUES (${studioId}, ${model.name}, ${recordId}, ${action}, ${ctx.userId}, ${ctx.name}, ${changes ? JSON.stringify(changes) : null}::jsonb)`);
}

/** One audit row per id, in one INSERT … SELECT (trash and delete of many rows). */
export async function auditMany(exec: Exec, ctx: Ctx, model: ModelDef, ids: number[], action: AuditAction) {
  if (!ids.length) return;
  const studioId = model.scope === 'global' ? null : ctx.studioId;
  await exec(sql`INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name")
    SELECT ${studioId}::int, ${model.name}, i, ${action}, ${ctx.userId}::int, ${ctx.name} FROM unnest(${idArray(ids)}) AS i`);
}

/**
 * One audit row for each row that a data-modifying CTE named `rows` returned (with its "id"), as a
 * statement to put in the same WITH: the bulk services write their rows and audit them at once.
 */
export const auditRowsOf = (
  ctx: { studioId: number; userId: number; name: string },
  rows: string,
  model: string,
  action: AuditAction,
  changes: SQL = sql`NULL::jsonb`,
) => sql`
  INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
  SELECT ${ctx.studioId}::int, ${model}, x."id", ${action}, ${ctx.userId}::int, ${ctx.name}, ${changes} FROM ${sql.identifier(rows)} x`;

/** History of one record, newest first (scoped through the caller's access to the record). */
/** One change of a record, newest first (the dates as text). */
export interface AuditEntry extends Row {
  id: number;
  action: string;
  user_id: number | null;
  user_name: string | null;
  at: string;
  changes: unknown;
}

export async function history(exec: Exec, model: ModelDef, recordId: number) {
  return exec<AuditEntry>(sql`SELECT "id", "action", "user_id", "user_name", to_char("at", 'YYYY-MM-DD HH24:MI:SS') AS "at", "changes"
    FROM "audit_log" WHERE "model" = ${model.name} AND "record_id" = ${recordId} ORDER BY "at" DESC, "id" DESC LIMIT 500`);
}
