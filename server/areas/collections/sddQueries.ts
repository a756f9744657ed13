/**
 * 'Incassa con SDD' in a few statements scoped to the studio: the open charges of a due range
 * with their customer's active mandate (by the open-items rule), the studio as creditor, the
 * batches and their debits.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { openItems } from '../accounts/index.js';

/** Serialises the studio's batch creations and cancellations until the transaction ends. */
export async function lockSdd(exec: Exec, studioId: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(${7_600_000 + (studioId % 1_000_000)}, 0)`);
}

export interface SddCandidate {
  charge_id: number;
  customer_id: number;
  business_name: string;
  due: string;
  open: string;
  note: string;
  invoice: string | null;
  mandate_id: number | null;
  reference: string | null;
  iban: string | null;
  scheme: string | null;
  sequence_type: string | null;
  signature_date: string | null;
  debtor_name: string | null;
  /** the bank said the mandate no longer holds as it is (issue 47): why */
  attention: string | null;
  /** how the customer pays (model/collectionMethod.ts): 'auto', 'bonifico', 'sdd', 'riba' */
  collection_method: string | null;
  /** without an active mandate: the reference of its last revoked one (null: it never had one) */
  revoked_reference: string | null;
}

/** A charge to collect, as 'Incassa con SDD' and 'Presenta RiBa' both list them. */
export interface ChargeToCollect {
  charge_id: number;
  customer_id: number;
  business_name: string;
  collection_method: string | null;
  due: string;
  open: string;
  note: string;
  /** the invoice that billed it ('12/2026'), if one did */
  invoice: string | null;
}

const text = (v: unknown) => (v == null ? null : String(v));

/**
 * The studio's charges due in [from, to] with something open, in no SDD debit and no RiBa receipt
 * presented or paid, of customers not in the trash (only `customerIds` when given), in the order of
 * the customers' names, then due dates; each with the invoice that billed it and, in `row`, the
 * customer's `columns` asked beside (`c."…"`).
 */
export async function chargesToCollect(
  exec: Exec,
  studioId: number,
  q: { from: string; to: string; customerIds: number[] | null },
  columns = sql``,
): Promise<Array<ChargeToCollect & { row: Record<string, unknown> }>> {
  const rows = await exec(sql`SELECT o."id" AS "charge_id", o."customer_id", c."business_name", c."collection_method",
      to_char(o."due", 'YYYY-MM-DD') AS "due", o."open"::text AS "open",
      COALESCE(NULLIF(btrim(x."transaction_note"), ''), NULLIF(btrim(s."description"), ''), 'Addebito del ' || to_char(x."date", 'DD/MM/YYYY')) AS "note"
      ${columns}
    FROM (${openItems(studioId, q.customerIds)}) o
    JOIN "transactions" x ON x."id" = o."id"
    JOIN "customers" c ON c."id" = o."customer_id" AND c."deleted_at" IS NULL
    LEFT JOIN "studio_services" s ON s."id" = x."studio_service_id"
    WHERE o."open" > 0 AND o."due" >= ${q.from}::date AND o."due" <= ${q.to}::date
      -- NOT IN: one hashed set, whatever the planner believes of the table's size (a correlated NOT EXISTS
      -- became a nested loop over every presented row once a batch of 10,000 was written)
      AND o."id" NOT IN (SELECT b."charge_id" FROM "sdd_batch_items" b WHERE b."studio_id" = ${studioId}
        AND b."status" IN ('presented', 'paid'))
      -- a charge on a RiBa receipt presented or credited is the RiBa's
      AND o."id" NOT IN (SELECT r."charge_id" FROM "riba_items" r WHERE r."studio_id" = ${studioId}
        AND r."status" IN ('presented', 'paid'))
    ORDER BY lower(c."business_name"), c."id", o."due", o."id"`);
  if (!rows.length) return [];
  const invoices = new Map(
    (
      await exec(sql`SELECT DISTINCT ON (l."transaction_id") l."transaction_id", d."number" || '/' || d."year" AS "invoice"
        FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id" AND d."deleted_at" IS NULL
        WHERE l."transaction_id" = ANY(${idArray(rows.map((r) => Number(r.charge_id)))})
        ORDER BY l."transaction_id", d."id" DESC`)
    ).map((r) => [Number(r.transaction_id), String(r.invoice)]),
  );
  return rows.map((r) => ({
    charge_id: Number(r.charge_id),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name),
    collection_method: text(r.collection_method),
    due: String(r.due),
    open: String(r.open),
    note: String(r.note),
    invoice: invoices.get(Number(r.charge_id)) ?? null,
    row: r,
  }));
}

/**
 * The charges to collect (chargesToCollect), each with its customer's most recent active mandate
 * (null: none).
 */
export async function sddCandidates(
  exec: Exec,
  studioId: number,
  q: { from: string; to: string; customerIds: number[] | null },
): Promise<SddCandidate[]> {
  // three set-based reads joined here (a per-row lookup of 10,000 charges took a second)
  const rows = await chargesToCollect(exec, studioId, q);
  if (!rows.length) return [];
  const customers = [...new Set(rows.map((r) => Number(r.customer_id)))];
  const mandates = new Map(
    (
      await exec(sql`SELECT DISTINCT ON (m."customer_id") m."customer_id", m."id", m."reference", m."iban", m."scheme",
          m."sequence_type", to_char(m."signature_date", 'YYYY-MM-DD') AS "signature_date", m."debtor_name", m."attention"
        FROM "sdd_mandates" m WHERE m."studio_id" = ${studioId} AND m."customer_id" = ANY(${idArray(customers)})
          AND m."deleted_at" IS NULL AND m."status" = 'active'
        ORDER BY m."customer_id", m."signature_date" DESC, m."id" DESC`)
    ).map((m) => [Number(m.customer_id), m]),
  );
  // the customers without an active mandate who had one: it was revoked (they need fixing, unlike
  // those who never paid by SDD: issue 45 item 11)
  const without = customers.filter((id) => !mandates.has(id));
  const revoked = new Map(
    without.length
      ? (
          await exec(sql`SELECT DISTINCT ON (m."customer_id") m."customer_id", m."reference"
            FROM "sdd_mandates" m WHERE m."studio_id" = ${studioId} AND m."customer_id" = ANY(${idArray(without)})
              AND m."deleted_at" IS NULL AND m."status" = 'revoked'
            ORDER BY m."customer_id", m."signature_date" DESC, m."id" DESC`)
        ).map((m) => [Number(m.customer_id), String(m.reference)])
      : [],
  );
  return rows.map(({ row: _row, ...charge }) => {
    const m = mandates.get(charge.customer_id);
    return {
      ...charge,
      mandate_id: m ? Number(m.id) : null,
      reference: text(m?.reference),
      iban: text(m?.iban),
      scheme: text(m?.scheme),
      sequence_type: text(m?.sequence_type),
      signature_date: text(m?.signature_date),
      debtor_name: text(m?.debtor_name),
      attention: text(m?.attention),
      revoked_reference: m ? null : (revoked.get(charge.customer_id) ?? null),
    };
  });
}

/** A studio's bank account as the direct debits need it (issue 47). */
export interface SddAccount {
  id: number;
  name: string;
  iban: string | null;
  bic: string | null;
  cuc: string | null;
  /** the SIA code the bank gave (RiBa) */
  sia: string | null;
  format: string | null;
}

/** An account row as the collections read it (IBAN without blanks, upper case; an empty SIA is none). */
export const asAccount = (r: Record<string, unknown>): SddAccount => ({
  id: Number(r.id),
  name: String(r.name),
  iban: r.iban == null ? null : String(r.iban).replace(/\s+/g, '').toUpperCase(),
  bic: r.bic == null ? null : String(r.bic),
  cuc: r.cuc == null ? null : String(r.cuc),
  sia: r.sia == null || !String(r.sia).trim() ? null : String(r.sia).trim().toUpperCase(),
  format: r.sdd_format == null ? null : String(r.sdd_format),
});

/** One of the studio's bank accounts (not in the trash), or null. */
export async function sddAccount(exec: Exec, studioId: number, id: number): Promise<SddAccount | null> {
  const [r] = await exec(sql`SELECT "id", "name", "iban", "bic", "cuc", "sia", "sdd_format" FROM "bank_accounts"
    WHERE "studio_id" = ${studioId} AND "id" = ${id} AND "deleted_at" IS NULL`);
  return r ? asAccount(r) : null;
}

/** The studio's account with this IBAN (the studio's own, from 'Il mio studio'), the lowest id first; null when none. */
export async function sddAccountByIban(exec: Exec, studioId: number, iban: string): Promise<SddAccount | null> {
  const [r] = await exec(sql`SELECT "id", "name", "iban", "bic", "cuc", "sia", "sdd_format" FROM "bank_accounts"
    WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL AND upper(replace("iban", ' ', '')) = ${iban}
    ORDER BY "id" LIMIT 1`);
  return r ? asAccount(r) : null;
}

/**
 * The reference and the debtor IBAN each mandate's last debit carried (in a batch not cancelled):
 * what the bank knows of the mandate, to tell an amendment.
 */
export async function lastPresented(
  exec: Exec,
  studioId: number,
  mandateIds: number[],
): Promise<Map<number, { reference: string; iban: string }>> {
  if (!mandateIds.length) return new Map();
  const rows = await exec(sql`SELECT DISTINCT ON (i."mandate_id") i."mandate_id", i."mandate_reference", i."debtor_iban"
    FROM "sdd_batch_items" i WHERE i."studio_id" = ${studioId} AND i."mandate_id" = ANY(${idArray(mandateIds)})
      AND i."status" <> 'cancelled' AND i."mandate_reference" IS NOT NULL AND i."debtor_iban" IS NOT NULL
    ORDER BY i."mandate_id", i."id" DESC`);
  return new Map(
    rows.map((r) => [Number(r.mandate_id), { reference: String(r.mandate_reference), iban: String(r.debtor_iban) }]),
  );
}

/** The studio as creditor: name, IBAN, CID (null when missing). */
export async function sddCreditorOf(exec: Exec, studioId: number) {
  const [r] = await exec(sql`SELECT "name", "iban", "sdd_creditor_id" FROM "studios" WHERE "id" = ${studioId}`);
  return {
    name: String(r?.name ?? ''),
    iban: r?.iban == null ? null : String(r.iban).replace(/\s+/g, '').toUpperCase(),
    creditorId: r?.sdd_creditor_id == null ? null : String(r.sdd_creditor_id).replace(/\s+/g, '').toUpperCase(),
  };
}

/** The studio's batches of a day so far (the message id's progressive). */
export async function batchesOfDay(exec: Exec, studioId: number, prefix: string): Promise<number> {
  const [r] = await exec(
    sql`SELECT count(*)::int AS "n" FROM "sdd_batches" WHERE "studio_id" = ${studioId} AND "message_id" LIKE ${`${prefix}%`}`,
  );
  return Number(r?.n ?? 0);
}

export interface NewBatch {
  message_id: string;
  collection_date: string;
  due_from: string;
  due_to: string;
  creditor: unknown;
  debits: number;
  total: string;
  xml: string;
  xml_b2b: string | null;
  format: string;
  bank_account_id: number | null;
  user_id: number | null;
  user_name: string | null;
}

export interface NewBatchItem {
  customer_id: number;
  mandate_id: number;
  charge_id: number;
  amount: string;
  end_to_end_id: string;
  sequence_type: string;
  mandate_reference: string;
  debtor_iban: string;
}

/** The batch and its rows (one statement each); the mandates of its first debits become recurring. */
export async function insertBatch(exec: Exec, studioId: number, b: NewBatch, items: NewBatchItem[]): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "sdd_batches" ("studio_id", "message_id", "collection_date", "due_from", "due_to",
      "creditor", "debits", "total", "xml", "xml_b2b", "format", "bank_account_id", "created_by", "created_by_name")
    VALUES (${studioId}, ${b.message_id}, ${b.collection_date}, ${b.due_from}, ${b.due_to}, ${JSON.stringify(b.creditor)}::jsonb,
      ${b.debits}, ${b.total}, ${b.xml}, ${b.xml_b2b}, ${b.format}, ${b.bank_account_id}, ${b.user_id}, ${b.user_name}) RETURNING "id"`);
  const batchId = Number(r!.id);
  await exec(sql`INSERT INTO "sdd_batch_items" ("studio_id", "batch_id", "customer_id", "mandate_id", "charge_id", "amount",
      "end_to_end_id", "sequence_type", "mandate_reference", "debtor_iban")
    SELECT ${studioId}::int, ${batchId}::int, x."customer_id", x."mandate_id", x."charge_id", x."amount"::numeric,
      x."end_to_end_id", x."sequence_type", x."mandate_reference", x."debtor_iban"
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
      AS x("customer_id" int, "mandate_id" int, "charge_id" int, "amount" text, "end_to_end_id" text, "sequence_type" text,
        "mandate_reference" text, "debtor_iban" text)`);
  const first = [...new Set(items.filter((i) => i.sequence_type === 'FRST').map((i) => i.mandate_id))];
  if (first.length)
    await exec(sql`UPDATE "sdd_mandates" SET "sequence_type" = 'RCUR', "updated_at" = LOCALTIMESTAMP
      WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(first)}) AND "sequence_type" = 'FRST'`);
  return batchId;
}

const BATCH_COLUMNS = sql`b."id", b."message_id", b."status", to_char(b."collection_date", 'YYYY-MM-DD') AS "collection_date",
  to_char(b."due_from", 'YYYY-MM-DD') AS "due_from", to_char(b."due_to", 'YYYY-MM-DD') AS "due_to", b."debits", b."total"::text AS "total",
  to_char(b."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", b."created_by_name",
  to_char(b."cancelled_at", 'YYYY-MM-DD HH24:MI:SS') AS "cancelled_at", b."format", (b."xml_b2b" IS NOT NULL) AS "two_files",
  (SELECT a."name" FROM "bank_accounts" a WHERE a."id" = b."bank_account_id") AS "bank_account_name",
  (SELECT count(DISTINCT i."end_to_end_id")::int FROM "sdd_batch_items" i WHERE i."batch_id" = b."id" AND i."status" = 'paid') AS "paid",
  (SELECT count(DISTINCT i."end_to_end_id")::int FROM "sdd_batch_items" i WHERE i."batch_id" = b."id" AND i."status" = 'returned') AS "returned"`;

/** The name of a batch's file: SDD_<MsgId>.xml (pain.008), SDD_CBI_<MsgId>.xml, or .zip for a CBI batch of two messages (CORE and B2B). */
export const sddFileName = (messageId: string, format: string, twoFiles: boolean) =>
  format.startsWith('cbi') ? `SDD_CBI_${messageId}.${twoFiles ? 'zip' : 'xml'}` : `SDD_${messageId}.xml`;

export interface BatchRow {
  id: number;
  message_id: string;
  status: 'presented' | 'paid' | 'cancelled';
  collection_date: string;
  due_from: string;
  due_to: string;
  debits: number;
  total: number;
  paid: number;
  returned: number;
  file_name: string;
  format: string;
  bank_account_name: string | null;
  created_at: string;
  created_by_name: string | null;
  cancelled_at: string | null;
}

const asBatch = (r: Record<string, unknown>): BatchRow => ({
  id: Number(r.id),
  message_id: String(r.message_id),
  status: String(r.status) as BatchRow['status'],
  collection_date: String(r.collection_date),
  due_from: String(r.due_from),
  due_to: String(r.due_to),
  debits: Number(r.debits),
  total: Number(r.total),
  paid: Number(r.paid),
  returned: Number(r.returned),
  file_name: sddFileName(String(r.message_id), String(r.format), r.two_files === true),
  format: String(r.format),
  bank_account_name: r.bank_account_name == null ? null : String(r.bank_account_name),
  created_at: String(r.created_at),
  created_by_name: r.created_by_name == null ? null : String(r.created_by_name),
  cancelled_at: r.cancelled_at == null ? null : String(r.cancelled_at),
});

/** The studio's batches, newest first (at most 500). */
export async function batchList(exec: Exec, studioId: number): Promise<BatchRow[]> {
  const rows = await exec(sql`SELECT ${BATCH_COLUMNS} FROM "sdd_batches" b WHERE b."studio_id" = ${studioId}
    ORDER BY b."created_at" DESC, b."id" DESC LIMIT 500`);
  return rows.map(asBatch);
}

/** One batch of the studio (undefined: not the studio's). */
export async function batchOf(exec: Exec, studioId: number, id: number): Promise<BatchRow | undefined> {
  const [r] = await exec(
    sql`SELECT ${BATCH_COLUMNS} FROM "sdd_batches" b WHERE b."studio_id" = ${studioId} AND b."id" = ${id}`,
  );
  return r ? asBatch(r) : undefined;
}

/** A batch's debits (its rows grouped by end-to-end id). */
export async function batchDebits(exec: Exec, studioId: number, id: number) {
  const rows =
    await exec(sql`SELECT i."end_to_end_id", i."customer_id", c."business_name", m."reference" AS "mandate_reference",
      min(i."sequence_type") AS "sequence_type", sum(i."amount")::text AS "amount", count(*)::int AS "charges", min(i."status") AS "status"
    FROM "sdd_batch_items" i JOIN "customers" c ON c."id" = i."customer_id" JOIN "sdd_mandates" m ON m."id" = i."mandate_id"
    WHERE i."studio_id" = ${studioId} AND i."batch_id" = ${id}
    GROUP BY i."end_to_end_id", i."customer_id", c."business_name", m."reference"
    ORDER BY lower(c."business_name"), i."end_to_end_id"`);
  return rows.map((r) => ({
    end_to_end_id: String(r.end_to_end_id),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name),
    mandate_reference: String(r.mandate_reference),
    sequence_type: String(r.sequence_type),
    amount: Number(r.amount),
    charges: Number(r.charges),
    status: String(r.status) as 'presented' | 'paid' | 'returned' | 'cancelled',
  }));
}

/** The batch's files as written (the CORE or only message, and a CBI batch's B2B message), with its format and creation time. */
export async function batchXml(exec: Exec, studioId: number, id: number) {
  const [r] = await exec(
    sql`SELECT "message_id", "xml", "xml_b2b", "format", to_char("created_at", 'YYYY-MM-DD"T"HH24:MI:SS') AS "created_at"
      FROM "sdd_batches" WHERE "studio_id" = ${studioId} AND "id" = ${id}`,
  );
  return r
    ? {
        messageId: String(r.message_id),
        format: String(r.format),
        createdAt: String(r.created_at),
        xml: String(r.xml),
        xmlB2b: r.xml_b2b == null ? null : String(r.xml_b2b),
      }
    : null;
}

/**
 * Cancels a presented batch none of whose debits was paid or returned: its rows cancelled (their
 * charges free again), the mandates whose first debit it carried back to FRST unless another
 * live batch used them. Answers false when the batch cannot be cancelled.
 */
export async function cancelBatch(exec: Exec, studioId: number, id: number, userName: string): Promise<boolean> {
  const [r] = await exec(sql`UPDATE "sdd_batches" b SET "status" = 'cancelled', "cancelled_at" = LOCALTIMESTAMP,
      "cancelled_by_name" = ${userName}
    WHERE b."studio_id" = ${studioId} AND b."id" = ${id} AND b."status" = 'presented'
      AND NOT EXISTS (SELECT 1 FROM "sdd_batch_items" i WHERE i."batch_id" = b."id" AND i."status" IN ('paid', 'returned'))
    RETURNING b."id"`);
  if (!r) return false;
  await exec(
    sql`UPDATE "sdd_batch_items" SET "status" = 'cancelled' WHERE "batch_id" = ${id} AND "studio_id" = ${studioId}`,
  );
  await exec(sql`UPDATE "sdd_mandates" m SET "sequence_type" = 'FRST', "updated_at" = LOCALTIMESTAMP
    WHERE m."studio_id" = ${studioId} AND m."id" IN (SELECT i."mandate_id" FROM "sdd_batch_items" i
        WHERE i."batch_id" = ${id} AND i."sequence_type" = 'FRST')
      AND NOT EXISTS (SELECT 1 FROM "sdd_batch_items" o WHERE o."mandate_id" = m."id" AND o."status" <> 'cancelled')`);
  return true;
}

/** A mandate of the studio with its customer, for the form to sign (undefined: not the studio's). */
export async function mandateWithCustomer(exec: Exec, studioId: number, id: number) {
  const [r] =
    await exec(sql`SELECT m."reference", to_char(m."signature_date", 'YYYY-MM-DD') AS "signature_date", m."scheme",
      m."iban", m."debtor_name", c."business_name", c."address", c."postal_code", c."city", c."fiscal_code", c."vat_id",
      s."postal_code" AS "studio_postal_code", s."city" AS "studio_city", s."province" AS "studio_province",
      s."sdd_creditor_id"
    FROM "sdd_mandates" m JOIN "customers" c ON c."id" = m."customer_id" JOIN "studios" s ON s."id" = m."studio_id"
    WHERE m."studio_id" = ${studioId} AND m."id" = ${id} AND m."deleted_at" IS NULL`);
  if (!r) return undefined;
  const text = (v: unknown) => (v == null || v === '' ? null : String(v));
  return {
    mandate: {
      reference: String(r.reference),
      signature_date: String(r.signature_date),
      scheme: (r.scheme === 'B2B' ? 'B2B' : 'CORE') as 'CORE' | 'B2B',
      iban: String(r.iban),
      debtor_name: text(r.debtor_name),
    },
    customer: {
      business_name: String(r.business_name),
      address: text(r.address),
      postal_code: text(r.postal_code),
      city: text(r.city),
      fiscal_code: text(r.fiscal_code),
      vat_id: text(r.vat_id),
    },
    studio: {
      postal_code: text(r.studio_postal_code),
      city: text(r.studio_city),
      province: text(r.studio_province),
      sdd_creditor_id: text(r.sdd_creditor_id),
    },
  };
}

/** Whether the customer is the studio's (in the trash too: its card is still shown). */
export async function customerExists(exec: Exec, studioId: number, id: number): Promise<boolean> {
  const [r] = await exec(sql`SELECT 1 AS "x" FROM "customers" WHERE "id" = ${id} AND "studio_id" = ${studioId}`);
  return !!r;
}
