/**
 * The studio's calls of the SEPA mandates signed online in the customers' area (issue 50 item 4):
 * the mandates a customer's people signed, with the evidence, and the PDF of one as stored. The roles
 * of the SddMandate model (Collaboratore and above), the caller's studio only. The work is in
 * mandates.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { PortalMandateSignature } from '../../../model/api/portalMandates.js';
import { customerMandates, mandateDownload } from './mandates.js';

const CustomerParams = z.object({ id: z.string() });
const SignatureParams = z.object({ id: z.string(), signatureId: z.string() });

export async function portalMandateRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Area clienti'];

  api.get(
    '/customer/:id/portal/mandates',
    {
      schema: {
        tags,
        summary:
          "I mandati SEPA firmati online dalle persone del cliente nell'area clienti, dal più recente: il mandato (riferimento, IBAN, stato) e la prova della firma (chi, quando, IP, browser, SHA-256 del PDF firmato)",
        params: CustomerParams,
        response: { 200: z.object({ data: z.array(PortalMandateSignature) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerMandates(deps, req.ctx, req.params.id) }),
  );

  api.get(
    '/customer/:id/portal/mandates/:signatureId/pdf',
    {
      schema: {
        tags,
        summary: 'Il PDF del mandato come firmato online, byte per byte',
        params: SignatureParams,
        response: { 200: z.any().describe('il PDF (Mandato_SDD_{riferimento}_firmato.pdf)'), ...ERRORS },
      },
    },
    async (req, reply) =>
      sendDownload(reply, await mandateDownload(deps, req.ctx, req.params.id, req.params.signatureId)),
  );
}
