/**
 * C61 social logins against Google's and Facebook's answers served by msw (no network): a Google
 * ID token signed with a key published as Google's JWKS, Facebook's debug_token and /me. The
 * session is given for the e-mail the provider proves; another audience or app, an unverified
 * e-mail, an unknown account and a provider down are refused; off by default (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { FACEBOOK_GRAPH_URL, GOOGLE_JWKS_URL } from '../../server/auth/social.js';

const CLIENT_ID = '123456789012-abcdefghijklmnop.apps.googleusercontent.com';
const FB = { appId: '998877665544', appSecret: 'fb-test-secret' };
let privateKey: CryptoKey;
let jwks: { keys: unknown[] };
let googleDown = false;

/** Facebook's tokens: access token → its user (id, email) and app */
const fbTokens = new Map<string, { id: string; email?: string; app: string; valid: boolean }>([
  ['EAAG-admin', { id: '10221', email: 'admin@studiodemo.test', app: FB.appId, valid: true }],
  ['EAAG-other-app', { id: '10222', email: 'admin@studiodemo.test', app: '111', valid: true }],
  ['EAAG-expired', { id: '10223', email: 'admin@studiodemo.test', app: FB.appId, valid: false }],
  ['EAAG-no-email', { id: '10224', app: FB.appId, valid: true }],
]);

const msw = setupServer(
  http.get(GOOGLE_JWKS_URL, () => (googleDown ? HttpResponse.error() : HttpResponse.json(jwks))),
  http.get(`${FACEBOOK_GRAPH_URL}/debug_token`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    if (q.get('access_token') !== `${FB.appId}|${FB.appSecret}`)
      return HttpResponse.json(
        { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
        { status: 400 },
      );
    const t = fbTokens.get(q.get('input_token') ?? '');
    if (!t)
      return HttpResponse.json({
        data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false },
      });
    return HttpResponse.json({
      data: {
        app_id: t.app,
        type: 'USER',
        application: 'Gestionale Studi',
        data_access_expires_at: 1803000000,
        expires_at: 1796000000,
        is_valid: t.valid,
        scopes: ['email', 'public_profile'],
        user_id: t.id,
      },
    });
  }),
  http.get(`${FACEBOOK_GRAPH_URL}/me`, ({ request }) => {
    const t = fbTokens.get(new URL(request.url).searchParams.get('access_token') ?? '');
    if (!t)
      return HttpResponse.json(
        { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
        { status: 400 },
      );
    return HttpResponse.json({ id: t.id, ...(t.email ? { email: t.email } : {}) });
  }),
);

const idToken = (claims: Record<string, unknown>, audience = CLIENT_ID) =>
  new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
    .setIssuer('https://accounts.google.com')
    .setAudience(audience)
    .setSubject('110169484474386276334')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);

let t: TestApp;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }] };
  msw.listen({ onUnhandledRequest: 'error' });
  t = await startTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, FACEBOOK_APP_ID: FB.appId, FACEBOOK_APP_SECRET: FB.appSecret },
  });
});
afterAll(async () => {
  await t?.close();
  msw.close();
});

const social = (provider: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${provider}/verify_token_and_login/${encodeURIComponent(token)}` });

describe('C61 Google', () => {
  it('C61 an ID token of this app with a verified e-mail: the session of that account', async () => {
    const res = await social('google', await idToken({ email: 'Admin@StudioDemo.test' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'admin@studiodemo.test', role: 'Admin', token_type: 'bearer' });
    const session = { authorization: `Bearer ${res.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/studio_logged', headers: session })).statusCode).toBe(200);
  });

  it('C61 refused: another audience, an unverified e-mail, a forged signature, an unknown account (401 naming it)', async () => {
    expect(
      (
        await social(
          'google',
          await idToken({ email: 'admin@studiodemo.test' }, 'altra-app.apps.googleusercontent.com'),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await social('google', await idToken({ email: 'admin@studiodemo.test', email_verified: false }))).statusCode,
    ).toBe(401);
    const forged = `${(await idToken({ email: 'admin@studiodemo.test' })).split('.').slice(0, 2).join('.')}.${Buffer.from('firma falsa').toString('base64url')}`;
    expect((await social('google', forged)).statusCode).toBe(401);
    const unknown = await social('google', await idToken({ email: 'sconosciuto@example.it' }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe("Nessun account con l'email sconosciuto@example.it: registrati per iniziare");
  });
});

describe('C61 Facebook', () => {
  it("C61 a token of this app: the session of its user's e-mail; refused for another app, an expired token, no e-mail", async () => {
    const ok = await social('facebook', 'EAAG-admin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().email).toBe('admin@studiodemo.test');
    for (const token of ['EAAG-other-app', 'EAAG-expired', 'EAAG-no-email', 'EAAG-unknown']) {
      expect((await social('facebook', token)).statusCode, token).toBe(401);
    }
  });
});

describe('C61 flags', () => {
  it('C61 off by default: no such call (not public: 401; with a session: 404), and client_var says so', async () => {
    const off = await startTestApp();
    try {
      const session = await off.login('admin@studiodemo.test');
      for (const p of ['google', 'facebook']) {
        expect(
          (await off.app.inject({ method: 'GET', url: `/api/user/${p}/verify_token_and_login/x` })).statusCode,
        ).toBe(401);
        expect(
          (await off.app.inject({ method: 'GET', url: `/api/user/${p}/verify_token_and_login/x`, headers: session }))
            .statusCode,
        ).toBe(404);
      }
      expect((await off.app.inject({ method: 'GET', url: '/api/var/client_var' })).json()).toMatchObject({
        SOCIAL_LOGIN_ENABLED: false,
        GOOGLE_LOGIN_ENABLED: false,
        FACEBOOK_LOGIN_ENABLED: false,
      });
    } finally {
      await off.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/var/client_var' })).json()).toMatchObject({
      GOOGLE_LOGIN_ENABLED: true,
      FACEBOOK_LOGIN_ENABLED: true,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      FACEBOOK_APP_ID: FB.appId,
    });
  });
});

describe("the page's Content-Security-Policy", () => {
  it("allows a provider's scripts only when it is configured; the captcha's blob workers always", async () => {
    const policy = async (app: TestApp) =>
      String((await app.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const on = await policy(t);
    expect(on).toContain('https://accounts.google.com/gsi/client');
    expect(on).toContain('https://connect.facebook.net');
    expect(on).toMatch(/worker-src 'self' blob:/);
    expect(on).not.toContain('js.stripe.com');
    const off = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } });
    try {
      const p = await policy(off);
      expect(p).toContain('https://js.stripe.com');
      expect(p).not.toContain('accounts.google.com');
      expect(p).not.toContain('facebook');
    } finally {
      await off.close();
    }
  });
});
