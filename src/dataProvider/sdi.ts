/**
 * SdI (issue 28): the channel this server sends through (the simulator is said in the app), 'Invia
 * a SdI' for the chosen invoices (all or none: a 422 lists each refused invoice with its reasons
 * in `errors.ids`), an invoice's status and events, and each event's XML. Errors stay ApiError.
 */
import { apiDownload, apiFetch } from '../api/client';
import { enc } from './common';
import type { SdiChannel, SdiEvent, SdiSendInput, SdiSent, SdiTimeline } from '../../model/api/sdi';

export type { SdiEvent, SdiTimeline };

/** the intermediary of this server: the simulator (nothing really reaches SdI), A-Cube, or none */
export type SdiChannelName = SdiChannel['channel'];

export const sdiCalls = {
  /** GET /api/sdi/channel */
  async sdiChannel(params: { signal?: AbortSignal } = {}): Promise<SdiChannelName> {
    const r = await apiFetch<{ data: SdiChannel }>('/api/sdi/channel', { signal: params.signal });
    return r.data.channel ?? null;
  },
  /** POST /api/sdi/send (202): the invoices queued; a 422 (nothing sent) carries the reasons in `body.errors.ids`. */
  async sendToSdi(ids: Array<string | number>) {
    return (
      await apiFetch<{ data: SdiSent }>('/api/sdi/send', {
        method: 'POST',
        json: { ids: ids.map(Number) } satisfies SdiSendInput,
      })
    ).data;
  },
  /** GET /api/sdi/edocument/{id}: the invoice's SdI status and its events, oldest first. */
  async sdiTimeline(id: string | number, params: { signal?: AbortSignal } = {}) {
    return (await apiFetch<{ data: SdiTimeline }>(`/api/sdi/edocument/${enc(id)}`, { signal: params.signal })).data;
  },
  /** GET /api/sdi_event/{id}/actions/xml: the file sent or the receipt of SdI. */
  downloadSdiEventXml: (eventId: string | number) => apiDownload(`/api/sdi_event/${enc(eventId)}/actions/xml`),
};
