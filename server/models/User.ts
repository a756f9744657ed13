/**
 * Behaviour of users: nobody hands out a role above his own, nobody deletes himself, common
 * passwords are refused, a password change or reset ends the user's other sessions, and a
 * studio always keeps an active Admin.
 */
import { ROLE_RANK, atLeast, type RoleName } from '../../model/define.js';
import { scoped, studiosLeftWithoutAdmin } from '../db/scoped.js';
import { endOtherSessions } from '../db/identity.js';
import { isCommonPassword } from '../auth/commonPasswords.js';
import { HttpError, MSG, forbidden } from '../errors.js';
import { can } from '../auth/context.js';
import type { ChangeArgs, ModelHooks } from './hooks.js';

const lastAdmin = (field?: string) => new HttpError(422, MSG.lastAdmin, field ? { [field]: [MSG.lastAdmin] } : undefined);

/** An update that takes the studio's last active Admin away from that role (422 on the field that would). */
async function keepAnAdmin({ exec, ctx, values, existing }: ChangeArgs) {
  if (!existing || existing.active !== true || existing.trashed === true) return;
  const roleName = (id: unknown) => scoped(exec, ctx).roleName(Number(id));
  if (!atLeast(await roleName(existing.role_id), 'Admin')) return;
  const demoted = values.role_id != null && Number(values.role_id) !== Number(existing.role_id) && !atLeast(await roleName(values.role_id), 'Admin');
  const deactivated = 'active' in values && values.active !== true;
  const moved = values.studio_id != null && Number(values.studio_id) !== Number(existing.studio_id);
  if (!demoted && !deactivated && !moved) return;
  if ((await studiosLeftWithoutAdmin(exec, [Number(existing.id)])).length) {
    throw lastAdmin(demoted ? 'role_id' : deactivated ? 'active' : 'studio_id');
  }
}

export const UserHooks: ModelHooks = {
  async beforeChange(args) {
    const { exec, ctx, mode, values, errors, existing } = args;
    if (values.role_id != null && !errors.role_id) {
      const role = await scoped(exec, ctx).roleName(Number(values.role_id));
      if (role && (ROLE_RANK[role as RoleName] ?? 0) > ROLE_RANK[ctx.role]) throw forbidden();
    }
    const newPassword = typeof values.password === 'string' ? values.password : null;
    if (newPassword !== null && !errors.password && await isCommonPassword(newPassword)) errors.password = [MSG.commonPassword];
    if (mode !== 'update' || !existing) return;
    await keepAnAdmin(args);
    // a new password: the user's other sessions end; his own current one, when he changed it himself, goes on
    if (newPassword !== null && !Object.keys(errors).length) {
      const id = Number(existing.id);
      await endOtherSessions(exec, id, id === ctx.userId ? ctx.jti : null);
    }
  },
  async beforeDelete({ exec, ctx, model, ids, trash, forever }) {
    if (ids.includes(ctx.userId)) throw new HttpError(422, 'Non puoi eliminare il tuo utente');
    // a caller who may not delete these rows gets the engine's 403, not this rule
    const allowed = (!trash.length || can(ctx, model, 'delete')) && (!forever.length || can(ctx, model, 'force_delete'));
    if (allowed && (await studiosLeftWithoutAdmin(exec, ids)).length) throw lastAdmin();
  },
};
