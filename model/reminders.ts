/**
 * The names of following up (issue 30) shared by the server and the app without zod: the aging's
 * buckets and the reminders' statuses, with their Italian labels.
 */

/** The buckets of the aging, by days past the due date. */
export const AGING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  not_due: 'Non scaduto',
  d1_30: '1–30 giorni',
  d31_60: '31–60 giorni',
  d61_90: '61–90 giorni',
  over_90: 'Oltre 90 giorni',
};

export const REMINDER_STATUSES = ['proposed', 'queued', 'sent', 'withdrawn', 'discarded'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  proposed: 'Da rivedere',
  queued: 'In invio',
  sent: 'Inviato',
  withdrawn: 'Ritirato',
  discarded: 'Scartato',
};
