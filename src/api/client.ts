/** Fetch wrapper: bearer token on every request, JSON in and out, errors as ApiError. */
import { getToken } from '../authProvider/token';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body: { message?: string; errors?: Record<string, string[]> } = {},
  ) {
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
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) {
    const b = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, b.message ?? `Errore ${res.status}`, b);
  }
  return data as T;
}

/**
 * A POST answered as NDJSON (long work on the server: the customer import): each
 * `{"progress": …}` line goes to `onProgress` as it arrives; the last line is the result
 * (`{"data": …}`) or the error (`{"error": {status, message, errors}}`), thrown as ApiError.
 */
export async function apiNdjson<T, P = unknown>(path: string, json: unknown, onProgress?: (p: P) => void): Promise<T> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(json) });
  if (!res.ok || !res.body) {
    let b: { message?: string; errors?: Record<string, string[]> } = {};
    try {
      b = await res.json();
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, b.message ?? `Errore ${res.status}`, b);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: { data?: T; error?: { status: number; message: string; errors?: Record<string, string[]> } } | null = null;
  const take = (line: string) => {
    if (!line.trim()) return;
    const v = JSON.parse(line) as {
      progress?: P;
      data?: T;
      error?: { status: number; message: string; errors?: Record<string, string[]> };
    };
    if (v.progress !== undefined) onProgress?.(v.progress);
    else last = v;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      take(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  }
  take(buffer);
  const end = last as {
    data?: T;
    error?: { status: number; message: string; errors?: Record<string, string[]> };
  } | null;
  if (end?.error) throw new ApiError(end.error.status, end.error.message, end.error);
  if (!end || !('data' in end)) throw new ApiError(500, 'Risposta del server interrotta: riprova');
  return end.data as T;
}

/** Downloads a file answered by a GET (CSV, PDF…) with the name given by the server. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { headers });
  if (!res.ok) {
    let message = `Errore ${res.status}`;
    try {
      message = (await res.json()).message ?? message;
    } catch {
      /* not JSON */
    }
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
  (Array.isArray(res) ? res : ((res as { data?: unknown[] } | null)?.data ?? [])) as T[];

/** characters of an answer's body kept at most (the API console) */
export const MAX_CHARS = 20_000;

/** The raw answer of a call (the API console): status, type, body as text, time. */
export interface CallResult {
  status: number;
  contentType: string;
  body: string;
  ms: number;
  truncated: boolean;
}
const isText = (ct: string) => !ct || /^text\/|json|xml|javascript|csv|x-www-form-urlencoded/i.test(ct);

/** One call with the session's token: the raw answer, errors included; files only by their size. */
export async function rawApiCall(method: string, url: string, body?: string): Promise<CallResult> {
  const headers = new Headers({ Accept: 'application/json, */*' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const start = performance.now();
  const res = await fetch(url, { method, headers, body });
  const contentType = res.headers.get('Content-Type') ?? '';
  let text: string;
  if (isText(contentType)) {
    text = await res.text();
    if (/json/i.test(contentType)) {
      try {
        text = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        /* shown as it came */
      }
    }
  } else {
    const size = (await res.blob()).size;
    text = `File di ${size.toLocaleString('it-IT')} byte (${contentType})`;
  }
  return {
    status: res.status,
    contentType,
    body: text.slice(0, MAX_CHARS),
    ms: Math.round(performance.now() - start),
    truncated: text.length > MAX_CHARS,
  };
}
