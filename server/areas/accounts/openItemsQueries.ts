/**
 * What is open, and since when (PRODUCT.md §9, issue 29): the one rule, in SQL on both databases,
 * used by the statement, the home page's receivables, the customer card, SDD batches and the
 * reconciliation.
 *
 * - The items are the charges and the positive adjustments; each is due on its `due_date`, else on
 *   its date.
 * - A payment (and a negative adjustment) settles first the charges it names (`settlements`: the
 *   bank's end-to-end id, an invoice number, a choice in the reconciliation screen); the rest of it
 *   goes into the customer's pool, which settles the items left open oldest due first (then by id).
 * - A returned payment and the movement that reverses it (`payment_reversals`) count for nothing
 *   while both are live, so what the payment settled is open again.
 * - An item's open amount = min(what its named settlements leave, max(0, running total of what
 *   the items left open up to it − pool)). A pool larger than all that is open is the customer's
 *   credit. Σ open − credit = Σ payables − Σ payments (the balance of PRODUCT.md §5 counts the fees).
 *
 * Trashed movements take no part (a trashed charge's settlements go back to the pool).
 *
 * What a charge asks is its payable (issue 45 item 1; PRODUCT.md §9 'The payable'), not its fee:
 * once invoiced, its row's share of the invoice's ImportoPagamento (e_document_services.payable,
 * written with the invoice); before, the payable of the fee invoiced alone at the studio's default
 * VAT — fee, cassa, VAT, the stamp duty charged, less the withholding when the customer withholds
 * — computed here in SQL as model/eDocument.ts chargePayable computes it in TypeScript (a test
 * holds the two equal). An item's `amount` is that payable, its `fee` the movement's own amount.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import {
  CASSA_RATE,
  DEFAULT_VAT,
  STAMP_DUTY_CENTS,
  STAMP_DUTY_THRESHOLD_CENTS,
  WITHHOLDING_RATE,
} from '../../../model/eDocument.js';

/** Which customers: all of the studio's, or these. */
export type CustomerScope = number | number[] | null;

const scopeOf = (alias: string, scope: CustomerScope): SQL =>
  scope == null
    ? sql``
    : typeof scope === 'number'
      ? sql` AND ${sql.raw(alias)}."customer_id" = ${scope}`
      : sql` AND ${sql.raw(alias)}."customer_id" = ANY(${idArray(scope)})`;

/**
 * The rule as a query of one row per item: id, customer_id, due (date), date (timestamp), amount,
 * open; and, through `creditsOf`, each customer's credit. Use it as a subquery:
 * `SELECT … FROM (${openItems(studioId)}) o`.
 */
export function openItems(studioId: number, scope: CustomerScope = null): SQL {
  return sql`${openRule(studioId, scope)}
    SELECT w."id", w."customer_id", w."due", w."date", w."amount", w."fee", LEAST(w."rest", GREATEST(0, w."cum" - w."pool")) AS "open"
    FROM "w" w WHERE w."is_item"`;
}

/**
 * Per customer, the credit: what its payments (and negative adjustments) leave once every item is
 * paid — Σ payments − Σ over the items of max(payable, what is named to it), when positive.
 */
export function openCredits(studioId: number, scope: CustomerScope = null): SQL {
  return sql`${openRule(studioId, scope)}
    SELECT u."customer_id", GREATEST(sum(CASE WHEN u."is_item" THEN -GREATEST(u."amount", u."named") ELSE abs(u."amount") END), 0) AS "credit"
    FROM "u" u GROUP BY u."customer_id"`;
}

/**
 * The payable of a fee invoiced alone (model/eDocument.ts chargePayable, in SQL): `fee` an exact
 * numeric in euros, `st` the studio's row of treatment (forf, cassa, withholding, stamp), `agent`
 * whether the customer withholds.
 */
export function chargePayableSql(fee: SQL, agent: SQL): SQL {
  const cassa = sql`(CASE WHEN st."cassa" THEN round(${fee} * ${CASSA_RATE} / 100, 2) ELSE 0 END)`;
  return sql`(${fee} + ${cassa}
    + (CASE WHEN st."forf" THEN 0 ELSE round((${fee} + ${cassa}) * ${DEFAULT_VAT} / 100, 2) END)
    + (CASE WHEN st."stamp" AND st."forf" AND ${fee} + ${cassa} > ${STAMP_DUTY_THRESHOLD_CENTS / 100} THEN ${STAMP_DUTY_CENTS / 100} ELSE 0 END)
    - (CASE WHEN st."withholding" AND NOT st."forf" AND ${agent} THEN round(${fee} * ${WITHHOLDING_RATE} / 100, 2) ELSE 0 END))`;
}

/** The studio's invoicing treatment as one row "st" (forf, cassa, withholding, stamp). */
export const studioTreatment = (studioId: number): SQL =>
  sql`SELECT coalesce(s."fiscal_regime", 'RF01') = 'RF19' AS "forf", coalesce(s."cassa_previdenza", 0) = 1 AS "cassa",
      coalesce(s."withholding_tax", 0) = 1 AS "withholding", coalesce(s."stamp_duty_charged", 0) = 1 AS "stamp"
    FROM "studios" s WHERE s."id" = ${studioId}`;

/** Whether the customer row `c` withholds (model/eDocument.ts isWithholdingAgent, in SQL). */
export const customerWithholdsSql = (c: string): SQL =>
  sql`(${sql.raw(c)}."withholding_agent" = 'si' OR (coalesce(${sql.raw(c)}."withholding_agent", 'auto') = 'auto' AND coalesce(trim(${sql.raw(c)}."vat_id"), '') <> ''))`;

/** The rule's common part: the CTEs up to "u" (each movement, its payable and what is named to it) and "w" (the windows). */
function openRule(studioId: number, scope: CustomerScope): SQL {
  // Written to need no join the planner could get wrong (the embedded database keeps no
  // statistics): the reversed pairs once as an array, each item's named settlements through the
  // settlements' index, then one sort per customer for both windows.
  return sql`WITH "paired" AS MATERIALIZED (
      SELECT coalesce(array_agg(x."id"), '{}') AS "ids" FROM (
        SELECT r."payment_id" AS "id", r."reversal_id" AS "other" FROM "payment_reversals" r WHERE r."studio_id" = ${studioId}
        UNION ALL SELECT r."reversal_id", r."payment_id" FROM "payment_reversals" r WHERE r."studio_id" = ${studioId}
      ) x
      JOIN "transactions" a ON a."id" = x."id" AND a."deleted_at" IS NULL
      JOIN "transactions" b ON b."id" = x."other" AND b."deleted_at" IS NULL
    ), "st" AS MATERIALIZED (${studioTreatment(studioId)}
    ), "shares" AS MATERIALIZED (
      -- each invoiced charge's share of its invoice's payable (the latest invoice not in the trash),
      -- read once for the studio, set-based (a lookup per charge made the rule 3 times slower)
      SELECT DISTINCT ON (l."transaction_id") l."transaction_id" AS "id", l."payable"
      FROM "e_documents" d JOIN "e_document_services" l ON l."e_document_id" = d."id"
      WHERE d."studio_id" = ${studioId} AND d."deleted_at" IS NULL AND d."type" = 'TD01'
        AND l."transaction_id" IS NOT NULL AND l."payable" IS NOT NULL
      ORDER BY l."transaction_id", d."id" DESC
    ), "agents" AS MATERIALIZED (
      SELECT c."id" FROM "customers" c WHERE c."studio_id" = ${studioId} AND ${customerWithholdsSql('c')}
    ), "mv" AS (
      SELECT x."id", x."customer_id", x."amount" AS "fee", x."date", coalesce(x."due_date", x."date"::date) AS "due",
        (x."type" = 'CHARGE' OR (x."type" = 'ADJUSTMENT' AND x."amount" > 0)) AS "is_item",
        CASE WHEN x."type" = 'CHARGE' THEN coalesce(sh."payable",
          ${chargePayableSql(
            sql`x."amount"`,
            // whether the customer withholds: one hashed set of the studio's withholding customers
            // (a join, or a lookup per charge, made the rule 2 to 4 times slower)
            sql`x."customer_id" IN (SELECT ag."id" FROM "agents" ag)`,
          )})
        ELSE x."amount" END AS "amount"
      FROM "transactions" x CROSS JOIN "st" st
        LEFT JOIN "shares" sh ON sh."id" = x."id"
      WHERE x."studio_id" = ${studioId} AND x."deleted_at" IS NULL${scopeOf('x', scope)}
        AND NOT (x."id" = ANY((SELECT "ids" FROM "paired")::int[]))
    ), "u" AS MATERIALIZED (
      SELECT m.*, CASE WHEN m."is_item" THEN (SELECT coalesce(sum(s."amount"), 0) FROM "settlements" s
          JOIN "transactions" p ON p."id" = s."payment_id" AND p."deleted_at" IS NULL
            AND (p."type" = 'PAYMENT' OR (p."type" = 'ADJUSTMENT' AND p."amount" < 0))
          WHERE s."charge_id" = m."id" AND NOT (p."id" = ANY((SELECT "ids" FROM "paired")::int[])))
        ELSE 0 END AS "named"
      FROM "mv" m
    ), "w" AS (
      SELECT u."id", u."customer_id", u."due", u."date", u."amount", u."fee", u."is_item",
        CASE WHEN u."is_item" THEN GREATEST(u."amount" - u."named", 0) ELSE 0 END AS "rest",
        sum(CASE WHEN u."is_item" THEN GREATEST(u."amount" - u."named", 0) ELSE 0 END)
          OVER (PARTITION BY u."customer_id" ORDER BY u."due", u."id") AS "cum",
        sum(CASE WHEN u."is_item" THEN -u."named" ELSE abs(u."amount") END)
          OVER (PARTITION BY u."customer_id" ORDER BY u."due", u."id" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "pool"
      FROM "u" u
    )`;
}

/**
 * Per customer: the balance, what is open, what is overdue (due before `asOf`, default today), the
 * oldest overdue due date, and the credit (payments beyond what is open).
 */
export function openTotals(studioId: number, scope: CustomerScope = null, asOf: SQL = sql`CURRENT_DATE`): SQL {
  return sql`SELECT o."customer_id",
      sum(o."open") AS "open",
      coalesce(sum(o."open") FILTER (WHERE o."due" < ${asOf}), 0) AS "overdue",
      min(o."due") FILTER (WHERE o."open" > 0 AND o."due" < ${asOf}) AS "oldest_overdue"
    FROM (${openItems(studioId, scope)}) o GROUP BY o."customer_id"`;
}

export interface OpenItem {
  id: number;
  /** 'YYYY-MM-DD HH:MM:SS' */
  date: string;
  /** 'YYYY-MM-DD' */
  due: string;
  type: string;
  note: string | null;
  /** what the item asks: its payable (for a charge), exact text */
  amount: string;
  /** the movement's own amount (a charge's fee) */
  fee: string;
  open: string;
  /** days past the due date (0 when not yet due) */
  days_overdue: number;
  /** the invoice it is on (not in the trash), if any */
  invoice: string | null;
  /** in an SDD batch or a RiBa presentation presented and not yet paid */
  presented: boolean;
}

/** A customer's items with what is open of each, oldest due first (only the open ones unless `all`). */
export async function customerOpenItems(
  exec: Exec,
  studioId: number,
  customerId: number,
  all = false,
): Promise<OpenItem[]> {
  const rows = await exec(sql`SELECT o."id", to_char(o."date", 'YYYY-MM-DD HH24:MI:SS') AS "date",
      to_char(o."due", 'YYYY-MM-DD') AS "due", x."type", x."transaction_note" AS "note",
      o."amount"::text AS "amount", o."fee"::text AS "fee", o."open"::text AS "open", GREATEST(CURRENT_DATE - o."due", 0) AS "days",
      (SELECT d."number" || '/' || d."year" FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id"
        WHERE l."transaction_id" = o."id" AND d."deleted_at" IS NULL ORDER BY d."id" DESC LIMIT 1) AS "invoice",
      (EXISTS (SELECT 1 FROM "sdd_batch_items" b WHERE b."charge_id" = o."id" AND b."status" = 'presented')
        OR EXISTS (SELECT 1 FROM "riba_items" r WHERE r."charge_id" = o."id" AND r."status" = 'presented')) AS "presented"
    FROM (${openItems(studioId, customerId)}) o JOIN "transactions" x ON x."id" = o."id"
    ${all ? sql`` : sql`WHERE o."open" > 0`}
    ORDER BY o."due", o."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    date: String(r.date),
    due: String(r.due),
    type: String(r.type),
    note: r.note == null ? null : String(r.note),
    amount: String(r.amount),
    fee: String(r.fee),
    open: String(r.open),
    days_overdue: Number(r.days),
    invoice: r.invoice == null ? null : String(r.invoice),
    presented: Boolean(r.presented),
  }));
}

export interface OpenSummary {
  balance: string;
  open: string;
  overdue: string;
  credit: string;
  oldest_overdue: string | null;
}

/** A customer's balance, open, overdue and credit (the customer card, the statement's header). */
export async function customerOpenSummary(exec: Exec, studioId: number, customerId: number): Promise<OpenSummary> {
  const [r] = await exec(sql`SELECT b."balance"::text AS "balance", coalesce(t."open", 0)::text AS "open",
      coalesce(t."overdue", 0)::text AS "overdue", coalesce((SELECT k."credit" FROM (${openCredits(studioId, customerId)}) k), 0)::text AS "credit",
      to_char(t."oldest_overdue", 'YYYY-MM-DD') AS "oldest_overdue"
    FROM (SELECT coalesce(sum(CASE x."type" WHEN 'PAYMENT' THEN -x."amount" ELSE x."amount" END), 0) AS "balance"
      FROM "transactions" x WHERE x."studio_id" = ${studioId} AND x."customer_id" = ${customerId} AND x."deleted_at" IS NULL) b
    LEFT JOIN (${openTotals(studioId, customerId)}) t ON true`);
  // the balance is the seeds' (Σ fees − Σ payments); what is open and the credit are in payables
  return {
    balance: String(r?.balance ?? '0'),
    open: String(r?.open ?? '0'),
    overdue: String(r?.overdue ?? '0'),
    credit: String(r?.credit ?? '0'),
    oldest_overdue: r?.oldest_overdue == null ? null : String(r.oldest_overdue),
  };
}

// ---------------------------------------------------------------------------------------------
// The aging's buckets (the reminders' 'Scadenzario' and the home page's chart)

/** the buckets' sums of `o` (an open item with "due" and "open") as of a day */
export const bucketSums = (asOf: string) => sql`
  coalesce(sum(o."open") FILTER (WHERE o."due" >= ${asOf}::date), 0)::text AS "not_due",
  coalesce(sum(o."open") FILTER (WHERE ${asOf}::date - o."due" BETWEEN 1 AND 30), 0)::text AS "d1_30",
  coalesce(sum(o."open") FILTER (WHERE ${asOf}::date - o."due" BETWEEN 31 AND 60), 0)::text AS "d31_60",
  coalesce(sum(o."open") FILTER (WHERE ${asOf}::date - o."due" BETWEEN 61 AND 90), 0)::text AS "d61_90",
  coalesce(sum(o."open") FILTER (WHERE ${asOf}::date - o."due" > 90), 0)::text AS "over_90",
  coalesce(sum(o."open"), 0)::text AS "total"`;

/** The studio's receivables in the aging's buckets (the home page's chart), customers not in the trash. */
export async function agingTotals(exec: Exec, studioId: number, asOf: string) {
  const [r] = await exec(sql`SELECT ${bucketSums(asOf)} FROM (${openItems(studioId)}) o
    JOIN "customers" c ON c."id" = o."customer_id" AND c."deleted_at" IS NULL WHERE o."open" > 0`);
  return r!;
}
