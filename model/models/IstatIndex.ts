import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A monthly value of ISTAT's FOI index (prezzi al consumo per le famiglie di operai e impiegati, al
 * netto dei tabacchi) as published, entered by the studio: the ISTAT update of an engagement's fees
 * compares the month before the anniversary with the same month a year before (model/engagements.ts).
 */
export const IstatIndex = defineModel({
  name: 'IstatIndex',
  table: 'istat_indices',
  resource: 'istat_indices',
  snake: 'istat_index',
  label: 'Indice ISTAT FOI',
  plural: 'Indici ISTAT FOI',
  softDelete: false,
  fields: {
    year: f.integer('Anno', {
      required: true,
      min: 1990,
      max: 2199,
      filterable: true,
      unique: true,
      uniqueWith: ['month'],
    }),
    month: f.integer('Mese', { required: true, min: 1, max: 12, filterable: true }),
    value: f.decimal('Indice (base 2015 = 100)', { required: true, min: 1, max: 1000 }),
    note: f.text('Nota', { max: 255, width: 12 }),
  },
  list: { columns: ['year', 'month', 'value', 'note'], sort: { field: 'year', desc: true } },
  labelFields: ['year', 'month'],
  access: { read: 'Collaboratore', write: 'Admin' },
});
