/**
 * Following up (issue 30): the aging of what is open ('Scadenzario', its CSV and PDF), the
 * studio's reminder rules ('Solleciti'), the day's run, the reminders to review and send, and a
 * customer's history with its 'contestato' mark. Errors stay ApiError (422 with the fields).
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc, queryOf } from './common';
import type {
  Aging,
  AgingExportQuery,
  AgingFilter,
  ContestedInput,
  CustomerReminders,
  Reminder,
  ReminderIdsInput,
  ReminderListQuery,
  ReminderRunResult,
  RemindersDiscarded,
  ReminderSendResult,
  ReminderSettingsInput,
  ReminderSettingsView,
  ReminderStatus,
} from '../../model/api/reminders';

export type {
  Aging,
  AgingFilter,
  AgingRow,
  AgingBucket,
  AgingCollaborator,
  CustomerReminders,
  Reminder,
  ReminderLevel,
  ReminderRunResult,
  ReminderSendResult,
  ReminderSettings,
  ReminderSettingsInput,
  ReminderSettingsView,
  ReminderStatus,
} from '../../model/api/reminders';

/** the aging's filters as a query string (empty ones left out) */
export function agingQuery(filter: AgingFilter, extra: Partial<AgingExportQuery> = {}): string {
  return queryOf({ ...filter, ...extra });
}

const json = <T>(path: string, method: string, body?: unknown) =>
  apiFetch<{ data: T }>(path, { method, ...(body === undefined ? {} : { json: body }) }).then((r) => r.data);

export const reminderCalls = {
  /** GET /api/aging: open charges by customer in buckets, totals per bucket and per collaborator. */
  async aging(filter: AgingFilter = {}, params: { signal?: AbortSignal } = {}) {
    const qs = agingQuery(filter);
    return (await apiFetch<{ data: Aging }>(`/api/aging${qs ? `?${qs}` : ''}`, { signal: params.signal })).data;
  },
  /** GET /api/aging/export: 'Scadenzario.csv' or 'Scadenzario.pdf' with the same filters. */
  downloadAging: (filter: AgingFilter, format: AgingExportQuery['format']) =>
    apiDownload(`/api/aging/export?${agingQuery(filter, { format })}`),

  async reminderSettings(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: ReminderSettingsView }>('/api/reminders/settings', { signal: params.signal })).data;
  },
  /** PUT /api/reminders/settings (Admin): 422 with `levels.0.days`… on a bad rule. */
  saveReminderSettings: (body: ReminderSettingsInput) =>
    json<ReminderSettingsView>('/api/reminders/settings', 'PUT', body),
  /** POST /api/reminders/run: today's run now (what is due proposed or queued, what is paid withdrawn). */
  runReminders: () => json<ReminderRunResult>('/api/reminders/run', 'POST'),
  async reminders(
    filter: { status?: ReminderStatus | 'pending'; q?: string } = {},
    params: { signal?: AbortSignal } = {},
  ) {
    const s = queryOf({ status: filter.status || undefined, q: filter.q || undefined } satisfies ReminderListQuery);
    return (await apiFetch<{ data: Reminder[] }>(`/api/reminders${s ? `?${s}` : ''}`, { signal: params.signal })).data;
  },
  /** POST /api/reminders/send (202): the chosen reminders queued for the outbox; those that cannot go, with why. */
  sendReminders: (ids: number[]) =>
    json<ReminderSendResult>('/api/reminders/send', 'POST', { ids } satisfies ReminderIdsInput),
  /** POST /api/reminders/discard: the chosen proposals set aside (not sent). */
  discardReminders: (ids: number[]) =>
    json<RemindersDiscarded>('/api/reminders/discard', 'POST', { ids } satisfies ReminderIdsInput),
  /** GET /api/reminder/{id}/actions/pdf: the reminder's letter with the open items and the payment notice. */
  downloadReminderPdf: (id: number) => apiDownload(`/api/reminder/${enc(id)}/actions/pdf`),
  async customerReminders(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: CustomerReminders }>(`/api/customer/${enc(id)}/reminders`, { signal: params.signal })
    ).data;
  },
  /** PUT /api/customer/{id}/actions/contested: marks (or clears) the customer as disputing what it owes: no reminder goes to it. */
  setContested: (id: string | number, contested: boolean, note?: string | null) =>
    json<CustomerReminders>(`/api/customer/${enc(id)}/actions/contested`, 'PUT', {
      contested,
      note: note ?? null,
    } satisfies ContestedInput),
};
