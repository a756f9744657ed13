/**
 * Collecting the fees (issue 29, additive to the seeds): a customer's open items, 'Incassa con SDD'
 * (preview, batch, its pain.008 file, cancellation), the mandate's form to sign, and the bank
 * statements with their reconciliation (./bankRoutes.ts). Collaboratore and above, as the movements.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { attachment } from '../../routes/download.js';
import {
  CustomerOpenItems,
  SddBatch,
  SddBatchDetail,
  SddPlan,
  SddPreviewInput,
  SddRunInput,
} from '../../../model/api/collections.js';
import {
  cancelSddBatch,
  createSddBatch,
  customerOpen,
  listSddBatches,
  mandateForm,
  previewSdd,
  sddBatchDetail,
  sddBatchFile,
} from './sddService.js';
import { bankRoutes } from './bankRoutes.js';

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

  api.get(
    '/sdd/batches/:id/file',
    {
      schema: {
        tags,
        summary: 'Il file della distinta per la banca (pain.008.001.02)',
        params: IdParams,
        response: { 200: z.string(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const f = await sddBatchFile(deps.exec, req.ctx, req.params.id);
      return reply.header('Content-Disposition', attachment(f.fileName)).type('application/xml').send(f.xml);
    },
  );

  api.post(
    '/sdd/batches/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Annulla una distinta prima che un suo addebito sia incassato o stornato: i suoi addebiti tornano da incassare',
        params: IdParams,
        response: { 200: z.object({ data: SddBatch }), ...ERRORS },
      },
    },
    async (req) => ({ data: await cancelSddBatch(deps.tx, deps.exec, req.ctx, req.params.id) }),
  );

  api.get(
    '/sdd_mandates/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Il modulo del mandato SDD da far firmare al cliente (PDF)',
        params: IdParams,
        response: { 200: z.any(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const f = await mandateForm(deps.exec, req.ctx, req.params.id);
      return reply.header('Content-Disposition', attachment(f.fileName)).type('application/pdf').send(f.pdf);
    },
  );
}
