/**
 * The studio's calls of the customers' messages (server/areas/portal/messageRoutes.ts; issue 50 item 5).
 */
import { z } from 'zod';

export const PortalMessage = z.object({
  id: z.number().int(),
  side: z.enum(['cliente', 'studio']),
  author_name: z.string(),
  body: z.string().describe('il testo come scritto: da mostrare come testo, mai come HTML'),
  created_at: z.string(),
  files: z.array(z.object({ id: z.number().int(), filename: z.string(), size: z.number().int(), scan: z.string() })),
});
export type PortalMessage = z.infer<typeof PortalMessage>;

export const PortalThread = z.object({
  customer_id: z.number().int(),
  messages: z.array(PortalMessage),
  /** messages of the customer the studio had not read before this call */
  unread: z.number().int(),
});
export type PortalThread = z.infer<typeof PortalThread>;

export const ThreadSummary = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  last_at: z.string(),
  last_side: z.enum(['cliente', 'studio']),
  last_author: z.string(),
  last_body: z.string(),
  unread: z.number().int(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const ThreadQuery = z.object({
  unread: z.enum(['1', 'true', '0', 'false']).nullish(),
  search: z.string().max(200).nullish(),
  page: z.coerce.number().int().min(1).max(100_000).nullish(),
  per_page: z.coerce.number().int().min(1).max(200).nullish(),
});
export type ThreadQuery = z.infer<typeof ThreadQuery>;
