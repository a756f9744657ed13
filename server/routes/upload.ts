/**
 * One file uploaded as multipart/form-data (the customer import, a bank statement): read whole up
 * to its limit, its name made safe, the form's text fields beside it; the multipart plugin's
 * errors said in Italian (413 too large, 415 not multipart, 400 more than one file).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

export interface UploadLimits {
  /** the largest file, in bytes */
  maxBytes: number;
  /** the message of a file over `maxBytes` */
  tooLarge: string;
  /** the message of a form without a file */
  noFile: string;
  /** the file's name when it has none */
  defaultName: string;
  /** at most this many text fields, each at most `fieldSize` bytes */
  fields: number;
  fieldSize: number;
}

export async function oneUpload(
  req: FastifyRequest,
  o: UploadLimits,
): Promise<{ file: { name: string; bytes: Buffer }; fields: Record<string, string> }> {
  let file: { name: string; bytes: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: o.maxBytes, files: 1, fields: o.fields, fieldSize: o.fieldSize },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, o.tooLarge, { file: [o.tooLarge] });
        file = {
          name: (part.filename ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200) || o.defaultName,
          bytes,
        };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, o.tooLarge, { file: [o.tooLarge] });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'Invia il file come multipart/form-data');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'Carica un solo file per volta');
    throw e;
  }
  if (!file) throw new HttpError(422, o.noFile, { file: [o.noFile] });
  return { file, fields };
}

/** A refusal of a multipart form: its status, message and the field it is about. */
export interface PartsRefusal {
  status: number;
  message: string;
  field?: string;
}

/**
 * Several files and text fields of a multipart/form-data form, each file whole up to its limit
 * (an empty part — a picker left unused — skipped), the fields as text with the names of those cut
 * at `fieldSize` (the caller refuses them rather than keep a part); the plugin's errors said in
 * Italian as the caller words them.
 */
export async function fileParts(
  req: FastifyRequest,
  o: {
    maxBytes: number;
    files: number;
    fields: number;
    fieldSize: number;
    tooLarge: string;
    tooMany: string;
    notMultipart: PartsRefusal;
    badParts: PartsRefusal;
  },
): Promise<{ files: Array<{ name: string; bytes: Buffer }>; fields: Record<string, string>; cut: Set<string> }> {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  const fields: Record<string, string> = {};
  const cut = new Set<string>();
  const refuse = (r: PartsRefusal) =>
    new HttpError(r.status, r.message, r.field ? { [r.field]: [r.message] } : undefined);
  try {
    for await (const part of req.parts({
      limits: { fileSize: o.maxBytes, files: o.files, fields: o.fields, fieldSize: o.fieldSize },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, o.tooLarge, { file: [o.tooLarge] });
        if (bytes.length) files.push({ name: part.filename ?? 'documento', bytes });
      } else {
        if (part.valueTruncated) cut.add(part.fieldname);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, o.tooLarge, { file: [o.tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw new HttpError(422, o.tooMany, { file: [o.tooMany] });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw refuse(o.notMultipart);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse(o.badParts);
    throw e;
  }
  return { files, fields, cut };
}
