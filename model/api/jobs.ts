/**
 * The requests and answers of the compliance-jobs dashboard (server/areas/jobs, C44–C47), one
 * source for the server's schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

const id = z.number().int();

// ---------------------------------------------------------------------------------------------
// Requests: each value is checked by the route, with its Italian message

/** C44 GET /api/logged-user/studio-jobs-customers */
export const DashboardCustomersQuery = z.looseObject({
  collaborator_id: z
    .string()
    .optional()
    .describe('solo amministratori: i clienti di questo collaboratore (0: senza collaboratore)'),
});
export type DashboardCustomersQuery = z.infer<typeof DashboardCustomersQuery>;

/** C45 GET /api/customer_task_per_job_count */
export const DoneCountsQuery = z.looseObject({
  year: z.string().optional().describe('anno (obbligatorio)'),
  customer_id: z.string().optional().describe('un solo cliente'),
  studio_job_id: z.string().optional().describe('un solo adempimento'),
});
export type DoneCountsQuery = z.infer<typeof DoneCountsQuery>;

/** C46: the job, the customer and the year of the address. */
export const JobTaskParams = z.object({ job: z.string(), customer: z.string(), year: z.string() });
/** C47: and the sub-task. */
export const JobTaskChangeParams = JobTaskParams.extend({ task: z.string() });

/** C47 POST …/actions/change_state */
export const TaskChangeInput = z.looseObject({
  status: z.union([z.number(), z.string(), z.boolean()]).optional().describe('0 da fare, 1 fatto'),
  note: z.string().nullish().describe('nota (al più 1000 caratteri)'),
});
export type TaskChangeInput = z.infer<typeof TaskChangeInput>;

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
