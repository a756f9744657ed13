/**
 * Electronic invoices (C50–C58): the studio and services the editor needs, a document read,
 * saved, numbered, validated and downloaded. Errors stay ApiError.
 */
import type {
  EDocumentData,
  EDocumentSaved,
  EDocumentSaveInput,
  EDocumentStudio,
  SuggestedNumberQuery,
} from '../../model/api/eDocuments';
import { apiDownload, apiFetch, ApiError } from '../api/client';

/**
 * The `details` of a validate_xml answer (C55) as lines of text, whatever their shape: a list,
 * one text, or an object of texts by field (seed B §7 names them without a shape).
 */
export function detailLines(details: unknown): string[] {
  if (details === null || details === undefined || details === '') return [];
  if (Array.isArray(details)) return details.flatMap(detailLines);
  if (typeof details === 'object') {
    return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) =>
      detailLines(v).map((line) => `${k}: ${line}`),
    );
  }
  return [String(details)];
}

/** A row of the editor (sent as the save's `serviceRows`). */
export type EDocumentRow = {
  id?: number;
  studio_service_id?: number | null;
  description: string;
  quantity: number | string;
  price: number | string;
  vat: number;
  nature?: string | null;
};

export type { EDocumentData, EDocumentSaveInput, EDocumentStudio };

export const eDocumentCalls = {
  /** The studio as the e-invoice editor needs it (regime, withholding, cassa). */
  async eDocumentStudio(params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: EDocumentStudio }>('/api/edocuments_studio', { signal: params.signal })).data;
  },
  /** C50 GET /api/studio_services: the rows an invoice picks from. */
  async studioServices(params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: Array<{ id: number; cod: string | null; description: string; cost: number | string }> }>(
        '/api/studio_services',
        { signal: params.signal },
      )
    ).data;
  },
  /** C51 GET /api/edocument/{id}. */
  async eDocument(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (
      await apiFetch<{ data: EDocumentData }>(`/api/edocument/${encodeURIComponent(String(id))}`, {
        signal: params.signal,
      })
    ).data;
  },
  /** C52 POST /api/edocument (no id) or C53 PUT /api/edocument/{id}: data.eDocumentId. */
  async saveEDocument(body: EDocumentSaveInput, id?: string | number) {
    const path = id == null ? '/api/edocument' : `/api/edocument/${encodeURIComponent(String(id))}`;
    const res = await apiFetch<EDocumentSaved>(path, {
      method: id == null ? 'POST' : 'PUT',
      json: body,
    });
    // `warnings`: what the server took but wants said (a TD04 without the invoice it corrects)
    return { ...res.data, warnings: Array.isArray(res.warnings) ? res.warnings.map(String) : [] };
  },
  /** C54 GET /api/edocuments_suggested_number: the next number of the date's year. */
  async suggestedEDocumentNumber(date: string) {
    const qs = new URLSearchParams({ date } satisfies SuggestedNumberQuery);
    return (await apiFetch<{ data: string }>(`/api/edocuments_suggested_number?${qs}`)).data;
  },
  /** C55 GET /api/edocuments/{id}/actions/validate_xml: a 400 is an answer too (message and details of the problems). */
  async validateEDocument(id: string | number): Promise<{ valid: boolean; message: string; details: string[] }> {
    try {
      const r = await apiFetch<{ message: string; details?: unknown }>(
        `/api/edocuments/${encodeURIComponent(String(id))}/actions/validate_xml`,
      );
      return { valid: true, message: r.message, details: detailLines(r.details) };
    } catch (e) {
      const err = e as ApiError & { body: { details?: unknown } };
      if (err.status === 400) return { valid: false, message: err.message, details: detailLines(err.body?.details) };
      throw e;
    }
  },
  /** C56 the FatturaPA XML of one document (type_businessname_id.xml). */
  downloadEDocumentXml: (id: string | number) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(String(id))}/actions/download_xml`),
  /** C57 the XMLs of several documents (archivio_edoc.zip). */
  downloadEDocumentXmls: (ids: Array<string | number>) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(JSON.stringify(ids.map(Number)))}/actions/download_xmls_zip`),
  /** The readable PDF copy of a document. */
  downloadEDocumentPdf: (id: string | number) =>
    apiDownload(`/api/edocuments/${encodeURIComponent(String(id))}/actions/download_pdf`),
};
