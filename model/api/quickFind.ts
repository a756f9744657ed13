/** The answer of the quick find (server/areas/quickFind, Ctrl+K): one source for the server and the app. */
import { z } from 'zod';

/** A record found; `path` is the app's route that opens it. */
export const QuickFindHit = z.object({
  kind: z.enum(['customer', 'legal_representative', 'einvoice']),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  path: z.string().describe("indirizzo dell'app che apre il record"),
});
export type QuickFindHit = z.infer<typeof QuickFindHit>;
