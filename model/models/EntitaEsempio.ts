import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * The sample entity of seed B §3: one field of each kind, the proof that a model needs nothing
 * but its declaration (this file) and its line in the registry.
 */
export const EntitaEsempio = defineModel({
  name: 'EntitaEsempio',
  table: 'entita_esempios',
  resource: 'entita_esempios',
  snake: 'entita_esempio',
  label: 'Entità di esempio',
  plural: 'Entità di esempio',
  formRoute: 'scheda_entita_esempio',
  fields: {
    descrizione: f.text('Descrizione', { required: true, max: 255, searchable: true, width: 6 }),
    numero_int: f.integer('Numero intero', { min: -1000, max: 1_000_000, filterable: true }),
    numero_float: f.decimal('Numero decimale', { filterable: true }),
    data_dal: f.date('Data dal', { filterable: true }),
    select: f.choice('Selezione', {
      choices: [
        { value: 'A', text: 'Opzione A' },
        { value: 'B', text: 'Opzione B' },
        { value: 'C', text: 'Opzione C' },
      ],
      filterable: true,
    }),
    valuta: f.money('Valuta', { filterable: true }),
    data_ora: f.datetime('Data e ora', { filterable: true }),
    ora: f.time('Ora', { filterable: true }),
    percentuale: f.percentage('Percentuale', { filterable: true }),
    text: f.longtext('Testo', { max: 5000, width: 12, searchable: true }),
  },
  list: {
    columns: [
      'descrizione',
      'numero_int',
      'numero_float',
      'data_dal',
      'select',
      'valuta',
      'data_ora',
      'ora',
      'percentuale',
    ],
    sort: { field: 'descrizione' },
    expandField: 'text',
    filters: [
      {
        kind: 'toggle',
        field: 'select',
        label: 'Selezione',
        options: [
          { value: 'A', text: 'A' },
          { value: 'B', text: 'B' },
          { value: 'C', text: 'C' },
        ],
      },
      { kind: 'dateInterval', field: 'data_dal', label: 'Data dal' },
    ],
  },
  labelFields: ['descrizione'],
  access: { read: 'Admin', write: 'Admin' },
});
