/**
 * The customer's anti-money-laundering file (issue 48): its risk assessments, read and added
 * (never changed). Admin and Collaboratore; the Utente is refused.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { AmlAssessment, AmlAssessmentInput, CustomerAml } from '../../../model/api/aml.js';
import { assessCustomer, customerAml } from './service.js';

export async function amlRoutes(api: Api, deps: AppDeps) {
  const tags = ['Antiriciclaggio'];

  api.get(
    '/customer/:id/aml',
    {
      schema: {
        tags,
        summary:
          'Il fascicolo antiriciclaggio del cliente: la valutazione del rischio in vigore, lo storico (dalla più recente) e se il controllo costante è scaduto',
        params: IdParams,
        response: { 200: z.object({ data: CustomerAml }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerAml(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/aml/assessments',
    {
      schema: {
        tags,
        summary:
          'Registra una valutazione del rischio (Regola Tecnica 2): rischio inerente, specifico ed effettivo, il livello di adeguata verifica con i motivi e la data del prossimo controllo; non sostituisce le precedenti',
        params: IdParams,
        body: AmlAssessmentInput,
        response: { 201: z.object({ data: AmlAssessment }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await assessCustomer(deps.exec, req.ctx, req.params.id, req.body) }),
  );
}
