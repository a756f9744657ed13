import { f } from '../fields.js';
import { defineModel } from '../define.js';

export const Role = defineModel({
  name: 'Role',
  table: 'roles',
  resource: 'user/roles',
  snake: 'role',
  formRoute: 'scheda_role',
  label: 'Ruolo',
  plural: 'Ruoli',
  scope: 'global',
  affectsSessions: true,
  fields: {
    // seed B §3: fixed after creation (permissions and grants name the role)
    name: f.text('Nome', { required: true, searchable: true, unique: true, createOnly: true }),
    // seed B §7: the role form's options come from /api/user/permissions
    permission_ids: f.manyToMany(
      'Permessi',
      'Permission',
      { table: 'role_permissions', own: 'role_id', other: 'permission_id' },
      { width: 12, optionsEndpoint: '/api/user/permissions' },
    ),
  },
  list: { columns: ['name'], sort: { field: 'name' } },
  labelFields: ['name'],
  access: { read: 'Admin', write: 'SuperAdmin' },
});
