/** Issue 49: an engagement's services and detail, the billing plan's preview and run, its log, the per-unit counts. */
import { apiFetch } from '../api/client';
import { enc, queryOf } from './common';
import type {
  BillingPlan,
  BillingProblem,
  BillingRun,
  EngagementDetail,
  EngagementServiceInput,
  UnitRow,
  UnitsInput,
} from '../../model/api/engagements';

export type { BillingPlan, BillingRun, EngagementDetail, EngagementServiceInput, UnitRow };

export interface BillingRunMade {
  run_id: number;
  ran: boolean;
  charges: number;
  amount: number;
  updates: number;
  problems: BillingProblem[];
}

export const engagementCalls = {
  /** GET /api/engagement/{id}/services: services, the invoice's treatment, fee changes, charges made and next. */
  async engagementDetail(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: EngagementDetail }>(`/api/engagement/${enc(id)}/services`, { signal: params.signal })
    ).data;
  },
  /** PUT /api/engagement/{id}/services: the whole list, while a draft. */
  async saveEngagementServices(id: string | number, services: EngagementServiceInput[]) {
    return (
      await apiFetch<{ data: EngagementDetail }>(`/api/engagement/${enc(id)}/services`, {
        method: 'PUT',
        json: { services },
      })
    ).data;
  },
  /** GET /api/engagements/billing/preview?day=: the charges and updates due up to the day, not yet made. */
  async billingPreview(day: string | undefined, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: BillingPlan }>(`/api/engagements/billing/preview?${queryOf({ day })}`, {
        signal: params.signal,
      })
    ).data;
  },
  /** POST /api/engagements/billing/run: 'Esegui ora' (Admin). */
  async runEngagementBilling() {
    return (await apiFetch<{ data: BillingRunMade }>('/api/engagements/billing/run', { method: 'POST' })).data;
  },
  /** GET /api/engagements/billing/runs: the log, newest first. */
  async billingRuns(page: number, perPage: number, params: { signal?: AbortSignal } = {}) {
    return apiFetch<{ data: BillingRun[]; total: number }>(
      `/api/engagements/billing/runs?${queryOf({ page, perPage })}`,
      { signal: params.signal },
    );
  },
  /** GET /api/engagements/units?month=YYYY-MM */
  async engagementUnits(month: string, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: UnitRow[] }>(`/api/engagements/units?${queryOf({ month })}`, { signal: params.signal })
    ).data;
  },
  /** PUT /api/engagements/units */
  async saveEngagementUnits(body: UnitsInput) {
    return (await apiFetch<{ data: UnitRow[] }>('/api/engagements/units', { method: 'PUT', json: body })).data;
  },
};
