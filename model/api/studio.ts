/**
 * The requests and answers of the studio's collaborators (server/areas/studio/collaboratorRoutes.ts:
 * C23–C25): one source for the server's schemas and the app's types (imported as types only by the app).
 */
import { z } from 'zod';

/** C23: a collaborator of the studio, as its select lists it. */
export const CollaboratorOption = z.looseObject({ id: z.number(), name: z.string() });
export type CollaboratorOption = z.infer<typeof CollaboratorOption>;

/** C24 GET /api/parents_has_children: the customers (a JSON list) and the relation asked (checked by the route). */
export const CollaboratorLinksQuery = z.looseObject({
  parents_id: z.string(),
  pivot_table: z.string(),
  parent_col_name: z.string(),
  child_col_name: z.string(),
});
export type CollaboratorLinksQuery = z.infer<typeof CollaboratorLinksQuery>;

/** C24's answer: for each collaborator linked to some of the customers, the customers linked. */
export const CollaboratorLinks = z.record(z.string(), z.array(z.number()));
export type CollaboratorLinks = z.infer<typeof CollaboratorLinks>;

/** C25 POST /api/parents_has_children: the collaborator (at most one selected) of the customers on a relation. */
export const CollaboratorAssignInput = z.looseObject({
  parent_ids: z.union([z.array(z.union([z.number(), z.string()])), z.string()]),
  parent_model_name: z.string(),
  child_model_name: z.string(),
  relation_name: z.string(),
  children: z.array(
    z.looseObject({ id: z.union([z.number(), z.string()]), selected: z.union([z.boolean(), z.number()]) }),
  ),
});
export type CollaboratorAssignInput = z.infer<typeof CollaboratorAssignInput>;

/** C25's answer: how many customers changed. */
export const CollaboratorsAssigned = z.object({ updated: z.number() });
export type CollaboratorsAssigned = z.infer<typeof CollaboratorsAssigned>;
