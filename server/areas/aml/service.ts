/**
 * The customer's anti-money-laundering file (issue 48): its risk assessments (Regola Tecnica 2,
 * model/aml.ts), each recorded as made with who and when — a change of any factor is a new one,
 * none is overwritten (Regola Tecnica 3). Admin and Collaboratore assess; a level less strict than
 * the computed one only by the Admin with a written reason, and never below the law's minimum.
 */
import { atLeast } from '../../../model/define.js';
import { today } from '../../../model/dates.js';
import {
  AmlValidationError,
  assessRisk,
  levelAllowed,
  nextCheckDate,
  type CustomerFactorKey,
  type OperationFactorKey,
} from '../../../model/aml.js';
import type { AmlAssessment, AmlAssessmentInput, CustomerAml } from '../../../model/api/aml.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import type { Exec } from '../../records/exec.js';
import { amlCustomer, assessmentsOf, insertAssessment } from './amlQueries.js';

export const AML_MESSAGES = {
  lowerAdminOnly:
    "Solo l'Admin dello studio può applicare un'adeguata verifica meno rigorosa di quella calcolata, scrivendone il motivo",
} as const;

/** Admin and Collaboratore keep the AML file; the Utente sees nothing of it. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

const invalid = (field: string, messages: string[]) => new HttpError(422, messages.join(' '), { [field]: messages });

/** Which field a message of the rules' validation is about (for the form). */
function fieldOf(message: string): string {
  if (/Tabella A/.test(message)) return 'customer';
  if (/Tabella B/.test(message)) return 'operation';
  return 'services';
}

export async function customerAml(exec: Exec, ctx: Ctx, raw: unknown, now = new Date()): Promise<CustomerAml> {
  allow(ctx);
  const id = pathId(raw);
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  const history = await assessmentsOf(exec, ctx.studioId, id);
  const current = history[0] ?? null;
  return { customer_id: id, current, history, overdue: !!current && current.next_check < today(now) };
}

export async function assessCustomer(
  exec: Exec,
  ctx: Ctx,
  raw: unknown,
  body: AmlAssessmentInput,
  now = new Date(),
): Promise<AmlAssessment> {
  allow(ctx);
  const id = pathId(raw);
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  let risk;
  try {
    risk = assessRisk({
      services: body.services,
      customer: body.customer as Partial<Record<CustomerFactorKey, number>>,
      operation: body.operation as Partial<Record<OperationFactorKey, number>> | undefined,
      flags: body.flags,
    });
  } catch (e) {
    if (!(e instanceof AmlValidationError)) throw e;
    const byField: Record<string, string[]> = {};
    for (const m of e.messages) (byField[fieldOf(m)] ??= []).push(m);
    throw new HttpError(422, e.messages.join(' '), byField);
  }
  const chosen = body.level ?? risk.level;
  const reason = body.level_reason?.trim() || null;
  const check = levelAllowed(chosen, risk.level, { reason: reason ?? undefined, minimum: risk.minimumLevel });
  if (!check.allowed) throw invalid(check.needsReason ? 'level_reason' : 'level', [check.message]);
  const lower = check.needsReason;
  if (lower && !atLeast(ctx.role, 'Admin')) throw invalid('level', [AML_MESSAGES.lowerAdminOnly]);
  const day = today(now);
  const newId = await insertAssessment(exec, ctx.studioId, {
    customer_id: id,
    services: [...new Set(body.services)],
    customer_scores: body.customer,
    operation_scores: risk.tableBUsed ? (body.operation ?? null) : null,
    flags: Object.fromEntries(Object.entries(body.flags ?? {}).filter(([, v]) => v !== undefined)) as Record<
      string,
      boolean
    >,
    inherent: risk.inherent,
    specific: risk.specific,
    effective: risk.effective,
    computed_level: risk.level,
    level: chosen,
    level_reason: lower ? reason : null,
    reasons: lower ? [...risk.reasons, check.message] : risk.reasons,
    next_check: nextCheckDate(chosen, day),
    purpose: body.purpose?.trim() || null,
    pep: !!body.flags?.pep,
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await assessmentsOf(exec, ctx.studioId, id)).find((a) => a.id === newId)!;
}
