/**
 * The calls of following up (server/areas/reminders; issue 30): the aging of what is open
 * ('Scadenzario'), the studio's reminder rules ('Solleciti'), the day's run, the review of the
 * reminders and their sending, a customer's history and its 'contestato' mark. One source for the
 * server's schemas and the app's types.
 */
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

/** The filters of GET /api/aging (and of its CSV and PDF). */
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

/** POST /api/reminders/send and /discard */
export const ReminderIdsInput = z.object({ ids: z.array(z.number().int().positive()).min(1).max(5000) });
export const ReminderSendResult = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), business_name: z.string(), reason: z.string() })),
});
export type ReminderSendResult = z.infer<typeof ReminderSendResult>;

/** GET /api/customer/:id/reminders: the history and the 'contestato' mark. */
export const CustomerReminders = z.object({
  contested: z.object({ note: z.string().nullable(), since: z.string(), by: z.string().nullable() }).nullable(),
  reminders: z.array(Reminder),
});
export type CustomerReminders = z.infer<typeof CustomerReminders>;
