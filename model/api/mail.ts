/**
 * The requests and answers of the mail outbox (server/areas/mail): one source for the server's
 * schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';
import { MAIL_STATUSES } from '../mail.js';

const Status = z.enum(MAIL_STATUSES);
/** A message of the outbox ('Posta in uscita'). */
export const MailRow = z
  .object({
    id: z.number().int(),
    studio_id: z.number().int().nullable().describe('studio del messaggio (null: posta del fornitore)'),
    studio_name: z.string().nullable(),
    kind: z.string().describe('bollettino, account_balance, contract, word_template…'),
    kind_label: z.string().describe('tipo in italiano'),
    status: Status.describe(
      'queued (In coda), sending (In invio), sent (Inviata), failed (Non inviata), kept (Trattenuta: SMTP non configurato)',
    ),
    status_label: z.string(),
    tries: z.number().int().describe('tentativi di invio fatti'),
    last_error: z.string().nullable().describe('ultimo errore di invio'),
    from: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    created_at: z.string().describe('YYYY-MM-DD HH:MM:SS (ora di Roma)'),
    updated_at: z.string(),
    sent_at: z.string().nullable(),
    attachments: z.number().int().describe('numero di allegati'),
  })
  .describe('Messaggio della posta in uscita');
/** One message with its text and files. */
export const MailDetail = MailRow.extend({
  body_text: z.string(),
  body_html: z.string().nullable(),
  message_id: z.string().nullable(),
  created_by_name: z.string().nullable().describe('chi lo ha inviato'),
  files: z.array(
    z.object({
      id: z.number().int(),
      filename: z.string(),
      content_type: z.string(),
      size: z.number().int().describe('byte'),
    }),
  ),
});
export type MailRow = z.infer<typeof MailRow>;
export type MailDetail = z.infer<typeof MailDetail>;

/** A page of the outbox, newest first, with the count of each state. */
export const MailOutboxPage = z.object({
  data: z.array(MailRow),
  meta: z.object({
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
    counts: z.partialRecord(Status, z.number().int()).describe('messaggi per stato (tutti gli stati)'),
    smtp_configured: z.boolean().describe('falso: SMTP_URL non impostato, i messaggi restano trattenuti'),
  }),
});
export type MailOutboxPage = z.infer<typeof MailOutboxPage>;

/** The page sizes of the outbox's list. */
export const MAIL_PER_PAGE_DEFAULT = 25;
export const MAIL_PER_PAGE_MAX = 200;

/** GET /api/mail_outbox: the state and the page (each checked by the route, 422 on the field). */
export const MailOutboxQuery = z.looseObject({
  status: z.string().optional().describe('solo i messaggi in questo stato (queued, sending, sent, failed, kept)'),
  page: z.string().optional().describe('pagina (da 1)'),
  items_per_page: z
    .string()
    .optional()
    .describe(`messaggi per pagina (1–${MAIL_PER_PAGE_MAX}, predefinito ${MAIL_PER_PAGE_DEFAULT})`),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuery>;

/** A message of the outbox in the address. */
export const MailParams = z.object({ id: z.string().describe('id del messaggio') });
/** A file of a message of the outbox in the address. */
export const MailAttachmentParams = MailParams.extend({ attachmentId: z.string().describe("id dell'allegato") });

/** 'Riprova': the message queued again. */
export const MailRetried = z.object({ message: z.string(), data: MailDetail });
export type MailRetried = z.infer<typeof MailRetried>;

/** The answer of a send by e-mail (C20, C31, C32, C36): the messages queued in the outbox. */
export const MailQueued = z.object({
  message: z.string().describe('esito in italiano'),
  data: z.object({
    queued: z.number().int().describe('messaggi messi in coda'),
    ids: z.array(z.number().int()).describe('id dei messaggi nella posta in uscita'),
  }),
});
export type MailQueued = z.infer<typeof MailQueued>;
