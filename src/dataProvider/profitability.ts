/**
 * 'Redditività' (issue 49 item 5), the Admin's: the figures of a period per customer, service or
 * collaborator, the same as CSV or PDF, and the home page's chart of the year's best and worst
 * customers by margin. Errors stay ApiError (422 with the fields).
 */
import { apiDownload, apiFetch } from '../api/client';
import { queryOf } from './common';
import type { Profitability, ProfitabilityFilter, ProfitabilitySummary } from '../../model/api/profitability';

export type {
  Profitability,
  ProfitabilityFilter,
  ProfitabilityGroup,
  ProfitabilityRow,
  ProfitabilitySummary,
  ProfitabilitySummaryRow,
} from '../../model/api/profitability';

const data = <T>(path: string, signal?: AbortSignal) => apiFetch<{ data: T }>(path, { signal }).then((r) => r.data);

export const profitabilityCalls = {
  /** GET /api/profitability: the rows, the totals and the simulated update of a period. */
  profitability: (filter: ProfitabilityFilter, params: { signal?: AbortSignal } = {}) =>
    data<Profitability>(`/api/profitability?${queryOf({ ...filter })}`, params.signal),
  /** GET /api/profitability.csv or .pdf with the same filters. */
  downloadProfitability: (filter: ProfitabilityFilter, format: 'csv' | 'pdf') =>
    apiDownload(`/api/profitability.${format}?${queryOf({ ...filter })}`),
  /** GET /api/profitability/summary: the year's five best and five worst customers by margin. */
  profitabilitySummary: (params: { year?: number; signal?: AbortSignal } = {}) =>
    data<ProfitabilitySummary>(`/api/profitability/summary${params.year ? `?year=${params.year}` : ''}`, params.signal),
};
