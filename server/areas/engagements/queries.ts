/**
 * The engagements' SQL (issue 49): the services of an engagement and what its card shows (its fee
 * changes, the charges made), the checks that need the database (another engagement of the customer
 * with the same service, the studio's services, a customer charged per payslip), the runs' log, the
 * per-unit counts, and the Collaboratore's row scope. Scoped to the studio.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { atLeast } from '../../../model/define.js';
import { centsText, toCents } from '../../../model/money.js';
import { today as romeToday } from '../../../model/dates.js';
import type { EngagementServiceInput } from '../../../model/api/engagements.js';

/** The engagement's services as stored. */
export async function servicesOf(exec: Exec, studioId: number, engagementId: number) {
  return exec(sql`SELECT s."id", s."position", s."studio_service_id", s."description", s."rule", s."fee"::text AS "fee", s."unit_source",
      coalesce((SELECT f."new_fee" FROM "engagement_fee_changes" f WHERE f."engagement_service_id" = s."id" AND f."effective_date" <= ${romeToday()}
        ORDER BY f."effective_date" DESC LIMIT 1), s."fee")::text AS "current_fee"
    FROM "engagement_services" s WHERE s."studio_id" = ${studioId} AND s."engagement_id" = ${engagementId} ORDER BY s."position"`);
}

/** The customer's answers to whether he withholds. */
export async function customerWithholding(exec: Exec, studioId: number, customerId: number) {
  const [c] = await exec(
    sql`SELECT "withholding_agent", "vat_id" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`,
  );
  return c;
}

/** The yearly updates of an engagement's fees, newest first. */
export async function feeChangesOf(exec: Exec, studioId: number, eid: number) {
  return await exec(sql`SELECT f."engagement_service_id", s."description", f."effective_date"::text AS "effective_date", f."kind",
        f."percent"::text AS "percent", f."old_fee"::text AS "old_fee", f."new_fee"::text AS "new_fee", f."index_month",
        f."index_base"::text AS "index_base", f."index_current"::text AS "index_current"
      FROM "engagement_fee_changes" f JOIN "engagement_services" s ON s."id" = f."engagement_service_id"
      WHERE f."studio_id" = ${studioId} AND s."engagement_id" = ${eid} ORDER BY f."effective_date" DESC, s."position"`);
}

/** The charges an engagement made (the last 500). */
export async function chargesMadeOf(exec: Exec, studioId: number, eid: number) {
  return await exec(sql`SELECT c."engagement_service_id", s."description", s."rule", c."period_start"::text AS "period_start",
        c."period_end"::text AS "period_end", c."billing_date"::text AS "billing_date", c."fee"::text AS "fee",
        c."quantity"::text AS "quantity", c."amount"::text AS "amount", c."charge_id"
      FROM "engagement_charges" c JOIN "engagement_services" s ON s."id" = c."engagement_service_id"
      WHERE c."studio_id" = ${studioId} AND c."engagement_id" = ${eid} ORDER BY c."billing_date" DESC, s."position" LIMIT 500`);
}

/** The other engagements of a customer (not trashed) with one of these studio services, and which. */
export async function sameServiceEngagements(
  exec: Exec,
  studioId: number,
  customerId: number,
  engagementId: number | null,
  ids: number[],
) {
  return await exec(sql`SELECT e."id", e."title", e."start_date"::text AS "start", e."end_date"::text AS "end", s."studio_service_id"
    FROM "engagements" e JOIN "engagement_services" s ON s."engagement_id" = e."id"
    WHERE e."studio_id" = ${studioId} AND e."customer_id" = ${customerId} AND e."deleted_at" IS NULL
      AND e."id" <> ${engagementId ?? 0} AND s."studio_service_id" IN (${sql.join(ids, sql`, `)})`);
}

/** The studio's services (not trashed) among these ids, with their description. */
export async function studioServicesIn(exec: Exec, studioId: number, sids: number[]) {
  return await exec(sql`SELECT "id", "description" FROM "studio_services"
              WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL AND "id" IN (${sql.join(sids, sql`, `)})`);
}

/** A customer's 'Costo cedolino'. */
export async function cedolinoRate(exec: Exec, customerId: unknown) {
  const [c] = await exec(
    sql`SELECT "cedolino_rate"::text AS "rate" FROM "customers" WHERE "id" = ${Number(customerId)}`,
  );
  return c;
}

/** An engagement's services replaced by these (checked), the description the studio service's when none is given. */
export async function replaceServices(
  exec: Exec,
  studioId: number,
  engagementId: number,
  services: EngagementServiceInput[],
  known: Map<number, string>,
) {
  await exec(sql`DELETE FROM "engagement_services" WHERE "engagement_id" = ${engagementId}`);
  if (services.length)
    await exec(sql`INSERT INTO "engagement_services" ("studio_id", "engagement_id", "position", "studio_service_id", "description", "rule", "fee", "unit_source")
      VALUES ${sql.join(
        services.map((s, i) => {
          const sid = Number(s.studio_service_id);
          const description =
            typeof s.description === 'string' && s.description.trim() ? s.description.trim() : known.get(sid)!;
          return sql`(${studioId}, ${engagementId}, ${i + 1}, ${sid}, ${description}, ${String(s.rule)},
            ${centsText(toCents(s.fee as string | number))}, ${s.rule === 'per_unit' ? String(s.unit_source) : null})`;
        }),
        sql`, `,
      )}`);
  await exec(sql`UPDATE "engagements" SET "updated_at" = now() WHERE "id" = ${engagementId}`);
}

/** A page of the runs' log, and how many runs there are. */
export async function runsPage(exec: Exec, studioId: number, page: number, perPage: number) {
  const [t] = await exec(sql`SELECT count(*)::int AS "n" FROM "engagement_runs" WHERE "studio_id" = ${studioId}`);
  const rows = await exec(sql`SELECT r."id", r."day"::text AS "day", r."kind", u."name" AS "user_name",
      to_char(r."started_at" AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD HH24:MI:SS') AS "started_at",
      to_char(r."finished_at" AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD HH24:MI:SS') AS "finished_at",
      r."charges", r."amount"::text AS "amount", r."updates", r."problems"
    FROM "engagement_runs" r LEFT JOIN "users" u ON u."id" = r."user_id"
    WHERE r."studio_id" = ${studioId} ORDER BY r."id" DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
  return { t, rows };
}

/** The per-unit services counted by hand that have a period in the month starting `start`, with their count. */
export async function manualUnitRows(exec: Exec, studioId: number, start: string) {
  return await exec(sql`SELECT s."id", s."engagement_id", e."customer_id", c."business_name", s."description", s."fee"::text AS "fee",
      e."start_date"::text AS "start_date", e."end_date"::text AS "end_date", u."units"::text AS "units",
      EXISTS (SELECT 1 FROM "engagement_charges" x WHERE x."engagement_service_id" = s."id" AND x."period_start" = ${start}) AS "billed"
    FROM "engagement_services" s JOIN "engagements" e ON e."id" = s."engagement_id" JOIN "customers" c ON c."id" = e."customer_id"
    LEFT JOIN "engagement_units" u ON u."engagement_service_id" = s."id" AND u."period_start" = ${start}
    WHERE s."studio_id" = ${studioId} AND e."deleted_at" IS NULL AND e."status" IN ('signed', 'ended')
      AND s."rule" = 'per_unit' AND s."unit_source" = 'manual'
      AND e."start_date" <= (${start}::date + interval '1 month' - interval '1 day') AND (e."end_date" IS NULL OR e."end_date" >= ${start})
    ORDER BY c."business_name", s."position"`);
}

/** A count of a month set (or taken away: null). */
export async function setUnits(
  exec: Exec,
  studioId: number,
  userId: number,
  start: string,
  w: { id: number; units: string | null },
) {
  if (w.units === null)
    await exec(
      sql`DELETE FROM "engagement_units" WHERE "engagement_service_id" = ${w.id} AND "period_start" = ${start}`,
    );
  else
    await exec(sql`INSERT INTO "engagement_units" ("engagement_service_id", "period_start", "studio_id", "units", "updated_by")
      VALUES (${w.id}, ${start}, ${studioId}, ${w.units}, ${userId})
      ON CONFLICT ("engagement_service_id", "period_start") DO UPDATE SET "units" = EXCLUDED."units", "updated_by" = EXCLUDED."updated_by", "updated_at" = now()`);
}

/** A role below the Admin sees the engagements of the customers he follows (accounting or the studio's jobs). */
export function engagementRowScope(ctx: Ctx, alias: string): SQL | null {
  if (atLeast(ctx.role, 'Admin')) return null;
  return sql`EXISTS (SELECT 1 FROM "customers" c WHERE c."id" = ${sql.identifier(alias)}."customer_id"
    AND (c."collaborator_accounting_id" = ${ctx.userId} OR c."collaborator_studio_jobs_id" = ${ctx.userId}))`;
}

/** The studio services of an engagement's lines. */
export async function serviceIdsOf(exec: Exec, engagementId: unknown): Promise<number[]> {
  return (
    await exec(
      sql`SELECT "studio_service_id" FROM "engagement_services" WHERE "engagement_id" = ${Number(engagementId)}`,
    )
  ).map((r) => Number(r.studio_service_id));
}

/** The titles of those engagements that have billed (at most five). */
export async function billedTitles(exec: Exec, ids: number[]): Promise<string[]> {
  return (
    await exec(sql`SELECT e."title" FROM "engagements" e
      WHERE e."id" IN (${sql.join(ids, sql`, `)}) AND EXISTS (SELECT 1 FROM "engagement_charges" c WHERE c."engagement_id" = e."id")
      ORDER BY e."title" LIMIT 5`)
  ).map((r) => String(r.title));
}
