/**
 * The tables of the customer import (issue 16) beyond the models: the customer imports with their
 * staged file, and which customers each import created or updated (so that an import can be undone
 * as a whole). Registered with the schema for migrations.
 */
import { pgTable, integer, text, jsonb, primaryKey, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, parentRef, registerTables, setNullRef, studioRowKeys, ts, tsNow } from '../../db/tables.js';

/**
 * A customer import: the uploaded file's rows staged until they are imported (`source`: the
 * headers, the count of rows and, once imported, the invalid rows; the rows as text in
 * customer_import_rows), who did it and when, the mapping used and the counts of the result.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    ...studioRowKeys(),
    user_id: setNullRef('user_id', 'User'),
    user_name: text('user_name').notNull(),
    file_name: text('file_name').notNull(),
    file_format: text('file_format').notNull(),
    status: text('status').notNull().default('staged'),
    source: jsonb('source'),
    mapping: jsonb('mapping'),
    created_count: integer('created_count').notNull().default(0),
    updated_count: integer('updated_count').notNull().default(0),
    skipped_count: integer('skipped_count').notNull().default(0),
    invalid_count: integer('invalid_count').notNull().default(0),
    created_at: tsNow('created_at'),
    imported_at: ts('imported_at'),
    undone_at: ts('undone_at'),
    undone_by: text('undone_by'),
    /** while 'importing': when the import last wrote a step (an import whose process died is taken back) */
    heartbeat_at: ts('heartbeat_at'),
  },
  (t) => [
    index('customer_imports_studio_idx').on(t.studio_id, t.created_at),
    check('customer_imports_status', sql`${t.status} IN ('staged', 'importing', 'imported', 'undone')`),
  ],
);

/**
 * The staged file's rows in parts of a thousand (`source` keeps the headers and the count): written
 * and read a part per statement, so that no single statement of the embedded database holds every
 * request for the whole file (issue 45 item 22).
 */
export const customerImportRows = pgTable(
  'customer_import_rows',
  {
    import_id: parentRef('import_id', customerImports).notNull(),
    part: integer('part').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.part] })],
);

/** A customer an import created or updated; `before` holds an updated customer's earlier values. */
export const customerImportItems = pgTable(
  'customer_import_items',
  {
    import_id: parentRef('import_id', customerImports).notNull(),
    customer_id: cascadeRef('customer_id', 'Customer').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
  },
  (t) => [
    primaryKey({ columns: [t.import_id, t.customer_id] }),
    check('customer_import_items_action', sql`${t.action} IN ('created', 'updated')`),
  ],
);

registerTables({ customerImports, customerImportRows, customerImportItems });
