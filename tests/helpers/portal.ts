/**
 * The customers' area through the HTTP interface, for the API tests (issue 50): a form posted as
 * the area's pages post it, a page read with a session's cookie, and a person invited by the Admin
 * and logged in through the link of his invitation's e-mail (with the server's SERVER_BASEURL
 * https://gestionale.example.it).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Api } from './api.js';
import type { TestApp } from './testApp.js';

export const PORTAL_BASE = 'https://gestionale.example.it';

/** the session cookie a response sets ('name=value') */
export const cookieOf = (res: LightMyRequestResponse) =>
  /^(gs_area_clienti=[\w-]+);/.exec(String(res.headers['set-cookie']))![1]!;
/** a page's text as a reader gets it: tags out, entities decoded, spaces as one */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** the forms' token on a page */
export const csrfOf = (html: string) => /name="csrf" value="([\w-]+)"/.exec(html)![1]!;

/** The calls of a file's app and API client, known once its set-up has made them (hence the getters). */
export function portalClient(app: () => TestApp, api: () => Api) {
  const form = (url: string, body: Record<string, string>, cookie?: string) =>
    app().app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(body).toString(),
    });
  const page = (url: string, cookie: string) => app().app.inject({ method: 'GET', url, headers: { cookie } });
  /** a person of `customer` invited and logged in: the cookie and the forms' token */
  async function enter(customer: number, email: string) {
    const a = api();
    expect((await a.post('admin', `/api/customer/${customer}/portal/invite`, { emails: email })).statusCode).toBe(201);
    const [m] = await a.sql<{ body_text: string }>(
      `SELECT "body_text" FROM "mail_outbox" WHERE "to_addresses"::text LIKE $1 ORDER BY "id" DESC LIMIT 1`,
      [`%${email}%`],
    );
    const link = /https:\/\/gestionale\.example\.it(\/area-clienti\/link\/[\w-]+)/.exec(m!.body_text)![1]!;
    const cookie = cookieOf(await form(link, {}));
    const csrf = csrfOf((await page('/area-clienti', cookie)).body);
    return { cookie, csrf };
  }
  return { form, page, enter };
}
