/**
 * The customers' area (issue 50 item 4), the studio's side of the SEPA mandates signed online: a
 * customer's signatures with the mandate each created and the evidence (who, when, IP, browser, the
 * SHA-256 of the PDF as signed), and the PDF as stored. Errors stay ApiError.
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc } from './common';
import type { PortalMandateSignature } from '../../model/api/portalMandates';

export type { PortalMandateSignature } from '../../model/api/portalMandates';

export const portalMandateCalls = {
  /** GET /api/customer/{id}/portal/mandates: the mandates signed online by the customer's people, newest first. */
  async portalMandates(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: PortalMandateSignature[] }>(`/api/customer/${enc(id)}/portal/mandates`, {
        signal: params.signal,
      })
    ).data;
  },
  /** GET /api/customer/{id}/portal/mandates/{signatureId}/pdf: the mandate's PDF as signed. */
  downloadPortalMandate: (id: string | number, signatureId: number) =>
    apiDownload(`/api/customer/${enc(id)}/portal/mandates/${enc(signatureId)}/pdf`),
};
