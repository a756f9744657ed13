import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** A step of a studio job (seed A §3: task, titled 'Sotto Adempimento - Task'). */
export const Task = defineModel({
  name: 'Task',
  table: 'tasks',
  resource: 'tasks',
  snake: 'task',
  label: 'Sotto Adempimento - Task',
  plural: 'Sotto Adempimenti - Task',
  formTitle: 'Sotto Adempimento - Task',
  fields: {
    cod: f.text('Codice', { max: 255, unique: true, searchable: true, filterable: true }),
    name: f.text('Nome', { searchable: true, width: 6 }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: { columns: ['cod', 'name'], sort: { field: 'name' }, expandField: 'note' },
  labelFields: ['name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
