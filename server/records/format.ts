/** Italian formats for exports: numbers with decimal comma, dates DD-MM-YYYY. */
import type { FieldDef } from '../../model/fields.js';

const money = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions);
const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 5 });

export function formatValue(fd: FieldDef | undefined, value: unknown, opts: { grouping?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && 'label' in (value as object)) return String((value as { label: unknown }).label ?? '');
  switch (fd?.type) {
    case 'money': return opts.grouping === false ? Number(value).toFixed(2).replace('.', ',') : money.format(Number(value));
    case 'decimal': case 'credit': return decimal.format(Number(value)).replace(opts.grouping === false ? /\./g : /^$/, '');
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? `${m[3]}-${m[2]}-${m[1]}` : String(value);
    }
    case 'datetime': {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(String(value));
      return m ? `${m[3]}-${m[2]}-${m[1]} ${m[4]}` : String(value);
    }
    case 'flag': return Number(value) ? 'Sì' : 'No';
    case 'boolean': return value ? 'Sì' : 'No';
    case 'choice': return fd.choices?.find((c) => String(c.value) === String(value))?.text ?? String(value);
    default: return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
