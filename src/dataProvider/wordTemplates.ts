/**
 * Word templates (C35–C37, C74): the list, the keys, filled for customers and downloaded or e-mailed.
 */
import { apiDownload, apiFetch } from '../api/client';
import { wrap } from './common';
import type { MailQueued } from '../../model/api/mail';
import type { ReplaceKey } from '../../model/api/wordTemplates';

export const wordTemplateCalls = {
  /** C35 GET /api/word_templates: every template (title, description). */
  async wordTemplates(params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: Array<{ id: number; title: string; description: string | null }> }>('/api/word_templates', {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C74 GET /api/word_template_replace_keys: the tags a template may use, with their meaning. */
  async wordTemplateKeys(params: { signal?: AbortSignal } = {}) {
    return (await wrap(apiFetch<{ data: ReplaceKey[] }>('/api/word_template_replace_keys', { signal: params.signal })))
      .data;
  },
  /** C37: a template filled for the customers (a .docx for one, a zip for several). */
  async downloadWordTemplate(templateId: number, customerIds: number[]) {
    return apiDownload(
      `/api/word_template/${templateId}/actions/replace_and_download?${new URLSearchParams({ customer_ids: JSON.stringify(customerIds) })}`,
    );
  },
  /** C36: a template filled for each customer and e-mailed to it (queued in the outbox). */
  async emailWordTemplate(templateId: number, customerIds: number[]) {
    return await apiFetch<MailQueued>(
      `/api/word_template/${templateId}/actions/replace_and_email?${new URLSearchParams({ customer_ids: JSON.stringify(customerIds) })}`,
      { method: 'POST', json: {} },
    );
  },
};
