/**
 * Set-based SQL of the payslips (cedolini, seed B §3; PRODUCT.md §5): the monthly quantity per
 * customer (one `payslips` row per customer, year and month) and its CHARGE transaction, linked
 * through `transactions.payslip_id`. Every statement works on the whole request at once and is
 * restricted to the caller's studio; the orchestration (validation, permissions, one
 * transaction, the studio's lock) is in `server/areas/payslips/service.ts`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { auditRowsOf } from '../../records/audit.js';

export interface PayslipsCtx {
  studioId: number;
  userId: number;
  name: string;
}
export interface PayslipEntry {
  customerId: number;
  year: number;
  month: number;
  quantity: number;
}

/** first key of the advisory lock of a studio's payslip writes (the second is the studio id) */
const PAYSLIPS_LOCK = 7_310_048;

/** the request as a set: v(customer_id, year, month, quantity) */
const entries = (list: PayslipEntry[]) => sql`unnest(
  ${idArray(list.map((e) => e.customerId))}, ${idArray(list.map((e) => e.year))},
  ${idArray(list.map((e) => e.month))}, ${idArray(list.map((e) => e.quantity))}) AS v("customer_id", "year", "month", "quantity")`;

/** the charge of an entry p joined with its customer c: amount (exact, half-up to cents), date, note */
const AMOUNT = sql`round(p."quantity" * c."cedolino_rate", 2)`;
const DATE = sql`make_timestamp(p."year", p."month", 1, 0, 0, 0)`;
const NOTE = sql`'Cedolini ' || lpad(p."month"::text, 2, '0') || '/' || p."year" || ' (' || p."quantity" || ' × ' || replace(c."cedolino_rate"::numeric(12, 2)::text, '.', ',') || ' €)'`;

export function payslips(exec: Exec, ctx: PayslipsCtx) {
  const audit = (rows: string, changes: SQL, action: 'create' | 'update' | 'delete', model: string) =>
    auditRowsOf(ctx, rows, model, action, changes);
  const S = ctx.studioId;

  return {
    /** Serializes the payslip writes of the caller's studio until the transaction ends. */
    async lock() {
      await exec(sql`SELECT pg_advisory_xact_lock(${PAYSLIPS_LOCK}::int, ${S}::int)`);
    },

    /** How many of these ids are customers of the caller's studio (trashed included). */
    async countCustomers(ids: number[]): Promise<number> {
      const rows = await exec(
        sql`SELECT count(*)::int AS "n" FROM "customers" c WHERE c."id" = ANY(${idArray(ids)}) AND c."studio_id" = ${S}`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * One statement: the entries with a quantity > 0 updated where they exist (UPDATE … FROM
     * unnest), inserted where not (INSERT … SELECT … WHERE NOT EXISTS), with their audit rows.
     * Answers the ids of all the entries saved.
     */
    async upsert(list: PayslipEntry[]): Promise<number[]> {
      const keep = list.filter((e) => e.quantity > 0);
      if (!keep.length) return [];
      const rows = await exec(sql`WITH v AS (SELECT * FROM ${entries(keep)}),
        old AS (
          SELECT p."id", p."quantity", v."quantity" AS "new_quantity" FROM "payslips" p
          JOIN v ON p."customer_id" = v."customer_id" AND p."year" = v."year" AND p."month" = v."month"
          WHERE p."studio_id" = ${S}
        ), u AS (
          UPDATE "payslips" p SET "quantity" = old."new_quantity", "updated_at" = clock_timestamp()::timestamp
          FROM old WHERE p."id" = old."id" AND p."quantity" <> old."new_quantity"
          RETURNING p."id", old."quantity" AS "old_quantity", p."quantity"
        ), i AS (
          INSERT INTO "payslips" ("studio_id", "customer_id", "year", "month", "quantity")
          SELECT ${S}::int, v."customer_id", v."year", v."month", v."quantity" FROM v
          WHERE NOT EXISTS (SELECT 1 FROM "payslips" p WHERE p."studio_id" = ${S} AND p."customer_id" = v."customer_id" AND p."year" = v."year" AND p."month" = v."month")
          ORDER BY v."customer_id", v."year", v."month"
          RETURNING "id"
        ), au AS (${audit('u', sql`jsonb_build_object('quantity', jsonb_build_array(x."old_quantity", x."quantity"))`, 'update', 'Payslip')}),
        ai AS (${audit('i', sql`NULL::jsonb`, 'create', 'Payslip')})
        SELECT "id" FROM old UNION SELECT "id" FROM i`);
      return rows.map((r) => Number(r.id));
    },

    /**
     * The charges that must go: those of the entries removed (quantity 0) and those of saved
     * entries whose amount is 0 (a customer without a cedolino rate). One DELETE with its audit rows.
     */
    async deleteCharges(removed: PayslipEntry[], saved: number[]): Promise<number> {
      const rows = await exec(sql`WITH v AS (SELECT * FROM ${entries(removed)}),
        p AS (
          SELECT p."id" FROM "payslips" p JOIN v ON p."customer_id" = v."customer_id" AND p."year" = v."year" AND p."month" = v."month"
          WHERE p."studio_id" = ${S}
          UNION
          SELECT p."id" FROM "payslips" p JOIN "customers" c ON c."id" = p."customer_id"
          WHERE p."id" = ANY(${idArray(saved)}) AND p."studio_id" = ${S} AND ${AMOUNT} <= 0
        ), d AS (
          DELETE FROM "transactions" t USING p WHERE t."payslip_id" = p."id" AND t."studio_id" = ${S}
          RETURNING t."id"
        ), a AS (${audit('d', sql`NULL::jsonb`, 'delete', 'Transaction')})
        SELECT count(*)::int AS "n" FROM d`);
      return Number(rows[0]?.n ?? 0);
    },

    /** The entries of quantity 0 removed (their charges are already gone), with their audit rows. */
    async remove(removed: PayslipEntry[]): Promise<number> {
      if (!removed.length) return 0;
      const rows = await exec(sql`WITH v AS (SELECT * FROM ${entries(removed)}),
        d AS (
          DELETE FROM "payslips" p USING v
          WHERE p."studio_id" = ${S} AND p."customer_id" = v."customer_id" AND p."year" = v."year" AND p."month" = v."month"
          RETURNING p."id"
        ), a AS (${audit('d', sql`NULL::jsonb`, 'delete', 'Payslip')})
        SELECT count(*)::int AS "n" FROM d`);
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * One statement: the CHARGE of each saved entry with an amount > 0 — the existing one (not
     * trashed) updated in place when anything changed, else a new one; audit rows for both.
     */
    async postCharges(saved: number[]) {
      if (!saved.length) return;
      await exec(sql`WITH x AS (
          SELECT p."id" AS "payslip_id", p."customer_id", ${AMOUNT} AS "amount", ${DATE} AS "date", ${NOTE} AS "note"
          FROM "payslips" p JOIN "customers" c ON c."id" = p."customer_id" AND c."studio_id" = ${S}
          WHERE p."id" = ANY(${idArray(saved)}) AND p."studio_id" = ${S} AND ${AMOUNT} > 0
        ), old AS (
          SELECT t."id", t."amount", t."date", t."transaction_note", x."payslip_id" FROM "transactions" t
          JOIN x ON t."payslip_id" = x."payslip_id" WHERE t."studio_id" = ${S} AND t."deleted_at" IS NULL
        ), u AS (
          UPDATE "transactions" t SET "amount" = x."amount", "date" = x."date", "transaction_note" = x."note", "type" = 'CHARGE',
            "is_yearly_installment" = FALSE, "customer_id" = x."customer_id", "updated_at" = clock_timestamp()::timestamp
          FROM old JOIN x ON x."payslip_id" = old."payslip_id"
          WHERE t."id" = old."id" AND (t."amount" <> x."amount" OR t."date" <> x."date" OR t."transaction_note" IS DISTINCT FROM x."note"
            OR t."type" <> 'CHARGE' OR t."is_yearly_installment" IS DISTINCT FROM FALSE)
          RETURNING t."id", old."amount" AS "old_amount", t."amount", old."transaction_note" AS "old_note", t."transaction_note"
        ), i AS (
          INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "is_yearly_installment", "transaction_note", "payslip_id")
          SELECT ${S}::int, x."customer_id", 'CHARGE', x."amount", x."date", FALSE, x."note", x."payslip_id" FROM x
          WHERE NOT EXISTS (SELECT 1 FROM old WHERE old."payslip_id" = x."payslip_id")
          ORDER BY x."payslip_id"
          RETURNING "id"
        ), au AS (${audit('u', sql`jsonb_build_object('amount', jsonb_build_array(x."old_amount", x."amount"), 'transaction_note', jsonb_build_array(x."old_note", x."transaction_note"))`, 'update', 'Transaction')}),
        ai AS (${audit('i', sql`NULL::jsonb`, 'create', 'Transaction')})
        SELECT 1`);
    },

    /** C49: the quantities of a customer's year by month (months without an entry are absent). */
    async year(customerId: number, year: number) {
      return exec(sql`SELECT p."month", sum(p."quantity")::int AS "quantity" FROM "payslips" p
        WHERE p."customer_id" = ${customerId}::int AND p."year" = ${year}::int AND p."studio_id" = ${S} GROUP BY p."month"`);
    },
  };
}
