/**
 * The answers of the compliance-jobs dashboard (server/areas/jobs, C44–C47), one source for the
 * server's answer schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

const id = z.number().int();

/** C44: a customer of the dashboard, with its legal status and collaborator. */
export const DashboardCustomer = z.object({
  id,
  business_name: z.string(),
  legal_status_id: id.nullable(),
  legal_status: z.object({ id, cod: z.string().nullable(), description: z.string().nullable() }).nullable(),
  collaborator_studio_jobs_id: id.nullable(),
});
export type DashboardCustomer = z.infer<typeof DashboardCustomer>;

/** C45: done sub-tasks by customer id and job id. */
export const DoneCounts = z.record(z.string(), z.record(z.string(), z.number().int()));
export type DoneCounts = z.infer<typeof DoneCounts>;

/** C46, C47: a sub-task of a job for one customer and year, with its status (1 done) and note. */
export const TaskStatus = z.object({
  task_id: id,
  cod: z.string().nullable(),
  name: z.string(),
  note: z.string().nullable(),
  status: z.number().int(),
  updated_by: z.string().nullable().describe('chi lo ha cambiato per ultimo'),
  updated_at: z.string().nullable().describe('quando'),
});
export type TaskStatus = z.infer<typeof TaskStatus>;

/** C47's answer: the sub-task as it is now, the job's done count, whether anything changed. */
export const TaskChanged = z.object({
  data: TaskStatus,
  done: z.number().int().describe('sotto adempimenti completati di questo adempimento'),
  changed: z.boolean(),
});
export type TaskChanged = z.infer<typeof TaskChanged>;
