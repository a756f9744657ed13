import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** The fixed catalogue of job types (seed B §3, C41), the same for every studio. */
export const STUDIO_JOB_TYPES = [
  { cod: 'DICH', description: 'Dichiarativi' },
  { cod: 'BIL', description: 'Bilancio' },
  { cod: 'CONT', description: 'Contabilità' },
  { cod: 'F24', description: 'Versamenti e F24' },
  { cod: 'PAGHE', description: 'Paghe' },
  { cod: 'ALTRO', description: 'Altro' },
] as const;

export const StudioJobType = defineModel({
  name: 'StudioJobType',
  table: 'studio_job_types',
  resource: 'studio-job-types',
  snake: 'studio_job_type',
  label: 'Tipo di adempimento',
  plural: 'Tipi di adempimento',
  scope: 'global',
  softDelete: false,
  fields: {
    cod: f.text('Codice', { required: true, max: 20, unique: true, searchable: true }),
    description: f.text('Descrizione', { required: true, max: 255, searchable: true }),
  },
  list: { columns: ['cod', 'description'], sort: { field: 'description' } },
  labelFields: ['description'],
  access: { read: 'Collaboratore', write: 'SuperAdmin' },
});
