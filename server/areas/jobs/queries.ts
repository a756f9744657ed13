/**
 * Compliance jobs per customer and year (seed B §3, §4, C44–C47), read and written in a few
 * statements scoped to the caller's studio: the dashboard's customers, the done sub-tasks counted
 * per customer and job, one job's sub-tasks with their status, and a status change (idempotent,
 * audited).
 */
import { sql } from 'drizzle-orm';
import type { Exec, Row } from '../../records/exec.js';
import type { DashboardCustomer } from '../../../model/api/jobs.js';
import { idArray } from '../../db/sql.js';

/**
 * C44: the active customers of the dashboard, by name: every one of the studio, or the ones of a
 * collaborator (`collaboratorId`; 0: those without one).
 */
export async function dashboardCustomers(
  exec: Exec,
  studioId: number,
  collaboratorId: number | null,
): Promise<DashboardCustomer[]> {
  const who =
    collaboratorId === null
      ? sql`TRUE`
      : collaboratorId === 0
        ? sql`c."collaborator_studio_jobs_id" IS NULL`
        : sql`c."collaborator_studio_jobs_id" = ${collaboratorId}`;
  const rows =
    await exec(sql`SELECT c."id", c."business_name", c."legal_status_id", c."collaborator_studio_jobs_id", l."cod" AS "ls_cod", l."description" AS "ls_description"
    FROM "customers" c LEFT JOIN "legal_statuses" l ON l."id" = c."legal_status_id"
    WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."ceased" = 0 AND ${who}
    ORDER BY c."business_name", c."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    business_name: String(r.business_name),
    legal_status_id: r.legal_status_id == null ? null : Number(r.legal_status_id),
    legal_status:
      r.legal_status_id == null
        ? null
        : {
            id: Number(r.legal_status_id),
            cod: (r.ls_cod as string) ?? null,
            description: (r.ls_description as string) ?? null,
          },
    collaborator_studio_jobs_id: r.collaborator_studio_jobs_id == null ? null : Number(r.collaborator_studio_jobs_id),
  }));
}

/**
 * C45: `{customer_id: {job_id: done_count}}` for the year as JSON text, built by the database from
 * the kept counts (job_done_counts: one row per cell); optionally one customer, one job, the
 * customers of one collaborator. Cells with nothing done are left out.
 */
export async function doneCounts(
  exec: Exec,
  studioId: number,
  year: number,
  opts: { customerId?: number; jobId?: number; collaboratorId?: number } = {},
): Promise<string> {
  const [row] = await exec(sql`SELECT COALESCE(json_object_agg(x."customer_id", x."jobs"), '{}'::json)::text AS "json"
    FROM (SELECT d."customer_id", json_object_agg(d."studio_job_id", d."done") AS "jobs"
      FROM "job_done_counts" d
      ${opts.collaboratorId ? sql`JOIN "customers" c ON c."id" = d."customer_id" AND c."collaborator_studio_jobs_id" = ${opts.collaboratorId}` : sql``}
      WHERE d."studio_id" = ${studioId} AND d."year" = ${year} AND d."done" > 0
        ${opts.customerId ? sql`AND d."customer_id" = ${opts.customerId}` : sql``}
        ${opts.jobId ? sql`AND d."studio_job_id" = ${opts.jobId}` : sql``}
      GROUP BY d."customer_id") x`);
  return String(row?.json ?? '{}');
}

/**
 * The kept counts of these jobs made again from the statuses (a job's sub-tasks changed, or some
 * are about to be deleted: `without`), every customer and year at once.
 */
export async function recountJobs(exec: Exec, jobIds: number[], without: number[] = []): Promise<void> {
  if (!jobIds.length) return;
  await exec(sql`DELETE FROM "job_done_counts" WHERE "studio_job_id" = ANY(${idArray(jobIds)})`);
  await exec(sql`INSERT INTO "job_done_counts" ("studio_id", "studio_job_id", "customer_id", "year", "done")
    SELECT s."studio_id", s."studio_job_id", s."customer_id", s."year", count(*)::int
    FROM "task_job_statuses" s
    JOIN "studio_job_tasks" jt ON jt."studio_job_id" = s."studio_job_id" AND jt."task_id" = s."task_id"
    WHERE s."studio_job_id" = ANY(${idArray(jobIds)}) AND s."status" = 1 ${without.length ? sql`AND NOT (s."task_id" = ANY(${idArray(without)}))` : sql``}
    GROUP BY s."studio_id", s."studio_job_id", s."customer_id", s."year"`);
}

/** The jobs that have any of these tasks among their sub-tasks. */
export async function jobsOfTasks(exec: Exec, taskIds: number[]): Promise<number[]> {
  if (!taskIds.length) return [];
  return (
    await exec(sql`SELECT DISTINCT "studio_job_id" FROM "studio_job_tasks" WHERE "task_id" = ANY(${idArray(taskIds)})`)
  ).map((r) => Number(r.studio_job_id));
}

/** Whether the job (active) and the customer (active) are the studio's: [job, customer] rows or undefined. */
export async function jobAndCustomer(
  exec: Exec,
  studioId: number,
  jobId: number,
  customerId: number,
): Promise<{ job?: Row; customer?: Row }> {
  const [job] = await exec(
    sql`SELECT "id" FROM "studio_jobs" WHERE "id" = ${jobId} AND "studio_id" = ${studioId} AND "deleted_at" IS NULL`,
  );
  const [customer] = await exec(
    sql`SELECT "id", "collaborator_studio_jobs_id" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId} AND "deleted_at" IS NULL`,
  );
  return { job, customer };
}

/** C46: the job's sub-tasks (by name) with their status for the customer and year (0 where never set). */
export async function taskStatuses(exec: Exec, studioId: number, jobId: number, customerId: number, year: number) {
  const rows =
    await exec(sql`SELECT k."id" AS "task_id", k."cod", k."name", s."note", COALESCE(s."status", 0) AS "status",
      NULLIF(concat_ws(' ', u."name", u."cognome"), '') AS "updated_by", to_char(s."updated_at", 'YYYY-MM-DD HH24:MI:SS') AS "updated_at"
    FROM "studio_job_tasks" jt
    JOIN "tasks" k ON k."id" = jt."task_id" AND k."deleted_at" IS NULL
    LEFT JOIN "task_job_statuses" s ON s."studio_job_id" = jt."studio_job_id" AND s."task_id" = k."id" AND s."customer_id" = ${customerId} AND s."year" = ${year}
    LEFT JOIN "users" u ON u."id" = s."updated_by"
    WHERE jt."studio_job_id" = ${jobId} AND k."studio_id" = ${studioId}
    ORDER BY k."name", k."id"`);
  return rows.map((r) => ({
    task_id: Number(r.task_id),
    cod: (r.cod as string) ?? null,
    name: (r.name as string) ?? '',
    note: (r.note as string) ?? null,
    status: Number(r.status),
    updated_by: (r.updated_by as string) ?? null,
    updated_at: (r.updated_at as string) ?? null,
  }));
}

/** Whether the task is one of the job's sub-tasks. */
export async function isJobTask(exec: Exec, studioId: number, jobId: number, taskId: number): Promise<boolean> {
  const rows =
    await exec(sql`SELECT 1 FROM "studio_job_tasks" jt JOIN "tasks" k ON k."id" = jt."task_id" AND k."deleted_at" IS NULL
    WHERE jt."studio_job_id" = ${jobId} AND jt."task_id" = ${taskId} AND k."studio_id" = ${studioId}`);
  return rows.length > 0;
}

/**
 * C47: sets the status and note (idempotent: the same state again changes nothing and writes no
 * audit row); answers the row before and after.
 */
export async function setTaskStatus(
  exec: Exec,
  ctx: { studioId: number; userId: number; name: string },
  key: { jobId: number; taskId: number; customerId: number; year: number },
  status: 0 | 1,
  note: string | null,
) {
  // the cell's count locked first: changes of one customer's job and year go one at a time, so
  // each sees the statuses the one before it wrote and the count moves by exactly one
  await exec(sql`INSERT INTO "job_done_counts" ("studio_id", "studio_job_id", "customer_id", "year", "done")
    VALUES (${ctx.studioId}, ${key.jobId}, ${key.customerId}, ${key.year}, 0) ON CONFLICT DO NOTHING`);
  await exec(
    sql`SELECT 1 FROM "job_done_counts" WHERE "studio_job_id" = ${key.jobId} AND "customer_id" = ${key.customerId} AND "year" = ${key.year} FOR UPDATE`,
  );
  const [before] = await exec(sql`SELECT "id", "status", "note" FROM "task_job_statuses"
    WHERE "studio_job_id" = ${key.jobId} AND "task_id" = ${key.taskId} AND "customer_id" = ${key.customerId} AND "year" = ${key.year} FOR UPDATE`);
  const unchanged = before && Number(before.status) === status && ((before.note as string | null) ?? null) === note;
  if (unchanged) return { changed: false, id: Number(before.id) };
  const [row] =
    await exec(sql`INSERT INTO "task_job_statuses" ("studio_id", "studio_job_id", "task_id", "customer_id", "year", "status", "note", "updated_by", "updated_at")
    VALUES (${ctx.studioId}, ${key.jobId}, ${key.taskId}, ${key.customerId}, ${key.year}, ${status}, ${note}, ${ctx.userId}, clock_timestamp()::timestamp)
    ON CONFLICT ("studio_job_id", "task_id", "customer_id", "year")
    DO UPDATE SET "status" = EXCLUDED."status", "note" = EXCLUDED."note", "updated_by" = EXCLUDED."updated_by", "updated_at" = EXCLUDED."updated_at"
    RETURNING "id"`);
  const wasDone = before ? Number(before.status) === 1 : false;
  if (wasDone !== (status === 1)) {
    await exec(sql`UPDATE "job_done_counts" SET "done" = "done" + ${status === 1 ? 1 : -1}
      WHERE "studio_job_id" = ${key.jobId} AND "customer_id" = ${key.customerId} AND "year" = ${key.year}`);
  }
  const changes: Record<string, [unknown, unknown]> = {};
  if (!before || Number(before.status) !== status) changes.status = [before ? Number(before.status) : 0, status];
  if (((before?.note as string | null) ?? null) !== note) changes.note = [before?.note ?? null, note];
  changes.customer_id = [null, key.customerId];
  changes.year = [null, key.year];
  changes.task_id = [null, key.taskId];
  await exec(sql`INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
    VALUES (${ctx.studioId}, 'TaskJobStatus', ${Number(row!.id)}, ${before ? 'update' : 'create'}, ${ctx.userId}, ${ctx.name}, ${JSON.stringify(changes)}::jsonb)`);
  return { changed: true, id: Number(row!.id) };
}
