/**
 * Makes sure the permissions of every declared model and the four roles exist. Default
 * grants (PRODUCT.md §2) are given only when a permission or role is first created, so an
 * administrator's later changes are kept.
 */
import { sql } from 'drizzle-orm';
import { MODELS } from '../../model/registry.js';
import { ROLE_RANK, VERBS, permissionName, type ModelDef, type RoleName, type Verb } from '../../model/define.js';
import type { Exec } from '../records/exec.js';
import { STUDIO_JOB_TYPES } from '../../model/models/StudioJobType.js';

export const ROLE_NAMES: RoleName[] = ['SuperAdmin', 'Admin', 'Collaboratore', 'Utente'];

/** Whether `role` gets `verb` on `model` by default. */
export function grantedByDefault(role: RoleName, model: ModelDef, verb: Verb): boolean {
  if (role === 'SuperAdmin') return true;
  const floor = verb === 'view' ? model.access.read : model.access.write;
  if (ROLE_RANK[role] < ROLE_RANK[floor]) return false;
  if (role === 'Collaboratore' && verb === 'force_delete') return false;
  return role !== 'Utente';
}

export async function bootstrap(exec: Exec) {
  const roleIds = new Map<string, { id: number; created: boolean }>();
  for (const name of ROLE_NAMES) {
    const found = await exec(sql`SELECT "id" FROM "roles" WHERE "name" = ${name}`);
    if (found.length) roleIds.set(name, { id: Number(found[0].id), created: false });
    else {
      const ins = await exec(sql`INSERT INTO "roles" ("name") VALUES (${name}) RETURNING "id"`);
      roleIds.set(name, { id: Number(ins[0].id), created: true });
    }
  }
  for (const m of MODELS) {
    for (const verb of VERBS) {
      const name = `${permissionName(m)}.${verb}`;
      const ins = await exec(
        sql`INSERT INTO "permissions" ("name") VALUES (${name}) ON CONFLICT ("name") DO NOTHING RETURNING "id"`,
      );
      const isNew = ins.length > 0;
      const permId = isNew
        ? Number(ins[0].id)
        : Number((await exec(sql`SELECT "id" FROM "permissions" WHERE "name" = ${name}`))[0].id);
      for (const role of ROLE_NAMES) {
        const r = roleIds.get(role)!;
        if ((isNew || r.created) && grantedByDefault(role, m, verb)) {
          await exec(
            sql`INSERT INTO "role_permissions" ("role_id", "permission_id") VALUES (${r.id}, ${permId}) ON CONFLICT DO NOTHING`,
          );
        }
      }
    }
  }
  // the fixed catalogue of job types (C41)
  for (const t of STUDIO_JOB_TYPES) {
    await exec(
      sql`INSERT INTO "studio_job_types" ("cod", "description") VALUES (${t.cod}, ${t.description}) ON CONFLICT ("cod") DO NOTHING`,
    );
  }
  return Object.fromEntries([...roleIds].map(([k, v]) => [k, v.id])) as Record<RoleName, number>;
}
