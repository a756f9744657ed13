/** Login and logout (C02, C03). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { revokeToken, userForLogin } from '../db/identity.js';
import { HttpError, MSG } from '../errors.js';
import { verifyPassword } from '../auth/password.js';
import { email as emailRule } from '../../model/validators.js';
import { z } from 'zod';
import { ERRORS } from './schemas.js';

export async function sessionRoutes(api: FastifyInstance, deps: AppDeps) {
  const { exec, tokens, settings } = deps;

  api.post('/user/login', {
    schema: {
      tags: ['Sessione'], summary: 'C02 Login', security: [],
      body: z.looseObject({ email: z.unknown().optional(), password: z.unknown().optional() }).nullish(),
      response: {
        200: z.looseObject({
          access_token: z.string(), token_type: z.literal('bearer'), expires_at: z.number(), id: z.number(), email: z.string(), name: z.string(),
          role: z.string(), studio_id: z.number(), studio_name: z.string(), subscription_expire_date: z.string().nullable(), credit: z.number(),
          avatar: z.string().nullable(),
        }),
        ...ERRORS,
      },
    },
    config: {
      public: true,
      rateLimit: {
        max: 10, timeWindow: '1 minute',
        // the key needs the parsed body: count in preHandler, not in the default onRequest hook
        // (where the body is not yet read and every e-mail of an IP would share one bucket)
        hook: 'preHandler',
        keyGenerator: (req) => `${req.ip}|${String((req.body as { email?: string })?.email ?? '').toLowerCase()}`,
      },
    },
  }, async (req) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || emailRule()(email) || !password) {
      throw new HttpError(422, MSG.validation, {
        ...(!email || emailRule()(email) ? { email: [email ? 'Email Non Valida' : 'Campo Obbligatorio'] } : {}),
        ...(!password ? { password: ['Campo Obbligatorio'] } : {}),
      });
    }
    const u = await userForLogin(exec, email);
    // verify even when the user is unknown, so timing does not reveal which e-mails exist
    const ok = await verifyPassword(u ? String(u.password) : '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG', password);
    if (!u || !ok) throw new HttpError(401, MSG.badCredentials);
    if (!u.active) throw new HttpError(403, MSG.inactive);
    const claims = {
      id: Number(u.id), email: String(u.email), name: String(u.name), role: String(u.role),
      studio_id: Number(u.studio_id), studio_name: String(u.studio_name ?? ''),
      subscription_expire_date: (u.subscription_expire_date as string | null) ?? null,
    };
    const { token, exp } = await tokens.sign(claims);
    return {
      access_token: token, token_type: 'bearer', expires_at: exp, ...claims,
      credit: settings.creditEnabled ? Number(u.credit ?? 0) : Number(u.credit ?? 0), avatar: u.avatar ?? null,
    };
  });

  api.get('/user/logout', {
    config: { subscriptionExempt: true },
    schema: { tags: ['Sessione'], summary: 'C03 Logout: il token non vale più', response: { 200: z.object({ message: z.string() }), ...ERRORS } },
  }, async (req) => {
    const claims = await tokens.verify(String(req.headers.authorization).replace(/^Bearer\s+/i, ''));
    const expires = new Date((claims?.exp ?? Date.now() / 1000) * 1000).toISOString().replace('T', ' ').slice(0, 19);
    await revokeToken(exec, req.ctx.jti, expires);
    await deps.sessions.revoked(req.ctx.jti);
    return { message: 'Logout effettuato' };
  });
}
