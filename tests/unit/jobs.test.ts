/** The jobs dashboard's cell rule (seed B §4, model/jobs.ts). */
import { describe, expect, it } from 'vitest';
import { jobCellState, JOB_CELL_TEXT } from '../../model/jobs';
import { formatValue } from '../../model/types';
import { modelByName } from '../../model/registry';

describe('jobCellState', () => {
  const job = { taskCount: 4, legal_status_ids: [3, 5] };
  it('grey without sub-tasks, green all done, red none, orange some', () => {
    expect(jobCellState({ taskCount: 0, legal_status_ids: [] }, 3, 0)).toBe('empty');
    expect(jobCellState(job, 3, 4)).toBe('done');
    expect(jobCellState(job, 3, 0)).toBe('todo');
    expect(jobCellState(job, 5, 2)).toBe('partial');
  });
  it("a customer whose legal status is not among the job's (or has none) is not applicable; a job naming none applies to all", () => {
    expect(jobCellState(job, 7, 4)).toBe('notApplicable');
    expect(jobCellState(job, null, 0)).toBe('notApplicable');
    expect(jobCellState({ taskCount: 2, legal_status_ids: [] }, null, 1)).toBe('partial');
  });
  it('every state has a text (never colour alone)', () => {
    for (const s of ['notApplicable', 'empty', 'done', 'todo', 'partial'] as const)
      expect(JOB_CELL_TEXT[s].length).toBeGreaterThan(5);
  });
});

describe('the jobs list', () => {
  it("a many-to-many column reads as a count (a job's sub-tasks), never as a list of ids", () => {
    const fd = modelByName.get('StudioJob')!.fields.task_ids!;
    expect(formatValue(fd, [8, 15, 16])).toBe('3');
    expect(formatValue(fd, [])).toBe('0');
    expect(fd.countAs).toBe('taskCount');
  });
});
