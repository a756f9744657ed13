/**
 * Small conveniences over a TestApp for API tests: one cached login per user (the login call
 * is rate-limited), JSON calls, and direct SQL for facts the API does not expose.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './testApp.js';

export const USERS = {
  superadmin: 'superadmin@gestionale.test',
  admin: 'admin@studiodemo.test',
  collab: 'collaboratore@studiodemo.test',
  bianchi: 'admin@studiobianchi.test',
} as const;
export type Who = keyof typeof USERS;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface CallOpts {
  payload?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Query string where arrays/objects become JSON (as the browser sends `filters`). */
export function qs(query: Record<string, unknown> = {}): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    );
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface Api {
  t: TestApp;
  /** bearer headers of a demo user (logged in once per file) */
  headers(who: Who): Promise<Record<string, string>>;
  call(who: Who | null, method: Method, url: string, opts?: CallOpts): Promise<LightMyRequestResponse>;
  get(who: Who | null, url: string, query?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  post(who: Who | null, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(who: Who | null, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(who: Who | null, url: string, query?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** bearer headers of a Studio Demo user with role Utente (no demo user has it), made once per e-mail */
  utente(email: string): Promise<Record<string, string>>;
  /** the current version (updated_at) of each row, as a bulk update sends them */
  versions(who: Who, resource: string, ids: Array<number | string>): Promise<Record<string, string>>;
  /** raw SQL on the test database */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** id of a studio by name */
  studioId(name: 'Studio Demo' | 'Studio Bianchi' | 'Gestionale Studi (fornitore)'): Promise<number>;
  /** the first row (lowest id) of a studio-owned table */
  firstRow<T = { id: number }>(table: string, studioId: number, columns?: string): Promise<T>;
  /**
   * The studio invoices at the flat rate without cassa and without charging the stamp duty: what a
   * customer owes for a charge (its payable) is then the fee itself. For the tests of how payments
   * settle charges, whose figures are easier read so; the payable is tested in payable.test.ts.
   */
  feeIsPayable(studioId: number): Promise<void>;
  /**
   * A new customer of Studio Demo (as its Admin, with the studio's first legal representative and
   * 1,200 € a year): its id. `extra` adds or overrides fields.
   */
  newCustomer(name: string, extra?: Record<string, unknown>): Promise<number>;
  /** A new movement of a customer (as the Collaboratore): its id. `date` YYYY-MM-DD or with the time. */
  newMove(
    customerId: number,
    type: string,
    amount: number,
    date: string,
    extra?: Record<string, unknown>,
  ): Promise<number>;
}

export function api(t: TestApp): Api {
  const cache = new Map<Who, Promise<Record<string, string>>>();
  const self: Api = {
    t,
    headers(who) {
      if (!cache.has(who)) cache.set(who, t.login(USERS[who]));
      return cache.get(who)!;
    },
    async call(who, method, url, opts = {}) {
      const headers = { ...(who ? await self.headers(who) : {}), ...opts.headers };
      return t.app.inject({
        method,
        url: url + qs(opts.query),
        headers,
        ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
      });
    },
    get: (who, url, query) => self.call(who, 'GET', url, { query }),
    post: (who, url, payload) => self.call(who, 'POST', url, { payload: payload ?? {} }),
    // an update carries the version it is based on (else 428): a body without `updated_at`
    // gets the record's current one, read first as the same user (as the app's form does)
    async put(who, url, payload) {
      const body = payload ?? {};
      if (body && typeof body === 'object' && !Array.isArray(body) && !('updated_at' in body) && /\/\d+$/.test(url)) {
        const current = await self.get(who, url);
        if (current.statusCode === 200)
          return self.call(who, 'PUT', url, { payload: { ...body, updated_at: current.json().data.updated_at } });
      }
      return self.call(who, 'PUT', url, { payload: body });
    },
    async utente(email) {
      // the Collaboratore's password hash: the demo password
      await t.database.query(
        `INSERT INTO "users" ("studio_id", "role_id", "name", "email", "password", "active")
        SELECT s."id", r."id", 'Utente', $1::varchar, c."password", TRUE FROM "studios" s, "roles" r, "users" c
        WHERE s."name" = 'Studio Demo' AND r."name" = 'Utente' AND c."email" = $2
          AND NOT EXISTS (SELECT 1 FROM "users" WHERE "email" = $1::varchar)`,
        [email, USERS.collab],
      );
      return t.login(email);
    },
    async versions(who, resource, ids) {
      const out: Record<string, string> = {};
      for (const id of ids) {
        const res = await self.get(who, `/api/${resource}/${id}`);
        if (res.statusCode === 200) out[String(id)] = res.json().data.updated_at;
      }
      return out;
    },
    del: (who, url, query) => self.call(who, 'DELETE', url, { query }),
    sql: (text, params) => t.database.query(text, params),
    async firstRow(table, studioId, columns = '"id"') {
      const rows = await t.database.query(
        `SELECT ${columns} FROM "${table}" WHERE "studio_id" = $1 ORDER BY "id" LIMIT 1`,
        [studioId],
      );
      if (!rows.length) throw new Error(`no ${table} in studio ${studioId}`);
      return rows[0] as never;
    },
    async feeIsPayable(studioId) {
      await t.database.query(
        `UPDATE "studios" SET "fiscal_regime" = 'RF19', "cassa_previdenza" = 0, "withholding_tax" = 0, "stamp_duty_charged" = 0 WHERE "id" = $1`,
        [studioId],
      );
    },
    async newCustomer(name, extra = {}) {
      const demo = await self.studioId('Studio Demo');
      const rep = (await self.firstRow('legal_representatives', demo)).id;
      const c = await self.post('admin', '/api/customers', {
        business_name: name,
        email: 'cliente@prova.test',
        yearly_accounting_amount: 1200,
        legal_representative_id: rep,
        ...extra,
      });
      expect(c.statusCode, c.body).toBe(201);
      return c.json().data.id as number;
    },
    async newMove(customerId, type, amount, date, extra = {}) {
      const r = await self.post('collab', '/api/transactions', {
        customer_id: customerId,
        type,
        amount,
        date: date.length === 10 ? `${date} 00:00:00` : date,
        ...extra,
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    },
    async studioId(name) {
      const rows = await t.database.query<{ id: number }>('SELECT "id" FROM "studios" WHERE "name" = $1', [name]);
      if (!rows.length) throw new Error(`no studio ${name}`);
      return Number(rows[0].id);
    },
  };
  return self;
}

/** Today in Europe/Rome as YYYY-MM-DD (computed here, not by the server). */
export function romeToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A valid Italian VAT number (partita IVA) from 10 digits, using the public check algorithm. */
export function validVat(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else {
      const x = d * 2;
      sum += x > 9 ? x - 9 : x;
    }
  }
  return first10 + String((10 - (sum % 10)) % 10);
}

/** Minimal valid customer body (a legal representative id of the caller's studio is needed). */
export function customerBody(legalRepresentativeId: number, extra: Record<string, unknown> = {}) {
  return {
    business_name: 'Prova Servizi S.r.l.',
    email: 'prova@servizi.test',
    yearly_accounting_amount: 1234.5,
    legal_representative_id: legalRepresentativeId,
    ...extra,
  };
}

/** Fetches the whole Customer list (every matching row) as the given user. */
export async function allCustomers(a: Api, who: Who, query: Record<string, unknown> = {}) {
  const res = await a.get(who, '/api/list/Customer/CustomerResourceListCollection', { items_per_page: -1, ...query });
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json().data as Array<Record<string, any>>;
}
