/** The Fastify application: security headers, one error shape, API routes, the built app. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join, resolve } from 'node:path';
import { trustProxyOption, type Settings } from './settings.js';
import type { Database } from './db/connection.js';
import { HttpError, MSG } from './errors.js';
import { checkRequestText, INPUT_MESSAGES, inputError, jsonProblem } from './input.js';
import { Tokens } from './auth/tokens.js';
import { Sessions } from './auth/session.js';
import type { Ctx } from './auth/context.js';
import { execOn, inTransaction } from './records/exec.js';
import type { Api, AppDeps } from './deps.js';
import { sessionRoutes } from './auth/routes.js';
import { modelActionRoutes } from './records/actionRoutes.js';
import { recordRoutes } from './records/routes.js';
import { shellRoutes } from './areas/studio/routes.js';
import { collaboratorRoutes } from './areas/studio/collaboratorRoutes.js';
import { healthRoutes } from './routes/health.js';
import { accountRoutes, statementRoutes } from './areas/accounts/routes.js';
import { documentRoutes } from './areas/documents/routes.js';
import { payslipRoutes } from './areas/payslips/routes.js';
import { assignmentRoutes } from './areas/assignments/routes.js';
import { attachmentRoutes } from './areas/attachments/routes.js';
import { wordTemplateRoutes } from './areas/wordTemplates/routes.js';
import { mailRoutes } from './areas/mail/routes.js';
import { jobRoutes } from './areas/jobs/routes.js';
import { documentMailRoutes } from './areas/documents/mailRoutes.js';
import { eDocumentRoutes } from './areas/eDocuments/routes.js';
import { creditRoutes, CREDIT_DISABLED, isCreditCall } from './areas/credit/routes.js';
import { preferenceRoutes } from './areas/preferences/routes.js';
import { quickFindRoutes } from './areas/quickFind/routes.js';
import { paymentRoutes } from './areas/payments/routes.js';
import { paymentsOf } from './areas/payments/service.js';
import { paymentProviders, STRIPE_CSP } from './areas/payments/providers.js';
import { publicAreaRoutes } from './areas/accountLifecycle/routes.js';
import { customerImportRoutes } from './areas/customerImport/routes.js';
import { invoicingRoutes } from './areas/invoicing/routes.js';
import { sdiRoutes } from './areas/sdi/routes.js';
import { collectionsRoutes } from './areas/collections/routes.js';
import { amlRoutes } from './areas/aml/routes.js';
import { amlSelfRoutes } from './areas/aml/selfRoutes.js';
import { amlChecksRoutes } from './areas/aml/checksRoutes.js';
import { amlDocumentRoutes } from './areas/aml/documentRoutes.js';
import { engagementRoutes } from './areas/engagements/routes.js';
import { engagementLetterRoutes } from './areas/engagements/letterRoutes.js';
import { engagementPageRoute } from './areas/engagements/pageRoutes.js';
import { portalRoutes } from './areas/portal/routes.js';
import { portalRequestRoutes } from './areas/portal/requestRoutes.js';
import { portalMessageRoutes } from './areas/portal/messageRoutes.js';
import { portalMandateRoutes } from './areas/portal/mandateRoutes.js';
import { portalOpeningRoutes } from './areas/portal/openingRoutes.js';
import { portalDeclarationRoutes } from './areas/portal/declarationRoutes.js';
// the customers' area's task in the reminders' daily run (its late document requests), registered when loaded
import './areas/portal/index.js';
import { portalPageRoutes } from './areas/portal/pageRoutes.js';
import { timeRoutes } from './areas/time/routes.js';
import { profitabilityRoutes } from './areas/profitability/routes.js';
import { SdiHandOff } from './areas/sdi/worker.js';
import { ReminderHandOff } from './areas/reminders/worker.js';
import { reminderPageRoute, reminderRoutes } from './areas/reminders/routes.js';
import { captchaOf, RECAPTCHA_CSP } from './auth/captcha.js';
import { dbRateLimitStore, dbSpentChallenges, sweepLimits } from './auth/sharedLimits.js';
import { SOCIAL_CSP } from './auth/social.js';

/** The CSP's extra sources: Stripe.js, reCAPTCHA, Google's and Facebook's login scripts, each only when set. */
function externalSources(settings: Settings) {
  const on = [
    ...(settings.stripe ? [{ ...STRIPE_CSP, style: [] as string[] }] : []),
    ...(settings.recaptcha ? [{ ...RECAPTCHA_CSP, connect: [] as string[], style: [] as string[] }] : []),
    ...(settings.googleClientId ? [SOCIAL_CSP.google] : []),
    ...(settings.facebook ? [SOCIAL_CSP.facebook] : []),
  ];
  const all = (k: 'script' | 'connect' | 'frame' | 'style') => [
    ...new Set(on.flatMap((x) => [...(x[k] as readonly string[])])),
  ];
  return { script: all('script'), connect: all('connect'), frame: all('frame'), style: all('style') };
}
import { MailHandOff } from './areas/mail/worker.js';
import { configureMailFrom } from './areas/mail/outbox.js';
import { storageOf } from './storage/select.js';
import { sweepStorage } from './storage/sweep.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { loggerOptions } from './logging.js';
import type { Logger } from 'pino';
import { validationAnswer } from './routes/schemas.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
    receivedAt: number;
  }
  interface FastifyInstance {
    apiRoutes: Array<{ method: string; url: string }>;
    /** where requests hand their committed outbox rows: attach the mail worker (server/areas/mail/worker.ts) */
    mail: MailHandOff;
    /** where requests hand their committed SdI files: attach the SdI worker (server/areas/sdi/worker.ts) */
    sdi: SdiHandOff;
    /** where requests hand their queued reminders: the reminders' worker (server/areas/reminders/worker.ts) */
    reminders: ReminderHandOff;
  }
  interface FastifyContextConfig {
    /** no session needed */
    public?: boolean;
    /** with SUBSCRIPTION_ENFORCE, still allowed to a studio whose subscription expired (payment, own profile, logout) */
    subscriptionExempt?: boolean | ((req: FastifyRequest) => boolean);
    /** the model whose fields a body carries: a value of the wrong kind gets the field's message */
    model?: string;
  }
}

export type { AppDeps };

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Indirizzo o intestazioni della richiesta troppo lunghi'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Tempo scaduto: la richiesta è arrivata troppo lentamente'],
};

/** An HTTP request the server could not even parse: answered in Italian, then the socket closes. */
function italianClientError(err: Error & { code?: string }, socket: import('node:net').Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Richiesta non valida'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * `opts.logger`: pino options (or false); `opts.loggerInstance`: the process's logger. Either
 * way errors are logged without the parameters of a failed statement (server/logging.ts).
 */
export async function buildApp(
  settings: Settings,
  database: Database,
  opts: { logger?: boolean | object; loggerInstance?: Logger } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance as unknown as FastifyBaseLogger }
      : {
          logger:
            opts.logger === false
              ? false
              : loggerOptions(settings.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
        }),
    bodyLimit: 10 * 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off: the peer is the client)
    trustProxy: trustProxyOption(settings.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1_000_000 },
    // a select-all delete puts up to 100,000 ids in the address (the app sends them in batches
    // under 8 KB; a direct call may send them at once)
    http: { maxHeaderSize: 1024 * 1024 },
    // errors met before a route is found answer in Italian too
    clientErrorHandler: italianClientError,
    frameworkErrors: (err, _req, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      const message =
        err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_ASYNC_CONSTRAINT'
          ? 'Indirizzo della richiesta non valido'
          : status === 415
            ? 'Tipo di contenuto non supportato'
            : 'Richiesta non valida';
      void (reply as FastifyReply).code(status).header('Cache-Control', 'no-store').send({ message });
    },
  });
  // DELETE may carry a JSON content type with no body (some HTTP clients always send one)
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (req.method === 'DELETE' && String(body).trim() === '') return done(null, undefined);
    // at most MAX_JSON_DEPTH levels, no NUL or lone surrogate in any text (server/input.ts)
    return json(req, body as string, (err, parsed) => {
      const problem = err ? null : jsonProblem(parsed);
      return problem ? done(inputError(problem), undefined) : done(err, parsed);
    });
  });
  const exec = execOn(database.db);
  const tokens = new Tokens(settings.jwtSecret, settings.tokenHours);
  const deps: AppDeps = {
    settings,
    database,
    exec,
    tokens,
    sessions: new Sessions(tokens, exec, database),
    tx: (fn) => inTransaction(database, fn),
    storage: storageOf(settings),
    mail: new MailHandOff(),
    sdi: new SdiHandOff(),
    reminders: new ReminderHandOff(),
  };
  app.decorate('mail', deps.mail);
  app.decorate('sdi', deps.sdi);
  app.decorate('reminders', deps.reminders);
  configureMailFrom(settings.mailFrom);

  // stored files no attachment names any more: swept a minute after start, then every 6 hours
  const sweep = () => {
    sweepStorage(exec, deps.storage).catch((err) => app.log.warn({ err }, 'storage sweep failed'));
  };
  // and the login limits' counters and captcha challenges that no longer count, every hour
  const sweepCounters = () => {
    sweepLimits(database).catch((err) => app.log.warn({ err }, 'limits sweep failed'));
  };
  const sweepTimers = [
    setTimeout(sweep, 60_000),
    setInterval(sweep, 6 * 3600_000),
    setInterval(sweepCounters, 3600_000),
  ];
  for (const t of sweepTimers) t.unref();
  app.addHook('onClose', async () => {
    for (const t of sweepTimers) clearTimeout(t);
    await deps.storage.close?.();
  });

  // cached session checks follow changes made by other processes
  const unlisten = await deps.sessions.listen();
  app.addHook('onClose', async () => {
    await unlisten();
  });
  // a graceful stop (SIGTERM): the answers of requests in progress close their (keep-alive)
  // connection, or the server would wait for the clients to drop them
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  // third parties the page may load from, each only when its feature is configured
  const extra = externalSources(settings);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra.style],
        scriptSrc: ["'self'", ...extra.script],
        connectSrc: ["'self'", ...extra.connect],
        ...(extra.frame.length ? { frameSrc: extra.frame } : {}),
        // the captcha widget solves its challenge in Web Workers made from blobs
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS and upgrade-insecure-requests only over HTTPS (below): on a studio's LAN served over
    // plain HTTP they would send the browser to an https:// address nobody answers
    hsts: false,
  });
  app.addHook('onSend', async (req, reply) => {
    // API answers are personal data of a studio: never kept by the browser or a proxy
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (req.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
        reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
  });
  // the per-route limits count in the database every process shares (server/auth/sharedLimits.ts)
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(database) });

  // the API's routes as registered (method and path), to check the OpenAPI document against them
  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: r.url });
  });

  // every route's schema is zod (fastify-type-provider-zod); the OpenAPI document comes from them
  app.setValidatorCompiler(validatorCompiler);
  // answers are checked against their schema where it is asked (the tests); otherwise plain JSON,
  // since checking 200 rows against a model schema costs about 2 ms a list (bench/list)
  if (settings.checkResponses) app.setSerializerCompiler(serializerCompiler);
  else app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${settings.appName} API`,
        version: '3.5.1',
        description: 'API del gestionale: ogni chiamata dei documenti di specifica (C01–C80).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // the reference at /api/docs (its own routes need no session)
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // the reference sets a few inline styles
      transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src 'self' 'unsafe-inline'"),
    });
  });

  app.decorateRequest('ctx', null as unknown as Ctx);
  // when the request arrived, before anything awaited
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', async (req) => {
    req.receivedAt = Date.now();
  });
  // a NUL or a lone surrogate in the path or the query: 400 before any route reads it (server/input.ts)
  app.addHook('preValidation', async (req) => {
    checkRequestText(req.params, req.query);
  });
  // authentication before any body is read; the routes say what they need through their config
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.public) return;
    req.ctx = await deps.sessions.authenticate(req);
    // the credit feature is off unless CREDIT_ENABLED: its calls are not there (PRODUCT.md §7)
    if (!settings.creditEnabled && isCreditCall(req.url)) throw new HttpError(404, CREDIT_DISABLED);
    if (
      settings.subscriptionEnforce &&
      req.method !== 'GET' &&
      req.ctx.subscriptionExpired &&
      req.ctx.role !== 'SuperAdmin'
    ) {
      const exempt = req.routeOptions.config?.subscriptionExempt;
      if (!(typeof exempt === 'function' ? exempt(req) : exempt)) throw new HttpError(402, MSG.subscription);
    }
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.status).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const answer = validationAnswer(
        (err as { validationContext?: string }).validationContext,
        err.validation,
        req.routeOptions.config?.model,
        req.body,
      );
      return reply.status(answer.status).send(answer.body);
    }
    // a unique index refused a write no route expected to race (two requests at once): a duplicate, not a fault
    const dbCode =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (dbCode === '23505') return reply.status(409).send({ message: MSG.duplicate });
    // text the database cannot store (a NUL, invalid UTF-8) that reached it anyway
    if (dbCode === '22021' || dbCode === '22P05') return reply.status(400).send({ message: INPUT_MESSAGES.text });
    // the database cannot be reached (restart, failover): the request may be repeated shortly
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: MSG.unavailable });
    }
    const e = err as { statusCode?: number; validation?: unknown; code?: string };
    if (e.statusCode === 429)
      return reply.status(429).send({ message: 'Troppi tentativi: riprova tra qualche minuto' });
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Corpo della richiesta non valido'
          : e.statusCode === 413
            ? 'Richiesta troppo grande'
            : 'Richiesta non valida';
      return reply.status(e.statusCode).send({ message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.internal });
  });

  await app.register(
    async (plain) => {
      const api: Api = plain.withTypeProvider<ZodTypeProvider>();
      await sessionRoutes(api, deps);
      await shellRoutes(api, deps);
      await recordRoutes(api, deps);
      await modelActionRoutes(api, deps);
      await collaboratorRoutes(api, deps);
      await statementRoutes(api, deps);
      await healthRoutes(api, deps);
      await accountRoutes(api, deps);
      await documentRoutes(api, deps);
      await payslipRoutes(api, deps);
      await assignmentRoutes(api, deps);
      await attachmentRoutes(api, deps);
      await wordTemplateRoutes(api, deps);
      await mailRoutes(api, deps);
      await documentMailRoutes(api, deps);
      await jobRoutes(api, deps);
      await eDocumentRoutes(api, deps);
      await invoicingRoutes(api, deps);
      await sdiRoutes(api, deps);
      await collectionsRoutes(api, deps);
      await reminderRoutes(api, deps);
      await amlRoutes(api, deps);
      await amlSelfRoutes(api, deps);
      await amlChecksRoutes(api, deps);
      await amlDocumentRoutes(api, deps);
      await engagementRoutes(api, deps);
      await engagementLetterRoutes(api, deps);
      await timeRoutes(api, deps);
      await profitabilityRoutes(api, deps);
      await portalRoutes(api, deps);
      await portalRequestRoutes(api, deps);
      await portalMessageRoutes(api, deps);
      await portalMandateRoutes(api, deps);
      await portalOpeningRoutes(api, deps);
      await portalDeclarationRoutes(api, deps);
      await creditRoutes(api, deps);
      await customerImportRoutes(api, deps);
      await preferenceRoutes(api, deps);
      await quickFindRoutes(api, deps);
      await paymentRoutes(api, deps, paymentsOf(settings, paymentProviders(settings)));
      await publicAreaRoutes(
        api,
        deps,
        captchaOf({ secret: settings.jwtSecret, recaptcha: settings.recaptcha, spent: dbSpentChallenges(database) }),
      );
    },
    { prefix: '/api' },
  );

  // the customer's page of a reminder's link (public, server-rendered)
  await reminderPageRoute(app, deps);
  // the customer's page of an engagement letter's link (public, server-rendered)
  await engagementPageRoute(app, deps);
  // the customers' own area (public pages with a session of their own, server-rendered)
  await portalPageRoutes(app, deps);

  // the built browser app, with a fallback to index.html for client routes
  const dist = resolve(process.env.APP_DIST || join(process.cwd(), 'dist'));
  const indexFile = join(dist, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(fastifyStatic, { root: dist, wildcard: true, index: false, maxAge: '1h' });
    // the build's chunks are named by their content (assets/name-hash.js): a browser keeps them for
    // a year without asking again; a new build has new names, which index.html (never kept) lists
    app.addHook('onSend', async (req, reply) => {
      if (reply.statusCode === 200 && req.url.startsWith('/assets/'))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    const html = () => readFileSync(indexFile, 'utf8');
    const sendIndex = (
      _req: unknown,
      reply: { header: (k: string, v: string) => unknown; type: (t: string) => { send: (b: string) => unknown } },
    ) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(html());
    };
    app.get('/', sendIndex);
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(req.url.split('?')[0]))
        return sendIndex(req, reply);
      return reply.status(404).send({ message: 'Risorsa non trovata' });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Risorsa non trovata' }));
  }
  return app;
}
