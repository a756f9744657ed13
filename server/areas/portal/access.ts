/**
 * How a customer's person gets into the area (issue 50 item 1): one-time links by e-mail and the
 * sessions they open, or a password the person chose for a studio's area.
 *
 * A link is 32 random bytes (base64url) of which only the SHA-256 is stored; it is spent once, by
 * the POST of the page it opens (a GET never spends it: mail scanners open links), and it expires
 * (an invitation's after INVITE_LINK_DAYS, an asked one after LOGIN_LINK_MINUTES). A link is of one
 * studio — its e-mail is in that studio's outbox, where the studio's staff may read it — so its
 * session enters only that studio's areas; a person of two studios chooses between them after a
 * login by password (a password is per studio for the same reason: what one studio could learn
 * never opens another's area).
 *
 * The session is a cookie of 32 random bytes (HttpOnly, SameSite=Strict, Path=/area-clienti, Secure
 * over https) whose SHA-256 is the row's key: it ends after SESSION_IDLE_MINUTES without a request,
 * SESSION_MAX_HOURS after the login, at the logout, when the studio revokes the access or ends the
 * person's sessions, and when the person sets a new password elsewhere. Every form of the area
 * carries a token bound to the session (an HMAC of its id under a key of its own), checked on POST.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Exec } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { enqueueMails, letter as mailLetter, studioMailData } from '../mail/index.js';
import { INVITE_LINK_DAYS, LOGIN_LINK_MINUTES, PORTAL_PATH, SESSION_MAX_HOURS } from '../../../model/portal.js';
import {
  activeAccesses,
  insertLink,
  insertSession,
  linkState,
  personByEmail,
  personStudios,
  spendLink,
  touchLogin,
} from './queries.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';

export const SESSION_COOKIE = 'gs_area_clienti';
export const LINK_PATH = `${PORTAL_PATH}/link/`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A new secret of a link or a session: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');
/** What a link's or a cookie's text must look like before it is looked up. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;
export const secretHash = (secret: string) => (SECRET.test(secret) ? sha256(secret) : null);

const csrfKey = (secret: string) => createHmac('sha256', secret).update('gestionale portal csrf v1').digest();
/** The forms' token of a session. */
export const csrfToken = (secret: string, sessionId: number) =>
  createHmac('sha256', csrfKey(secret)).update(String(sessionId)).digest('base64url');
export function csrfValid(secret: string, sessionId: number, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const want = Buffer.from(csrfToken(secret, sessionId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

export const linkUrl = (baseUrl: string, secret: string) => new URL(`${LINK_PATH}${secret}`, baseUrl).toString();
export const portalUrl = (baseUrl: string) => new URL(PORTAL_PATH, baseUrl).toString();

/** Makes a one-time link of a person for a studio's area; answers its address. */
export async function makeLink(
  exec: Exec,
  baseUrl: string,
  l: { personId: number; studioId: number; accessId: number | null; purpose: 'invito' | 'accesso' },
): Promise<string> {
  const secret = newSecret();
  await insertLink(exec, {
    ...l,
    hash: sha256(secret),
    minutes: l.purpose === 'invito' ? INVITE_LINK_DAYS * 24 * 60 : LOGIN_LINK_MINUTES,
  });
  return linkUrl(baseUrl, secret);
}

/** The invitation's e-mail (the link, never anything of the customer's affairs). */
export function inviteMail(
  studio: Awaited<ReturnType<typeof studioMailData>>,
  customerName: string,
  to: string,
  link: string,
  area: string,
) {
  const name = studio.name ?? 'Lo studio';
  return mailLetter(studio, name, to, `Invito all'area clienti di ${name}`, [
    `${name} la invita all'area clienti di ${customerName}: lì potrà inviare allo studio i documenti che le chiede, trovare le fatture e i documenti dello studio, vedere cosa resta da pagare e scrivere allo studio.`,
    `Per entrare apra questo link (vale ${INVITE_LINK_DAYS} giorni, per un solo accesso):`,
    link,
    `In seguito potrà entrare da ${area}, chiedendo un nuovo link con questo indirizzo e-mail o con la password che potrà scegliere.`,
  ]);
}

/** The e-mail of a link asked from the login page. */
export function loginMail(studio: Awaited<ReturnType<typeof studioMailData>>, to: string, link: string) {
  const name = studio.name ?? 'lo studio';
  return mailLetter(studio, name, to, `Link di accesso all'area clienti di ${name}`, [
    `Ecco il link per entrare nell'area clienti di ${name} (vale ${LOGIN_LINK_MINUTES} minuti, per un solo accesso):`,
    link,
    'Se non ha chiesto lei di accedere, ignori questa e-mail: senza il link nessuno entra a suo nome.',
  ]);
}

/**
 * A link asked from the login page: one e-mail per studio where the address has an active access
 * (each in that studio's outbox), none for an unknown address. The caller answers the same either
 * way. Answers the outbox ids.
 */
export async function askLink(exec: Exec, baseUrl: string, email: string): Promise<number[]> {
  const person = await personByEmail(exec, email);
  if (!person) return [];
  const studios = await personStudios(exec, person.id);
  const ids: number[] = [];
  for (const { studioId } of studios.slice(0, 5)) {
    const link = await makeLink(exec, baseUrl, { personId: person.id, studioId, accessId: null, purpose: 'accesso' });
    const studio = await studioMailData(exec, studioId);
    const text = loginMail(studio, email, link);
    ids.push(
      ...(await enqueueMails(exec, [
        { studioId, kind: 'portal_access', to: [email], subject: text.subject, text: text.text, html: text.html },
      ])),
    );
  }
  return ids;
}

export type LinkOutcome =
  | { ok: true; sid: string; accessId: number | null }
  | { ok: false; reason: 'invalid' | 'used' | 'expired' | 'noAccess' };

/** A link's state, without spending it (the page a link opens). */
export async function peekLink(exec: Exec, secret: string) {
  const hash = secretHash(secret);
  if (!hash) return { state: 'invalid' as const };
  return linkState(exec, hash);
}

/**
 * Spends a link and opens a session in its studio: in the invitation's access, or in the person's
 * only one there; with several, the person chooses (`accessId` null).
 */
export async function useLink(
  tx: Tx,
  secret: string,
  client: { ip: string | null; agent: string | null },
): Promise<LinkOutcome> {
  const hash = secretHash(secret);
  if (!hash) return { ok: false, reason: 'invalid' };
  return tx(async (exec) => {
    const link = await linkState(exec, hash);
    if (link.state !== 'valid') return { ok: false, reason: link.state };
    if (!(await spendLink(exec, link.id))) return { ok: false, reason: 'used' };
    const areas = await activeAccesses(exec, link.personId, [link.studioId]);
    if (!areas.length) return { ok: false, reason: 'noAccess' };
    const chosen = areas.find((a) => a.id === link.accessId) ?? (areas.length === 1 ? areas[0]! : null);
    const sid = newSecret();
    await insertSession(exec, {
      personId: link.personId,
      accessId: chosen?.id ?? null,
      hash: sha256(sid),
      studios: [link.studioId],
      hours: SESSION_MAX_HOURS,
      ...client,
    });
    if (chosen) await touchLogin(exec, chosen.id);
    return { ok: true, sid, accessId: chosen?.id ?? null };
  });
}

/**
 * A login by e-mail and password: the studios whose password matches are the session's; null when
 * none does (the same answer for an unknown address, after as long a check).
 */
export async function passwordLogin(
  tx: Tx,
  email: string,
  password: string,
  client: { ip: string | null; agent: string | null },
): Promise<{ sid: string; accessId: number | null } | null> {
  const person = await tx((exec) => personByEmail(exec, email));
  const studios = person ? await tx((exec) => personStudios(exec, person.id)) : [];
  const withPassword = studios.filter((s) => s.passwordHash);
  if (!withPassword.length) {
    // as long as a real check: nobody learns from the time which addresses are in the area
    await verifyPassword(await dummy(), password);
    return null;
  }
  const matching: number[] = [];
  for (const s of withPassword.slice(0, 5))
    if (await verifyPassword(s.passwordHash, password)) matching.push(s.studioId);
  if (!matching.length) return null;
  return tx(async (exec) => {
    const areas = await activeAccesses(exec, person!.id, matching);
    if (!areas.length) return null;
    const chosen = areas.length === 1 ? areas[0]! : null;
    const sid = newSecret();
    await insertSession(exec, {
      personId: person!.id,
      accessId: chosen?.id ?? null,
      hash: sha256(sid),
      studios: matching,
      hours: SESSION_MAX_HOURS,
      ...client,
    });
    if (chosen) await touchLogin(exec, chosen.id);
    return { sid, accessId: chosen?.id ?? null };
  });
}

/** An argon2id hash of a random password (made once): what an address without a password is checked against. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(newSecret()));
