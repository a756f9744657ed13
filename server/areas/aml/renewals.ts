/**
 * The declaration to renew, e-mailed by the reminders' daily run (issue 48 item 3): when the
 * studio's rules say so ('Solleciti' → regole: days before), each active customer whose controllo
 * costante or identity document falls due within those days (or is already late) gets once, for
 * that date, an e-mail asking him to check his data and sign the declaration again, with the
 * declaration filled from his file (PDF). Through the outbox, like the reminders: the e-mail is
 * written in the transaction that claims it (two processes, one e-mail; a retried run sends none
 * twice), its PDF made before, outside any transaction.
 */
import type { Database } from '../../db/connection.js';
import { execOn, inTransaction } from '../../records/exec.js';
import type { Storage } from '../../storage/index.js';
import { addDays, slashDate } from '../../../model/dates.js';
import { enqueueMails, letter, studioMailData, type MailHandOff } from '../mail/index.js';
import { claimRenewal, markRenewalMail, renewalCandidates } from './amlQueries.js';
import { declarationPdf } from './declaration.js';

/** At most this many declarations per studio and run (the next run sends the rest). */
export const RENEWALS_PER_RUN = 200;

export interface RenewalDeps {
  database: Database;
  storage: Storage;
  mail: MailHandOff;
}

/** The e-mail's text. */
export function renewalText(
  studio: Awaited<ReturnType<typeof studioMailData>>,
  customer: { business_name: string },
  dueOn: string,
  day: string,
) {
  const when = dueOn < day ? `era in scadenza il ${slashDate(dueOn)}` : `è in scadenza il ${slashDate(dueOn)}`;
  return letter(
    studio,
    'lo Studio',
    customer.business_name,
    `Antiriciclaggio: aggiornamento dei dati di ${customer.business_name}`,
    [
      `la normativa antiriciclaggio (D.Lgs. 231/2007) ci chiede di tenere aggiornati i dati raccolti per l’adeguata verifica: il controllo periodico della vostra posizione ${when}.`,
      'Vi chiediamo di verificare la dichiarazione allegata, già compilata con i dati in nostro possesso, di correggere ciò che fosse cambiato (sede, titolari effettivi, documento di identità, attività) e di restituircela firmata, insieme alla copia di un documento di identità in corso di validità.',
    ],
    [],
    ['Se i dati sono invariati basta restituire la dichiarazione firmata. Per qualsiasi dubbio siamo a disposizione.'],
  );
}

/**
 * Sends the declarations due within `days` of `day` for one studio; answers how many e-mails were
 * written. Idempotent per customer and due date.
 */
export async function sendAmlRenewals(
  deps: RenewalDeps,
  studioId: number,
  day: string,
  days: number,
  now = new Date(),
): Promise<number> {
  if (days <= 0) return 0;
  const exec = execOn(deps.database.db);
  const due = await renewalCandidates(exec, studioId, addDays(day, days), RENEWALS_PER_RUN);
  if (!due.length) return 0;
  const studio = await studioMailData(exec, studioId);
  const ids: number[] = [];
  for (const c of due) {
    // the document first (it takes time), then claim and write the e-mail in one transaction
    const pdf = await declarationPdf(exec, deps.storage, studioId, c.id, now, { batch: true });
    const text = renewalText(studio, c, c.due_on, day);
    const id = await inTransaction(deps.database, async (x) => {
      if (!(await claimRenewal(x, studioId, c.id, c.due_on))) return null;
      const [mailId] = await enqueueMails(x, [
        {
          studioId,
          kind: 'aml_declaration',
          to: [c.email],
          subject: text.subject,
          text: text.text,
          html: text.html,
          attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }],
        },
      ]);
      await markRenewalMail(x, studioId, c.id, c.due_on, mailId!);
      return mailId!;
    });
    if (id != null) ids.push(id);
  }
  if (ids.length) await deps.mail.handOff(ids);
  return ids.length;
}
