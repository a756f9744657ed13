/**
 * Fee assignments (seed B §3): C72 the fee transactions of an assignment, C73 'Genera
 * compensi' / 'Aggiorna'. The work is in server/areas/assignments/service.ts.
 */
import type { Api, AppDeps } from '../../deps.js';
import { AssignmentFees } from '../../../model/api/assignments.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { assignmentTransactions, makeAssignmentTransactions } from './service.js';

export async function assignmentRoutes(api: Api, deps: AppDeps) {
  const tags = ['Incarichi'];

  api.get(
    '/assignments/:id/transactions',
    {
      schema: {
        tags,
        summary: "C72 Compensi (movimenti non cestinati) collegati all'incarico",
        params: IdParams,
        response: { 200: AssignmentFees, ...ERRORS },
      },
    },
    async (req) => ({ data: await assignmentTransactions(deps.tx, req.ctx, req.params.id) }),
  );

  api.post(
    '/assignments/:id/make_transactions',
    {
      schema: {
        tags,
        summary: "C73 Genera i compensi annuali dell'incarico (Aggiorna: sostituisce quelli già generati)",
        description:
          'Un addebito di year_amount per ciascuno dei year_duration anni da start_date; i compensi già generati vengono eliminati e ricreati nella stessa transazione.',
        params: IdParams,
        response: { 200: AssignmentFees, ...ERRORS },
      },
    },
    async (req) => ({ data: await makeAssignmentTransactions(deps.tx, req.ctx, req.params.id) }),
  );
}
