/** The session: token in a cookie, the logged user (with avatar) in local storage. */
import { decodeJwt } from 'jose';
const COOKIE = 'gs_token';
const USER_KEY = 'gs_user';

export interface LoggedUser {
  id: number;
  name: string;
  email: string;
  role: string;
  studio_id: number;
  studio_name: string;
  subscription_expire_date: string | null;
  credit: number;
  avatar: string | null;
}

/** Bumped by every session change made in this tab (a login, a logout). */
let version = 0;
export const sessionVersion = () => version;

export function getToken(): string | null {
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return m ? decodeURIComponent(m.slice(COOKIE.length + 1)) : null;
}

export function setSession(token: string, user: LoggedUser, expiresAt?: number) {
  const expires = expiresAt ? `; expires=${new Date(expiresAt * 1000).toUTCString()}` : '';
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Strict${expires}${secure}`;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  version++;
}

export function clearSession() {
  document.cookie = `${COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
  localStorage.removeItem(USER_KEY);
  version++;
}

export function getUser(): LoggedUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function updateUser(patch: Partial<LoggedUser>) {
  const u = getUser();
  if (u) localStorage.setItem(USER_KEY, JSON.stringify({ ...u, ...patch }));
}

/** Claims of the token (not verified here: the server verifies every call). */
export function tokenClaims(): Record<string, unknown> | null {
  const t = getToken();
  if (!t) return null;
  try {
    return decodeJwt(t) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A logout whose server call failed: the login page tells the user once (seed A §8). */
const LOGOUT_FAILED_KEY = 'gs_logout_failed';
export const LOGOUT_FAILED_MESSAGE =
  'Uscita non confermata dal server: la sessione è stata chiusa su questo dispositivo. Se usi un computer condiviso, cambia la password.';
export function markLogoutFailure() {
  try {
    sessionStorage.setItem(LOGOUT_FAILED_KEY, '1');
  } catch {
    /* storage unavailable */
  }
}
/** Whether the last logout failed; reading it clears it. */
export function takeLogoutFailure(): boolean {
  try {
    const failed = sessionStorage.getItem(LOGOUT_FAILED_KEY) === '1';
    sessionStorage.removeItem(LOGOUT_FAILED_KEY);
    return failed;
  } catch {
    return false;
  }
}
