/**
 * The service rows of an e-invoice (seed B §3: e_document_services; issue 13), beyond its model:
 * named here, not in the generic schema builder (tables.ts names no model); registered with it
 * for migrations. A row keeps what was invoiced (description, quantity, unit price, VAT rate and
 * Natura), not a link that could change it later: the studio service it was picked from is a hint.
 */
import { pgTable, serial, integer, text, numeric, varchar, check, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, registerTables, setNullRef } from '../../db/tables.js';

export const eDocumentServices = pgTable(
  'e_document_services',
  {
    id: serial('id').primaryKey(),
    e_document_id: cascadeRef('e_document_id', 'EDocument').notNull(),
    position: integer('position').notNull(),
    studio_service_id: setNullRef('studio_service_id', 'StudioService'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    vat: numeric('vat', { precision: 5, scale: 2 }).notNull(),
    nature: varchar('nature', { length: 8 }),
    // the charge this row invoices (issue 28: invoices from the charges); a charge is invoiced by
    // at most one row of a document not in the trash (checked under the studio's invoicing lock)
    transaction_id: setNullRef('transaction_id', 'Transaction'),
    // the row's share of the invoice's payable (ImportoPagamento, split by the rows' totals to the
    // cent): what the charge it invoices leaves the customer to pay (issue 45 item 1)
    payable: numeric('payable', { precision: 12, scale: 2 }),
  },
  (t) => [
    index('e_document_services_document_idx').on(t.e_document_id, t.position),
    index('e_document_services_transaction_idx')
      .on(t.transaction_id)
      .where(sql`${t.transaction_id} IS NOT NULL`),
    check('e_document_services_quantity', sql`${t.quantity} > 0`),
    check('e_document_services_price', sql`${t.price} > 0`),
    check('e_document_services_vat', sql`${t.vat} >= 0 AND ${t.vat} <= 100`),
  ],
);

registerTables({ eDocumentServices });
