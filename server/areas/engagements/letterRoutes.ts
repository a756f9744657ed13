/**
 * Issue 49: the studio's Word template of the engagement letter (the Admin's): read with the tags a
 * template may use, replaced (upload, checked), removed (back to the built-in letter), downloaded
 * as uploaded; the built-in template with its tags to start from, and the tags as a CSV. The
 * letter's own calls (PDF, Word, send, accept, sign, end) are the engagement's named actions
 * (server/models/EngagementActions.ts). The work is in letterService.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { oneUpload } from '../../routes/upload.js';
import { megabytes } from '../../../model/fileKinds.js';
import { LetterTemplateAnswer } from '../../../model/api/engagementLetters.js';
import {
  defaultLetterTemplate,
  letterTagsCsv,
  letterTemplateFile,
  letterTemplateInfo,
  LETTER_UPLOAD_MAX_BYTES,
  removeLetterTemplate,
  uploadLetterTemplate,
} from './letterService.js';

export async function engagementLetterRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Incarichi professionali'];
  const answer = { 200: z.object({ data: LetterTemplateAnswer }), ...ERRORS };
  const file = (summary: string, what: string) => ({
    schema: { tags, summary, response: { 200: z.any().describe(what), ...ERRORS } },
  });

  api.get(
    '/engagement_letter_template',
    {
      schema: {
        tags,
        summary:
          "Il modello Word della lettera d'incarico dello studio (null: si usa quello predefinito) e i segnaposto che può usare (solo l'Admin)",
        response: answer,
      },
    },
    async (req) => ({ data: await letterTemplateInfo(deps, req.ctx) }),
  );

  api.put(
    '/engagement_letter_template',
    {
      schema: {
        tags,
        summary: `Carica il modello Word della lettera d'incarico dello studio (multipart: file .docx fino a ${megabytes(LETTER_UPLOAD_MAX_BYTES)}), controllato: segnaposto noti, nessun segnaposto @; sostituisce il precedente (solo l'Admin)`,
        consumes: ['multipart/form-data'],
        response: answer,
      },
    },
    async (req) => {
      const { file: upload } = await oneUpload(req, {
        maxBytes: LETTER_UPLOAD_MAX_BYTES,
        tooLarge: `Il modello supera la dimensione massima di ${megabytes(LETTER_UPLOAD_MAX_BYTES)}`,
        noFile: 'Scegli il modello Word (.docx) da caricare',
        defaultName: 'modello.docx',
        fields: 1,
        fieldSize: 64,
      });
      return { data: await uploadLetterTemplate(deps, req.ctx, upload) };
    },
  );

  api.delete(
    '/engagement_letter_template',
    {
      schema: {
        tags,
        summary:
          "Elimina il modello dello studio: la lettera d'incarico in Word torna quella predefinita (solo l'Admin)",
        response: answer,
      },
    },
    async (req) => ({ data: await removeLetterTemplate(deps, req.ctx) }),
  );

  api.get(
    '/engagement_letter_template/file',
    file("Scarica il modello Word della lettera d'incarico dello studio, com'è stato caricato", 'il documento Word'),
    async (req, reply) => sendDownload(reply, await letterTemplateFile(deps, req.ctx)),
  );

  api.get(
    '/engagement_letter_template/default.docx',
    file(
      "Il modello predefinito della lettera d'incarico, con i suoi segnaposto: il punto di partenza per il modello dello studio",
      'il documento Word (Modello_lettera_incarico.docx)',
    ),
    async (req, reply) => sendDownload(reply, await defaultLetterTemplate(req.ctx)),
  );

  api.get(
    '/engagement_letter_template/tags.csv',
    file(
      "I segnaposto del modello della lettera d'incarico con il loro significato (CSV)",
      'il CSV (Segnaposto_lettera_incarico.csv)',
    ),
    async (req, reply) => sendDownload(reply, letterTagsCsv(req.ctx)),
  );
}
