/** The customer's anti-money-laundering file (issue 48): its risk assessments, read and added. */
import { apiFetch } from '../api/client';
import { enc } from './common';
import type { AmlAssessment, AmlAssessmentInput, CustomerAml } from '../../model/api/aml';

export type { AmlAssessment, AmlAssessmentInput, CustomerAml };

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
};
