import { f, today } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * Time a collaborator spent on a customer's service (issue 49 item 4): typed in the weekly sheet
 * or made by the app bar's timer. A Collaboratore sees and writes only his own entries (the row
 * scope of server/models/TimeEntry.ts); the Admin everybody's. Time on a by-time service of a
 * signed engagement becomes its charge at the period's end.
 */
export const TimeEntry = defineModel({
  name: 'TimeEntry',
  table: 'time_entries',
  resource: 'time_entries',
  snake: 'time_entry',
  label: 'Tempo lavorato',
  plural: 'Tempi lavorati',
  fields: {
    user_id: f.relation('Collaboratore', 'User', { filterable: true }),
    customer_id: f.relation('Cliente', 'Customer', { required: true, width: 6, filterable: true }),
    studio_service_id: f.relation('Servizio', 'StudioService', { required: true, width: 6, filterable: true }),
    date: f.date('Data', { required: true, default: today, filterable: true }),
    minutes: f.integer('Durata (minuti)', { required: true, min: 1, max: 1440, filterable: true }),
    note: f.text('Nota', { max: 500, width: 12, searchable: true }),
  },
  list: {
    columns: ['date', 'user_id', 'customer_id', 'studio_service_id', 'minutes', 'note'],
    sort: { field: 'date', desc: true },
    filters: [
      { kind: 'dateInterval', field: 'date', label: 'Data', default: 'currentMonth' },
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
      },
    ],
  },
  labelFields: ['date', 'note'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
