/**
 * Issue 49: the customer's page of an engagement letter's link (public, server-rendered, no
 * script), outside the API and its session: `/incarico/{token}` (GET the letter, POST 'Accetto') and
 * `/incarico/{token}/lettera.pdf` (the letter as sent). Rate-limited per address like the reminders'
 * page; the form's body (application/x-www-form-urlencoded, a few hundred bytes) is parsed here
 * only. The work is in letterPage.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { attachment } from '../../routes/download.js';
import { acceptLetter, letterPage, letterPagePdf, type Page } from './letterPage.js';
import { LETTER_LINK_PATH } from './letterLink.js';

const FORM_MAX_BYTES = 4096;

const sendPage = (reply: FastifyReply, page: Page) =>
  reply
    .status(page.status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(page.html);

export async function engagementPageRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    // the form 'Accetto': name=value pairs, only on these routes
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
      (_req, body, done) => {
        const form: Record<string, string> = Object.create(null);
        for (const [k, v] of new URLSearchParams(String(body))) if (!(k in form)) form[k] = v;
        done(null, form);
      },
    );

    scope.get<{ Params: { token: string } }>(
      `${LETTER_LINK_PATH}:token`,
      { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => sendPage(reply, await letterPage(deps, req.params.token)),
    );

    scope.post<{ Params: { token: string }; Body: Record<string, unknown> }>(
      `${LETTER_LINK_PATH}:token`,
      { config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const body = req.body && typeof req.body === 'object' ? req.body : {};
        const agent = req.headers['user-agent'];
        return sendPage(
          reply,
          await acceptLetter(deps, req.params.token, body, {
            ip: req.ip,
            agent: typeof agent === 'string' ? agent : null,
          }),
        );
      },
    );

    scope.get<{ Params: { token: string } }>(
      `${LETTER_LINK_PATH}:token/lettera.pdf`,
      { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const r = await letterPagePdf(deps, req.params.token);
        if (!r.ok) return sendPage(reply, r.page);
        return reply
          .header('Content-Disposition', attachment(r.name))
          .header('Cache-Control', 'no-store')
          .header('Referrer-Policy', 'no-referrer')
          .header('X-Robots-Tag', 'noindex, nofollow')
          .type('application/pdf')
          .send(r.body);
      },
    );
  });
}
