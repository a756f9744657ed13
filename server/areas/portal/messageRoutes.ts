/**
 * The studio's calls of the customers' messages (issue 50 item 5): the threads (unread first), the
 * count of unread ones (the home page), a customer's thread (read by the studio when opened) and a
 * new message of the studio (JSON, or multipart with files).
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Api, AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { ERRORS } from '../../routes/schemas.js';
import { atLeast } from '../../../model/define.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { fileParts } from '../../routes/upload.js';
import { MESSAGE_FILES_MAX, MESSAGE_MESSAGES, REQUEST_MESSAGES, UPLOAD_FILE_MAX_BYTES } from '../../../model/portal.js';
import { PortalThread, ThreadQuery, ThreadSummary } from '../../../model/api/portalMessages.js';
import { markRead, postMessage, threadList, threadOf, unreadIn, unreadThreads } from './messages.js';
import { portalCustomer } from './queries.js';

function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

async function thread(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<PortalThread> {
  allow(ctx);
  const customer = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!customer) throw notFound();
  const unread = await unreadIn(deps.exec, ctx.studioId, customer.id, 'studio');
  const messages = await threadOf(deps.exec, ctx.studioId, customer.id);
  await markRead(deps.exec, ctx.studioId, customer.id, 'studio');
  return { customer_id: customer.id, messages, unread };
}

/** A message's text and files: JSON `{ body }`, or multipart (field `body`, files `file`). */
async function messageInput(
  req: FastifyRequest,
): Promise<{ body: unknown; files: Array<{ name: string; bytes: Buffer }> }> {
  if (!req.isMultipart()) {
    const json: unknown = req.body;
    return { body: json && typeof json === 'object' && 'body' in json ? json.body : undefined, files: [] };
  }
  const { files, fields, cut } = await fileParts(req, {
    maxBytes: UPLOAD_FILE_MAX_BYTES,
    files: MESSAGE_FILES_MAX,
    fields: 3,
    fieldSize: 20_000,
    tooLarge: REQUEST_MESSAGES.fileTooLarge,
    tooMany: MESSAGE_MESSAGES.tooManyFiles,
    notMultipart: { status: 400, message: 'Richiesta non valida' },
    badParts: { status: 400, message: 'Richiesta non valida' },
  });
  if (cut.has('body')) throw new HttpError(422, MESSAGE_MESSAGES.tooLong, { body: [MESSAGE_MESSAGES.tooLong] });
  return { body: fields.body ?? '', files };
}

export async function portalMessageRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Area clienti'];

  api.get(
    '/portal/threads',
    {
      schema: {
        tags,
        summary: "I messaggi dei clienti nell'area clienti: una conversazione per cliente, le non lette prima",
        querystring: ThreadQuery,
        response: { 200: z.object({ data: z.array(ThreadSummary), total: z.number().int() }), ...ERRORS },
      },
    },
    async (req) => {
      allow(req.ctx);
      const perPage = req.query.per_page ?? 25;
      return threadList(deps.exec, req.ctx.studioId, {
        unread: req.query.unread === '1' || req.query.unread === 'true',
        search: req.query.search?.trim() || null,
        limit: perPage,
        offset: ((req.query.page ?? 1) - 1) * perPage,
      });
    },
  );

  api.get(
    '/portal/threads/unread',
    {
      schema: {
        tags,
        summary: 'Quante conversazioni hanno messaggi dei clienti non letti (la pagina iniziale)',
        response: { 200: z.object({ data: z.object({ threads: z.number().int() }) }), ...ERRORS },
      },
    },
    async (req) => {
      allow(req.ctx);
      return { data: { threads: await unreadThreads(deps.exec, req.ctx.studioId) } };
    },
  );

  api.get(
    '/customer/:id/portal/messages',
    {
      schema: {
        tags,
        summary: 'La conversazione con il cliente (gli ultimi 200 messaggi), letta dallo studio da questo momento',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ data: PortalThread }), ...ERRORS },
      },
    },
    async (req) => ({ data: await thread(deps, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/portal/messages',
    {
      schema: {
        tags,
        summary:
          "Un messaggio dello studio al cliente (JSON { body }, o multipart con il campo body e fino a 5 file): le persone del cliente nell'area sono avvisate per e-mail, senza il testo",
        params: z.object({ id: z.string() }),
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: z.object({ data: PortalThread }), ...ERRORS },
      },
    },
    async (req, reply) => {
      allow(req.ctx);
      const customer = await portalCustomer(deps.exec, req.ctx.studioId, pathId(req.params.id));
      if (!customer) throw notFound();
      const input = await messageInput(req);
      await postMessage(deps, {
        studioId: req.ctx.studioId,
        customerId: customer.id,
        side: 'studio',
        personId: null,
        userId: req.ctx.userId,
        authorName: req.ctx.name,
        body: input.body,
        files: input.files,
      });
      return reply.code(201).send({ data: await thread(deps, req.ctx, req.params.id) });
    },
  );
}
