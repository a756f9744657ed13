import { f } from '../fields.js';
import { defineModel } from '../define.js';

export const LegalRepresentative = defineModel({
  name: 'LegalRepresentative',
  table: 'legal_representatives',
  resource: 'legal_representatives',
  snake: 'legal_representative',
  label: 'Legale rappresentante',
  plural: 'Legali rappresentanti',
  fields: {
    cod: f.text('Codice', { max: 16, unique: true, searchable: true }),
    name: f.text('Nome', { required: true, searchable: true }),
    surname: f.text('Cognome', { searchable: true }),
    fiscal_code: f.text('Codice fiscale', { max: 16, rules: ['fiscalCode'], searchable: true }),
    address: f.text('Indirizzo'),
    postal_code: f.text('CAP', { max: 5, min: 5, rules: ['digits'] }),
    city: f.text('Città', { searchable: true, filterable: true }),
    pec: f.text('PEC', { rules: ['email'] }),
    mobile_number: f.text('Cellulare', { rules: ['phone'] }),
    email: f.text('Email', { rules: ['email'], searchable: true }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: { columns: ['cod', 'name', 'surname', 'fiscal_code', 'city', 'email'], sort: { field: 'surname' } },
  labelFields: ['name', 'surname'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
