/**
 * Documents of the customers (server/areas/documents): payment notices, account statements,
 * engagement letters and the bank-transfer letter, downloaded or e-mailed (C20–C22, C27–C33).
 */
import { apiDownload, apiFetch } from '../api/client';
import type { MailQueued } from './mail';
import { queryOf } from './common';
import type {
  AccountBalancesQuery,
  BollettinoMailInput,
  BollettinoQuery,
  ContractQuery,
  ContractsMailQuery,
  TransferLetterQuery,
} from '../../model/api/documents';

/** the customers and the period of their account statements (an empty end: no bound) */
const accountBalancesQuery = (params: { customer_ids: number[]; from: string | null; to: string | null }) =>
  queryOf({
    customer_ids: JSON.stringify(params.customer_ids),
    from: params.from ?? undefined,
    to: params.to ?? undefined,
  } satisfies AccountBalancesQuery);

export const documentCalls = {
  /** C21 / C22: payment notices of the customers (one file, or Bollettini.zip for several). */
  async downloadBollettini(
    format: 'pdf' | 'html',
    params: { customers_ids: number[]; studio_service_id: number; amount: number },
  ) {
    const qs = queryOf({
      customers_ids: JSON.stringify(params.customers_ids),
      studio_service_id: String(params.studio_service_id),
      amount: params.amount.toFixed(2),
    } satisfies BollettinoQuery);
    return apiDownload(`/api/bollettino/actions/download_${format}?${qs}`);
  },
  /** C29 / C30: account statements of the customers for a period (one file, or EstrattiConto.zip). */
  async downloadAccountBalances(
    format: 'pdf' | 'html',
    params: { customer_ids: number[]; from: string | null; to: string | null },
  ) {
    return apiDownload(`/api/account_balance_${format}?${accountBalancesQuery(params)}`);
  },
  /** C27 / C28: the engagement letter of one customer (errors carry the server's message, naming what is missing). */
  async downloadContract(format: 'pdf' | 'html', customerId: number) {
    return apiDownload(
      `/api/accounting_contract_${format}?${queryOf({ customer_id: String(customerId) } satisfies ContractQuery)}`,
    );
  },
  /** C33: the bank-transfer letter of one customer for an amount. */
  async downloadTransferLetter(customerId: number, amount: number) {
    const qs = queryOf({
      customers_ids: JSON.stringify([customerId]),
      amount: amount.toFixed(2),
    } satisfies TransferLetterQuery);
    return apiDownload(`/api/lettera_bonifico_pdf/actions/download_pdf?${qs}`);
  },
  /** C20 POST /api/bollettino/actions/email_pdf: each customer's payment notice by e-mail (queued). */
  async emailBollettini(params: { customers_ids: number[]; studio_service_id: number; amount: number }) {
    return apiFetch<MailQueued>('/api/bollettino/actions/email_pdf', {
      method: 'POST',
      json: {
        customers_ids: JSON.stringify(params.customers_ids),
        studio_service_id: params.studio_service_id,
        amount: params.amount.toFixed(2),
      } satisfies BollettinoMailInput,
    });
  },
  /** C31 GET /api/send_account_balance_mail: each customer's account statement for a period by e-mail (queued). */
  async emailAccountBalances(params: { customer_ids: number[]; from: string | null; to: string | null }) {
    return apiFetch<MailQueued>(`/api/send_account_balance_mail?${accountBalancesQuery(params)}`);
  },
  /** C32 GET /api/send_contract_pdf: each customer's engagement letter by e-mail (queued; a 422 names what each customer misses). */
  async emailContracts(customerIds: number[]) {
    return apiFetch<MailQueued>(
      `/api/send_contract_pdf?${queryOf({ customer_ids: JSON.stringify(customerIds) } satisfies ContractsMailQuery)}`,
    );
  },
};
