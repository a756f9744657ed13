/** Master-data calls that are not a model's CRUD: the collaborators select list (C23). */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { atLeast } from '../../model/define.js';
import { forbidden } from '../errors.js';
import { scoped } from '../db/scoped.js';
import { z } from 'zod';
import { ERRORS } from './schemas.js';

export async function masterDataRoutes(api: FastifyInstance, deps: AppDeps) {
  const { exec } = deps;

  // C23: {data: [{id, name}]}, the caller's studio only; any role from Collaboratore up
  api.get('/collaborators', {
    schema: { tags: ['Anagrafiche'], summary: 'C23 Collaboratori dello studio (select)', response: { 200: z.object({ data: z.array(z.looseObject({ id: z.number(), name: z.string() })) }), ...ERRORS } },
  }, async (req) => {
    if (!atLeast(req.ctx.role, 'Collaboratore')) throw forbidden();
    return { data: await scoped(exec, req.ctx).collaborators() };
  });
}
