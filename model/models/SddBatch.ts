import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { SDD_FORMATS } from './BankAccount.js';

/** Where a batch is: presented to the bank → paid (every debit collected or returned) | cancelled. */
export const SDD_BATCH_STATUSES = [
  { value: 'presented', text: 'Presentata' },
  { value: 'paid', text: 'Pagata' },
  { value: 'cancelled', text: 'Annullata' },
] as const;

/**
 * A batch of SEPA direct debits presented to the bank (a 'distinta': one file in the format of the
 * account it credits, CBI or pain.008; issues 29, 47),
 * made by 'Incassa con SDD' and cancelled by its action `cancel`; its file is the action `file`
 * (server/models/SddBatchActions.ts). Read here over the area's own table (`sdd_batches`,
 * server/areas/collections/tables.ts), whose debits are the area's.
 */
export const SddBatch = defineModel({
  name: 'SddBatch',
  table: 'sdd_batches',
  resource: 'sdd_batches',
  snake: 'sdd_batch',
  label: 'Distinta SDD',
  plural: 'Distinte SDD',
  softDelete: false,
  areaTable: { created: 'created_at', updated: null },
  fields: {
    collection_date: f.date('Data di addebito', { readOnly: true, filterable: true }),
    message_id: f.text('Identificativo', { max: 35, readOnly: true, searchable: true }),
    due_from: f.date('Scadenze dal', { readOnly: true, filterable: true }),
    due_to: f.date('Scadenze al', { readOnly: true, filterable: true }),
    debits: f.integer('Addebiti', { readOnly: true, filterable: true }),
    total: f.money('Totale', { readOnly: true, filterable: true }),
    status: f.choice('Stato', { choices: [...SDD_BATCH_STATUSES], readOnly: true, filterable: true }),
    format: f.choice('Formato', { choices: [...SDD_FORMATS], readOnly: true, filterable: true }),
    bank_account_id: f.relation('Conto accreditato', 'BankAccount', { readOnly: true, filterable: true }),
    created_by_name: f.text('Creata da', { readOnly: true, searchable: true }),
    cancelled_at: f.datetime('Annullata il', { readOnly: true, filterable: true }),
    cancelled_by_name: f.text('Annullata da', { readOnly: true, searchable: true }),
  },
  list: {
    columns: ['collection_date', 'message_id', 'due_from', 'due_to', 'debits', 'total', 'status', 'created_by_name'],
    sort: { field: 'collection_date', desc: true },
    filters: [
      { kind: 'dateInterval', field: 'collection_date', label: 'Data di addebito' },
      { kind: 'toggle', field: 'status', label: 'Stato', options: [...SDD_BATCH_STATUSES] },
    ],
    status: {
      field: 'status',
      values: {
        presented: { text: 'Presentata', color: 'info', icon: 'Send' },
        paid: { text: 'Pagata', color: 'success', icon: 'CheckCircle' },
        cancelled: { text: 'Annullata', color: 'default', icon: 'Block' },
      },
    },
  },
  labelFields: ['message_id'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy: "'Incassa con SDD' (POST /api/sdd/batches) e si annullano con POST /api/sdd_batch/{id}/actions/cancel",
  madeIn: { title: 'Incassa con SDD', path: '/incassa_sdd' },
  readOnly: true,
});
