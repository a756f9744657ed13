/** The customer's anti-money-laundering file (issue 48): its risk assessments, read and added. */
import { apiFetch } from '../api/client';
import { enc } from './common';
import type {
  AmlAssessment,
  AmlAssessmentInput,
  AmlFile,
  AmlIdentification,
  AmlIdentificationInput,
  AmlNote,
  AmlNoteInput,
  CustomerAml,
} from '../../model/api/aml';
// the studio's self-assessment and training log
import type {
  AmlSelfAssessment,
  AmlSelfAssessmentInput,
  AmlStudioFile,
  AmlTraining,
  AmlTrainingInput,
} from '../../model/api/aml';

// the checks due
import { apiDownload } from '../api/client';
import { queryOf } from './common';
import type { AmlDueList, AmlDueQuery, AmlDueSummary } from '../../model/api/aml';

export type { AmlAssessment, AmlAssessmentInput, CustomerAml };
export type { AmlSelfAssessment, AmlSelfAssessmentInput, AmlStudioFile, AmlTraining, AmlTrainingInput };

// the checks due
export type { AmlDueList, AmlDueRow, AmlDueSummary } from '../../model/api/aml';
/** the filters of 'Verifiche antiriciclaggio' as the API names them (paging apart) */
export type AmlChecksFilter = Partial<Omit<AmlDueQuery, 'page' | 'per_page'>>;

/** the checks' filters (and page) as a query string, the empty ones left out */
export const amlChecksQuery = (q: Partial<AmlDueQuery>): string => queryOf(q);

export const amlCalls = {
  /** GET /api/customer/{id}/aml: the assessment in force and the history. */
  async customerAml(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: CustomerAml }>(`/api/customer/${enc(id)}/aml`, { signal: params.signal })).data;
  },
  /** POST /api/customer/{id}/aml/assessments: a new assessment (the earlier ones stay). */
  async assessCustomer(id: string | number, body: AmlAssessmentInput) {
    return (
      await apiFetch<{ data: AmlAssessment }>(`/api/customer/${enc(id)}/aml/assessments`, {
        method: 'POST',
        json: body,
      })
    ).data;
  },
  // the identification, the files, the Admin's notes
  /** POST /api/customer/{id}/aml/identifications: the identification as now known (a new version). */
  async identifyCustomer(id: string | number, body: AmlIdentificationInput) {
    return (
      await apiFetch<{ data: AmlIdentification }>(`/api/customer/${enc(id)}/aml/identifications`, {
        method: 'POST',
        json: body,
      })
    ).data;
  },
  /** POST /api/customer/{id}/aml/files (multipart: file, kind, description): one file added to the AML file. */
  async uploadAmlFile(id: string | number, file: File, kind: AmlFile['kind'], description?: string) {
    const form = new FormData();
    form.append('kind', kind);
    if (description) form.append('description', description);
    form.append('file', file, file.name);
    return (await apiFetch<{ data: AmlFile }>(`/api/customer/${enc(id)}/aml/files`, { method: 'POST', body: form }))
      .data;
  },
  /** GET /api/customer/{id}/aml/files/{fileId}: one file, saved under its name. */
  downloadAmlFile: (id: string | number, fileId: number) =>
    apiDownload(`/api/customer/${enc(id)}/aml/files/${enc(fileId)}`),
  /** GET /api/customer/{id}/aml/{document}: the declaration (PDF, Word), the whole file (PDF), the export (zip). */
  downloadAmlDocument: (
    id: string | number,
    document: 'declaration.pdf' | 'declaration.docx' | 'file.pdf' | 'export.zip',
  ) => apiDownload(`/api/customer/${enc(id)}/aml/${document}`),
  /** POST /api/customer/{id}/aml/notes: the Admin's abstention or report assessment, or a note. */
  async addAmlNote(id: string | number, body: AmlNoteInput) {
    return (await apiFetch<{ data: AmlNote }>(`/api/customer/${enc(id)}/aml/notes`, { method: 'POST', json: body }))
      .data;
  },
  // the studio's self-assessment and training log
  /** GET /api/aml/self_assessments: the self-assessment in force, the history, when the next is due, the trainings (Admin). */
  async studioAml(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: AmlStudioFile }>('/api/aml/self_assessments', { signal: params.signal })).data;
  },
  /** POST /api/aml/self_assessments: a new self-assessment of the studio (the earlier ones stay). */
  async selfAssess(body: AmlSelfAssessmentInput) {
    return (await apiFetch<{ data: AmlSelfAssessment }>('/api/aml/self_assessments', { method: 'POST', json: body }))
      .data;
  },
  /** POST /api/aml/trainings: a training of a member of the staff. */
  async addTraining(body: AmlTrainingInput) {
    return (await apiFetch<{ data: AmlTraining }>('/api/aml/trainings', { method: 'POST', json: body })).data;
  },
  // the checks due
  /** GET /api/aml/checks: a page of what is due or late in the customers' AML files, with the totals. */
  async amlChecks(query: Partial<AmlDueQuery> = {}, params: { signal?: AbortSignal } = {}) {
    const qs = amlChecksQuery(query);
    return apiFetch<AmlDueList>(`/api/aml/checks${qs ? `?${qs}` : ''}`, { signal: params.signal });
  },
  /** GET /api/aml/checks/summary: the checks due within 30 days and how many are late (the home page). */
  async amlChecksSummary(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: AmlDueSummary }>('/api/aml/checks/summary', { signal: params.signal })).data;
  },
  /** GET /api/aml/checks.csv: every check the filters find, as 'Verifiche antiriciclaggio.csv'. */
  downloadAmlChecks: (filter: AmlChecksFilter) => {
    const qs = amlChecksQuery(filter);
    return apiDownload(`/api/aml/checks.csv${qs ? `?${qs}` : ''}`);
  },
};
