/**
 * The SQL of what the studio sends in the customers' area (issue 50 item 3): the customer's
 * electronic invoices that SdI has — sent, delivered or not, never a draft nor a rejected one (as
 * the e-invoices' `sentFiles`), each with a transmission — and whether the customer has opened each;
 * and what the studio's list of openings names each document by (the invoice's type, number and
 * date; the movement of a payment notice; the declaration's title; the signed mandate's reference).
 * Always scoped to the studio and the customer: another one's id is not found.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';

/** An invoice as the area lists it. */
export interface AreaInvoice {
  id: number;
  type: 'TD01' | 'TD04';
  number: string;
  /** YYYY-MM-DD */
  date: string;
  total: number;
  sdi_status: string;
  /** the customer has downloaded its PDF or its XML */
  opened: boolean;
}

/** what makes an invoice the area's: the customer's, SdI has it (not a draft, not rejected), a file went */
const areaInvoice = (studioId: number, customerId: number) =>
  sql`d."studio_id" = ${studioId} AND d."customer_id" = ${customerId} AND d."deleted_at" IS NULL
    AND coalesce(d."sdi_status", 'bozza') NOT IN ('bozza', 'scartata')
    AND EXISTS (SELECT 1 FROM "sdi_transmissions" t WHERE t."e_document_id" = d."id" AND t."studio_id" = d."studio_id")`;

/** The customer's invoices that SdI has, newest first. */
export async function areaInvoiceRows(exec: Exec, studioId: number, customerId: number): Promise<AreaInvoice[]> {
  const rows = await exec(sql`SELECT d."id", d."type", d."number", to_char(d."date", 'YYYY-MM-DD') AS "date",
      d."total"::text AS "total", d."sdi_status",
      EXISTS (SELECT 1 FROM "portal_openings" o WHERE o."customer_id" = d."customer_id"
        AND o."kind" IN ('fattura_pdf', 'fattura_xml') AND o."ref_id" = d."id") AS "opened"
    FROM "e_documents" d WHERE ${areaInvoice(studioId, customerId)}
    ORDER BY d."date" DESC, d."id" DESC LIMIT 500`);
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type === 'TD04' ? 'TD04' : 'TD01',
    number: String(r.number),
    date: String(r.date),
    total: Number(r.total ?? 0),
    sdi_status: String(r.sdi_status),
    opened: r.opened === true,
  }));
}

/** Whether the invoice is one of the customer's the area shows. */
export async function isAreaInvoice(exec: Exec, studioId: number, customerId: number, id: number): Promise<boolean> {
  const [r] = await exec(
    sql`SELECT 1 AS "x" FROM "e_documents" d WHERE d."id" = ${id} AND ${areaInvoice(studioId, customerId)}`,
  );
  return Boolean(r);
}

/** The customer's invoices among `ids` (any state), by id: type, number, date. */
export async function invoicesNamed(exec: Exec, studioId: number, customerId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { type: string; number: string; date: string }>();
  const rows = await exec(sql`SELECT "id", "type", "number", to_char("date", 'YYYY-MM-DD') AS "date" FROM "e_documents"
    WHERE "id" = ANY(${idArray(ids)}) AND "studio_id" = ${studioId} AND "customer_id" = ${customerId}`);
  return new Map(
    rows.map((r) => [Number(r.id), { type: String(r.type), number: String(r.number), date: String(r.date) }]),
  );
}

/** The customer's movements among `ids` (trashed ones too), by id: type and note. */
export async function movementsNamed(exec: Exec, studioId: number, customerId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { type: string; note: string | null }>();
  const rows = await exec(sql`SELECT "id", "type", "transaction_note" AS "note" FROM "transactions"
    WHERE "id" = ANY(${idArray(ids)}) AND "studio_id" = ${studioId} AND "customer_id" = ${customerId}`);
  return new Map(
    rows.map((r) => [Number(r.id), { type: String(r.type), note: r.note == null ? null : String(r.note) }]),
  );
}

/** The customer's declarations to accept among `ids`, by id: their title. */
export async function acceptancesNamed(exec: Exec, studioId: number, customerId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await exec(sql`SELECT "id", "title" FROM "portal_acceptances"
    WHERE "id" = ANY(${idArray(ids)}) AND "studio_id" = ${studioId} AND "customer_id" = ${customerId}`);
  return new Map(rows.map((r) => [Number(r.id), String(r.title)]));
}

/** The customer's mandates signed in the area among `ids` (signatures), by id: the mandate's reference. */
export async function mandatesNamed(exec: Exec, studioId: number, customerId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string | null>();
  const rows = await exec(sql`SELECT s."id", m."reference" FROM "portal_mandate_signatures" s
    LEFT JOIN "sdd_mandates" m ON m."id" = s."mandate_id"
    WHERE s."id" = ANY(${idArray(ids)}) AND s."studio_id" = ${studioId} AND s."customer_id" = ${customerId}`);
  return new Map(rows.map((r) => [Number(r.id), r.reference == null ? null : String(r.reference)]));
}
