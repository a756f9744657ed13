/**
 * Social logins (seed B §4, §7 C61; PRODUCT.md §7: behind their flags, off by default): the
 * browser gets a token from the provider (Google's ID token, Facebook's access token) and the
 * server checks it with the provider and answers the e-mail it proves — never an e-mail the
 * browser says.
 * - Google: the ID token's signature against Google's published keys (jose, cached), issuer,
 *   audience (GOOGLE_CLIENT_ID), expiry and a verified e-mail.
 * - Facebook: the token inspected with the app's credentials (debug_token: valid, issued to this
 *   app), then its user's e-mail (Graph API /me).
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_LABEL: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** A token the provider does not vouch for (401), or a provider that cannot be reached (502). */
export class SocialTokenError extends Error {
  constructor(
    message: string,
    public unreachable = false,
  ) {
    super(message);
  }
}

export interface SocialVerifier {
  provider: SocialProvider;
  verify(token: string): Promise<string>;
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';

export function googleVerifier(clientId: string): SocialVerifier {
  const keys = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), { timeoutDuration: 10_000 });
  return {
    provider: 'google',
    async verify(token) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: ['https://accounts.google.com', 'accounts.google.com'],
          audience: clientId,
        }));
      } catch (e) {
        // jose's own errors carry a code; a failed download of Google's keys does not (or times out)
        const code = (e as { code?: string }).code;
        throw new SocialTokenError(
          !code || code === 'ERR_JWKS_TIMEOUT'
            ? 'Google non è raggiungibile in questo momento'
            : 'Token Google non valido',
          !code || code === 'ERR_JWKS_TIMEOUT',
        );
      }
      if (payload.email_verified !== true || typeof payload.email !== 'string')
        throw new SocialTokenError("L'account Google non ha un'email verificata");
      return payload.email.trim().toLowerCase();
    },
  };
}

export function facebookVerifier(app: { appId: string; appSecret: string }): SocialVerifier {
  const graph = async (path: string, params: Record<string, string>) => {
    let res: Response;
    try {
      res = await fetch(`${FACEBOOK_GRAPH_URL}${path}?${new URLSearchParams(params)}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new SocialTokenError('Facebook non è raggiungibile in questo momento', true);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) throw new SocialTokenError('Facebook non è raggiungibile in questo momento', true);
    return { ok: res.ok, body };
  };
  return {
    provider: 'facebook',
    async verify(token) {
      const debug = await graph('/debug_token', { input_token: token, access_token: `${app.appId}|${app.appSecret}` });
      const data = (debug.body.data ?? {}) as { is_valid?: boolean; app_id?: string; user_id?: string };
      if (!debug.ok || data.is_valid !== true || String(data.app_id) !== app.appId)
        throw new SocialTokenError('Token Facebook non valido');
      const me = await graph('/me', { fields: 'id,email', access_token: token });
      const email = me.body.email;
      if (!me.ok || String(me.body.id) !== String(data.user_id) || typeof email !== 'string' || !email)
        throw new SocialTokenError("L'account Facebook non ha un'email");
      return email.trim().toLowerCase();
    },
  };
}

/** What the providers' login scripts need of the page's Content-Security-Policy, each only when on. */
export const SOCIAL_CSP = {
  google: {
    script: ['https://accounts.google.com/gsi/client'],
    frame: ['https://accounts.google.com/gsi/'],
    connect: ['https://accounts.google.com/gsi/'],
    style: ['https://accounts.google.com/gsi/style'],
  },
  facebook: {
    script: ['https://connect.facebook.net'],
    frame: ['https://www.facebook.com', 'https://web.facebook.com'],
    connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
    style: [] as string[],
  },
} as const;
