/**
 * Bearer JWT (HS256): claims id, email, name, role, studio_id, studio_name, subscription_expire_date,
 * jti, sv (the user's session epoch when it was issued), iat and exp. A token without exp is refused.
 */
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';

export interface TokenClaims {
  id: number;
  email: string;
  name: string;
  role: string;
  studio_id: number;
  studio_name: string;
  subscription_expire_date: string | null;
  /** the user's session epoch at issue: a later password change or reset ends the token */
  sv: number;
  jti: string;
  exp: number;
}

/** verified tokens remembered (their claims), at most this many: the oldest go first */
const VERIFIED_MAX = 5000;

export class Tokens {
  private secret: Uint8Array<ArrayBuffer>;
  /**
   * Tokens whose signature was checked, with their claims: every request of a session carries the
   * same token, and checking its HMAC again (WebCrypto, a round trip through libuv's pool) was the
   * biggest single cost of a request's own work under load (bench/load, issue 45 item 27). Only the
   * signature's check is spared: the expiry is checked at each use, and the session's epoch and
   * revocation are checked by the caller as before. Bounded: a flood of distinct tokens evicts.
   */
  private verified = new Map<string, TokenClaims>();
  private imported?: Promise<CryptoKey>;
  constructor(
    secret: string,
    private hours: number,
  ) {
    this.secret = new TextEncoder().encode(secret);
  }

  /**
   * The HMAC key, imported once (on first use, so that a failure reaches the caller): given the
   * raw secret, jose imports it again for every token it signs or verifies, half of its cost.
   */
  private key(): Promise<CryptoKey> {
    this.imported ??= crypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.imported;
  }

  async sign(claims: Omit<TokenClaims, 'jti' | 'exp'>): Promise<{ token: string; jti: string; exp: number }> {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + Math.round(this.hours * 3600);
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(exp)
      .setSubject(String(claims.id))
      .sign(await this.key());
    return { token, jti, exp };
  }

  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key(), {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'jti'],
      });
      if (typeof payload.id !== 'number' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
        return null;
      // tokens issued before session epochs existed carry none: epoch 0
      const claims = Object.freeze({
        ...payload,
        sv: typeof payload.sv === 'number' ? payload.sv : 0,
      }) as unknown as TokenClaims;
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
