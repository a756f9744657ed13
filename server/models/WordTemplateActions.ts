/**
 * The actions of a Word template (seed B §7): filled for the chosen customers and e-mailed to
 * each (C36), or downloaded — one customer a .docx, several a zip streamed as each is made (C37).
 */
import { z } from 'zod';
import { FILE_KINDS } from '../../model/fileKinds.js';
import { MailQueued } from '../../model/api/mail.js';
import { emailFilledTemplates, filledTemplates } from '../areas/wordTemplates/service.js';
import { safeEntryName, streamZip, uniqueNames } from '../render/zip.js';
import { sendDownload } from '../routes/download.js';
import { defineAction } from './action.js';

const TemplateQuery = z.looseObject({
  customer_ids: z.string().optional().describe('id dei clienti, testo JSON (es. [1,2])'),
});
const base = 'word_template';
const tags = ['Modelli Word'];

export const WordTemplateActions = {
  replace_and_email: defineAction({
    method: 'POST',
    base,
    tags,
    summary: 'C36 Il modello compilato inviato per email a ciascuno dei clienti scelti (in coda nella posta in uscita)',
    query: TemplateQuery,
    response: {
      201: MailQueued,
    },
    async handler({ deps, ctx, id, query, reply }) {
      const data = await emailFilledTemplates(deps, ctx, id, query);
      return reply.code(201).send({ message: `Invio del documento inserito nella coda (${data.queued} email)`, data });
    },
  }),

  replace_and_download: defineAction({
    method: 'GET',
    base,
    tags,
    summary: 'C37 Il modello compilato per i clienti scelti (uno: .docx; più clienti: zip)',
    query: TemplateQuery,
    response: { 200: z.any().describe('il documento .docx o lo zip') },
    async handler({ deps, ctx, id, query, reply }) {
      const t = await filledTemplates(deps.exec, deps.storage, ctx, id, query);
      if (t.customers.length === 1) {
        const c = t.customers[0]!;
        return sendDownload(reply, { name: t.nameOf(c), type: FILE_KINDS.docx.mime, body: t.fill(c) });
      }
      const names = uniqueNames(t.customers.map(t.nameOf));
      // the first document is filled before the answer starts: a template error is a 422, not a broken zip
      const first = t.fill(t.customers[0]!);
      const archive = await streamZip(t.customers.length, async (i) => ({
        name: names[i]!,
        content: i === 0 ? first : t.fill(t.customers[i]!),
      }));
      return sendDownload(reply, { name: `${safeEntryName(t.title, 80)}.zip`, type: 'application/zip', body: archive });
    },
  }),
};
