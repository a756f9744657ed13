/**
 * The customers' area (issue 50 item 3), the studio's side of what the studio sends: which of its
 * documents (invoices, the account statement, payment notices, declarations, signed mandates) the
 * customer's people opened in the area, when first and last, how many times and who first (the
 * customer card's 'Documenti aperti dal cliente').
 */
import { apiFetch } from '../api/client';
import { enc } from './common';
import type { PortalOpening } from '../../model/api/portalDocuments';

export type { PortalOpening } from '../../model/api/portalDocuments';

export const portalDocumentCalls = {
  /** GET /api/customer/{id}/portal/openings: the documents the customer opened, the latest opened first. */
  async portalOpenings(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: PortalOpening[] }>(`/api/customer/${enc(id)}/portal/openings`, { signal: params.signal })
    ).data;
  },
};
