/**
 * What the server logs about an error: never the values of a failed statement. Drizzle's
 * DrizzleQueryError says 'Failed query: … params: …' and carries `params`; PGlite's errors carry
 * `params` too; PostgreSQL's `detail` repeats the failing row ('Failing row contains (…)', 'Key
 * (email)=(…) already exists') and `where` may quote a statement with its values. A logged error
 * keeps its type, message (without the parameters), SQL text, PostgreSQL code and names of the
 * constraint/table/column, and its stack (without the parameters); it drops everything else.
 */
import pino, { type Logger, type LoggerOptions } from 'pino';

/** Fields of an error that never carry data of a row or a request. */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;
const MAX_DEPTH = 4;

/** A message without the `params: …` part Drizzle appends to a failed query. */
export function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at >= 0 ? message.slice(0, at) : message;
}

/** An error as it may be logged (pino's `err` serializer). */
export function safeError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Record<string, unknown> & { message?: unknown; stack?: unknown; constructor?: { name?: string } };
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  const message = withoutParams(rawMessage);
  const out: Record<string, unknown> = { type: e.constructor?.name || 'Error', message };
  for (const k of SAFE_FIELDS) {
    const v = e[k];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  // the statement's text (placeholders, not values)
  if (typeof e.query === 'string') out.query = e.query;
  if (typeof e.stack === 'string') {
    let stack = rawMessage && rawMessage !== message ? e.stack.split(rawMessage).join(message) : e.stack;
    // a stack whose message was changed after it was taken: up to its first frame
    const at = stack.indexOf('\nparams:');
    if (at >= 0) {
      const frame = stack.indexOf('\n    at ', at);
      stack = stack.slice(0, at) + (frame >= 0 ? stack.slice(frame) : '');
    }
    out.stack = stack;
  }
  if (depth < MAX_DEPTH) {
    if (e.cause) out.cause = safeError(e.cause, depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 10).map((x) => safeError(x, depth + 1));
  }
  return out;
}

/**
 * The server's logger options: the level (unless `extra` says), and errors logged without
 * statement parameters — through the `err` serializer, and in the message too: Fastify's
 * default error log and `log.error(err)` use the error's message as the line's message.
 */
export function loggerOptions(level: string, extra: LoggerOptions = {}): LoggerOptions {
  return {
    level,
    ...extra,
    serializers: { ...extra.serializers, err: safeError },
    hooks: {
      ...extra.hooks,
      logMethod(args, method) {
        const safe: unknown[] = args.map((a) => (typeof a === 'string' ? withoutParams(a) : a));
        if (safe[0] instanceof Error && typeof safe[1] !== 'string')
          safe.splice(0, 1, { err: safe[0] }, withoutParams(safe[0].message));
        return method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}

/** The process logger (JSON lines on stdout), for what happens before and around the HTTP app. */
export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
