import type { FastifyReply } from 'fastify';

/** Content-Disposition of a download, with the UTF-8 name for the browsers that read it. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A file to download: the name it is saved under, its content type and its content (bytes, text or a stream). */
export interface Download {
  name: string;
  type: string;
  body: unknown;
}

/** Answers with a file to download (`attachment`: the browser saves it under its name). */
export const sendDownload = (reply: FastifyReply, file: Download) =>
  reply.header('Content-Disposition', attachment(file.name)).type(file.type).send(file.body);
