/** Behaviour of users: nobody hands out a role above his own, nobody deletes himself. */
import { sql } from 'drizzle-orm';
import { ROLE_RANK, type RoleName } from '../../model/define.js';
import { getModel } from '../../model/registry.js';
import { HttpError, forbidden } from '../errors.js';
import type { ModelHooks } from './hooks.js';

export const UserHooks: ModelHooks = {
  async beforeChange({ exec, ctx, values, errors }) {
    if (values.role_id == null || errors.role_id) return;
    const [role] = await exec(sql`SELECT "name" FROM ${sql.identifier(getModel('Role').table)} WHERE "id" = ${Number(values.role_id)}`);
    if (role && (ROLE_RANK[role.name as RoleName] ?? 0) > ROLE_RANK[ctx.role]) throw forbidden();
  },
  beforeDelete({ ctx, ids }) {
    if (ids.includes(ctx.userId)) throw new HttpError(422, 'Non puoi eliminare il tuo utente');
  },
};
