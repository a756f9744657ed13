/**
 * SdI (issue 28, additive to the seeds): 'Invia a SdI' for one or many invoices, an invoice's
 * timeline (each receipt's XML: the action of SdiEvent, server/models/SdiEventActions.ts), the intermediary's webhook (its secret checked: a forged call
 * is a 401, logged), and which channel this server uses (the simulator says so in the app).
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { HttpError } from '../../errors.js';
import { today } from '../../../model/dates.js';
import {
  AcubeWebhookAnswer,
  AcubeWebhookBody,
  SdiChannel,
  SdiSendInput,
  SdiSent,
  SdiTimeline,
} from '../../../model/api/sdi.js';
import { channelName, sdiTimeline, sendToSdi } from './service.js';
import { transmissionsByChannelId } from './queries.js';

export async function sdiRoutes(api: Api, deps: AppDeps) {
  const tags = ['SdI'];

  api.get(
    '/sdi/channel',
    {
      schema: {
        tags,
        summary: "L'intermediario di questo server: simulator (simulatore, nessun invio reale), acube, o nessuno",
        response: { 200: z.object({ data: SdiChannel }), ...ERRORS },
      },
    },
    async () => ({ data: { channel: channelName(deps.settings) } }),
  );

  api.post(
    '/sdi/send',
    {
      schema: {
        tags,
        summary:
          'Invia a SdI le fatture scelte (tutte o nessuna): 422 con i motivi di ognuna che SdI scarterebbe o già inviata',
        body: SdiSendInput,
        response: { 202: z.object({ data: SdiSent }), ...ERRORS },
      },
    },
    async (req, reply) => {
      const r = await sendToSdi(deps, req.ctx, req.body, today());
      await deps.sdi.handOff(r.transmissionIds);
      return reply.code(202).send({ data: { queued: r.queued, channel: r.channel } });
    },
  );

  api.get(
    '/sdi/edocument/:id',
    {
      schema: {
        tags,
        summary: 'Lo stato SdI della fattura e i suoi eventi (invio, ricevute, scarti), dal più vecchio',
        params: IdParams,
        response: { 200: z.object({ data: SdiTimeline }), ...ERRORS },
      },
    },
    async (req) => ({ data: await sdiTimeline(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/sdi/webhook/acube',
    {
      config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Webhook di A-Cube (notifiche SdI delle fatture inviate): col segreto configurato, altrimenti 401',
        body: AcubeWebhookBody,
        response: { 200: z.object({ data: AcubeWebhookAnswer }), ...ERRORS },
      },
    },
    async (req, reply) => {
      const channel = deps.sdi.channel;
      if (!channel?.webhook || channel.name !== 'acube') throw new HttpError(404, 'Webhook non configurato');
      const r = channel.webhook(req.headers, req.body);
      if (!r.ok) {
        req.log.warn({ ip: req.ip, reason: r.reason }, 'sdi: forged or unauthorised webhook call refused');
        throw new HttpError(401, 'Webhook non autorizzato');
      }
      const ids = await transmissionsByChannelId(deps.exec, 'acube', r.channelIds);
      if (r.channelIds.length && !ids.length) {
        req.log.warn({ channelIds: r.channelIds }, 'sdi: webhook for files this server never sent');
        throw new HttpError(404, 'Nessuna fattura inviata da questo gestionale corrisponde alla notifica');
      }
      await deps.sdi.pollNow(ids);
      // 200: A-Cube retries a call answered otherwise (its webhook page)
      return reply.code(200).send({ data: { files: ids.length } });
    },
  );
}
