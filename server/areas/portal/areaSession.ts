/**
 * The session of the customers' area on each request (issue 50 item 1): the cookie read, the
 * session checked (open, not idle, its access still active), the forms' token on every POST, and
 * where a person without a session or without a chosen customer goes. Also the area's HTML answer
 * (its CSP and headers) and the home page's tiles, which each part of the area adds.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { PORTAL_MESSAGES as M, PORTAL_PATH, SESSION_MAX_HOURS } from '../../../model/portal.js';
import { csrfToken, csrfValid, secretHash, SESSION_COOKIE } from './access.js';
import { endSession, openSession } from './queries.js';
import { loginPage, outsidePage, PORTAL_CSP, type PortalViewer, type Tile } from './pages.js';

/** The person in the area, after the session's checks. */
export interface PortalCtx {
  sessionId: number;
  personId: number;
  email: string;
  studioId: number;
  customerId: number;
  accessId: number;
  /** the person's name as the studio wrote it, else his e-mail */
  personName: string;
  viewer: PortalViewer;
}

export const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('Content-Security-Policy', PORTAL_CSP)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('X-Frame-Options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);

export const redirect = (reply: FastifyReply, to: string) =>
  reply.header('Cache-Control', 'no-store').redirect(to, 303);

/** The area's cookie from the request's Cookie header. */
function cookieOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === SESSION_COOKIE) return part.slice(i + 1).trim();
  }
  return null;
}

export function setCookie(reply: FastifyReply, deps: AppDeps, value: string | null) {
  const secure = deps.settings.serverBaseUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    value === null
      ? `${SESSION_COOKIE}=; Path=${PORTAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`
      : `${SESSION_COOKIE}=${value}; Path=${PORTAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_HOURS * 3600}${secure}`,
  );
}

export const client = (req: FastifyRequest) => {
  const agent = req.headers['user-agent'];
  return { ip: req.ip ?? null, agent: typeof agent === 'string' ? agent : null };
};

/** The text fields of an object (a parsed form, a query): only string values, the first of each name. */
function textFields(raw: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (raw && typeof raw === 'object')
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && !(k in out)) out[k] = v;
  return out;
}

/** The fields of an urlencoded form (the area's forms), as text. */
export const formOf = (req: FastifyRequest): Record<string, string> => textFields(req.body);

/** The query string's parameters, as text. */
export const queryOf = (req: FastifyRequest): Record<string, string> => textFields(req.query);

/** The session of the request's cookie, as it stands: none, open without a customer chosen, or in an area. */
export async function sessionOf(deps: AppDeps, req: FastifyRequest) {
  const cookie = cookieOf(req);
  const hash = cookie ? secretHash(cookie) : null;
  if (!hash) return null;
  const s = await openSession(deps.exec, hash);
  if (!s) return null;
  if (s.lost) {
    await endSession(deps.exec, s.id);
    return null;
  }
  return s;
}

/**
 * The person in an area, or the answer that takes him where he must go instead (the login page, the
 * choice of the customer). Used by every page of the area's sections.
 */
export async function portalCtx(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<PortalCtx | null> {
  const s = await sessionOf(deps, req);
  if (!s) {
    setCookie(reply, deps, null);
    if (req.method === 'GET') await redirect(reply, `${PORTAL_PATH}/accedi?fine=1`);
    else await sendHtml(reply, 401, loginPage({ notice: { kind: 'bad', text: M.sessionEnded } }));
    return null;
  }
  if (!s.access) {
    await redirect(reply, `${PORTAL_PATH}/scegli`);
    return null;
  }
  const csrf = csrfToken(deps.settings.jwtSecret, s.id);
  // the token of a form (its field), of a script's call (X-CSRF-Token) or of a file form (its address: multipart is read later)
  const token = formOf(req).csrf ?? req.headers['x-csrf-token'] ?? queryOf(req).csrf;
  if (req.method !== 'GET' && !csrfValid(deps.settings.jwtSecret, s.id, token)) {
    await sendHtml(
      reply,
      403,
      outsidePage('Pagina scaduta', `<p><a href="${PORTAL_PATH}">Torna all'area clienti</a></p>`, {
        kind: 'bad',
        text: M.csrf,
      }),
    );
    return null;
  }
  return {
    sessionId: s.id,
    personId: s.personId,
    email: s.email,
    studioId: s.access.studioId,
    customerId: s.access.customerId,
    accessId: s.access.id,
    personName: s.access.personName || s.email,
    viewer: { studioName: s.access.studioName, customerName: s.access.customerName, email: s.email, csrf },
  };
}

/** The home page's sections, each from the area's parts (a part adds its tile). */
export type TileSource = (deps: AppDeps, ctx: PortalCtx) => Promise<Tile | null>;
export const tileSources: TileSource[] = [];
export function addTile(source: TileSource) {
  tileSources.push(source);
}
