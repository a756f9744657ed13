/** react-admin authProvider over POST /api/user/login and GET /api/user/logout. */
import type { AuthProvider } from 'react-admin';
import { ApiError } from '../api/client';
import { dataProvider } from '../dataProvider';
import { appStore } from '../list/preferencesStore';
import { clearSession, getToken, getUser, markLogoutFailure, setSession, tokenClaims } from './token';
import { routeExists } from '../routeTable';
import { i18nProvider } from '../i18n';

/**
 * The app's current path, kept by <PathTracker/> (App.tsx): react-admin logs a visitor without a
 * session out from any path, and the logout decides where he goes from it.
 */
let currentPath = '/';
export const trackPath = (path: string) => {
  currentPath = path;
};

/**
 * Where a logout leads: the login, or — for a path that is no screen of the app — seed B §2's
 * '/error' with 'Pagina NON trovata' (a visitor without a session on an unknown route).
 */
export function afterLogoutPath(path: string): string {
  if (path === '/' || routeExists(path)) return '/utente/login';
  return `/error?${new URLSearchParams({ msg: i18nProvider.translate('app.error.not_found') })}`;
}

export const authProvider: AuthProvider = {
  /** a password login, or a social one (`social`: the provider, `token`: its token; C61) */
  async login({
    email,
    password,
    social,
    token,
  }: {
    email?: string;
    password?: string;
    social?: string;
    token?: string;
  }) {
    try {
      const res = social
        ? await dataProvider.socialLogin(social, token ?? '')
        : await dataProvider.login(email ?? '', password ?? '');
      const { access_token, expires_at, ...user } = res;
      setSession(
        access_token,
        {
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          studio_id: user.studio_id,
          studio_name: user.studio_name,
          subscription_expire_date: user.subscription_expire_date,
          credit: user.credit,
          avatar: user.avatar,
        },
        expires_at,
      );
    } catch (e) {
      throw Object.assign(new Error(e instanceof ApiError ? e.message : 'Errore di connessione al server'), {
        status: e instanceof ApiError ? e.status : 0,
      });
    }
  },
  async logout() {
    // clear everything even when the call fails
    if (getToken()) {
      // a view or column change made in the last moments goes with this session, not lost with it
      await appStore.flushPending();
      // the session is cleared anyway; the login page tells the user the server did not confirm
      try {
        await dataProvider.logout();
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) markLogoutFailure();
      }
    }
    clearSession();
    return afterLogoutPath(currentPath);
  },
  async checkAuth() {
    const claims = tokenClaims();
    if (!claims || (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now())) {
      clearSession();
      throw { redirectTo: '/utente/login', message: false };
    }
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: '/utente/login', message: false };
    }
  },
  async getIdentity() {
    const u = getUser();
    const c = tokenClaims();
    if (!u && !c) throw new Error('not logged');
    return {
      id: (c?.id as number) ?? u!.id,
      fullName: (u?.name ?? c?.name) as string,
      avatar: u?.avatar ?? undefined,
      email: (c?.email as string) ?? u?.email,
      role: (c?.role as string) ?? u?.role,
      studio_id: (c?.studio_id as number) ?? u?.studio_id,
      studio_name: (c?.studio_name as string) ?? u?.studio_name,
      subscription_expire_date: (c?.subscription_expire_date as string | null) ?? u?.subscription_expire_date ?? null,
      credit: u?.credit ?? 0,
    };
  },
  async getPermissions() {
    const c = tokenClaims();
    return { role: (c?.role as string) ?? getUser()?.role ?? null };
  },
};
