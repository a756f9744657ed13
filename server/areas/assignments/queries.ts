/**
 * Set-based SQL of fee assignments (seed B §3, PRODUCT.md §5): the fee transactions linked to
 * an assignment (C72) and their generation (C73). Always restricted to the caller's studio; the
 * orchestration (permissions, one transaction) is in `server/areas/assignments/service.ts`.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { auditRowsOf } from '../../records/audit.js';

export interface AssignmentsCtx {
  studioId: number;
  userId: number;
  name: string;
}

/** the columns answered for a fee transaction */
const FEE = sql`t."id", t."customer_id", t."assignment_id", t."type", t."amount", to_char(t."date", 'YYYY-MM-DD HH24:MI:SS') AS "date",
  t."transaction_note", COALESCE(t."is_yearly_installment", FALSE) AS "is_yearly_installment"`;

export function assignments(exec: Exec, ctx: AssignmentsCtx) {
  const audit = (rows: string, action: 'create' | 'delete') => auditRowsOf(ctx, rows, 'Transaction', action);

  return {
    /**
     * The assignment (not trashed, of the caller's studio) or undefined. `lock`: FOR UPDATE, so
     * that two generations of the same assignment run one after the other.
     */
    async find(id: number, lock = false) {
      const rows =
        await exec(sql`SELECT a."id", a."title", a."customers_id", a."year_amount", a."year_duration", a."start_date"
        FROM "assignments" a WHERE a."id" = ${id}::int AND a."studio_id" = ${ctx.studioId}::int AND a."deleted_at" IS NULL
        ${lock ? sql`FOR UPDATE` : sql``}`);
      return rows[0];
    },

    /** The not-trashed transactions linked to the assignment, by date. */
    async fees(id: number) {
      return exec(sql`SELECT ${FEE} FROM "transactions" t
        WHERE t."assignment_id" = ${id}::int AND t."studio_id" = ${ctx.studioId}::int AND t."deleted_at" IS NULL
        ORDER BY t."date", t."id"`);
    },

    /**
     * One statement: deletes every transaction linked to the assignment (trashed ones too: they
     * are generated, and a restore from the trash would duplicate a year) and inserts
     * `year_duration` CHARGE rows of `year_amount`, one a year from `start_date` at 00:00:00
     * (date + k years: 29 February becomes 28 February in a non-leap year), with one audit row
     * per deleted and per created transaction.
     */
    async regenerate(id: number) {
      return exec(sql`WITH a AS (
          SELECT a."id", a."title", a."customers_id", a."year_amount", a."year_duration", a."start_date"
          FROM "assignments" a WHERE a."id" = ${id}::int AND a."studio_id" = ${ctx.studioId}::int
        ), del AS (
          DELETE FROM "transactions" t USING a WHERE t."assignment_id" = a."id" AND t."studio_id" = ${ctx.studioId}::int
          RETURNING t."id"
        ), da AS (${audit('del', 'delete')}), ins AS (
          INSERT INTO "transactions" ("studio_id", "customer_id", "assignment_id", "type", "amount", "date", "is_yearly_installment", "transaction_note")
          SELECT ${ctx.studioId}::int, a."customers_id", a."id", 'CHARGE', a."year_amount",
            (a."start_date" + make_interval(years => k - 1))::timestamp(0), FALSE,
            left('Compenso incarico "' || a."title" || '" anno ' || k || '/' || a."year_duration", 255)
          FROM a CROSS JOIN LATERAL generate_series(1, a."year_duration") AS k ORDER BY k
          RETURNING *
        ), ia AS (${audit('ins', 'create')})
        SELECT ${FEE} FROM ins t ORDER BY t."date", t."id"`);
    },
  };
}
