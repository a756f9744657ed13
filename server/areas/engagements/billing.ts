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
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Exec } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { addDays, slashDate } from '../../../model/dates.js';
import { centsText, fromCents, toCents } from '../../../model/money.js';
import {
  billingPeriods,
  hoursText,
  istatMonths,
  istatPercent,
  monthText,
  raisedFee,
  updateDates,
  type BillingRule,
} from '../../../model/engagements.js';
import type { BillingPlan, BillingProblem, PlannedCharge, PlannedUpdate } from '../../../model/api/engagements.js';

const BILLING_LOCK = 7_310_049;
/** engagements per transaction of a run */
const BATCH = 500;

interface EngagementRow {
  id: number;
  title: string;
  customer_id: number;
  business_name: string;
  start_date: string;
  end_date: string | null;
  billing_day: number;
  payment_days: number;
  update_kind: string;
  update_percent: string | null;
  istat_share: string | null;
}
interface ServiceRow {
  id: number;
  engagement_id: number;
  studio_service_id: number | null;
  description: string;
  rule: BillingRule;
  fee: string;
  unit_source: string | null;
}

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The signed engagements of the studio (ended ones bill the periods before their end), optionally some only. */
async function engagementsOf(exec: Exec, studioId: number, ids: number[] | null): Promise<EngagementRow[]> {
  const only = ids ? sql`AND e."id" IN (${sql.join(ids, sql`, `)})` : sql``;
  const rows =
    await exec(sql`SELECT e."id", e."title", e."customer_id", c."business_name", e."start_date"::text AS "start_date",
      e."end_date"::text AS "end_date", e."billing_day", e."payment_days", e."update_kind", e."update_percent"::text AS "update_percent",
      e."istat_share"::text AS "istat_share"
    FROM "engagements" e JOIN "customers" c ON c."id" = e."customer_id"
    WHERE e."studio_id" = ${studioId} AND e."deleted_at" IS NULL AND e."status" IN ('signed', 'ended') ${only}
    ORDER BY e."id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name ?? ''),
    start_date: String(r.start_date),
    end_date: (r.end_date as string | null) ?? null,
    billing_day: Number(r.billing_day),
    payment_days: Number(r.payment_days ?? 0),
    update_kind: String(r.update_kind ?? 'none'),
    update_percent: (r.update_percent as string | null) ?? null,
    istat_share: (r.istat_share as string | null) ?? null,
  }));
}

/** Everything the plan of these engagements reads, in a few queries. */
async function planData(exec: Exec, studioId: number, engagements: EngagementRow[], day: string) {
  const ids = engagements.map((e) => e.id);
  const empty = {
    services: [] as ServiceRow[],
    billed: new Set<string>(),
    changes: new Map<number, Array<{ date: string; fee: number }>>(),
    istat: new Map<string, string>(),
    units: new Map<string, string>(),
    payslips: new Map<string, number>(),
    minutes: new Map<string, number>(),
  };
  if (!ids.length) return empty;
  const inIds = sql`(${sql.join(ids, sql`, `)})`;
  const services = (
    await exec(sql`SELECT s."id", s."engagement_id", s."studio_service_id", s."description", s."rule", s."fee"::text AS "fee", s."unit_source"
      FROM "engagement_services" s WHERE s."studio_id" = ${studioId} AND s."engagement_id" IN ${inIds} ORDER BY s."engagement_id", s."position"`)
  ).map((r) => ({
    id: Number(r.id),
    engagement_id: Number(r.engagement_id),
    studio_service_id: num(r.studio_service_id),
    description: String(r.description),
    rule: r.rule as BillingRule,
    fee: String(r.fee),
    unit_source: (r.unit_source as string | null) ?? null,
  }));
  const billed = new Set(
    (
      await exec(sql`SELECT "engagement_service_id", "period_start"::text AS "p" FROM "engagement_charges"
        WHERE "studio_id" = ${studioId} AND "engagement_id" IN ${inIds}`)
    ).map((r) => `${r.engagement_service_id}|${r.p}`),
  );
  const changes = new Map<number, Array<{ date: string; fee: number }>>();
  for (const r of await exec(sql`SELECT f."engagement_service_id", f."effective_date"::text AS "d", f."new_fee"::text AS "fee"
      FROM "engagement_fee_changes" f JOIN "engagement_services" s ON s."id" = f."engagement_service_id"
      WHERE f."studio_id" = ${studioId} AND s."engagement_id" IN ${inIds} ORDER BY f."effective_date"`)) {
    const k = Number(r.engagement_service_id);
    const list = changes.get(k) ?? [];
    list.push({ date: String(r.d), fee: toCents(String(r.fee)) });
    changes.set(k, list);
  }
  const istat = new Map<string, string>();
  if (engagements.some((e) => e.update_kind === 'istat'))
    for (const r of await exec(
      sql`SELECT "year", "month", "value"::text AS "value" FROM "istat_indices" WHERE "studio_id" = ${studioId}`,
    ))
      istat.set(`${r.year}-${String(r.month).padStart(2, '0')}`, String(r.value));
  const units = new Map<string, string>();
  const perUnit = services.filter((s) => s.rule === 'per_unit');
  if (perUnit.some((s) => s.unit_source === 'manual'))
    for (const r of await exec(sql`SELECT u."engagement_service_id", u."period_start"::text AS "p", u."units"::text AS "units"
        FROM "engagement_units" u JOIN "engagement_services" s ON s."id" = u."engagement_service_id"
        WHERE u."studio_id" = ${studioId} AND s."engagement_id" IN ${inIds}`))
      units.set(`${r.engagement_service_id}|${r.p}`, String(r.units));
  const payslips = new Map<string, number>();
  if (perUnit.some((s) => s.unit_source === 'payslips'))
    for (const r of await exec(sql`SELECT p."customer_id", p."year", p."month", p."quantity" FROM "payslips" p
        WHERE p."studio_id" = ${studioId} AND p."customer_id" IN (SELECT "customer_id" FROM "engagements" WHERE "id" IN ${inIds})`))
      payslips.set(`${r.customer_id}|${r.year}-${String(r.month).padStart(2, '0')}`, Number(r.quantity));
  const minutes = new Map<string, number>();
  if (services.some((s) => s.rule === 'by_time'))
    for (const r of await exec(sql`SELECT t."customer_id", t."studio_service_id", to_char(t."date", 'YYYY-MM') AS "ym", sum(t."minutes")::int AS "m"
        FROM "time_entries" t
        WHERE t."studio_id" = ${studioId} AND t."deleted_at" IS NULL AND t."date" <= ${day}
          AND t."customer_id" IN (SELECT "customer_id" FROM "engagements" WHERE "id" IN ${inIds})
        GROUP BY 1, 2, 3`))
      minutes.set(`${r.customer_id}|${r.studio_service_id}|${r.ym}`, Number(r.m));
  return { services, billed, changes, istat, units, payslips, minutes };
}

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

const lockBilling = (exec: Exec, studioId: number) =>
  exec(sql`SELECT pg_advisory_xact_lock(${BILLING_LOCK}::int, ${studioId}::int)`);

/** Writes the plan of some engagements: read again under the studio's lock; a period billed meanwhile is skipped. */
async function writeBatch(exec: Exec, studioId: number, day: string, ids: number[], runId: number) {
  await lockBilling(exec, studioId);
  const p = await planEngagements(exec, studioId, day, ids);
  for (const u of p.writes.updates)
    await exec(sql`INSERT INTO "engagement_fee_changes" ("studio_id", "engagement_service_id", "effective_date", "kind", "percent",
        "old_fee", "new_fee", "index_month", "index_base", "index_current", "run_id")
      VALUES (${studioId}, ${u.engagement_service_id}, ${u.effective_date}, ${u.kind}, ${String(u.percent)}, ${centsText(toCents(u.old_fee))},
        ${centsText(toCents(u.new_fee))}, ${u.index_month}, ${u.index_base}, ${u.index_current}, ${runId})
      ON CONFLICT DO NOTHING`);
  const made = p.writes.charges;
  // the movements of the charges with an amount, in one statement, then each period's row
  const withAmount = made.filter((c) => c.amountCents > 0);
  const ids2: number[] = [];
  for (let i = 0; i < withAmount.length; i += 1000) {
    const chunk = withAmount.slice(i, i + 1000);
    const rows = await exec<{
      id: number;
    }>(sql`INSERT INTO "transactions" ("studio_id", "customer_id", "type", "amount", "date", "due_date",
        "is_yearly_installment", "studio_service_id", "transaction_note")
      VALUES ${sql.join(
        chunk.map(
          (c) =>
            sql`(${studioId}, ${c.customer_id}, 'CHARGE', ${centsText(c.amountCents)}, ${`${c.billing_date} 00:00:00`}, ${c.due_date}, FALSE, ${c.studio_service_id}, ${c.note})`,
        ),
        sql`, `,
      )}
      RETURNING "id"`);
    ids2.push(...rows.map((r) => Number(r.id)));
  }
  const chargeOf = new Map(withAmount.map((c, i) => [c, ids2[i]!]));
  for (let i = 0; i < made.length; i += 1000) {
    const chunk = made.slice(i, i + 1000);
    if (!chunk.length) break;
    await exec(sql`INSERT INTO "engagement_charges" ("studio_id", "engagement_id", "engagement_service_id", "period_start", "period_end",
        "billing_date", "charge_id", "fee", "quantity", "amount", "run_id")
      VALUES ${sql.join(
        chunk.map(
          (c) =>
            sql`(${studioId}, ${c.engagement_id}, ${c.engagement_service_id}, ${c.period_start}, ${c.period_end}, ${c.billing_date},
              ${chargeOf.get(c) ?? null}, ${centsText(c.feeCents)}, ${c.quantity === null ? null : String(c.quantity)}, ${centsText(c.amountCents)}, ${runId})`,
        ),
        sql`, `,
      )}`);
  }
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
    const claimed = await exec<{ id: number }>(sql`INSERT INTO "engagement_runs" ("studio_id", "day", "kind", "user_id")
      VALUES (${studioId}, ${day}, 'scheduled', NULL) ON CONFLICT DO NOTHING RETURNING "id"`);
    if (claimed.length) runId = Number(claimed[0]!.id);
    else {
      const [r] = await exec<{
        id: number;
        finished_at: string | null;
      }>(sql`SELECT "id", "finished_at" FROM "engagement_runs"
        WHERE "studio_id" = ${studioId} AND "day" = ${day} AND "kind" = 'scheduled'`);
      if (r?.finished_at) return { run_id: Number(r.id), ran: false, charges: 0, amount: 0, updates: 0, problems: [] };
      runId = Number(r!.id);
    }
  } else {
    const [r] = await exec<{ id: number }>(sql`INSERT INTO "engagement_runs" ("studio_id", "day", "kind", "user_id")
      VALUES (${studioId}, ${day}, 'manual', ${userId}) RETURNING "id"`);
    runId = Number(r!.id);
  }
  const ids = (await engagementsOf(exec, studioId, null)).map((e) => e.id);
  const problems: BillingProblem[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const made = await tx((x) => writeBatch(x, studioId, day, batch, runId));
    problems.push(...made.problems);
    await afterBatch?.(i + batch.length);
  }
  // what this run made (a continued run counts what its earlier part made as well)
  const [t] = await exec<{ n: number; amount: string; updates: number }>(sql`SELECT
      (SELECT count(*)::int FROM "engagement_charges" WHERE "run_id" = ${runId} AND "charge_id" IS NOT NULL) AS "n",
      (SELECT coalesce(sum("amount"), 0)::text FROM "engagement_charges" WHERE "run_id" = ${runId}) AS "amount",
      (SELECT count(*)::int FROM "engagement_fee_changes" WHERE "run_id" = ${runId}) AS "updates"`);
  await exec(sql`UPDATE "engagement_runs" SET "finished_at" = now(), "charges" = ${t!.n}, "amount" = ${t!.amount},
      "updates" = ${t!.updates}, "problems" = ${JSON.stringify(problems)}::jsonb WHERE "id" = ${runId}`);
  return {
    run_id: runId,
    ran: true,
    charges: Number(t!.n),
    amount: Number(t!.amount),
    updates: Number(t!.updates),
    problems,
  };
}
