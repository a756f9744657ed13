import type { ModelDef, RoleName, Verb } from '../../model/define.js';
import { atLeast, permissionName } from '../../model/define.js';

/** Who is calling: read from the verified token and the user's current role. */
export interface Ctx {
  userId: number;
  name: string;
  email: string;
  role: RoleName;
  studioId: number;
  studioName: string;
  /** the studio's subscription ended before today (Europe/Rome) */
  subscriptionExpired?: boolean;
  permissions: Set<string>;
  jti: string;
}

/** Role floor of the model's area plus the role's permission for the verb. */
export function can(ctx: Ctx, model: ModelDef, verb: Verb, rowId?: number): boolean {
  if (model.selfAccess && rowId !== undefined && rowId === ctx.userId && (verb === 'view' || verb === 'update'))
    return true;
  if (ctx.role === 'SuperAdmin') return true;
  // a studio itself is created and removed by the SuperAdmin only (its Admin edits its card)
  if (model.scope === 'tenant' && verb !== 'view' && verb !== 'update') return false;
  const floor = verb === 'view' ? model.access.read : model.access.write;
  return atLeast(ctx.role, floor) && ctx.permissions.has(`${permissionName(model)}.${verb}`);
}
