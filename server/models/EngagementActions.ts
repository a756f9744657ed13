/**
 * The actions of an engagement (issue 49 item 2): its letter in PDF and in Word, sending it to the
 * customer, the scan of the letter signed on paper, back to draft, the end, and the letters sent
 * (with who opened and accepted them) and a letter's file. The engagement's status changes only
 * through these (the generic update cannot write it). The work is in
 * server/areas/engagements/letterService.ts.
 */
import { z } from 'zod';
import {
  EngagementEndInput,
  EngagementLetterFileQuery,
  EngagementLetters,
  LETTER_MESSAGES,
} from '../../model/api/engagementLetters.js';
import { megabytes } from '../../model/fileKinds.js';
import {
  endEngagement,
  engagementBackToDraft,
  engagementLetterDocx,
  engagementLetterFile,
  engagementLetterPdf,
  engagementLetters,
  LETTER_UPLOAD_MAX_BYTES,
  markEngagementSigned,
  sendEngagementLetter,
} from '../areas/engagements/letterService.js';
import { oneUpload } from '../routes/upload.js';
import { sendDownload } from '../routes/download.js';
import { defineAction, fileAction } from './action.js';

const tags = ['Incarichi professionali'];
const answer = { 200: z.object({ data: EngagementLetters }) };

export const EngagementActions = {
  letter_pdf: fileAction({
    tags,
    summary:
      "La lettera d'incarico in PDF, com'è oggi (parti, servizi e compensi, aggiornamento, IVA/cassa/ritenuta per addebito, antiriciclaggio, privacy, assicurazione, firme)",
    content: z.any().describe('il PDF (Lettera_incarico_{cliente}.pdf)'),
    file: ({ deps, ctx, id }) => engagementLetterPdf(deps, ctx, id),
  }),

  letter_docx: fileAction({
    tags,
    summary: "La lettera d'incarico in Word (.docx): dal modello dello studio se c'è, altrimenti da quello predefinito",
    content: z.any().describe('il documento Word (Lettera_incarico_{cliente}.docx)'),
    file: ({ deps, ctx, id }) => engagementLetterDocx(deps, ctx, id),
  }),

  letter_file: defineAction({
    method: 'GET',
    tags,
    summary: "Una lettera inviata (il PDF com'era) o una scansione firmata, byte per byte",
    query: EngagementLetterFileQuery,
    response: { 200: z.any().describe('il file') },
    async handler({ deps, ctx, id, query, reply }) {
      return sendDownload(reply, await engagementLetterFile(deps, ctx, id, query.letter_id));
    },
  }),

  letters: defineAction({
    method: 'GET',
    tags,
    summary:
      "Lo stato dell'incarico, dove si invierebbe la lettera e le lettere inviate e le scansioni, con SHA-256, destinatario, apertura e accettazione",
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await engagementLetters(deps, ctx, id) });
    },
  }),

  send: defineAction({
    method: 'POST',
    tags,
    summary:
      "Invia la lettera al cliente: il PDF fatto ora è conservato come inviato (SHA-256) e spedito con la posta in uscita, con il link alla pagina dove il cliente l'accetta; bozza o inviato → inviato. Un nuovo invio rende non più valide le lettere precedenti",
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await sendEngagementLetter(deps, ctx, id) });
    },
  }),

  mark_signed: defineAction({
    method: 'POST',
    tags,
    summary: `Segna l'incarico come firmato su carta (multipart: file, la scansione firmata: PDF, JPEG o PNG fino a ${megabytes(LETTER_UPLOAD_MAX_BYTES)}), conservata con il suo SHA-256; bozza o inviato → firmato`,
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      const { file } = await oneUpload(reply.request, {
        maxBytes: LETTER_UPLOAD_MAX_BYTES,
        tooLarge: `La scansione supera la dimensione massima di ${megabytes(LETTER_UPLOAD_MAX_BYTES)}`,
        noFile: LETTER_MESSAGES.scanMissing,
        defaultName: 'lettera_firmata',
        fields: 1,
        fieldSize: 64,
      });
      return reply.send({ data: await markEngagementSigned(deps, ctx, id, file) });
    },
  }),

  back_to_draft: defineAction({
    method: 'POST',
    tags,
    summary:
      'Riporta in bozza un incarico inviato e non ancora firmato (per modificarlo): il link inviato non accetta più',
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await engagementBackToDraft(deps, ctx, id) });
    },
  }),

  end: defineAction({
    method: 'POST',
    tags,
    summary:
      "Cessa un incarico firmato alla data indicata (non prima dell'inizio; a tempo indeterminato non prima di oggi più il preavviso, salvo cessazione consensuale)",
    body: EngagementEndInput,
    response: answer,
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await endEngagement(deps, ctx, id, body ?? {}) });
    },
  }),
};
