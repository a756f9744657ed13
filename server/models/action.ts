/**
 * The slot of a model's named actions (issue 26 item 2): one entry each — name, method, zod input,
 * answer and handler — beside the model's hooks; the registry is server/models/actions.ts, the
 * engine mounts them (server/records/actionRoutes.ts).
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../auth/context.js';
import type { AppDeps } from '../deps.js';
import { sendDownload, type Download } from '../routes/download.js';

export interface ActionArgs<Q, B> {
  deps: AppDeps;
  ctx: Ctx;
  /** the `:id` of the path, as given (the service reads the record with the caller's scope) */
  id: string;
  query: Q;
  body: B;
  reply: FastifyReply;
}

export interface ModelAction<Q = unknown, B = unknown> {
  /** GET reads (a check, a file); POST changes or sends; PUT sets a state to the value given (idempotent) */
  method: 'GET' | 'POST' | 'PUT';
  /** the path's first segment when the seeds name it otherwise than the model's snake name */
  base?: string;
  /** the reference's group (default: the model's label) */
  tags?: string[];
  summary: string;
  description?: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** the answers by status, besides the common errors */
  response: Record<number, z.ZodType>;
  /** the work: sends its answer on `reply` (a body, a file, with its status) */
  handler(args: ActionArgs<Q, B>): Promise<FastifyReply>;
}

/** One action, its handler typed by its own query and body schemas. */
export const defineAction = <Q = undefined, B = undefined>(a: ModelAction<Q, B>): ModelAction => a as ModelAction;

/**
 * A GET action whose answer is a file to download (a PDF, an XML): `file` makes it for the record of
 * the path's `:id` (the service reads it with the caller's scope); `content` describes it in the reference.
 */
export function fileAction(a: {
  base?: string;
  tags?: string[];
  summary: string;
  description?: string;
  content: z.ZodType;
  file(args: ActionArgs<undefined, undefined>): Promise<Download>;
}): ModelAction {
  const { content, file, ...rest } = a;
  return defineAction({
    ...rest,
    method: 'GET',
    response: { 200: content },
    async handler(args) {
      return sendDownload(args.reply, await file(args));
    },
  });
}
