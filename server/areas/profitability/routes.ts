/** Issue 49: 'Redditività'. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function profitabilityRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
