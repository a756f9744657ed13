/**
 * The SQL of a batch's outcomes ('Esiti', issue 47 item 3; the rules are in ./sddOutcomeService.ts),
 * scoped to the studio: the batch and its debits as the outcome needs them, the outcome and its
 * items written and undone, the mandates' marks, the outcomes read back with their effects.
 */
import { sql } from 'drizzle-orm';
import type { SddOutcome } from '../../../model/api/collections.js';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { reasonText } from './sddStatus.js';

/** A debit of the batch (its charges together) as an outcome reads it. */
export interface BatchDebit {
  end_to_end_id: string;
  customer_id: number;
  mandate_id: number;
  sequence_type: string;
  scheme: string;
  status: string;
  amount: string;
}

export async function batchForOutcome(exec: Exec, studioId: number, id: number) {
  const [b] = await exec(
    sql`SELECT "message_id", "status" FROM "sdd_batches" WHERE "studio_id" = ${studioId} AND "id" = ${id}`,
  );
  return b ? { messageId: String(b.message_id), status: String(b.status) } : null;
}

/** The MsgId of the studio's batch with this MsgId, or null. */
export async function batchMessageOf(exec: Exec, studioId: number, messageId: string): Promise<string | null> {
  const [b] = await exec(
    sql`SELECT "message_id" FROM "sdd_batches" WHERE "studio_id" = ${studioId} AND "message_id" = ${messageId}`,
  );
  return b ? String(b.message_id) : null;
}

/** When the report of this MsgId was imported, while not undone (null: never, or undone). */
export async function liveOutcomeAt(exec: Exec, studioId: number, messageId: string): Promise<string | null> {
  const [r] = await exec(sql`SELECT to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "at" FROM "sdd_outcomes"
    WHERE "studio_id" = ${studioId} AND "message_id" = ${messageId} AND "undone_at" IS NULL`);
  return r ? String(r.at) : null;
}

export async function outcomeDebits(exec: Exec, studioId: number, batchId: number): Promise<BatchDebit[]> {
  const rows =
    await exec(sql`SELECT i."end_to_end_id", min(i."customer_id") AS "customer_id", min(i."mandate_id") AS "mandate_id",
      min(i."sequence_type") AS "sequence_type", min(m."scheme") AS "scheme", min(i."status") AS "status",
      sum(i."amount")::text AS "amount"
    FROM "sdd_batch_items" i JOIN "sdd_mandates" m ON m."id" = i."mandate_id"
    WHERE i."studio_id" = ${studioId} AND i."batch_id" = ${batchId}
    GROUP BY i."end_to_end_id"`);
  return rows.map((r) => ({
    end_to_end_id: String(r.end_to_end_id),
    customer_id: Number(r.customer_id),
    mandate_id: Number(r.mandate_id),
    sequence_type: String(r.sequence_type),
    scheme: String(r.scheme),
    status: String(r.status),
    amount: String(r.amount),
  }));
}

/** The outcome written: its id and the day (DD/MM/YYYY) its marks name. */
export async function insertOutcome(
  exec: Exec,
  studioId: number,
  o: {
    batchId: number;
    messageId: string;
    format: string;
    fileName: string;
    content: string;
    fee: string | null;
    rejected: number;
    by: string;
  },
): Promise<{ id: number; day: string }> {
  const [r] = await exec(sql`INSERT INTO "sdd_outcomes" ("studio_id", "batch_id", "message_id", "format", "file_name",
      "content", "fee", "rejected", "created_by_name")
    VALUES (${studioId}, ${o.batchId}, ${o.messageId}, ${o.format}, ${o.fileName}, ${o.content}, ${o.fee}::numeric,
      ${o.rejected}, ${o.by})
    RETURNING "id", to_char("created_at", 'DD/MM/YYYY') AS "day"`);
  return { id: Number(r!.id), day: String(r!.day) };
}

export async function insertOutcomeItem(
  exec: Exec,
  studioId: number,
  i: {
    outcomeId: number;
    e2e: string;
    reason: string | null;
    reasonText: string | null;
    applied: boolean;
    feeId: number | null;
    mandateId: number;
    before: string | null;
    flagged: boolean;
  },
) {
  await exec(sql`INSERT INTO "sdd_outcome_items" ("studio_id", "outcome_id", "end_to_end_id", "reason", "reason_text",
      "applied", "fee_id", "mandate_id", "mandate_attention_before", "mandate_flagged")
    VALUES (${studioId}, ${i.outcomeId}, ${i.e2e}, ${i.reason}, ${i.reasonText}, ${i.applied}, ${i.feeId}, ${i.mandateId},
      ${i.before}, ${i.flagged})`);
}

/** A mandate's 'Da verificare' (null: none). */
export async function mandateAttention(exec: Exec, studioId: number, id: number): Promise<string | null> {
  const [m] = await exec(sql`SELECT "attention" FROM "sdd_mandates" WHERE "studio_id" = ${studioId} AND "id" = ${id}`);
  return m?.attention == null ? null : String(m.attention);
}

export async function flagMandate(exec: Exec, studioId: number, id: number, text: string) {
  await exec(sql`UPDATE "sdd_mandates" SET "attention" = ${text}, "updated_at" = LOCALTIMESTAMP
    WHERE "studio_id" = ${studioId} AND "id" = ${id}`);
}

export async function restoreMandate(exec: Exec, studioId: number, id: number, attention: string | null) {
  await exec(sql`UPDATE "sdd_mandates" SET "attention" = ${attention}, "updated_at" = LOCALTIMESTAMP
    WHERE "studio_id" = ${studioId} AND "id" = ${id}`);
}

/** The outcome of the batch to undo (locked), or null. */
export async function outcomeForUndo(exec: Exec, studioId: number, batchId: number, id: number) {
  const [o] = await exec(sql`SELECT "undone_at" FROM "sdd_outcomes"
    WHERE "studio_id" = ${studioId} AND "batch_id" = ${batchId} AND "id" = ${id} FOR UPDATE`);
  return o ? { undone: o.undone_at != null } : null;
}

export async function outcomeItemsToUndo(exec: Exec, outcomeId: number) {
  const rows =
    await exec(sql`SELECT "end_to_end_id", "applied", "fee_id", "mandate_id", "mandate_attention_before", "mandate_flagged"
    FROM "sdd_outcome_items" WHERE "outcome_id" = ${outcomeId}`);
  return rows.map((r) => ({
    e2e: String(r.end_to_end_id),
    applied: Boolean(r.applied),
    feeId: r.fee_id == null ? null : Number(r.fee_id),
    mandateId: r.mandate_id == null ? null : Number(r.mandate_id),
    before: r.mandate_attention_before == null ? null : String(r.mandate_attention_before),
    flagged: Boolean(r.mandate_flagged),
  }));
}

/** The fees an outcome charged, to the trash. */
export async function trashFees(exec: Exec, studioId: number, ids: number[]) {
  if (!ids.length) return;
  await exec(sql`UPDATE "transactions" SET "deleted_at" = LOCALTIMESTAMP
    WHERE "studio_id" = ${studioId} AND "id" = ANY(${idArray(ids)}) AND "deleted_at" IS NULL`);
}

export async function markOutcomeUndone(exec: Exec, outcomeId: number, by: string) {
  await exec(
    sql`UPDATE "sdd_outcomes" SET "undone_at" = LOCALTIMESTAMP, "undone_by_name" = ${by} WHERE "id" = ${outcomeId}`,
  );
}

/** The outcomes of a batch (newest first), or the one named, with their items. */
export async function outcomesOf(
  exec: Exec,
  studioId: number,
  batchId: number,
  only: number | null = null,
): Promise<SddOutcome[]> {
  const rows =
    await exec(sql`SELECT o."id", o."message_id", o."format", o."file_name", o."rejected", o."fee"::text AS "fee",
      to_char(o."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at", o."created_by_name",
      to_char(o."undone_at", 'YYYY-MM-DD HH24:MI:SS') AS "undone_at"
    FROM "sdd_outcomes" o WHERE o."studio_id" = ${studioId} AND o."batch_id" = ${batchId}
      ${only === null ? sql`` : sql`AND o."id" = ${only}`}
    ORDER BY o."id" DESC`);
  if (!rows.length) return [];
  const items = await exec(sql`SELECT oi."outcome_id", oi."end_to_end_id", oi."reason", oi."reason_text", oi."applied",
      oi."mandate_flagged", f."amount"::text AS "fee",
      (SELECT c."business_name" FROM "sdd_batch_items" i JOIN "customers" c ON c."id" = i."customer_id"
        WHERE i."batch_id" = ${batchId} AND i."end_to_end_id" = oi."end_to_end_id" LIMIT 1) AS "business_name",
      (SELECT sum(i."amount")::text FROM "sdd_batch_items" i
        WHERE i."batch_id" = ${batchId} AND i."end_to_end_id" = oi."end_to_end_id") AS "amount"
    FROM "sdd_outcome_items" oi LEFT JOIN "transactions" f ON f."id" = oi."fee_id"
    WHERE oi."outcome_id" = ANY(${idArray(rows.map((r) => Number(r.id)))})
    ORDER BY oi."id"`);
  const num = (v: unknown) => (v == null ? null : Number(v));
  return rows.map((r) => ({
    id: Number(r.id),
    message_id: String(r.message_id),
    format: String(r.format) as SddOutcome['format'],
    file_name: String(r.file_name),
    rejected: Number(r.rejected),
    fee: num(r.fee),
    created_at: String(r.created_at),
    created_by_name: r.created_by_name == null ? null : String(r.created_by_name),
    undone_at: r.undone_at == null ? null : String(r.undone_at),
    items: items
      .filter((i) => Number(i.outcome_id) === Number(r.id))
      .map((i) => ({
        end_to_end_id: String(i.end_to_end_id),
        business_name: i.business_name == null ? null : String(i.business_name),
        amount: num(i.amount),
        reason: i.reason == null ? null : String(i.reason),
        reason_text: reasonText(i.reason == null ? null : String(i.reason)),
        applied: Boolean(i.applied),
        fee: num(i.fee),
        mandate_flagged: Boolean(i.mandate_flagged),
      })),
  }));
}

/** Each returned debit's reason from the batch's live outcomes: end-to-end id → 'AM04 — fondi insufficienti'. */
export async function outcomeReasons(exec: Exec, studioId: number, batchId: number): Promise<Map<string, string>> {
  const rows = await exec(sql`SELECT DISTINCT ON (oi."end_to_end_id") oi."end_to_end_id", oi."reason"
    FROM "sdd_outcome_items" oi JOIN "sdd_outcomes" o ON o."id" = oi."outcome_id"
    WHERE o."studio_id" = ${studioId} AND o."batch_id" = ${batchId} AND o."undone_at" IS NULL AND oi."applied"
    ORDER BY oi."end_to_end_id", oi."id" DESC`);
  return new Map(rows.map((r) => [String(r.end_to_end_id), reasonText(r.reason == null ? null : String(r.reason))]));
}
