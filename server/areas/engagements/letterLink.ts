/**
 * The customer's link of an engagement letter (issue 49 item 2): `/incarico/{id}-{YYYYMMDD}-{mac}`,
 * where `id` is the letter's (a row of engagement_letters), the day is when the link expires and the
 * mac an HMAC-SHA256 — with a key derived from the server's secret under a label of its own, so a
 * reminder's link is never a letter's — of the letter's id, its random nonce and that day. Without
 * the secret and the nonce nobody makes a link; a changed id or day breaks the mac (compared in
 * constant time). The same approach as the reminders' link (server/areas/reminders/link.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LETTER_LINK_PATH = '/incarico/';
/** How long a letter's link lets the customer read and accept it, from the day it is sent. */
export const LETTER_LINK_DAYS = 60;
const TOKEN = /^(\d{1,9})-(\d{8})-([A-Za-z0-9_-]{32})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('gestionale engagement letter link v1').digest();
const macOf = (secret: string, id: number, nonce: string, expires: string) =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${nonce}.${expires}`).digest('base64url').slice(0, 32);

/** A new random nonce of a letter (stored with it; 16 characters). */
export const letterNonce = () => randomBytes(12).toString('base64url');

/** The token of a letter's link, valid until `expires` (YYYY-MM-DD) included. */
export function letterToken(secret: string, id: number, nonce: string, expires: string): string {
  return `${id}-${expires.replace(/-/g, '')}-${macOf(secret, id, nonce, expires)}`;
}

export const letterLink = (baseUrl: string, token: string) =>
  new URL(`${LETTER_LINK_PATH}${token}`, baseUrl).toString();

/** A token's parts when it is well formed (nothing about whether it is genuine). */
export function parseLetterToken(token: string): { id: number; expires: string; mac: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const d = m[2]!;
  return { id: Number(m[1]), expires: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`, mac: m[3]! };
}

/** Whether the token's mac is the one of this letter's nonce (in constant time). */
export function genuineLetterToken(
  secret: string,
  t: { id: number; expires: string; mac: string },
  nonce: string,
): boolean {
  const want = Buffer.from(macOf(secret, t.id, nonce, t.expires));
  const got = Buffer.from(t.mac);
  return want.length === got.length && timingSafeEqual(want, got);
}
