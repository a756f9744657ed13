/** The actions of an SDD batch (issue 29): its file for the bank, and its cancellation. */
import { z } from 'zod';
import { SddBatch } from '../../model/api/collections.js';
import { cancelSddBatch, sddBatchFile } from '../areas/collections/sddService.js';
import { defineAction, fileAction } from './action.js';

const tags = ['Incassi'];
export const SddBatchActions = {
  file: fileAction({
    tags,
    summary:
      'Il file della distinta per la banca, com’è stato scritto: CBI (uno zip dei due messaggi se ha addebiti CORE e B2B) o pain.008.001.02',
    content: z.string(),
    async file({ deps, ctx, id }) {
      const f = await sddBatchFile(deps.exec, ctx, id);
      return { name: f.fileName, type: f.type, body: f.body };
    },
  }),

  cancel: defineAction({
    method: 'POST',
    tags,
    summary:
      'Annulla una distinta prima che un suo addebito sia incassato o stornato: i suoi addebiti tornano da incassare',
    response: { 200: z.object({ data: SddBatch }) },
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await cancelSddBatch(deps.tx, deps.exec, ctx, id) });
    },
  }),
};
