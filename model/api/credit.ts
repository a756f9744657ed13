/** The answer of the users' credit (server/areas/credit, C80): one source for the server and the app. */
import { z } from 'zod';

/** C80: the ledger row written and the user's new balance. */
export const CreditMoved = z.object({ id: z.number().int(), credit: z.number() });
export type CreditMoved = z.infer<typeof CreditMoved>;
