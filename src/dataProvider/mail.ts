/**
 * The outbox ('Posta in uscita', server/areas/mail): a page of messages, one message, its files,
 * a retry; what an e-mail send answers.
 */
import { apiDownload, apiFetch } from '../api/client';
import type { MailStatus } from '../../model/mail';

/** the answer of an e-mail send (C20, C31, C32): how many messages were queued */
export interface MailQueued {
  message: string;
  data: { queued: number; ids: number[] };
}

/** a message of the outbox ('Posta in uscita') */
export interface MailRow {
  id: number;
  studio_id: number | null;
  studio_name: string | null;
  kind: string;
  kind_label: string;
  status: MailStatus;
  status_label: string;
  tries: number;
  last_error: string | null;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  attachments: number;
}

export interface MailDetail extends MailRow {
  body_text: string;
  body_html: string | null;
  message_id: string | null;
  created_by_name: string | null;
  files: Array<{ id: number; filename: string; content_type: string; size: number }>;
}

export interface MailOutboxPage {
  data: MailRow[];
  meta: {
    total: number;
    current_page: number;
    per_page: number;
    last_page: number;
    counts: Partial<Record<MailStatus, number>>;
    smtp_configured: boolean;
  };
}

export const mailCalls = {
  /** The outbox of the studio, newest first, a page at a time (Admin and above). */
  async mailOutbox(params: { status?: MailStatus | null; page: number; perPage: number; signal?: AbortSignal }) {
    const qs = new URLSearchParams({ page: String(params.page), items_per_page: String(params.perPage) });
    if (params.status) qs.set('status', params.status);
    return apiFetch<MailOutboxPage>(`/api/mail_outbox?${qs}`, { signal: params.signal });
  },
  /** One message of the outbox with its text and attachments. */
  async mailMessage(id: number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: MailDetail }>(`/api/mail_outbox/${id}`, { signal: params.signal })).data;
  },
  /** An attachment of a message of the outbox. */
  downloadMailAttachment: (id: number, attachmentId: number) =>
    apiDownload(`/api/mail_outbox/${id}/attachments/${attachmentId}`),
  /** A message of the outbox as a .eml file. */
  downloadMailEml: (id: number) => apiDownload(`/api/mail_outbox/${id}/eml`),
  /** 'Riprova': a failed or kept message back in the queue. */
  async retryMail(id: number) {
    return apiFetch<{ message: string; data: MailDetail }>(`/api/mail_outbox/${id}/actions/retry`, {
      method: 'POST',
      json: {},
    });
  },
};
