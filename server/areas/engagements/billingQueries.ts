/**
 * The billing run's SQL (issue 49, ./billing.ts): the signed engagements and everything their plan
 * reads, the studio's billing lock, the writes of a batch (the fee changes, the charges' movements
 * and periods), the claim of a day's run and its completion, the studios whose run is due.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { centsText, toCents } from '../../../model/money.js';
import type { BillingRule } from '../../../model/engagements.js';
import type { BillingProblem, PlannedCharge, PlannedUpdate } from '../../../model/api/engagements.js';

const BILLING_LOCK = 7_310_049;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/**
 * A column of a batch's rows as one array parameter (`unnest(…)`): each element quoted (`"` and `\`
 * escaped), NULL for null — one statement and a few parameters however many rows a batch writes.
 */
const column = (values: Array<string | number | null>, type: string) =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`}::${sql.raw(type)}[]`;

export interface EngagementRow {
  id: number;
  title: string;
  customer_id: number;
  business_name: string;
  start_date: string;
  end_date: string | null;
  billing_day: number;
  payment_days: number;
  update_kind: string;
  update_percent: string | null;
  istat_share: string | null;
}
export interface ServiceRow {
  id: number;
  engagement_id: number;
  studio_service_id: number | null;
  description: string;
  rule: BillingRule;
  fee: string;
  unit_source: string | null;
}

/** The signed engagements of the studio (ended ones bill the periods before their end), optionally some only. */
export async function engagementsOf(exec: Exec, studioId: number, ids: number[] | null): Promise<EngagementRow[]> {
  const only = ids ? sql`AND e."id" = ANY(${idArray(ids)})` : sql``;
  const rows =
    await exec(sql`SELECT e."id", e."title", e."customer_id", c."business_name", e."start_date"::text AS "start_date",
      e."end_date"::text AS "end_date", e."billing_day", e."payment_days", e."update_kind", e."update_percent"::text AS "update_percent",
      e."istat_share"::text AS "istat_share"
    FROM "engagements" e JOIN "customers" c ON c."id" = e."customer_id"
    WHERE e."studio_id" = ${studioId} AND e."deleted_at" IS NULL AND e."status" IN ('signed', 'ended') ${only}
    ORDER BY e."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name ?? ''),
    start_date: String(r.start_date),
    end_date: (r.end_date as string | null) ?? null,
    billing_day: Number(r.billing_day),
    payment_days: Number(r.payment_days ?? 0),
    update_kind: String(r.update_kind ?? 'none'),
    update_percent: (r.update_percent as string | null) ?? null,
    istat_share: (r.istat_share as string | null) ?? null,
  }));
}

/** Everything the plan of these engagements reads, in a few queries. */
export async function planData(exec: Exec, studioId: number, engagements: EngagementRow[], day: string) {
  const ids = engagements.map((e) => e.id);
  const empty = {
    services: [] as ServiceRow[],
    billed: new Set<string>(),
    changes: new Map<number, Array<{ date: string; fee: number }>>(),
    istat: new Map<string, string>(),
    units: new Map<string, string>(),
    payslips: new Map<string, number>(),
    minutes: new Map<string, number>(),
  };
  if (!ids.length) return empty;
  const inIds = sql`ANY(${idArray(ids)})`;
  const customers = idArray([...new Set(engagements.map((e) => e.customer_id))]);
  const services = (
    await exec(sql`SELECT s."id", s."engagement_id", s."studio_service_id", s."description", s."rule", s."fee"::text AS "fee", s."unit_source"
      FROM "engagement_services" s WHERE s."studio_id" = ${studioId} AND s."engagement_id" = ${inIds} ORDER BY s."engagement_id", s."position"`)
  ).map((r) => ({
    id: Number(r.id),
    engagement_id: Number(r.engagement_id),
    studio_service_id: num(r.studio_service_id),
    description: String(r.description),
    rule: r.rule as BillingRule,
    fee: String(r.fee),
    unit_source: (r.unit_source as string | null) ?? null,
  }));
  const billed = new Set(
    (
      await exec(sql`SELECT "engagement_service_id", "period_start"::text AS "p" FROM "engagement_charges"
        WHERE "studio_id" = ${studioId} AND "engagement_id" = ${inIds}`)
    ).map((r) => `${r.engagement_service_id}|${r.p}`),
  );
  const changes = new Map<number, Array<{ date: string; fee: number }>>();
  for (const r of await exec(sql`SELECT f."engagement_service_id", f."effective_date"::text AS "d", f."new_fee"::text AS "fee"
      FROM "engagement_fee_changes" f JOIN "engagement_services" s ON s."id" = f."engagement_service_id"
      WHERE f."studio_id" = ${studioId} AND s."engagement_id" = ${inIds} ORDER BY f."effective_date"`)) {
    const k = Number(r.engagement_service_id);
    const list = changes.get(k) ?? [];
    list.push({ date: String(r.d), fee: toCents(String(r.fee)) });
    changes.set(k, list);
  }
  const istat = new Map<string, string>();
  if (engagements.some((e) => e.update_kind === 'istat'))
    for (const r of await exec(
      sql`SELECT "year", "month", "value"::text AS "value" FROM "istat_indices" WHERE "studio_id" = ${studioId}`,
    ))
      istat.set(`${r.year}-${String(r.month).padStart(2, '0')}`, String(r.value));
  const units = new Map<string, string>();
  const perUnit = services.filter((s) => s.rule === 'per_unit');
  if (perUnit.some((s) => s.unit_source === 'manual'))
    for (const r of await exec(sql`SELECT u."engagement_service_id", u."period_start"::text AS "p", u."units"::text AS "units"
        FROM "engagement_units" u JOIN "engagement_services" s ON s."id" = u."engagement_service_id"
        WHERE u."studio_id" = ${studioId} AND s."engagement_id" = ${inIds}`))
      units.set(`${r.engagement_service_id}|${r.p}`, String(r.units));
  const payslips = new Map<string, number>();
  if (perUnit.some((s) => s.unit_source === 'payslips'))
    for (const r of await exec(sql`SELECT p."customer_id", p."year", p."month", p."quantity" FROM "payslips" p
        WHERE p."studio_id" = ${studioId} AND p."customer_id" = ANY(${customers})`))
      payslips.set(`${r.customer_id}|${r.year}-${String(r.month).padStart(2, '0')}`, Number(r.quantity));
  const minutes = new Map<string, number>();
  if (services.some((s) => s.rule === 'by_time'))
    for (const r of await exec(sql`SELECT t."customer_id", t."studio_service_id", to_char(t."date", 'YYYY-MM') AS "ym", sum(t."minutes")::int AS "m"
        FROM "time_entries" t
        WHERE t."studio_id" = ${studioId} AND t."deleted_at" IS NULL AND t."date" <= ${day}
          AND t."customer_id" = ANY(${customers})
        GROUP BY 1, 2, 3`))
      minutes.set(`${r.customer_id}|${r.studio_service_id}|${r.ym}`, Number(r.m));
  return { services, billed, changes, istat, units, payslips, minutes };
}

/** The studio's billing lock (until the transaction ends). */
export const lockBilling = (exec: Exec, studioId: number) =>
  exec(sql`SELECT pg_advisory_xact_lock(${BILLING_LOCK}::int, ${studioId}::int)`);

/** The yearly updates made (a service's update of a date is made once), in one statement. */
export async function insertFeeChanges(
  exec: Exec,
  studioId: number,
  runId: number,
  updates: Array<
    PlannedUpdate & { index_month: string | null; index_base: string | null; index_current: string | null }
  >,
) {
  if (!updates.length) return;
  const of = <T extends string | number | null>(f: (u: (typeof updates)[number]) => T, type: string) =>
    column(updates.map(f), type);
  const rows = sql`unnest(
      ${of((u) => u.engagement_service_id, 'int')}, ${of((u) => u.effective_date, 'date')}, ${of((u) => u.kind, 'text')},
      ${of((u) => String(u.percent), 'numeric')}, ${of((u) => centsText(toCents(u.old_fee)), 'numeric')},
      ${of((u) => centsText(toCents(u.new_fee)), 'numeric')}, ${of((u) => u.index_month, 'text')},
      ${of((u) => u.index_base, 'numeric')}, ${of((u) => u.index_current, 'numeric')}
    ) WITH ORDINALITY AS u("service", "date", "kind", "percent", "old", "new", "month", "base", "current", "k")`;
  await exec(sql`INSERT INTO "engagement_fee_changes" ("studio_id", "engagement_service_id", "effective_date", "kind", "percent",
      "old_fee", "new_fee", "index_month", "index_base", "index_current", "run_id")
    SELECT ${studioId}::int, u."service", u."date", u."kind", u."percent", u."old", u."new", u."month", u."base", u."current", ${runId}::int
    FROM ${rows} ORDER BY u."k"
    ON CONFLICT DO NOTHING`);
}

/**
 * The charges of the periods made, in one statement: a movement for each with an amount (its id
 * drawn from the movements' sequence first, so that its period's row names it) and each period's row.
 */
export async function insertCharges(
  exec: Exec,
  studioId: number,
  runId: number,
  made: Array<PlannedCharge & { amountCents: number; feeCents: number; studio_service_id: number | null }>,
) {
  if (!made.length) return;
  const of = <T extends string | number | null>(f: (c: (typeof made)[number]) => T, type: string) =>
    column(made.map(f), type);
  const rows = sql`unnest(
      ${of((c) => c.engagement_id, 'int')}, ${of((c) => c.engagement_service_id, 'int')}, ${of((c) => c.customer_id, 'int')},
      ${of((c) => c.studio_service_id, 'int')}, ${of((c) => c.period_start, 'date')}, ${of((c) => c.period_end, 'date')},
      ${of((c) => c.billing_date, 'date')}, ${of((c) => c.due_date, 'date')}, ${of((c) => centsText(c.feeCents), 'numeric')},
      ${of((c) => (c.quantity === null ? null : String(c.quantity)), 'numeric')},
      ${of((c) => centsText(c.amountCents), 'numeric')}, ${of((c) => c.note, 'text')}
    ) WITH ORDINALITY AS u("engagement_id", "service", "customer_id", "studio_service_id", "period_start", "period_end",
      "billing_date", "due_date", "fee", "quantity", "amount", "note", "k")`;
  await exec(sql`WITH "c" AS MATERIALIZED (
      SELECT u.*, CASE WHEN u."amount" > 0
        THEN nextval((SELECT pg_get_serial_sequence('"transactions"', 'id'))::regclass) END AS "charge_id"
      FROM ${rows} ORDER BY u."k"
    ), "m" AS (
      INSERT INTO "transactions" ("id", "studio_id", "customer_id", "type", "amount", "date", "due_date",
        "is_yearly_installment", "studio_service_id", "transaction_note")
      SELECT "charge_id", ${studioId}::int, "customer_id", 'CHARGE', "amount", "billing_date"::timestamp, "due_date", FALSE,
        "studio_service_id", "note"
      FROM "c" WHERE "charge_id" IS NOT NULL ORDER BY "k"
    )
    INSERT INTO "engagement_charges" ("studio_id", "engagement_id", "engagement_service_id", "period_start", "period_end",
      "billing_date", "charge_id", "fee", "quantity", "amount", "run_id")
    SELECT ${studioId}::int, "engagement_id", "service", "period_start", "period_end", "billing_date", "charge_id", "fee",
      "quantity", "amount", ${runId}::int
    FROM "c" ORDER BY "k"`);
}

/** The claim of a studio's scheduled run of a day: the new one, or the one there (finished or not). */
export async function claimScheduledRun(exec: Exec, studioId: number, day: string) {
  const claimed = await exec<{ id: number }>(sql`INSERT INTO "engagement_runs" ("studio_id", "day", "kind", "user_id")
    VALUES (${studioId}, ${day}, 'scheduled', NULL) ON CONFLICT DO NOTHING RETURNING "id"`);
  if (claimed.length) return { id: Number(claimed[0]!.id), finished: false };
  const [r] = await exec<{
    id: number;
    finished_at: string | null;
  }>(sql`SELECT "id", "finished_at" FROM "engagement_runs"
    WHERE "studio_id" = ${studioId} AND "day" = ${day} AND "kind" = 'scheduled'`);
  return { id: Number(r!.id), finished: !!r!.finished_at };
}

/** A run of 'Esegui ora'. */
export async function newManualRun(exec: Exec, studioId: number, day: string, userId: number | null) {
  const [r] = await exec<{ id: number }>(sql`INSERT INTO "engagement_runs" ("studio_id", "day", "kind", "user_id")
    VALUES (${studioId}, ${day}, 'manual', ${userId}) RETURNING "id"`);
  return Number(r!.id);
}

/** A run completed with what it made (a continued run counts what its earlier part made as well). */
export async function finishRun(exec: Exec, runId: number, problems: BillingProblem[]) {
  const [t] = await exec<{ n: number; amount: string; updates: number }>(sql`SELECT
      (SELECT count(*)::int FROM "engagement_charges" WHERE "run_id" = ${runId} AND "charge_id" IS NOT NULL) AS "n",
      (SELECT coalesce(sum("amount"), 0)::text FROM "engagement_charges" WHERE "run_id" = ${runId}) AS "amount",
      (SELECT count(*)::int FROM "engagement_fee_changes" WHERE "run_id" = ${runId}) AS "updates"`);
  await exec(sql`UPDATE "engagement_runs" SET "finished_at" = now(), "charges" = ${t!.n}, "amount" = ${t!.amount},
      "updates" = ${t!.updates}, "problems" = ${JSON.stringify(problems)}::jsonb WHERE "id" = ${runId}`);
  return t!;
}

/** The studios with signed engagements whose scheduled run of `day` is not finished. */
export async function dueBillingStudios(exec: Exec, day: string): Promise<number[]> {
  const rows = await exec(sql`SELECT DISTINCT e."studio_id" FROM "engagements" e
    WHERE e."deleted_at" IS NULL AND e."status" IN ('signed', 'ended') AND (e."end_date" IS NULL OR e."end_date" >= ${day}::date - 400)
      AND NOT EXISTS (SELECT 1 FROM "engagement_runs" r WHERE r."studio_id" = e."studio_id" AND r."day" = ${day}
        AND r."kind" = 'scheduled' AND r."finished_at" IS NOT NULL)`);
  return rows.map((r) => Number(r.studio_id));
}
