/**
 * 'Presenta RiBa' (issue 47 item 5) in a few statements scoped to the studio: the open charges of a
 * due range with their customer's data for the receipt, the account's SIA, the presentations and
 * their receipts, and what the bank's credit and its unpaid receipts change.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { asAccount, chargesToCollect, type SddAccount } from './sddQueries.js';

export interface RibaCandidate {
  charge_id: number;
  customer_id: number;
  business_name: string;
  due: string;
  open: string;
  note: string;
  invoice: string | null;
  /** 'auto', 'bonifico', 'sdd', 'riba' (model/collectionMethod.ts) */
  collection_method: string | null;
  has_mandate: boolean;
  cod: string | null;
  vat_id: string | null;
  fiscal_code: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  bank_iban: string | null;
}

const text = (v: unknown) => (v == null ? null : String(v));

/** The charges to collect of the range (chargesToCollect) with their customer's data for the receipt. */
export async function ribaCandidates(
  exec: Exec,
  studioId: number,
  q: { from: string; to: string; customerIds: number[] | null },
): Promise<RibaCandidate[]> {
  const rows = await chargesToCollect(
    exec,
    studioId,
    q,
    sql`, c."cod", c."vat_id", c."fiscal_code", c."address", c."postal_code", c."city", c."province", c."bank_iban",
      EXISTS (SELECT 1 FROM "sdd_mandates" m WHERE m."studio_id" = ${studioId} AND m."customer_id" = o."customer_id"
        AND m."deleted_at" IS NULL AND m."status" = 'active') AS "has_mandate"`,
  );
  return rows.map(({ row: r, ...charge }) => ({
    ...charge,
    has_mandate: Boolean(r.has_mandate),
    cod: text(r.cod),
    vat_id: text(r.vat_id),
    fiscal_code: text(r.fiscal_code),
    address: text(r.address),
    postal_code: text(r.postal_code),
    city: text(r.city),
    province: text(r.province),
    bank_iban: text(r.bank_iban),
  }));
}

/** The account with the studio's IBAN ('Il mio studio'), else the studio's first account with a SIA code. */
export async function defaultRibaAccount(exec: Exec, studioId: number): Promise<SddAccount | null> {
  const [r] =
    await exec(sql`SELECT a."id", a."name", a."iban", a."bic", a."cuc", a."sia", a."sdd_format" FROM "bank_accounts" a
    JOIN "studios" s ON s."id" = a."studio_id"
    WHERE a."studio_id" = ${studioId} AND a."deleted_at" IS NULL
    ORDER BY (upper(replace(a."iban", ' ', '')) = upper(replace(coalesce(s."iban", ''), ' ', ''))) DESC,
      (coalesce(a."sia", '') <> '') DESC, a."id"
    LIMIT 1`);
  return r ? asAccount(r) : null;
}

/** The studio as the creditor of a receipt (record 20 and 50). */
export async function ribaCreditorOf(exec: Exec, studioId: number) {
  const [r] = await exec(sql`SELECT "name", "address", "postal_code", "city", "province", "vat_number", "fiscal_code"
    FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: String(r?.name ?? ''),
    address: String(r?.address ?? ''),
    postal_code: text(r?.postal_code),
    city: text(r?.city),
    province: text(r?.province),
    vat_number: text(r?.vat_number),
    fiscal_code: text(r?.fiscal_code),
  };
}

/** The studio's presentations whose support name starts with the prefix (the day's progressive). */
export async function presentationsOfDay(exec: Exec, studioId: number, prefix: string): Promise<number> {
  const [r] = await exec(
    sql`SELECT count(*)::int AS "n" FROM "riba_presentations" WHERE "studio_id" = ${studioId} AND "support_name" LIKE ${`${prefix}%`}`,
  );
  return Number(r?.n ?? 0);
}

/** The studio's next receipt number (record 51: unique per studio, never reused). */
export async function nextReceiptNo(exec: Exec, studioId: number): Promise<number> {
  const [r] = await exec(
    sql`SELECT coalesce(max("receipt_no"), 0)::int + 1 AS "n" FROM "riba_items" WHERE "studio_id" = ${studioId}`,
  );
  return Number(r?.n ?? 1);
}

export interface NewRibaItem {
  receipt_no: number;
  customer_id: number;
  charge_id: number;
  amount: string;
  due: string;
}

export async function insertPresentation(
  exec: Exec,
  studioId: number,
  p: {
    support_name: string;
    kind: string;
    due_from: string;
    due_to: string;
    bank_account_id: number;
    receipts: number;
    total: string;
    content: string;
    user_id: number;
    user_name: string;
  },
  items: NewRibaItem[],
): Promise<number> {
  const [row] =
    await exec(sql`INSERT INTO "riba_presentations" ("studio_id", "support_name", "kind", "due_from", "due_to",
      "bank_account_id", "receipts", "total", "content", "created_by", "created_by_name")
    VALUES (${studioId}, ${p.support_name}, ${p.kind}, ${p.due_from}::date, ${p.due_to}::date, ${p.bank_account_id},
      ${p.receipts}, ${p.total}::numeric, ${p.content}, ${p.user_id}, ${p.user_name}) RETURNING "id"`);
  const id = Number(row!.id);
  await exec(sql`INSERT INTO "riba_items" ("studio_id", "presentation_id", "receipt_no", "customer_id", "charge_id", "amount", "due")
    SELECT ${studioId}::int, ${id}::int, x."receipt_no", x."customer_id", x."charge_id", x."amount"::numeric, x."due"::date
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
      AS x("receipt_no" int, "customer_id" int, "charge_id" int, "amount" text, "due" text)`);
  return id;
}

export interface PresentationRow {
  id: number;
  support_name: string;
  kind: 'sbf' | 'dopo_incasso';
  status: 'presented' | 'closed' | 'cancelled';
  due_from: string;
  due_to: string;
  receipts: number;
  total: number;
  paid: number;
  unpaid: number;
  file_name: string;
  bank_account_name: string | null;
  created_at: string;
  created_by_name: string | null;
  cancelled_at: string | null;
}

/** The file's name: the support name, as the bank's list shows it. */
export const ribaFileName = (supportName: string) => `RIBA_${supportName.replace(/[^A-Za-z0-9-]+/g, '_')}.txt`;

const presentationSelect = (studioId: number) => sql`SELECT p."id", p."support_name", p."kind", p."status",
    to_char(p."due_from", 'YYYY-MM-DD') AS "due_from", to_char(p."due_to", 'YYYY-MM-DD') AS "due_to",
    p."receipts", p."total"::text AS "total",
    (SELECT count(DISTINCT i."receipt_no")::int FROM "riba_items" i WHERE i."presentation_id" = p."id" AND i."status" = 'paid') AS "paid",
    (SELECT count(DISTINCT i."receipt_no")::int FROM "riba_items" i WHERE i."presentation_id" = p."id" AND i."status" = 'unpaid') AS "unpaid",
    a."name" AS "account_name",
    to_char(p."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", p."created_by_name",
    to_char(p."cancelled_at", 'YYYY-MM-DD HH24:MI:SS') AS "cancelled_at"
  FROM "riba_presentations" p LEFT JOIN "bank_accounts" a ON a."id" = p."bank_account_id"
  WHERE p."studio_id" = ${studioId}`;

const asPresentation = (r: Record<string, unknown>): PresentationRow => ({
  id: Number(r.id),
  support_name: String(r.support_name),
  kind: r.kind === 'dopo_incasso' ? 'dopo_incasso' : 'sbf',
  status: String(r.status) as PresentationRow['status'],
  due_from: String(r.due_from),
  due_to: String(r.due_to),
  receipts: Number(r.receipts),
  total: Number(r.total),
  paid: Number(r.paid),
  unpaid: Number(r.unpaid),
  file_name: ribaFileName(String(r.support_name)),
  bank_account_name: text(r.account_name),
  created_at: String(r.created_at),
  created_by_name: text(r.created_by_name),
  cancelled_at: text(r.cancelled_at),
});

export async function presentationList(exec: Exec, studioId: number): Promise<PresentationRow[]> {
  const rows = await exec(sql`${presentationSelect(studioId)} ORDER BY p."created_at" DESC, p."id" DESC LIMIT 500`);
  return rows.map(asPresentation);
}

export async function presentationOf(exec: Exec, studioId: number, id: number): Promise<PresentationRow | null> {
  const [r] = await exec(sql`${presentationSelect(studioId)} AND p."id" = ${id}`);
  return r ? asPresentation(r) : null;
}

/** The presentation's file as written, with its support name and kind. */
export async function presentationFile(exec: Exec, studioId: number, id: number) {
  const [r] = await exec(sql`SELECT "support_name", "content" FROM "riba_presentations"
    WHERE "studio_id" = ${studioId} AND "id" = ${id}`);
  return r ? { supportName: String(r.support_name), content: String(r.content) } : null;
}

export interface ReceiptRow {
  number: number;
  customer_id: number;
  business_name: string;
  due: string;
  amount: string;
  charges: number;
  status: 'presented' | 'paid' | 'unpaid' | 'cancelled';
  payment_id: number | null;
  paid_on: string | null;
  unpaid_on: string | null;
  unpaid_reason: string | null;
  fee_id: number | null;
  fee: string | null;
  charge_ids: number[];
}

/** The receipts of a presentation (its rows grouped by receipt number), in number order. */
export async function receiptsOf(exec: Exec, studioId: number, presentationId: number): Promise<ReceiptRow[]> {
  const rows =
    await exec(sql`SELECT i."receipt_no", i."customer_id", c."business_name", to_char(min(i."due"), 'YYYY-MM-DD') AS "due",
      sum(i."amount")::text AS "amount", count(*)::int AS "charges", min(i."status") AS "status",
      max(i."payment_id") AS "payment_id", to_char(max(i."paid_on"), 'YYYY-MM-DD') AS "paid_on",
      to_char(max(i."unpaid_on"), 'YYYY-MM-DD') AS "unpaid_on", max(i."unpaid_reason") AS "unpaid_reason",
      max(i."fee_id") AS "fee_id", (SELECT f."amount"::text FROM "transactions" f WHERE f."id" = max(i."fee_id") AND f."deleted_at" IS NULL) AS "fee",
      array_agg(i."charge_id" ORDER BY i."id") AS "charge_ids"
    FROM "riba_items" i JOIN "customers" c ON c."id" = i."customer_id"
    WHERE i."studio_id" = ${studioId} AND i."presentation_id" = ${presentationId}
    GROUP BY i."receipt_no", i."customer_id", c."business_name"
    ORDER BY i."receipt_no"`);
  return rows.map((r) => ({
    number: Number(r.receipt_no),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name),
    due: String(r.due),
    amount: String(r.amount),
    charges: Number(r.charges),
    status: String(r.status) as ReceiptRow['status'],
    payment_id: r.payment_id == null ? null : Number(r.payment_id),
    paid_on: text(r.paid_on),
    unpaid_on: text(r.unpaid_on),
    unpaid_reason: text(r.unpaid_reason),
    fee_id: r.fee_id == null ? null : Number(r.fee_id),
    fee: text(r.fee),
    charge_ids: ((r.charge_ids as unknown[]) ?? []).map(Number),
  }));
}

/** The charges of a receipt with the amount the receipt asked of each (to settle them when it is credited). */
export async function receiptCharges(exec: Exec, studioId: number, receiptNo: number) {
  const rows = await exec(sql`SELECT "charge_id", "amount"::text AS "amount" FROM "riba_items"
    WHERE "studio_id" = ${studioId} AND "receipt_no" = ${receiptNo} ORDER BY "id"`);
  return rows.map((r) => ({ charge_id: Number(r.charge_id), amount: String(r.amount) }));
}

export async function markReceiptPaid(exec: Exec, studioId: number, receiptNo: number, paymentId: number, day: string) {
  await exec(sql`UPDATE "riba_items" SET "status" = 'paid', "payment_id" = ${paymentId}, "paid_on" = ${day}::date
    WHERE "studio_id" = ${studioId} AND "receipt_no" = ${receiptNo} AND "status" = 'presented'`);
}

export async function markReceiptUnpaid(
  exec: Exec,
  studioId: number,
  receiptNo: number,
  v: { day: string; reason: string; feeId: number | null },
) {
  await exec(sql`UPDATE "riba_items" SET "status" = 'unpaid', "unpaid_on" = ${v.day}::date, "unpaid_reason" = ${v.reason},
      "fee_id" = ${v.feeId}
    WHERE "studio_id" = ${studioId} AND "receipt_no" = ${receiptNo} AND "status" IN ('presented', 'paid')`);
}

/** A presentation with no receipt left presented is closed. */
export async function settlePresentation(exec: Exec, studioId: number, id: number) {
  await exec(sql`UPDATE "riba_presentations" p SET "status" = CASE WHEN EXISTS (SELECT 1 FROM "riba_items" i
      WHERE i."presentation_id" = p."id" AND i."status" = 'presented') THEN 'presented' ELSE 'closed' END
    WHERE p."studio_id" = ${studioId} AND p."id" = ${id} AND p."status" <> 'cancelled'`);
}

/** Cancels a presentation whose receipts are all still presented; false when it may not be. */
export async function cancelPresentation(exec: Exec, studioId: number, id: number, by: string): Promise<boolean> {
  const done = await exec(sql`UPDATE "riba_presentations" p SET "status" = 'cancelled', "cancelled_at" = LOCALTIMESTAMP,
      "cancelled_by_name" = ${by}
    WHERE p."studio_id" = ${studioId} AND p."id" = ${id} AND p."status" = 'presented'
      AND NOT EXISTS (SELECT 1 FROM "riba_items" i WHERE i."presentation_id" = p."id" AND i."status" <> 'presented')
    RETURNING p."id"`);
  if (!done.length) return false;
  await exec(
    sql`UPDATE "riba_items" SET "status" = 'cancelled' WHERE "studio_id" = ${studioId} AND "presentation_id" = ${id}`,
  );
  return true;
}

/** The customers with a RiBa receipt presented and not yet credited or unpaid (not reminded meanwhile). */
export async function customersWithPresentedReceipts(exec: Exec, studioId: number, ids?: number[]) {
  const rows = await exec(sql`SELECT DISTINCT "customer_id" FROM "riba_items" WHERE "studio_id" = ${studioId}
    AND "status" = 'presented' ${ids ? sql`AND "customer_id" = ANY(${idArray(ids)})` : sql``}`);
  return rows.map((r) => Number(r.customer_id));
}
