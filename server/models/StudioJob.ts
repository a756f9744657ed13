/**
 * Behaviour of compliance jobs: when a job's sub-tasks change, the kept done counts of its
 * dashboard cells (job_done_counts) are made again from the statuses, in the same transaction.
 */
import { jobsOfTasks, recountJobs } from '../areas/jobs/queries.js';
import type { ModelHooks } from './hooks.js';

const same = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as number[]) ?? [])].map(Number).sort()) ===
  JSON.stringify([...((b as number[]) ?? [])].map(Number).sort());

export const StudioJobHooks: ModelHooks = {
  async afterChange({ exec, id, row, before }) {
    if (!before || !same(before.task_ids, row.task_ids)) await recountJobs(exec, [id]);
  },
};

/** Tasks deleted forever leave the jobs they were sub-tasks of: those jobs' counts are made again without them. */
export const TaskHooks: ModelHooks = {
  async beforeDelete({ exec, forever }) {
    if (forever.length) await recountJobs(exec, await jobsOfTasks(exec, forever), forever);
  },
};
