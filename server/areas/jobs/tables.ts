/**
 * The tables of compliance jobs beyond their models (seed B §3, C45–C47): a sub-task's status
 * per customer and year, and the done counts kept per dashboard cell. Named here, not in the
 * generic schema builder (tables.ts names no model); registered with it for migrations.
 */
import { pgTable, serial, integer, text, check, primaryKey, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, registerTables, studioRef, ts } from '../../db/tables.js';

/**
 * The status of a job's sub-task for one customer and year (seed B §3, C46, C47): 0 open, 1 done,
 * with a note; who changed it last and when (every change is also in the audit log).
 */
export const taskJobStatuses = pgTable(
  'task_job_statuses',
  {
    id: serial('id').primaryKey(),
    studio_id: studioRef('studio_id').notNull(),
    studio_job_id: cascadeRef('studio_job_id', 'StudioJob').notNull(),
    task_id: cascadeRef('task_id', 'Task').notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    year: integer('year').notNull(),
    status: integer('status').notNull().default(0),
    note: text('note'),
    updated_by: integer('updated_by'),
    updated_at: ts('updated_at')
      .notNull()
      .default(sql`LOCALTIMESTAMP`),
  },
  (t) => [
    uniqueIndex('task_job_statuses_uq').on(t.studio_job_id, t.task_id, t.customer_id, t.year),
    index('task_job_statuses_studio_year_idx').on(t.studio_id, t.year, t.customer_id),
    check('task_job_statuses_status', sql`${t.status} IN (0, 1)`),
  ],
);

/**
 * The done sub-tasks per job, customer and year (the dashboard's cells, C45), kept with every
 * change of a status (C47) and recounted when a job's sub-tasks change: reading them is a scan of
 * one row per cell instead of a count over every status.
 */
export const jobDoneCounts = pgTable(
  'job_done_counts',
  {
    studio_id: studioRef('studio_id').notNull(),
    studio_job_id: cascadeRef('studio_job_id', 'StudioJob').notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    year: integer('year').notNull(),
    done: integer('done').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.studio_job_id, t.customer_id, t.year] }),
    index('job_done_counts_studio_year_idx').on(t.studio_id, t.year),
  ],
);

registerTables({ taskJobStatuses, jobDoneCounts });
