import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * The payslips (cedolini) of a customer in one month (seed B §3: payslip entry): saved through
 * `POST /api/cedolini` (C48), read per year through `GET /api/cedolini` (C49); each entry posts
 * its charge (PRODUCT.md §5), linked from the transaction.
 */
export const Payslip = defineModel({
  name: 'Payslip',
  table: 'payslips',
  resource: 'payslips',
  snake: 'payslip',
  label: 'Cedolini del mese',
  plural: 'Cedolini',
  fields: {
    customer_id: f.relation('Cliente', 'Customer', { required: true }),
    year: f.integer('Anno', { required: true, min: 1900, max: 2199, filterable: true }),
    month: f.integer('Mese', { required: true, min: 1, max: 12, filterable: true }),
    quantity: f.integer('Quantità', { required: true, min: 0, max: 100_000 }),
  },
  list: { columns: ['customer_id', 'year', 'month', 'quantity'], sort: { field: 'year', desc: true } },
  labelFields: ['year', 'month'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  softDelete: false,
});
