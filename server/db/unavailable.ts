/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * network cut), as opposed to a statement that failed: the API answers 503 for the first.
 */

/** Node's network errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ECONNABORTED',
]);
/**
 * PostgreSQL: 57P01 admin_shutdown (also pg_terminate_backend), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting, in recovery), 3D000 the database does not exist (yet),
 * 53300 too many connections; class 08 is connection exceptions.
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '3D000', '53300']);
/** Messages of node-postgres (pg, pg-pool) for a connection that is gone or never came. */
const MESSAGES = [
  /^Connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /is not currently accepting connections/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // not the message of a failed statement (Drizzle's and PGlite's carry the statement and its values)
  const message = typeof e.message === 'string' && !('query' in e) ? e.message : '';
  if (message && MESSAGES.some((re) => re.test(message))) return true;
  // net.connect to a name with several addresses fails with an AggregateError of each attempt
  if (Array.isArray(e.errors) && e.errors.length && e.errors.every((x) => isDatabaseUnavailable(x, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
