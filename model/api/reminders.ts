/**
 * The calls of following up (server/areas/reminders; issue 30): the aging of what is open
 * ('Scadenzario'), the studio's reminder rules ('Solleciti'), the day's run, the review of the
 * reminders and their sending, a customer's history and its 'contestato' mark. One source for the
 * server's schemas, its service's input and the app's types.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { REMINDER_STATUSES, type AgingBucket } from '../reminders.js';
import { MAIL_STATUSES } from '../mail.js';

const day = z.string().describe('YYYY-MM-DD');
const euro = z.number().describe('euro');

// ---------------------------------------------------------------------------------------------
// Aging

export { AGING_BUCKETS, AGING_LABELS, type AgingBucket } from '../reminders.js';

const Buckets = z.object({
  not_due: euro,
  d1_30: euro,
  d31_60: euro,
  d61_90: euro,
  over_90: euro,
  total: euro,
});
export type AgingBuckets = z.infer<typeof Buckets>;

export const AgingRow = Buckets.extend({
  customer_id: z.number().int(),
  business_name: z.string(),
  collaborator_id: z.number().int().nullable(),
  collaborator: z.string().nullable(),
  legal_status: z.string().nullable(),
  legal_status_cod: z.string().nullable().describe('codice della forma giuridica (es. SRL)'),
  has_mandate: z.boolean(),
  contested: z.boolean(),
  oldest_due: day.nullable(),
});
export type AgingRow = z.infer<typeof AgingRow>;

export const AgingCollaborator = Buckets.extend({
  collaborator_id: z.number().int().nullable(),
  collaborator: z.string().describe("'Senza collaboratore' when none"),
  customers: z.number().int(),
});
export type AgingCollaborator = z.infer<typeof AgingCollaborator>;

/** GET /api/aging */
export const Aging = z.object({
  as_of: day,
  rows: z.array(AgingRow),
  totals: Buckets.extend({ customers: z.number().int() }),
  by_collaborator: z.array(AgingCollaborator),
});
export type Aging = z.infer<typeof Aging>;

/** GET /api/aging (and its CSV and PDF): the filters, each checked by the service (422 on the field). */
export const AgingQuery = z.looseObject({
  collaborator_id: z.string().optional().describe("id del collaboratore di contabilità, o 'none'"),
  legal_status_id: z.string().optional(),
  bucket: z.string().optional().describe('not_due, d1_30, d31_60, d61_90, over_90'),
  mandate: z.string().optional().describe("'with' o 'without' mandato SDD attivo"),
  q: z.string().optional().describe('nome del cliente'),
});
export type AgingQuery = z.infer<typeof AgingQuery>;

/** GET /api/aging/export: the same filters and the file's format. */
export const AgingExportQuery = AgingQuery.extend({ format: z.enum(['csv', 'pdf']).describe('csv o pdf') });
export type AgingExportQuery = z.infer<typeof AgingExportQuery>;

/** The filters of GET /api/aging (and of its CSV and PDF) as the app's screen holds them. */
export interface AgingFilter {
  collaborator_id?: number | 'none';
  legal_status_id?: number;
  bucket?: AgingBucket;
  mandate?: 'with' | 'without';
  q?: string;
}

// ---------------------------------------------------------------------------------------------
// Rules

export const ReminderLevel = z.object({
  level: z.number().int().min(1).max(3),
  days: z.number().int().describe('giorni dopo la scadenza'),
  subject: z.string(),
  text: z.string().describe('testo con i segnaposto {chiave} dei modelli Word e dei solleciti'),
  word_template_id: z.number().int().nullable().describe('lettera Word allegata (facoltativa)'),
  min_amount: euro.describe('scaduto minimo per sollecitare'),
  auto: z.boolean().describe('inviato dalla procedura giornaliera senza revisione'),
});
export type ReminderLevel = z.infer<typeof ReminderLevel>;

export const ReminderSettings = z.object({
  enabled: z.boolean().describe('procedura giornaliera attiva'),
  run_time: z.string().describe('ora della procedura giornaliera (HH:MM, ora italiana)'),
  link_days: z.number().int().describe('giorni di validità del link al cliente'),
  aml_renewal_days: z
    .number()
    .int()
    .describe(
      'antiriciclaggio (issue 48): quanti giorni prima del controllo costante inviare al cliente la dichiarazione da rinnovare (0: mai)',
    ),
  levels: z.array(ReminderLevel).max(3),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** GET /api/reminders/settings: the rules, the keys their texts may use, the last runs. */
export const ReminderSettingsView = ReminderSettings.extend({
  keys: z.array(z.object({ key: z.string(), description: z.string(), group: z.string() })),
  last_run: z
    .object({
      day,
      at: z.string(),
      kind: z.string(),
      proposed: z.number().int(),
      queued: z.number().int(),
      withdrawn: z.number().int(),
    })
    .nullable(),
});
export type ReminderSettingsView = z.infer<typeof ReminderSettingsView>;

/** GET and PUT /api/reminders/settings's answer: the view and the three levels a studio can start from. */
export const ReminderSettingsAnswer = ReminderSettingsView.extend({ suggested: z.array(ReminderLevel) });

/** The most levels of reminder, and the longest subject and text of one. */
export const REMINDER_MAX_LEVELS = 3;
export const REMINDER_MAX_SUBJECT = 200;
export const REMINDER_MAX_TEXT = 10_000;

/** The Italian messages of the rules' form, each on its field ('run_time', 'levels.0.days'…). */
export const REMINDER_SETTINGS_MESSAGES = {
  runTime: 'Ora della procedura non valida: scrivila come HH:MM, es. 08:00',
  linkDays: 'La validità del link va da 1 a 365 giorni',
  amlRenewalDays: 'I giorni di anticipo della dichiarazione antiriciclaggio vanno da 0 (mai) a 90',
  levels: 'Indica i livelli di sollecito (da 1 a 3)',
  tooManyLevels: `Al più ${REMINDER_MAX_LEVELS} livelli di sollecito`,
  noLevel: 'Per attivare la procedura indica almeno un livello di sollecito',
  days: 'Giorni dopo la scadenza: un numero intero da 1 a 730',
  daysOrder: (i: number) => `I giorni del livello ${i + 1} devono essere più di quelli del livello ${i}`,
  subject: "Scrivi l'oggetto del sollecito",
  subjectLength: `L'oggetto è lungo al più ${REMINDER_MAX_SUBJECT} caratteri`,
  text: 'Scrivi il testo del sollecito',
  textLength: `Il testo è lungo al più ${REMINDER_MAX_TEXT} caratteri`,
  wordTemplate: 'Modello Word non valido',
  minAmount: 'Scaduto minimo: un importo da 0 a 1.000.000 con al più due decimali',
} as const;
const M = REMINDER_SETTINGS_MESSAGES;

/** A whole number the form may send as text, within `min`…`max` (`fallback` when missing). */
const whole = (message: string, min: number, max: number, fallback?: number) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((v) => Number(v ?? fallback))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** A text (as `text` reads it) that must not be blank nor longer than `max`, with its two messages. */
const filled = (text: z.ZodString, empty: string, max: number, tooLong: string) =>
  text.superRefine((v, ctx) => {
    if (!v.trim()) ctx.addIssue({ code: 'custom', message: empty });
    else if (v.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
  });

/** What the level's days are in a value that may have failed its own check (NaN when none). */
const daysOf = (level: unknown) =>
  typeof level === 'object' && level !== null ? Number((level as { days?: unknown }).days) : Number.NaN;

/** A level as the form sends it: its place in the list is its level (`level`, if sent, is ignored). */
export const ReminderLevelInput = z.object({
  days: whole(M.days, 1, 730),
  subject: filled(z.string({ error: M.subject }).trim(), M.subject, REMINDER_MAX_SUBJECT, M.subjectLength),
  word_template_id: z
    .union([z.number(), z.string()], { error: M.wordTemplate })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v > 0), M.wordTemplate),
  text: filled(
    z.string({ error: M.text }).overwrite((v) => v.replace(/\r\n?/g, '\n')),
    M.text,
    REMINDER_MAX_TEXT,
    M.textLength,
  ),
  min_amount: z
    .union([z.number(), z.string()], { error: M.minAmount })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? 0 : Number(v)))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 1_000_000 && new Decimal(v).decimalPlaces() <= 2, M.minAmount),
  auto: z.boolean().catch(false).describe('true: inviato senza revisione'),
});

/**
 * PUT /api/reminders/settings (Admin): the rules as the form sends them, every field checked with
 * its Italian message; the placeholders of the texts and the Word letters are checked by the
 * service (they need the server's keys and the studio's templates).
 */
export const ReminderSettingsInput = z
  .object({
    enabled: z.boolean().catch(false).describe('procedura giornaliera attiva'),
    run_time: z
      .string({ error: M.runTime })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.runTime)
      .describe('ora della procedura giornaliera (HH:MM, ora italiana)'),
    link_days: whole(M.linkDays, 1, 365, 60).describe('giorni di validità del link al cliente (predefinito 60)'),
    aml_renewal_days: whole(M.amlRenewalDays, 0, 90, 0).describe(
      'antiriciclaggio: giorni prima del controllo costante in cui inviare la dichiarazione da rinnovare (0: mai; predefinito 0)',
    ),
    levels: z.array(ReminderLevelInput, { error: M.levels }).superRefine(
      // at most three levels, each after more days than the one before (of the first three)
      (levels, ctx) => {
        if (levels.length > REMINDER_MAX_LEVELS) ctx.addIssue({ code: 'custom', message: M.tooManyLevels });
        for (let i = 1; i < Math.min(levels.length, REMINDER_MAX_LEVELS); i++) {
          const days = daysOf(levels[i]);
          if (Number.isInteger(days) && days <= daysOf(levels[i - 1]))
            ctx.addIssue({ code: 'custom', message: M.daysOrder(i), path: [i, 'days'] });
        }
      },
      { when: (p) => Array.isArray(p.value) },
    ),
  })
  .superRefine(
    (s, ctx) => {
      if (s.enabled === true && Array.isArray(s.levels) && s.levels.length === 0)
        ctx.addIssue({ code: 'custom', message: M.noLevel, path: ['levels'] });
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
export type ReminderSettingsInput = z.input<typeof ReminderSettingsInput>;

/** PUT /api/customer/:id/contested: whether the customer disputes what it owes, and why. */
export const ContestedInput = z.looseObject({
  contested: z.boolean().optional().describe('true: contestato (nessun sollecito)'),
  note: z.string().max(2000).nullable().optional(),
});
export type ContestedInput = z.infer<typeof ContestedInput>;

// ---------------------------------------------------------------------------------------------
// Reminders

export { REMINDER_STATUSES, REMINDER_STATUS_LABELS, type ReminderStatus } from '../reminders.js';

export const Reminder = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  business_name: z.string(),
  email: z.string().nullable(),
  level: z.number().int(),
  status: z.enum(REMINDER_STATUSES),
  amount: euro.describe('scaduto sollecitato'),
  items: z.number().int().describe('partite scadute comprese'),
  oldest_due: day.nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable().describe('prima apertura della pagina del cliente'),
  opened_count: z.number().int(),
  withdrawn_at: z.string().nullable(),
  reason: z.string().nullable().describe('perché è stato ritirato o scartato, o perché non si può inviare'),
  mail_id: z.number().int().nullable(),
  mail_status: z
    .enum(MAIL_STATUSES)
    .nullable()
    .describe("lo stato dell'email del sollecito in 'Posta in uscita' (null se non inviato)"),
  mail_error: z.string().nullable().describe("l'ultimo errore di consegna dell'email"),
});
export type Reminder = z.infer<typeof Reminder>;

/** POST /api/reminders/run */
export const ReminderRunResult = z.object({
  day,
  proposed: z.number().int(),
  queued: z.number().int(),
  withdrawn: z.number().int(),
});
export type ReminderRunResult = z.infer<typeof ReminderRunResult>;

/** GET /api/reminders: the filters (each checked by the service). */
export const ReminderListQuery = z.looseObject({
  status: z.string().optional().describe('pending, proposed, queued, sent, withdrawn, discarded, done'),
  q: z.string().optional().describe('nome del cliente'),
});
export type ReminderListQuery = z.infer<typeof ReminderListQuery>;

/** POST /api/reminders/send and /discard */
export const ReminderIdsInput = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });
export type ReminderIdsInput = z.infer<typeof ReminderIdsInput>;
export const ReminderSendResult = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), business_name: z.string(), reason: z.string() })),
});
export type ReminderSendResult = z.infer<typeof ReminderSendResult>;

/** POST /api/reminders/discard's answer: how many proposals were set aside. */
export const RemindersDiscarded = z.object({ discarded: z.number().int() });
export type RemindersDiscarded = z.infer<typeof RemindersDiscarded>;

/** GET /api/customer/:id/reminders: the history and the 'contestato' mark. */
export const CustomerReminders = z.object({
  contested: z.object({ note: z.string().nullable(), since: z.string(), by: z.string().nullable() }).nullable(),
  reminders: z.array(Reminder),
});
export type CustomerReminders = z.infer<typeof CustomerReminders>;
