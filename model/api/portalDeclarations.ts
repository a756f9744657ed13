/**
 * The studio's calls of the AML declaration to accept in the customers' area (issue 50 item 3;
 * server/areas/portal/declarationRoutes.ts): the declarations sent to a customer, newest first, with
 * who sent each and when, whether a newer one replaced it, when the customer first opened it and who
 * accepted it (name, e-mail, IP, browser) with the SHA-256 of the PDF as sent; the sending of a new
 * one. Also the Italian messages the server and the app share.
 */
import { z } from 'zod';
import { DECLARATION_STATES } from '../portal.js';

export {
  DECLARATION_MESSAGES,
  DECLARATION_STATE_LABELS,
  DECLARATION_STATES,
  type DeclarationState,
} from '../portal.js';

export const PortalDeclaration = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string().describe('SHA-256 (hex) del PDF come inviato'),
  state: z.enum(DECLARATION_STATES),
  sent_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  sent_by_name: z.string().nullable(),
  withdrawn_at: z.string().nullable().describe('quando una dichiarazione più recente l’ha sostituita'),
  first_opened_at: z.string().nullable().describe('la prima volta che una persona del cliente ha scaricato il PDF'),
  opened_times: z.number().int(),
  accepted_at: z.string().nullable(),
  accepted_name: z.string().nullable(),
  accepted_email: z.string().nullable(),
  accepted_ip: z.string().nullable(),
  accepted_user_agent: z.string().nullable(),
});
export type PortalDeclaration = z.infer<typeof PortalDeclaration>;

/** POST /api/customer/{id}/portal/declarations (201): the declarations as they are now, and how many e-mails were queued. */
export const DeclarationSent = z.object({
  data: z.array(PortalDeclaration),
  notified: z.number().int(),
});
export type DeclarationSent = z.infer<typeof DeclarationSent>;
