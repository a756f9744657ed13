/** Issue 49: the timer and the weekly sheet. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function timeRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
