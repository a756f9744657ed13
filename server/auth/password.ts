/**
 * Password hashes (argon2id), computed a few at a time: each takes ≈19 MB and tens of
 * milliseconds of a core, so a flood of logins would otherwise take every core from the users
 * already logged in. Beyond a short queue the answer is at once a 503 (`HashingBusy`).
 */
import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { HttpError, MSG } from '../errors.js';

const OPTIONS = { algorithm: 2 /* Argon2id */ as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes computed at once in this process: half the cores (one on a 2-core machine), the rest stay for the requests. */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/** Hashes that may wait for their turn (≈ a second of work); one more is refused. */
export const HASH_QUEUE = 16;
/** Seconds a refused caller is asked to wait (Retry-After). */
export const HASH_RETRY_AFTER = 5;

/** Too many hashes waiting: 503, try again in a few seconds. */
export class HashingBusy extends HttpError {
  constructor() {
    super(503, MSG.loginBusy);
  }
}

const limit = pLimit(HASH_CONCURRENCY);
function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= HASH_QUEUE) return Promise.reject(new HashingBusy());
  return limit(work);
}

/** Hashes computed by this process (the tests check that a registration hashes one whether or not its e-mail has an account). */
export const hashStats = { computed: 0 };

export const hashPassword = (plain: string) =>
  bounded(() => {
    hashStats.computed++;
    return hash(plain, OPTIONS);
  });
export const verifyPassword = async (stored: string | null | undefined, plain: string) => {
  if (!stored) return false;
  return bounded(async () => {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  });
};
