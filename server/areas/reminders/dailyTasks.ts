/**
 * What other areas add to the reminders' daily run of a studio, after the reminders and the AML
 * renewals: each a function of the studio and the day that queues its e-mails and answers how many
 * (the customers' area reminds its late document requests, server/areas/portal). An area registers
 * its task when it is loaded; the run calls every one registered in its process, each claiming its
 * own work so that two processes never send twice.
 */
import type { Database } from '../../db/connection.js';
import type { MailHandOff } from '../mail/index.js';

export interface DailyTaskDeps {
  database: Database;
  mail: MailHandOff;
  serverBaseUrl: string;
}
export type DailyTask = (deps: DailyTaskDeps, studioId: number, day: string) => Promise<number>;

const tasks: Array<{ name: string; run: DailyTask }> = [];

export function addDailyTask(name: string, run: DailyTask) {
  if (!tasks.some((t) => t.name === name)) tasks.push({ name, run });
}

export const dailyTasks = () => [...tasks];
