/**
 * The customers' area (issue 50 item 3), the studio's side of the AML declaration to accept: the
 * declarations sent to a customer (sent, opened, accepted by whom, when, from which address, with the
 * SHA-256 of the PDF as sent), a new one sent to be accepted (the customer's people notified by
 * e-mail), the PDF of one as stored. Errors stay ApiError (422 when the customer has nobody active in
 * the area, with the server's message).
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc } from './common';
import type { DeclarationSent, PortalDeclaration } from '../../model/api/portalDeclarations';

export type { DeclarationSent, DeclarationState, PortalDeclaration } from '../../model/api/portalDeclarations';

export const portalDeclarationCalls = {
  /** GET /api/customer/{id}/portal/declarations: the declarations sent, newest first. */
  async customerDeclarations(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: PortalDeclaration[] }>(`/api/customer/${enc(id)}/portal/declarations`, {
        signal: params.signal,
      })
    ).data;
  },
  /** POST /api/customer/{id}/portal/declarations (201): a new declaration to accept; the list and how many were notified. */
  sendDeclaration: (id: string | number) =>
    apiFetch<DeclarationSent>(`/api/customer/${enc(id)}/portal/declarations`, { method: 'POST', json: {} }),
  /** GET /api/customer/{id}/portal/declarations/{declarationId}/pdf: the PDF as sent. */
  downloadDeclaration: (id: string | number, declarationId: number) =>
    apiDownload(`/api/customer/${enc(id)}/portal/declarations/${enc(declarationId)}/pdf`),
};
