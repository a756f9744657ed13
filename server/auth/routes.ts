/** Login and logout (C02, C03). */
import type { Api, AppDeps } from '../deps.js';
import type { Row } from '../records/exec.js';
import { revokeToken, userForLogin } from './queries.js';
import { HttpError, MSG } from '../errors.js';
import { HASH_RETRY_AFTER, HashingBusy, verifyPassword } from './password.js';
import { LoginGuard } from './loginGuard.js';
import { dbLimiters } from './sharedLimits.js';
import { email as emailRule } from '../../model/validators.js';
import { z } from 'zod';
import { ERRORS } from '../routes/schemas.js';
import { Scalar } from '../../model/api/records.js';

/** The e-mail as the login compares it: trimmed and lowercased ('' when not a text). */
const normalEmail = (body: unknown) => {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/** The session of a user who proved who he is (password, or a social provider's token): 403 if not active. */
export async function loginAnswer(deps: Pick<AppDeps, 'tokens' | 'settings'>, u: Row) {
  if (!u.active) throw new HttpError(403, MSG.inactive);
  const claims = {
    id: Number(u.id),
    email: String(u.email),
    name: String(u.name),
    role: String(u.role),
    studio_id: Number(u.studio_id),
    studio_name: String(u.studio_name ?? ''),
    subscription_expire_date: (u.subscription_expire_date as string | null) ?? null,
  };
  const { token, exp } = await deps.tokens.sign({ ...claims, sv: Number(u.session_epoch ?? 0) });
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_at: exp,
    ...claims,
    credit: Number(u.credit ?? 0),
    avatar: (u.avatar as string | null) ?? null,
  };
}

/** C02's answer */
export const LoginAnswer = z.looseObject({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: z.number(),
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  studio_id: z.number(),
  studio_name: z.string(),
  subscription_expire_date: z.string().nullable(),
  credit: z.number(),
  avatar: z.string().nullable(),
});

export async function sessionRoutes(api: Api, deps: AppDeps) {
  const { exec, tokens } = deps;
  // failures per account and per address, counted in the database (server/auth/loginGuard.ts)
  const guard = new LoginGuard(dbLimiters(deps.database));

  api.post(
    '/user/login',
    {
      schema: {
        tags: ['Sessione'],
        summary: 'C02 Login',
        security: [],
        body: z.looseObject({ email: Scalar.optional(), password: Scalar.optional() }).nullish(),
        response: { 200: LoginAnswer, ...ERRORS },
      },
      config: {
        public: true,
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // the key needs the parsed body: count in preHandler, not in the default onRequest hook
          // (where the body is not yet read and every e-mail of an IP would share one bucket)
          hook: 'preHandler',
          // the address is the peer unless TRUST_PROXY names it a proxy; the e-mail as compared (blanks and case do not make a new bucket)
          keyGenerator: (req) => `${req.ip}|${normalEmail(req.body)}`,
        },
      },
    },
    async (req, reply) => {
      const body = req.body ?? {};
      const email = normalEmail(body);
      const password = typeof body.password === 'string' ? body.password : '';
      if (!email || emailRule()(email) || !password) {
        throw new HttpError(422, MSG.validation, {
          ...(!email || emailRule()(email) ? { email: [email ? 'Email Non Valida' : 'Campo Obbligatorio'] } : {}),
          ...(!password ? { password: ['Campo Obbligatorio'] } : {}),
        });
      }
      // too many failures for this account or from this address: no password is checked
      const wait = await guard.waitFor(req.ip, email);
      if (wait) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, MSG.tooManyAttempts);
      }
      const u = await userForLogin(exec, email);
      let ok: boolean;
      try {
        // verify even when the user is unknown, so timing does not reveal which e-mails exist
        ok = await verifyPassword(
          u ? String(u.password) : '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
          password,
        );
      } catch (e) {
        if (e instanceof HashingBusy) reply.header('retry-after', String(HASH_RETRY_AFTER));
        throw e;
      }
      if (!u || !ok) {
        await guard.failed(req.ip, email);
        throw new HttpError(401, MSG.badCredentials);
      }
      await guard.succeeded(email);
      return loginAnswer(deps, u);
    },
  );

  api.get(
    '/user/logout',
    {
      config: { subscriptionExempt: true },
      schema: {
        tags: ['Sessione'],
        summary: 'C03 Logout: il token non vale più',
        response: { 200: z.object({ message: z.string() }), ...ERRORS },
      },
    },
    async (req) => {
      const claims = await tokens.verify(String(req.headers.authorization).replace(/^Bearer\s+/i, ''));
      const expires = new Date((claims?.exp ?? Date.now() / 1000) * 1000).toISOString().replace('T', ' ').slice(0, 19);
      await revokeToken(exec, req.ctx.jti, expires);
      await deps.sessions.revoked(req.ctx.jti);
      return { message: 'Logout effettuato' };
    },
  );
}
