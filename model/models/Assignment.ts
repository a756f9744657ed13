import { f, today } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A fee assignment of a customer (seed B §3: incarico): 'Genera compensi' posts `year_duration`
 * yearly charges of `year_amount` from `start_date`, linked to the assignment (PRODUCT.md §5).
 */
export const Assignment = defineModel({
  name: 'Assignment',
  table: 'assignments',
  resource: 'assignments',
  snake: 'assignment',
  formRoute: 'scheda_assignment',
  label: 'Incarico',
  plural: 'Incarichi',
  fields: {
    title: f.text('Titolo', { required: true, max: 255, searchable: true, width: 6 }),
    customers_id: f.relation('Cliente', 'Customer', { required: true, width: 6 }),
    year_amount: f.money('Compenso annuo', { required: true, min: 0 }),
    year_duration: f.integer('Durata (anni)', { required: true, default: 1, min: 1, max: 50 }),
    start_date: f.date('Data inizio', { required: true, default: today, filterable: true }),
    description: f.longtext('Descrizione', { width: 12, searchable: true }),
  },
  list: {
    columns: ['title', 'customers_id', 'year_amount', 'year_duration', 'start_date'],
    sort: { field: 'created_at', desc: true },
    expandField: 'description',
  },
  labelFields: ['title'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
