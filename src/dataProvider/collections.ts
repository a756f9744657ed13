/**
 * Collecting the fees (issue 29): what is open of a customer, 'Incassa con SDD' (the preview of
 * a batch, the batch, its pain.008 file, its cancellation; a mandate's form to sign), 'Presenta
 * RiBa' (the same for the receipts' presentations, with their credit and unpaid receipts), the bank
 * statements and the reconciliation of their lines. Errors stay ApiError (422 with the field or
 * the file's lines, 409 when the charges changed since the preview). The statement's import is an
 * XMLHttpRequest, the only way to follow the upload's progress (fetch has none).
 */
import { apiDownload, apiFetch, ApiError } from '../api/client';
import { getToken } from '../authProvider/token';
import { enc, listQuery } from './common';
import type {
  BankMapping,
  CustomerOpenItems,
  RibaPlan,
  RibaPresentation,
  RibaPresentationDetail,
  RibaPreviewInput,
  RibaRunInput,
  RibaUnpaidInput,
  SddBatch,
  SddBatchDetail,
  SddOutcome,
  SddPlan,
} from '../../model/api/collections';
import type {
  BankColumns,
  BankConfirmedAll,
  BankConfirmInput,
  BankLineView,
  BankStatementDetail,
  BankStatementSummary,
  SddPreviewInput,
  SddRunInput,
} from '../../model/api/collections';

export type {
  BankColumns,
  BankConfirmInput,
  BankLineView,
  BankMapping,
  BankStatementDetail,
  BankStatementSummary,
  CustomerOpenItems,
  RibaPlan,
  RibaPresentation,
  RibaPresentationDetail,
  RibaPreviewInput,
  RibaReceiptRow,
  RibaRunInput,
  RibaUnpaidInput,
  SddBatch,
  SddBatchDetail,
  SddOutcome,
  SddPlan,
  SddPreviewInput,
  SddRunInput,
} from '../../model/api/collections';

/** A customer found by its name (the select projection of the customers' list). */
export interface CustomerOption {
  id: number;
  label: string;
  cod?: string | null;
}

/** The upload of a file: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart POST through XMLHttpRequest: the upload's progress goes to `onProgress`; the
 * answer as apiFetch reads it (JSON, errors as ApiError with the server's Italian message).
 */
function uploadForm<T>(path: string, form: FormData, onProgress?: (p: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress)
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
      });
    xhr.addEventListener('load', () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else {
        const b = (data ?? {}) as { message?: string; errors?: Record<string, string[]> };
        reject(new ApiError(xhr.status, b.message ?? `Errore ${xhr.status}`, b));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'Errore di connessione al server')));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'Caricamento interrotto')));
    xhr.send(form);
  });
}

const post = async <T>(path: string, json?: unknown) =>
  (await apiFetch<{ data: T }>(path, { method: 'POST', ...(json === undefined ? {} : { json }) })).data;

export const collectionCalls = {
  /** GET /api/customer/{id}/open_items: the customer's balance and its open charges. */
  async customerOpenItems(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: CustomerOpenItems }>(`/api/customer/${enc(id)}/open_items`, { signal: params.signal })
    ).data;
  },
  /** The customers whose name (or code) holds `q`, as the relation selects list them. */
  async searchCustomers(q: string, params: { signal?: AbortSignal } = {}) {
    const qs = listQuery({ filter: { q }, pagination: { page: 1, perPage: 25 } });
    return (
      await apiFetch<{ data: CustomerOption[] }>(`/api/list/Customer/CustomerResource4SelectCollection?${qs}`, {
        signal: params.signal,
      })
    ).data;
  },

  // SDD ------------------------------------------------------------------------------------------

  /** POST /api/sdd/preview: the debits a batch would hold, those left out and why. */
  sddPreview: (body: SddPreviewInput) => post<SddPlan>('/api/sdd/preview', body),
  /** POST /api/sdd/batches (201): the batch of the preview (409 when its charges changed since). */
  sddCreateBatch: (body: SddRunInput) => post<SddBatch>('/api/sdd/batches', body),
  async sddBatches(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: SddBatch[] }>('/api/sdd/batches', { signal: params.signal })).data;
  },
  async sddBatch(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: SddBatchDetail }>(`/api/sdd/batches/${enc(id)}`, { signal: params.signal })).data;
  },
  /** GET /api/sdd_batch/{id}/actions/file: the pain.008 XML to hand to the bank. */
  downloadSddBatchFile: (id: string | number) => apiDownload(`/api/sdd_batch/${enc(id)}/actions/file`),
  /** POST /api/sdd_batch/{id}/actions/cancel: the batch cancelled, its charges to be collected again. */
  sddCancelBatch: (id: string | number) => post<SddBatch>(`/api/sdd_batch/${enc(id)}/actions/cancel`),
  /** POST /api/sdd_batch/{id}/actions/outcome (multipart): the bank's status report, and the fee to charge per rejected debit. */
  async sddImportOutcome(id: string | number, file: File, fee: string) {
    const form = new FormData();
    form.append('fee', fee);
    form.append('file', file);
    return (await uploadForm<{ data: SddOutcome }>(`/api/sdd_batch/${enc(id)}/actions/outcome`, form)).data;
  },
  /** POST /api/sdd_batch/{id}/actions/undo_outcome: an outcome undone. */
  sddUndoOutcome: (id: string | number, outcomeId: number) =>
    post<SddOutcome>(`/api/sdd_batch/${enc(id)}/actions/undo_outcome`, { outcome_id: outcomeId }),
  /** GET /api/sdd_mandate/{id}/actions/pdf: the mandate's form for the customer to sign. */
  downloadSddMandatePdf: (id: string | number) => apiDownload(`/api/sdd_mandate/${enc(id)}/actions/pdf`),

  // RiBa (issue 47 item 5) ---------------------------------------------------------------------

  /** POST /api/riba/preview: the receipts a presentation would hold (one per customer and due date), those left out and why. */
  ribaPreview: (body: RibaPreviewInput) => post<RibaPlan>('/api/riba/preview', body),
  /** POST /api/riba/presentations (201): the presentation of the preview (409 when its charges changed since). */
  ribaCreatePresentation: (body: RibaRunInput) => post<RibaPresentation>('/api/riba/presentations', body),
  async ribaPresentations(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: RibaPresentation[] }>('/api/riba/presentations', { signal: params.signal })).data;
  },
  async ribaPresentation(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: RibaPresentationDetail }>(`/api/riba/presentations/${enc(id)}`, { signal: params.signal })
    ).data;
  },
  /** GET /api/riba_presentation/{id}/actions/file: the CBI RiBa text file to hand to the bank. */
  downloadRibaFile: (id: string | number) => apiDownload(`/api/riba_presentation/${enc(id)}/actions/file`),
  /** POST /api/riba_presentation/{id}/actions/collected: the bank credited the receipts on `date` (YYYY-MM-DD). */
  ribaCollected: (id: string | number, date: string) =>
    post<RibaPresentationDetail>(`/api/riba_presentation/${enc(id)}/actions/collected`, { date }),
  /** POST /api/riba_presentation/{id}/actions/unpaid: the receipts `numbers` marked unpaid by hand. */
  ribaUnpaid: (id: string | number, body: RibaUnpaidInput) =>
    post<RibaPresentationDetail>(`/api/riba_presentation/${enc(id)}/actions/unpaid`, body),
  /** POST /api/riba_presentation/{id}/actions/unpaid_file (multipart): the bank's return file of unpaid receipts, and the fee to charge per receipt. */
  async ribaImportUnpaid(id: string | number, file: File, fee: string) {
    const form = new FormData();
    if (fee.trim()) form.append('fee', fee.trim());
    form.append('file', file);
    return (
      await uploadForm<{ data: RibaPresentationDetail }>(`/api/riba_presentation/${enc(id)}/actions/unpaid_file`, form)
    ).data;
  },
  /** POST /api/riba_presentation/{id}/actions/cancel: the presentation cancelled, its charges to be collected again. */
  ribaCancel: (id: string | number) => post<RibaPresentation>(`/api/riba_presentation/${enc(id)}/actions/cancel`),

  // Bank statements -----------------------------------------------------------------------------

  /** POST /api/bank/statements/columns: the file's format; for a CSV/XLSX its columns and the mapping to confirm. */
  async bankColumns(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await apiFetch<{ data: BankColumns }>('/api/bank/statements/columns', { method: 'POST', body: form })).data;
  },
  /** POST /api/bank/statements (201): the statement imported and matched; a CSV/XLSX with its mapping. */
  async bankImport(file: File, mapping?: BankMapping | null, onProgress?: (p: UploadProgress) => void) {
    const form = new FormData();
    form.append('file', file, file.name);
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    // a CBI RH file may report several accounts: one statement each
    const r = await uploadForm<{ data: BankStatementSummary; more?: BankStatementSummary[] }>(
      '/api/bank/statements',
      form,
      onProgress,
    );
    return [r.data, ...(r.more ?? [])];
  },
  async bankStatements(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: BankStatementSummary[] }>('/api/bank/statements', { signal: params.signal })).data;
  },
  async bankStatement(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: BankStatementDetail }>(`/api/bank/statements/${enc(id)}`, { signal: params.signal }))
      .data;
  },
  /** Posts a line: as matched or proposed (no body), or to the customer and charges chosen. */
  bankConfirmLine: (id: string | number, body: BankConfirmInput = {}) =>
    post<BankLineView>(`/api/bank_statement_line/${enc(id)}/actions/confirm`, body),
  bankIgnoreLine: (id: string | number) => post<BankLineView>(`/api/bank_statement_line/${enc(id)}/actions/ignore`),
  /** Undoes a line's posting (or its ignoring): back to be matched. */
  bankReopenLine: (id: string | number) => post<BankLineView>(`/api/bank_statement_line/${enc(id)}/actions/reopen`),
  /** Posts every 'matched' line of a statement. */
  bankConfirmAll: (statementId: string | number) =>
    post<BankConfirmedAll>(`/api/bank_statement/${enc(statementId)}/actions/confirm_all`),
};
