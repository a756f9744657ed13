import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** Bank account of the studio (seed A §3), used by the studio services. */
export const BankAccount = defineModel({
  name: 'BankAccount',
  table: 'bank_accounts',
  resource: 'bank_accounts',
  snake: 'bank_account',
  label: 'Conto bancario',
  plural: 'Conti bancari',
  fields: {
    cod: f.text('Codice', { max: 16, unique: true, searchable: true, filterable: true }),
    name: f.text('Nome', { required: true, searchable: true, width: 6 }),
    iban: f.text('IBAN', { rules: ['iban'], searchable: true, width: 6 }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: { columns: ['cod', 'name', 'iban'], sort: { field: 'name' }, expandField: 'note' },
  labelFields: ['name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
