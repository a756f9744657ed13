/** The fields a CSV export may contain, shared by the export dialog and the server. */
import type { FieldDef } from './fields.js';
import type { ModelDef } from './define.js';

const SYSTEM: Record<'id' | 'created_at' | 'updated_at', FieldDef> = {
  id: { type: 'integer', label: 'ID' },
  created_at: { type: 'datetime', label: 'Creato il' },
  updated_at: { type: 'datetime', label: 'Modificato il' },
};

/**
 * Every visible field except many-to-many lists and images, between id and the timestamps (those
 * the table has: an area's table may have neither, `areaTable`).
 */
export function exportColumns(model: ModelDef): Array<[string, FieldDef]> {
  const own = Object.entries(model.fields).filter(
    ([, fd]) => !fd.hidden && fd.type !== 'manyToMany' && !fd.rules?.includes('image'),
  );
  const times = (['created_at', 'updated_at'] as const).filter(
    (k) => !model.areaTable || model.areaTable[k === 'created_at' ? 'created' : 'updated'] !== null,
  );
  return [['id', SYSTEM.id], ...own, ...times.map((k): [string, FieldDef] => [k, SYSTEM[k]])];
}
