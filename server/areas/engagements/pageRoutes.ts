/** Issue 49: the customer's page of an engagement letter's link (public, server-rendered), outside the API. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function engagementPageRoute(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
