import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * The hourly rate of a service of the studio (issue 49 item 4): what an hour of it is charged on a
 * by-time service (the engagement's line starts from it) and what 'Redditività' values the hours at.
 * Admin only. One per service and date from which it holds (the rate in force on the day).
 */
export const ServiceRate = defineModel({
  name: 'ServiceRate',
  table: 'service_rates',
  resource: 'service_rates',
  snake: 'service_rate',
  label: 'Tariffa oraria del servizio',
  plural: 'Tariffe orarie dei servizi',
  softDelete: false,
  fields: {
    studio_service_id: f.relation('Servizio', 'StudioService', {
      required: true,
      unique: true,
      uniqueWith: ['valid_from'],
      width: 6,
    }),
    valid_from: f.date('Valido dal', { required: true, filterable: true }),
    rate: f.money('Tariffa oraria', { required: true, min: 0, max: 1000 }),
    note: f.text('Nota', { max: 255, width: 12 }),
  },
  list: { columns: ['studio_service_id', 'valid_from', 'rate', 'note'], sort: { field: 'valid_from', desc: true } },
  labelFields: ['rate'],
  access: { read: 'Admin', write: 'Admin' },
});
