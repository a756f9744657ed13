/**
 * The files of records (seed B §3, §7: C75–C79), for every model that declares `attachments`
 * (a Word template's .docx): list by owner, multipart upload, delete by ids, download, and the
 * description and note of one file. A file is recognised by its content (a renamed .exe is
 * refused), limited in size and count, stored under a key the server makes (server/storage), and
 * served with its original name. A file 'marked for deletion' (C79) goes when its record is saved.
 */
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import type { FileKind, ModelDef } from '../../../model/define.js';
import { MODELS, modelByName } from '../../../model/registry.js';
import { can } from '../../auth/context.js';
import type { Ctx } from '../../auth/context.js';
import { getRecord, parseIds } from '../../records/crud.js';
import type { Exec, Row } from '../../records/exec.js';
import { attachmentRows } from './queries.js';
import {
  AttachmentMetaInput,
  AttachmentRow,
  AttachmentsDeleted,
  attachmentDeleteQuery,
  attachmentListQuery,
} from '../../../model/api/attachments.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { hooksOf } from '../../models/index.js';
import { kindOf, kindsMessage } from '../../storage/kinds.js';
import { FILE_KINDS, fileTooLargeMessage, megabytes, tooManyFilesMessage } from '../../../model/fileKinds.js';
import { ERRORS, IdParams, IdsParams } from '../../routes/schemas.js';
import { attachment } from '../../routes/download.js';

const tooMany = (max: number) => new HttpError(422, tooManyFilesMessage(max), { files: [tooManyFilesMessage(max)] });

/** A file name as the user's computer may show it: no path, no control characters, at most 255 characters. */
export function sanitizeFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  if (!clean) return 'file';
  if (clean.length <= 255) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 255 - ext.length) + ext;
}

/** The owner record, visible to the caller (another studio's: 404), and the right to `verb` on it. */
async function owner(exec: Exec, ctx: Ctx, model: ModelDef, rawId: unknown, verb: 'view' | 'update'): Promise<Row> {
  const row = await getRecord(exec, ctx, model, rawId);
  if (!can(ctx, model, verb, Number(row.id))) throw forbidden();
  return row;
}

/** An attachment with its owner's model, checked as `owner` does. */
async function attachmentOf(exec: Exec, ctx: Ctx, rawId: string, verb: 'view' | 'update') {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isInteger(id)) throw notFound();
  const a = await attachmentRows(exec).byId(id);
  const model = a ? modelByName.get(String(a.owner_model)) : undefined;
  if (!a || !model?.attachments) throw notFound();
  await owner(exec, ctx, model, a.owner_id, verb);
  return { row: a, model };
}

interface Upload {
  filename: string;
  bytes: Buffer;
}

/** The files and fields of a multipart upload, within the model's limits of size and count. */
async function readUpload(
  req: FastifyRequest,
  model: ModelDef,
): Promise<{ files: Upload[]; fields: Record<string, string> }> {
  const { maxBytes, maxFiles } = model.attachments!;
  const files: Upload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: maxFiles, fields: 20, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length) files.push({ filename: sanitizeFilename(part.filename ?? ''), bytes });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, fileTooLargeMessage(maxBytes));
    if (code === 'FST_FILES_LIMIT') throw tooMany(maxFiles);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'Invia i file come multipart/form-data');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, 'Richiesta non valida');
    throw e;
  }
  return { files, fields };
}

export async function attachmentRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;
  const models = MODELS.filter((m) => m.attachments);
  const largest = Math.max(1, ...models.map((m) => m.attachments!.maxBytes));
  await api.register(multipart, { limits: { fileSize: largest, files: 10, fields: 20, parts: 40 } });
  const tags = ['Allegati'];

  for (const m of models) {
    const a = m.attachments!;
    // C75
    api.get(
      `/${a.route}`,
      {
        schema: {
          tags,
          summary: `C75 Allegati di un elemento (${m.label})`,
          querystring: attachmentListQuery(a.ownerColumn, m.label),
          response: { 200: z.object({ data: z.array(AttachmentRow) }), ...ERRORS },
        },
      },
      async (req) => {
        const ownerId = req.query[a.ownerColumn];
        if (ownerId === undefined || ownerId === '')
          throw new HttpError(422, MSG.validation, { [a.ownerColumn]: ['Campo Obbligatorio'] });
        const row = await owner(exec, req.ctx, m, ownerId, 'view');
        const data = await attachmentRows(exec).ofOwner(m, Number(row.id));
        return { data };
      },
    );

    // C76: multipart, files[] and the owner column
    api.post(
      `/${a.route}`,
      {
        schema: {
          tags,
          summary: `C76 Carica allegati (multipart: files[], ${a.ownerColumn}; ${a.kinds.join(', ')}; al più ${a.maxFiles}, ${megabytes(a.maxBytes)} l'uno)`,
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: z.array(AttachmentRow) }), ...ERRORS },
        },
      },
      async (req, reply) => {
        const { files, fields } = await readUpload(req, m);
        const row = await owner(exec, req.ctx, m, fields[a.ownerColumn], 'update');
        if (!files.length) throw new HttpError(422, MSG.validation, { files: ['Scegli un file da caricare'] });
        const kinds: FileKind[] = [];
        for (const f of files) {
          const kind = await kindOf(f.bytes, a.kinds);
          if (!kind)
            throw new HttpError(422, kindsMessage(a.kinds), { files: [`${f.filename}: ${kindsMessage(a.kinds)}`] });
          await hooksOf(m).checkAttachment?.({ model: m, kind, bytes: f.bytes, filename: f.filename });
          kinds.push(kind);
        }
        const ownerId = Number(row.id);
        const studioId = m.scope === 'studio' ? Number(row.studio_id) : m.scope === 'tenant' ? ownerId : null;
        const keys: string[] = [];
        try {
          for (const f of files) keys.push(await deps.storage.put(f.bytes, m.table));
          const data = await deps.tx(async (tx) => {
            const rows = attachmentRows(tx);
            if ((await rows.keptCountLocked(m, ownerId)) + files.length > a.maxFiles) throw tooMany(a.maxFiles);
            const out: AttachmentRow[] = [];
            for (const [i, f] of files.entries()) {
              out.push(
                await rows.insert(m, {
                  ownerId,
                  studioId,
                  filename: f.filename,
                  contentType: FILE_KINDS[kinds[i]!].mime,
                  size: f.bytes.length,
                  storagePath: keys[i]!,
                  createdBy: req.ctx.userId,
                }),
              );
            }
            return out;
          });
          return reply.code(201).send({ data });
        } catch (e) {
          await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
          throw e;
        }
      },
    );

    // C77: by ids (column=id, the default) or every file of owners (column={ownerColumn})
    api.delete(
      `/${a.route}/:ids`,
      {
        schema: {
          tags,
          summary: `C77 Elimina allegati (${m.label})`,
          params: IdsParams,
          querystring: attachmentDeleteQuery(a.ownerColumn),
          response: { 200: z.object({ data: AttachmentsDeleted }), ...ERRORS },
        },
      },
      async (req) => {
        const ids = parseIds(req.params.ids);
        const column = req.query.column ?? 'id';
        if (column !== 'id' && column !== a.ownerColumn)
          throw new HttpError(422, MSG.validation, { column: [`Valori ammessi: id, ${a.ownerColumn}`] });
        const removed = await deps.tx(async (tx) => {
          const rows = await attachmentRows(tx).lockForDelete(m, ids, column === 'id' ? 'id' : 'owner');
          if (column === 'id' && rows.length !== new Set(ids).size) throw notFound();
          for (const ownerId of new Set(column === 'id' ? rows.map((r) => Number(r.owner_id)) : ids))
            await owner(tx, req.ctx, m, ownerId, 'update');
          if (!rows.length) return [];
          return attachmentRows(tx).delete(rows.map((r) => Number(r.id)));
        });
        await Promise.all(
          removed.map((r) =>
            deps.storage
              .remove(String(r.storage_path))
              .catch((err) => req.log.warn({ err }, 'stored file not removed (the sweep will)')),
          ),
        );
        return { data: { deleted: removed.length } };
      },
    );
  }

  // C78
  api.get(
    '/allegato_download/:id',
    {
      schema: {
        tags,
        summary: 'C78 Scarica un allegato (col suo nome originale)',
        params: IdParams,
        response: { 200: z.any().describe('il file'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { row } = await attachmentOf(exec, req.ctx, req.params.id, 'view');
      let bytes: Buffer;
      try {
        bytes = await deps.storage.get(String(row.storage_path));
      } catch {
        throw new HttpError(404, 'Il file non è più disponibile');
      }
      return reply
        .header('Content-Disposition', attachment(String(row.original_filename)))
        .header('X-Content-Type-Options', 'nosniff')
        .type(String(row.content_type))
        .send(bytes);
    },
  );

  // C79
  api.put(
    '/allegato/:id',
    {
      schema: {
        tags,
        summary: 'C79 Descrizione, nota (e segno di eliminazione) di un allegato',
        params: IdParams,
        body: AttachmentMetaInput,
        response: { 200: z.object({ data: AttachmentRow }), ...ERRORS },
      },
    },
    async (req) => {
      const body = req.body ?? {};
      const errors: Record<string, string[]> = {};
      for (const f of ['descrizione', 'nota'] as const) {
        if (typeof body[f] === 'string' && body[f]!.length > 255) errors[f] = ['Massimo 255 caratteri'];
      }
      if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
      const mark =
        body.marked_for_deletion === undefined
          ? undefined
          : [true, 1, '1', 'true'].includes(body.marked_for_deletion as never);
      return deps.tx(async (tx) => {
        const { row } = await attachmentOf(tx, req.ctx, req.params.id, 'update');
        const data = await attachmentRows(tx).update(Number(row.id), {
          descrizione: 'descrizione' in body ? body.descrizione?.trim() || null : undefined,
          nota: 'nota' in body ? body.nota?.trim() || null : undefined,
          marked: mark,
        });
        return { data };
      });
    },
  );
}
