/**
 * The Drizzle schema, built from the model declarations. Migrations are generated from it
 * (`npm run db:generate`) and applied at start on PGlite and PostgreSQL alike.
 */
import {
  pgTable, serial, integer, text, varchar, timestamp, jsonb, check,
  primaryKey, uniqueIndex, index, type AnyPgColumn, type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FieldDef } from '../../model/fields.js';
import { FIELD_TYPES } from '../../model/types.js';
import { SERVER_TYPES } from './fieldTypes.js';
import type { ModelDef } from '../../model/define.js';
import { MODELS } from '../../model/registry.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

const tablesByModel = new Map<string, AnyTable>();

/** The model whose rows are the tenants (scope 'tenant'): studio-scoped tables reference it. */
function tenantModel(): ModelDef {
  const tenants = MODELS.filter((m) => m.scope === 'tenant');
  if (tenants.length !== 1) throw new Error(`exactly one tenant model expected, found ${tenants.length}`);
  return tenants[0]!;
}
export const pivotTables = new Map<string, AnyTable>();

/** The model whose rows log in (the one with a password field): session epochs reference it. */
function loginModel(): ModelDef {
  const logins = MODELS.filter((m) => Object.values(m.fields).some((fd) => fd.type === 'password'));
  if (logins.length !== 1) throw new Error(`exactly one model with a password expected, found ${logins.length}`);
  return logins[0]!;
}

const ts = (name: string, precision: 0 | 3 = 3) => timestamp(name, { mode: 'string', precision });

/** NOT NULL when the field is required, unless the model keeps incomplete rows. */
const notNull = (fd: FieldDef, m: ModelDef) => Boolean(fd.required) && !m.incompleteRows && fd.type !== 'manyToMany';

/**
 * The column of a field from its type (server/db/fieldTypes.ts): NOT NULL when the field is
 * required (unless the model keeps incomplete rows), a CHECK for the min/max of a number.
 */
function column(name: string, fd: FieldDef, m: ModelDef) {
  let c = SERVER_TYPES[fd.type].column(name, fd, (ref: string): AnyPgColumn => tableOf(ref).id);
  if (c && notNull(fd, m)) c = c.notNull();
  return c;
}

/** CHECK constraints of the min/max of number fields. */
function rangeChecks(m: ModelDef, t: Record<string, AnyPgColumn>) {
  const out = [];
  for (const [name, fd] of Object.entries(m.fields)) {
    if (!FIELD_TYPES[fd.type].numeric || fd.type === 'relation') continue;
    if (fd.min !== undefined) out.push(check(`${m.table}_${name}_min`, sql`${t[name]} >= ${sql.raw(String(fd.min))}`));
    if (fd.max !== undefined) out.push(check(`${m.table}_${name}_max`, sql`${t[name]} <= ${sql.raw(String(fd.max))}`));
  }
  return out;
}

function build(m: ModelDef): AnyTable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const cols: Record<string, any> = { id: serial('id').primaryKey() };
  if (m.scope === 'studio' && !m.fields.studio_id) {
    cols.studio_id = integer('studio_id').notNull().references((): AnyPgColumn => tableOf(tenantModel().name).id, { onDelete: 'cascade' });
  }
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.type === 'manyToMany') continue;
    cols[name] = column(name, fd, m);
  }
  cols.created_at = ts('created_at').notNull().default(sql`LOCALTIMESTAMP`);
  cols.updated_at = ts('updated_at').notNull().default(sql`LOCALTIMESTAMP`);
  if (m.softDelete) cols.deleted_at = ts('deleted_at');
  const uniques = Object.entries(m.fields).filter(([, fd]) => fd.unique);
  // a lowercase field is unique whatever its letter case and blanks (the records engine compares the same way)
  const key = (t: Record<string, AnyPgColumn>, name: string, fd: FieldDef) => (fd.lowercase ? sql`lower(trim(${t[name]}))` : t[name]);
  return pgTable(m.table, cols, (t) => [
    ...uniques.map(([name, fd]) => m.scope === 'studio' && fd.unique !== 'product'
      ? uniqueIndex(`${m.table}_${name}_uq`).on(t.studio_id, key(t, name, fd))
      : uniqueIndex(`${m.table}_${name}_uq`).on(key(t, name, fd))),
    ...(m.scope === 'studio' ? [index(`${m.table}_studio_idx`).on(t.studio_id)] : []),
    // an optional link is indexed only where it is set: the rows without it (most installments
    // have no service, payment method, assignment or payslip) cost no index entry on insert,
    // and a lookup by value (a list filter, a foreign key check) still uses the index
    ...Object.entries(m.fields).filter(([, fd]) => fd.type === 'relation')
      .map(([name, fd]) => (notNull(fd, m)
        ? index(`${m.table}_${name}_idx`).on(t[name])
        : index(`${m.table}_${name}_idx`).on(t[name]).where(sql`${t[name]} IS NOT NULL`))),
    ...rangeChecks(m, t),
  ]);
}

export function tableOf(modelName: string): AnyTable {
  const t = tablesByModel.get(modelName);
  if (!t) throw new Error(`no table for ${modelName}`);
  return t;
}

for (const m of MODELS) tablesByModel.set(m.name, build(m));
for (const m of MODELS) {
  for (const [, fd] of Object.entries(m.fields)) {
    if (fd.type !== 'manyToMany' || !fd.pivot) continue;
    const p = fd.pivot;
    pivotTables.set(p.table, pgTable(p.table, {
      [p.own]: integer(p.own).notNull().references(() => tableOf(m.name).id, { onDelete: 'cascade' }),
      [p.other]: integer(p.other).notNull().references(() => tableOf(fd.ref!).id, { onDelete: 'cascade' }),
    }, (t) => [primaryKey({ columns: [t[p.own], t[p.other]] }), index(`${p.table}_${p.other}_idx`).on(t[p.other])]));
  }
}

/** Revoked token ids (logout). */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expires_at: ts('expires_at').notNull(),
});

/**
 * The session epoch of a user (no row: 0). Tokens carry the epoch they were issued in (`sv`); a
 * password change or reset moves the epoch on, which ends every token of earlier epochs but the
 * one that made the change (`kept_jti`, the user's own session changing his own password).
 */
export const sessionEpochs = pgTable('session_epochs', {
  user_id: integer('user_id').primaryKey().references((): AnyPgColumn => tableOf(loginModel().name).id, { onDelete: 'cascade' }),
  epoch: integer('epoch').notNull().default(0),
  kept_jti: varchar('kept_jti', { length: 64 }),
});

/** Every create, update, trash, restore and delete of a record. */
export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  studio_id: integer('studio_id'),
  model: varchar('model', { length: 64 }).notNull(),
  record_id: integer('record_id').notNull(),
  action: varchar('action', { length: 16 }).notNull(),
  user_id: integer('user_id'),
  user_name: varchar('user_name', { length: 255 }),
  at: ts('at').notNull().default(sql`LOCALTIMESTAMP`),
  changes: jsonb('changes'),
}, (t) => [index('audit_log_record_idx').on(t.model, t.record_id)]);

/** Key/value settings of the installation. */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

/** Every table, keyed by export name, for migrations. */
export function allTables(): Record<string, unknown> {
  const out: Record<string, unknown> = { revokedTokens, sessionEpochs, auditLog, appSettings };
  for (const m of MODELS) out[m.table] = tableOf(m.name);
  for (const [name, t] of pivotTables) out[name] = t;
  return out;
}
