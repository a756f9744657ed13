/**
 * The customers' own area (issue 50), the studio's side: the people of a customer invited to the
 * area, their invitation, the revocation of an access and the end of a person's sessions (the
 * customer card's 'Area clienti'). Errors stay ApiError (422 with the fields `emails`, `name`).
 */
import { apiFetch } from '../api/client';
import { enc } from './common';
import type { PortalInviteInput, PortalInviteResult, PortalPeople } from '../../model/api/portal';

export type { PortalInviteResult, PortalPeople, PortalPerson } from '../../model/api/portal';

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
};
