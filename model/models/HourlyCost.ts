import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * What an hour of a collaborator costs the studio (issue 49 item 4), for 'Redditività': Admin only.
 * One per collaborator and date from which it holds: an hour is valued at the cost in force on its day.
 */
export const HourlyCost = defineModel({
  name: 'HourlyCost',
  table: 'hourly_costs',
  resource: 'hourly_costs',
  snake: 'hourly_cost',
  label: 'Costo orario del collaboratore',
  plural: 'Costi orari dei collaboratori',
  softDelete: false,
  fields: {
    user_id: f.relation('Collaboratore', 'User', {
      required: true,
      unique: true,
      uniqueWith: ['valid_from'],
      width: 6,
    }),
    valid_from: f.date('Valido dal', { required: true, filterable: true }),
    cost: f.money('Costo orario', { required: true, min: 0, max: 1000 }),
    note: f.text('Nota', { max: 255, width: 12 }),
  },
  list: { columns: ['user_id', 'valid_from', 'cost', 'note'], sort: { field: 'valid_from', desc: true } },
  labelFields: ['cost'],
  access: { read: 'Admin', write: 'Admin' },
});
