/**
 * The engagements' own calls (issue 49): the services of an engagement (written while it is a
 * draft, checked as the form checks them plus what needs the database: the service is the
 * studio's, no other engagement of the customer has it over the same dates, a per-unit payslips
 * service is not billed twice), its detail (services, the invoice's treatment, the fee changes, the
 * charges made and the next ones), the billing plan's preview and run, the runs' log and the counts
 * of the per-unit services typed by hand.
 */
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { getRecord, type Tx } from '../../records/crud.js';
import { forbidden, HttpError } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { atLeast } from '../../../model/define.js';
import { isoDate, today as romeToday } from '../../../model/dates.js';
import { toCents } from '../../../model/money.js';
import { defaultVat, isWithholdingAgent, CASSA_RATE, WITHHOLDING_RATE } from '../../../model/eDocument.js';
import {
  billingPeriods,
  ENGAGEMENT_MESSAGES,
  engagementProblems,
  type BillingRule,
} from '../../../model/engagements.js';
import type {
  BillingPlan,
  BillingRun,
  EngagementDetail,
  EngagementServicesInput,
  EngagementTreatment,
  UnitRow,
  UnitsInput,
} from '../../../model/api/engagements.js';
import { studioParty } from '../eDocuments/index.js';
import { billingPlan, runBilling, type RunOutcome } from './billing.js';
import {
  cedolinoRate,
  chargesMadeOf,
  customerWithholding,
  feeChangesOf,
  manualUnitRows,
  replaceServices,
  runsPage,
  servicesOf,
  setUnits,
  studioServicesIn,
} from './queries.js';
import { overlapErrors } from './overlap.js';

const model = () => getModel('Engagement');
const fail = (errors: Record<string, string>) =>
  new HttpError(
    422,
    Object.values(errors)[0] ?? 'Dati non validi',
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
  );
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** What the invoice of a period will take: the studio's regime, cassa and withholding, the customer's being a withholding agent. */
export async function treatmentOf(exec: Exec, studioId: number, customerId: number): Promise<EngagementTreatment> {
  const studio = await studioParty(exec, studioId);
  const c = await customerWithholding(exec, studioId, customerId);
  const vat = defaultVat(studio.regime);
  const agent = isWithholdingAgent({
    withholding_agent: (c?.withholding_agent as string | null) ?? null,
    vat_id: (c?.vat_id as string | null) ?? null,
  });
  const withholding = !!studio.withholding && studio.regime !== 'RF19' && agent;
  const parts = [
    studio.regime === 'RF19' ? 'senza IVA (regime forfettario, N2.2)' : `IVA ${vat.vat} %`,
    studio.cassa ? `cassa previdenza ${CASSA_RATE} %` : null,
    withholding
      ? `ritenuta d'acconto ${WITHHOLDING_RATE} % (il cliente è sostituto d'imposta)`
      : studio.withholding && studio.regime !== 'RF19'
        ? "senza ritenuta d'acconto (il cliente non è sostituto d'imposta)"
        : null,
  ].filter(Boolean);
  return {
    regime: studio.regime ?? null,
    vat: vat.vat,
    nature: vat.nature,
    cassa: !!studio.cassa,
    withholding,
    text: parts.join(', '),
  };
}

/** GET /api/engagement/{id}/services: the services, the treatment, the fee changes, the charges made and the next. */
export async function engagementDetail(exec: Exec, ctx: Ctx, id: unknown): Promise<EngagementDetail> {
  const e = await getRecord(exec, ctx, model(), id);
  const eid = Number(e.id);
  const services = (await servicesOf(exec, ctx.studioId, eid)).map((s) => ({
    id: Number(s.id),
    position: Number(s.position),
    studio_service_id: num(s.studio_service_id),
    description: String(s.description),
    rule: String(s.rule),
    fee: Number(s.fee),
    current_fee: Number(s.current_fee),
    unit_source: (s.unit_source as string | null) ?? null,
  }));
  const fee_changes = (await feeChangesOf(exec, ctx.studioId, eid)).map((r) => ({
    engagement_service_id: Number(r.engagement_service_id),
    description: String(r.description),
    effective_date: String(r.effective_date),
    kind: String(r.kind),
    percent: Number(r.percent),
    old_fee: Number(r.old_fee),
    new_fee: Number(r.new_fee),
    index_month: (r.index_month as string | null) ?? null,
    index_base: num(r.index_base),
    index_current: num(r.index_current),
  }));
  const charges = (await chargesMadeOf(exec, ctx.studioId, eid)).map((r) => {
    const rule = r.rule as BillingRule;
    const p = billingPeriods(
      { start_date: String(r.period_start), end_date: String(r.period_end), billing_day: 28 },
      rule,
      '9999-12-31',
      1,
    )[0];
    return {
      engagement_service_id: Number(r.engagement_service_id),
      description: String(r.description),
      period_start: String(r.period_start),
      period_end: String(r.period_end),
      billing_date: String(r.billing_date),
      label: rule === 'one_off' ? 'una tantum' : (p?.label ?? ''),
      fee: Number(r.fee),
      quantity: num(r.quantity),
      amount: Number(r.amount),
      charge_id: num(r.charge_id),
    };
  });
  // the next charges, by the rules, for the next twelve months (the fee in force today)
  const horizon = `${Number(romeToday().slice(0, 4)) + 1}${romeToday().slice(4)}`;
  const billed = new Set(charges.map((c) => `${c.engagement_service_id}|${c.period_start}`));
  const dates = {
    start_date: String(e.start_date),
    end_date: (e.end_date as string | null) ?? null,
    billing_day: Number(e.billing_day),
  };
  const upcoming = services
    .flatMap((s) =>
      billingPeriods(dates, s.rule as BillingRule, horizon)
        .filter((p) => !billed.has(`${s.id}|${p.start}`) && p.billing_date >= romeToday())
        .map((p) => ({
          engagement_service_id: s.id,
          description: s.description,
          billing_date: p.billing_date,
          label: p.label,
          fee: s.current_fee,
          rule: s.rule,
        })),
    )
    .sort((a, b) => a.billing_date.localeCompare(b.billing_date))
    .slice(0, 60);
  return {
    services,
    treatment: await treatmentOf(exec, ctx.studioId, Number(e.customer_id)),
    fee_changes,
    charges,
    upcoming,
  };
}

/** PUT /api/engagement/{id}/services: the whole list, replaced, while the engagement is a draft. */
export async function saveServices(tx: Tx, ctx: Ctx, id: unknown, body: EngagementServicesInput) {
  if (!atLeast(ctx.role, model().access.write)) throw forbidden();
  return tx(async (exec) => {
    const e = await getRecord(exec, ctx, model(), id, { forUpdate: true });
    if (e.deleted_at) throw new HttpError(409, "L'incarico è nel cestino");
    if (e.status !== 'draft') throw new HttpError(409, ENGAGEMENT_MESSAGES.notDraft);
    const services = body.services;
    const errors = engagementProblems({
      start_date: e.start_date,
      end_date: e.end_date,
      update_kind: e.update_kind,
      update_percent: e.update_percent,
      services,
    });
    const sids = [
      ...new Set(services.map((s) => Number(s.studio_service_id)).filter((x) => Number.isInteger(x) && x > 0)),
    ];
    const known = new Map(
      sids.length
        ? (await studioServicesIn(exec, ctx.studioId, sids)).map((r) => [Number(r.id), String(r.description)])
        : [],
    );
    services.forEach((s, i) => {
      const sid = Number(s.studio_service_id);
      if (Number.isInteger(sid) && sid > 0 && !known.has(sid))
        errors[`services.${i}.studio_service_id`] ??= 'Servizio non trovato tra i servizi dello studio';
    });
    if (services.some((s) => s.rule === 'per_unit' && s.unit_source === 'payslips')) {
      const c = await cedolinoRate(exec, e.customer_id);
      const rate = toCents(String(c?.rate ?? '0'));
      if (rate > 0)
        services.forEach((s, i) => {
          if (s.rule === 'per_unit' && s.unit_source === 'payslips')
            errors[`services.${i}.unit_source`] ??=
              `Il cliente ha un 'Costo cedolino' di ${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2 }).format(rate / 100)} € che addebita i cedolini a ogni inserimento: azzeralo sulla scheda del cliente o scegli il numero inserito a mano`;
        });
    }
    Object.assign(
      errors,
      Object.fromEntries(
        Object.entries(
          await overlapErrors(
            exec,
            ctx.studioId,
            Number(e.id),
            Number(e.customer_id),
            { start: String(e.start_date), end: (e.end_date as string | null) ?? null },
            services.map((s) => ({ studio_service_id: Number(s.studio_service_id) })),
          ),
        ).filter(([k]) => !errors[k]),
      ),
    );
    if (Object.keys(errors).length) throw fail(errors);
    await replaceServices(exec, ctx.studioId, Number(e.id), services, known);
    return engagementDetail(exec, ctx, e.id);
  });
}

const BILLING_MESSAGES = {
  day: 'Indica una data valida (GG/MM/AAAA)',
  future: 'Gli addebiti si fanno fino a oggi: la data è nel futuro',
} as const;

function billingDay(raw: string | undefined, allowFuture: boolean): string {
  const day = raw ? isoDate(raw) : romeToday();
  if (!day) throw fail({ day: BILLING_MESSAGES.day });
  if (!allowFuture && day > romeToday()) throw fail({ day: BILLING_MESSAGES.future });
  return day;
}

/** GET /api/engagements/billing/preview?day=: the charges and updates due up to the day, not yet made (any future day too). */
export async function previewBilling(exec: Exec, ctx: Ctx, rawDay?: string): Promise<BillingPlan> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const day = billingDay(rawDay, true);
  if (day > `${Number(romeToday().slice(0, 4)) + 2}${romeToday().slice(4)}`)
    throw fail({ day: "L'anteprima arriva al massimo a due anni da oggi" });
  return billingPlan(exec, ctx.studioId, day);
}

/** POST /api/engagements/billing/run: 'Esegui ora', up to today (the Admin's). */
export async function runBillingNow(tx: Tx, exec: Exec, ctx: Ctx): Promise<RunOutcome> {
  if (!atLeast(ctx.role, 'Admin')) throw forbidden();
  return runBilling(tx, exec, ctx.studioId, romeToday(), 'manual', ctx.userId);
}

/** GET /api/engagements/billing/runs: the log of the runs, newest first. */
export async function billingRuns(
  exec: Exec,
  ctx: Ctx,
  page: number,
  perPage: number,
): Promise<{ data: BillingRun[]; total: number }> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const { t, rows } = await runsPage(exec, ctx.studioId, page, perPage);

  return {
    total: Number(t?.n ?? 0),
    data: rows.map((r) => ({
      id: Number(r.id),
      day: String(r.day),
      kind: String(r.kind),
      user_name: (r.user_name as string | null) ?? null,
      started_at: String(r.started_at),
      finished_at: (r.finished_at as string | null) ?? null,
      charges: Number(r.charges),
      amount: Number(r.amount),
      updates: Number(r.updates),
      problems: (typeof r.problems === 'string' ? JSON.parse(r.problems) : r.problems) as BillingRun['problems'],
    })),
  };
}

const monthOf = (raw: string) => {
  if (!/^\d{4}-\d{2}$/.test(raw) || Number(raw.slice(5)) < 1 || Number(raw.slice(5)) > 12)
    throw fail({ month: 'Indica il mese come AAAA-MM' });
  return `${raw}-01`;
};

/** GET /api/engagements/units?month=: the per-unit services counted by hand with a period in the month, and their count. */
export async function unitRows(exec: Exec, ctx: Ctx, month: string): Promise<UnitRow[]> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const start = monthOf(month);
  const rows = await manualUnitRows(exec, ctx.studioId, start);

  return rows.map((r) => ({
    engagement_service_id: Number(r.id),
    engagement_id: Number(r.engagement_id),
    customer_id: Number(r.customer_id),
    business_name: String(r.business_name),
    description: String(r.description),
    fee: Number(r.fee),
    period_start: start,
    units: num(r.units),
    billed: r.billed === true || r.billed === 't',
  }));
}

/** PUT /api/engagements/units: the counts of a month (a billed period's count is fixed). All or nothing. */
export async function saveUnits(tx: Tx, ctx: Ctx, body: UnitsInput): Promise<UnitRow[]> {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
  const start = monthOf(body.month);
  return tx(async (exec) => {
    const rows = await unitRows(exec, ctx, body.month);
    const byId = new Map(rows.map((r) => [r.engagement_service_id, r]));
    const errors: Record<string, string> = {};
    const writes: Array<{ id: number; units: string | null }> = [];
    body.units.forEach((u, i) => {
      const row = byId.get(u.engagement_service_id);
      if (!row) {
        errors[`units.${i}.units`] = 'Servizio a quantità non trovato per questo mese';
        return;
      }
      const raw = u.units === null || u.units === undefined ? '' : String(u.units).trim().replace(',', '.');
      if (raw !== '' && !(/^\d{1,6}(\.\d{1,2})?$/.test(raw) && Number(raw) <= 100_000)) {
        errors[`units.${i}.units`] = 'Indica un numero da 0 a 100.000, con al massimo due decimali';
        return;
      }
      const before = row.units === null ? '' : String(row.units);
      if (row.billed && raw !== before && Number(raw) !== row.units) {
        errors[`units.${i}.units`] = `Il mese è già addebitato con ${before}: il numero non si cambia più`;
        return;
      }
      if (!row.billed) writes.push({ id: row.engagement_service_id, units: raw === '' ? null : raw });
    });
    if (Object.keys(errors).length) throw fail(errors);
    for (const w of writes) {
      await setUnits(exec, ctx.studioId, ctx.userId, start, w);
    }
    return unitRows(exec, ctx, body.month);
  });
}
