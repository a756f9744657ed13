import { sql } from 'drizzle-orm';
import { Studio } from '../../model/models/Studio.js';
import type { Exec } from '../records/exec.js';
import { ident } from '../records/sql.js';

/** The studio fields required by seed B §5 that are empty: `[{field, label}]`. */
export async function missingRequiredFields(exec: Exec, studioId: number) {
  const required = Object.entries(Studio.fields).filter(([, fd]) => fd.required);
  const rows = await exec(sql`SELECT ${sql.join(required.map(([n]) => ident(n)), sql`, `)} FROM "studios" WHERE "id" = ${studioId}`);
  const row = rows[0] ?? {};
  return required.filter(([n]) => row[n] == null || String(row[n]).trim() === '').map(([field, fd]) => ({ field, label: fd.label }));
}
