/**
 * The outbox (PRODUCT.md §6): every e-mail the product sends is first a row of `mail_outbox`
 * (with its attachments), written in the transaction of the request that asks for it, so a
 * message exists exactly when the request's other writes do. After the commit the request hands
 * the ids to the worker of its process (`deps.mail.handOff(ids)`); the worker's sweep finds any
 * row that was not handed off (server/areas/mail/worker.ts).
 *
 *   const ids = await deps.tx((exec) => enqueueMails(exec, mails));
 *   await deps.mail.handOff(ids);
 */
import type { Exec } from '../../records/exec.js';
import { insertOutbox } from './queries.js';

export interface OutgoingMail {
  /** the studio the message belongs to (its admins see it); null for the vendor's own mail */
  studioId: number | null;
  /** what it is: bollettino, account_balance, contract, word_template… (model/mail.ts MAIL_KINDS) */
  kind: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** the user who asked for it */
  createdBy?: number | null;
}

/** The From of new messages (MAIL_FROM): set once by the application from its settings. */
let mailFrom = 'Gestionale Studi <noreply@localhost>';
export function configureMailFrom(from: string) {
  mailFrom = from;
}
export const currentMailFrom = () => mailFrom;

/** the subject column's size */
const SUBJECT_MAX = 255;

const clean = (list: string[] | undefined) => (list ?? []).map((a) => String(a).trim()).filter(Boolean);

/**
 * Writes one outbox row (and its attachment rows) per message in the caller's transaction and
 * answers their ids. Copies that repeat a recipient (or each other) are dropped. A message
 * without a recipient is a programming error: the caller checks addresses and answers 422.
 */
export async function enqueueMails(exec: Exec, mails: OutgoingMail[]): Promise<number[]> {
  return insertOutbox(
    exec,
    mails.map((m) => {
      const to = [...new Set(clean(m.to))];
      if (!to.length) throw new Error(`enqueueMails: a '${m.kind}' message without a recipient`);
      const seen = new Set(to.map((a) => a.toLowerCase()));
      const cc = clean(m.cc).filter((a) => !seen.has(a.toLowerCase()) && (seen.add(a.toLowerCase()), true));
      const subject = m.subject.replace(/\s+/g, ' ').trim();
      return {
        studioId: m.studioId,
        kind: m.kind,
        from: mailFrom,
        to,
        cc,
        subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
        text: m.text,
        html: m.html ?? null,
        createdBy: m.createdBy ?? null,
        attachments: m.attachments ?? [],
      };
    }),
  );
}
