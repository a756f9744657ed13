/**
 * The compliance-jobs dashboard (C44–C47): the jobs, the customers, the done counts, a job's
 * sub-tasks and their change.
 */
import { apiFetch } from '../api/client';
import { queryOf, wrap } from './common';
import type {
  DashboardCustomer,
  DashboardCustomersQuery,
  DoneCounts,
  DoneCountsQuery,
  TaskChanged,
  TaskChangeInput,
  TaskStatus,
} from '../../model/api/jobs';

export type { DashboardCustomer, TaskStatus };

export interface DashboardJob {
  id: number;
  cod: string | null;
  name: string;
  taskCount: number;
  task_ids: number[];
  legal_status_ids: number[];
  studio_job_type?: { label?: string } | null;
}

export const jobCalls = {
  /** GET /api/studio_jobs (seed B §7): the studio's jobs as the dashboard's columns (sub-task count, legal statuses), by name. */
  async studioJobs(params: { signal?: AbortSignal } = {}) {
    return (await wrap(apiFetch<{ data: DashboardJob[] }>('/api/studio_jobs', { signal: params.signal }))).data;
  },
  /** C44: the dashboard's customers (a Collaboratore gets his own; administrators may ask for a collaborator's, 0: without one). */
  async dashboardCustomers(params: { collaboratorId?: number | null; signal?: AbortSignal } = {}) {
    const q = queryOf({
      collaborator_id: params.collaboratorId == null ? undefined : String(params.collaboratorId),
    } satisfies DashboardCustomersQuery);
    const qs = q ? `?${q}` : '';
    return (
      await wrap(
        apiFetch<{ data: DashboardCustomer[] }>(`/api/logged-user/studio-jobs-customers${qs}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C45: done sub-tasks per customer and job for the year. */
  async jobCounts(year: number, params: { signal?: AbortSignal } = {}) {
    return wrap(
      apiFetch<DoneCounts>(
        `/api/customer_task_per_job_count?${queryOf({ year: String(year) } satisfies DoneCountsQuery)}`,
        {
          signal: params.signal,
        },
      ),
    );
  },
  /** C46: the job's sub-tasks with their status for a customer and year. */
  async jobStatuses(jobId: number, customerId: number, year: number, params: { signal?: AbortSignal } = {}) {
    return (
      await wrap(
        apiFetch<{ data: TaskStatus[] }>(`/api/studio_jobs_status/${jobId}/customers/${customerId}/year/${year}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C47: a sub-task done (1) or open (0), with its note. */
  async changeJobState(jobId: number, taskId: number, customerId: number, year: number, body: TaskChangeInput) {
    return apiFetch<TaskChanged>(
      `/api/studio_jobs_status/${jobId}/task/${taskId}/customers/${customerId}/year/${year}/actions/change_state`,
      { method: 'POST', json: body },
    );
  },
};
