/** The actions of a RiBa presentation (issue 47 item 5): its file, the bank's credit, the unpaid receipts, its cancellation. */
import { z } from 'zod';
import {
  RibaCollectedInput,
  RibaPresentation,
  RibaPresentationDetail,
  RibaUnpaidInput,
} from '../../model/api/collections.js';
import {
  cancelRibaPresentation,
  ribaCollected,
  ribaPresentationFile,
  ribaUnpaid,
  ribaUnpaidFile,
} from '../areas/collections/ribaService.js';
import { RIBA_MAX_BYTES } from '../areas/collections/riba.js';
import { oneUpload } from '../routes/upload.js';
import { defineAction, fileAction } from './action.js';

const tags = ['Incassi'];
/** The bank's return of unpaid receipts is small: a few records per receipt. */
const UNPAID_MAX_BYTES = Math.min(RIBA_MAX_BYTES, 5 * 1024 * 1024);

export const RibaPresentationActions = {
  file: fileAction({
    tags,
    summary: 'Il file CBI della presentazione per la banca (record IB … EF di 120 caratteri), com’è stato scritto',
    content: z.string(),
    async file({ deps, ctx, id }) {
      const f = await ribaPresentationFile(deps.exec, ctx, id);
      return { name: f.fileName, type: f.type, body: f.body };
    },
  }),

  collected: defineAction({
    method: 'POST',
    tags,
    summary:
      "Registra l'accredito della banca: salvo buon fine tutte le ricevute presentate, al dopo incasso quelle scadute alla data; ogni ricevuta registra il suo incasso",
    body: RibaCollectedInput,
    response: { 200: z.object({ data: RibaPresentationDetail }) },
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await ribaCollected(deps.tx, deps.exec, ctx, id, body.date) });
    },
  }),

  unpaid: defineAction({
    method: 'POST',
    tags,
    summary:
      "Segna insolute le ricevute indicate: l'incasso registrato è stornato, i loro addebiti tornano aperti dalla scadenza originale; le spese della banca, se indicate, sono addebitate al cliente",
    body: RibaUnpaidInput,
    response: { 200: z.object({ data: RibaPresentationDetail }) },
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await ribaUnpaid(deps.tx, deps.exec, ctx, id, body) });
    },
  }),

  unpaid_file: defineAction({
    method: 'POST',
    tags,
    summary:
      'Importa il file degli insoluti della banca (stessi record della presentazione; multipart: file e, facoltative, le spese `fee` per ricevuta)',
    response: { 200: z.object({ data: RibaPresentationDetail }) },
    async handler({ deps, ctx, id, reply }) {
      const { file, fields } = await oneUpload(reply.request, {
        maxBytes: UNPAID_MAX_BYTES,
        tooLarge: `Il file degli insoluti è troppo grande: al massimo ${UNPAID_MAX_BYTES / 1024 / 1024} MB`,
        noFile: 'Scegli il file degli insoluti della banca',
        defaultName: 'insoluti',
        fields: 2,
        fieldSize: 64,
      });
      return reply.send({ data: await ribaUnpaidFile(deps.tx, deps.exec, ctx, id, file, fields.fee) });
    },
  }),

  cancel: defineAction({
    method: 'POST',
    tags,
    summary:
      'Annulla una presentazione prima che una sua ricevuta sia accreditata o insoluta: i suoi addebiti tornano da incassare',
    response: { 200: z.object({ data: RibaPresentation }) },
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await cancelRibaPresentation(deps.tx, deps.exec, ctx, id) });
    },
  }),
};
