/**
 * The studio's collaborators (seed A): the select list (C23) and who follows which customers
 * ('Assegna collaboratori', C24/C25).
 */
import type { Api, AppDeps } from '../../deps.js';
import { atLeast } from '../../../model/define.js';
import { forbidden } from '../../errors.js';
import { scoped } from './queries.js';
import { z } from 'zod';
import { ERRORS } from '../../routes/schemas.js';
import {
  CollaboratorAssignInput,
  CollaboratorLinks,
  CollaboratorLinksQuery,
  CollaboratorOption,
  CollaboratorsAssigned,
} from '../../../model/api/studio.js';
import { modelByName } from '../../../model/registry.js';
import { can } from '../../auth/context.js';
import { customerIds } from '../accounts/index.js';
import {
  COLLABORATOR_RELATIONS,
  collaboratorLinks,
  ownCollaborators,
  ownCustomers,
  setCollaborator,
  type CollaboratorColumn,
} from './collaboratorQueries.js';
import { HttpError, notFound } from '../../errors.js';

export async function collaboratorRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;

  // C23: {data: [{id, name}]}, the caller's studio only; any role from Collaboratore up
  api.get(
    '/collaborators',
    {
      schema: {
        tags: ['Anagrafiche'],
        summary: 'C23 Collaboratori dello studio (select)',
        response: { 200: z.object({ data: z.array(CollaboratorOption) }), ...ERRORS },
      },
    },
    async (req) => {
      if (!atLeast(req.ctx.role, 'Collaboratore')) throw forbidden();
      return { data: await scoped(exec, req.ctx).collaborators() };
    },
  );

  // C24, C25: collaborators of the selected customers, on the whitelisted relations only
  const COLUMNS = Object.values(COLLABORATOR_RELATIONS) as string[];
  const mayAssign = (req: { ctx: Parameters<typeof can>[0] }) => {
    if (!can(req.ctx, modelByName.get('Customer')!, 'update')) throw forbidden();
  };
  api.get(
    '/parents_has_children',
    {
      schema: {
        tags: ['Azioni sui clienti'],
        summary: 'C24 Collaboratori collegati ai clienti scelti (per collaboratore: i clienti)',
        querystring: CollaboratorLinksQuery,
        response: { 200: z.object({ data: CollaboratorLinks }), ...ERRORS },
      },
    },
    async (req) => {
      mayAssign(req);
      const q = req.query;
      if (q.pivot_table !== 'customers' || q.parent_col_name !== 'id' || !COLUMNS.includes(q.child_col_name!))
        throw new HttpError(400, 'Relazione non ammessa');
      const ids = customerIds(q.parents_id, 'parents_id');
      if ((await ownCustomers(exec, req.ctx, ids)) !== ids.length) throw notFound();
      return { data: await collaboratorLinks(exec, req.ctx, q.child_col_name as CollaboratorColumn, ids) };
    },
  );
  api.post(
    '/parents_has_children',
    {
      schema: {
        tags: ['Azioni sui clienti'],
        summary: 'C25 Assegna (o toglie) un collaboratore ai clienti scelti',
        body: CollaboratorAssignInput,
        response: { 200: z.object({ data: CollaboratorsAssigned }), ...ERRORS },
      },
    },
    async (req) => {
      mayAssign(req);
      const b = req.body;
      const col = COLLABORATOR_RELATIONS[b.relation_name as keyof typeof COLLABORATOR_RELATIONS];
      if (b.parent_model_name !== 'Customer' || !['User', 'Collaborator'].includes(b.child_model_name) || !col)
        throw new HttpError(400, 'Relazione non ammessa');
      const ids = customerIds(b.parent_ids, 'parent_ids');
      const children = b.children.map((c) => ({ id: Number(c.id), selected: c.selected === true || c.selected === 1 }));
      if (children.some((c) => !Number.isInteger(c.id) || c.id < 1 || c.id > 2_147_483_647)) throw notFound();
      const selected = children.filter((c) => c.selected);
      // a customer has one collaborator per relation: exclusive by nature
      if (selected.length > 1)
        throw new HttpError(422, 'Dati non validi: controlla i campi evidenziati', {
          children: ['Scegli un solo collaboratore: ogni cliente ne ha uno per tipo'],
        });
      if ((await ownCustomers(exec, req.ctx, ids)) !== ids.length) throw notFound();
      if (
        !(await ownCollaborators(
          exec,
          req.ctx,
          children.map((c) => c.id),
        ))
      )
        throw notFound();
      const updated = await deps.tx((t) =>
        setCollaborator(
          t,
          req.ctx,
          col,
          ids,
          selected[0]?.id ?? null,
          children.filter((c) => !c.selected).map((c) => c.id),
        ),
      );
      return { data: { updated } };
    },
  );
}
