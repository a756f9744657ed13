/** Converts validated input values to what the database stores. */
import type { FieldDef } from '../../model/fields.js';
import { isEmpty } from '../../model/validators.js';

export function toDbValue(fd: FieldDef, value: unknown): unknown {
  if (fd.type === 'flag') return value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0;
  if (fd.type === 'boolean') return value === true || value === 1 || value === '1' || value === 'true';
  if (isEmpty(value)) return null;
  switch (fd.type) {
    case 'text': case 'longtext': case 'password': return String(value).trim();
    case 'integer': case 'relation': return Number(value);
    case 'money': return Math.round(Number(String(value).replace(',', '.')) * 100) / 100;
    case 'decimal': case 'credit': return Number(String(value).replace(',', '.'));
    case 'date': {
      const s = String(value);
      const it = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
      return it ? `${it[3]}-${it[2]}-${it[1]}` : s.slice(0, 10);
    }
    case 'datetime': {
      const d = new Date(String(value));
      if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(String(value)) && !Number.isNaN(d.getTime())) {
        // an instant: store Europe/Rome wall-clock time
        return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' }).format(d);
      }
      return String(value).replace('T', ' ').slice(0, 19);
    }
    case 'choice': return typeof fd.choices?.[0]?.value === 'number' ? Number(value) : String(value);
    default: return value;
  }
}

/** Same value for the audit comparison (numbers vs numeric strings, dates). */
export const sameValue = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && String(a) === String(b));
