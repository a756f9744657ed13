/**
 * E-invoices (seed B §3, C51–C57; issue 13) read and written in a few statements scoped to the
 * caller's studio: the service rows and totals of a document, the next number of a year, and
 * everything the FatturaPA XML of a set of documents needs (studio, customers, corrected invoice).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { HttpError } from '../../errors.js';
import type { FatturaPaData, EDocumentRowInput, EDocumentTotals } from './fatturapa.js';
import { fromCents } from '../../../model/money.js';
import { invoicePayment } from '../../../model/collectionMethod.js';
import { isWithholdingAgent, payableShares } from '../../../model/eDocument.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));

export interface StoredRow extends EDocumentRowInput {
  id: number;
  studio_service_id: number | null;
}

/** The rows of these documents, in order, by document id. */
export async function rowsOf(exec: Exec, docIds: number[]): Promise<Map<number, StoredRow[]>> {
  const out = new Map<number, StoredRow[]>();
  if (!docIds.length) return out;
  const rows =
    await exec(sql`SELECT "id", "e_document_id", "studio_service_id", "description", "quantity", "price"::text AS "price", "vat"::text AS "vat", "nature"
    FROM "e_document_services" WHERE "e_document_id" = ANY(${idArray(docIds)}) ORDER BY "e_document_id", "position", "id"`);
  for (const r of rows) {
    const list = out.get(Number(r.e_document_id)) ?? [];
    list.push({
      id: Number(r.id),
      studio_service_id: r.studio_service_id == null ? null : Number(r.studio_service_id),
      description: String(r.description),
      quantity: Number(r.quantity),
      price: String(r.price),
      vat: Number(r.vat),
      nature: text(r.nature),
    });
    out.set(Number(r.e_document_id), list);
  }
  return out;
}

/**
 * Replaces a document's rows and writes its totals (in the save's transaction). A row that names
 * the stored row it replaces (`id`) keeps the charge that row invoices (issue 28); a row left out
 * frees its charge.
 */
export async function writeRows(
  exec: Exec,
  docId: number,
  rows: Array<EDocumentRowInput & { studio_service_id?: number | null; id?: number | null }>,
  totals: EDocumentTotals,
) {
  const linked = await exec(
    sql`DELETE FROM "e_document_services" WHERE "e_document_id" = ${docId} RETURNING "id", "transaction_id"`,
  );
  const chargeOf = new Map(
    linked.filter((r) => r.transaction_id != null).map((r) => [Number(r.id), Number(r.transaction_id)]),
  );
  // each stored row's charge goes to the first row that names it (a row named twice links once)
  const charges = rows.map((r) => {
    const charge = r.id ? (chargeOf.get(r.id) ?? null) : null;
    if (r.id) chargeOf.delete(r.id);
    return charge;
  });
  // each row's share of what the customer pays: the amount open of the charge it invoices
  const shares = payableShares(totals);
  if (rows.length) {
    await exec(sql`INSERT INTO "e_document_services" ("e_document_id", "position", "studio_service_id", "description", "quantity", "price", "vat", "nature", "transaction_id", "payable")
      VALUES ${sql.join(
        rows.map(
          (r, i) =>
            sql`(${docId}, ${i + 1}, ${r.studio_service_id ?? null}, ${r.description}, ${r.quantity}, ${String(r.price)}, ${r.vat}, ${r.vat === 0 ? (r.nature ?? null) : null}, ${charges[i]}, ${fromCents(shares[i] ?? 0)})`,
        ),
        sql`, `,
      )}`);
  }
  await exec(sql`UPDATE "e_documents" SET "taxable" = ${fromCents(totals.taxable + totals.cassa)}, "tax" = ${fromCents(totals.tax)}, "total" = ${fromCents(totals.total)},
      "payable" = ${fromCents(totals.payable)}
    WHERE "id" = ${docId}`);
}

/**
 * Serialises the numbering of a studio's year until the transaction ends (two saves of the
 * same number: the second waits, then finds it taken).
 */
export async function lockNumbering(exec: Exec, studioId: number, year: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(${7_300_000 + (studioId % 1_000_000)}, ${year})`);
}

/** The highest plain number of the studio's year (trashed documents included: their numbers stay issued). */
export async function lastNumber(exec: Exec, studioId: number, year: number): Promise<number> {
  const [r] =
    await exec(sql`SELECT COALESCE(MAX("number"::bigint) FILTER (WHERE "number" ~ '^[0-9]{1,15}$'), 0)::text AS "n"
    FROM "e_documents" WHERE "studio_id" = ${studioId} AND "year" = ${year}`);
  return Number(r?.n ?? 0);
}

/** Whether the number is taken in the studio's year (by another document than `exceptId`). */
export async function numberTaken(
  exec: Exec,
  studioId: number,
  year: number,
  number: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows =
    await exec(sql`SELECT 1 FROM "e_documents" WHERE "studio_id" = ${studioId} AND "year" = ${year} AND "number" = ${number}
    ${exceptId ? sql`AND "id" <> ${exceptId}` : sql``} LIMIT 1`);
  return rows.length > 0;
}

/** A TD01 of the studio that a credit note may correct: its number and date (null when it is not one). */
export async function correctable(
  exec: Exec,
  studioId: number,
  id: number,
): Promise<{ number: string; date: string; customer_id: number } | null> {
  const [r] = await exec(sql`SELECT "number", to_char("date", 'YYYY-MM-DD') AS "date", "customer_id" FROM "e_documents"
    WHERE "id" = ${id} AND "studio_id" = ${studioId} AND "type" = 'TD01' AND "deleted_at" IS NULL`);
  return r ? { number: String(r.number), date: String(r.date), customer_id: Number(r.customer_id) } : null;
}

export interface EDocumentSource extends FatturaPaData {
  customer_id: number;
  /** the customer's name as the file name carries it */
  business_name: string;
}

/** The studio as the XML's seller (CedentePrestatore), with its regime, withholding and cassa. */
export async function studioParty(exec: Exec, studioId: number): Promise<FatturaPaData['studio']> {
  const [s] =
    await exec(sql`SELECT "name", "vat_number", "fiscal_code", "address", "postal_code", "city", "province", "iban",
      "fiscal_regime", "withholding_tax", "cassa_previdenza", "stamp_duty_charged" FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: String(s?.name ?? ''),
    vat: text(s?.vat_number),
    fiscal_code: text(s?.fiscal_code),
    address: String(s?.address ?? ''),
    postal_code: String(s?.postal_code ?? ''),
    city: String(s?.city ?? ''),
    province: text(s?.province),
    iban: text(s?.iban),
    regime: text(s?.fiscal_regime) ?? 'RF01',
    withholding: Number(s?.withholding_tax) === 1,
    cassa: Number(s?.cassa_previdenza) === 1,
    stampCharged: Number(s?.stamp_duty_charged) === 1,
  };
}

/** A customer row (business_name, vat_id, fiscal_code, address, postal_code, city, sdi_code, pec) as the XML's buyer. */
export function customerParty(c: Record<string, unknown>): FatturaPaData['customer'] {
  return {
    name: String(c.business_name ?? ''),
    vat: text(c.vat_id),
    fiscal_code: text(c.fiscal_code),
    address: String(c.address ?? ''),
    postal_code: String(c.postal_code ?? ''),
    city: String(c.city ?? ''),
    province: null,
    sdi_code: text(c.sdi_code),
    pec: text(c.pec),
    withholdingAgent: isWithholdingAgent({ withholding_agent: text(c.withholding_agent), vat_id: text(c.vat_id) }),
    payment: invoicePayment({
      method: text(c.collection_method),
      mandateScheme: text(c.mandate_scheme),
      bankIban: text(c.bank_iban),
    }),
  };
}

/**
 * The customer's columns its invoices' DatiPagamento need (customer row `c`): his way to pay, his
 * bank's IBAN, the scheme of his active mandate (for `customerParty`).
 */
export const customerPaymentColumns = (c: string) =>
  sql.raw(`${c}."collection_method", ${c}."bank_iban",
    (SELECT m."scheme" FROM "sdd_mandates" m WHERE m."customer_id" = ${c}."id" AND m."status" = 'active' AND m."deleted_at" IS NULL
      ORDER BY m."signature_date" DESC, m."id" DESC LIMIT 1) AS "mandate_scheme"`);

/**
 * What the XML of these documents needs, in the order of `ids`; documents of another studio are
 * left out (the caller answers 404).
 */
export async function eDocumentSources(exec: Exec, studioId: number, ids: number[]): Promise<EDocumentSource[]> {
  if (!ids.length) return [];
  const docs =
    await exec(sql`SELECT d."id", d."type", d."number", to_char(d."date", 'YYYY-MM-DD') AS "date", d."customer_id",
      c."business_name", c."vat_id", c."fiscal_code", c."address", c."postal_code", c."city", c."sdi_code", c."pec",
      c."withholding_agent", ${customerPaymentColumns('c')}, k."number" AS "k_number", to_char(k."date", 'YYYY-MM-DD') AS "k_date"
    FROM "e_documents" d JOIN "customers" c ON c."id" = d."customer_id"
    LEFT JOIN "e_documents" k ON k."id" = d."corrects_id"
    WHERE d."id" = ANY(${idArray(ids)}) AND d."studio_id" = ${studioId}`);
  const rows = await rowsOf(
    exec,
    docs.map((d) => Number(d.id)),
  );
  const studio = await studioParty(exec, studioId);
  const byId = new Map(docs.map((d) => [Number(d.id), d]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const d = byId.get(id)!;
      return {
        id,
        type: d.type === 'TD04' ? 'TD04' : 'TD01',
        number: String(d.number),
        date: String(d.date),
        customer_id: Number(d.customer_id),
        business_name: String(d.business_name ?? ''),
        studio,
        customer: customerParty(d),
        rows: rows.get(id) ?? [],
        corrects: d.k_number == null ? null : { number: String(d.k_number), date: String(d.k_date) },
      };
    });
}

/** Whether the studio's customer withholds the 20 % (model/eDocument.ts isWithholdingAgent). */
export async function customerWithholds(exec: Exec, studioId: number, customerId: number): Promise<boolean> {
  const [c] = await exec(
    sql`SELECT "withholding_agent", "vat_id" FROM "customers" WHERE "id" = ${customerId} AND "studio_id" = ${studioId}`,
  );
  return !!c && isWithholdingAgent({ withholding_agent: text(c.withholding_agent), vat_id: text(c.vat_id) });
}

/** The studio as the e-invoice editor needs it: name, regime and the flags the live totals follow. */
export async function studioForEditor(exec: Exec, studioId: number) {
  const [s] = await exec(
    sql`SELECT "id", "name", "fiscal_regime", "withholding_tax", "cassa_previdenza", "stamp_duty_charged" FROM "studios" WHERE "id" = ${studioId}`,
  );
  return {
    id: studioId,
    name: String(s?.name ?? ''),
    fiscal_regime: text(s?.fiscal_regime) ?? 'RF01',
    withholding_tax: Number(s?.withholding_tax) === 1,
    cassa_previdenza: Number(s?.cassa_previdenza) === 1,
    stamp_duty_charged: Number(s?.stamp_duty_charged) === 1,
  };
}

/** Which of `ids` are active rows of the studio in `table` (the rows' service links: a hint kept only when it is the studio's). */
export async function ownRows(
  exec: Exec,
  table: 'studio_services',
  studioId: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await exec(
    sql`SELECT "id" FROM ${sql.identifier(table)} WHERE "id" = ANY(${idArray(ids)}) AND "studio_id" = ${studioId} AND "deleted_at" IS NULL`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The file each of these documents was handed to SdI as (its last transmission), for the documents
 * SdI has — sent, delivered or not, and not rejected (a rejected one is corrected and sent again):
 * the legal document, downloaded as it was sent (issue 45 item 6).
 */
export async function sentFiles(
  exec: Exec,
  studioId: number,
  ids: number[],
): Promise<Map<number, { xml: string; file_name: string }>> {
  if (!ids.length) return new Map();
  const rows = await exec(sql`SELECT DISTINCT ON (t."e_document_id") t."e_document_id", t."xml", t."file_name"
    FROM "sdi_transmissions" t JOIN "e_documents" d ON d."id" = t."e_document_id"
    WHERE t."studio_id" = ${studioId} AND t."e_document_id" = ANY(${idArray(ids)})
      AND coalesce(d."sdi_status", 'bozza') NOT IN ('bozza', 'scartata')
    ORDER BY t."e_document_id", t."id" DESC`);
  return new Map(rows.map((r) => [Number(r.e_document_id), { xml: String(r.xml), file_name: String(r.file_name) }]));
}

// ---------------------------------------------------------------------------
// the lock of a sent invoice (the editor, the trash and the delete ask it; sdi says it in its answers)
// ---------------------------------------------------------------------------

/** whether any of these invoices has left the draft (sent, or on its way): they are read-only */
export async function sentAmong(exec: Exec, ids: number[]): Promise<boolean> {
  const [r] = await exec(sql`SELECT 1 AS "x" FROM "e_documents" WHERE "id" = ANY(${idArray(ids)})
    AND coalesce("sdi_status", 'bozza') NOT IN ('bozza', 'scartata') LIMIT 1`);
  return Boolean(r);
}

export const READ_ONLY_MESSAGE =
  'La fattura è già stata inviata a SdI: non si può più modificare né eliminare. Per correggerla emetti una nota di credito';

/** Refuses a change of an invoice already sent (the editor's save, the trash, the delete: ids the caller may change). */
export async function assertEditable(exec: Exec, ids: number[]) {
  if (ids.length && (await sentAmong(exec, ids))) throw new HttpError(409, READ_ONLY_MESSAGE);
}
