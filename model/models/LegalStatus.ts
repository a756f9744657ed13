import { f } from '../fields.js';
import { defineModel } from '../define.js';

export const LegalStatus = defineModel({
  name: 'LegalStatus',
  table: 'legal_statuses',
  resource: 'legal_statuses',
  snake: 'legal_status',
  label: 'Forma giuridica',
  plural: 'Forme giuridiche',
  fields: {
    cod: f.text('Codice', { required: true, max: 16, unique: true, searchable: true, filterable: true }),
    description: f.text('Descrizione', { searchable: true }),
  },
  list: { columns: ['cod', 'description'], sort: { field: 'cod' } },
  labelFields: ['cod', 'description'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
