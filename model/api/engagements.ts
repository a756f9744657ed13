/**
 * The calls of engagements (server/areas/engagements; issue 49): an engagement's services, the
 * billing plan's preview and run, the runs' log, the counts of per-unit services. One source for
 * the server's schemas, its services' input and the app's types.
 */
import { z } from 'zod';

/** A service as typed in the engagement's editor (checked by model/engagements.ts engagementProblems). */
export const EngagementServiceInput = z.object({
  studio_service_id: z.union([z.number(), z.string(), z.null()]).optional(),
  description: z.string().max(2000).nullable().optional(),
  rule: z.string().max(20).nullable().optional(),
  fee: z.union([z.number(), z.string(), z.null()]).optional(),
  unit_source: z.string().max(20).nullable().optional(),
});
export type EngagementServiceInput = z.infer<typeof EngagementServiceInput>;

export const EngagementServicesInput = z.object({ services: z.array(EngagementServiceInput).max(200) });
export type EngagementServicesInput = z.infer<typeof EngagementServicesInput>;

export const EngagementService = z.object({
  id: z.number(),
  position: z.number(),
  studio_service_id: z.number().nullable(),
  description: z.string(),
  rule: z.string(),
  fee: z.number(),
  /** the fee in force today (after the yearly updates made) */
  current_fee: z.number(),
  unit_source: z.string().nullable(),
});
export type EngagementService = z.infer<typeof EngagementService>;

/** What an invoice of one period of a service asks (the payable function's figures), for the editor and the letter. */
export const EngagementTreatment = z.object({
  regime: z.string().nullable(),
  vat: z.number(),
  nature: z.string().nullable(),
  cassa: z.boolean(),
  withholding: z.boolean(),
  /** in words: 'IVA 22 %, cassa 4 %, ritenuta 20 % (il cliente è sostituto d'imposta)' */
  text: z.string(),
});
export type EngagementTreatment = z.infer<typeof EngagementTreatment>;

export const EngagementFeeChange = z.object({
  engagement_service_id: z.number(),
  description: z.string(),
  effective_date: z.string(),
  kind: z.string(),
  percent: z.number(),
  old_fee: z.number(),
  new_fee: z.number(),
  index_month: z.string().nullable(),
  index_base: z.number().nullable(),
  index_current: z.number().nullable(),
});
export type EngagementFeeChange = z.infer<typeof EngagementFeeChange>;

export const EngagementChargeMade = z.object({
  engagement_service_id: z.number(),
  description: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  billing_date: z.string(),
  label: z.string(),
  fee: z.number(),
  quantity: z.number().nullable(),
  amount: z.number(),
  charge_id: z.number().nullable(),
});
export type EngagementChargeMade = z.infer<typeof EngagementChargeMade>;

/** GET /api/engagement/{id}/services */
export const EngagementDetail = z.object({
  services: z.array(EngagementService),
  treatment: EngagementTreatment,
  fee_changes: z.array(EngagementFeeChange),
  charges: z.array(EngagementChargeMade),
  /** the next charges the plan would make (the next 12 months), as a preview */
  upcoming: z.array(
    z.object({
      engagement_service_id: z.number(),
      description: z.string(),
      billing_date: z.string(),
      label: z.string(),
      fee: z.number(),
      rule: z.string(),
    }),
  ),
});
export type EngagementDetail = z.infer<typeof EngagementDetail>;

export const PlannedCharge = z.object({
  engagement_id: z.number(),
  engagement_title: z.string(),
  engagement_service_id: z.number(),
  customer_id: z.number(),
  business_name: z.string(),
  description: z.string(),
  rule: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  billing_date: z.string(),
  label: z.string(),
  fee: z.number(),
  quantity: z.number().nullable(),
  amount: z.number(),
  due_date: z.string(),
  note: z.string(),
});
export type PlannedCharge = z.infer<typeof PlannedCharge>;

export const PlannedUpdate = z.object({
  engagement_id: z.number(),
  engagement_service_id: z.number(),
  business_name: z.string(),
  description: z.string(),
  effective_date: z.string(),
  kind: z.string(),
  percent: z.number(),
  old_fee: z.number(),
  new_fee: z.number(),
});
export type PlannedUpdate = z.infer<typeof PlannedUpdate>;

export const BillingProblem = z.object({
  engagement_id: z.number(),
  customer_id: z.number(),
  business_name: z.string(),
  title: z.string(),
  message: z.string(),
});
export type BillingProblem = z.infer<typeof BillingProblem>;

/** The plan up to a day: the charges and updates due and not yet made, and what holds some back. */
export const BillingPlan = z.object({
  day: z.string(),
  charges: z.array(PlannedCharge),
  updates: z.array(PlannedUpdate),
  problems: z.array(BillingProblem),
  total: z.number(),
});
export type BillingPlan = z.infer<typeof BillingPlan>;

export const BillingQuery = z.object({ day: z.string().max(20).optional() });

export const BillingRun = z.object({
  id: z.number(),
  day: z.string(),
  kind: z.string(),
  user_name: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  charges: z.number(),
  amount: z.number(),
  updates: z.number(),
  problems: z.array(BillingProblem),
});
export type BillingRun = z.infer<typeof BillingRun>;

export const BillingRunList = z.object({ data: z.array(BillingRun), total: z.number() });

/** The counts of the per-unit services typed by hand, for a month. */
export const UnitRow = z.object({
  engagement_service_id: z.number(),
  engagement_id: z.number(),
  customer_id: z.number(),
  business_name: z.string(),
  description: z.string(),
  fee: z.number(),
  period_start: z.string(),
  units: z.number().nullable(),
  billed: z.boolean(),
});
export type UnitRow = z.infer<typeof UnitRow>;
export const UnitsQuery = z.object({ month: z.string().max(7) });
export const UnitsInput = z.object({
  month: z.string().max(7),
  units: z
    .array(
      z.object({ engagement_service_id: z.number(), units: z.union([z.number(), z.string(), z.null()]).optional() }),
    )
    .max(5000),
});
export type UnitsInput = z.infer<typeof UnitsInput>;
