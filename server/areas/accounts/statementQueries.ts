/**
 * A customer's account (PRODUCT.md §5): balance = Σ charges − Σ payments + Σ adjustments of
 * the not-trashed movements; positive means the customer owes the studio. The statement of an
 * interval: opening balance, its charges, payments and adjustments, closing balance, and the
 * running balance after each movement.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { customerOpenSummary, openItems, openTotals, type CustomerScope } from './openItemsQueries.js';
import { agingTotals } from './openItemsQueries.js';
import { today as romeToday } from '../../../model/dates.js';

/** The signed effect of a movement on the balance, as exact numeric. */
export const SIGNED = sql`CASE x."type" WHEN 'PAYMENT' THEN -x."amount" ELSE x."amount" END`;

/**
 * What a movement asks of the customer, for the statements (issue 45 item 1): a charge its payable
 * by the open-items rule (`p`, joined by id: fee, cassa, VAT, stamp duty, less the withholding; once
 * invoiced its invoice's share), anything else its amount. The statement's totals and running
 * balance read it, so that a payment of what the invoice asks leaves a balance of zero.
 */
const DUE = sql`CASE WHEN x."type" = 'CHARGE' THEN coalesce(p."amount", x."amount") ELSE x."amount" END`;
const SIGNED_DUE = sql`CASE x."type" WHEN 'PAYMENT' THEN -x."amount" ELSE ${DUE} END`;
/** The rule's items of these customers, to join as `p` on the movement's id. */
const payables = (studioId: number, scope: CustomerScope) =>
  sql`LEFT JOIN (SELECT o."id", o."amount" FROM (${openItems(studioId, scope)}) o) p ON p."id" = x."id"`;

/** The balance of one customer of the caller's studio (0 without movements), as a number. */
export async function customerBalance(exec: Exec, ctx: Ctx, customerId: number): Promise<number> {
  const rows = await exec(sql`SELECT coalesce(sum(${SIGNED}), 0)::text AS "balance" FROM "transactions" x
    WHERE x."customer_id" = ${customerId} AND x."studio_id" = ${ctx.studioId} AND x."deleted_at" IS NULL`);
  return Number(rows[0]?.balance ?? 0);
}

export interface Statement {
  customer: { id: number; business_name: string };
  from: string | null;
  to: string | null;
  opening: number;
  charges: number;
  payments: number;
  adjustments: number;
  closing: number;
  /** running balance after each movement of the interval, by transaction id */
  running: Record<string, number>;
  /** today, by the open-items rule: what is open, what of it is past due, the credit */
  open: number;
  overdue: number;
  credit: number;
  /** each charge (and positive adjustment) of the interval: its due date, what it asks (its payable) and what is still open of it */
  items: Record<string, { due: string; open: number; amount: number }>;
}

/**
 * The statement of a customer of the caller's studio between two days (either may be null: from
 * the first movement, up to the last); undefined when the customer is not the caller's.
 * Movements are ordered by date, then id (the order of the running balance).
 */
export async function customerStatement(
  exec: Exec,
  ctx: Ctx,
  customerId: number,
  from: string | null,
  to: string | null,
): Promise<Statement | undefined> {
  const customer = await exec(
    sql`SELECT c."id", c."business_name" FROM "customers" c WHERE c."id" = ${customerId} AND c."studio_id" = ${ctx.studioId}`,
  );
  if (!customer.length) return undefined;
  const start = from ? sql`${`${from} 00:00:00`}::timestamp` : sql`'-infinity'::timestamp`;
  const end = to ? sql`${`${to} 23:59:59`}::timestamp` : sql`'infinity'::timestamp`;
  const own = sql`x."customer_id" = ${customerId} AND x."studio_id" = ${ctx.studioId} AND x."deleted_at" IS NULL`;
  const pay = payables(ctx.studioId, customerId);
  const totals = await exec(sql`SELECT
      coalesce(sum(${SIGNED_DUE}) FILTER (WHERE x."date" < ${start}), 0)::text AS "opening",
      coalesce(sum(${DUE}) FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'CHARGE'), 0)::text AS "charges",
      coalesce(sum(x."amount") FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'PAYMENT'), 0)::text AS "payments",
      coalesce(sum(x."amount") FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'ADJUSTMENT'), 0)::text AS "adjustments",
      coalesce(sum(${SIGNED_DUE}) FILTER (WHERE x."date" <= ${end}), 0)::text AS "closing"
    FROM "transactions" x ${pay} WHERE ${own}`);
  const running = await exec(sql`SELECT r."id", r."balance"::text AS "balance" FROM (
      SELECT x."id", x."date", sum(${SIGNED_DUE}) OVER (ORDER BY x."date", x."id") AS "balance" FROM "transactions" x ${pay} WHERE ${own} AND x."date" <= ${end}
    ) r WHERE r."date" >= ${start}`);
  const summary = await customerOpenSummary(exec, ctx.studioId, customerId);
  const items =
    await exec(sql`SELECT o."id", to_char(o."due", 'YYYY-MM-DD') AS "due", o."open"::text AS "open", o."amount"::text AS "amount"
    FROM (${openItems(ctx.studioId, customerId)}) o WHERE o."date" BETWEEN ${start} AND ${end}`);
  const t = totals[0]!;
  return {
    customer: { id: Number(customer[0]!.id), business_name: String(customer[0]!.business_name) },
    from,
    to,
    opening: Number(t.opening),
    charges: Number(t.charges),
    payments: Number(t.payments),
    adjustments: Number(t.adjustments),
    closing: Number(t.closing),
    running: Object.fromEntries(running.map((r) => [String(r.id), Number(r.balance)])),
    open: Number(summary.open),
    overdue: Number(summary.overdue),
    credit: Number(summary.credit),
    items: Object.fromEntries(
      items.map((r) => [String(r.id), { due: String(r.due), open: Number(r.open), amount: Number(r.amount) }]),
    ),
  };
}

export interface Receivables {
  /** Σ of the positive balances of the active customers */
  total_owed: number;
  /** active customers with a charge past its due date that their payments have not covered (the open-items rule) */
  overdue_customers: number;
  overdue_amount: number;
  /** the ten largest positive balances */
  top_debtors: Array<{ id: number; business_name: string; balance: number }>;
  /** the last twelve months, oldest first: 'YYYY-MM', charges and payments of the month */
  monthly: Array<{ month: string; charges: number; payments: number }>;
  /** what is open by days past due today, as the 'Scadenzario' totals it (issue 30) */
  aging: { not_due: number; d1_30: number; d31_60: number; d61_90: number; over_90: number; total: number };
}

/**
 * The receivables of the caller's studio for the home page, in three queries. What is overdue
 * comes from the open-items rule (./openItemsQueries.ts): the open part of the charges past their
 * due date, of the active customers.
 */
export async function receivables(exec: Exec, ctx: Ctx): Promise<Receivables> {
  const balances = sql`SELECT c."id", c."business_name", coalesce(sum(${SIGNED}), 0) AS "balance"
    FROM "customers" c LEFT JOIN "transactions" x ON x."customer_id" = c."id" AND x."deleted_at" IS NULL
    WHERE c."studio_id" = ${ctx.studioId} AND c."deleted_at" IS NULL AND c."ceased" = 0
    GROUP BY c."id", c."business_name"`;
  const totals = await exec(sql`SELECT
      (SELECT coalesce(sum(GREATEST(b."balance", 0)), 0) FROM (${balances}) b)::text AS "owed",
      count(*) FILTER (WHERE o."overdue" > 0)::int AS "overdue", coalesce(sum(o."overdue"), 0)::text AS "overdue_amount"
    FROM (${openTotals(ctx.studioId)}) o
    JOIN "customers" c ON c."id" = o."customer_id" AND c."deleted_at" IS NULL AND c."ceased" = 0`);
  const top = await exec(sql`SELECT b."id", b."business_name", b."balance"::text AS "balance" FROM (${balances}) b
    WHERE b."balance" > 0 ORDER BY b."balance" DESC, b."id" LIMIT 10`);
  const monthly = await exec(sql`SELECT to_char(m."month", 'YYYY-MM') AS "month",
      coalesce(sum(x."amount") FILTER (WHERE x."type" = 'CHARGE'), 0)::text AS "charges",
      coalesce(sum(x."amount") FILTER (WHERE x."type" = 'PAYMENT'), 0)::text AS "payments"
    FROM generate_series(date_trunc('month', LOCALTIMESTAMP) - interval '11 months', date_trunc('month', LOCALTIMESTAMP), interval '1 month') AS m("month")
    LEFT JOIN "transactions" x ON x."studio_id" = ${ctx.studioId} AND x."deleted_at" IS NULL
      AND x."date" >= m."month" AND x."date" < m."month" + interval '1 month'
    GROUP BY m."month" ORDER BY m."month"`);
  const t = totals[0]!;
  const a = await agingTotals(exec, ctx.studioId, romeToday());
  return {
    total_owed: Number(t.owed),
    overdue_customers: Number(t.overdue),
    overdue_amount: Number(t.overdue_amount),
    top_debtors: top.map((r) => ({
      id: Number(r.id),
      business_name: String(r.business_name),
      balance: Number(r.balance),
    })),
    monthly: monthly.map((r) => ({ month: String(r.month), charges: Number(r.charges), payments: Number(r.payments) })),
    aging: {
      not_due: Number(a.not_due),
      d1_30: Number(a.d1_30),
      d31_60: Number(a.d31_60),
      d61_90: Number(a.d61_90),
      over_90: Number(a.over_90),
      total: Number(a.total),
    },
  };
}

export interface BalanceMovement {
  id: number;
  date: string;
  type: string;
  note: string | null;
  amount: number;
  signed: number;
  balance: number;
}
export interface AccountBalance {
  customerId: number;
  opening: number;
  charges: number;
  payments: number;
  adjustments: number;
  closing: number;
  movements: BalanceMovement[];
}

/**
 * The account statements of several customers of the caller's studio for one period, set-based:
 * one statement for the totals of all of them, one for the movements of the period with the
 * running balance (a window per customer). Customers without movements have zeros.
 */
export async function accountBalances(
  exec: Exec,
  ctx: Pick<Ctx, 'studioId'>,
  ids: number[],
  from: string | null,
  to: string | null,
): Promise<Map<number, AccountBalance>> {
  const start = from ? sql`${`${from} 00:00:00`}::timestamp` : sql`'-infinity'::timestamp`;
  const end = to ? sql`${`${to} 23:59:59`}::timestamp` : sql`'infinity'::timestamp`;
  const own = sql`x."customer_id" = ANY(${`{${ids.join(',')}}`}::int[]) AND x."studio_id" = ${ctx.studioId} AND x."deleted_at" IS NULL`;
  const pay = payables(ctx.studioId, ids);
  const totals = await exec(sql`SELECT x."customer_id",
      coalesce(sum(${SIGNED_DUE}) FILTER (WHERE x."date" < ${start}), 0)::text AS "opening",
      coalesce(sum(${DUE}) FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'CHARGE'), 0)::text AS "charges",
      coalesce(sum(x."amount") FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'PAYMENT'), 0)::text AS "payments",
      coalesce(sum(x."amount") FILTER (WHERE x."date" BETWEEN ${start} AND ${end} AND x."type" = 'ADJUSTMENT'), 0)::text AS "adjustments",
      coalesce(sum(${SIGNED_DUE}) FILTER (WHERE x."date" <= ${end}), 0)::text AS "closing"
    FROM "transactions" x ${pay} WHERE ${own} GROUP BY x."customer_id"`);
  const moves =
    await exec(sql`SELECT r."customer_id", r."id", to_char(r."date", 'YYYY-MM-DD HH24:MI:SS') AS "date", r."type", r."note", r."amount"::text AS "amount",
      r."signed"::text AS "signed", r."balance"::text AS "balance" FROM (
      SELECT x."customer_id", x."id", x."date", x."type", x."transaction_note" AS "note", ${DUE} AS "amount", ${SIGNED_DUE} AS "signed",
        sum(${SIGNED_DUE}) OVER (PARTITION BY x."customer_id" ORDER BY x."date", x."id") AS "balance"
      FROM "transactions" x ${pay} WHERE ${own} AND x."date" <= ${end}
    ) r WHERE r."date" >= ${start} ORDER BY r."customer_id", r."date", r."id"`);
  const out = new Map<number, AccountBalance>(
    ids.map((id) => [
      id,
      { customerId: id, opening: 0, charges: 0, payments: 0, adjustments: 0, closing: 0, movements: [] },
    ]),
  );
  for (const t of totals) {
    const b = out.get(Number(t.customer_id));
    if (b)
      Object.assign(b, {
        opening: Number(t.opening),
        charges: Number(t.charges),
        payments: Number(t.payments),
        adjustments: Number(t.adjustments),
        closing: Number(t.closing),
      });
  }
  for (const m of moves) {
    out.get(Number(m.customer_id))?.movements.push({
      id: Number(m.id),
      date: String(m.date),
      type: String(m.type),
      note: m.note == null ? null : String(m.note),
      amount: Number(m.amount),
      signed: Number(m.signed),
      balance: Number(m.balance),
    });
  }
  return out;
}
