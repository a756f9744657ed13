/**
 * Limits on failed logins, besides the per-address-and-e-mail limit of every attempt (the login
 * route's @fastify/rate-limit): failures of one account from any address (guessing one user's
 * password from many machines) and failures from one address over any account (one password
 * sprayed over many e-mails). Over either limit the login answers 429 before any password is
 * checked, the right one included. A successful login clears its account's failures, not its
 * address's. Counters live in this process's memory (rate-limiter-flexible): a restart clears
 * them, and several processes each count their own.
 */
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

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
  private byAccount = new RateLimiterMemory({
    keyPrefix: 'account',
    points: LOGIN_LIMITS.accountFailures,
    duration: LOGIN_LIMITS.windowSeconds,
  });
  private byAddress = new RateLimiterMemory({
    keyPrefix: 'address',
    points: LOGIN_LIMITS.addressFailures,
    duration: LOGIN_LIMITS.windowSeconds,
  });

  /** Seconds until a login of this account from this address may be tried again; 0: now. */
  async waitFor(address: string, account: string): Promise<number> {
    const [acc, addr] = await Promise.all([this.byAccount.get(account), this.byAddress.get(address)]);
    return Math.max(waitOf(acc, LOGIN_LIMITS.accountFailures), waitOf(addr, LOGIN_LIMITS.addressFailures));
  }

  /** A wrong password (or an unknown e-mail) from this address for this account. */
  async failed(address: string, account: string) {
    // over the limit consume() rejects: the failure is counted all the same
    await Promise.all([
      this.byAccount.consume(account).catch(() => undefined),
      this.byAddress.consume(address).catch(() => undefined),
    ]);
  }

  /** The account's password was right: its earlier failures no longer count. */
  async succeeded(account: string) {
    await this.byAccount.delete(account);
  }
}
