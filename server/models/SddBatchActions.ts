/** The actions of an SDD batch (issue 29): its file for the bank, and its cancellation. */
import { z } from 'zod';
import { SddBatch, SddOutcome, SddOutcomeUndoInput } from '../../model/api/collections.js';
import { cancelSddBatch, sddBatchFile } from '../areas/collections/sddService.js';
import { importOutcome, undoOutcome } from '../areas/collections/sddOutcomeService.js';
import { SDD_STATUS_MAX_BYTES } from '../areas/collections/sddStatus.js';
import { oneUpload } from '../routes/upload.js';
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

  outcome: defineAction({
    method: 'POST',
    tags,
    summary:
      "Importa l'esito della banca (esito CBI STAT-RPT-INC-SDD-01 o pain.002; multipart: file e, facoltativa, la commissione `fee` da addebitare a ogni cliente respinto): gli addebiti respinti tornano da incassare",
    response: { 201: z.object({ data: SddOutcome }) },
    async handler({ deps, ctx, id, reply }) {
      const { file, fields } = await oneUpload(reply.request, {
        maxBytes: SDD_STATUS_MAX_BYTES,
        tooLarge: `L'esito è troppo grande: al massimo ${SDD_STATUS_MAX_BYTES / 1024 / 1024} MB`,
        noFile: "Scegli il file dell'esito della banca",
        defaultName: 'esito',
        fields: 2,
        fieldSize: 64,
      });
      return reply.code(201).send({ data: await importOutcome(deps.exec, deps.tx, ctx, id, file, fields.fee) });
    },
  }),

  undo_outcome: defineAction({
    method: 'POST',
    tags,
    summary:
      "Annulla un esito importato: i suoi addebiti tornano presentati, le commissioni nel cestino, i mandati com'erano",
    body: SddOutcomeUndoInput,
    response: { 200: z.object({ data: SddOutcome }) },
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await undoOutcome(deps.tx, deps.exec, ctx, id, body.outcome_id) });
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
