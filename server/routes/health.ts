/** Liveness and database readiness, for load balancers and orchestrators (no session). */
import { z } from 'zod';
import type { Api, AppDeps } from '../deps.js';
import { ping } from '../db/connection.js';
import { MSG } from '../errors.js';

/** A database that takes longer than this to answer `select 1` counts as unavailable. */
const PING_TIMEOUT_MS = 2_000;

export async function healthRoutes(api: Api, deps: AppDeps) {
  api.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Shell'],
        summary: 'Stato del server e del database (pubblica)',
        security: [],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('degraded'), database: z.literal('unavailable'), message: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([ping(deps.database), timeout]);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        reply.log.warn({ err }, 'health: the database does not answer');
        return reply
          .status(503)
          .send({ status: 'degraded' as const, database: 'unavailable' as const, message: MSG.unavailable });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
