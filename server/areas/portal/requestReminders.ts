/**
 * The reminders of late document requests (issue 50 item 2), made by the reminders' daily run
 * (server/areas/reminders/worker.ts) in the same outbox, with their own text: an open request past
 * its deadline with documents still to send reminds the customer's people in the area the day after
 * the deadline, then every REMIND_EVERY_DAYS days, at most REMIND_MAX times. Each reminder is claimed
 * in the transaction that writes its e-mails (the request's count and day move only if no other run
 * moved them first): never twice, whichever process runs. The e-mail says the request's title, the
 * deadline and how many documents are missing — not which — and where to send them.
 */
import { execOn, inTransaction } from '../../records/exec.js';
import { addDays, displayDate } from '../../../model/dates.js';
import { enqueueMails, letter, studioMailData } from '../mail/index.js';
import { addDailyTask, type DailyTaskDeps } from '../reminders/index.js';
import { portalUrl } from './access.js';
import { claimReminder, lateRequests, peopleEmails } from './requestQueries.js';

export const REMIND_EVERY_DAYS = 7;
export const REMIND_MAX = 3;
/** At most this many requests reminded by one run of a studio (the next run takes the rest). */
const PER_RUN = 500;

export type RequestReminderDeps = DailyTaskDeps;

/** Sends the reminders due on `day` (YYYY-MM-DD) in a studio; answers how many e-mails were queued. */
export async function sendRequestReminders(deps: RequestReminderDeps, studioId: number, day: string): Promise<number> {
  const exec = execOn(deps.database.db);
  const again = addDays(day, -REMIND_EVERY_DAYS);
  const due = await lateRequests(exec, studioId, day, again, REMIND_MAX, PER_RUN);
  if (!due.length) return 0;
  const studio = await studioMailData(exec, studioId);
  const area = portalUrl(deps.serverBaseUrl);
  const ids: number[] = [];
  for (const r of due) {
    const made = await inTransaction(deps.database, async (x) => {
      if (!(await claimReminder(x, r.id, day, again, REMIND_MAX))) return [];
      const people = (await peopleEmails(x, studioId, [r.customerId])).get(r.customerId) ?? [];
      const missing = r.missing;
      return enqueueMails(
        x,
        people.map((to) => {
          const text = letter(studio, studio.name ?? 'Lo studio', to, `Promemoria: documenti da inviare – ${r.title}`, [
            `le ricordiamo che per la richiesta "${r.title}", con scadenza il ${displayDate(r.due)}, lo studio attende ancora ${missing === 1 ? 'un documento' : `${missing} documenti`}.`,
            "Può inviarli dal telefono o dal computer, anche come foto, nell'area clienti:",
            area,
            "Se non ha un documento, lo indichi nell'area clienti con una nota per lo studio.",
          ]);
          return {
            studioId,
            kind: 'portal_reminder',
            to: [to],
            subject: text.subject,
            text: text.text,
            html: text.html,
          };
        }),
      );
    });
    ids.push(...made);
  }
  if (ids.length) await deps.mail.handOff(ids);
  return ids.length;
}

addDailyTask('richieste di documenti in ritardo', sendRequestReminders);
