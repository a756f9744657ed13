/**
 * The studio's calls of the customers' own area (issue 50 item 1): the people of a customer's area,
 * their invitation, the revocation of an access and the end of a person's sessions. The area's own
 * pages are server/areas/portal/pageRoutes.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import type { FastifyRequest } from 'fastify';
import { fileParts } from '../../routes/upload.js';
import { PortalInviteInput, PortalInviteResult, PortalPeople, SharedFile } from '../../../model/api/portal.js';
import { REQUEST_MESSAGES as M, UPLOAD_FILE_MAX_BYTES } from '../../../model/portal.js';
import { customerPortal, endPortalSessions, inviteToPortal, revokePortalAccess } from './service.js';
import { shareFiles, sharedFiles, unshareFile } from './shared.js';

/** The files of a multipart upload (field `file`), at most 10 of 20 MB. */
async function uploadedFiles(req: FastifyRequest) {
  const { files } = await fileParts(req, {
    maxBytes: UPLOAD_FILE_MAX_BYTES,
    files: 10,
    fields: 5,
    fieldSize: 1000,
    tooLarge: M.fileTooLarge,
    tooMany: 'Al massimo 10 file per volta',
    notMultipart: { status: 415, message: 'Invia i file come multipart/form-data' },
    badParts: { status: 400, message: 'Richiesta non valida' },
  });
  return files;
}

const CustomerParams = z.object({ id: z.string() });
const AccessParams = z.object({ id: z.string(), accessId: z.string() });
const FileParams = z.object({ id: z.string(), fileId: z.string() });

export async function portalRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Area clienti'];

  api.get(
    '/customer/:id/portal',
    {
      schema: {
        tags,
        summary:
          "Le persone del cliente nell'area clienti: invitate, attive (ultimo accesso, sessioni aperte), revocate",
        params: CustomerParams,
        response: { 200: z.object({ data: PortalPeople }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerPortal(deps, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/portal/invite',
    {
      schema: {
        tags,
        summary:
          "Invita all'area clienti uno o più indirizzi e-mail delle persone del cliente: a ciascuno un link di accesso valido 7 giorni, per un solo accesso (dalla posta in uscita dello studio); tutto o niente",
        params: CustomerParams,
        body: PortalInviteInput,
        response: { 201: PortalInviteResult, ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send(await inviteToPortal(deps, req.ctx, req.params.id, req.body)),
  );

  api.post(
    '/customer/:id/portal/access/:accessId/revoke',
    {
      schema: {
        tags,
        summary: "Revoca l'accesso di una persona all'area clienti del cliente: le sue sessioni finiscono subito",
        params: AccessParams,
        response: { 200: z.object({ data: PortalPeople }), ...ERRORS },
      },
    },
    async (req) => ({ data: await revokePortalAccess(deps, req.ctx, req.params.id, req.params.accessId) }),
  );

  api.post(
    '/customer/:id/portal/access/:accessId/sessions/end',
    {
      schema: {
        tags,
        summary: "Chiude le sessioni aperte di una persona nell'area clienti del cliente (potrà accedere di nuovo)",
        params: AccessParams,
        response: { 200: z.object({ data: PortalPeople }), ...ERRORS },
      },
    },
    async (req) => ({ data: await endPortalSessions(deps, req.ctx, req.params.id, req.params.accessId) }),
  );

  api.get(
    '/customer/:id/portal/files',
    {
      schema: {
        tags,
        summary: "I file condivisi con il cliente nell'area clienti, con la prima apertura da parte del cliente",
        params: CustomerParams,
        response: { 200: z.object({ data: z.array(SharedFile) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await sharedFiles(deps, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/portal/files',
    {
      schema: {
        tags,
        summary:
          "Condivide file con il cliente nell'area clienti (multipart, campo file, fino a 10 file di 20 MB: PDF, immagini, Word, Excel), controllati per contenuto e dall'antivirus; tutto o niente",
        params: CustomerParams,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: z.array(SharedFile) }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await shareFiles(deps, req.ctx, req.params.id, await uploadedFiles(req)) }),
  );

  api.delete(
    '/customer/:id/portal/files/:fileId',
    {
      schema: {
        tags,
        summary: "Toglie un file condiviso dall'area clienti del cliente",
        params: FileParams,
        response: { 200: z.object({ data: z.array(SharedFile) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await unshareFile(deps, req.ctx, req.params.id, req.params.fileId) }),
  );
}
