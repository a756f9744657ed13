/**
 * The customers' own area (issue 50), the studio's side: the people of a customer invited to the
 * area, their invitation, the revocation of an access and the end of a person's sessions, the files
 * the studio shares with the customer (the customer card's 'Area clienti'). Errors stay ApiError
 * (422 with the fields `emails`, `name`, `file`).
 */
import { apiFetch } from '../api/client';
import { enc } from './common';
import type { PortalInviteInput, PortalInviteResult, PortalPeople, SharedFile } from '../../model/api/portal';

export type { PortalInviteResult, PortalPeople, PortalPerson, SharedFile } from '../../model/api/portal';

const post = <T>(path: string, body?: unknown) =>
  apiFetch<T>(path, { method: 'POST', ...(body === undefined ? {} : { json: body }) });

export const portalCalls = {
  /** GET /api/customer/{id}/portal: the customer's people in the area (invited, active, revoked) and its address. */
  async customerPortal(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: PortalPeople }>(`/api/customer/${enc(id)}/portal`, { signal: params.signal })).data;
  },
  /** POST /api/customer/{id}/portal/invite (201): the addresses as typed, each e-mailed a link; all or nothing. */
  inviteToPortal: (id: string | number, input: PortalInviteInput) =>
    post<PortalInviteResult>(`/api/customer/${enc(id)}/portal/invite`, input),
  /** POST /api/customer/{id}/portal/access/{accessId}/revoke: the person leaves the area (409 if already out). */
  async revokePortalAccess(id: string | number, accessId: number) {
    return (await post<{ data: PortalPeople }>(`/api/customer/${enc(id)}/portal/access/${enc(accessId)}/revoke`)).data;
  },
  /** POST /api/customer/{id}/portal/access/{accessId}/sessions/end: the person's open sessions end. */
  async endPortalSessions(id: string | number, accessId: number) {
    return (await post<{ data: PortalPeople }>(`/api/customer/${enc(id)}/portal/access/${enc(accessId)}/sessions/end`))
      .data;
  },
  /** GET /api/customer/{id}/portal/files: the files shared with the customer, newest first, with its first opening. */
  async sharedFiles(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: SharedFile[] }>(`/api/customer/${enc(id)}/portal/files`, { signal: params.signal }))
      .data;
  },
  /** POST /api/customer/{id}/portal/files (201, multipart: the files `file`, at most 10): shared; all or nothing. */
  async shareFiles(id: string | number, files: readonly File[]) {
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    return (
      await apiFetch<{ data: SharedFile[] }>(`/api/customer/${enc(id)}/portal/files`, { method: 'POST', body: form })
    ).data;
  },
  /** DELETE /api/customer/{id}/portal/files/{fileId}: no longer shared; the files left. */
  async unshareFile(id: string | number, fileId: number) {
    return (
      await apiFetch<{ data: SharedFile[] }>(`/api/customer/${enc(id)}/portal/files/${enc(fileId)}`, {
        method: 'DELETE',
      })
    ).data;
  },
};
