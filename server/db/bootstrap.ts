/**
 * Makes sure the permissions of every declared model and the four roles exist. Default
 * grants (PRODUCT.md §2) are given only when a permission or role is first created, so an
 * administrator's later changes are kept.
 */
import { sql } from 'drizzle-orm';
import { MODELS } from '../../model/registry.js';
import { ROLE_RANK, VERBS, permissionName, type ModelDef, type RoleName, type Verb } from '../../model/define.js';
import type { Exec } from '../records/exec.js';
import { idArray, textArray } from './sql.js';
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
  // every model's permissions in one statement each way (issue 27: this runs at every start): the
  // missing ones inserted, then all of them read back by name
  const wanted = MODELS.flatMap((m) => VERBS.map((verb) => ({ m, verb, name: `${permissionName(m)}.${verb}` })));
  const names = wanted.map((w) => w.name);
  const inserted = await exec(
    sql`INSERT INTO "permissions" ("name") SELECT unnest(${textArray(names)}) ON CONFLICT ("name") DO NOTHING RETURNING "name"`,
  );
  const isNew = new Set(inserted.map((r) => String(r.name)));
  const ids = new Map(
    (await exec(sql`SELECT "id", "name" FROM "permissions" WHERE "name" = ANY(${textArray(names)})`)).map((r) => [
      String(r.name),
      Number(r.id),
    ]),
  );
  const grants: Array<[number, number]> = [];
  for (const w of wanted) {
    for (const role of ROLE_NAMES) {
      const r = roleIds.get(role)!;
      if ((isNew.has(w.name) || r.created) && grantedByDefault(role, w.m, w.verb))
        grants.push([r.id, ids.get(w.name)!]);
    }
  }
  if (grants.length) {
    await exec(
      sql`INSERT INTO "role_permissions" ("role_id", "permission_id")
          SELECT * FROM unnest(${idArray(grants.map((g) => g[0]))}, ${idArray(grants.map((g) => g[1]))})
          ON CONFLICT DO NOTHING`,
    );
  }
  // the fixed catalogue of job types (C41)
  for (const t of STUDIO_JOB_TYPES) {
    await exec(
      sql`INSERT INTO "studio_job_types" ("cod", "description") VALUES (${t.cod}, ${t.description}) ON CONFLICT ("cod") DO NOTHING`,
    );
  }
  return Object.fromEntries([...roleIds].map(([k, v]) => [k, v.id])) as Record<RoleName, number>;
}
