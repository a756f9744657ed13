/**
 * The customer's personal link of a reminder (issue 30 item 4): `/estratto/{id}-{YYYYMMDD}-{mac}`,
 * where the day is when it expires and the mac an HMAC-SHA256 (a key derived from the server's
 * secret) of the reminder's id, its random nonce and that day. Without the secret and the nonce
 * nobody makes a link; a changed id or day breaks the mac; past the day the page says it expired.
 * It shows one customer's open items, read-only, without a login.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_PATH = '/estratto/';
const TOKEN = /^(\d{1,9})-(\d{8})-([A-Za-z0-9_-]{32})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('gestionale reminder link v1').digest();
const macOf = (secret: string, id: number, nonce: string, expires: string) =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${nonce}.${expires}`).digest('base64url').slice(0, 32);

/** The token of a reminder's link, valid until `expires` (YYYY-MM-DD) included. */
export function reminderToken(secret: string, id: number, nonce: string, expires: string): string {
  return `${id}-${expires.replace(/-/g, '')}-${macOf(secret, id, nonce, expires)}`;
}

export const reminderLink = (baseUrl: string, token: string) => new URL(`${LINK_PATH}${token}`, baseUrl).toString();

/** A token's parts when it is well formed (nothing about whether it is genuine). */
export function parseToken(token: string): { id: number; expires: string; mac: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const d = m[2]!;
  return { id: Number(m[1]), expires: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`, mac: m[3]! };
}

/** Whether the token's mac is the one of this reminder's nonce (in constant time). */
export function genuine(secret: string, t: { id: number; expires: string; mac: string }, nonce: string): boolean {
  const want = Buffer.from(macOf(secret, t.id, nonce, t.expires));
  const got = Buffer.from(t.mac);
  return want.length === got.length && timingSafeEqual(want, got);
}
