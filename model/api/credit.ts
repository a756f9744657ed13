/** The request and answer of the users' credit (server/areas/credit, C80): one source for the server and the app. */
import { z } from 'zod';
import { Scalar } from './records.js';

/** C80 POST /api/user/update_user_credit/:id: each value checked by the route, with its Italian message. */
export const CreditInput = z.looseObject({
  amount: Scalar.optional().describe('importo intero: positivo accredita, negativo addebita'),
  description: Scalar.optional().describe('descrizione (max 255)'),
  note: Scalar.optional().describe('note'),
});
export type CreditInput = z.infer<typeof CreditInput>;

/** C80: the ledger row written and the user's new balance. */
export const CreditMoved = z.object({ id: z.number().int(), credit: z.number() });
export type CreditMoved = z.infer<typeof CreditMoved>;
