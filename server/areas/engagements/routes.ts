/** Issue 49: the engagements' services, billing run, preview and log (the lead). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function engagementRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
