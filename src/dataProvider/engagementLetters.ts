/**
 * The engagement letter (issue 49 item 2): an engagement's letters and its state changes (the
 * engagement's named actions), the letter's documents, and the studio's Word template of the letter.
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc } from './common';
import type { EngagementEndInput, EngagementLetters, LetterTemplateAnswer } from '../../model/api/engagementLetters';

export type {
  EngagementLetter,
  EngagementLetters,
  LetterTag,
  LetterTemplateAnswer,
} from '../../model/api/engagementLetters';

const action = (id: string | number, name: string) => `/api/engagement/${enc(id)}/actions/${name}`;
const TEMPLATE = '/api/engagement_letter_template';

export const engagementLetterCalls = {
  /** GET /api/engagement/{id}/actions/letters: the state, where the letter goes, the letters sent and the scans. */
  async engagementLetters(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: EngagementLetters }>(action(id, 'letters'), { signal: params.signal })).data;
  },
  /** GET …/actions/letter_pdf or letter_docx: the letter as it is now, saved under the server's name. */
  downloadEngagementLetter: (id: string | number, format: 'pdf' | 'docx') =>
    apiDownload(action(id, format === 'pdf' ? 'letter_pdf' : 'letter_docx')),
  /** GET …/actions/letter_file?letter_id=: a letter as sent or a signed scan, byte for byte. */
  downloadEngagementLetterFile: (id: string | number, letterId: number) =>
    apiDownload(`${action(id, 'letter_file')}?letter_id=${enc(letterId)}`),
  /** POST …/actions/send: the letter to the customer, with the link to accept it. */
  async sendEngagementLetter(id: string | number) {
    return (await apiFetch<{ data: EngagementLetters }>(action(id, 'send'), { method: 'POST', json: {} })).data;
  },
  /** POST …/actions/mark_signed (multipart: file): signed on paper, the scan attached. */
  async markEngagementSigned(id: string | number, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await apiFetch<{ data: EngagementLetters }>(action(id, 'mark_signed'), { method: 'POST', body: form }))
      .data;
  },
  /** POST …/actions/back_to_draft */
  async engagementBackToDraft(id: string | number) {
    return (await apiFetch<{ data: EngagementLetters }>(action(id, 'back_to_draft'), { method: 'POST', json: {} }))
      .data;
  },
  /** POST …/actions/end {date, waive_notice} */
  async endEngagement(id: string | number, body: EngagementEndInput) {
    return (await apiFetch<{ data: EngagementLetters }>(action(id, 'end'), { method: 'POST', json: body })).data;
  },
  // the studio's Word template of the letter (the Admin's)
  /** GET /api/engagement_letter_template: the studio's template (null: the built-in one) and the tags. */
  async engagementLetterTemplate(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: LetterTemplateAnswer }>(TEMPLATE, { signal: params.signal })).data;
  },
  /** PUT /api/engagement_letter_template (multipart: file): the studio's own template, checked. */
  async uploadEngagementLetterTemplate(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await apiFetch<{ data: LetterTemplateAnswer }>(TEMPLATE, { method: 'PUT', body: form })).data;
  },
  /** DELETE /api/engagement_letter_template: back to the built-in letter. */
  async removeEngagementLetterTemplate() {
    return (await apiFetch<{ data: LetterTemplateAnswer }>(TEMPLATE, { method: 'DELETE' })).data;
  },
  /** GET /api/engagement_letter_template/{file | default.docx | tags.csv} */
  downloadEngagementLetterTemplate: (what: 'file' | 'default.docx' | 'tags.csv') => apiDownload(`${TEMPLATE}/${what}`),
};
