import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A compliance job of the studio (adempimento, seed B §3): its type, the legal statuses it
 * applies to and its sub-tasks (Task); each sub-task's status is kept per customer and year
 * (server/areas/jobs/queries.ts) and shown on the jobs dashboard.
 */
export const StudioJob = defineModel({
  name: 'StudioJob',
  table: 'studio_jobs',
  resource: 'studio_jobs',
  snake: 'studio_job',
  label: 'Adempimento',
  plural: 'Adempimenti',
  formRoute: 'scheda_job',
  fields: {
    cod: f.text('Codice', { max: 255, unique: true, searchable: true, filterable: true }),
    name: f.text('Nome', { required: true, max: 255, searchable: true, width: 6 }),
    // the form's option lists are the seed's calls (seed B §7: /api/studio-job-types, /api/legal_statuses, /api/tasks)
    studio_job_type_id: f.relation('Tipo', 'StudioJobType', {
      required: true,
      optionsEndpoint: '/api/studio-job-types',
    }),
    legal_status_ids: f.manyToMany(
      'Forme giuridiche a cui si applica',
      'LegalStatus',
      { table: 'studio_job_legal_statuses', own: 'studio_job_id', other: 'legal_status_id' },
      { optionsEndpoint: '/api/legal_statuses' },
    ),
    task_ids: f.manyToMany(
      'Sotto adempimenti',
      'Task',
      { table: 'studio_job_tasks', own: 'studio_job_id', other: 'task_id' },
      { countAs: 'taskCount', optionsEndpoint: '/api/tasks' },
    ),
    note: f.longtext('Note', { width: 12 }),
  },
  list: {
    columns: ['cod', 'name', 'studio_job_type_id', 'task_ids'],
    sort: { field: 'name' },
    expandField: 'note',
    filters: [
      {
        kind: 'combo',
        field: 'studio_job_type_id',
        label: 'Tipo',
        model: 'StudioJobType',
        collection: 'StudioJobTypeResourceListCollection',
      },
    ],
  },
  labelFields: ['name'],
  // the dashboard's columns: each job with its sub-task count and the legal statuses it applies to,
  // answered by the seed's GET /api/studio_jobs (seed B §7)
  collections: {
    StudioJobDashboardCollection: {
      columns: ['cod', 'name', 'studio_job_type_id', 'task_ids', 'legal_status_ids', 'note'],
    },
  },
  indexCollection: 'StudioJobDashboardCollection',
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
