/**
 * The studio's calls of document requests (server/areas/portal/requests.ts; issue 50 item 2): make
 * requests (to customers picked, or to every customer of a compliance job), list them, read one with
 * its documents and files, review a document (accept, or ask again with a reason), cancel.
 */
import { z } from 'zod';

const optionalId = z.number().int().nullish();

/** POST /api/portal/requests */
export const RequestInput = z.object({
  /** the customers picked (the bulk bar, a customer's card); or none with `studio_job_id`: every customer of the job */
  customer_ids: z.array(z.number().int()).max(100_000).nullish(),
  checklist_id: optionalId,
  studio_job_id: optionalId,
  task_id: optionalId,
  year: z.number().int().nullish(),
  title: z.string().nullish(),
  due_date: z.string().nullish(),
  message: z.string().nullish(),
  /** the documents, one per line (else the checklist's) */
  items: z.string().nullish(),
});
export type RequestInput = z.infer<typeof RequestInput>;

export const RequestCreated = z.object({
  created: z.number().int(),
  request_ids: z.array(z.number().int()),
  /** customers without anyone in the area yet (their request waits for an invitation) */
  without_people: z.number().int(),
  /** e-mails queued to the customers' people */
  notified: z.number().int(),
});
export type RequestCreated = z.infer<typeof RequestCreated>;

export const PortalFile = z.object({
  id: z.number().int(),
  item_id: z.number().int().nullable(),
  origin: z.enum(['cliente', 'studio']),
  filename: z.string(),
  content_type: z.string(),
  kind: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  scan: z.enum(['ok', 'quarantena', 'non_verificato']),
  scan_result: z.string().nullable(),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  first_opened_at: z.string().nullable(),
  rejected: z.boolean(),
});
export type PortalFile = z.infer<typeof PortalFile>;

export const RequestItem = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  position: z.number().int(),
  label: z.string(),
  status: z.enum(['richiesto', 'inviato', 'mancante', 'accettato', 'da_rifare']),
  customer_note: z.string().nullable(),
  review_reason: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
  files: z.array(PortalFile),
});
export type RequestItem = z.infer<typeof RequestItem>;

export const RequestSummary = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  title: z.string(),
  due_date: z.string(),
  message: z.string().nullable(),
  status: z.enum(['aperta', 'completata', 'annullata']),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  closed_at: z.string().nullable(),
  studio_job_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  year: z.number().int().nullable(),
  items: z.number().int(),
  accepted: z.number().int(),
  to_review: z.number().int(),
  customer_turn: z.number().int(),
  reminders_sent: z.number().int(),
  /** past its deadline with documents still to send */
  late: z.boolean(),
});
export type RequestSummary = z.infer<typeof RequestSummary>;

export const RequestDetail = RequestSummary.extend({ documents: z.array(RequestItem) });
export type RequestDetail = z.infer<typeof RequestDetail>;

/** GET /api/portal/requests */
export const RequestQuery = z.object({
  status: z.enum(['aperta', 'completata', 'annullata']).nullish().or(z.literal('')),
  customer_id: z.coerce.number().int().nullish(),
  to_review: z.enum(['1', 'true', '0', 'false']).nullish(),
  late: z.enum(['1', 'true', '0', 'false']).nullish(),
  search: z.string().max(200).nullish(),
  page: z.coerce.number().int().min(1).max(100_000).nullish(),
  per_page: z.coerce.number().int().min(1).max(200).nullish(),
});
export type RequestQuery = z.infer<typeof RequestQuery>;

export const RequestList = z.object({ data: z.array(RequestSummary), total: z.number().int() });
export type RequestList = z.infer<typeof RequestList>;

/** POST /api/portal/requests/{id}/documents/{itemId}/review */
export const ReviewInput = z.object({
  outcome: z.enum(['accetta', 'rifai']),
  reason: z.string().nullish(),
});
export type ReviewInput = z.infer<typeof ReviewInput>;
