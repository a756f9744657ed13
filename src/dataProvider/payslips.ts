/**
 * Payslips (cedolini, C48, C49).
 */
import { apiFetch } from '../api/client';
import type { PayslipMonths, PayslipsInput, PayslipsQuery, PayslipsSaved } from '../../model/api/payslips';
import { queryOf } from './common';

/** one entry of C48 */
export type CedoliniEntry = {
  customerId: number;
  business_name: string;
  cedoliniQuantity: number;
  month: number;
  year: number;
};

export const payslipCalls = {
  /** C48 POST /api/cedolini: the monthly payslip quantities of the customers given (0 removes the entry and its charge). */
  async saveCedolini(customerData: CedoliniEntry[]) {
    return (
      await apiFetch<{ data: PayslipsSaved }>('/api/cedolini', {
        method: 'POST',
        json: { customerData } satisfies PayslipsInput,
      })
    ).data;
  },
  /** C49 GET /api/cedolini: a customer's payslip quantities of a year, by month ('1'…'12'). */
  async cedoliniOfYear(customerId: string | number, year: number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: PayslipMonths }>(
        `/api/cedolini?${queryOf({ customer_id: String(customerId), year } satisfies PayslipsQuery)}`,
        { signal: params.signal },
      )
    ).data;
  },
};
