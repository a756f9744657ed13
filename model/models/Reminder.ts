import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { REMINDER_STATUSES, REMINDER_STATUS_LABELS } from '../reminders.js';

const STATUSES = REMINDER_STATUSES.map((s) => ({ value: s, text: REMINDER_STATUS_LABELS[s] }));

/**
 * A reminder to a customer (issue 30): one per customer and level, proposed or queued by the
 * day's run, sent, withdrawn (paid, disputed, superseded) or discarded by the calls of 'Solleciti';
 * its letter is the action `pdf` (server/models/ReminderActions.ts). Read here over the area's own
 * table (`reminders`, server/areas/reminders/tables.ts). Its REST path is the singular
 * `/api/reminder`: `GET /api/reminders` is the area's list of 'Solleciti'.
 */
export const Reminder = defineModel({
  name: 'Reminder',
  table: 'reminders',
  resource: 'reminder',
  snake: 'reminder',
  label: 'Sollecito',
  plural: 'Solleciti',
  softDelete: false,
  areaTable: { created: 'created_at', updated: null },
  fields: {
    day: f.date('Data', { readOnly: true, filterable: true }),
    customer_id: f.relation('Cliente', 'Customer', { readOnly: true, width: 6 }),
    level: f.choice('Livello', {
      choices: [
        { value: 1, text: '1° sollecito' },
        { value: 2, text: '2° sollecito' },
        { value: 3, text: '3° sollecito' },
      ],
      readOnly: true,
      filterable: true,
    }),
    amount: f.money('Importo scaduto', { readOnly: true, filterable: true }),
    status: f.choice('Stato', { choices: STATUSES, readOnly: true, filterable: true }),
    queued_at: f.datetime('In invio dal', { readOnly: true }),
    sent_at: f.datetime('Inviato il', { readOnly: true, filterable: true }),
    opened_at: f.datetime('Aperto il', { readOnly: true }),
    opened_count: f.integer('Aperture', { readOnly: true }),
    link_expires: f.date('Link valido fino al', { readOnly: true }),
    withdrawn_at: f.datetime('Ritirato il', { readOnly: true }),
    reason: f.longtext('Motivo', { readOnly: true, searchable: true }),
  },
  list: {
    columns: ['day', 'customer_id', 'level', 'amount', 'status', 'sent_at', 'opened_count'],
    sort: { field: 'day', desc: true },
    parentField: 'customer_id',
    filters: [
      { kind: 'dateInterval', field: 'day', label: 'Data' },
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
        hideWithParent: true,
      },
      { kind: 'toggle', field: 'status', label: 'Stato', options: STATUSES },
    ],
    status: {
      field: 'status',
      values: {
        proposed: { text: REMINDER_STATUS_LABELS.proposed, color: 'warning', icon: 'Edit' },
        queued: { text: REMINDER_STATUS_LABELS.queued, color: 'info', icon: 'HourglassEmpty' },
        sent: { text: REMINDER_STATUS_LABELS.sent, color: 'success', icon: 'Send' },
        withdrawn: { text: REMINDER_STATUS_LABELS.withdrawn, color: 'default', icon: 'DoNotDisturbOn' },
        discarded: { text: REMINDER_STATUS_LABELS.discarded, color: 'default', icon: 'Block' },
      },
    },
  },
  labelFields: ['day'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy: "la procedura dei solleciti ('Solleciti': POST /api/reminders/run, /send, /discard)",
  madeIn: { title: 'Solleciti', path: '/solleciti' },
  readOnly: true,
});
