/**
 * Set-based SQL of the customers' accounts (bulk actions of the customers' table): generate the
 * yearly installments (C38), set the yearly amount (C26), the annual balancer (C34). Each call
 * is one statement over the whole selection, always restricted to the caller's studio; the
 * orchestration (validation, permissions, one transaction) is in `server/areas/accounts/service.ts`.
 * Money is exact: numeric in SQL, integer cents where it is split.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { auditRowsOf } from '../../records/audit.js';

export interface AccountsCtx {
  studioId: number;
  userId: number;
  name: string;
}

/** The installments of a year: months where period k of n starts (1: Jan; 2: Jan, Jul; 3: Jan, May, Sep; 4: quarters; 12: monthly). */
const N = sql`COALESCE(NULLIF(c."yearly_number_of_installments", 0), 1)`;
/** a year's bounds as Europe/Rome wall-clock timestamps */
const yearStart = (year: number | ReturnType<typeof sql>) => sql`make_timestamp(${year}::int, 1, 1, 0, 0, 0)`;

/** first key of the advisory lock of a studio's account bulk actions (the second is the studio id) */
const ACCOUNTS_LOCK = 7_310_038;

export const yearlyInstallment = sql`t."is_yearly_installment" IS TRUE AND t."deleted_at" IS NULL`;

export function accounts(exec: Exec, ctx: AccountsCtx) {
  const audit = (rows: string, changes: ReturnType<typeof sql>, action: 'create' | 'update', model: string) =>
    auditRowsOf(ctx, rows, model, action, changes);

  return {
    /**
     * Serializes the account bulk actions of the caller's studio until the transaction ends
     * (one advisory lock, not a lock per customer row): a second identical request waits, then
     * sees the first's rows and adds nothing.
     */
    async lockStudioAccounts() {
      await exec(sql`SELECT pg_advisory_xact_lock(${ACCOUNTS_LOCK}::int, ${ctx.studioId}::int)`);
    },

    /** How many of these ids are customers of the caller's studio (trashed included). */
    async countCustomers(ids: number[]): Promise<number> {
      const rows = await exec(
        sql`SELECT count(*)::int AS "n" FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId}`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Each selected customer with what stops its installments of `year` (null: none). */
    async installmentCandidates(ids: number[], year: number) {
      // the customers that already have installments in the year, as one set (a hash join
      // whatever the table's statistics, never a lookup per customer)
      return exec(sql`WITH done AS (
          SELECT DISTINCT t."customer_id" FROM "transactions" t
          WHERE t."customer_id" = ANY(${idArray(ids)}) AND t."studio_id" = ${ctx.studioId} AND ${yearlyInstallment}
            AND t."date" >= ${yearStart(year)} AND t."date" < ${yearStart(year + 1)}
        )
        SELECT c."id", c."business_name",
          CASE WHEN c."ceased" = 1 OR c."deleted_at" IS NOT NULL THEN 'ceased'
            WHEN d."customer_id" IS NOT NULL THEN 'done'
            WHEN COALESCE(c."yearly_accounting_amount", 0) <= 0 THEN 'zero'
          END AS "reason"
        FROM "customers" c LEFT JOIN done d ON d."customer_id" = c."id"
        WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId} ORDER BY c."business_name", c."id"`);
    },

    /**
     * One INSERT … SELECT: the installments of `year` for these customers (already checked),
     * n = yearly_number_of_installments rows each, cents exact with the remainder on the last,
     * dated the first day of each period at 00:00; plus one audit row each (same statement).
     * Answers the created rows by customer name and date.
     */
    async insertInstallments(ids: number[], year: number): Promise<Array<Record<string, unknown>>> {
      if (!ids.length) return [];
      const rows = await exec(sql`WITH c AS (
          SELECT c."id", c."business_name", ${N}::int AS n, round(c."yearly_accounting_amount" * 100)::bigint AS cents
          FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId}
        ), r AS (
          SELECT c."id" AS customer_id, c."business_name", k, c.n,
            make_timestamp(${year}::int, 1 + (k - 1) * (12 / c.n), 1, 0, 0, 0) AS "date",
            (CASE WHEN k = c.n THEN c.cents - (c.cents / c.n) * (c.n - 1) ELSE c.cents / c.n END)::numeric / 100 AS amount
          FROM c CROSS JOIN LATERAL generate_series(1, c.n) AS k
        ), ins AS (
          INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
          SELECT ${ctx.studioId}::int, r.customer_id, 'CHARGE', r.amount, r."date", TRUE, 'Rata ' || r.k || '/' || r.n || ' ' || ${String(year)}
          FROM r ORDER BY r.customer_id, r.k
          RETURNING "id", "customer_id", "amount", "date", "transaction_note"
        ), a AS (${audit('ins', sql`NULL::jsonb`, 'create', 'Transaction')})
        SELECT COALESCE(json_agg(json_build_object('id', ins."id", 'customer_id', ins."customer_id", 'business_name', c."business_name",
            'date', to_char(ins."date", 'YYYY-MM-DD HH24:MI:SS'), 'amount', ins."amount", 'transaction_note', ins."transaction_note")
          ORDER BY c."business_name", ins."customer_id", ins."date"), '[]')::text AS "rows"
        FROM ins JOIN c ON c."id" = ins."customer_id"`);
      // one JSON text rather than a row per installment: tens of thousands of rows cost far
      // more to carry out of the database (above all out of PGlite) than one string to parse
      return JSON.parse(String(rows[0]?.rows ?? '[]')) as Array<Record<string, unknown>>;
    },

    /**
     * The selected customers' yearly amount, old and new: a fixed value, or the old one changed
     * by `percentage` (half-up to cents, never below 0). `write`: one UPDATE with one audit row
     * per changed customer; otherwise a preview that writes nothing.
     */
    async yearlyAmount(ids: number[], change: { amount: string } | { percentage: string }, write: boolean) {
      const next =
        'amount' in change
          ? sql`${change.amount}::numeric`
          : sql`GREATEST(0, round(o."old_amount" * (100 + ${change.percentage}::numeric) / 100, 2))`;
      if (!write) {
        return exec(sql`WITH o AS (SELECT c."id", c."business_name", c."yearly_accounting_amount" AS "old_amount" FROM "customers" c
            WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId})
          SELECT o."id", o."business_name", o."old_amount", ${next} AS "new_amount" FROM o ORDER BY o."business_name", o."id"`);
      }
      return exec(sql`WITH o AS (
          SELECT c."id", c."business_name", c."yearly_accounting_amount" AS "old_amount" FROM "customers" c
          WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${ctx.studioId}
        ), u AS (
          UPDATE "customers" c SET "yearly_accounting_amount" = ${next}, "updated_at" = clock_timestamp()::timestamp
          FROM o WHERE c."id" = o."id" AND c."studio_id" = ${ctx.studioId}
          RETURNING c."id", o."business_name", o."old_amount", c."yearly_accounting_amount" AS "new_amount"
        ), a AS (${audit('u', sql`jsonb_build_object('yearly_accounting_amount', jsonb_build_array(x."old_amount", x."new_amount"))`, 'update', 'Customer')}
          WHERE x."old_amount" IS DISTINCT FROM x."new_amount")
        SELECT u."id", u."business_name", u."old_amount", u."new_amount" FROM u ORDER BY u."business_name", u."id"`);
    },

    /**
     * The annual balancer, one statement: per (customer, year) balanced = yearly amount − Σ that
     * year's installments (CHARGE or ADJUSTMENT, is_yearly_installment, not trashed); when not
     * zero an ADJUSTMENT of that signed amount dated 31 December 00:00, with its audit row.
     * Answers every pair in the order given (by customer, year when repeated).
     */
    async balance(pairs: Array<{ id: number; year: number }>) {
      const ids = idArray(pairs.map((p) => p.id));
      const years = idArray(pairs.map((p) => p.year));
      const minYear = pairs.reduce((m, p) => Math.min(m, p.year), Infinity);
      const maxYear = pairs.reduce((m, p) => Math.max(m, p.year), -Infinity);
      return exec(sql`WITH p AS (
          SELECT DISTINCT v."id", v."year" FROM unnest(${ids}, ${years}) AS v("id", "year")
        ), s AS (
          -- one pass over the selected customers' installments of the years asked, summed by year
          SELECT t."customer_id", extract(year FROM t."date")::int AS "year", sum(t."amount") AS "total" FROM "transactions" t
          WHERE t."customer_id" = ANY(${ids}) AND t."studio_id" = ${ctx.studioId} AND ${yearlyInstallment} AND t."type" IN ('CHARGE', 'ADJUSTMENT')
            AND t."date" >= ${yearStart(minYear)} AND t."date" < ${yearStart(maxYear + 1)}
          GROUP BY 1, 2
        ), b AS (
          SELECT c."id", c."business_name", p."year", COALESCE(c."yearly_accounting_amount", 0) - COALESCE(s."total", 0) AS "balanced_amount"
          FROM p JOIN "customers" c ON c."id" = p."id" AND c."studio_id" = ${ctx.studioId}
          LEFT JOIN s ON s."customer_id" = p."id" AND s."year" = p."year"
        ), ins AS (
          INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
          SELECT ${ctx.studioId}::int, b."id", 'ADJUSTMENT', b."balanced_amount", make_timestamp(b."year", 12, 31, 0, 0, 0), TRUE, 'Conguaglio annuale ' || b."year"
          FROM b WHERE b."balanced_amount" <> 0 ORDER BY b."id", b."year"
          RETURNING "id", "customer_id", "amount", "date", "transaction_note"
        ), a AS (${audit('ins', sql`NULL::jsonb`, 'create', 'Transaction')})
        SELECT b."id", b."business_name", b."year", b."balanced_amount" FROM b`);
    },
  };
}
