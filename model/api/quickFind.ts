/** The request and answer of the quick find (server/areas/quickFind, Ctrl+K): one source for the server and the app. */
import { z } from 'zod';

/** The shortest and longest text searched. */
export const QUICK_FIND_MIN = 2;
export const QUICK_FIND_MAX = 100;

/** GET /api/quick_find?q= (its length checked by the route, with its Italian message). */
export const QuickFindQuery = z.object({
  q: z.string().optional().describe(`testo cercato: da ${QUICK_FIND_MIN} a ${QUICK_FIND_MAX} caratteri`),
});
export type QuickFindQuery = z.infer<typeof QuickFindQuery>;

/** A record found; `path` is the app's route that opens it. */
export const QuickFindHit = z.object({
  kind: z.enum(['customer', 'legal_representative', 'einvoice']),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  path: z.string().describe("indirizzo dell'app che apre il record"),
});
export type QuickFindHit = z.infer<typeof QuickFindHit>;
