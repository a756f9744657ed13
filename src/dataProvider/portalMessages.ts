/**
 * The customers' area (issue 50 item 5), the studio's side of the messages: the threads (one per
 * customer, the unread first), how many have messages not read yet (the home page's card), a
 * customer's thread (read by the studio from the moment it is fetched) and a message of the studio
 * (JSON, or multipart with its files). A message's files download as the area's other files
 * (`downloadPortalFile`, src/dataProvider/portalRequests.ts). Errors stay ApiError (422 with the
 * fields `body`, `file`).
 */
import { apiFetch } from '../api/client';
import { enc, queryOf } from './common';
import type { PortalThread, ThreadQuery, ThreadSummary } from '../../model/api/portalMessages';

export type { PortalMessage, PortalThread, ThreadQuery, ThreadSummary } from '../../model/api/portalMessages';

/** A page of the threads and how many match the filters. */
export type ThreadList = { data: ThreadSummary[]; total: number };

export const portalMessageCalls = {
  /** GET /api/portal/threads: a page of the threads with the filters (none given: all of them, the unread first). */
  portalThreads: (query: ThreadQuery = {}, params: { signal?: AbortSignal } = {}) => {
    const qs = queryOf(query);
    return apiFetch<ThreadList>(`/api/portal/threads${qs ? `?${qs}` : ''}`, { signal: params.signal });
  },
  /** GET /api/portal/threads/unread: how many threads have messages of the customer the studio has not read. */
  async portalUnreadThreads(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: { threads: number } }>('/api/portal/threads/unread', { signal: params.signal })).data
      .threads;
  },
  /** GET /api/customer/{id}/portal/messages: the thread, oldest message first; from now on read by the studio. */
  async customerThread(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: PortalThread }>(`/api/customer/${enc(id)}/portal/messages`, { signal: params.signal })
    ).data;
  },
  /**
   * POST /api/customer/{id}/portal/messages (201): the studio's message, as JSON `{ body }`, or as
   * multipart (the field `body`, the files `file`) when it has files; the thread as it is now.
   */
  async postCustomerMessage(id: string | number, body: string, files: readonly File[] = []) {
    const path = `/api/customer/${enc(id)}/portal/messages`;
    if (!files.length) return (await apiFetch<{ data: PortalThread }>(path, { method: 'POST', json: { body } })).data;
    const form = new FormData();
    form.append('body', body);
    for (const f of files) form.append('file', f, f.name);
    return (await apiFetch<{ data: PortalThread }>(path, { method: 'POST', body: form })).data;
  },
};
