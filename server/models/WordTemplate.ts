/**
 * Behaviour of Word templates: the uploader is recorded as the template's user, and a .docx
 * is accepted only when it can be filled (server/areas/wordTemplates/template.ts checkTemplate: a safe
 * package, tags well formed and all known).
 */
import { checkTemplate } from '../areas/wordTemplates/template.js';
import type { ModelHooks } from './hooks.js';

export const WordTemplateHooks: ModelHooks = {
  beforeChange({ ctx, mode, values }) {
    if (mode === 'create') values.user_id = ctx.userId;
  },
  async checkAttachment({ kind, bytes }) {
    if (kind === 'docx') await checkTemplate(bytes);
  },
};
