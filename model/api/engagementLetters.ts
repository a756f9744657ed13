/**
 * The calls of the engagement letter (server/areas/engagements/letter*.ts; issue 49 item 2): the
 * engagement's letters and its state changes (its named actions: send, mark signed, back to draft,
 * end), and the studio's Word template of the letter. One source for the server's schemas, its
 * service's answers and the app's types.
 */
import { z } from 'zod';

const day = z.string().describe('YYYY-MM-DD');
const dateTime = z.string().describe('YYYY-MM-DD HH:MM:SS');

/** Whether a letter's link still accepts: the newest sent, not expired, the engagement still 'sent'. */
export const LETTER_LINK_STATES = [
  { value: 'open', text: 'In attesa di accettazione' },
  { value: 'accepted', text: 'Accettata' },
  { value: 'superseded', text: 'Sostituita da una lettera più recente' },
  { value: 'expired', text: 'Link scaduto' },
  { value: 'closed', text: 'Non più accettabile (incarico non più in attesa)' },
] as const;
export type LetterLinkState = (typeof LETTER_LINK_STATES)[number]['value'];

/** A letter sent by e-mail (the PDF as sent) or a signed scan attached, with its acceptance. */
export const EngagementLetter = z.object({
  id: z.number().int(),
  /** 'mail': sent with the customer's link; 'scan': the letter signed on paper */
  kind: z.enum(['mail', 'scan']),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string().describe('impronta SHA-256 del file'),
  recipient: z.string().nullable(),
  mail_id: z.number().int().nullable(),
  mail_status: z.string().nullable().describe("stato dell'email in 'Posta in uscita'"),
  link_expires: day.nullable(),
  link_state: z.enum(LETTER_LINK_STATES.map((s) => s.value) as [LetterLinkState, ...LetterLinkState[]]).nullable(),
  opened_at: dateTime.nullable(),
  accepted_at: dateTime.nullable(),
  accepted_name: z.string().nullable(),
  accepted_ip: z.string().nullable(),
  created_by_name: z.string(),
  created_at: dateTime,
});
export type EngagementLetter = z.infer<typeof EngagementLetter>;

/**
 * GET /api/engagement/:id/actions/letters, and the answer of every state change: the engagement's
 * state, where the letter would be sent, and its letters, newest first.
 */
export const EngagementLetters = z.object({
  engagement_id: z.number().int(),
  status: z.string(),
  sent_at: dateTime.nullable(),
  signed_at: dateTime.nullable(),
  signed_how: z.string().nullable(),
  ended_at: day.nullable(),
  start_date: day,
  end_date: day.nullable(),
  notice_days: z.number().int(),
  /** the customer's e-mail, else its PEC: where 'Invia al cliente' sends the letter (null: nowhere) */
  recipient: z.string().nullable(),
  services: z.number().int().describe('quanti servizi ha l’incarico'),
  /** the Word letter is the studio's own template ('studio') or the built-in one */
  word_template: z.enum(['studio', 'builtin']),
  updated_at: z.string(),
  letters: z.array(EngagementLetter),
});
export type EngagementLetters = z.infer<typeof EngagementLetters>;

/** POST /api/engagement/:id/actions/end */
export const EngagementEndInput = z.object({
  date: z.string().max(10).optional().describe('data di cessazione (YYYY-MM-DD)'),
  waive_notice: z.boolean().optional().describe('cessazione consensuale: la data può essere prima del preavviso'),
});
export type EngagementEndInput = z.infer<typeof EngagementEndInput>;

/** GET /api/engagement/:id/actions/letter_file */
export const EngagementLetterFileQuery = z.object({ letter_id: z.string().max(12) });

/** The studio's Word template of the letter, as uploaded. */
export const LetterTemplateInfo = z.object({
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploaded_by_name: z.string(),
  uploaded_at: dateTime,
});
export type LetterTemplateInfo = z.infer<typeof LetterTemplateInfo>;

/** A tag the letter's Word template may use. */
export const LetterTag = z.object({ key: z.string(), description: z.string(), group: z.string() });
export type LetterTag = z.infer<typeof LetterTag>;

/** GET /api/engagement_letter_template: the studio's template (null: the built-in one is used) and the tags. */
export const LetterTemplateAnswer = z.object({
  template: LetterTemplateInfo.nullable(),
  tags: z.array(LetterTag),
});
export type LetterTemplateAnswer = z.infer<typeof LetterTemplateAnswer>;

/** The letter's messages the app shows as the server words them. */
export const LETTER_MESSAGES = {
  noServices: "L'incarico non ha servizi: aggiungine almeno uno prima di inviare la lettera",
  noRecipient:
    'Il cliente non ha un indirizzo email né una PEC: indicali nella scheda del cliente prima di inviare la lettera',
  notSendable: 'La lettera si invia solo per un incarico in bozza o già inviato',
  notSignable: 'Si segna come firmato solo un incarico in bozza o inviato',
  notSent: 'Si riporta in bozza solo un incarico inviato e non ancora firmato',
  notSigned: 'Si cessa solo un incarico firmato',
  endDate: 'Indica la data di cessazione',
  endBeforeStart: "La data di cessazione è precedente all'inizio dell'incarico",
  endAfterEnd: "La data di cessazione è successiva alla fine prevista dell'incarico",
  scanKinds: 'La scansione firmata deve essere un PDF, un JPEG o un PNG',
  scanMissing: 'Scegli la scansione della lettera firmata',
  templateAdminOnly: "Solo l'Admin dello studio gestisce il modello della lettera d'incarico",
} as const;
