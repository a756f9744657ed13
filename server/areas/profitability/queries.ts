/**
 * The SQL of 'Redditività' (issue 49 item 5), always scoped to the caller's studio: three
 * aggregated reads of a period, each answering one row per (customer, service, collaborator) —
 * the charges (with the payable and what is open of them by the open-items rule), the payments and
 * the time worked (with the cost of its hours and their value at the services' rates). The service
 * groups these few rows as asked; no entry or movement is read into JavaScript one by one.
 *
 * Customers in the trash take no part (the time's rows are left out by the service, from
 * `trashedCustomers`). The charges' and payments' `date` is a timestamp: a day of
 * the period is from 00:00:00 to 23:59:59, as the account statement reads it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { openItems } from '../accounts/index.js';

/** The period and the filters of a read. */
export interface ProfitabilityScope {
  from: string;
  to: string;
  customerId?: number;
  /** the customers whose 'Collaboratore contabilità' this user is (charges, payments), and his own hours */
  userId?: number;
  /** a studio service, or 'none': the charges without one (no time entry is without one) */
  serviceId?: number | 'none';
}

/** One row of a read: its keys and its sums (amounts as exact decimal text). */
export interface ChargeAtom {
  customer_id: number;
  service_id: number | null;
  /** the customer's 'Collaboratore contabilità' */
  collaborator_id: number | null;
  charged: string;
  payable: string;
  open: string;
}
export interface PaymentAtom {
  customer_id: number;
  collaborator_id: number | null;
  paid: string;
}
export interface TimeAtom {
  customer_id: number;
  service_id: number;
  /** the entry's collaborator */
  user_id: number | null;
  minutes: number;
  /** integer cents */
  cost: number;
  value: number;
  uncosted: number;
  unrated: number;
}

const period = (s: ProfitabilityScope) =>
  sql`x."date" BETWEEN ${`${s.from} 00:00:00`}::timestamp AND ${`${s.to} 23:59:59`}::timestamp`;

/** The filters on a movement `x` of a customer `c`. */
function moveFilters(s: ProfitabilityScope, withService: boolean): SQL {
  const parts: SQL[] = [];
  if (s.customerId !== undefined) parts.push(sql` AND x."customer_id" = ${s.customerId}`);
  if (s.userId !== undefined) parts.push(sql` AND c."collaborator_accounting_id" = ${s.userId}`);
  if (withService && s.serviceId !== undefined)
    parts.push(
      s.serviceId === 'none'
        ? sql` AND x."studio_service_id" IS NULL`
        : sql` AND x."studio_service_id" = ${s.serviceId}`,
    );
  return sql.join(parts, sql``);
}

/**
 * The charges of the period (movements of type CHARGE, not in the trash) per customer, service and
 * the customer's collaborator: Σ fee (`amount`), Σ payable and Σ open today by the open-items rule
 * (server/areas/accounts/openItemsQueries.ts: the payable of the fee, or its invoice's share once
 * invoiced; what of it the payments have not settled). Without `withOpen` (the home page's margins)
 * the rule is not run: payable and open are answered as 0.
 */
export async function chargeAtoms(
  exec: Exec,
  studioId: number,
  s: ProfitabilityScope,
  withOpen = true,
): Promise<ChargeAtom[]> {
  const open = withOpen
    ? sql`sum(coalesce(o."amount", x."amount"))::text AS "payable", sum(coalesce(o."open", 0))::text AS "open"`
    : sql`'0' AS "payable", '0' AS "open"`;
  // the rule's items computed once (a CTE kept apart), then hash-joined: left inline, the planner may
  // run the rule again for each charge of the period (48 s on the demo studio instead of a fraction)
  const items = withOpen
    ? sql`WITH "o" AS MATERIALIZED (SELECT i."id", i."amount", i."open" FROM (${openItems(studioId, s.customerId ?? null)}) i) `
    : sql``;
  const join = withOpen ? sql`LEFT JOIN "o" o ON o."id" = x."id"` : sql``;
  const rows = await exec(sql`${items}SELECT x."customer_id", x."studio_service_id" AS "service_id",
      c."collaborator_accounting_id" AS "collaborator_id", sum(x."amount")::text AS "charged", ${open}
    FROM "transactions" x
    JOIN "customers" c ON c."id" = x."customer_id" AND c."studio_id" = ${studioId} AND c."deleted_at" IS NULL
    ${join}
    WHERE x."studio_id" = ${studioId} AND x."deleted_at" IS NULL AND x."type" = 'CHARGE' AND ${period(s)}${moveFilters(s, true)}
    GROUP BY x."customer_id", x."studio_service_id", c."collaborator_accounting_id"`);
  return rows.map((r) => ({
    customer_id: Number(r.customer_id),
    service_id: r.service_id == null ? null : Number(r.service_id),
    collaborator_id: r.collaborator_id == null ? null : Number(r.collaborator_id),
    charged: String(r.charged),
    payable: String(r.payable),
    open: String(r.open),
  }));
}

/** The payments of the period (type PAYMENT, not in the trash) per customer: what its statement shows as 'Pagamenti'. */
export async function paymentAtoms(exec: Exec, studioId: number, s: ProfitabilityScope): Promise<PaymentAtom[]> {
  const rows = await exec(sql`SELECT x."customer_id", c."collaborator_accounting_id" AS "collaborator_id",
      sum(x."amount")::text AS "paid"
    FROM "transactions" x
    JOIN "customers" c ON c."id" = x."customer_id" AND c."studio_id" = ${studioId} AND c."deleted_at" IS NULL
    WHERE x."studio_id" = ${studioId} AND x."deleted_at" IS NULL AND x."type" = 'PAYMENT' AND ${period(s)}${moveFilters(s, false)}
    GROUP BY x."customer_id", c."collaborator_accounting_id"`);
  return rows.map((r) => ({
    customer_id: Number(r.customer_id),
    collaborator_id: r.collaborator_id == null ? null : Number(r.collaborator_id),
    paid: String(r.paid),
  }));
}

/**
 * The time worked in the period per customer, service and collaborator: Σ minutes; the cost of
 * the hours, each entry's minutes at its collaborator's hourly cost in force on the entry's day
 * (the latest `valid_from` not after it), and their value at the service's hourly rate in force
 * (same rule), each summed exactly in cent-minutes and rounded to the cent once per customer,
 * service and collaborator — so every grouping of these rows adds up exactly; the minutes with no
 * cost (no rate) in force. The costs and rates in force are each one range per row (`valid_from` up
 * to the next one), joined by collaborator (service) and filtered by the day: a hash join on a few
 * rows, one pass over the period's entries, one hashed aggregate (no sort of the entries).
 * Entries of customers in the trash are answered too: the service leaves them out.
 */
export async function timeAtoms(exec: Exec, studioId: number, s: ProfitabilityScope): Promise<TimeAtom[]> {
  if (s.serviceId === 'none') return [];
  const filters: SQL[] = [];
  if (s.customerId !== undefined) filters.push(sql` AND e."customer_id" = ${s.customerId}`);
  if (s.userId !== undefined) filters.push(sql` AND e."user_id" = ${s.userId}`);
  if (s.serviceId !== undefined) filters.push(sql` AND e."studio_service_id" = ${s.serviceId}`);
  const rows = await exec(sql`WITH "hc" AS MATERIALIZED (
      SELECT h."user_id", h."valid_from", (h."cost" * 100)::int AS "cents",
        lead(h."valid_from") OVER (PARTITION BY h."user_id" ORDER BY h."valid_from") AS "valid_to"
      FROM "hourly_costs" h WHERE h."studio_id" = ${studioId}
    ), "sr" AS MATERIALIZED (
      SELECT r."studio_service_id", r."valid_from", (r."rate" * 100)::int AS "cents",
        lead(r."valid_from") OVER (PARTITION BY r."studio_service_id" ORDER BY r."valid_from") AS "valid_to"
      FROM "service_rates" r WHERE r."studio_id" = ${studioId}
    )
    SELECT e."customer_id", e."studio_service_id" AS "service_id", e."user_id",
      sum(e."minutes")::int AS "minutes",
      round(coalesce(sum(e."minutes"::bigint * hc."cents"), 0) / 60.0)::bigint AS "cost",
      round(coalesce(sum(e."minutes"::bigint * sr."cents"), 0) / 60.0)::bigint AS "value",
      coalesce(sum(e."minutes") FILTER (WHERE hc."cents" IS NULL), 0)::int AS "uncosted",
      coalesce(sum(e."minutes") FILTER (WHERE sr."cents" IS NULL), 0)::int AS "unrated"
    FROM "time_entries" e
    LEFT JOIN "hc" hc ON hc."user_id" = e."user_id" AND e."date" >= hc."valid_from"
      AND (hc."valid_to" IS NULL OR e."date" < hc."valid_to")
    LEFT JOIN "sr" sr ON sr."studio_service_id" = e."studio_service_id" AND e."date" >= sr."valid_from"
      AND (sr."valid_to" IS NULL OR e."date" < sr."valid_to")
    WHERE e."studio_id" = ${studioId} AND e."deleted_at" IS NULL
      AND e."date" BETWEEN ${s.from}::date AND ${s.to}::date${sql.join(filters, sql``)}
    GROUP BY e."customer_id", e."studio_service_id", e."user_id"`);
  return rows.map((r) => ({
    customer_id: Number(r.customer_id),
    service_id: Number(r.service_id),
    user_id: r.user_id == null ? null : Number(r.user_id),
    minutes: Number(r.minutes),
    cost: Number(r.cost),
    value: Number(r.value),
    uncosted: Number(r.uncosted),
    unrated: Number(r.unrated),
  }));
}

/** The studio's customers in the trash (their rows take no part). */
export async function trashedCustomers(exec: Exec, studioId: number): Promise<Set<number>> {
  const rows = await exec(
    sql`SELECT c."id" FROM "customers" c WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NOT NULL`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export interface CustomerName {
  id: number;
  name: string;
  collaborator: string | null;
}

/** The names of the studio's customers (with their 'Collaboratore contabilità'), services or users among `ids`. */
export async function customerNames(exec: Exec, studioId: number, ids: number[]): Promise<CustomerName[]> {
  if (!ids.length) return [];
  const rows =
    await exec(sql`SELECT c."id", c."business_name", NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "collaborator"
    FROM "customers" c LEFT JOIN "users" u ON u."id" = c."collaborator_accounting_id"
    WHERE c."studio_id" = ${studioId} AND c."id" = ANY(${idArray(ids)})`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.business_name),
    collaborator: r.collaborator == null ? null : String(r.collaborator),
  }));
}

export async function serviceNames(exec: Exec, studioId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT s."id", s."description" FROM "studio_services" s
    WHERE s."studio_id" = ${studioId} AND s."id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), String(r.description)]));
}

export async function userNames(exec: Exec, studioId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT u."id", NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "name" FROM "users" u
    WHERE u."studio_id" = ${studioId} AND u."id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), String(r.name ?? `#${String(r.id)}`)]));
}

/** The studio's name of a customer, service or user the filters name (for the documents' subtitle). */
export async function filterNames(
  exec: Exec,
  studioId: number,
  s: ProfitabilityScope,
): Promise<{ customer?: string; user?: string; service?: string }> {
  const out: { customer?: string; user?: string; service?: string } = {};
  if (s.customerId !== undefined) out.customer = (await customerNames(exec, studioId, [s.customerId]))[0]?.name;
  if (s.userId !== undefined) out.user = (await userNames(exec, studioId, [s.userId])).get(s.userId);
  if (typeof s.serviceId === 'number')
    out.service = (await serviceNames(exec, studioId, [s.serviceId])).get(s.serviceId);
  return out;
}
