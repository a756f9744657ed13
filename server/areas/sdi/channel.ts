/**
 * One interface for the transmission of e-invoices to SdI through an intermediary (issue 28): a
 * file is sent (the channel answers its identifier at once) and its notifications are read later
 * (delivery receipt RC, rejection NS, failed delivery MC, …), by polling or when a webhook says
 * there is something new. The service keeps the transmissions, their order, their locks and the
 * invoice's status; a channel only talks to its intermediary (or, the simulator, plays SdI).
 */

/** SdI's notification types (Specifiche tecniche SdI, allegato B): the ones a sender receives. */
export type SdiNotificationType = 'RC' | 'NS' | 'MC' | 'NE' | 'DT' | 'AT';

export interface SdiFile {
  /** `IT{IdCodice}_{progressivo}.xml`, unique per sender: SdI refuses a name it has seen (00002) */
  fileName: string;
  /** the FatturaPA XML as sent */
  xml: string;
  /** what identifies the invoice without the channel's id (for `find`): the sender's VAT number, the number and date */
  senderVat: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface SdiError {
  /** SdI's code, e.g. '00404' */
  code: string;
  description: string;
}

export interface SdiNotification {
  /** the channel's id of this notification: the same notification read twice is recorded once */
  id: string;
  type: SdiNotificationType;
  /** ISO 8601 instant */
  at: string;
  /** NS: SdI's errors; NE: the outcome ('EC01' accepted, 'EC02' refused) as one entry */
  errors: SdiError[];
  /** free text of the notification (SdI's or the intermediary's) */
  description?: string;
  /** SdI's id of the file (IdentificativoSdI), when the notification gives it */
  sdiId?: string;
  /** the notification's own file, as SdI writes it (e.g. `IT01234567890_00001_RC_001.xml`) and its XML */
  fileName?: string;
  xml?: string;
}

/** What a webhook call said, once its secret or signature was checked. */
export type SdiWebhookResult =
  | { ok: true; /** the channel's ids of the files with something new (each is then polled) */ channelIds: string[] }
  | { ok: false; /** why it was refused, for the log (never the secret) */ reason: string };

export interface SdiChannel {
  /** 'simulator' or 'acube' */
  readonly name: string;
  /** hands the file over; answers the channel's id of it. Throws `SdiUnavailable` (try later) or `SdiRefused` (never, as it is). */
  send(file: SdiFile): Promise<{ channelId: string }>;
  /**
   * The channel's id of a file it already has, or null: asked before sending a file again whose
   * earlier attempt ended without an answer (a process killed, a timeout), so that it is never sent twice.
   */
  find(file: SdiFile): Promise<{ channelId: string } | null>;
  /** every notification of the file so far (the service records the new ones) */
  notifications(channelId: string): Promise<SdiNotification[]>;
  /** checks and reads an intermediary's webhook call (absent: the channel has none) */
  webhook?(headers: Record<string, string | string[] | undefined>, body: unknown): SdiWebhookResult;
  /** polls again after this many seconds while a file has no final outcome */
  readonly pollSeconds: number;
  /** releases what it holds (connections, timers) */
  close?(): Promise<void>;
}

/** The intermediary cannot be reached or answers with a temporary error: the queue waits and retries. */
export class SdiUnavailable extends Error {
  override name = 'SdiUnavailable';
}

/** The intermediary refuses the file for good (its own checks): the invoice goes back to draft with the reason, in Italian. */
export class SdiRefused extends Error {
  override name = 'SdiRefused';
}
