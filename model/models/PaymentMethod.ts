import { f } from '../fields.js';
import { defineModel } from '../define.js';

export const PaymentMethod = defineModel({
  name: 'PaymentMethod',
  table: 'payment_methods',
  resource: 'payment_methods',
  snake: 'payment_method',
  label: 'Metodo di pagamento',
  plural: 'Metodi di pagamento',
  fields: {
    cod: f.text('Codice', { required: true, max: 6, unique: true, searchable: true, filterable: true }),
    description: f.text('Descrizione', { searchable: true }),
  },
  list: { columns: ['cod', 'description'], sort: { field: 'cod' } },
  labelFields: ['cod', 'description'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
