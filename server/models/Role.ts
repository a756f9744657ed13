/**
 * Behaviour of roles and permissions (issue 25 item 6c): the four roles and the permissions the
 * product declares are built in. The SuperAdmin may change which permissions a role holds, add
 * roles and permissions of his own and remove those, but never trash or delete a built-in role
 * nor delete or rename a built-in permission: without them every Admin got 403 on his own
 * studio's card.
 */
import { MODELS } from '../../model/registry.js';
import { VERBS, permissionName } from '../../model/define.js';
import { ROLE_NAMES } from '../db/bootstrap.js';
import { HttpError } from '../errors.js';
import { namesByIds } from '../auth/queries.js';
import type { ModelHooks } from './hooks.js';
import { can, type Ctx } from '../auth/context.js';
import type { ModelDef } from '../../model/define.js';

export const BUILT_IN_MESSAGES = {
  role: `I ruoli di sistema (${ROLE_NAMES.join(', ')}) non si possono eliminare`,
  permission: 'I permessi di sistema non si possono eliminare',
  rename: 'Permesso di sistema: il nome non si può cambiare',
} as const;

const BUILT_IN_ROLES = new Set<string>(ROLE_NAMES);
/** `{resource}.{verb}` of every declared model, as bootstrap seeds them */
export const BUILT_IN_PERMISSIONS: ReadonlySet<string> = new Set(
  MODELS.flatMap((m) => VERBS.map((v) => `${permissionName(m)}.${v}`)),
);

const namesOf = namesByIds;

/** A caller who may not delete these rows at all gets the engine's 403, not this rule. */
const mayDelete = (ctx: Ctx, model: ModelDef, trash: number[], forever: number[]) =>
  (!trash.length || can(ctx, model, 'delete')) &&
  (!forever.length || can(ctx, model, model.softDelete ? 'force_delete' : 'delete'));

export const RoleHooks: ModelHooks = {
  async beforeDelete({ exec, ctx, model, ids, trash, forever }) {
    if (!mayDelete(ctx, model, trash, forever)) return;
    if ((await namesOf(exec, 'roles', ids)).some((n) => BUILT_IN_ROLES.has(n)))
      throw new HttpError(422, BUILT_IN_MESSAGES.role);
  },
};

export const PermissionHooks: ModelHooks = {
  async beforeDelete({ exec, ctx, model, ids, trash, forever }) {
    if (!mayDelete(ctx, model, trash, forever)) return;
    if ((await namesOf(exec, 'permissions', ids)).some((n) => BUILT_IN_PERMISSIONS.has(n)))
      throw new HttpError(422, BUILT_IN_MESSAGES.permission);
  },
  beforeChange({ mode, values, errors, existing }) {
    if (mode !== 'update' || !existing || !BUILT_IN_PERMISSIONS.has(String(existing.name))) return;
    if (values.name !== undefined && values.name !== existing.name) errors.name = [BUILT_IN_MESSAGES.rename];
  },
};
