/**
 * Customers' accounts (server/areas/accounts): movements for several customers, the yearly
 * installments and amount, the annual balancer, the receivables and a customer's statement.
 * Errors of the bulk actions stay ApiError.
 */
import type { RaRecord } from 'react-admin';
import { apiFetch } from '../api/client';
import { queryOf, wrap } from './common';
import type {
  BalancerInput,
  BalancerRow,
  InstallmentMade,
  InstallmentSkipped,
  InstallmentsInput,
  Receivables,
  Statement,
  StatementQuery,
  YearlyAmountInput,
  YearlyAmountResult,
} from '../../model/api/accounts';

export type { BalancerRow, InstallmentMade, Receivables, Statement, YearlyAmountResult };

/** C38 as the bulk action shows it: the transactions made and the customers left out. */
export interface InstallmentsResult {
  created: InstallmentMade[];
  skipped: InstallmentSkipped[];
}

export const accountCalls = {
  /** C10 in multiple mode: the same movement for each customer, atomically. */
  async addTransactions(customerIds: Array<string | number>, data: Record<string, unknown>) {
    return apiFetch<{ data: RaRecord; ids: number[] }>('/api/transactions', {
      method: 'POST',
      json: { ...data, customer_ids: customerIds.map(Number) },
    });
  },
  /** The studio's receivables for the home page. */
  async receivables(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: Receivables }>('/api/receivables', { signal: params.signal })).data;
  },
  /** A customer's account statement between two days (YYYY-MM-DD, either may be null). */
  async statement(
    customerId: string | number,
    params: { from: string | null; to: string | null; signal?: AbortSignal },
  ) {
    const qs = queryOf({ from: params.from ?? undefined, to: params.to ?? undefined } satisfies StatementQuery);
    return (
      await wrap(
        apiFetch<{ data: Statement }>(`/api/customer/${encodeURIComponent(String(customerId))}/statement?${qs}`, {
          signal: params.signal,
        }),
      )
    ).data;
  },
  /** C38 POST /api/generate_credit_transactions: the yearly installments of `year` (`data`: the transactions made; `skipped` beside it). */
  async generateInstallments(customerIds: Array<string | number>, year: number): Promise<InstallmentsResult> {
    const res = await apiFetch<{ data: InstallmentMade[]; skipped?: InstallmentsResult['skipped'] }>(
      '/api/generate_credit_transactions',
      { method: 'POST', json: { customer_ids: customerIds.map(Number), year } satisfies InstallmentsInput },
    );
    return { created: res.data ?? [], skipped: res.skipped ?? [] };
  },
  /** C26 POST /api/update_yearly_accounting_amount (or its preview, which writes nothing). */
  async updateYearlyAmount(
    customerIds: Array<string | number>,
    change: { yearly_accounting_amount: number } | { yearly_accounting_amount_change_percentage: number },
    preview = false,
  ) {
    return (
      await apiFetch<{ data: YearlyAmountResult }>(`/api/update_yearly_accounting_amount${preview ? '/preview' : ''}`, {
        method: 'POST',
        json: { customers_ids: customerIds.map(Number), ...change } satisfies YearlyAmountInput,
      })
    ).data;
  },
  /** C34 POST /api/annual_balancer/actions/do: one year for every selected customer. */
  async annualBalancer(customerIds: Array<string | number>, year: number | ((id: string | number) => number)) {
    const yearOf = typeof year === 'number' ? () => year : year;
    return (
      await apiFetch<{ data: BalancerRow[] }>('/api/annual_balancer/actions/do', {
        method: 'POST',
        json: {
          customersData: customerIds.map((id) => ({ id: Number(id), year: yearOf(id) })),
        } satisfies BalancerInput,
      })
    ).data;
  },
};
