/**
 * The Drizzle schema, built from the model declarations (a model over its area's table, `areaTable`,
 * gets the table its area declares: `registerModelTable`). Migrations are generated from it
 * (`npm run db:generate`) and applied at start on PGlite and PostgreSQL alike.
 */
import {
  pgTable,
  serial,
  integer,
  text,
  varchar,
  timestamp,
  jsonb,
  check,
  boolean,
  customType,
  numeric,
  primaryKey,
  uniqueIndex,
  index,
  type AnyPgColumn,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { FieldDef } from '../../model/fields.js';
import { FIELD_TYPES } from '../../model/types.js';
import { SERVER_TYPES } from './fieldTypes.js';
import type { ModelDef } from '../../model/define.js';
import { MODELS } from '../../model/registry.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

const tablesByModel = new Map<string, AnyTable>();

/** The model whose rows are the tenants (scope 'tenant'): studio-scoped tables reference it. */
export function tenantModel(): ModelDef {
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

/** A timestamp column as the tables keep them: Rome wall clock as text, milliseconds by default. */
export const ts = (name: string, precision: 0 | 3 = 3) => timestamp(name, { mode: 'string', precision });

/** A timestamp the row gets when it is written (`created_at`, `updated_at`, an event's `at`): now by default. */
export const tsNow = (name: string) =>
  ts(name)
    .notNull()
    .default(sql`LOCALTIMESTAMP`);

/** An amount of money as the tables keep it: euros and cents, numeric(14, 2). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A reference to the studio that owns a row, deleted with it (`.notNull()` where every row has one). */
export const studioRef = (name: string) =>
  integer(name).references((): AnyPgColumn => tableOf(tenantModel().name).id, { onDelete: 'cascade' });

/** A column pointing at a row of the model `modelName` that the row goes with (ON DELETE CASCADE). */
export const cascadeRef = (name: string, modelName: string) =>
  integer(name).references((): AnyPgColumn => tableOf(modelName).id, { onDelete: 'cascade' });

/** A column pointing at a row of the model `modelName` that the row outlives: emptied when it goes (ON DELETE SET NULL). */
export const setNullRef = (name: string, modelName: string) =>
  integer(name).references((): AnyPgColumn => tableOf(modelName).id, { onDelete: 'set null' });

/** The first columns of a row that belongs to a studio: its own serial id and the studio's (deleted with it). */
export const studioRowKeys = () => ({
  id: serial('id').primaryKey(),
  studio_id: studioRef('studio_id').notNull(),
});

/** A column pointing at the row of `parent` (a table declared beside it) that the row is a part of (ON DELETE CASCADE). */
export const parentRef = (name: string, parent: AnyTable) =>
  integer(name).references((): AnyPgColumn => parent.id, { onDelete: 'cascade' });

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
  if (m.scope === 'studio' && !m.fields.studio_id) cols.studio_id = studioRef('studio_id').notNull();
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.type === 'manyToMany') continue;
    cols[name] = column(name, fd, m);
  }
  cols.created_at = tsNow('created_at');
  cols.updated_at = tsNow('updated_at');
  if (m.softDelete) cols.deleted_at = ts('deleted_at');
  const uniques = Object.entries(m.fields).filter(([, fd]) => fd.unique);
  // a lowercase field is unique whatever its letter case and blanks (the records engine compares the same way)
  const key = (t: Record<string, AnyPgColumn>, name: string, fd: FieldDef) =>
    fd.lowercase ? sql`lower(trim(${t[name]}))` : t[name];
  return pgTable(m.table, cols, (t) => [
    ...uniques.map(([name, fd]) =>
      m.scope === 'studio' && fd.unique !== 'product'
        ? uniqueIndex(`${m.table}_${name}_uq`).on(
            t.studio_id,
            ...(fd.uniqueWith ?? []).map((w) => t[w]!),
            key(t, name, fd),
          )
        : fd.uniqueExcept
          ? // the rows marked by `uniqueExcept` are outside the uniqueness
            uniqueIndex(`${m.table}_${name}_uq`)
              .on(key(t, name, fd), ...(fd.uniqueWith ?? []).map((w) => t[w]!))
              .where(sql`${t[fd.uniqueExcept]} IS NOT TRUE`)
          : uniqueIndex(`${m.table}_${name}_uq`).on(key(t, name, fd), ...(fd.uniqueWith ?? []).map((w) => t[w]!)),
    ),
    ...(m.scope === 'studio' ? [index(`${m.table}_studio_idx`).on(t.studio_id)] : []),
    // an optional link is indexed only where it is set: the rows without it (most installments
    // have no service, payment method, assignment or payslip) cost no index entry on insert,
    // and a lookup by value (a list filter, a foreign key check) still uses the index
    ...Object.entries(m.fields)
      .filter(([, fd]) => fd.type === 'relation')
      .map(([name, fd]) =>
        notNull(fd, m)
          ? index(`${m.table}_${name}_idx`).on(t[name])
          : index(`${m.table}_${name}_idx`)
              .on(t[name])
              .where(sql`${t[name]} IS NOT NULL`),
      ),
    ...rangeChecks(m, t),
  ]);
}

export function tableOf(modelName: string): AnyTable {
  const t = tablesByModel.get(modelName);
  if (!t) throw new Error(`no table for ${modelName}`);
  return t;
}

/**
 * The table of a model served over its area's table (`areaTable`): the area's tables.ts declares
 * it and registers it here, for `tableOf` (its migrations come from the area's `registerTables`).
 * Every field of the model must be a column of it, as must the columns of its times.
 */
export function registerModelTable(modelName: string, table: AnyTable) {
  const m = MODELS.find((x) => x.name === modelName);
  if (!m?.areaTable) throw new Error(`${modelName}: not a model served over its area's table (areaTable)`);
  const name = getTableName(table);
  if (name !== m.table) throw new Error(`${modelName}: its table is ${m.table}, not ${name}`);
  const columns = new Set(Object.values(getTableColumns(table) as Record<string, AnyPgColumn>).map((c) => c.name));
  const wanted = [
    'id',
    ...(m.scope === 'studio' ? ['studio_id'] : []),
    ...Object.entries(m.fields)
      .filter(([, fd]) => fd.type !== 'manyToMany')
      .map(([n]) => n),
    ...[m.areaTable.created, m.areaTable.updated].filter((c): c is string => !!c),
  ];
  for (const c of wanted) if (!columns.has(c)) throw new Error(`${modelName}: ${m.table} has no column ${c}`);
  tablesByModel.set(modelName, table);
}

// a model over its area's table gets it from the area (registerModelTable)
for (const m of MODELS) if (!m.areaTable) tablesByModel.set(m.name, build(m));
for (const m of MODELS) {
  for (const [, fd] of Object.entries(m.fields)) {
    if (fd.type !== 'manyToMany' || !fd.pivot) continue;
    const p = fd.pivot;
    pivotTables.set(
      p.table,
      pgTable(
        p.table,
        {
          [p.own]: cascadeRef(p.own, m.name).notNull(),
          [p.other]: cascadeRef(p.other, fd.ref!).notNull(),
        },
        (t) => [primaryKey({ columns: [t[p.own], t[p.other]] }), index(`${p.table}_${p.other}_idx`).on(t[p.other])],
      ),
    );
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
  user_id: integer('user_id')
    .primaryKey()
    .references((): AnyPgColumn => tableOf(loginModel().name).id, { onDelete: 'cascade' }),
  epoch: integer('epoch').notNull().default(0),
  kept_jti: varchar('kept_jti', { length: 64 }),
});

/** Every create, update, trash, restore and delete of a record. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    studio_id: integer('studio_id'),
    model: varchar('model', { length: 64 }).notNull(),
    record_id: integer('record_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 255 }),
    at: tsNow('at'),
    changes: jsonb('changes'),
  },
  (t) => [index('audit_log_record_idx').on(t.model, t.record_id)],
);

/** Key/value settings of the installation. */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files uploaded to a record of a model that declares `attachments` (a Word template's .docx):
 * the row describes the file, its bytes are in the storage (server/storage) under `storage_path`.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    owner_model: varchar('owner_model', { length: 64 }).notNull(),
    owner_id: integer('owner_id').notNull(),
    /** the owner's studio; null for records shared by every studio (Word templates) */
    studio_id: studioRef('studio_id'),
    original_filename: varchar('original_filename', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    storage_path: varchar('storage_path', { length: 255 }).notNull(),
    descrizione: varchar('descrizione', { length: 255 }),
    nota: varchar('nota', { length: 255 }),
    marked_for_deletion: boolean('marked_for_deletion').notNull().default(false),
    created_by: integer('created_by'),
    created_at: tsNow('created_at'),
    updated_at: tsNow('updated_at'),
  },
  (t) => [index('attachments_owner_idx').on(t.owner_model, t.owner_id)],
);

/**
 * The outbox (PRODUCT.md §6): every e-mail the product sends, written in the same transaction
 * as the request that asks for it, then delivered by a worker (server/areas/mail).
 * status: queued | sending | sent | failed | kept (no SMTP_URL: kept, not sent).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    studio_id: studioRef('studio_id'),
    /** what the message is: bollettino, contract, account_balance, word_template, contact_form, … */
    kind: varchar('kind', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    from_address: varchar('from_address', { length: 255 }).notNull(),
    to_addresses: jsonb('to_addresses').notNull(),
    cc_addresses: jsonb('cc_addresses')
      .notNull()
      .default(sql`'[]'::jsonb`),
    subject: varchar('subject', { length: 255 }).notNull(),
    body_text: text('body_text').notNull(),
    body_html: text('body_html'),
    tries: integer('tries').notNull().default(0),
    last_error: text('last_error'),
    message_id: varchar('message_id', { length: 255 }),
    created_by: integer('created_by'),
    created_at: tsNow('created_at'),
    updated_at: tsNow('updated_at'),
    sent_at: ts('sent_at'),
  },
  (t) => [index('mail_outbox_studio_idx').on(t.studio_id, t.id), index('mail_outbox_status_idx').on(t.status)],
);

/** The attachments of an outbox message, kept with it (the message is sent as it was asked). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    mail_id: parentRef('mail_id', mailOutbox).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mail_id)],
);

/** Tables of a capability declared beside the schema builder (server/areas/jobs/tables.ts), for migrations. */
const extraTables: Record<string, unknown> = {};
export function registerTables(tables: Record<string, unknown>) {
  Object.assign(extraTables, tables);
}

/** Every table, keyed by export name, for migrations. */
export function allTables(): Record<string, unknown> {
  const out: Record<string, unknown> = {
    revokedTokens,
    sessionEpochs,
    auditLog,
    appSettings,
    attachments,
    mailOutbox,
    mailAttachments,
  };
  for (const m of MODELS) {
    // an area's table comes with its area's tables (registerTables), once
    if (!m.areaTable) out[m.table] = tableOf(m.name);
    else if (!tablesByModel.has(m.name)) throw new Error(`${m.name}: its area did not register its table`);
  }
  for (const [name, t] of pivotTables) out[name] = t;
  Object.assign(out, extraTables);
  return out;
}
