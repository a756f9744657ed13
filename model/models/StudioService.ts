import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { AML_SERVICES } from '../aml.js';

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
    // issue 48 item 2: the entry of the CNDCEC rules' table of typical services this service is (its
    // inherent risk); billing a customer a service not in his assessment starts a check
    aml_service: f.choice('Prestazione antiriciclaggio (Regola Tecnica 2)', {
      choices: AML_SERVICES.map((s) => ({
        value: s.code,
        text:
          s.inherent == null ? `${s.description} (non soggetta)` : `${s.description} (rischio inerente ${s.inherent})`,
      })),
      width: 12,
    }),
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
