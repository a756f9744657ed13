/**
 * The studio's side of the customers' own area (issue 50 item 1): who of a customer's people may
 * enter its area, their invitation by e-mail (a one-time link in the studio's outbox), the
 * revocation of an access (its sessions end at once) and the end of a person's sessions. Studio
 * staff from the Collaboratore up; every customer of the caller's studio only (another's: 404).
 */
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { atLeast } from '../../../model/define.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { email as emailValidator } from '../../../model/validators.js';
import {
  INVITE_MAX_EMAILS,
  PEOPLE_MAX_PER_CUSTOMER,
  PORTAL_MESSAGES as M,
  splitEmails,
} from '../../../model/portal.js';
import type { PortalInviteInput, PortalInviteResult, PortalPeople } from '../../../model/api/portal.js';
import { enqueueMails, studioMailData } from '../mail/index.js';
import {
  accessOf,
  activePeopleCount,
  endAccessSessions,
  grantAccess,
  peopleOf,
  personOf,
  portalCustomer,
  revokeAccess,
} from './queries.js';
import { inviteMail, makeLink, portalUrl } from './access.js';

function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}
const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

async function customerOf(deps: AppDeps, ctx: Ctx, raw: unknown) {
  allow(ctx);
  const customer = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!customer) throw notFound();
  return customer;
}

async function answer(deps: AppDeps, ctx: Ctx, customerId: number): Promise<PortalPeople> {
  return {
    customer_id: customerId,
    people: await peopleOf(deps.exec, ctx.studioId, customerId),
    url: portalUrl(deps.settings.serverBaseUrl),
  };
}

/** GET /api/customer/{id}/portal */
export async function customerPortal(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<PortalPeople> {
  const customer = await customerOf(deps, ctx, raw);
  return answer(deps, ctx, customer.id);
}

/** The addresses of an invitation, checked: each valid, at most INVITE_MAX_EMAILS. */
function inviteEmails(input: PortalInviteInput): string[] {
  const list = Array.isArray(input.emails) ? splitEmails(input.emails.join(' ')) : splitEmails(input.emails);
  if (!list.length) throw invalid('emails', M.noEmails);
  if (list.length > INVITE_MAX_EMAILS) throw invalid('emails', M.tooManyEmails);
  const check = emailValidator();
  const bad = list.find((e) => check(e) !== undefined);
  if (bad) throw invalid('emails', M.badEmail(bad.slice(0, 80)));
  return list;
}

/**
 * POST /api/customer/{id}/portal/invite: each address becomes a person of the customer's area (or
 * gets it back when revoked) and is e-mailed a link valid INVITE_LINK_DAYS days, once; an address
 * already in gets a new invitation. All or nothing.
 */
export async function inviteToPortal(
  deps: AppDeps,
  ctx: Ctx,
  raw: unknown,
  input: PortalInviteInput,
): Promise<PortalInviteResult> {
  const customer = await customerOf(deps, ctx, raw);
  if (customer.trashed) throw invalid('emails', M.customerTrashed);
  const emails = inviteEmails(input);
  const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim() : null;
  if (name && name.length > 120) throw invalid('name', M.nameTooLong);
  const mailIds = await deps.tx(async (exec) => {
    const people = await activePeopleCount(exec, ctx.studioId, customer.id);
    if (people + emails.length > PEOPLE_MAX_PER_CUSTOMER) throw invalid('emails', M.tooManyPeople);
    const studio = await studioMailData(exec, ctx.studioId);
    const area = portalUrl(deps.settings.serverBaseUrl);
    const ids: number[] = [];
    for (const email of emails) {
      const personId = await personOf(exec, email);
      const accessId = await grantAccess(exec, {
        studioId: ctx.studioId,
        customerId: customer.id,
        personId,
        name: emails.length === 1 ? name : null,
        by: ctx.userId,
        byName: ctx.name,
      });
      const link = await makeLink(exec, deps.settings.serverBaseUrl, {
        personId,
        studioId: ctx.studioId,
        accessId,
        purpose: 'invito',
      });
      const text = inviteMail(studio, customer.name, email, link, area);
      ids.push(
        ...(await enqueueMails(exec, [
          {
            studioId: ctx.studioId,
            kind: 'portal_invite',
            to: [email],
            subject: text.subject,
            text: text.text,
            html: text.html,
            createdBy: ctx.userId,
          },
        ])),
      );
    }
    return ids;
  });
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return { data: await answer(deps, ctx, customer.id), invited: emails };
}

/** POST /api/customer/{id}/portal/access/{accessId}/revoke: the person leaves the area; his sessions end at once. */
export async function revokePortalAccess(
  deps: AppDeps,
  ctx: Ctx,
  raw: unknown,
  rawAccess: unknown,
): Promise<PortalPeople> {
  const customer = await customerOf(deps, ctx, raw);
  const access = await accessOf(deps.exec, ctx.studioId, customer.id, pathId(rawAccess));
  if (!access) throw notFound();
  if (access.revoked) throw new HttpError(409, M.alreadyRevoked);
  await deps.tx((exec) => revokeAccess(exec, access.id, ctx.name));
  return answer(deps, ctx, customer.id);
}

/** POST /api/customer/{id}/portal/access/{accessId}/sessions/end: the person's open sessions in the area end (he may log in again). */
export async function endPortalSessions(
  deps: AppDeps,
  ctx: Ctx,
  raw: unknown,
  rawAccess: unknown,
): Promise<PortalPeople> {
  const customer = await customerOf(deps, ctx, raw);
  const access = await accessOf(deps.exec, ctx.studioId, customer.id, pathId(rawAccess));
  if (!access) throw notFound();
  await deps.tx((exec) => endAccessSessions(exec, access.id));
  return answer(deps, ctx, customer.id);
}
