/**
 * Bank statements and their reconciliation in statements scoped to the studio: the studio's own
 * accounts, what the matcher needs to know (customers, known IBANs, open charges with their
 * invoices, SDD debits), the statement and its lines written set-based, a line's confirmation
 * (the payment, its settlements, the SDD debit paid or the return's reversal) and its undoing.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { idArray, textArray } from '../../db/sql.js';
import { openItems } from '../accounts/index.js';
import { cbiCodeText } from './cbiRh.js';
import type { MatchBook } from './match.js';

/** Serialises the studio's imports and confirmations until the transaction ends. */
export async function lockBank(exec: Exec, studioId: number) {
  await exec(sql`SELECT pg_advisory_xact_lock(${7_700_000 + (studioId % 1_000_000)}, 0)`);
}

/** The studio's IBANs: its own and its bank accounts' (a statement must be of one of them). */
export async function studioIbans(exec: Exec, studioId: number): Promise<string[]> {
  const rows = await exec(sql`SELECT "iban" FROM "studios" WHERE "id" = ${studioId} AND "iban" IS NOT NULL
    UNION SELECT "iban" FROM "bank_accounts" WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL AND "iban" IS NOT NULL`);
  return rows.map((r) => String(r.iban).replace(/\s+/g, '').toUpperCase()).filter(Boolean);
}

/** The statement already imported from the same file, if any. */
export async function statementByHash(exec: Exec, studioId: number, hash: string) {
  const [r] = await exec(sql`SELECT "id", "file_name", to_char("created_at", 'DD/MM/YYYY') AS "day", "imported_by_name"
    FROM "bank_statements" WHERE "studio_id" = ${studioId} AND "file_hash" = ${hash}`);
  return r
    ? {
        id: Number(r.id),
        file_name: String(r.file_name),
        day: String(r.day),
        by: r.imported_by_name == null ? null : String(r.imported_by_name),
      }
    : null;
}

/** Which of these fingerprints the studio already has (lines of another statement). */
export async function knownFingerprints(exec: Exec, studioId: number, prints: string[]): Promise<Set<string>> {
  if (!prints.length) return new Set();
  const rows = await exec(sql`SELECT "fingerprint" FROM "bank_statement_lines"
    WHERE "studio_id" = ${studioId} AND "fingerprint" = ANY(${textArray(prints)})`);
  return new Set(rows.map((r) => String(r.fingerprint)));
}

/** What the matcher knows of the studio (the open charges by the open-items rule). */
export async function matchBook(exec: Exec, studioId: number): Promise<MatchBook> {
  const customers = await exec(sql`SELECT "id", "business_name", "fiscal_code", "vat_id" FROM "customers"
    WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL`);
  const ibans = await exec(sql`SELECT upper(replace("iban", ' ', '')) AS "iban", "customer_id", 'mandate' AS "source"
      FROM "sdd_mandates" WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL
    UNION SELECT upper(replace(l."counterparty_iban", ' ', '')), l."customer_id", 'payment' FROM "bank_statement_lines" l
      WHERE l."studio_id" = ${studioId} AND l."status" = 'confirmed' AND l."counterparty_iban" IS NOT NULL
        AND l."customer_id" IS NOT NULL AND l."amount" > 0`);
  const charges =
    await exec(sql`SELECT o."id", o."customer_id", to_char(o."due", 'YYYY-MM-DD') AS "due", o."open"::text AS "open",
      d."number" AS "invoice_number", d."year" AS "invoice_year"
    FROM (${openItems(studioId)}) o
    LEFT JOIN LATERAL (SELECT d."number", d."year" FROM "e_document_services" l JOIN "e_documents" d ON d."id" = l."e_document_id"
      WHERE l."transaction_id" = o."id" AND d."deleted_at" IS NULL ORDER BY d."id" DESC LIMIT 1) d ON true
    WHERE o."open" > 0`);
  const invoices = await exec(sql`SELECT d."number", d."year", d."customer_id", d."total"::text AS "total",
      coalesce(array_agg(l."transaction_id") FILTER (WHERE l."transaction_id" IS NOT NULL), '{}') AS "charge_ids"
    FROM "e_documents" d LEFT JOIN "e_document_services" l ON l."e_document_id" = d."id"
    WHERE d."studio_id" = ${studioId} AND d."deleted_at" IS NULL AND d."type" <> 'TD04'
      AND d."date" >= CURRENT_DATE - interval '3 years'
    GROUP BY d."id"`);
  const debits =
    await exec(sql`SELECT i."end_to_end_id", i."customer_id", i."charge_id", i."amount"::text AS "amount", i."status"
    FROM "sdd_batch_items" i WHERE i."studio_id" = ${studioId} AND i."status" IN ('presented', 'paid')`);
  const riba = await exec(sql`SELECT p."support_name", p."kind", sum(i."amount")::text AS "total",
      array_agg(i."amount"::text) AS "amounts"
    FROM (SELECT i."presentation_id", i."receipt_no", sum(i."amount") AS "amount" FROM "riba_items" i
      WHERE i."studio_id" = ${studioId} AND i."status" = 'presented' GROUP BY i."presentation_id", i."receipt_no") i
    JOIN "riba_presentations" p ON p."id" = i."presentation_id"
    GROUP BY p."id", p."support_name", p."kind"`);
  return {
    ribaCredits: riba.map((r) => ({
      support_name: String(r.support_name),
      kind: r.kind === 'dopo_incasso' ? ('dopo_incasso' as const) : ('sbf' as const),
      total: String(r.total),
      receipts: ((r.amounts as unknown[]) ?? []).map(String),
    })),
    customers: customers.map((r) => ({
      id: Number(r.id),
      name: String(r.business_name),
      fiscal_code: r.fiscal_code == null ? null : String(r.fiscal_code),
      vat_id: r.vat_id == null ? null : String(r.vat_id),
    })),
    ibans: ibans.map((r) => ({
      iban: String(r.iban),
      customer_id: Number(r.customer_id),
      source: String(r.source) as 'mandate' | 'payment',
    })),
    openCharges: charges.map((r) => ({
      id: Number(r.id),
      customer_id: Number(r.customer_id),
      due: String(r.due),
      open: String(r.open),
      invoice_number: r.invoice_number == null ? null : String(r.invoice_number),
      invoice_year: r.invoice_year == null ? null : Number(r.invoice_year),
    })),
    invoices: invoices.map((r) => ({
      number: String(r.number),
      year: Number(r.year),
      customer_id: Number(r.customer_id),
      total: String(r.total),
      charge_ids: ((r.charge_ids as unknown[]) ?? []).map(Number),
    })),
    sddDebits: debits.map((r) => ({
      end_to_end_id: String(r.end_to_end_id),
      customer_id: Number(r.customer_id),
      charge_id: Number(r.charge_id),
      amount: String(r.amount),
      status: String(r.status),
    })),
  };
}

/** The collected debits of these end-to-end ids (a return names one): customer, payment, rows. */
export async function collectedDebits(exec: Exec, studioId: number, e2es: string[]) {
  if (!e2es.length) return new Map<string, { customer_id: number; payment_id: number | null; status: string }>();
  const rows =
    await exec(sql`SELECT i."end_to_end_id", min(i."customer_id") AS "customer_id", min(i."payment_id") AS "payment_id",
      min(i."status") AS "status"
    FROM "sdd_batch_items" i WHERE i."studio_id" = ${studioId} AND i."end_to_end_id" = ANY(${textArray(e2es)})
      AND i."status" IN ('presented', 'paid')
    GROUP BY i."end_to_end_id"`);
  return new Map(
    rows.map((r) => [
      String(r.end_to_end_id),
      {
        customer_id: Number(r.customer_id),
        payment_id: r.payment_id == null ? null : Number(r.payment_id),
        status: String(r.status),
      },
    ]),
  );
}

export interface NewStatement {
  file_name: string;
  format: string;
  file_hash: string;
  iban: string | null;
  statement_ref: string | null;
  from_date: string | null;
  to_date: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  lines: number;
  duplicates: number;
  user_id: number;
  user_name: string;
}

export interface NewLine {
  line_no: number;
  fingerprint: string;
  booking_date: string;
  value_date: string | null;
  amount: string;
  counterparty: string | null;
  counterparty_iban: string | null;
  remittance: string | null;
  end_to_end_id: string | null;
  bank_ref: string | null;
  return_reason: string | null;
  is_return: boolean;
  /** the bank's CBI transaction code (an RH statement's movements) */
  cbi_code: string | null;
  status: string;
  customer_id: number | null;
  charges: Array<{ charge_id: number; amount: string }> | null;
  reason: string | null;
  reason_text: string | null;
}

/** The statement and its lines (in chunks of 2,000 rows a statement). */
export async function insertStatement(
  exec: Exec,
  studioId: number,
  s: NewStatement,
  lines: NewLine[],
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "bank_statements" ("studio_id", "file_name", "format", "file_hash", "iban", "statement_ref",
      "from_date", "to_date", "opening_balance", "closing_balance", "lines", "duplicates", "imported_by", "imported_by_name")
    VALUES (${studioId}, ${s.file_name}, ${s.format}, ${s.file_hash}, ${s.iban}, ${s.statement_ref}, ${s.from_date}::date,
      ${s.to_date}::date, ${s.opening_balance}::numeric, ${s.closing_balance}::numeric, ${s.lines}, ${s.duplicates},
      ${s.user_id}, ${s.user_name}) RETURNING "id"`);
  const id = Number(r!.id);
  for (let i = 0; i < lines.length; i += 2000) {
    const chunk = lines.slice(i, i + 2000);
    await exec(sql`INSERT INTO "bank_statement_lines" ("studio_id", "statement_id", "line_no", "fingerprint", "booking_date",
        "value_date", "amount", "counterparty", "counterparty_iban", "remittance", "end_to_end_id", "bank_ref", "return_reason",
        "is_return", "status", "customer_id", "charges", "reason", "reason_text", "cbi_code")
      SELECT ${studioId}::int, ${id}::int, x."line_no", x."fingerprint", x."booking_date"::date, x."value_date"::date,
        x."amount"::numeric, x."counterparty", x."counterparty_iban", x."remittance", x."end_to_end_id", x."bank_ref",
        x."return_reason", x."is_return", x."status", x."customer_id", x."charges", x."reason", x."reason_text", x."cbi_code"
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x("line_no" int, "fingerprint" text, "booking_date" text,
        "value_date" text, "amount" text, "counterparty" text, "counterparty_iban" text, "remittance" text, "end_to_end_id" text,
        "bank_ref" text, "return_reason" text, "is_return" boolean, "status" text, "customer_id" int, "charges" jsonb,
        "reason" text, "reason_text" text, "cbi_code" text)`);
  }
  return id;
}

const STATEMENT_COLUMNS = sql`s."id", s."file_name", s."format", s."iban", to_char(s."from_date", 'YYYY-MM-DD') AS "from_date",
  to_char(s."to_date", 'YYYY-MM-DD') AS "to_date", s."lines", s."duplicates",
  to_char(s."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", s."imported_by_name",
  (SELECT json_object_agg(c."status", c."n") FROM (SELECT l."status", count(*)::int AS "n" FROM "bank_statement_lines" l
    WHERE l."statement_id" = s."id" GROUP BY l."status") c) AS "counts"`;

const asStatement = (r: Record<string, unknown>) => {
  const counts = (r.counts ?? {}) as Record<string, number>;
  return {
    id: Number(r.id),
    file_name: String(r.file_name),
    format: String(r.format),
    iban: r.iban == null ? null : String(r.iban),
    from_date: r.from_date == null ? null : String(r.from_date),
    to_date: r.to_date == null ? null : String(r.to_date),
    lines: Number(r.lines),
    duplicates: Number(r.duplicates),
    counts: {
      unmatched: counts.unmatched ?? 0,
      proposed: counts.proposed ?? 0,
      matched: counts.matched ?? 0,
      confirmed: counts.confirmed ?? 0,
      ignored: counts.ignored ?? 0,
    },
    created_at: String(r.created_at),
    imported_by_name: r.imported_by_name == null ? null : String(r.imported_by_name),
  };
};
export type StatementRow = ReturnType<typeof asStatement>;

export async function statementList(exec: Exec, studioId: number): Promise<StatementRow[]> {
  const rows = await exec(sql`SELECT ${STATEMENT_COLUMNS} FROM "bank_statements" s WHERE s."studio_id" = ${studioId}
    ORDER BY s."created_at" DESC, s."id" DESC LIMIT 200`);
  return rows.map(asStatement);
}

export async function statementOf(exec: Exec, studioId: number, id: number): Promise<StatementRow | undefined> {
  const [r] = await exec(
    sql`SELECT ${STATEMENT_COLUMNS} FROM "bank_statements" s WHERE s."studio_id" = ${studioId} AND s."id" = ${id}`,
  );
  return r ? asStatement(r) : undefined;
}

const LINE_COLUMNS = sql`l."id", l."statement_id", l."line_no", to_char(l."booking_date", 'YYYY-MM-DD') AS "booking_date",
  to_char(l."value_date", 'YYYY-MM-DD') AS "value_date", l."amount"::text AS "amount", l."counterparty", l."counterparty_iban",
  l."remittance", l."end_to_end_id", l."is_return", l."return_reason", l."status", l."customer_id", c."business_name",
  l."charges", l."reason", l."reason_text", l."transaction_id", l."cbi_code"`;

export interface LineRow {
  id: number;
  statement_id: number;
  line_no: number;
  booking_date: string;
  value_date: string | null;
  amount: string;
  counterparty: string | null;
  counterparty_iban: string | null;
  remittance: string | null;
  end_to_end_id: string | null;
  is_return: boolean;
  return_reason: string | null;
  /** the CBI transaction code and what it means ('48', 'Bonifico a vostro favore'), an RH statement's */
  cbi_code: string | null;
  cbi_code_text: string | null;
  status: 'unmatched' | 'proposed' | 'matched' | 'confirmed' | 'ignored';
  customer_id: number | null;
  business_name: string | null;
  charges: Array<{ charge_id: number; amount: string }>;
  reason: string | null;
  reason_text: string | null;
  transaction_id: number | null;
}

const str = (v: unknown) => (v == null ? null : String(v));
const asLine = (r: Record<string, unknown>): LineRow => ({
  id: Number(r.id),
  statement_id: Number(r.statement_id),
  line_no: Number(r.line_no),
  booking_date: String(r.booking_date),
  value_date: str(r.value_date),
  amount: String(r.amount),
  counterparty: str(r.counterparty),
  counterparty_iban: str(r.counterparty_iban),
  remittance: str(r.remittance),
  end_to_end_id: str(r.end_to_end_id),
  is_return: Boolean(r.is_return),
  return_reason: str(r.return_reason),
  cbi_code: str(r.cbi_code),
  cbi_code_text: r.cbi_code == null ? null : cbiCodeText(String(r.cbi_code)),
  status: String(r.status) as LineRow['status'],
  customer_id: r.customer_id == null ? null : Number(r.customer_id),
  business_name: str(r.business_name),
  charges: ((r.charges as Array<{ charge_id: number; amount: string }> | null) ?? []).map((c) => ({
    charge_id: Number(c.charge_id),
    amount: String(c.amount),
  })),
  reason: str(r.reason),
  reason_text: str(r.reason_text),
  transaction_id: r.transaction_id == null ? null : Number(r.transaction_id),
});

/** A statement's lines in the file's order. */
export async function statementLines(exec: Exec, studioId: number, id: number): Promise<LineRow[]> {
  const rows =
    await exec(sql`SELECT ${LINE_COLUMNS} FROM "bank_statement_lines" l LEFT JOIN "customers" c ON c."id" = l."customer_id"
    WHERE l."studio_id" = ${studioId} AND l."statement_id" = ${id} ORDER BY l."line_no", l."id"`);
  return rows.map(asLine);
}

/** One line of the studio (locked for the transaction when `lock`). */
export async function lineOf(exec: Exec, studioId: number, id: number, lock = false): Promise<LineRow | undefined> {
  if (lock)
    await exec(sql`SELECT 1 FROM "bank_statement_lines" WHERE "id" = ${id} AND "studio_id" = ${studioId} FOR UPDATE`);
  const [r] =
    await exec(sql`SELECT ${LINE_COLUMNS} FROM "bank_statement_lines" l LEFT JOIN "customers" c ON c."id" = l."customer_id"
    WHERE l."studio_id" = ${studioId} AND l."id" = ${id}`);
  return r ? asLine(r) : undefined;
}

/** The ids of a statement's lines in this status. */
export async function lineIdsOf(exec: Exec, studioId: number, statementId: number, status: string): Promise<number[]> {
  const rows = await exec(sql`SELECT "id" FROM "bank_statement_lines" WHERE "studio_id" = ${studioId}
    AND "statement_id" = ${statementId} AND "status" = ${status} ORDER BY "line_no", "id"`);
  return rows.map((r) => Number(r.id));
}

/** A customer's open items (id → open) by the rule, for checking what a confirmation assigns. */
export async function openOfCustomer(exec: Exec, studioId: number, customerId: number): Promise<Map<number, string>> {
  const rows = await exec(
    sql`SELECT o."id", o."open"::text AS "open" FROM (${openItems(studioId, customerId)}) o WHERE o."open" > 0`,
  );
  return new Map(rows.map((r) => [Number(r.id), String(r.open)]));
}

/** Posts a movement (a payment, or the adjustment reversing a returned one) of a customer of the studio. */
export async function insertMovement(
  exec: Exec,
  studioId: number,
  m: {
    customer_id: number;
    type: 'PAYMENT' | 'ADJUSTMENT';
    amount: string;
    date: string;
    note: string;
    internal: string;
  },
): Promise<number> {
  const [r] = await exec(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date",
      "transaction_note", "internal_note", "is_yearly_installment")
    VALUES (${studioId}, ${m.customer_id}, ${m.type}, ${m.amount}::numeric, ${`${m.date} 00:00:00`}::timestamp,
      ${m.note.slice(0, 255)}, ${m.internal}, false) RETURNING "id"`);
  return Number(r!.id);
}

export async function insertSettlements(
  exec: Exec,
  studioId: number,
  paymentId: number,
  charges: Array<{ charge_id: number; amount: string }>,
) {
  if (!charges.length) return;
  await exec(sql`INSERT INTO "settlements" ("studio_id", "payment_id", "charge_id", "amount")
    SELECT ${studioId}::int, ${paymentId}::int, x."charge_id", x."amount"::numeric
    FROM jsonb_to_recordset(${JSON.stringify(charges)}::jsonb) AS x("charge_id" int, "amount" text)`);
}

/** The debits of an end-to-end id collected by this payment; their batches paid when nothing is left presented. */
export async function markDebitsPaid(exec: Exec, studioId: number, e2e: string, paymentId: number) {
  await exec(sql`UPDATE "sdd_batch_items" SET "status" = 'paid', "payment_id" = ${paymentId}
    WHERE "studio_id" = ${studioId} AND "end_to_end_id" = ${e2e} AND "status" = 'presented'`);
  await settleBatches(exec, studioId, e2e);
}

/** The debits of an end-to-end id returned by the bank. */
export async function markDebitsReturned(exec: Exec, studioId: number, e2e: string) {
  await exec(sql`UPDATE "sdd_batch_items" SET "status" = 'returned'
    WHERE "studio_id" = ${studioId} AND "end_to_end_id" = ${e2e} AND "status" IN ('presented', 'paid')`);
  await settleBatches(exec, studioId, e2e);
}

/** A batch with no debit left presented is paid; one with a debit presented again is presented. */
async function settleBatches(exec: Exec, studioId: number, e2e: string) {
  await exec(sql`UPDATE "sdd_batches" b SET "status" = CASE WHEN EXISTS (SELECT 1 FROM "sdd_batch_items" i
      WHERE i."batch_id" = b."id" AND i."status" = 'presented') THEN 'presented' ELSE 'paid' END
    WHERE b."studio_id" = ${studioId} AND b."status" <> 'cancelled'
      AND b."id" IN (SELECT i."batch_id" FROM "sdd_batch_items" i WHERE i."studio_id" = ${studioId} AND i."end_to_end_id" = ${e2e})`);
}

/** Undoes a confirmation's effects on the SDD debits: paid by this payment → presented; returned → paid. */
export async function unmarkDebits(
  exec: Exec,
  studioId: number,
  e2e: string,
  wasReturn: boolean,
  paymentId: number | null,
) {
  if (wasReturn)
    await exec(sql`UPDATE "sdd_batch_items" SET "status" = CASE WHEN "payment_id" IS NULL THEN 'presented' ELSE 'paid' END
      WHERE "studio_id" = ${studioId} AND "end_to_end_id" = ${e2e} AND "status" = 'returned'`);
  else if (paymentId != null)
    await exec(sql`UPDATE "sdd_batch_items" SET "status" = 'presented', "payment_id" = NULL
      WHERE "studio_id" = ${studioId} AND "end_to_end_id" = ${e2e} AND "payment_id" = ${paymentId}`);
  await settleBatches(exec, studioId, e2e);
}

/**
 * A collected payment taken back (an SDD debit returned, a RiBa receipt unpaid): the adjustment of
 * `amount` posted on `date` to the customer, linked to the payment it reverses (what that payment
 * settled is open again), with the bank's `reason` code. Answers the adjustment's id.
 */
export async function reversePayment(
  exec: Exec,
  studioId: number,
  r: { customer_id: number; payment_id: number; amount: string; date: string; note: string; internal: string },
  reason: string | null,
): Promise<number> {
  const reversalId = await insertMovement(exec, studioId, {
    customer_id: r.customer_id,
    type: 'ADJUSTMENT',
    amount: r.amount,
    date: r.date,
    note: r.note,
    internal: r.internal,
  });
  await exec(sql`INSERT INTO "payment_reversals" ("payment_id", "studio_id", "reversal_id", "reason")
    VALUES (${r.payment_id}, ${studioId}, ${reversalId}, ${reason?.slice(0, 8) ?? null})`);
  return reversalId;
}

/** The line confirmed: what it paid, the movement posted, who and when. */
export async function markConfirmed(
  exec: Exec,
  studioId: number,
  id: number,
  v: {
    customer_id: number | null;
    charges: Array<{ charge_id: number; amount: string }>;
    transaction_id: number | null;
    user: string;
  },
) {
  await exec(sql`UPDATE "bank_statement_lines" SET "status" = 'confirmed', "customer_id" = ${v.customer_id},
      "charges" = ${JSON.stringify(v.charges)}::jsonb, "transaction_id" = ${v.transaction_id},
      "confirmed_at" = LOCALTIMESTAMP, "confirmed_by_name" = ${v.user}
    WHERE "id" = ${id} AND "studio_id" = ${studioId}`);
}

export async function setLineStatus(exec: Exec, studioId: number, id: number, status: string) {
  await exec(sql`UPDATE "bank_statement_lines" SET "status" = ${status}, "transaction_id" = NULL, "confirmed_at" = NULL,
      "confirmed_by_name" = NULL WHERE "id" = ${id} AND "studio_id" = ${studioId}`);
}

/** A posted movement to the trash (a confirmation undone), with its settlements and reversal pairing. */
export async function trashMovement(exec: Exec, studioId: number, id: number) {
  await exec(sql`DELETE FROM "settlements" WHERE "studio_id" = ${studioId} AND "payment_id" = ${id}`);
  await exec(sql`DELETE FROM "payment_reversals" WHERE "studio_id" = ${studioId} AND "reversal_id" = ${id}`);
  await exec(
    sql`UPDATE "transactions" SET "deleted_at" = LOCALTIMESTAMP WHERE "id" = ${id} AND "studio_id" = ${studioId}`,
  );
}

/** Whether the customer is the studio's. */
export async function customerOfStudio(exec: Exec, studioId: number, id: number): Promise<string | null> {
  const [r] = await exec(sql`SELECT "business_name" FROM "customers" WHERE "id" = ${id} AND "studio_id" = ${studioId}
    AND "deleted_at" IS NULL`);
  return r ? String(r.business_name) : null;
}

/** The studio's last CSV/XLSX mapping, and saving a new one. */
export async function lastBankMapping(exec: Exec, studioId: number): Promise<Record<string, string | null> | null> {
  const [r] = await exec(sql`SELECT "mapping" FROM "bank_csv_mappings" WHERE "studio_id" = ${studioId}`);
  return (r?.mapping as Record<string, string | null> | undefined) ?? null;
}
export async function saveBankMapping(exec: Exec, studioId: number, mapping: Record<string, string | null>) {
  await exec(sql`INSERT INTO "bank_csv_mappings" ("studio_id", "mapping") VALUES (${studioId}, ${JSON.stringify(mapping)}::jsonb)
    ON CONFLICT ("studio_id") DO UPDATE SET "mapping" = EXCLUDED."mapping", "updated_at" = LOCALTIMESTAMP`);
}

/** ids of these lines not of the studio's customers (an empty answer: all fine) */
export async function chargesOfCustomer(exec: Exec, studioId: number, customerId: number, ids: number[]) {
  const rows =
    await exec(sql`SELECT "id" FROM "transactions" WHERE "studio_id" = ${studioId} AND "customer_id" = ${customerId}
    AND "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Due date and note of these charges of the studio. */
export async function chargeInfo(exec: Exec, studioId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { due: string; note: string | null }>();
  const rows = await exec(sql`SELECT "id", to_char(coalesce("due_date", "date"::date), 'YYYY-MM-DD') AS "due",
      "transaction_note" AS "note" FROM "transactions" WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)})`);
  return new Map(rows.map((r) => [Number(r.id), { due: String(r.due), note: r.note == null ? null : String(r.note) }]));
}
