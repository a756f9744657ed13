/**
 * Word templates (seed B §7): the tags a template may use (C74). A template filled for customers
 * and downloaded or e-mailed (C36, C37) are the model's actions (server/models/WordTemplateActions.ts,
 * the work in ./service.ts); the list (C35) is the model's GET /api/word_templates; the files are
 * the attachments' calls (C75–C79).
 */
import { z } from 'zod';
import { ReplaceKey } from '../../../model/api/wordTemplates.js';
import type { Api, AppDeps } from '../../deps.js';
import { can } from '../../auth/context.js';
import { forbidden } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { REPLACE_KEYS } from './template.js';
import { ERRORS } from '../../routes/schemas.js';

export async function wordTemplateRoutes(api: Api, _deps: AppDeps) {
  const tags = ['Modelli Word'];

  api.get(
    '/word_template_replace_keys',
    {
      schema: {
        tags,
        summary: 'C74 I campi che un modello Word può usare, ciascuno col suo significato',
        response: {
          200: z.object({ data: z.array(ReplaceKey) }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      if (!can(req.ctx, getModel('WordTemplate'), 'view')) throw forbidden();
      return { data: REPLACE_KEYS.map((k) => ({ ...k, tag: `{${k.key}}` })) };
    },
  );
}
