/**
 * Behaviour of users: nobody hands out a role above his own, nobody deletes himself, common
 * passwords are refused, a password change or reset ends the user's other sessions, and a
 * studio always keeps an active Admin.
 */
import { ROLE_RANK, atLeast, type RoleName } from '../../model/define.js';
import { scoped, studiosLeftWithoutAdmin } from '../areas/studio/queries.js';
import { endOtherSessions, studioName } from '../auth/queries.js';
import { isCommonPassword } from '../auth/commonPasswords.js';
import { HttpError, MSG, forbidden } from '../errors.js';
import { can } from '../auth/context.js';
import type { ChangeArgs, ModelHooks } from './hooks.js';
import { enqueueMails } from '../areas/mail/outbox.js';

const lastAdmin = (field?: string) =>
  new HttpError(422, MSG.lastAdmin, field ? { [field]: [MSG.lastAdmin] } : undefined);

/** An update that takes the studio's last active Admin away from that role (422 on the field that would). */
async function keepAnAdmin({ exec, ctx, values, existing }: ChangeArgs) {
  if (!existing || existing.active !== true || existing.trashed === true) return;
  const roleName = (id: unknown) => scoped(exec, ctx).roleName(Number(id));
  if (!atLeast(await roleName(existing.role_id), 'Admin')) return;
  const demoted =
    values.role_id != null &&
    Number(values.role_id) !== Number(existing.role_id) &&
    !atLeast(await roleName(values.role_id), 'Admin');
  const deactivated = 'active' in values && values.active !== true;
  const moved = values.studio_id != null && Number(values.studio_id) !== Number(existing.studio_id);
  if (!demoted && !deactivated && !moved) return;
  if ((await studiosLeftWithoutAdmin(exec, [Number(existing.id)])).length) {
    throw lastAdmin(demoted ? 'role_id' : deactivated ? 'active' : 'studio_id');
  }
}

/**
 * A user added with an e-mail that is already another studio's user's login (`email_elsewhere`,
 * issue 25 item 6b): the answer is the same as for any new user, and the owner of the address is
 * told by e-mail (a product mail, not in the studio's outbox) that this user will not log in.
 */
async function tellOwnerOfEmail({ exec, values }: ChangeArgs, studioId: number) {
  const name = await studioName(exec, studioId);
  const paragraphs = [
    `lo studio «${name}» ha inserito un utente con questo indirizzo email, che ha già un account presso un altro studio.`,
    "Il tuo account resta com'è e continui ad accedere come sempre; l'utente inserito non può accedere con questo indirizzo.",
    `Se devi lavorare anche con lo studio «${name}», chiedigli di inserirti con un altro indirizzo email. Se non sai di cosa si tratta, ignora questa mail.`,
  ];
  const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  await enqueueMails(exec, [
    {
      studioId: null,
      kind: 'account',
      to: [String(values.email)],
      subject: 'Il tuo indirizzo email in un altro studio',
      text: ['Gentile utente,', '', ...paragraphs.flatMap((p) => [p, ''])].join('\n'),
      html: `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"></head><body><p>Gentile utente,</p>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</body></html>`,
    },
  ]);
}

export const UserHooks: ModelHooks = {
  async beforeChange(args) {
    const { exec, ctx, mode, values, errors, existing } = args;
    const newEmail =
      mode === 'create' || (values.email !== undefined && String(values.email) !== String(existing?.email));
    if (values.email_elsewhere === true && newEmail && !errors.email)
      await tellOwnerOfEmail(args, Number(values.studio_id ?? existing?.studio_id ?? ctx.studioId));
    if (values.role_id != null && !errors.role_id) {
      const role = await scoped(exec, ctx).roleName(Number(values.role_id));
      if (role && (ROLE_RANK[role as RoleName] ?? 0) > ROLE_RANK[ctx.role]) throw forbidden();
    }
    const newPassword = typeof values.password === 'string' ? values.password : null;
    if (newPassword !== null && !errors.password && (await isCommonPassword(newPassword)))
      errors.password = [MSG.commonPassword];
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
    const allowed =
      (!trash.length || can(ctx, model, 'delete')) && (!forever.length || can(ctx, model, 'force_delete'));
    if (allowed && (await studiosLeftWithoutAdmin(exec, ids)).length) throw lastAdmin();
  },
};
