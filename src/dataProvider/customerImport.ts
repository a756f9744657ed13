/**
 * Customer import (issue 16): stage a file, preview, import, the history, undo, the invalid rows.
 */
import { apiDownload, apiFetch, apiNdjson } from '../api/client';
import type { ImportCounts, ImportPreviewRow, ImportProgress } from '../../model/customerImport';
import type { ImportListRow, ImportOptionsInput, ImportStaged, ImportUndone } from '../../model/api/customerImport';

export const customerImportCalls = {
  /** Stages a .csv or .xlsx file: its headers, rows count and the proposed mapping. */
  async importStage(file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    return (await apiFetch<{ data: ImportStaged }>('/api/customer_imports', { method: 'POST', body: form })).data;
  },
  /** Every row with what the import will do and its errors (progress while the server works). */
  importPreview: (id: number, opts: ImportOptionsInput, onProgress?: (p: ImportProgress) => void) =>
    apiNdjson<{ rows: ImportPreviewRow[]; counts: ImportCounts }, ImportProgress>(
      `/api/customer_imports/${id}/preview`,
      opts,
      onProgress,
    ),
  /** Imports the valid rows in one transaction. */
  importRun: (id: number, opts: ImportOptionsInput, onProgress?: (p: ImportProgress) => void) =>
    apiNdjson<ImportCounts & { id: number }, ImportProgress>(`/api/customer_imports/${id}/import`, opts, onProgress),
  async importList() {
    return (await apiFetch<{ data: ImportListRow[] }>('/api/customer_imports')).data;
  },
  async importUndo(id: number) {
    return (
      await apiFetch<{ data: ImportUndone }>(`/api/customer_imports/${id}/undo`, {
        method: 'POST',
      })
    ).data;
  },
  importInvalidRows: (id: number) => apiDownload(`/api/customer_imports/${id}/invalid_rows`),
};
