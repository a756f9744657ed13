/**
 * The shell and the session (C01–C08, C61): client settings, the menu, the studio, the own user,
 * login and logout; the SuperAdmin's API console. Errors stay ApiError (status and body), as the
 * shell reads them.
 */
import { apiFetch, rawApiCall } from '../api/client';
import type { ClientVar, LoggedStudio, MenuNode, MissingField } from '../../model/api/shell';

export type { ClientVar, LoggedStudio, MenuNode };
import type { LoggedUser } from '../authProvider/token';

export const shellCalls = {
  /** GET /api/var/client_var (public). */
  clientVar: (params: { signal?: AbortSignal } = {}) =>
    apiFetch<ClientVar>('/api/var/client_var', { signal: params.signal }),
  /** GET /api/menu_items: the menu tree of the caller's role. */
  async menuItems(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: MenuNode[] }>('/api/menu_items', { signal: params.signal })).data ?? [];
  },
  /** GET /api/studio_logged. */
  async loggedStudio(params: { signal?: AbortSignal } = {}) {
    return (
      (await apiFetch<{ data: LoggedStudio | null }>('/api/studio_logged', { signal: params.signal })).data ?? null
    );
  },
  /** GET /api/loggedStudio/missingRequiredFields. */
  async missingRequiredFields(params: { signal?: AbortSignal } = {}) {
    return (
      (
        await apiFetch<{ data: MissingField[] }>('/api/loggedStudio/missingRequiredFields', {
          signal: params.signal,
        })
      ).data ?? []
    );
  },
  /** The logged user's own record (name, e-mail, credit, avatar). */
  async ownUser(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{
        data: { name?: string; email?: string; credit?: number | string | null; avatar?: string | null };
      }>(`/api/user/users/${encodeURIComponent(String(id))}`, { signal: params.signal })
    ).data;
  },
  /** POST /api/user/login. */
  login: (email: string, password: string) =>
    apiFetch<LoggedUser & { access_token: string; expires_at?: number }>('/api/user/login', {
      method: 'POST',
      json: { email, password },
    }),
  /** C61 GET /api/user/{provider}/verify_token_and_login/{token}: the session for the e-mail the provider proves. */
  socialLogin: (provider: string, token: string) =>
    apiFetch<LoggedUser & { access_token: string; expires_at?: number }>(
      `/api/user/${encodeURIComponent(provider)}/verify_token_and_login/${encodeURIComponent(token)}`,
    ),
  /** GET /api/user/logout. */
  logout: () => apiFetch('/api/user/logout'),
  /** The OpenAPI document of the whole API (generated from the route schemas). */
  apiDocument: <T>(params: { signal?: AbortSignal } = {}) => apiFetch<T>('/api/docs/json', { signal: params.signal }),
  /** Any call of the API under the session's token, answered raw (errors and files included). */
  tryApiCall: (method: string, url: string, body?: string) => rawApiCall(method, url, body),
};
