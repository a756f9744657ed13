/** Issue 49: the engagement letter, its sending and the studio's Word template. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function engagementLetterRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {}
