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
