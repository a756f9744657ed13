/**
 * The jobs dashboard's cell (seed B §4): grey when the job has no sub-tasks, green when all are
 * done, red when none is, orange when some are; a distinct state when the customer's legal status
 * is not among the job's (a job that names none applies to every customer).
 */
export type JobCellState = 'notApplicable' | 'empty' | 'done' | 'todo' | 'partial';

export function jobCellState(
  job: { taskCount: number; legal_status_ids: number[] },
  legalStatusId: number | null,
  done: number,
): JobCellState {
  if (job.legal_status_ids.length && (legalStatusId === null || !job.legal_status_ids.includes(legalStatusId)))
    return 'notApplicable';
  if (job.taskCount === 0) return 'empty';
  if (done >= job.taskCount) return 'done';
  if (done <= 0) return 'todo';
  return 'partial';
}

/** The text alternative of each state (never colour alone). */
export const JOB_CELL_TEXT: Record<JobCellState, string> = {
  notApplicable: 'Non applicabile alla forma giuridica del cliente',
  empty: 'Nessun sotto adempimento',
  done: 'Completato',
  todo: 'Da iniziare',
  partial: 'In corso',
};
