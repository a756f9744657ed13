/**
 * Word templates (seed B §7): the tags a template may use (C74), a template filled for one
 * customer (.docx) or several (a zip streamed as each is made) (C37). The list (C35) is the
 * model's GET /api/word_templates; the files are the attachments' calls (C75–C79).
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { can } from '../../auth/context.js';
import { forbidden } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { REPLACE_KEYS } from './template.js';
import { FILE_KINDS } from '../../../model/fileKinds.js';
import { emailFilledTemplates, filledTemplates } from './service.js';
import { safeEntryName, streamZip, uniqueNames } from '../../render/zip.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { attachment } from '../../routes/download.js';

export const TemplateQuery = z.looseObject({
  customer_ids: z.string().optional().describe('id dei clienti, testo JSON (es. [1,2])'),
});

export async function wordTemplateRoutes(api: Api, deps: AppDeps) {
  const tags = ['Modelli Word'];

  api.get(
    '/word_template_replace_keys',
    {
      schema: {
        tags,
        summary: 'C74 I campi che un modello Word può usare, ciascuno col suo significato',
        response: {
          200: z.object({
            data: z.array(z.object({ key: z.string(), tag: z.string(), description: z.string(), group: z.string() })),
          }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      if (!can(req.ctx, getModel('WordTemplate'), 'view')) throw forbidden();
      return { data: REPLACE_KEYS.map((k) => ({ ...k, tag: `{${k.key}}` })) };
    },
  );

  api.post(
    '/word_template/:id/actions/replace_and_email',
    {
      schema: {
        tags,
        summary:
          'C36 Il modello compilato inviato per email a ciascuno dei clienti scelti (in coda nella posta in uscita)',
        params: IdParams,
        querystring: TemplateQuery,
        response: {
          201: z.object({
            message: z.string(),
            data: z.object({ queued: z.number().int(), ids: z.array(z.number().int()) }),
          }),
          ...ERRORS,
        },
      },
    },
    async (req, reply) => {
      const data = await emailFilledTemplates(deps, req.ctx, req.params.id, req.query);
      return reply.code(201).send({ message: `Invio del documento inserito nella coda (${data.queued} email)`, data });
    },
  );

  api.get(
    '/word_template/:id/actions/replace_and_download',
    {
      schema: {
        tags,
        summary: 'C37 Il modello compilato per i clienti scelti (uno: .docx; più clienti: zip)',
        params: IdParams,
        querystring: TemplateQuery,
        response: { 200: z.any().describe('il documento .docx o lo zip'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const t = await filledTemplates(deps.exec, deps.storage, req.ctx, req.params.id, req.query);
      if (t.customers.length === 1) {
        const c = t.customers[0]!;
        return reply
          .header('Content-Disposition', attachment(t.nameOf(c)))
          .type(FILE_KINDS.docx.mime)
          .send(t.fill(c));
      }
      const names = uniqueNames(t.customers.map(t.nameOf));
      // the first document is filled before the answer starts: a template error is a 422, not a broken zip
      const first = t.fill(t.customers[0]!);
      const archive = streamZip(t.customers.length, async (i) => ({
        name: names[i]!,
        content: i === 0 ? first : t.fill(t.customers[i]!),
      }));
      return reply
        .header('Content-Disposition', attachment(`${safeEntryName(t.title, 80)}.zip`))
        .type('application/zip')
        .send(archive);
    },
  );
}
