/** Fetch wrapper: bearer token on every request, JSON in and out, errors as ApiError. */
import { getToken } from '../authProvider/token';

export class ApiError extends Error {
  constructor(public status: number, message: string, public body: { message?: string; errors?: Record<string, string[]> } = {}) {
    super(message);
  }
}

export async function apiFetch<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  headers.set('Accept', 'application/json');
  const res = await fetch(path, { ...init, headers, body });
  const text = await res.text();
  let data: unknown = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!res.ok) {
    const b = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, b.message ?? `Errore ${res.status}`, b);
  }
  return data as T;
}

/** Downloads a file answered by a GET (CSV, PDF…) with the name given by the server. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { headers });
  if (!res.ok) {
    let message = `Errore ${res.status}`;
    try { message = (await res.json()).message ?? message; } catch { /* not JSON */ }
    throw new ApiError(res.status, message);
  }
  const cd = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="([^"]+)"/i.exec(cd);
  const filename = star ? decodeURIComponent(star[1]) : plain ? plain[1] : 'download';
  return { blob: await res.blob(), filename };
}

/** Rows of a select-list answer: filter and option lists accept `{data: [...]}` or a plain array (seed A §7). */
export const rowsOf = <T = Record<string, unknown>>(res: unknown): T[] =>
  (Array.isArray(res) ? res : (res as { data?: unknown[] } | null)?.data ?? []) as T[];
