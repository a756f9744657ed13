/**
 * The studio's calls of the customers' own area (issue 50 item 1): the people of a customer's area,
 * their invitation, the revocation of an access and the end of a person's sessions. The area's own
 * pages are server/areas/portal/pageRoutes.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { PortalInviteInput, PortalInviteResult, PortalPeople } from '../../../model/api/portal.js';
import { customerPortal, endPortalSessions, inviteToPortal, revokePortalAccess } from './service.js';

const CustomerParams = z.object({ id: z.string() });
const AccessParams = z.object({ id: z.string(), accessId: z.string() });

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
}
