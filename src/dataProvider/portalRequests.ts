/**
 * The customers' area (issue 50 item 2), the studio's side of the document requests: make them (to
 * the customers picked or to every customer of a compliance job), list them, read one with its
 * documents and files, review a document (accept it, or ask it again with a reason), cancel one,
 * download a file the customer sent. Errors stay ApiError (422 with the fields, 409 when a document
 * is no longer to review or the request no longer open).
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc, queryOf } from './common';
import type {
  RequestCreated,
  RequestDetail,
  RequestInput,
  RequestList,
  RequestQuery,
  ReviewInput,
} from '../../model/api/portalRequests';

export type {
  PortalFile,
  RequestCreated,
  RequestDetail,
  RequestInput,
  RequestItem,
  RequestList,
  RequestQuery,
  RequestSummary,
} from '../../model/api/portalRequests';

/** The studio's checklists to choose from (the select projection of the generic list). */
export const CHECKLIST_OPTIONS_ENDPOINT =
  '/api/list/DocumentChecklist/DocumentChecklistResource4SelectCollection?items_per_page=-1';

const post = <T>(path: string, body?: unknown) =>
  apiFetch<{ data: T }>(path, { method: 'POST', ...(body === undefined ? {} : { json: body }) }).then((r) => r.data);

export const portalRequestCalls = {
  /** GET /api/portal/requests: a page of the requests with the filters (none given: all of them). */
  portalRequests: (query: RequestQuery = {}, params: { signal?: AbortSignal } = {}) => {
    const qs = queryOf(query);
    return apiFetch<RequestList>(`/api/portal/requests${qs ? `?${qs}` : ''}`, { signal: params.signal });
  },
  /** GET /api/portal/requests/{id}: the request with its documents and their files. */
  async portalRequest(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: RequestDetail }>(`/api/portal/requests/${enc(id)}`, { signal: params.signal })).data;
  },
  /** POST /api/portal/requests (201): one request per customer; 422 naming the fields. */
  createPortalRequests: (input: RequestInput) => post<RequestCreated>('/api/portal/requests', input),
  /** POST /api/portal/requests/{id}/documents/{itemId}/review: accept the document or ask it again (with the reason). */
  reviewPortalDocument: (id: string | number, itemId: number, input: ReviewInput) =>
    post<RequestDetail>(`/api/portal/requests/${enc(id)}/documents/${enc(itemId)}/review`, input),
  /** POST /api/portal/requests/{id}/cancel: the open request cancelled. */
  cancelPortalRequest: (id: string | number) => post<RequestDetail>(`/api/portal/requests/${enc(id)}/cancel`),
  /** GET /api/portal/files/{id}: a file of the area (409 when in quarantine). */
  downloadPortalFile: (id: number) => apiDownload(`/api/portal/files/${enc(id)}`),
};
