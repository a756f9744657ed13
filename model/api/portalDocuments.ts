/**
 * The studio's call of what a customer opened in the customers' own area
 * (server/areas/portal/openingRoutes.ts; issue 50 item 3): each document the studio sends that the
 * customer's people downloaded — an invoice's PDF or XML, the account statement, a payment notice,
 * the AML declaration, the signed SEPA mandate — once per document, with a readable description,
 * the first and the last opening, how many times and who opened it first.
 */
import { z } from 'zod';

export const OPENING_KINDS = ['fattura_pdf', 'fattura_xml', 'estratto', 'avviso', 'dichiarazione', 'mandato'] as const;

export const PortalOpening = z.object({
  kind: z.enum(OPENING_KINDS),
  /** the document's row (the e-document, the movement, the acceptance, the signature); 0 for the statement */
  ref_id: z.number().int(),
  description: z.string().describe("il documento, in parole: 'Fattura n. 12 del 30-11-2026 (PDF)', 'Estratto conto'…"),
  first_opened_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  last_opened_at: z.string().describe('YYYY-MM-DD HH:MM:SS (Europe/Rome)'),
  times: z.number().int(),
  first_person: z.string().nullable().describe('chi lo ha aperto la prima volta (nome, o e-mail)'),
});
export type PortalOpening = z.infer<typeof PortalOpening>;
