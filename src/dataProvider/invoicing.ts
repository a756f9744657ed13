/**
 * 'Fattura addebiti' (issue 28 item 1): the preview of the invoices a period's charges make, and
 * the run that issues them. Errors stay ApiError (422 with the field, 409 when the charges
 * changed since the preview).
 */
import type { InvoicingPlan } from '../../model/api/invoicing';
import { apiFetch } from '../api/client';

export interface InvoicingRequest {
  from: string;
  to: string;
  date: string;
  customer_ids?: Array<string | number>;
}

export type { InvoicingPlan };

export const invoicingCalls = {
  async invoicingPreview(body: InvoicingRequest) {
    return (await apiFetch<{ data: InvoicingPlan }>('/api/invoicing/preview', { method: 'POST', json: body })).data;
  },
  async invoicingRun(body: InvoicingRequest & { fingerprint: string }) {
    return (await apiFetch<{ data: InvoicingPlan }>('/api/invoicing/run', { method: 'POST', json: body })).data;
  },
};
