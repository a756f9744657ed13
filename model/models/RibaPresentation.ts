import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** How the bank credits a RiBa presentation: at once, subject to collection, or after each receipt is paid. */
export const RIBA_KINDS = [
  { value: 'sbf', text: 'Salvo buon fine' },
  { value: 'dopo_incasso', text: 'Al dopo incasso' },
] as const;

/** Where a presentation is: presented to the bank → closed (no receipt left presented) | cancelled. */
export const RIBA_PRESENTATION_STATUSES = [
  { value: 'presented', text: 'Presentata' },
  { value: 'closed', text: 'Chiusa' },
  { value: 'cancelled', text: 'Annullata' },
] as const;

/**
 * A RiBa presentation (issue 47 item 5): the receipts of a due range's open charges of the customers
 * who pay by RiBa, one CBI file (IB … EF) kept as written; made by 'Presenta RiBa', its receipts
 * credited, unpaid (insoluti) or the whole cancelled by its actions
 * (server/models/RibaPresentationActions.ts). Read here over the area's own table
 * (`riba_presentations`, server/areas/collections/tables.ts).
 */
export const RibaPresentation = defineModel({
  name: 'RibaPresentation',
  table: 'riba_presentations',
  resource: 'riba_presentations',
  snake: 'riba_presentation',
  label: 'Presentazione RiBa',
  plural: 'Presentazioni RiBa',
  softDelete: false,
  areaTable: { created: 'created_at', updated: null },
  fields: {
    support_name: f.text('Supporto', { max: 20, readOnly: true, searchable: true }),
    kind: f.choice('Accredito', { choices: [...RIBA_KINDS], readOnly: true, filterable: true }),
    due_from: f.date('Scadenze dal', { readOnly: true, filterable: true }),
    due_to: f.date('Scadenze al', { readOnly: true, filterable: true }),
    receipts: f.integer('Ricevute', { readOnly: true, filterable: true }),
    total: f.money('Totale', { readOnly: true, filterable: true }),
    status: f.choice('Stato', { choices: [...RIBA_PRESENTATION_STATUSES], readOnly: true, filterable: true }),
    bank_account_id: f.relation('Conto', 'BankAccount', { readOnly: true, filterable: true }),
    created_by_name: f.text('Creata da', { readOnly: true, searchable: true }),
    cancelled_at: f.datetime('Annullata il', { readOnly: true, filterable: true }),
    cancelled_by_name: f.text('Annullata da', { readOnly: true, searchable: true }),
  },
  list: {
    columns: ['support_name', 'kind', 'due_from', 'due_to', 'receipts', 'total', 'status', 'created_by_name'],
    sort: { field: 'due_from', desc: true },
    filters: [
      { kind: 'dateInterval', field: 'due_from', label: 'Scadenze dal' },
      { kind: 'toggle', field: 'status', label: 'Stato', options: [...RIBA_PRESENTATION_STATUSES] },
    ],
    status: {
      field: 'status',
      values: {
        presented: { text: 'Presentata', color: 'info', icon: 'Send' },
        closed: { text: 'Chiusa', color: 'success', icon: 'CheckCircle' },
        cancelled: { text: 'Annullata', color: 'default', icon: 'Block' },
      },
    },
  },
  labelFields: ['support_name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy:
    "'Presenta RiBa' (POST /api/riba/presentations); insoluti, accredito e annullamento con le azioni di POST /api/riba_presentation/{id}/actions/…",
  madeIn: { title: 'Presenta RiBa', path: '/presenta_riba' },
  readOnly: true,
});
