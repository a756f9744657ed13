/**
 * The studio's calls of document requests and of the area's files (issue 50 items 2, 6).
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import {
  RequestCreated,
  RequestDetail,
  RequestInput,
  RequestList,
  RequestQuery,
  ReviewInput,
} from '../../../model/api/portalRequests.js';
import { cancelPortalRequest, createRequests, requestDetail, requestList, reviewItem, studioFile } from './requests.js';

const IdParams = z.object({ id: z.string() });
const ItemParams = z.object({ id: z.string(), itemId: z.string() });

export async function portalRequestRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Area clienti'];

  api.post(
    '/portal/requests',
    {
      schema: {
        tags,
        summary:
          "Chiede documenti ai clienti scelti (customer_ids) o a tutti i clienti attivi di un adempimento (studio_job_id, year), da un elenco di documenti (checklist_id) o con i documenti scritti (items, uno per riga), con titolo, scadenza e messaggio; avvisa per e-mail le persone dei clienti nell'area clienti",
        body: RequestInput,
        response: { 201: z.object({ data: RequestCreated }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await createRequests(deps, req.ctx, req.body) }),
  );

  api.get(
    '/portal/requests',
    {
      schema: {
        tags,
        summary:
          'Le richieste di documenti dello studio (filtri: stato, cliente, da controllare, in ritardo, ricerca per cliente o titolo), le aperte per scadenza',
        querystring: RequestQuery,
        response: { 200: RequestList, ...ERRORS },
      },
    },
    async (req) => requestList(deps, req.ctx, req.query),
  );

  api.get(
    '/portal/requests/:id',
    {
      schema: {
        tags,
        summary: 'Una richiesta di documenti con i suoi documenti, il loro stato e i file inviati dal cliente',
        params: IdParams,
        response: { 200: z.object({ data: RequestDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await requestDetail(deps, req.ctx, req.params.id) }),
  );

  api.post(
    '/portal/requests/:id/documents/:itemId/review',
    {
      schema: {
        tags,
        summary:
          'Controlla un documento inviato (o dichiarato non disponibile) dal cliente: lo accetta, o lo chiede di nuovo con il motivo; con tutti i documenti accettati la richiesta è completata e il sotto adempimento collegato fatto',
        params: ItemParams,
        body: ReviewInput,
        response: { 200: z.object({ data: RequestDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await reviewItem(deps, req.ctx, req.params.id, req.params.itemId, req.body) }),
  );

  api.post(
    '/portal/requests/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Annulla una richiesta aperta (il cliente non la vede più tra quelle da completare)',
        params: IdParams,
        response: { 200: z.object({ data: RequestDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await cancelPortalRequest(deps, req.ctx, req.params.id) }),
  );

  api.get(
    '/portal/files/:id',
    {
      schema: {
        tags,
        summary: "Scarica un file dell'area clienti (mai uno in quarantena)",
        params: IdParams,
      },
    },
    async (req, reply) => sendDownload(reply, await studioFile(deps, req.ctx, req.params.id)),
  );
}
