/**
 * 'Fattura addebiti' (issue 28 item 1, additive to the seeds): the preview of the invoices a
 * period's charges make, and the run that issues them (all or nothing). Collaboratore and above,
 * as the e-invoices.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, Scalar } from '../../routes/schemas.js';
import { InvoicingPlan } from '../../../model/api/invoicing.js';
import { MAX_CUSTOMERS, MAX_PERIOD_DAYS, previewInvoicing, runInvoicing } from './service.js';

const Request = z.looseObject({
  from: Scalar.optional().describe('primo giorno del periodo degli addebiti (YYYY-MM-DD o GG/MM/AAAA)'),
  to: Scalar.optional().describe(`ultimo giorno del periodo (al più ${MAX_PERIOD_DAYS} giorni dal primo)`),
  date: Scalar.optional().describe(
    "data delle fatture (oggi se manca; non futura, non prima dell'ultima fattura dell'anno)",
  ),
  customer_ids: z
    .union([z.array(Scalar), z.string()])
    .optional()
    .describe(`solo questi clienti (al più ${MAX_CUSTOMERS}); senza, tutti quelli con addebiti nel periodo`),
});

export async function invoicingRoutes(api: Api, deps: AppDeps) {
  const tags = ['Fatturazione degli addebiti'];

  api.post(
    '/invoicing/preview',
    {
      schema: {
        tags,
        summary:
          'Anteprima: le fatture (TD01, una per cliente, una riga per addebito) che gli addebiti del periodo non ancora fatturati darebbero, e i clienti esclusi con il motivo',
        body: Request,
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
        body: Request.extend({
          fingerprint: z.string().max(64).optional().describe("l'impronta data dall'anteprima confermata"),
        }),
        response: { 201: z.object({ data: InvoicingPlan }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await runInvoicing(deps.tx, req.ctx, req.body) }),
  );
}
