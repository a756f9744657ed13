/**
 * The AML declaration to read and accept in the customers' area (issue 50 item 3; art. 22 D.Lgs.
 * 231/2007, the customer's declaration for the due diligence, form AV.4).
 *
 * The studio's side: 'Invia la dichiarazione antiriciclaggio da accettare' makes the declaration's
 * PDF exactly as the studio downloads it (server/areas/aml, same roles: Admin and Collaboratore, the
 * Utente refused; another studio's customer not found), stores it as sent with its SHA-256, marks the
 * earlier ones not accepted withdrawn, and e-mails the customer's people in the area a notice through
 * the outbox — that there is a declaration to accept and the area's address, never the document or
 * its data. A customer without anyone active in the area gets nothing (422). The list shows what was
 * sent, opened and accepted; each PDF downloads as stored.
 *
 * The area's side: the acceptance of a declaration still in force — the checkbox and the name of who
 * accepts (required, at most 120 characters) — records when, the person, the name, his e-mail, the
 * address and the browser (the SHA-256 is the stored one), once: a declaration already accepted stays
 * as first accepted, a withdrawn one cannot be accepted. The accepted PDF enters the customer's AML
 * file with the evidence, in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { atLeast } from '../../../model/define.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { nowDateTime } from '../../../model/dates.js';
import {
  DECLARATION_MESSAGES as M,
  type DeclarationSent,
  type PortalDeclaration,
} from '../../../model/api/portalDeclarations.js';
import { DECLARATION_TITLE, declarationToSend, keepAcceptedDeclaration } from '../aml/index.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { portalUrl } from './access.js';
import type { PortalCtx } from './areaSession.js';
import { activePeopleCount, portalCustomer } from './queries.js';
import { peopleEmails } from './requestQueries.js';
import {
  declarationOf,
  declarationRows,
  insertDeclaration,
  lockCustomer,
  markDeclarationAccepted,
  withdrawPending,
  type DeclarationRow,
} from './declarationQueries.js';

export const MAIL_KIND = 'portal_declaration';
/** the longest name of who accepts */
export const ACCEPT_NAME_MAX = 120;

export const ACCEPT_MESSAGES = {
  name: 'Scriva il nome e cognome di chi accetta',
  nameTooLong: `Il nome può avere al massimo ${ACCEPT_NAME_MAX} caratteri`,
  accept: 'Per accettare spunti «Ho letto la dichiarazione: i dati sono corretti e completi…»',
} as const;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Admin and Collaboratore, as the AML file's documents; the Utente is refused. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

const noPeople = () => new HttpError(422, M.noPeople, { customer: [M.noPeople] });

async function customerOf(deps: AppDeps, ctx: Ctx, raw: unknown) {
  allow(ctx);
  const c = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!c || c.trashed) throw notFound();
  return c;
}

/** The notice to a person: a declaration to read and accept, and where (nothing of its content). */
function declarationMail(
  studio: Awaited<ReturnType<typeof studioMailData>>,
  to: string,
  customerName: string,
  area: string,
) {
  return mailLetter(
    studio,
    studio.name ?? 'Lo studio',
    to,
    `Dichiarazione antiriciclaggio da accettare – ${customerName}`,
    [
      `${studio.name ?? 'Lo studio'} le chiede di leggere e accettare nell'area clienti la dichiarazione del cliente ai fini dell'adeguata verifica antiriciclaggio (art. 22 D.Lgs. 231/2007) di ${customerName}.`,
      "La trova in 'Documenti dello studio', entrando nell'area clienti:",
      area,
    ],
  );
}

/** GET /api/customer/{id}/portal/declarations: the declarations sent, newest first. */
export async function customerDeclarations(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<PortalDeclaration[]> {
  const c = await customerOf(deps, ctx, raw);
  return declarationRows(deps.exec, ctx.studioId, c.id);
}

/** POST /api/customer/{id}/portal/declarations: a new declaration to accept (see the file's comment). */
export async function sendDeclaration(
  deps: AppDeps,
  ctx: Ctx,
  raw: unknown,
  now = new Date(),
): Promise<DeclarationSent> {
  const c = await customerOf(deps, ctx, raw);
  if (!(await activePeopleCount(deps.exec, ctx.studioId, c.id))) throw noPeople();
  // the PDF as the studio's own download makes it (its roles, its file name)
  const pdf = await declarationToSend(deps, ctx, c.id, now);
  const mailIds = await deps.tx(async (exec) => {
    await lockCustomer(exec, ctx.studioId, c.id);
    const people = (await peopleEmails(exec, ctx.studioId, [c.id])).get(c.id) ?? [];
    // revoked meanwhile: nothing written
    if (!people.length) throw noPeople();
    await withdrawPending(exec, ctx.studioId, c.id);
    await insertDeclaration(exec, {
      studioId: ctx.studioId,
      customerId: c.id,
      title: DECLARATION_TITLE,
      filename: pdf.name,
      pdf: pdf.body,
      sha256: sha256(pdf.body),
      by: ctx.userId,
      byName: ctx.name,
    });
    const studio = await studioMailData(exec, ctx.studioId);
    const area = portalUrl(deps.settings.serverBaseUrl);
    return enqueueMails(
      exec,
      people.map((to) => {
        const text = declarationMail(studio, to, c.name, area);
        return {
          studioId: ctx.studioId,
          kind: MAIL_KIND,
          to: [to],
          subject: text.subject,
          text: text.text,
          html: text.html,
          createdBy: ctx.userId,
        };
      }),
    );
  });
  await deps.mail.handOff(mailIds).catch(() => undefined);
  return { data: await declarationRows(deps.exec, ctx.studioId, c.id), notified: mailIds.length };
}

/** GET /api/customer/{id}/portal/declarations/{declarationId}/pdf: the PDF as sent. */
export async function declarationDownload(deps: AppDeps, ctx: Ctx, raw: unknown, rawDeclaration: unknown) {
  const c = await customerOf(deps, ctx, raw);
  const d = await declarationOf(deps.exec, ctx.studioId, c.id, pathId(rawDeclaration));
  if (!d) throw notFound();
  return { name: d.filename, type: 'application/pdf', body: d.pdf };
}

// ---------------------------------------------------------------------------------------------
// The area's side

/** A declaration of the person's customer, or 404 (another customer's, another studio's). */
export async function areaDeclaration(deps: AppDeps, ctx: PortalCtx, id: number): Promise<DeclarationRow> {
  const d = await declarationOf(deps.exec, ctx.studioId, ctx.customerId, id);
  if (!d) throw notFound();
  return d;
}

/** The form's text: one line, no control characters. */
const formText = (v: unknown) =>
  (typeof v === 'string' ? v : '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export interface AcceptErrors {
  name?: string;
  accept?: string;
}

export type AcceptOutcome =
  | { kind: 'accepted' }
  | { kind: 'invalid'; name: string; checked: boolean; errors: AcceptErrors }
  | { kind: 'withdrawn' }
  | { kind: 'already'; declaration: DeclarationRow };

/** The form checked: the name and the checkbox. */
function checkForm(form: Record<string, string>) {
  const name = formText(form.nome);
  const errors: AcceptErrors = {};
  if (!name) errors.name = ACCEPT_MESSAGES.name;
  else if (name.length > ACCEPT_NAME_MAX) errors.name = ACCEPT_MESSAGES.nameTooLong;
  const checked = formText(form.accetto) === '1';
  if (!checked) errors.accept = ACCEPT_MESSAGES.accept;
  return { name, checked, errors };
}

/** POST /area-clienti/dichiarazioni/{id}: the acceptance of the person in the area. */
export async function acceptDeclaration(
  deps: AppDeps,
  ctx: PortalCtx,
  id: number,
  form: Record<string, string>,
  who: { ip: string | null; agent: string | null },
  now = new Date(),
): Promise<AcceptOutcome> {
  const d = await areaDeclaration(deps, ctx, id);
  if (d.accepted_at) return { kind: 'already', declaration: d };
  if (d.withdrawn_at) return { kind: 'withdrawn' };
  const { name, checked, errors } = checkForm(form);
  if (errors.name || errors.accept)
    return { kind: 'invalid', name: name.slice(0, ACCEPT_NAME_MAX * 2), checked, errors };
  const at = nowDateTime(now);
  const ip = who.ip ? who.ip.slice(0, 64) : null;
  const agent = who.agent ? formText(who.agent).slice(0, 500) : null;
  const done = await deps.tx(async (exec) => {
    const marked = await markDeclarationAccepted(exec, d.id, {
      at,
      personId: ctx.personId,
      name,
      email: ctx.email,
      ip,
      agent,
    });
    if (!marked) return false;
    await keepAcceptedDeclaration(exec, deps.storage, {
      studioId: ctx.studioId,
      customerId: ctx.customerId,
      filename: d.filename,
      bytes: d.pdf,
      sha256: d.sha256,
      acceptedAt: at,
      name,
      email: ctx.email,
      ip,
      sentAt: d.sent_at,
      sentBy: d.sent_by_name,
    });
    return true;
  });
  if (done) return { kind: 'accepted' };
  // accepted or replaced meanwhile: as it stands now
  const again = await areaDeclaration(deps, ctx, id);
  return again.accepted_at ? { kind: 'already', declaration: again } : { kind: 'withdrawn' };
}
