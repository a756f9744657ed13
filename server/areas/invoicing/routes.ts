/**
 * 'Fattura addebiti' (issue 28 item 1, additive to the seeds): the preview of the invoices a
 * period's charges make, and the run that issues them (all or nothing). Collaboratore and above,
 * as the e-invoices.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { InvoicingInput, InvoicingPlan, InvoicingRunInput } from '../../../model/api/invoicing.js';
import { previewInvoicing, runInvoicing } from './service.js';

export async function invoicingRoutes(api: Api, deps: AppDeps) {
  const tags = ['Fatturazione degli addebiti'];

  api.post(
    '/invoicing/preview',
    {
      schema: {
        tags,
        summary:
          'Anteprima: le fatture (TD01, una per cliente, una riga per addebito) che gli addebiti del periodo non ancora fatturati darebbero, e i clienti esclusi con il motivo',
        body: InvoicingInput,
        response: { 200: z.object({ data: InvoicingPlan }), ...ERRORS },
      },
    },
    async (req) => ({ data: await previewInvoicing(deps.exec, req.ctx, req.body) }),
  );

  api.post(
    '/invoicing/run',
    {
      schema: {
        tags,
        summary:
          "Emissione: le fatture dell'anteprima, tutte o nessuna; 409 se gli addebiti sono cambiati dopo l'anteprima (fingerprint)",
        body: InvoicingRunInput,
        response: { 201: z.object({ data: InvoicingPlan }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await runInvoicing(deps.tx, req.ctx, req.body) }),
  );
}
