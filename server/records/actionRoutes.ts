/**
 * Mounts the named actions of the models (server/models/actions.ts): each at
 * `/api/{base}/:id/actions/{name}`, with its schemas (the id as a path parameter, its query and
 * body, its answers and the common errors), so that it is validated and listed in the reference
 * like any other call.
 */
import type { Api, AppDeps } from '../deps.js';
import { MODELS } from '../../model/registry.js';
import { actionsOf } from '../models/actions.js';
import { ERRORS, IdParams } from '../routes/schemas.js';

export async function modelActionRoutes(api: Api, deps: AppDeps) {
  for (const m of MODELS) {
    for (const [name, a] of Object.entries(actionsOf(m))) {
      api.route({
        method: a.method,
        url: `/${a.base ?? m.snake}/:id/actions/${name}`,
        schema: {
          tags: a.tags ?? [m.label],
          summary: a.summary,
          ...(a.description ? { description: a.description } : {}),
          params: IdParams,
          ...(a.query ? { querystring: a.query } : {}),
          ...(a.body ? { body: a.body } : {}),
          response: { ...ERRORS, ...a.response },
        },
        handler: async (req, reply) => {
          await a.handler({ deps, ctx: req.ctx, id: req.params.id, query: req.query, body: req.body, reply });
        },
      });
    }
  }
}
