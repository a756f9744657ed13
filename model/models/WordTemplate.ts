import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A Word template (seed B §3): a .doc/.docx file with `{tag}` placeholders (C74) filled with a
 * customer's and the studio's data (C36, C37). The vendor's SuperAdmin manages them; every
 * studio uses them.
 */
export const WordTemplate = defineModel({
  name: 'WordTemplate',
  table: 'word_templates',
  resource: 'word_templates',
  snake: 'word_template',
  label: 'Modello Word',
  plural: 'Modelli Word',
  formRoute: 'scheda_word_template',
  scope: 'global',
  fields: {
    title: f.text('Titolo', { required: true, max: 255, searchable: true, width: 6 }),
    description: f.longtext('Descrizione', { max: 5000, searchable: true, width: 12 }),
    user_id: f.relation('Caricato da', 'User', { readOnly: true, filterable: false }),
  },
  list: { columns: ['title', 'user_id'], sort: { field: 'title' }, expandField: 'description' },
  labelFields: ['title'],
  attachments: {
    label: 'File Word',
    route: 'word_template_attachments',
    ownerColumn: 'word_template_id',
    kinds: ['doc', 'docx'],
    maxFiles: 1,
    maxBytes: 10 * 1024 * 1024,
    required: true,
  },
  access: { read: 'Collaboratore', write: 'SuperAdmin' },
});
