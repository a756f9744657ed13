/**
 * The billing plan of the signed engagements (issue 49 item 3): up to a day, the yearly updates of
 * the fees due and the charges of every period whose billing day has come, not yet made.
 *
 * - The plan is read from a few set-based queries (the engagements, their services, the charges
 *   made, the fee changes, the ISTAT indices, the counts, the payslips, the hours) and computed by
 *   the shared rules (model/engagements.ts); nothing is written: 'Addebiti del periodo' shows it.
 * - The run writes it in batches of engagements, each batch in one transaction under the studio's
 *   billing lock: the periods are read again under the lock and a period already billed is skipped
 *   (engagement_charges is unique per service and period), so two processes, a second run or a
 *   run restarted after a kill -9 never bill a period twice, and a restarted run continues where
 *   the other stopped (what was committed stays, the rest is made).
 * - What holds a period back is a problem named in Italian (an ISTAT index not entered, a count
 *   not typed, the payslips of the month not entered), never a half-made charge: the period is
 *   billed by the first run after it is resolved.
 */
import Decimal from 'decimal.js';
import type { Exec } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { addDays, slashDate } from '../../../model/dates.js';
import { fromCents, toCents } from '../../../model/money.js';
import {
  billingPeriods,
  hoursText,
  istatMonths,
  istatPercent,
  monthText,
  raisedFee,
  updateDates,
} from '../../../model/engagements.js';
import type { BillingPlan, BillingProblem, PlannedCharge, PlannedUpdate } from '../../../model/api/engagements.js';
import {
  claimScheduledRun,
  engagementsOf,
  finishRun,
  insertCharges,
  insertFeeChanges,
  lockBilling,
  newManualRun,
  planData,
  type ServiceRow,
} from './billingQueries.js';

/** one formatter for the whole plan (making one per charge took most of the plan's time) */
const EURO = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euro = (cents: number) => EURO.format(cents / 100);

/** engagements per transaction of a run */
const BATCH = 500;

export interface PlanOut {
  charges: PlannedCharge[];
  updates: PlannedUpdate[];
  problems: BillingProblem[];
  /** the rows to write, with the cents */
  writes: {
    charges: Array<PlannedCharge & { amountCents: number; feeCents: number; studio_service_id: number | null }>;
    updates: Array<
      PlannedUpdate & { index_month: string | null; index_base: string | null; index_current: string | null }
    >;
  };
}

/** The plan of these engagements up to `day` (inclusive), from what `exec` reads. */
export async function planEngagements(
  exec: Exec,
  studioId: number,
  day: string,
  ids: number[] | null,
): Promise<PlanOut> {
  const engagements = await engagementsOf(exec, studioId, ids);
  const d = await planData(exec, studioId, engagements, day);
  const out: PlanOut = { charges: [], updates: [], problems: [], writes: { charges: [], updates: [] } };
  const servicesOf = new Map<number, ServiceRow[]>();
  for (const s of d.services) servicesOf.set(s.engagement_id, [...(servicesOf.get(s.engagement_id) ?? []), s]);
  for (const e of engagements) {
    const services = servicesOf.get(e.id) ?? [];
    const problem = (message: string) =>
      out.problems.push({
        engagement_id: e.id,
        customer_id: e.customer_id,
        business_name: e.business_name,
        title: e.title,
        message,
      });
    // the fee of each service by date: the changes made, then the updates due now
    const fees = new Map<number, Array<{ date: string; fee: number }>>();
    for (const s of services)
      fees.set(s.id, [{ date: '0000-01-01', fee: toCents(s.fee) }, ...(d.changes.get(s.id) ?? [])]);
    /** billing dates from this one on wait for an update that cannot be made */
    let heldFrom: string | null = null;
    if (e.update_kind === 'istat' || e.update_kind === 'fixed') {
      for (const date of updateDates(e, day)) {
        const pending = services.filter((s) => !fees.get(s.id)!.some((c) => c.date === date));
        if (!pending.length) continue;
        let percent: number;
        let index: { month: string; base: string; current: string } | null = null;
        if (e.update_kind === 'fixed') percent = Number(e.update_percent ?? 0);
        else {
          const m = istatMonths(date);
          const base = d.istat.get(m.base);
          const current = d.istat.get(m.current);
          if (!base || !current) {
            const missing = [!base ? m.base : null, !current ? m.current : null].filter(Boolean) as string[];
            problem(
              `Indice ISTAT FOI di ${missing.map(monthText).join(' e di ')} non inserito: serve per aggiornare i compensi dal ${slashDate(date)} (menu Tempi e redditività → Indici ISTAT FOI); gli addebiti da quella data attendono`,
            );
            heldFrom = date;
            break;
          }
          percent = istatPercent(base, current, e.istat_share ?? 100);
          index = { month: m.current, base, current };
        }
        for (const s of pending) {
          const list = fees.get(s.id)!;
          const old = list.filter((c) => c.date <= date).at(-1)!.fee;
          const next = raisedFee(old, percent);
          list.push({ date, fee: next });
          list.sort((a, b) => a.date.localeCompare(b.date));
          const u = {
            engagement_id: e.id,
            engagement_service_id: s.id,
            business_name: e.business_name,
            description: s.description,
            effective_date: date,
            kind: e.update_kind,
            percent,
            old_fee: fromCents(old),
            new_fee: fromCents(next),
          };
          out.updates.push(u);
          out.writes.updates.push({
            ...u,
            index_month: index?.month ?? null,
            index_base: index?.base ?? null,
            index_current: index?.current ?? null,
          });
        }
      }
    }
    for (const s of services) {
      for (const p of billingPeriods(e, s.rule, day)) {
        if (d.billed.has(`${s.id}|${p.start}`)) continue;
        if (heldFrom && p.billing_date >= heldFrom) break;
        const fee = fees
          .get(s.id)!
          .filter((c) => c.date <= p.billing_date)
          .at(-1)!.fee;
        const ym = p.start.slice(0, 7);
        let quantity: number | null = null;
        let amountCents = fee;
        let detail = '';
        if (s.rule === 'per_unit') {
          const count =
            s.unit_source === 'payslips' ? d.payslips.get(`${e.customer_id}|${ym}`) : d.units.get(`${s.id}|${p.start}`);
          if (count === undefined) {
            problem(
              s.unit_source === 'payslips'
                ? `Cedolini di ${monthText(ym)} non inseriti: «${s.description}» si addebita quando sono registrati (Contabilità → Cedolini)`
                : `Numero di «${s.description}» di ${monthText(ym)} non inserito: indicalo in 'Addebiti degli incarichi'`,
            );
            continue;
          }
          quantity = Number(count);
          amountCents = new Decimal(fee).mul(count).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
          detail = ` (${String(count).replace('.', ',')} × ${euro(fee)} €)`;
        } else if (s.rule === 'by_time') {
          const minutes =
            s.studio_service_id == null ? 0 : (d.minutes.get(`${e.customer_id}|${s.studio_service_id}|${ym}`) ?? 0);
          quantity = new Decimal(minutes).div(60).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
          amountCents = new Decimal(fee).mul(minutes).div(60).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
          detail = ` (${hoursText(minutes)} ore × ${euro(fee)} €/h)`;
        }
        const note = `${s.description} — ${p.label}${detail}`.slice(0, 255);
        const c = {
          engagement_id: e.id,
          engagement_title: e.title,
          engagement_service_id: s.id,
          customer_id: e.customer_id,
          business_name: e.business_name,
          description: s.description,
          rule: s.rule,
          period_start: p.start,
          period_end: p.end,
          billing_date: p.billing_date,
          label: p.label,
          fee: fromCents(fee),
          quantity,
          amount: fromCents(amountCents),
          due_date: addDays(p.billing_date, e.payment_days),
          note,
        };
        out.charges.push(c);
        out.writes.charges.push({ ...c, amountCents, feeCents: fee, studio_service_id: s.studio_service_id });
      }
    }
  }
  return out;
}

/** The plan of the studio up to `day`, for the preview. */
export async function billingPlan(exec: Exec, studioId: number, day: string): Promise<BillingPlan> {
  const p = await planEngagements(exec, studioId, day, null);
  const total = p.writes.charges.reduce((s, c) => s + c.amountCents, 0);
  return { day, charges: p.charges, updates: p.updates, problems: p.problems, total: fromCents(total) };
}

/** Writes the plan of some engagements: read again under the studio's lock; a period billed meanwhile is skipped. */
async function writeBatch(exec: Exec, studioId: number, day: string, ids: number[], runId: number) {
  await lockBilling(exec, studioId);
  const p = await planEngagements(exec, studioId, day, ids);
  await insertFeeChanges(exec, studioId, runId, p.writes.updates);
  const made = p.writes.charges;
  const withAmount = made.filter((c) => c.amountCents > 0);
  await insertCharges(exec, studioId, runId, made);
  return {
    charges: withAmount.length,
    amount: withAmount.reduce((s, c) => s + c.amountCents, 0),
    updates: p.writes.updates.length,
    problems: p.problems,
  };
}

export interface RunOutcome {
  run_id: number;
  /** false: the day's scheduled run was already finished (nothing done) */
  ran: boolean;
  charges: number;
  amount: number;
  updates: number;
  problems: BillingProblem[];
}

/**
 * A run up to `day`: 'scheduled' claims the studio's day (the unique index of engagement_runs; a
 * claim found unfinished is continued: its process stopped, or runs beside this one, which the
 * lock makes harmless), 'manual' ('Esegui ora') always runs. Then the engagements in batches, each
 * batch in its own transaction; the run's row is completed with what it made.
 */
export async function runBilling(
  tx: Tx,
  exec: Exec,
  studioId: number,
  day: string,
  kind: 'scheduled' | 'manual',
  userId: number | null,
  afterBatch?: (done: number) => Promise<void> | void,
): Promise<RunOutcome> {
  let runId: number;
  if (kind === 'scheduled') {
    const claim = await claimScheduledRun(exec, studioId, day);
    if (claim.finished) return { run_id: claim.id, ran: false, charges: 0, amount: 0, updates: 0, problems: [] };
    runId = claim.id;
  } else runId = await newManualRun(exec, studioId, day, userId);
  const ids = (await engagementsOf(exec, studioId, null)).map((e) => e.id);
  const problems: BillingProblem[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const made = await tx((x) => writeBatch(x, studioId, day, batch, runId));
    problems.push(...made.problems);
    await afterBatch?.(i + batch.length);
  }
  const t = await finishRun(exec, runId, problems);
  return {
    run_id: runId,
    ran: true,
    charges: Number(t!.n),
    amount: Number(t!.amount),
    updates: Number(t!.updates),
    problems,
  };
}
