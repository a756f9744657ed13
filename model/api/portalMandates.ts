/**
 * The studio's calls of the SEPA mandates signed online in the customers' area (issue 50 item 4;
 * server/areas/portal/mandateRoutes.ts): each signature with the mandate it created (its id,
 * reference, IBAN and status now) and the evidence — who signed (the name typed and the person's
 * e-mail), when, from which address and browser, and the SHA-256 of the PDF as signed.
 */
import { z } from 'zod';

export { MANDATE_STATUS_LABELS } from '../portal.js';

export const PortalMandateSignature = z.object({
  id: z.number().int().describe('la firma (il suo PDF: /portal/mandates/{id}/pdf)'),
  mandate_id: z.number().int(),
  reference: z.string().describe('il riferimento del mandato (UMR)'),
  iban: z.string().describe('il conto da addebitare'),
  signer_name: z.string().describe('il nome e cognome scritto da chi ha firmato'),
  signer_email: z.string().describe("l'indirizzo della persona dell'area clienti che ha firmato"),
  signed_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  sha256: z.string().describe('SHA-256 (hex) del PDF come firmato'),
  status: z.enum(['active', 'revoked']).describe('lo stato del mandato oggi'),
  trashed: z.boolean().describe('il mandato è nel cestino'),
});
export type PortalMandateSignature = z.infer<typeof PortalMandateSignature>;
