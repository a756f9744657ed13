import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A reusable list of the documents the studio asks its customers for (issue 50 item 2), e.g. 'Documenti
 * per il 730': one document per line, the message the customer reads, and — when it is a compliance
 * job's — the job and the sub-task that turns done for a customer when his request of this list is
 * complete. The requests are made from it one by one, from the customers' bulk bar or for every
 * customer of the job (server/areas/portal/requests.ts); a request keeps its own copy of the lines.
 */
export const DocumentChecklist = defineModel({
  name: 'DocumentChecklist',
  table: 'document_checklists',
  resource: 'document_checklists',
  snake: 'document_checklist',
  label: 'Elenco di documenti da richiedere',
  plural: 'Elenchi di documenti da richiedere',
  fields: {
    name: f.text('Nome', { required: true, max: 120, unique: true, searchable: true, width: 6 }),
    studio_job_id: f.relation('Adempimento', 'StudioJob', { filterable: true, width: 6 }),
    task_id: f.relation('Sotto adempimento completato dalla richiesta', 'Task', { width: 6 }),
    items: f.longtext('Documenti da richiedere (uno per riga)', { required: true, max: 6000, width: 12 }),
    message: f.longtext('Messaggio al cliente', { max: 2000, width: 12 }),
  },
  list: { columns: ['name', 'studio_job_id', 'task_id'], sort: { field: 'name' }, expandField: 'items' },
  labelFields: ['name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
