/** The session: token in a cookie, the logged user (with avatar) in local storage. */
const COOKIE = 'gs_token';
const USER_KEY = 'gs_user';

export interface LoggedUser {
  id: number; name: string; email: string; role: string; studio_id: number; studio_name: string;
  subscription_expire_date: string | null; credit: number; avatar: string | null;
}

export function getToken(): string | null {
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return m ? decodeURIComponent(m.slice(COOKIE.length + 1)) : null;
}

export function setSession(token: string, user: LoggedUser, expiresAt?: number) {
  const expires = expiresAt ? `; expires=${new Date(expiresAt * 1000).toUTCString()}` : '';
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Strict${expires}${secure}`;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession() {
  document.cookie = `${COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
  localStorage.removeItem(USER_KEY);
}

export function getUser(): LoggedUser | null {
  try { return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null'); } catch { return null; }
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
    const payload = t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(decodeURIComponent(escape(atob(payload))));
  } catch { return null; }
}
