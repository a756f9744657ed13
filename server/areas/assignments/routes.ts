/**
 * Fee assignments (seed B §3): C72 the fee transactions of an assignment, C73 'Genera
 * compensi' / 'Aggiorna'. The work is in server/areas/assignments/service.ts.
 */
import type { Api, AppDeps } from '../../deps.js';
import { z } from 'zod';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { assignmentTransactions, makeAssignmentTransactions } from './service.js';

const Fees = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      customer_id: z.number().int(),
      assignment_id: z.number().int(),
      type: z.string(),
      amount: z.number(),
      date: z.string().describe('YYYY-MM-DD HH:mm:ss'),
      transaction_note: z.string().nullable(),
      is_yearly_installment: z.boolean(),
    }),
  ),
});

export async function assignmentRoutes(api: Api, deps: AppDeps) {
  const tags = ['Incarichi'];

  api.get(
    '/assignments/:id/transactions',
    {
      schema: {
        tags,
        summary: "C72 Compensi (movimenti non cestinati) collegati all'incarico",
        params: IdParams,
        response: { 200: Fees, ...ERRORS },
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
        response: { 200: Fees, ...ERRORS },
      },
    },
    async (req) => ({ data: await makeAssignmentTransactions(deps.tx, req.ctx, req.params.id) }),
  );
}
