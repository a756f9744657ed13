/**
 * The customers' collaborators (C24, C25).
 */
import { apiFetch } from '../api/client';
import type {
  CollaboratorAssignInput,
  CollaboratorLinks,
  CollaboratorLinksQuery,
  CollaboratorsAssigned,
} from '../../model/api/studio';

export const studioCalls = {
  /** C24: for each collaborator linked to some of the customers on a relation, the customers linked. */
  async collaboratorLinks(
    customerIds: Array<string | number>,
    column: 'collaborator_accounting_id' | 'collaborator_studio_jobs_id',
  ) {
    const qs = new URLSearchParams({
      parents_id: JSON.stringify(customerIds.map(Number)),
      pivot_table: 'customers',
      parent_col_name: 'id',
      child_col_name: column,
    } satisfies CollaboratorLinksQuery);
    return (await apiFetch<{ data: CollaboratorLinks }>(`/api/parents_has_children?${qs}`)).data;
  },
  /** C25: the collaborator (or none) of the customers on a relation. */
  async assignCollaborator(
    customerIds: Array<string | number>,
    relation: 'collaborator_accounting' | 'collaborator_studio_jobs',
    children: Array<{ id: number; selected: boolean }>,
  ) {
    return (
      await apiFetch<{ data: CollaboratorsAssigned }>('/api/parents_has_children', {
        method: 'POST',
        json: {
          parent_ids: customerIds.map(Number),
          parent_model_name: 'Customer',
          child_model_name: 'User',
          relation_name: relation,
          children,
        } satisfies CollaboratorAssignInput,
      })
    ).data;
  },
};
