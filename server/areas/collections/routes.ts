/**
 * Collecting the fees (issue 29, additive to the seeds): a customer's open items, 'Incassa con SDD'
 * (preview, batch), and the bank statements with their reconciliation (./bankRoutes.ts).
 * Collaboratore and above, as the movements. A batch's file and cancellation and a mandate's form
 * to sign are their models' actions (server/models/SddBatchActions.ts, SddMandateActions.ts).
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import {
  CustomerOpenItems,
  SddBatch,
  SddBatchDetail,
  SddPlan,
  SddPreviewInput,
  SddRunInput,
  RibaPlan,
  RibaPresentation,
  RibaPresentationDetail,
  RibaPreviewInput,
  RibaRunInput,
} from '../../../model/api/collections.js';
import { createSddBatch, customerOpen, listSddBatches, previewSdd, sddBatchDetail } from './sddService.js';
import { bankRoutes } from './bankRoutes.js';
import { createRibaPresentation, listRibaPresentations, previewRiba, ribaPresentationDetail } from './ribaService.js';

export async function collectionsRoutes(api: Api, deps: AppDeps) {
  const tags = ['Incassi'];
  await bankRoutes(api, deps);

  api.get(
    '/customer/:id/open_items',
    {
      schema: {
        tags,
        summary: 'Partite aperte di un cliente: saldo, da incassare, scaduto, credito e ogni addebito con il residuo',
        params: IdParams,
        response: { 200: z.object({ data: CustomerOpenItems }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerOpen(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/sdd/preview',
    {
      schema: {
        tags,
        summary:
          'Anteprima della distinta SDD: un addebito per cliente con mandato attivo (i suoi addebiti aperti nelle scadenze scelte), e gli esclusi con il motivo',
        body: SddPreviewInput,
        response: { 200: z.object({ data: SddPlan }), ...ERRORS },
      },
    },
    async (req) => ({ data: await previewSdd(deps.exec, req.ctx, req.body) }),
  );

  api.post(
    '/sdd/batches',
    {
      schema: {
        tags,
        summary:
          "Crea la distinta dell'anteprima (tutta o niente) e il suo file pain.008.001.02; 409 se gli addebiti sono cambiati dopo l'anteprima",
        body: SddRunInput,
        response: { 201: z.object({ data: SddBatch }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await createSddBatch(deps.exec, deps.tx, req.ctx, req.body) }),
  );

  api.get(
    '/sdd/batches',
    {
      schema: {
        tags,
        summary: 'Le distinte SDD dello studio, dalla più recente',
        response: { 200: z.object({ data: z.array(SddBatch) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await listSddBatches(deps.exec, req.ctx) }),
  );

  api.get(
    '/sdd/batches/:id',
    {
      schema: {
        tags,
        summary: 'Una distinta SDD con i suoi addebiti',
        params: IdParams,
        response: { 200: z.object({ data: SddBatchDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await sddBatchDetail(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/riba/preview',
    {
      schema: {
        tags,
        summary:
          'Anteprima della presentazione RiBa: una ricevuta per cliente e scadenza (i clienti che pagano con RiBa, i loro addebiti aperti nelle scadenze scelte), e gli esclusi con il motivo',
        body: RibaPreviewInput,
        response: { 200: z.object({ data: RibaPlan }), ...ERRORS },
      },
    },
    async (req) => ({ data: await previewRiba(deps.exec, req.ctx, req.body) }),
  );

  api.post(
    '/riba/presentations',
    {
      schema: {
        tags,
        summary:
          "Crea la presentazione dell'anteprima (tutta o niente) e il suo file CBI; 409 se gli addebiti sono cambiati dopo l'anteprima",
        body: RibaRunInput,
        response: { 201: z.object({ data: RibaPresentation }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await createRibaPresentation(deps.exec, deps.tx, req.ctx, req.body) }),
  );

  api.get(
    '/riba/presentations',
    {
      schema: {
        tags,
        summary: 'Le presentazioni RiBa dello studio, dalla più recente',
        response: { 200: z.object({ data: z.array(RibaPresentation) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await listRibaPresentations(deps.exec, req.ctx) }),
  );

  api.get(
    '/riba/presentations/:id',
    {
      schema: {
        tags,
        summary: 'Una presentazione RiBa con le sue ricevute',
        params: IdParams,
        response: { 200: z.object({ data: RibaPresentationDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await ribaPresentationDetail(deps.exec, req.ctx, req.params.id) }),
  );
}
