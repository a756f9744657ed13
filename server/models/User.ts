/** Behaviour of users: nobody hands out a role above his own, nobody deletes himself. */
import { ROLE_RANK, type RoleName } from '../../model/define.js';
import { scoped } from '../db/scoped.js';
import { HttpError, forbidden } from '../errors.js';
import type { ModelHooks } from './hooks.js';

export const UserHooks: ModelHooks = {
  async beforeChange({ exec, ctx, values, errors }) {
    if (values.role_id == null || errors.role_id) return;
    const role = await scoped(exec, ctx).roleName(Number(values.role_id));
    if (role && (ROLE_RANK[role as RoleName] ?? 0) > ROLE_RANK[ctx.role]) throw forbidden();
  },
  beforeDelete({ ctx, ids }) {
    if (ids.includes(ctx.userId)) throw new HttpError(422, 'Non puoi eliminare il tuo utente');
  },
};
