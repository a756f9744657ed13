/**
 * The studio's calls of the AML declaration to accept in the customers' area (issue 50 item 3): the
 * declarations sent to a customer, a new one sent (and its people notified), the PDF of one as
 * stored. Admin and Collaboratore (the Utente is refused), the caller's studio only. The work is in
 * declarations.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { DeclarationSent, PortalDeclaration } from '../../../model/api/portalDeclarations.js';
import { customerDeclarations, declarationDownload, sendDeclaration } from './declarations.js';

const CustomerParams = z.object({ id: z.string() });
const DeclarationParams = z.object({ id: z.string(), declarationId: z.string() });

export async function portalDeclarationRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Area clienti'];

  api.get(
    '/customer/:id/portal/declarations',
    {
      schema: {
        tags,
        summary:
          "Le dichiarazioni antiriciclaggio inviate al cliente da accettare nell'area clienti, dalla più recente: invio, sostituzione, prima apertura, accettazione (chi, quando, IP, browser) e SHA-256 del PDF",
        params: CustomerParams,
        response: { 200: z.object({ data: z.array(PortalDeclaration) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerDeclarations(deps, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/portal/declarations',
    {
      schema: {
        tags,
        summary:
          "Invia la dichiarazione antiriciclaggio da accettare (art. 22 D.Lgs. 231/2007): il PDF com'è scaricato dallo studio, conservato con il suo SHA-256; le precedenti non accettate sono sostituite; le persone del cliente nell'area sono avvisate per e-mail, senza il documento. 422 se il cliente non ha persone attive nell'area",
        params: CustomerParams,
        response: { 201: DeclarationSent, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(await sendDeclaration(deps, req.ctx, req.params.id)),
  );

  api.get(
    '/customer/:id/portal/declarations/:declarationId/pdf',
    {
      schema: {
        tags,
        summary: 'Il PDF della dichiarazione come inviato al cliente, byte per byte',
        params: DeclarationParams,
        response: { 200: z.any().describe('il PDF (Dichiarazione_antiriciclaggio_{cliente}.pdf)'), ...ERRORS },
      },
    },
    async (req, reply) =>
      sendDownload(reply, await declarationDownload(deps, req.ctx, req.params.id, req.params.declarationId)),
  );
}
