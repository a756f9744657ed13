/**
 * The captcha of the public forms (PRODUCT.md §7): a self-hosted proof-of-work (ALTCHA, altcha-lib)
 * by default — the browser's widget solves a PBKDF2 challenge this server signed, no third party
 * — or Google reCAPTCHA when both its keys are set. A solved ALTCHA challenge is accepted once
 * (used challenges are remembered until they expire, in the database for the server so that every
 * process refuses a solution another one accepted), within 10 minutes.
 */
import { createHmac } from 'node:crypto';
import { CappedMap, createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { SpentChallenges } from './sharedLimits.js';

export const CAPTCHA_MESSAGE = 'Clicca sul Captcha per Proseguire!';
/** how long a challenge may be solved and sent */
const VALID_SECONDS = 600;

export interface Captcha {
  kind: 'altcha' | 'recaptcha';
  /** a new challenge for the widget (ALTCHA only) */
  challenge(): Promise<Challenge>;
  /** whether the form's captcha answer (`g_recaptcha_response`) is a fresh solution */
  verify(response: unknown, ip?: string): Promise<boolean>;
}

export interface CaptchaOptions {
  /** the server's own secret (JWT_SECRET): the challenges' HMAC keys are derived from it */
  secret: string;
  recaptcha?: { siteKey: string; secretKey: string };
  /** tests: PBKDF2 cost (a low one solves in milliseconds) */
  cost?: number;
  /** where accepted challenges are remembered (the server: the database); default this process's memory */
  spent?: SpentChallenges;
}

/** Accepted challenges in this process's memory (at most 50,000; unit tests, a single process). */
export function memorySpentChallenges(): SpentChallenges {
  const used = new CappedMap<string, number>({ maxSize: 50_000 });
  return {
    has: async (signature) => used.has(signature),
    spend: async (signature, until) => used.setIfAbsent(signature, until),
  };
}

const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`altcha:${purpose}`).digest('hex');

export function altchaCaptcha(o: CaptchaOptions): Captcha {
  const hmacSignatureSecret = derive(o.secret, 'signature');
  const hmacKeySignatureSecret = derive(o.secret, 'key');
  // PBKDF2 iterations × a counter of cost..2·cost: about half a second for one browser thread
  const cost = o.cost ?? 1_000;
  // signatures of the challenges already accepted (a replayed solution is refused)
  const used = o.spent ?? memorySpentChallenges();
  return {
    kind: 'altcha',
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(cost, cost * 2),
        deriveKey,
        expiresAt: new Date(Date.now() + VALID_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(response) {
      if (typeof response !== 'string' || !response || response.length > 8_000) return false;
      let payload: { challenge?: Challenge; solution?: Solution };
      try {
        payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (!payload?.challenge?.parameters || !payload.solution || !payload.challenge.signature) return false;
      const signature = payload.challenge.signature;
      if (await used.has(signature)) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      // atomic: of two requests with one solution, only the first passes (in any process)
      return used.spend(signature, Date.now() + VALID_SECONDS * 1000);
    },
  };
}

/** Google reCAPTCHA (v2 checkbox): the answer checked with Google's siteverify. */
export function recaptchaCaptcha(keys: { siteKey: string; secretKey: string }): Captcha {
  return {
    kind: 'recaptcha',
    challenge: () => Promise.reject(new Error('reCAPTCHA has no local challenge')),
    async verify(response, ip) {
      if (typeof response !== 'string' || !response || response.length > 4_000) return false;
      try {
        const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: keys.secretKey, response, ...(ip ? { remoteip: ip } : {}) }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { success?: boolean };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

/** What Google's reCAPTCHA needs of the page's Content-Security-Policy, only with it on. */
export const RECAPTCHA_CSP = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
} as const;

export const captchaOf = (o: CaptchaOptions): Captcha =>
  o.recaptcha ? recaptchaCaptcha(o.recaptcha) : altchaCaptcha(o);
