/**
 * The area's routes of document requests and files (issue 50 items 2, 6), inside the area's scope
 * (pageRoutes.ts: its session, its forms' parser):
 * - GET  /area-clienti/richieste                         the customer's requests
 * - GET  /area-clienti/richieste/{id}                    one request with its documents
 * - POST /area-clienti/richieste/{id}/voci/{item}/file   files of a document (multipart, the form without script)
 * - POST /area-clienti/richieste/{id}/voci/{item}/mancante  'Non ho questo documento' with a note
 * - POST /area-clienti/caricamenti                       a new upload in chunks (JSON: item, name, size)
 * - GET|PUT /area-clienti/caricamenti/{id}               where it got to / the chunk at X-Upload-Offset
 * - GET  /area-clienti/file/{id}                         a file of the customer's area
 * - GET  /area-clienti/area-{hash}.js                    the area's script
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppDeps } from '../../deps.js';
import { HttpError, notFound } from '../../errors.js';
import { attachment } from '../../routes/download.js';
import { fileParts } from '../../routes/upload.js';
import { today as romeToday } from '../../../model/dates.js';
import {
  PORTAL_PATH,
  REQUEST_MESSAGES as M,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_FILES_PER_ITEM,
} from '../../../model/portal.js';
import { AREA_SCRIPT, AREA_SCRIPT_PATH } from './areaScript.js';
import {
  areaFile,
  areaRequest,
  areaRequests,
  markMissing,
  putChunk,
  startUpload,
  uploadState,
  uploadToItem,
  type AreaWho,
} from './customerRequests.js';
import { addTile, formOf, portalCtx, sendHtml, type PortalCtx } from './areaSession.js';
import { requestPage, requestsPage, type ItemErrors } from './requestPages.js';
import { customerRequests } from './requestQueries.js';

const who = (ctx: PortalCtx): AreaWho => ({
  studioId: ctx.studioId,
  customerId: ctx.customerId,
  personId: ctx.personId,
  email: ctx.email,
});

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

// the home page's tile: the documents the customer must send, late ones marked
addTile(async (deps, ctx) => {
  const list = await customerRequests(deps.exec, ctx.studioId, ctx.customerId);
  const today = romeToday();
  const open = list.filter((r) => r.status === 'aperta');
  const count = open.reduce((n, r) => n + r.customer_turn, 0);
  const late = open.some((r) => r.due_date < today && r.customer_turn > 0);
  return {
    href: `${PORTAL_PATH}/richieste`,
    label: 'Documenti richiesti',
    count,
    late,
    countLabel: `${count} documenti da inviare${late ? ', in ritardo' : ''}`,
  };
});

export async function requestPageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: UPLOAD_FILE_MAX_BYTES, files: UPLOAD_FILES_PER_ITEM, fields: 5, fieldSize: 2000, parts: 30 },
  });
  // a chunk of an upload: raw bytes
  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_CHUNK_BYTES + 1024 },
    (_req, body, done) => done(null, body),
  );
  const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

  scope.get(AREA_SCRIPT_PATH, { config: config(120) }, async (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(AREA_SCRIPT),
  );

  scope.get(`${PORTAL_PATH}/richieste`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    return sendHtml(reply, 200, requestsPage(ctx.viewer, await areaRequests(deps, who(ctx)), romeToday()));
  });

  const showRequest = async (
    reply: FastifyReply,
    ctx: PortalCtx,
    id: number,
    status = 200,
    errors: ItemErrors = {},
    notice: Parameters<typeof requestPage>[4] = null,
  ) => {
    const { request, items } = await areaRequest(deps, who(ctx), id);
    return sendHtml(reply, status, requestPage(ctx.viewer, request, items, romeToday(), notice, errors));
  };

  scope.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${PORTAL_PATH}/richieste/:id`,
    { config: config(120) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const id = idOf(req.params.id);
      if (!id) throw notFound();
      const sent = Number(req.query.inviati);
      const notice =
        sent > 0
          ? {
              kind: 'ok' as const,
              text: sent === 1 ? 'File inviato allo studio.' : `${sent} file inviati allo studio.`,
            }
          : req.query.nota === '1'
            ? { kind: 'ok' as const, text: 'Nota inviata allo studio.' }
            : null;
      return showRequest(reply, ctx, id, 200, {}, notice);
    },
  );

  scope.post<{ Params: { id: string; item: string } }>(
    `${PORTAL_PATH}/richieste/:id/voci/:item/file`,
    { config: config(30) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const id = idOf(req.params.id);
      const item = idOf(req.params.item);
      if (!id || !item) throw notFound();
      try {
        const files = await readFiles(req);
        const n = await uploadToItem(deps, who(ctx), id, item, files);
        return reply.header('Cache-Control', 'no-store').redirect(`${PORTAL_PATH}/richieste/${id}?inviati=${n}`, 303);
      } catch (e) {
        if (!(e instanceof HttpError) || e.status === 404) throw e;
        return showRequest(reply, ctx, id, e.status, { itemId: item, file: e.message });
      }
    },
  );

  scope.post<{ Params: { id: string; item: string } }>(
    `${PORTAL_PATH}/richieste/:id/voci/:item/mancante`,
    { config: config(30) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const id = idOf(req.params.id);
      const item = idOf(req.params.item);
      if (!id || !item) throw notFound();
      try {
        await markMissing(deps, who(ctx), id, item, formOf(req).note);
        return reply.header('Cache-Control', 'no-store').redirect(`${PORTAL_PATH}/richieste/${id}?nota=1`, 303);
      } catch (e) {
        if (!(e instanceof HttpError) || e.status === 404) throw e;
        return showRequest(reply, ctx, id, e.status, { itemId: item, note: e.message });
      }
    },
  );

  scope.post(`${PORTAL_PATH}/caricamenti`, { config: config(120), bodyLimit: 4096 }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    // a refusal is answered by the application's error handler: { message } with its status
    const body: unknown = req.body;
    const start = body && typeof body === 'object' ? body : {};
    return reply.status(201).send(
      await startUpload(deps, who(ctx), {
        item: 'item' in start ? start.item : undefined,
        name: 'name' in start ? start.name : undefined,
        size: 'size' in start ? start.size : undefined,
      }),
    );
  });

  scope.get<{ Params: { id: string } }>(
    `${PORTAL_PATH}/caricamenti/:id`,
    { config: config(120) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      return uploadState(deps, who(ctx), req.params.id);
    },
  );

  // a chunk every half megabyte: 20 MB is 40 requests; a bad connection retries
  scope.put<{ Params: { id: string } }>(
    `${PORTAL_PATH}/caricamenti/:id`,
    { config: config(600) },
    async (req, reply) => {
      const ctx = await portalCtx(deps, req, reply);
      if (!ctx) return reply;
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const offset = Number(req.headers['x-upload-offset']);
      const r = await putChunk(deps, who(ctx), req.params.id, offset, body);
      return reply.status('conflict' in r ? 409 : 200).send(r);
    },
  );

  scope.get<{ Params: { id: string } }>(`${PORTAL_PATH}/file/:id`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const id = idOf(req.params.id);
    if (!id) throw notFound();
    const f = await areaFile(deps, who(ctx), id);
    return reply
      .header('Content-Disposition', attachment(f.name))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .type(f.type)
      .send(f.body);
  });
}

/** The files of the upload form (the fields apart), within the area's limits; Italian messages. */
async function readFiles(req: FastifyRequest): Promise<Array<{ name: string; bytes: Buffer }>> {
  const { files } = await fileParts(req, {
    maxBytes: UPLOAD_FILE_MAX_BYTES,
    files: UPLOAD_FILES_PER_ITEM,
    fields: 5,
    fieldSize: 2000,
    tooLarge: M.fileTooLarge,
    tooMany: M.tooManyFiles,
    notMultipart: { status: 415, message: M.noFile, field: 'file' },
    badParts: { status: 400, message: M.noFile, field: 'file' },
  });
  return files;
}
