import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** `{resource}.{view|create|update|delete|force_delete}`, seeded for every model. */
export const Permission = defineModel({
  name: 'Permission',
  table: 'permissions',
  resource: 'user/permissions',
  snake: 'permission',
  label: 'Permesso',
  plural: 'Permessi',
  scope: 'global',
  softDelete: false,
  affectsSessions: true,
  fields: {
    name: f.text('Nome', { required: true, searchable: true, unique: true, filterable: true }),
  },
  list: { columns: ['name'], sort: { field: 'name' } },
  labelFields: ['name'],
  access: { read: 'Admin', write: 'SuperAdmin' },
});
