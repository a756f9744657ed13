/**
 * The bank's answer to a batch ('Esiti', issue 47 item 3): its CBI status report
 * (STAT-RPT-INC-SDD-01) or pain.002, read by ./sddStatus.ts, is imported on the batch it answers —
 * told by the original message id (the batch's MsgId, or a CBI batch's `-CORE`/`-B2B` message) —
 * and each rejected debit is matched by its end-to-end id. All or nothing:
 * - a report of another batch, or naming end-to-end ids the batch does not have (listed), changes
 *   nothing and says why;
 * - each rejected debit still presented becomes returned (its charges open again, in the next SDD
 *   preview, the aging and the reminders, overdue from their own due dates); one already collected
 *   or returned by a statement is listed and left as it is;
 * - the bank's fee, when the studio asks it, becomes a positive adjustment of the customer: a cost
 *   paid in the customer's name and on his behalf, outside the VAT base (art. 15 c. 1 n. 3 DPR
 *   633/1972), so the payable is the fee itself;
 * - a reason saying the mandate no longer holds (SDD_REASONS' `mandateEnds`: MD01, AC04, MD07…)
 *   marks it 'Da verificare': the SDD preview leaves it out until it is corrected;
 * - the same report again (its MsgId, while not undone) changes nothing (409);
 * - an outcome is undone as a whole: its debits presented again, its fees to the trash, the
 *   mandates' marks as they were.
 */
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { getModel } from '../../../model/registry.js';
import { displayDateTime } from '../../../model/dates.js';
import type { SddOutcome } from '../../../model/api/collections.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { idArray } from '../../db/sql.js';
import { insertMovement, markDebitsReturned, unmarkDebits } from './bankQueries.js';
import { lockSdd } from './sddQueries.js';
import { SDD_REASONS, parseSddStatusReport, reasonText, type SddStatusReport } from './sddStatus.js';

/** The largest fee per rejected debit the studio may charge (euro). */
export const OUTCOME_FEE_MAX = 1_000;

export const SDD_OUTCOME_MESSAGES = {
  cancelled: 'La distinta è annullata: non ha esiti da importare',
  otherBatch: (messageId: string) =>
    `L'esito è della distinta ${messageId}, non di questa: caricalo dal dettaglio di quella distinta`,
  unknownBatch: (orgnl: string) =>
    `L'esito risponde alla distinta ${orgnl}, che non è una distinta dello studio: nessuna modifica`,
  unknownDebits: (ids: string[]) =>
    `L'esito nomina ${ids.length === 1 ? 'un addebito' : `${ids.length} addebiti`} che la distinta non ha: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? '…' : ''}. Nessuna modifica`,
  again: (when: string) => `Questo esito è già stato importato il ${when}: nessuna modifica`,
  fee: `Commissione per addebito non riuscito: un importo in euro da 0 a ${OUTCOME_FEE_MAX}`,
  undone: "L'esito è già stato annullato",
  notOfBatch: 'Esito non trovato tra quelli della distinta',
  feeNote: (batch: string, reason: string) =>
    `Commissione bancaria per addebito SDD non riuscito (distinta ${batch}, ${reason})`,
  feeInternal:
    'Spesa anticipata in nome e per conto del cliente, esclusa dalla base IVA (art. 15 c. 1 n. 3 DPR 633/1972)',
  flag: (reason: string, day: string, batch: string) => `${reason} (esito del ${day}, distinta ${batch})`,
} as const;

const outcomeFail = (message: string, field = 'file') => new HttpError(422, message, { [field]: [message] });

const transactions = () => getModel('Transaction');
const mandates = () => getModel('SddMandate');

/** The fee asked with the upload: '' or absent for none; euros with a comma or a dot. */
export function outcomeFee(raw: string | undefined): Decimal | null {
  const v = (raw ?? '').trim().replace(',', '.');
  if (!v) return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(v)) throw outcomeFail(SDD_OUTCOME_MESSAGES.fee, 'fee');
  const d = new Decimal(v);
  if (d.gt(OUTCOME_FEE_MAX)) throw outcomeFail(SDD_OUTCOME_MESSAGES.fee, 'fee');
  return d.isZero() ? null : d;
}

interface BatchDebit {
  end_to_end_id: string;
  customer_id: number;
  mandate_id: number;
  sequence_type: string;
  scheme: string;
  status: string;
  amount: string;
}

/** The end-to-end ids the report rejects: its rejected transactions, a group or a PmtInf rejected whole. */
function rejectedOf(report: SddStatusReport, debits: BatchDebit[]) {
  const rejected = new Map<string, { reason: string | null; text: string | null }>();
  // the message the report answers: a CBI batch of two schemes has a MsgId per scheme
  const scheme = report.originalMessageId.endsWith('-B2B')
    ? 'B2B'
    : report.originalMessageId.endsWith('-CORE')
      ? 'CORE'
      : null;
  const inMessage = debits.filter((d) => !scheme || d.scheme === scheme);
  for (const t of report.transactions)
    if (t.status === 'RJCT') rejected.set(t.endToEndId, { reason: t.reason, text: t.reasonText });
  if (report.groupStatus === 'RJCT' && !report.transactions.length)
    for (const d of inMessage)
      rejected.set(d.end_to_end_id, { reason: report.groupReason, text: report.groupReasonText });
  for (const p of report.paymentInfoStatuses) {
    if (p.status !== 'RJCT' || !p.originalPaymentInfoId) continue;
    const seq = p.originalPaymentInfoId.slice(p.originalPaymentInfoId.lastIndexOf('-') + 1);
    for (const d of inMessage)
      if (d.sequence_type === seq && !rejected.has(d.end_to_end_id))
        rejected.set(d.end_to_end_id, { reason: p.reason, text: p.reasonText });
  }
  return rejected;
}

/** Imports a status report on its batch: see the file's comment. */
export async function importOutcome(
  exec: Exec,
  tx: Tx,
  ctx: Ctx,
  rawBatchId: unknown,
  file: { name: string; bytes: Buffer },
  rawFee: string | undefined,
): Promise<SddOutcome> {
  if (!can(ctx, transactions(), 'create') || !can(ctx, mandates(), 'update')) throw forbidden();
  const batchId = pathId(rawBatchId);
  const fee = outcomeFee(rawFee);
  const report = parseSddStatusReport(file.bytes);
  const id = await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    const [batch] = await e(sql`SELECT "id", "message_id", "status" FROM "sdd_batches"
      WHERE "studio_id" = ${ctx.studioId} AND "id" = ${batchId}`);
    if (!batch) throw notFound();
    const msgId = String(batch.message_id);
    if (batch.status === 'cancelled') throw outcomeFail(SDD_OUTCOME_MESSAGES.cancelled);
    const orgnl = report.originalMessageId;
    if (orgnl !== msgId && orgnl !== `${msgId}-CORE` && orgnl !== `${msgId}-B2B`) {
      const base = orgnl.replace(/-(CORE|B2B)$/, '');
      const [other] = await e(sql`SELECT "message_id" FROM "sdd_batches"
        WHERE "studio_id" = ${ctx.studioId} AND "message_id" = ${base}`);
      throw outcomeFail(
        other ? SDD_OUTCOME_MESSAGES.otherBatch(String(other.message_id)) : SDD_OUTCOME_MESSAGES.unknownBatch(orgnl),
      );
    }
    const [seen] = await e(sql`SELECT to_char("created_at", 'YYYY-MM-DD HH24:MI:SS') AS "at" FROM "sdd_outcomes"
      WHERE "studio_id" = ${ctx.studioId} AND "message_id" = ${report.messageId} AND "undone_at" IS NULL`);
    if (seen) throw new HttpError(409, SDD_OUTCOME_MESSAGES.again(displayDateTime(String(seen.at))));
    const debits = (
      await e(sql`SELECT i."end_to_end_id", min(i."customer_id") AS "customer_id", min(i."mandate_id") AS "mandate_id",
          min(i."sequence_type") AS "sequence_type", min(m."scheme") AS "scheme", min(i."status") AS "status",
          sum(i."amount")::text AS "amount"
        FROM "sdd_batch_items" i JOIN "sdd_mandates" m ON m."id" = i."mandate_id"
        WHERE i."studio_id" = ${ctx.studioId} AND i."batch_id" = ${batchId}
        GROUP BY i."end_to_end_id"`)
    ).map((r): BatchDebit => ({
      end_to_end_id: String(r.end_to_end_id),
      customer_id: Number(r.customer_id),
      mandate_id: Number(r.mandate_id),
      sequence_type: String(r.sequence_type),
      scheme: String(r.scheme),
      status: String(r.status),
      amount: String(r.amount),
    }));
    const byE2e = new Map(debits.map((d) => [d.end_to_end_id, d]));
    const rejected = rejectedOf(report, debits);
    const unknown = [...rejected.keys()].filter((k) => !byE2e.has(k));
    if (unknown.length) throw outcomeFail(SDD_OUTCOME_MESSAGES.unknownDebits(unknown));

    const [o] = await e(sql`INSERT INTO "sdd_outcomes" ("studio_id", "batch_id", "message_id", "format", "file_name",
        "content", "fee", "rejected", "created_by_name")
      VALUES (${ctx.studioId}, ${batchId}, ${report.messageId}, ${report.format}, ${file.name.slice(0, 255)},
        ${file.bytes.toString('utf8')}, ${fee ? fee.toFixed(2) : null}::numeric, ${rejected.size}, ${ctx.name})
      RETURNING "id", to_char("created_at", 'DD/MM/YYYY') AS "day"`);
    const outcomeId = Number(o!.id);
    const today = String(o!.day);
    for (const [e2e, why] of rejected) {
      const d = byE2e.get(e2e)!;
      const applied = d.status === 'presented';
      const code = why.reason ? why.reason.toUpperCase() : null;
      const reasonLine = reasonText(code);
      let feeId: number | null = null;
      let flagged = false;
      let before: string | null = null;
      if (applied) {
        await markDebitsReturned(e, ctx.studioId, e2e);
        if (fee)
          feeId = await insertMovement(e, ctx.studioId, {
            customer_id: d.customer_id,
            type: 'ADJUSTMENT',
            amount: fee.toFixed(2),
            date: new Date().toISOString().slice(0, 10),
            note: SDD_OUTCOME_MESSAGES.feeNote(msgId, reasonLine),
            internal: SDD_OUTCOME_MESSAGES.feeInternal,
          });
        if (code && SDD_REASONS[code]?.mandateEnds) {
          const [m] = await e(sql`SELECT "attention" FROM "sdd_mandates" WHERE "id" = ${d.mandate_id}`);
          before = m?.attention == null ? '' : String(m.attention);
          flagged = true;
          await e(sql`UPDATE "sdd_mandates" SET "attention" = ${SDD_OUTCOME_MESSAGES.flag(reasonLine, today, msgId).slice(0, 255)},
              "updated_at" = LOCALTIMESTAMP
            WHERE "studio_id" = ${ctx.studioId} AND "id" = ${d.mandate_id}`);
        }
      }
      await e(sql`INSERT INTO "sdd_outcome_items" ("studio_id", "outcome_id", "end_to_end_id", "reason", "reason_text",
          "applied", "fee_id", "mandate_id", "mandate_attention_before", "mandate_flagged")
        VALUES (${ctx.studioId}, ${outcomeId}, ${e2e}, ${code}, ${why.text}, ${applied}, ${feeId}, ${d.mandate_id},
          ${before}, ${flagged})`);
    }
    return outcomeId;
  });
  return (await outcomesOf(exec, ctx.studioId, batchId, id))[0]!;
}

/** Undoes an outcome of a batch: its debits presented again, its fees to the trash, the mandates' marks restored. */
export async function undoOutcome(tx: Tx, exec: Exec, ctx: Ctx, rawBatchId: unknown, outcomeId: number) {
  if (!can(ctx, transactions(), 'create') || !can(ctx, mandates(), 'update')) throw forbidden();
  const batchId = pathId(rawBatchId);
  await tx(async (e) => {
    await lockSdd(e, ctx.studioId);
    const [o] = await e(sql`SELECT "id", "undone_at" FROM "sdd_outcomes"
      WHERE "studio_id" = ${ctx.studioId} AND "batch_id" = ${batchId} AND "id" = ${outcomeId} FOR UPDATE`);
    if (!o) throw new HttpError(404, SDD_OUTCOME_MESSAGES.notOfBatch);
    if (o.undone_at != null) throw new HttpError(409, SDD_OUTCOME_MESSAGES.undone);
    const items =
      await e(sql`SELECT "end_to_end_id", "applied", "fee_id", "mandate_id", "mandate_attention_before", "mandate_flagged"
      FROM "sdd_outcome_items" WHERE "outcome_id" = ${outcomeId}`);
    for (const it of items) {
      if (!it.applied) continue;
      await unmarkDebits(e, ctx.studioId, String(it.end_to_end_id), true, null);
      if (it.mandate_flagged && it.mandate_id != null)
        await e(sql`UPDATE "sdd_mandates" SET "attention" = ${String(it.mandate_attention_before ?? '') || null},
            "updated_at" = LOCALTIMESTAMP
          WHERE "studio_id" = ${ctx.studioId} AND "id" = ${Number(it.mandate_id)}`);
    }
    const fees = items
      .map((it) => it.fee_id)
      .filter((x) => x != null)
      .map(Number);
    if (fees.length)
      await e(sql`UPDATE "transactions" SET "deleted_at" = LOCALTIMESTAMP
        WHERE "studio_id" = ${ctx.studioId} AND "id" = ANY(${idArray(fees)}) AND "deleted_at" IS NULL`);
    await e(sql`UPDATE "sdd_outcomes" SET "undone_at" = LOCALTIMESTAMP, "undone_by_name" = ${ctx.name}
      WHERE "id" = ${outcomeId}`);
  });
  return (await outcomesOf(exec, ctx.studioId, batchId, outcomeId))[0]!;
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
