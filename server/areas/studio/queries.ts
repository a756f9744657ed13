/**
 * The scoped data-access layer: what services, shell routes and behaviour hooks read of a
 * studio's data, always restricted to the caller's studio (`ctx.studioId`). Raw SQL lives only
 * here, in `server/auth/queries.ts` and in the records engine (`server/records`); a test checks it.
 */
import { sql } from 'drizzle-orm';
import type { RoleName } from '../../../model/define.js';
import { getModel } from '../../../model/registry.js';
import type { Exec, Row } from '../../records/exec.js';
import type { LoggedStudio } from '../../../model/api/shell.js';
import { idArray } from '../../db/sql.js';

/** Roles whose users are collaborators. */
export const COLLABORATOR_ROLES: RoleName[] = ['Collaboratore', 'Admin'];
export interface Collaborator extends Row {
  id: number;
  name: string;
}
/** Roles that administer a studio: every studio keeps at least one active user with one of them. */
export const ADMIN_ROLES: RoleName[] = ['Admin', 'SuperAdmin'];

/**
 * The studios that would have no active, not trashed Admin (or SuperAdmin) left if these users
 * stopped being one (demoted, deactivated, trashed, deleted or moved): their ids. `userIds` are
 * rows the records engine already scoped to the caller (a SuperAdmin's may span studios). The
 * studios' rows stay locked until the transaction ends, so two concurrent changes cannot each
 * leave the other one as the last Admin.
 */
export async function studiosLeftWithoutAdmin(exec: Exec, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const ids = idArray(userIds);
  const admins = sql.join(
    ADMIN_ROLES.map((n) => sql`${n}`),
    sql`, `,
  );
  await exec(sql`SELECT s."id" FROM ${sql.identifier(getModel('Studio').table)} s
    WHERE s."id" IN (SELECT u."studio_id" FROM "users" u WHERE u."id" = ANY(${ids})) ORDER BY s."id" FOR NO KEY UPDATE`);
  const rows = await exec(sql`SELECT DISTINCT u."studio_id" FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
    WHERE u."id" = ANY(${ids}) AND u."active" AND u."deleted_at" IS NULL AND r."name" IN (${admins})
      AND NOT EXISTS (SELECT 1 FROM "users" o JOIN "roles" ro ON ro."id" = o."role_id"
        WHERE o."studio_id" = u."studio_id" AND NOT (o."id" = ANY(${ids})) AND o."active" AND o."deleted_at" IS NULL AND ro."name" IN (${admins}))`);
  return rows.map((r) => Number(r.studio_id));
}

export function scoped(exec: Exec, ctx: { studioId: number }) {
  const studioTable = sql.identifier(getModel('Studio').table);
  return {
    /** The caller's studio: id, name, subscription expiry (YYYY-MM-DD) and status. */
    async studio() {
      const rows =
        await exec<LoggedStudio>(sql`SELECT "id", "name", to_char("subscription_expire_date", 'YYYY-MM-DD') AS "subscription_expire_date", "status"
        FROM ${studioTable} WHERE "id" = ${ctx.studioId}`);
      return rows[0] ?? null;
    },

    /** The studio fields required by seed B §5 that are empty: `[{field, label}]`. */
    async missingRequiredFields() {
      const studio = getModel('Studio');
      const required = Object.entries(studio.fields).filter(([, fd]) => fd.required);
      const rows = await exec(
        sql`SELECT ${sql.join(
          required.map(([n]) => sql.identifier(n)),
          sql`, `,
        )} FROM ${studioTable} WHERE "id" = ${ctx.studioId}`,
      );
      const row = rows[0] ?? {};
      return required
        .filter(([n]) => row[n] == null || String(row[n]).trim() === '')
        .map(([field, fd]) => ({ field, label: fd.label }));
    },

    /**
     * The active, not trashed users of the studio whose role is Collaboratore or Admin (C23), as
     * `{id, name}` with name = name + cognome, sorted by that name (then id).
     */
    async collaborators(): Promise<Collaborator[]> {
      const rows =
        await exec(sql`SELECT u."id", concat_ws(' ', NULLIF(btrim(u."name"), ''), NULLIF(btrim(u."cognome"), '')) AS "name"
        FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
        WHERE u."studio_id" = ${ctx.studioId} AND u."deleted_at" IS NULL AND u."active" = TRUE
          AND r."name" IN (${sql.join(
            COLLABORATOR_ROLES.map((n) => sql`${n}`),
            sql`, `,
          )})
        ORDER BY lower(concat_ws(' ', NULLIF(btrim(u."name"), ''), NULLIF(btrim(u."cognome"), ''))), u."id"`);
      return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') }));
    },

    /** The name of a role (roles are shared by every studio). */
    async roleName(roleId: number): Promise<string | undefined> {
      const [role] = await exec(
        sql`SELECT "name" FROM ${sql.identifier(getModel('Role').table)} WHERE "id" = ${roleId}`,
      );
      return role ? String(role.name) : undefined;
    },
  };
}
