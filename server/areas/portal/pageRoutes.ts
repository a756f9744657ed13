/**
 * The customers' own area (issue 50), `/area-clienti/…`: HTML pages rendered on the server, outside
 * the studio's API and its sessions — a person of a customer ('Cliente') has a session cookie of the
 * area only, which no studio call reads (they ask for the studio's bearer token), and a studio's
 * token opens nothing here.
 *
 * - GET  /area-clienti                the home page (or the login page, or the choice of the customer)
 * - GET  /area-clienti/accedi         the login page; POST: a link by e-mail (the same answer for
 *                                     every address); POST /accedi/password: e-mail and password
 * - GET  /area-clienti/link/{secret}  the page of a one-time link; POST spends it and opens a session
 * - GET|POST /area-clienti/scegli     a person of several customers chooses one
 * - GET|POST /area-clienti/password   the password of the studio's area
 * - POST /area-clienti/esci           the logout
 *
 * Forms are application/x-www-form-urlencoded, a few KB, parsed here only; every POST of a session
 * carries its token (access.ts `csrfToken`). Rate-limited per address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { PORTAL_MESSAGES as M, PORTAL_PATH, SESSION_MAX_HOURS } from '../../../model/portal.js';
import { email as emailValidator } from '../../../model/validators.js';
import { isCommonPassword } from '../../auth/commonPasswords.js';
import { hashPassword } from '../../auth/password.js';
import {
  askLink,
  csrfToken,
  csrfValid,
  passwordLogin,
  peekLink,
  secretHash,
  SESSION_COOKIE,
  useLink,
} from './access.js';
import { activeAccesses, chooseAccess, endSession, openSession, setPassword, touchLogin } from './queries.js';
import {
  choosePage,
  homePage,
  linkPage,
  linkProblemPage,
  loginPage,
  outsidePage,
  passwordPage,
  PORTAL_CSP,
  type Notice,
  type PortalViewer,
  type Tile,
} from './pages.js';
import { studioMailData } from '../mail/index.js';

const FORM_MAX_BYTES = 8192;

/** The person in the area, after the session's checks. */
export interface PortalCtx {
  sessionId: number;
  personId: number;
  email: string;
  studioId: number;
  customerId: number;
  accessId: number;
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

const redirect = (reply: FastifyReply, to: string) =>
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

function setCookie(reply: FastifyReply, deps: AppDeps, value: string | null) {
  const secure = deps.settings.serverBaseUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    value === null
      ? `${SESSION_COOKIE}=; Path=${PORTAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`
      : `${SESSION_COOKIE}=${value}; Path=${PORTAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_HOURS * 3600}${secure}`,
  );
}

const client = (req: FastifyRequest) => {
  const agent = req.headers['user-agent'];
  return { ip: req.ip ?? null, agent: typeof agent === 'string' ? agent : null };
};

const formOf = (req: FastifyRequest): Record<string, string> =>
  req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};

/** The session of the request's cookie, as it stands: none, open without a customer chosen, or in an area. */
async function sessionOf(deps: AppDeps, req: FastifyRequest) {
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
  if (
    req.method !== 'GET' &&
    !csrfValid(deps.settings.jwtSecret, s.id, formOf(req).csrf ?? req.headers['x-csrf-token'])
  ) {
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
    viewer: { studioName: s.access.studioName, customerName: s.access.customerName, email: s.email, csrf },
  };
}

/** The home page's sections, each from the area's parts (a part adds its tile). */
export type TileSource = (deps: AppDeps, ctx: PortalCtx) => Promise<Tile | null>;
const tileSources: TileSource[] = [];
export function addTile(source: TileSource) {
  tileSources.push(source);
}

export async function portalPageRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
      (_req, body, done) => {
        const form: Record<string, string> = Object.create(null);
        for (const [k, v] of new URLSearchParams(String(body))) if (!(k in form)) form[k] = v;
        done(null, form);
      },
    );
    const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

    scope.get(PORTAL_PATH, { config: config(120) }, async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const tiles = (await Promise.all(tileSources.map((t) => t(deps, ctx)))).filter((t): t is Tile => !!t);
      tiles.push({ href: `${PORTAL_PATH}/password`, label: 'Password di accesso' });
      const q = req.query as Record<string, unknown>;
      const notice: Notice | null = q.password === '1' ? { kind: 'ok', text: 'Password salvata.' } : null;
      return sendHtml(reply, 200, homePage(ctx.viewer, tiles, notice));
    });

    scope.get(`${PORTAL_PATH}/accedi`, { config: config(60) }, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const notice: Notice | null = q.fine === '1' ? { kind: 'info', text: M.sessionEnded } : null;
      return sendHtml(reply, 200, loginPage({ notice }));
    });

    scope.post(`${PORTAL_PATH}/accedi`, { config: config(10) }, async (req, reply) => {
      const email = String(formOf(req).email ?? '')
        .trim()
        .toLowerCase();
      if (!email) return sendHtml(reply, 422, loginPage({ errors: { link: M.emailRequired } }));
      if (emailValidator()(email) !== undefined)
        return sendHtml(reply, 422, loginPage({ email, errors: { link: 'Inserisca un indirizzo e-mail valido' } }));
      const ids = await deps.tx((exec) => askLink(exec, deps.settings.serverBaseUrl, email));
      await deps.mail.handOff(ids).catch(() => undefined);
      return sendHtml(reply, 200, loginPage({ notice: { kind: 'ok', text: M.linkSent } }));
    });

    scope.post(`${PORTAL_PATH}/accedi/password`, { config: config(10) }, async (req, reply) => {
      const form = formOf(req);
      const email = String(form.email ?? '')
        .trim()
        .toLowerCase();
      const password = String(form.password ?? '');
      if (!email || !password || password.length > 128)
        return sendHtml(reply, 401, loginPage({ email, errors: { password: M.wrongCredentials } }));
      const done = await passwordLogin(deps.tx, email, password, client(req));
      if (!done) return sendHtml(reply, 401, loginPage({ email, errors: { password: M.wrongCredentials } }));
      setCookie(reply, deps, done.sid);
      return redirect(reply, done.accessId ? PORTAL_PATH : `${PORTAL_PATH}/scegli`);
    });

    scope.get<{ Params: { secret: string } }>(
      `${PORTAL_PATH}/link/:secret`,
      { config: config(60) },
      async (req, reply) => {
        const link = await peekLink(deps.exec, req.params.secret);
        if (link.state !== 'valid')
          return sendHtml(reply, link.state === 'invalid' ? 404 : 410, linkProblemPage(problem(link.state)));
        const studio = await studioMailData(deps.exec, link.studioId);
        return sendHtml(reply, 200, linkPage(req.params.secret, studio.name));
      },
    );

    scope.post<{ Params: { secret: string } }>(
      `${PORTAL_PATH}/link/:secret`,
      { config: config(20) },
      async (req, reply) => {
        const done = await useLink(deps.tx, req.params.secret, client(req));
        if (!done.ok)
          return sendHtml(
            reply,
            done.reason === 'invalid' ? 404 : done.reason === 'noAccess' ? 403 : 410,
            linkProblemPage(problem(done.reason)),
          );
        setCookie(reply, deps, done.sid);
        return redirect(reply, done.accessId ? PORTAL_PATH : `${PORTAL_PATH}/scegli`);
      },
    );

    scope.get(`${PORTAL_PATH}/scegli`, { config: config(60) }, async (req, reply) => {
      const s = await sessionOf(deps, req);
      if (!s) return redirect(reply, `${PORTAL_PATH}/accedi?fine=1`);
      const areas = await activeAccesses(deps.exec, s.personId, s.studios);
      if (!areas.length) return sendHtml(reply, 403, linkProblemPage(M.noAccess));
      return sendHtml(reply, 200, choosePage(areas, csrfToken(deps.settings.jwtSecret, s.id), s.email));
    });

    scope.post(`${PORTAL_PATH}/scegli`, { config: config(30) }, async (req, reply) => {
      const s = await sessionOf(deps, req);
      if (!s) return redirect(reply, `${PORTAL_PATH}/accedi?fine=1`);
      const form = formOf(req);
      if (!csrfValid(deps.settings.jwtSecret, s.id, form.csrf))
        return sendHtml(
          reply,
          403,
          outsidePage('Pagina scaduta', `<p><a href="${PORTAL_PATH}/scegli">Torna alla scelta del cliente</a></p>`, {
            kind: 'bad',
            text: M.csrf,
          }),
        );
      const areas = await activeAccesses(deps.exec, s.personId, s.studios);
      const chosen = areas.find((a) => String(a.id) === String(form.access ?? ''));
      // another person's access, or one revoked meanwhile: the list again
      if (!chosen) return redirect(reply, `${PORTAL_PATH}/scegli`);
      await deps.tx(async (exec) => {
        await chooseAccess(exec, s.id, chosen.id);
        await touchLogin(exec, chosen.id);
      });
      return redirect(reply, PORTAL_PATH);
    });

    scope.get(`${PORTAL_PATH}/password`, { config: config(60) }, async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      return sendHtml(reply, 200, passwordPage(ctx.viewer));
    });

    scope.post(`${PORTAL_PATH}/password`, { config: config(10) }, async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const form = formOf(req);
      const password = String(form.password ?? '');
      const confirm = String(form.confirm ?? '');
      const error =
        password.length < 8
          ? M.passwordShort
          : password.length > 128
            ? M.passwordLong
            : (await isCommonPassword(password))
              ? M.passwordCommon
              : null;
      if (error) return sendHtml(reply, 422, passwordPage(ctx.viewer, { password: error }));
      if (password !== confirm) return sendHtml(reply, 422, passwordPage(ctx.viewer, { confirm: M.passwordMismatch }));
      const hash = await hashPassword(password);
      await deps.tx((exec) => setPassword(exec, ctx.personId, ctx.studioId, hash, ctx.sessionId));
      return redirect(reply, `${PORTAL_PATH}?password=1`);
    });

    scope.post(`${PORTAL_PATH}/esci`, { config: config(30) }, async (req, reply) => {
      const s = await sessionOf(deps, req);
      // a logout asked from elsewhere only logs out (and the cookie is SameSite=Strict)
      if (s) await endSession(deps.exec, s.id);
      setCookie(reply, deps, null);
      return sendHtml(reply, 200, loginPage({ notice: { kind: 'ok', text: "È uscito dall'area clienti." } }));
    });
  });
}

const problem = (reason: 'invalid' | 'used' | 'expired' | 'noAccess') =>
  reason === 'used'
    ? M.linkUsed
    : reason === 'expired'
      ? M.linkExpired
      : reason === 'noAccess'
        ? M.noAccess
        : M.linkInvalid;
