/** Collaborators of a studio (C23): the people customers and jobs can be assigned to. */
import { sql } from 'drizzle-orm';
import type { RoleName } from '../../model/define.js';
import type { Exec } from '../records/exec.js';

/** Roles whose users are collaborators. */
export const COLLABORATOR_ROLES: RoleName[] = ['Collaboratore', 'Admin'];

export interface Collaborator { id: number; name: string }

/**
 * The active, not trashed users of `studioId` whose role is Collaboratore or Admin, as
 * `{id, name}` with name = name + cognome, sorted by that name (then id).
 */
export async function listCollaborators(exec: Exec, studioId: number): Promise<Collaborator[]> {
  const rows = await exec(sql`SELECT u."id", concat_ws(' ', NULLIF(btrim(u."name"), ''), NULLIF(btrim(u."cognome"), '')) AS "name"
    FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
    WHERE u."studio_id" = ${studioId} AND u."deleted_at" IS NULL AND u."active" = TRUE
      AND r."name" IN (${sql.join(COLLABORATOR_ROLES.map((n) => sql`${n}`), sql`, `)})
    ORDER BY lower(concat_ws(' ', NULLIF(btrim(u."name"), ''), NULLIF(btrim(u."cognome"), ''))), u."id"`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') }));
}
