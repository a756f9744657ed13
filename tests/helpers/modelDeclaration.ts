/** The smallest model declaration `defineModel` takes (one text field `a`), for the tests of its rules. */
import type { RoleName } from '../../model/define';
import { f } from '../../model/fields';

export const minimalDeclaration = (role: RoleName) => ({
  name: 'X',
  table: 'x',
  resource: 'x',
  snake: 'x',
  label: 'X',
  plural: 'X',
  fields: { a: f.text('A') },
  list: { columns: ['a'] },
  labelFields: ['a'],
  access: { read: role, write: role },
});
