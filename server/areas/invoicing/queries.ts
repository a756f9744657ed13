/**
 * 'Fattura addebiti' (issue 28 item 1) in a few statements scoped to the caller's studio: the
 * charges of a period not yet invoiced, with what each customer's invoice needs; the lock that
 * serialises the studio's invoicing; the invoices and their lines written set-based.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { customerParty, customerPaymentColumns, type FatturaPaData } from '../eDocuments/index.js';

/**
 * Serialises what decides whether a charge is invoiced (a run, a restore of an invoice from the
 * trash) within a studio, until the transaction ends.
 */
export async function lockInvoicing(exec: Exec, studioId: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(${7_400_000 + (studioId % 1_000_000)}, 0)`);
}

/** The condition "this charge (alias t) is on a line of an invoice that is not in the trash". */
const invoiced = sql`EXISTS (SELECT 1 FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id"
  WHERE l."transaction_id" = t."id" AND d."deleted_at" IS NULL)`;

export interface Charge {
  id: number;
  customer_id: number;
  date: string;
  amount: string;
  description: string;
}

/** A customer with charges, as the XML's buyer (its checks run on it). */
export type ChargeCustomer = FatturaPaData['customer'];

/**
 * The studio's charges dated in [from, to] (days, Rome) not on an invoice outside the trash, of
 * customers not in the trash (`customerIds`: only these), in the order the invoices are numbered:
 * by customer name, then by date. A charge's line says what its note says, else its service,
 * else 'Addebito del dd/mm/yyyy'.
 */
export async function openCharges(
  exec: Exec,
  studioId: number,
  q: { from: string; to: string; customerIds: number[] | null },
): Promise<{ charges: Charge[]; customers: Map<number, ChargeCustomer> }> {
  const rows =
    await exec(sql`SELECT t."id", t."customer_id", to_char(t."date", 'YYYY-MM-DD') AS "day", t."amount"::text AS "amount",
      COALESCE(NULLIF(btrim(t."transaction_note"), ''), NULLIF(btrim(s."description"), ''), 'Addebito del ' || to_char(t."date", 'DD/MM/YYYY')) AS "description",
      c."business_name", c."vat_id", c."fiscal_code", c."address", c."postal_code", c."city", c."sdi_code", c."pec", c."withholding_agent",
      ${customerPaymentColumns('c')}
    FROM "transactions" t
    JOIN "customers" c ON c."id" = t."customer_id" AND c."studio_id" = t."studio_id" AND c."deleted_at" IS NULL
    LEFT JOIN "studio_services" s ON s."id" = t."studio_service_id"
    WHERE t."studio_id" = ${studioId} AND t."type" = 'CHARGE' AND t."deleted_at" IS NULL AND t."amount" > 0
      AND t."date" >= ${q.from}::date AND t."date" < ${q.to}::date + 1
      ${q.customerIds ? sql`AND t."customer_id" = ANY(${idArray(q.customerIds)})` : sql``}
      AND NOT ${invoiced}
    ORDER BY lower(c."business_name"), c."id", t."date", t."id"`);
  const customers = new Map<number, ChargeCustomer>();
  const charges = rows.map((r) => {
    const id = Number(r.customer_id);
    if (!customers.has(id)) customers.set(id, customerParty(r));
    return {
      id: Number(r.id),
      customer_id: id,
      date: String(r.day),
      amount: String(r.amount),
      description: String(r.description).slice(0, 1000),
    };
  });
  return { charges, customers };
}

/** The latest invoice of the studio's year (its date and number): a new one may not be dated before it. */
export async function latestOfYear(
  exec: Exec,
  studioId: number,
  year: number,
): Promise<{ date: string; number: string } | null> {
  const [r] = await exec(sql`SELECT to_char("date", 'YYYY-MM-DD') AS "date", "number" FROM "e_documents"
    WHERE "studio_id" = ${studioId} AND "year" = ${year} ORDER BY "date" DESC, "id" DESC LIMIT 1`);
  return r ? { date: String(r.date), number: String(r.number) } : null;
}

export interface NewInvoice {
  customer_id: number;
  number: string;
  taxable: string;
  tax: string;
  total: string;
  /** ImportoPagamento */
  payable: string;
  /** each line with its share of the payable (model/eDocument.ts payableShares) */
  lines: Array<{
    transaction_id: number;
    description: string;
    price: string;
    vat: number;
    nature: string | null;
    payable: string;
  }>;
}

/** Inserts the invoices (TD01, dated `date`) and their lines; answers their ids in the order given. */
export async function insertInvoices(
  exec: Exec,
  studioId: number,
  date: string,
  invoices: NewInvoice[],
): Promise<number[]> {
  if (!invoices.length) return [];
  const year = Number(date.slice(0, 4));
  const docs =
    await exec(sql`INSERT INTO "e_documents" ("studio_id", "type", "number", "date", "year", "customer_id", "taxable", "tax", "total", "payable", "sdi_status")
    SELECT ${studioId}::int, 'TD01', x."number", ${date}::date, ${year}::int, x."customer_id", x."taxable", x."tax", x."total", x."payable", 'bozza'
    FROM jsonb_to_recordset(${JSON.stringify(invoices.map(({ lines: _l, ...d }) => d))}::jsonb)
      AS x("customer_id" int, "number" text, "taxable" numeric, "tax" numeric, "total" numeric, "payable" numeric)
    RETURNING "id", "number"`);
  const idOf = new Map(docs.map((d) => [String(d.number), Number(d.id)]));
  const ids = invoices.map((d) => idOf.get(d.number)!);
  const lines = invoices.flatMap((d, i) => d.lines.map((l, n) => ({ e_document_id: ids[i], position: n + 1, ...l })));
  await exec(sql`INSERT INTO "e_document_services" ("e_document_id", "position", "transaction_id", "description", "quantity", "price", "vat", "nature", "payable")
    SELECT x."e_document_id", x."position", x."transaction_id", x."description", 1, x."price", x."vat", x."nature", x."payable"
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      AS x("e_document_id" int, "position" int, "transaction_id" int, "description" text, "price" numeric, "vat" numeric, "nature" text, "payable" numeric)`);
  return ids;
}

/**
 * The charges of a document's lines that another document outside the trash already invoices
 * (restoring the document would invoice them twice): that document's number, per charge.
 */
export async function invoicedElsewhere(exec: Exec, docId: number): Promise<string[]> {
  const rows = await exec(sql`SELECT DISTINCT d."number" FROM "e_document_services" mine
    JOIN "e_document_services" l ON l."transaction_id" = mine."transaction_id" AND l."e_document_id" <> mine."e_document_id"
    JOIN "e_documents" d ON d."id" = l."e_document_id" AND d."deleted_at" IS NULL
    WHERE mine."e_document_id" = ${docId} AND mine."transaction_id" IS NOT NULL ORDER BY d."number"`);
  return rows.map((r) => String(r.number));
}
