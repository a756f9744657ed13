/**
 * The public area's calls (seed B §7 C59, C60, C62–C65; PRODUCT.md §7): no session. Each is
 * limited per address (@fastify/rate-limit) and, where it names an e-mail, per e-mail
 * (rate-limiter-flexible), both counted in the database that every process shares
 * (server/auth/sharedLimits.ts), so neither many addresses nor many e-mails get around them.
 * Refusals answer 400 with the first problem as `message` (the pages show it) and `errors` per
 * field; 429 when over a limit.
 */
import { boundedKey, dbLimiters } from '../../auth/sharedLimits.js';
import type { Api, AppDeps } from '../../deps.js';
import { HttpError, MSG } from '../../errors.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  CaptchaChallenge,
  ContactFormInput,
  DoResetInput,
  InitResetInput,
  PublicAnswer,
  RegisterStudioInput,
  RegisterUserInput,
  TokenParams,
} from '../../../model/api/accountLifecycle.js';
import type { Captcha } from '../../auth/captcha.js';
import { facebookVerifier, googleVerifier, SOCIAL_LABEL, SocialTokenError } from '../../auth/social.js';
import { userForLogin } from '../../auth/queries.js';
import { LoginAnswer, loginAnswer } from '../../auth/routes.js';
import {
  activate,
  contactForm,
  doReset,
  initReset,
  registerStudio,
  registerUser,
  type AccountDeps,
} from './service.js';

/** per address: calls within the window (the same for every public form) */
export const PUBLIC_LIMITS = {
  perAddress: { max: 10, timeWindow: '10 minutes' },
  /** per e-mail (registration and recovery): mails one address can be sent */
  perEmail: { points: 3, seconds: 15 * 60 },
} as const;

export async function publicAreaRoutes(api: Api, deps: AppDeps, captcha: Captcha) {
  const tags = ['Area pubblica'];
  const byEmail = dbLimiters(deps.database)({
    keyPrefix: 'public-email',
    points: PUBLIC_LIMITS.perEmail.points,
    duration: PUBLIC_LIMITS.perEmail.seconds,
  });
  const a: AccountDeps = {
    ...deps,
    captcha,
    // one more message for this e-mail, or 429 (whether or not the e-mail has an account)
    async perEmail(email) {
      try {
        await byEmail.consume(boundedKey(email));
      } catch (e) {
        // a database error is an error, not a limit
        if (e instanceof Error) throw e;
        throw new HttpError(429, MSG.tooManyAttempts);
      }
    },
  };
  const config = { public: true, rateLimit: { ...PUBLIC_LIMITS.perAddress } };

  api.post(
    '/studio/actions/registration',
    {
      config,
      schema: {
        tags,
        security: [],
        summary:
          'C59 Registrazione di uno studio dalla landing page: prova di 30 giorni, amministratore da attivare con il link via email',
        body: RegisterStudioInput,
        response: { 201: PublicAnswer, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(await registerStudio(a, req.body ?? {})),
  );

  api.post(
    '/user/register',
    {
      config,
      schema: {
        tags,
        security: [],
        summary:
          'C62 Registrazione da /utente/registrati (solo se attiva): email, password due volte, termini e privacy',
        body: RegisterUserInput,
        response: { 201: PublicAnswer, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(await registerUser(a, req.body ?? {})),
  );

  api.get(
    '/user/activate/:token',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: "C65 Attivazione dell'account con il link della mail (valido 24 ore, una volta)",
        params: TokenParams,
        response: { 200: PublicAnswer, ...ERRORS },
      },
    },
    async (req) => activate(a, req.params.token),
  );

  api.post(
    '/user/password/init_reset',
    {
      config,
      schema: {
        tags,
        security: [],
        summary:
          "C63 Recupero password: con il captcha risolto, un link via email (la stessa risposta che l'email esista o no)",
        body: InitResetInput,
        response: { 200: PublicAnswer, ...ERRORS },
      },
    },
    async (req) =>
      initReset(a, req.body ?? {}, req.ip, (e) => req.log.error({ err: e }, 'the reset link could not be written')),
  );

  api.post(
    '/user/password/do_reset',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: "C64 Nuova password con il link (valido 1 ora, una volta): tutte le sessioni dell'utente terminano",
        body: DoResetInput,
        response: { 200: PublicAnswer, ...ERRORS },
      },
    },
    async (req) => doReset(a, req.body ?? {}),
  );

  api.post(
    '/contact_form/actions/send_contact_form',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'C60 Modulo "Iscriviti" (prova gratuita): inviato al fornitore',
        body: ContactFormInput,
        response: { 201: PublicAnswer, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(await contactForm(a, req.body ?? {})),
  );

  // C61: social logins, each only when its keys are set (else there is no such call: 404)
  const verifiers = [
    ...(deps.settings.googleClientId ? [googleVerifier(deps.settings.googleClientId)] : []),
    ...(deps.settings.facebook ? [facebookVerifier(deps.settings.facebook)] : []),
  ];
  for (const v of verifiers) {
    api.get(
      `/user/${v.provider}/verify_token_and_login/:token`,
      {
        config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['Sessione'],
          security: [],
          summary: `C61 Login con ${SOCIAL_LABEL[v.provider]}: il token verificato presso il fornitore (401: nessun account con quell'email)`,
          params: TokenParams,
          response: { 200: LoginAnswer, ...ERRORS },
        },
      },
      async (req) => {
        const token = req.params.token;
        if (!token || token.length > 4_096) throw new HttpError(401, `Token ${SOCIAL_LABEL[v.provider]} non valido`);
        let email: string;
        try {
          email = await v.verify(token);
        } catch (e) {
          if (e instanceof SocialTokenError) throw new HttpError(e.unreachable ? 502 : 401, e.message);
          throw e;
        }
        const u = await userForLogin(deps.exec, email);
        if (!u) throw new HttpError(401, `Nessun account con l'email ${email}: registrati per iniziare`);
        return loginAnswer(deps, u);
      },
    );
  }

  if (captcha.kind === 'altcha') {
    api.get(
      '/captcha/challenge',
      {
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          security: [],
          summary: 'Una sfida del captcha (ALTCHA, proof-of-work) per il widget',
          response: { 200: CaptchaChallenge, ...ERRORS },
        },
      },
      async (_req, reply) => reply.header('Cache-Control', 'no-store').send(await captcha.challenge()),
    );
  }
}
