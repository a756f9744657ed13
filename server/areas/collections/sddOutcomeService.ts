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
import Decimal from 'decimal.js';
import { getModel } from '../../../model/registry.js';
import { displayDateTime } from '../../../model/dates.js';
import type { SddOutcome } from '../../../model/api/collections.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import type { Tx } from '../../records/crud.js';
import type { Exec } from '../../records/exec.js';
import { insertMovement, markDebitsReturned, unmarkDebits } from './bankQueries.js';
import { lockSdd } from './sddQueries.js';
import {
  batchForOutcome,
  batchMessageOf,
  flagMandate,
  insertOutcome,
  insertOutcomeItem,
  liveOutcomeAt,
  mandateAttention,
  markOutcomeUndone,
  outcomeDebits,
  outcomeForUndo,
  outcomeItemsToUndo,
  outcomesOf,
  restoreMandate,
  trashFees,
  type BatchDebit,
} from './sddOutcomeQueries.js';
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
    const batch = await batchForOutcome(e, ctx.studioId, batchId);
    if (!batch) throw notFound();
    const msgId = batch.messageId;
    if (batch.status === 'cancelled') throw outcomeFail(SDD_OUTCOME_MESSAGES.cancelled);
    const orgnl = report.originalMessageId;
    if (orgnl !== msgId && orgnl !== `${msgId}-CORE` && orgnl !== `${msgId}-B2B`) {
      const other = await batchMessageOf(e, ctx.studioId, orgnl.replace(/-(CORE|B2B)$/, ''));
      throw outcomeFail(other ? SDD_OUTCOME_MESSAGES.otherBatch(other) : SDD_OUTCOME_MESSAGES.unknownBatch(orgnl));
    }
    const seen = await liveOutcomeAt(e, ctx.studioId, report.messageId);
    if (seen) throw new HttpError(409, SDD_OUTCOME_MESSAGES.again(displayDateTime(seen)));
    const debits = await outcomeDebits(e, ctx.studioId, batchId);
    const byE2e = new Map(debits.map((d) => [d.end_to_end_id, d]));
    const rejected = rejectedOf(report, debits);
    const unknown = [...rejected.keys()].filter((k) => !byE2e.has(k));
    if (unknown.length) throw outcomeFail(SDD_OUTCOME_MESSAGES.unknownDebits(unknown));

    const { id: outcomeId, day } = await insertOutcome(e, ctx.studioId, {
      batchId,
      messageId: report.messageId,
      format: report.format,
      fileName: file.name.slice(0, 255),
      content: file.bytes.toString('utf8'),
      fee: fee ? fee.toFixed(2) : null,
      rejected: rejected.size,
      by: ctx.name,
    });
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
          before = (await mandateAttention(e, ctx.studioId, d.mandate_id)) ?? '';
          flagged = true;
          await flagMandate(
            e,
            ctx.studioId,
            d.mandate_id,
            SDD_OUTCOME_MESSAGES.flag(reasonLine, day, msgId).slice(0, 255),
          );
        }
      }
      await insertOutcomeItem(e, ctx.studioId, {
        outcomeId,
        e2e,
        reason: code,
        reasonText: why.text,
        applied,
        feeId,
        mandateId: d.mandate_id,
        before,
        flagged,
      });
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
    const o = await outcomeForUndo(e, ctx.studioId, batchId, outcomeId);
    if (!o) throw new HttpError(404, SDD_OUTCOME_MESSAGES.notOfBatch);
    if (o.undone) throw new HttpError(409, SDD_OUTCOME_MESSAGES.undone);
    const items = await outcomeItemsToUndo(e, outcomeId);
    for (const it of items) {
      if (!it.applied) continue;
      await unmarkDebits(e, ctx.studioId, it.e2e, true, null);
      if (it.flagged && it.mandateId != null) await restoreMandate(e, ctx.studioId, it.mandateId, it.before || null);
    }
    await trashFees(
      e,
      ctx.studioId,
      items.map((it) => it.feeId).filter((x): x is number => x != null),
    );
    await markOutcomeUndone(e, outcomeId, ctx.name);
  });
  return (await outcomesOf(exec, ctx.studioId, batchId, outcomeId))[0]!;
}

export { outcomesOf, outcomeReasons } from './sddOutcomeQueries.js';
