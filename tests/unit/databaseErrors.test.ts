/** Issue 9 #9 and #13: which errors mean "database unreachable" (503), and what of an error is logged. */
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable } from '../../server/db/unavailable.js';
import { Writable } from 'node:stream';
import pino from 'pino';
import Fastify from 'fastify';
import { loggerOptions, safeError } from '../../server/logging.js';

const pgError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('9.9 faults: connection errors', () => {
  it('9.9 faults: connection errors (refused, reset, terminated backends, class 08, a database not accepting connections) are 503; failed statements are not', () => {
    const refused = Object.assign(
      new AggregateError(
        [
          pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
          pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
        ],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    for (const err of [
      refused,
      pgError('ECONNRESET', 'read ECONNRESET'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('3D000', 'database "x" does not exist'),
      pgError('55000', 'database "x" is not currently accepting connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DrizzleQueryError(
        'select 1',
        [],
        pgError('57P01', 'terminating connection due to administrator command') as never,
      ),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint "users_email"'),
      pgError('P0001', 'rifiutato'),
      new DrizzleQueryError(
        'insert into notes values ($1)',
        ['Connection terminated'],
        pgError('23514', 'check violation') as never,
      ),
      new Error('boom'),
      null,
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

describe('9.13 logs: errors as logged', () => {
  it('9.13 logs: a failed statement is logged with its SQL, code and message, without params, detail or the values in its stack', () => {
    const cause = pgError('23514', 'new row violates check constraint "c"', {
      detail: 'Failing row contains (secret-value).',
      params: ['secret-value'],
      where: 'SQL statement "…secret-value…"',
      constraint: 'c',
      table: 'users',
    });
    const err = new DrizzleQueryError('insert into "users" ("name") values ($1)', ['secret-value'], cause as never);
    const logged = safeError(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('secret-value');
    expect(text).not.toContain('params');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("name") values ($1)',
      query: 'insert into "users" ("name") values ($1)',
      cause: { code: '23514', constraint: 'c', table: 'users', message: 'new row violates check constraint "c"' },
    });
    expect((logged as { stack: string }).stack).toContain('Failed query: insert into "users"');
  });

  it("9.13 logs: an error logged as such, or by Fastify's default error handler, carries no params in its message either", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const failed = () =>
      new DrizzleQueryError(
        'update "users" set "password" = $1',
        ['$argon2id$secret-hash'],
        pgError('P0001', 'rifiutato') as never,
      );
    const log = pino(loggerOptions('info'), stream);
    log.error(failed());
    log.error({ err: failed() }, failed().message);
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/x', async () => {
      throw failed();
    });
    expect((await app.inject({ url: '/x' })).statusCode).toBe(500);
    await app.close();
    const text = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('Failed query: update \\"users\\" set \\"password\\" = $1');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('params');
  });
});
