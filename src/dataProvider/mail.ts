/**
 * The outbox ('Posta in uscita', server/areas/mail): a page of messages, one message, its files,
 * a retry; what an e-mail send answers.
 */
import { apiDownload, apiFetch } from '../api/client';
import type {
  MailDetail,
  MailOutboxPage,
  MailOutboxQuery,
  MailQueued,
  MailRetried,
  MailRow,
} from '../../model/api/mail';
import { queryOf } from './common';
import type { MailStatus } from '../../model/mail';

export type { MailDetail, MailOutboxPage, MailQueued, MailRow };

export const mailCalls = {
  /** The outbox of the studio, newest first, a page at a time (Admin and above). */
  async mailOutbox(params: { status?: MailStatus | null; page: number; perPage: number; signal?: AbortSignal }) {
    const qs = queryOf({
      page: String(params.page),
      items_per_page: String(params.perPage),
      status: params.status ?? undefined,
    } satisfies MailOutboxQuery);
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
    return apiFetch<MailRetried>(`/api/mail_outbox/${id}/actions/retry`, {
      method: 'POST',
      json: {},
    });
  },
};
