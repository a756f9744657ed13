/**
 * Limits on failed logins, besides the per-address-and-e-mail limit of every attempt (the login
 * route's @fastify/rate-limit): failures of one account from any address (guessing one user's
 * password from many machines) and failures from one address over any account (one password
 * sprayed over many e-mails). Over either limit the login answers 429 before any password is
 * checked, the right one included. A successful login clears its account's failures, not its
 * address's. The server's counters live in the database (rate-limiter-flexible's PostgreSQL store,
 * server/auth/sharedLimits.ts): every process counts on the same figures, and a restart forgets
 * nothing.
 */
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { boundedKey, memoryLimiters, type LimiterOf } from './sharedLimits.js';

export const LOGIN_LIMITS = {
  /** failed logins of one account, from any address, within the window */
  accountFailures: 10,
  /** failed logins from one address, for any account, within the window */
  addressFailures: 30,
  /** the window, in seconds, from the first failure counted */
  windowSeconds: 15 * 60,
} as const;

const waitOf = (res: RateLimiterRes | null, max: number) =>
  res && res.consumedPoints >= max ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;

export class LoginGuard {
  private byAccount;
  private byAddress;
  constructor(limiterOf: LimiterOf = memoryLimiters) {
    this.byAccount = limiterOf({
      keyPrefix: 'login-account',
      points: LOGIN_LIMITS.accountFailures,
      duration: LOGIN_LIMITS.windowSeconds,
    });
    this.byAddress = limiterOf({
      keyPrefix: 'login-address',
      points: LOGIN_LIMITS.addressFailures,
      duration: LOGIN_LIMITS.windowSeconds,
    });
  }

  /** Seconds until a login of this account from this address may be tried again; 0: now. */
  async waitFor(address: string, account: string): Promise<number> {
    const [acc, addr] = await Promise.all([
      this.byAccount.get(boundedKey(account)),
      this.byAddress.get(boundedKey(address)),
    ]);
    return Math.max(waitOf(acc, LOGIN_LIMITS.accountFailures), waitOf(addr, LOGIN_LIMITS.addressFailures));
  }

  /** A wrong password (or an unknown e-mail) from this address for this account. */
  async failed(address: string, account: string) {
    // over the limit consume() rejects with the limiter's answer: the failure is counted all the
    // same; a database error is an error
    const overLimit = (e: unknown) => {
      if (e instanceof Error) throw e;
    };
    await Promise.all([
      this.byAccount.consume(boundedKey(account)).catch(overLimit),
      this.byAddress.consume(boundedKey(address)).catch(overLimit),
    ]);
  }

  /** The account's password was right: its earlier failures no longer count. */
  async succeeded(account: string) {
    await this.byAccount.delete(boundedKey(account));
  }
}
