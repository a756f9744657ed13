/**
 * 'Fattura addebiti' (issue 28 item 1): the preview of the invoices a period's charges make, and
 * the run that issues them. Errors stay ApiError (422 with the field, 409 when the charges
 * changed since the preview).
 */
import type { InvoicingInput, InvoicingPlan, InvoicingRunInput } from '../../model/api/invoicing';
import { apiFetch } from '../api/client';

export type { InvoicingInput, InvoicingPlan, InvoicingRunInput };

export const invoicingCalls = {
  async invoicingPreview(body: InvoicingInput) {
    return (await apiFetch<{ data: InvoicingPlan }>('/api/invoicing/preview', { method: 'POST', json: body })).data;
  },
  /** The run of the preview confirmed: its request and its `fingerprint` (422 without one). */
  async invoicingRun(body: InvoicingRunInput) {
    return (await apiFetch<{ data: InvoicingPlan }>('/api/invoicing/run', { method: 'POST', json: body })).data;
  },
};
