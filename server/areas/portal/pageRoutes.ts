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
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { PORTAL_MESSAGES as M, PORTAL_PATH } from '../../../model/portal.js';
import { email as emailValidator } from '../../../model/validators.js';
import { isCommonPassword } from '../../auth/commonPasswords.js';
import { hashPassword } from '../../auth/password.js';
import { askLink, csrfToken, csrfValid, passwordLogin, peekLink, useLink } from './access.js';
import { activeAccesses, chooseAccess, endSession, setPassword, touchLogin } from './queries.js';
import {
  choosePage,
  homePage,
  linkPage,
  linkProblemPage,
  loginPage,
  outsidePage,
  passwordPage,
  type Notice,
  type Tile,
} from './pages.js';
import { studioMailData } from '../mail/index.js';
import {
  client,
  formOf,
  portalCtx,
  queryOf,
  redirect,
  sendHtml,
  sessionOf,
  setCookie,
  tileSources,
} from './areaSession.js';
import { requestPageRoutes } from './requestPageRoutes.js';
// the home page's tiles come in the order these files are loaded: the invoices before what the
// studio sends to read and what is to pay, the mandate after it
import { invoicePageRoutes } from './invoicePages.js';
import { documentPageRoutes } from './documentPages.js';
import { mandatePageRoutes } from './mandatePages.js';
import { declarationPageRoutes } from './declarationPages.js';
import { messagePageRoutes } from './messagePages.js';

const FORM_MAX_BYTES = 8192;

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
    // the parts of the area
    await requestPageRoutes(scope, deps);
    await documentPageRoutes(scope, deps);
    await mandatePageRoutes(scope, deps);
    await invoicePageRoutes(scope, deps);
    await declarationPageRoutes(scope, deps);
    await messagePageRoutes(scope, deps);

    scope.get(PORTAL_PATH, { config: config(120) }, async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const tiles = (await Promise.all(tileSources.map((t) => t(deps, ctx)))).filter((t): t is Tile => !!t);
      tiles.push({ href: `${PORTAL_PATH}/password`, label: 'Password di accesso' });
      const q = queryOf(req);
      const notice: Notice | null = q.password === '1' ? { kind: 'ok', text: 'Password salvata.' } : null;
      return sendHtml(reply, 200, homePage(ctx.viewer, tiles, notice));
    });

    scope.get(`${PORTAL_PATH}/accedi`, { config: config(60) }, async (req, reply) => {
      const q = queryOf(req);
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
