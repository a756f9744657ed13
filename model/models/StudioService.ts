import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** A service the studio sells, with its cost (seed A §3): used by transactions and bollettini. */
export const StudioService = defineModel({
  name: 'StudioService',
  table: 'studio_services',
  resource: 'studio_services',
  snake: 'studio_service',
  label: 'Servizio dello studio',
  plural: 'Servizi dello studio',
  fields: {
    cod: f.text('Codice', { max: 16, unique: true, searchable: true, filterable: true }),
    description: f.text('Descrizione', { required: true, searchable: true, width: 6 }),
    cost: f.money('Costo', { required: true, min: 0, filterable: true }),
    bank_account_id: f.relation('Conto bancario', 'BankAccount'),
    note: f.longtext('Note', { width: 12 }),
  },
  list: {
    columns: ['cod', 'description', 'cost', 'bank_account_id'],
    sort: { field: 'description' },
    expandField: 'note',
  },
  labelFields: ['description'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
